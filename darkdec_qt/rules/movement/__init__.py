"""10.0-12.0 movement: costs and paths, reinforcements (10.6), exits (10.7), withdrawals (10.8),
restricted units (10.9) and stacking (11.0)."""

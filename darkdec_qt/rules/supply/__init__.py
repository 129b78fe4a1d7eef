"""8.0 supply: determination, isolation, surrender (8.6) and fuel (8.7)."""

"""The docks and bars around the map: log, order of battle, arrivals and set-up,
replacements, charts, replay, victory status and the phase bar."""

"""The engine's core: records, commands and events, the game state and ``apply`` (the only
function that changes it), dice, the registry of checkers, the phases (7.0), the precomputed
tables, zones of control (12.0), optional rules and variants. Imports no chapter."""

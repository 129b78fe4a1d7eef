"""13.0 combat: declaration, strengths, the CRT, terrain levels, armor, integrity, retreat,
advance, losses, the all-out assault and the battle procedure with its commands, events
and apply handlers."""

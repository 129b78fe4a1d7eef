"""A computer opponent: players that choose among the commands the rules engine
offers and accepts (``engine.legal_commands`` / ``engine.check``), never a second copy of
the rules. No Qt here: the client runs a player in a worker thread (ui/aiplayer.py)."""

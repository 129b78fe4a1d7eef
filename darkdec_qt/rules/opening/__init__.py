"""18.0-19.0 the opening: the 16 December restrictions, the attack obligation and the paradrop."""

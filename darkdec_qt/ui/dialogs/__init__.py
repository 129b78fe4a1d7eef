"""Dialogs and screens: New game, the hot-seat hand-over, the File menu's dialogs."""

"""Deterministic, verifiable dice.

Die ``n`` of a game is ``int.from_bytes(sha256(f"{seed}:{n}")[:8]) % 6 + 1``. Anyone who
knows the seed can verify each roll; every roll is recorded as a ``DieRolled`` event
carrying its value, so a replay never re-rolls.
"""

from __future__ import annotations

import hashlib


def die(seed: str, n: int) -> int:
    digest = hashlib.sha256(f"{seed}:{n}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % 6 + 1


class DiceCursor:
    """Draws the next dice of a game during ``check`` (which never mutates the state):
    it starts at the state's dice counter and counts forward."""

    def __init__(self, seed: str, start: int):
        self.seed = seed
        self.index = start

    def roll(self, purpose: str):  # -> tuple[int, DieRolled]
        from darkdec_qt.rules.events import DieRolled

        value = die(self.seed, self.index)
        ev = DieRolled(purpose=purpose, value=value, index=self.index)
        self.index += 1
        return value, ev

"""Deterministic, verifiable dice.

Hot-seat games: die ``n`` is ``int.from_bytes(sha256(f"{seed}:{n}")[:8]) % 6 + 1``. Anyone who
knows the seed can verify each roll; every roll is recorded as a ``DieRolled`` event
carrying its value, so a replay never re-rolls.

File-exchange games plug in another source (``DiceCursor(..., source=...)``): there a die is
derived from both players' commit-reveal secrets (``darkdec_qt.game.exchange.fairdice``), and a
command whose die is not yet known raises ``DicePending`` instead of rolling.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from darkdec_qt.rules.core.events import DieRolled

DiceSource = Callable[[int], int]  # die index -> value 1..6 (may raise DicePending)


class DicePending(Exception):  # noqa: N818 - not an error: the die is not known yet
    """The command needs die ``index``, which cannot be known yet (file exchange: it depends on a
    secret the opponent reveals only after the command is committed)."""

    def __init__(self, index: int, purpose: str = ""):
        super().__init__(f"die {index} ({purpose}) is not known yet")
        self.index = index
        self.purpose = purpose


def die(seed: str, n: int) -> int:
    digest = hashlib.sha256(f"{seed}:{n}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % 6 + 1


class DiceCursor:
    """Draws the next dice of a game during ``check`` (which never mutates the state):
    it starts at the state's dice counter and counts forward. ``source`` replaces the
    seeded derivation (file exchange); without it, the hot-seat dice are unchanged."""

    def __init__(self, seed: str, start: int, source: DiceSource | None = None):
        self.seed = seed
        self.index = start
        self.source = source

    def roll(self, purpose: str):  # -> tuple[int, DieRolled]

        if self.source is None:
            value = die(self.seed, self.index)
        else:
            try:
                value = self.source(self.index)
            except DicePending as exc:
                raise DicePending(self.index, purpose) from exc
            if not isinstance(value, int) or not 1 <= value <= 6:
                raise ValueError(f"die source gave {value!r} for die {self.index}")
        ev = DieRolled(purpose=purpose, value=value, index=self.index)
        self.index += 1
        return value, ev

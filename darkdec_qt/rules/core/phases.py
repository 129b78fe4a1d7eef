"""7.0-7.2: the sequence of play.

Each game turn is a German player turn followed by an Allied player turn (7.0B); each
player turn has the phases below in this order (7.1.1-7.1.7).
"""

from __future__ import annotations

from enum import StrEnum

SIDES = ("German", "Allied")


class Phase(StrEnum):
    SUPPLY = "supply"  # 7.1.1
    REPLACEMENT = "replacement"  # 7.1.2
    MOVEMENT = "movement"  # 7.1.3 (reserve/strategic determination at its start, 7.1.3.1)
    REACTION = "reaction"  # 7.1.4: the non-phasing side's reserves move
    COMBAT = "combat"  # 7.1.5
    EXPLOITATION = "exploitation"  # 7.1.6
    CONSTRUCTION = "construction"  # 7.1.7 construction/demolition


PHASES: tuple[Phase, ...] = tuple(Phase)
MOVING_PHASES = frozenset({Phase.MOVEMENT, Phase.REACTION, Phase.EXPLOITATION})  # 10.2G


def other_side(side: str) -> str:
    return "Allied" if side == "German" else "German"


def next_phase(turn: int, side: str, phase: Phase) -> tuple[int, str, Phase]:
    """7.0-7.2: the (turn, phasing side, phase) that follows. After the Allied
    Construction/Demolition Phase the game turn advances (7.2C) and Germany begins (7.2D)."""
    i = PHASES.index(phase)
    if i + 1 < len(PHASES):
        return turn, side, PHASES[i + 1]
    if side == "German":
        return turn, "Allied", PHASES[0]
    return turn + 1, "German", PHASES[0]


def acting_side(side: str, phase: Phase) -> str:
    """Who gives commands: the phasing side, except in the Reaction Phase (7.1.4A)."""
    return other_side(side) if phase is Phase.REACTION else side

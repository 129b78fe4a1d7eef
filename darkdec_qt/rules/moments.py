"""Moments: a condition the rulebook ties to a moment is judged at that
moment, not when a command is given.

At the start of each Movement Phase the engine notes (event ``phase_start_noted``) which of
the phasing side's units are the sole (non-leader) occupant of their hex and which stand in
an enemy ZOC. Later in the phase:

- 10.4.1A: a unit may enter strategic movement only if it was the sole occupant of its road
  hex and not in an enemy ZOC "at the beginning of the owning side's Movement Phase": moving
  its neighbours away first does not make it eligible.
- 14.1D: reserves cannot be formed from units that start their player turn in an enemy ZOC.
  Enemy units do not move between the start of a player turn and its Movement Phase, so the
  Movement Phase note stands for the turn's start (docs/rules-interpretations.md).

The other moment clauses are judged by the phase work of their moment: supply at the start
of the player turn (8.1A, the Supply Phase), the 29th Armored Brigade's release at the start
of the Allied Movement Phase (10.9.1C, restricted.automatic_releases), bridge building from
the hex the unit began the phase in (16.2.2A: a unit that has spent MPs may not build),
fortifications at the end of each moving phase (17.2), stacking at the end of the Movement
Phase (11.0C, choices.py), the weather at the start of the game turn (24.0).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from darkdec_qt.rules.core import events as ev
from darkdec_qt.rules.core.apply import register_handler
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.phases import Phase, other_side
from darkdec_qt.rules.core.registry import OWED, register_phase_hook
from darkdec_qt.rules.core.state import GameState
from darkdec_qt.rules.core.zoc import zoc_hexes


@ev.Event.register
@dataclass(frozen=True, slots=True)
class PhaseStartNoted(ev.Event):
    """The facts of the phase's first moment that later checks judge by (10.4.1A, 14.1D)."""

    kind: ClassVar[str] = "phase_start_noted"
    when: str  # "turn/side/phase"
    alone: tuple[str, ...] = ()  # sole non-leader occupant of its hex
    in_enemy_zoc: tuple[str, ...] = ()


@register_handler("phase_start_noted")
def _noted(s: GameState, e: PhaseStartNoted) -> None:  # type: ignore[override]
    s.at_phase_start = {"when": (e.when,), "alone": e.alone, "in_enemy_zoc": e.in_enemy_zoc}


def _when(state: GameState) -> str:
    return f"{state.turn}/{state.side}/{state.phase.value}"


def start_of_movement(state: GameState, dice: object = None) -> list[ev.Event]:
    """The phase hook: note the phasing side's units at the start of its Movement Phase."""
    if state.phase is not Phase.MOVEMENT:
        return []
    units = state.module.units
    side = state.side
    zoc = zoc_hexes(state, other_side(side))
    occ: dict[str, list[str]] = {}
    for u, h in state.pos.items():
        if units[u].side == side and not units[u].is_leader:
            occ.setdefault(h, []).append(u)
    alone = tuple(sorted(us[0] for us in occ.values() if len(us) == 1))
    in_zoc = tuple(sorted(u for h, us in occ.items() if h in zoc for u in us))
    return [PhaseStartNoted(when=_when(state), alone=alone, in_enemy_zoc=in_zoc)]


register_phase_hook(start_of_movement, OWED)


def noted(state: GameState) -> dict[str, tuple[str, ...]] | None:
    """The notes of this Movement Phase's start, or None (a state saved before they existed)."""
    n = state.at_phase_start
    return n if n.get("when") == (_when(state),) else None


def was_alone(state: GameState, unit: str) -> bool:
    n = noted(state)
    if n is None:  # no note: judge now
        return not [x for x in state.units_at(state.pos[unit]) if x != unit and not state.spec(x).is_leader]
    return unit in n["alone"]


def was_in_enemy_zoc(state: GameState, unit: str) -> bool:
    n = noted(state)
    if n is None:
        return state.pos[unit] in zoc_hexes(state, other_side(state.side_of(unit)))
    return unit in n["in_enemy_zoc"]


def strategic_entry_problem(state: GameState, unit: str) -> IllegalAction | None:
    """10.4.1A, judged at the beginning of the owning side's Movement Phase."""
    h = state.pos[unit]
    if not was_alone(state, unit):
        return IllegalAction(f"in {h} was not the sole occupant of its hex at the beginning of the Movement Phase",
                             rule="10.4.1A", unit=unit, hex=h)
    if was_in_enemy_zoc(state, unit):
        return IllegalAction(f"in {h} was in an enemy ZOC at the beginning of the Movement Phase",
                             rule="10.4.1A", unit=unit, hex=h)
    return None

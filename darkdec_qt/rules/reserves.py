"""14.0 reserves (optional rule "14"), the combat side: shock combat (14.3) and the
historical reserve status (14.6). Forming reserves (14.1, 14.5D ten markers), reaction
movement at half MA (14.4) and exploitation movement (14.2) are engine I's
(engine.py ``enter_reserve``/``leave_reserve``, movement/move.py). 14.5E, the loss of the status
next to an enemy unit, is judged here after every command (``adjacency_losses``)."""

from __future__ import annotations

from darkdec_qt import hexgrid
from darkdec_qt.rules.combat.battle import free_to_attack
from darkdec_qt.rules.combat.integrity import HISTORICAL_POSITIONS
from darkdec_qt.rules.core import events as ev
from darkdec_qt.rules.core.apply import apply
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.core.state import GameState

HISTORICAL_RESERVES = ("316/212", "987/276", "914/352", "13/5FJ", "130/Lehr", "16/116Pz", "3/2Pz", "164/62",
                       "Peiper/1SS", "89/12", "12/12SS")  # 14.6A


def historical_reserve_units(state: GameState) -> list[str]:
    """14.6A: the German units placed in reserve with the historical assault positions."""
    return [u for u in HISTORICAL_RESERVES if u in state.module.units]


def historical_setup_problem(state: GameState, unit: str) -> IllegalAction | None:
    """6.2B against 14.6A-B (docs/rules-interpretations.md): from the historical assault
    positions every German unit is deemed to have made its AM 16 December move already, so none
    may be placed in reserve that turn and none begins its Combat Phase in reserve; the one
    exception is 14.6A, the specific optional rule: the eleven listed units start in reserve
    and may exploit that turn (14.6B). Reserves may be formed again from PM 16 December."""
    if HISTORICAL_POSITIONS not in state.variants and HISTORICAL_POSITIONS not in state.optional:
        return None
    if state.module.units[unit].side != "German" or state.turn != state.turn_number("16DecAM"):
        return None
    return IllegalAction("may not be placed in reserve on AM 16 December from the historical assault positions: "
                         "every German unit has already moved (only 14.6A's units start in reserve)",
                         rule="6.2B", unit=unit)


def shock_candidates(state: GameState) -> list[str]:
    """14.3A-B: units that moved in this Exploitation Phase, not in strategic movement,
    that have not yet made a shock combat."""
    if not state.has_rule("14") or state.phase is not Phase.EXPLOITATION:
        return []
    return [u for u in state.on_map(state.side) if free_to_attack(state, u, shock=True) is None]


# Events that put a unit in a hex (a move, retreat, advance, entry, drop, relocation), and the
# end of a phase, whose automatic work may do the same.
PLACING = frozenset({"unit_moved", "unit_retreated", "unit_advanced", "unit_entered", "unit_reformed",
                     "paradropped", "leader_displaced", "phase_ended"})


def adjacent_to_enemy(state: GameState, unit: str) -> bool:
    """14.5E: is ``unit`` next to an enemy unit (any unit, leaders included)?"""
    enemy = "Allied" if state.side_of(unit) == "German" else "German"
    near = set(hexgrid.neighbours(state.pos[unit]))
    return any(h in near and state.side_of(x) == enemy for x, h in state.pos.items())


def adjacency_losses(state: GameState, events: list[ev.Event]) -> list[ev.Event]:
    """14.5E: reserve units that find themselves adjacent to enemy units lose the status at
    once, in any phase: after a move, a retreat or an advance after combat, an entry. Judged on
    the state after ``events`` (which the caller has not applied), every unit already losing it
    in ``events`` left out."""
    if not state.reserve or not state.has_rule("14") or not any(e.kind in PLACING for e in events):
        return []

    after = state.clone()
    for e in events:
        apply(after, e)
    return [ev.ReserveLeft(unit=u, reason="adjacent to enemy units (14.5E)") for u in sorted(after.reserve)
            if u in after.pos and adjacent_to_enemy(after, u)]

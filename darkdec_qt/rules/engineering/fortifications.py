"""17.0: fortifications."""

from __future__ import annotations

from darkdec_qt.rules.core import events as ev
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.phases import Phase, other_side
from darkdec_qt.rules.core.state import GameState
from darkdec_qt.rules.core.zoc import zoc_hexes
from darkdec_qt.rules.opening import initial


def check_build(state: GameState, unit: str) -> list[ev.Event]:
    """17.0A-C: in the Construction/Demolition Phase, a unit not in an enemy ZOC, that
    has not moved or fought this player turn and is not isolated, in a hex that is not a
    town or dense forest and holds no fortification yet."""
    if unit not in state.pos:
        raise IllegalAction("is not on the map", rule="17.0B", unit=unit)
    s = state.module.units[unit]
    h = state.pos[unit]
    if state.phase is not Phase.CONSTRUCTION or s.side != state.side:
        raise IllegalAction("builds fortifications only in its Construction/Demolition Phase", rule="7.1.7C", unit=unit)
    hx = state.module.hexes[h]
    if hx.town or hx.terrain == "dense_forest":
        raise IllegalAction(f"cannot fortify {h}: town or dense forest hex", rule="17.0A", unit=unit, hex=h)
    if h in state.fortifications:
        raise IllegalAction(f"cannot fortify {h}: one fortification per hex", rule="17.0C", unit=unit, hex=h)
    if h in zoc_hexes(state, other_side(s.side)):
        raise IllegalAction(f"cannot fortify {h}: in an enemy ZOC", rule="17.0B", unit=unit, hex=h)
    if unit in state.moved or unit in state.attacked:
        raise IllegalAction("cannot fortify: it moved or fought this player turn", rule="17.0B", unit=unit, hex=h)
    if state.supply_status(unit) == "isolated":
        raise IllegalAction("cannot fortify: isolated", rule="17.0B", unit=unit, hex=h)
    try:  # 18.3D: units not permitted to move (18.3B-C) may not build fortifications
        initial.check_may_move(state, unit)
    except IllegalAction:
        raise IllegalAction("cannot fortify: not permitted to move on 16 December", rule="18.3D",
                            unit=unit, hex=h) from None
    return [ev.FortificationBuilt(hex=h, unit=unit)]


def durability_events(state: GameState) -> list[ev.Event]:
    """17.2: fortifications vacant at the end of a Movement, Reaction or Exploitation
    Phase are removed."""
    occupied = set(state.pos.values())
    return [ev.FortificationRemoved(hex=h, reason="vacant (17.2B)") for h in sorted(state.fortifications - occupied)]


from darkdec_qt.rules.core import commands as _cm  # noqa: E402
from darkdec_qt.rules.core.registry import register_checker  # noqa: E402


@register_checker("build_fortification")
def _check(state: GameState, cmd: _cm.BuildFortification, dice: object) -> list[ev.Event]:
    return check_build(state, cmd.unit)

"""10.7: exiting the map; 10.7.2C-10.7.3 Allied units held off the map."""

from __future__ import annotations

from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core import events as ev
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.core.registry import register_checker
from darkdec_qt.rules.core.state import GameState
from darkdec_qt.rules.core.tables import TICKS, tables
from darkdec_qt.rules.movement import move as movement
from darkdec_qt.rules.movement import reinforcements

ALLIED_EXIT_EDGES = frozenset({"N", "S", "W"})


@register_checker("exit")
def check_exit(state: GameState, cmd: cm.Exit, dice: object) -> list[ev.Event]:
    """10.7A-D: a German unit on an Allied road entry hex on the N, S or W edge spends
    the cost of an identical imaginary hex off the map."""
    u = cmd.unit
    if u not in state.pos:
        raise IllegalAction(f"{u!r} is not on the map", rule="10.7A")
    s = state.module.units[u]
    h = state.pos[u]
    hx = state.module.hexes[h]
    if s.side != "German":
        raise IllegalAction("only Germany exits units", rule="10.7A", unit=u)
    if state.phase not in (Phase.MOVEMENT, Phase.EXPLOITATION) or state.side != "German":
        raise IllegalAction("exits only by movement", rule="10.7C", unit=u)
    if hx.edge not in ALLIED_EXIT_EDGES or not hx.entry or h not in state.module.road_links:
        raise IllegalAction(f"cannot exit from {h}: not an Allied road entry hex", rule="10.7D", unit=u, hex=h)
    movement.check_can_move(state, (u,))
    t = tables(state.module)
    c = s.unit_class
    alone = len([x for x in state.units_at(h) if not state.module.units[x].is_leader]) == 1
    if u in state.strategic:
        cost = TICKS // movement.strategic_factor(state, u)
    elif alone:
        cost = (t.road_cost[c] or 1) * TICKS
    else:
        cost = (t.hex_cost[c][h] or 1) * TICKS
    fresh = state.mp_spent.get(u, 0) == 0 and u not in state.moved
    if cost > movement.remaining_ticks(state, u) and not fresh:
        raise IllegalAction(f"cannot exit from {h}: not enough movement points", rule="10.7C", unit=u, hex=h)
    owed = state.strength(u)[0] if state.is_supplied(u) else 0  # 10.7.2C "in supply upon its exit", 8.7.4
    return [ev.UnitExited(unit=u, hex=h, edge=hx.edge or "", owed=owed)]


def hold_off_candidates(state: GameState) -> list[tuple[str, str]]:
    """(unit, edge) of due Allied reinforcements that could be held off to pay a debt."""
    out = []
    for u in reinforcements.due_units(state):
        for h in reinforcements.entry_hexes(state, u):
            edge = state.module.hexes[h].edge
            if edge and state.hold_off_owed.get(edge, 0) > 0:
                out.append((u, edge))
                break
    return out


@register_checker("hold_off")
def check_hold_off(state: GameState, cmd: cm.HoldOff, dice: object) -> list[ev.Event]:
    """10.7.2C: the Allies hold off reinforcements of that edge, as soon as possible,
    until their attack strength equals the German attack strength exited there."""
    for u, edge in hold_off_candidates(state):
        if u == cmd.unit and state.phase is Phase.MOVEMENT:
            return [ev.UnitHeldOff(unit=u, edge=edge, strength=state.strength(u)[0])]
    raise IllegalAction("cannot be held off: not a due reinforcement of an edge where Germans exited",
                        rule="10.7.2C", unit=cmd.unit)

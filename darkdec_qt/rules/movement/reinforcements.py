"""10.6: reinforcements."""

from __future__ import annotations

from darkdec_qt import hexgrid
from darkdec_qt.rules.commanders import displacement_events
from darkdec_qt.rules.core import events as ev
from darkdec_qt.rules.core.errors import IllegalAction, MalformedCommand
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.core.state import GameState
from darkdec_qt.rules.core.tables import TICKS, module_memo, tables
from darkdec_qt.rules.movement import move as movement
from darkdec_qt.rules.scenarios import (
    variants,  # (scenarios) 26.10, 26.14A, 26.20C  # (scenarios) 26.15, 26.17
)

ALLIED_EDGES = frozenset({"N", "S", "W"})


def arrival_turn(state: GameState, unit: str) -> int | None:
    """The turn ``unit`` is due (10.6A). Variants that shift arrivals adjust
    ``state.pending`` at setup or through this hook."""
    return variants.arrival_turn(state, unit, state.pending.get(unit))


def is_due(state: GameState, unit: str) -> bool:
    t = arrival_turn(state, unit)
    return t is not None and t <= state.turn and state.module.units[unit].side == state.side


def due_units(state: GameState) -> list[str]:
    # rules engine I: the air-dropped unit (19.1, entry "drop") never enters by an edge
    units = state.module.units
    return sorted(u for u in state.pending if is_due(state, u) and u not in state.held_off
                  and "drop" not in units[u].entry)


def _printed_entry_hexes(module, codes: frozenset[str]) -> tuple[str, ...]:  # noqa: ANN001
    """The map-edge hexes printed with one of ``codes`` (the module never changes: cached)."""
    memo = module_memo(module, "printed_entry_hexes")
    if codes not in memo:
        memo[codes] = tuple(sorted(h for h, hx in module.hexes.items() if hx.entry and hx.entry in codes))
    return memo[codes]


def entry_hexes(state: GameState, unit: str) -> list[str]:
    """10.6.1A: road hexes on the map edge coded with one of the unit's entry areas."""
    if unit in state.entry_hex:
        return [state.entry_hex[unit]]
    printed = list(_printed_entry_hexes(state.module, frozenset(state.module.units[unit].entry)))

    return variants.entry_hexes(state, unit, printed)


def is_blocked(state: GameState, unit: str, h: str, enemy_at: set[str] | None = None) -> bool:
    """10.6.3B: blocked only by enemy occupation or, for Allied units, German exit markers.
    ``enemy_at``: the hexes the unit's enemy occupies, when the caller has them."""
    side = state.module.units[unit].side
    if enemy_at is None:
        enemy_at = {hh for u, hh in state.pos.items() if state.module.units[u].side != side}
    if h in enemy_at:
        return True
    return side == "Allied" and h in state.exit_markers


def open_entry_hexes(state: GameState, unit: str) -> list[str]:
    """The entry hexes not blocked (10.6.3B) where the unit would not overstack (11.0A;
    leaders do not count, 15.4A). One pass over the units, then one look per hex: with
    26.15 a unit may have a whole map edge of entry hexes."""
    units = state.module.units
    side = units[unit].side
    enemy_at: set[str] = set()
    friends: dict[str, int] = {}
    for u, hh in state.pos.items():
        s = units[u]
        if s.side != side:
            enemy_at.add(hh)
        elif not s.is_leader:
            friends[hh] = friends.get(hh, 0) + 1
    need = 0 if units[unit].is_leader else 1
    return [h for h in entry_hexes(state, unit)
            if not is_blocked(state, unit, h, enemy_at) and friends.get(h, 0) + need <= 3]


def delay_alternatives(state: GameState, unit: str) -> list[str]:
    """10.6.3C: the road hexes ``unit`` may enter from next turn when its scheduled entry
    hexes are blocked: from each scheduled hex, the next unblocked road hex along the same
    map edge to the west (Allied units on the north or south edge; when none lies west, the
    next one east) or to the north and to the south (German units; Allied units on the west
    edge, where "west" gives no direction). The owner chooses among them
    (``choices.ChooseDelayedEntry``); sorted, the engine's default first when no command
    could settle it."""
    mod = state.module
    spec = mod.units[unit]
    scheduled = entry_hexes(state, unit)
    out: set[str] = set()
    for blocked in scheduled:
        edge = mod.hexes[blocked].edge
        if not edge:
            continue
        along = 0 if edge in ("N", "S") else 1  # columns run along the N/S edges, rows along E/W
        here = hexgrid.parse_hex_id(blocked)
        cands = [h for h, hx in mod.hexes.items() if hx.edge == edge and h in mod.road_links
                 and h not in scheduled and not is_blocked(state, unit, h)]
        lower = _nearest([h for h in cands if hexgrid.parse_hex_id(h)[along] < here[along]], here, along)
        higher = _nearest([h for h in cands if hexgrid.parse_hex_id(h)[along] > here[along]], here, along)
        if spec.side == "Allied" and edge in ("N", "S"):
            out.update(lower or higher)
        else:
            out.update(lower + higher)
    return sorted(out, key=lambda h: (min(hexgrid.distance(h, b) for b in scheduled), h))


def _nearest(hexes: list[str], here: tuple[int, int], along: int) -> list[str]:
    """The hex of ``hexes`` next to ``here`` counted along the edge (coordinate ``along``)."""
    if not hexes:
        return []
    return [min(hexes, key=lambda h: (abs(hexgrid.parse_hex_id(h)[along] - here[along]), h))]


def all_blocked(state: GameState, unit: str) -> bool:
    """10.6.3B-C: every scheduled entry hex of ``unit`` is blocked (not merely full)."""
    hexes = entry_hexes(state, unit)
    return bool(hexes) and all(is_blocked(state, unit, h) for h in hexes)


def check_enter(state: GameState, unit: str, path: tuple[str, ...], strategic: bool) -> list[ev.Event]:
    """10.6.1-10.6.2: the entry hex is the first hex of movement; the unit may enter in
    strategic movement (paying strategic costs over its full MA) unless starred."""
    if unit not in state.module.units:
        raise MalformedCommand(f"unknown unit {unit!r}")
    spec = state.module.units[unit]
    if state.phase is not Phase.MOVEMENT or spec.side != state.side:
        raise IllegalAction("reinforcements enter in the owner's Movement Phase", rule="10.6.1A", unit=unit)
    if not is_due(state, unit) or unit in state.held_off:
        raise IllegalAction("is not a reinforcement due this turn", rule="10.6A", unit=unit)
    if not path:
        raise IllegalAction("needs an entry hex", rule="10.6.1A", unit=unit)
    h0 = path[0]
    if h0 not in entry_hexes(state, unit):
        raise IllegalAction(f"cannot enter at {h0}: not one of its entry hexes {entry_hexes(state, unit)}",
                            rule="10.6.1A", unit=unit, hex=h0)
    if is_blocked(state, unit, h0):
        raise IllegalAction(f"cannot enter at {h0}: blocked by enemy units or a German exit marker",
                            rule="10.6.3B", unit=unit, hex=h0)
    if h0 not in open_entry_hexes(state, unit):
        raise IllegalAction(f"cannot enter at {h0}: more than three units in the hex", rule="11.0A",
                            unit=unit, hex=h0)
    edge = state.module.hexes[h0].edge or ""
    if spec.side == "Allied" and state.hold_off_owed.get(edge, 0) > 0:  # rules engine I
        raise IllegalAction(f"cannot enter at {h0}: Allied units must be held off the {edge} edge for German "
                            f"exits ({state.hold_off_owed[edge]} attack strength still owed)", rule="10.7.2C",
                            unit=unit, hex=h0)
    if strategic and spec.star:
        raise IllegalAction("is starred: may not enter in strategic movement", rule="10.6.2C", unit=unit)
    probe = state.clone()
    probe.pos[unit] = h0
    if strategic:
        probe.strategic.add(unit)
    ctx = movement.make_context(probe, (unit,), strategic=strategic, start=h0, fresh=True)
    t = tables(state.module)
    c = spec.unit_class
    alone = ctx.ignore_friends or ctx.friends.get(h0, 0) == 0  # 11.2A; 15.4B leaders move over friends
    if h0 in state.module.road_links and alone and h0 not in state.interdicted and (
            not strategic or state.road_control.get(h0, spec.side) == spec.side):
        entry_cost = ctx.tick if strategic else (t.road_cost[c] or 1) * TICKS
        ctx.in_roads = state.module.roads_in(h0)
    else:
        hc = t.hex_cost[c][h0]
        if hc is None:
            raise IllegalAction(f"cannot enter {h0}: prohibited terrain", rule="10.2E", unit=unit, hex=h0)
        entry_cost = hc * ctx.tick
    if h0 in ctx.zoc and len(path) > 1:
        raise IllegalAction(f"cannot continue from {h0}: entered an enemy ZOC", rule="12.1A", unit=unit, hex=h0)
    if strategic and h0 in ctx.zoc:
        raise IllegalAction(f"cannot enter {h0} in strategic movement: enemy ZOC", rule="12.2", unit=unit, hex=h0)
    ctx.budgets = (ctx.budgets[0] - entry_cost,)
    ctx.fresh = False
    costs, roads = movement.walk(ctx, path) if len(path) > 1 else ([], ctx.in_roads)
    out: list[ev.Event] = [ev.UnitEntered(unit=unit, hex=h0, strategic=strategic)]
    total = entry_cost + (max(costs[-1]) if costs else 0)
    stopped = path[-1] in ctx.zoc
    out.append(ev.UnitMoved(unit=unit, path=tuple(path), mp=total, stopped=stopped, roads=tuple(sorted(roads))))

    out += displacement_events(state, (unit,), tuple(path))  # 15.5D
    return out


def end_of_movement_events(state: GameState) -> list[ev.Event]:
    """10.6.3: due reinforcements not entered: blocked ones enter next turn at the next
    unblocked road hex; unblocked ones may not be withheld (10.6.3A) and are placed on
    their first open entry hex. Defaults only for what no command settled: the owner enters
    each unit (10.6.3A) and picks among several 10.6.3C hexes (choices.py guards)."""
    out: list[ev.Event] = []
    for u in due_units(state):
        opens = open_entry_hexes(state, u)
        if opens:
            out.append(ev.UnitEntered(unit=u, hex=opens[0], strategic=False))
            continue
        hexes = entry_hexes(state, u)
        alts = delay_alternatives(state, u) if hexes else []
        out.append(ev.ReinforcementDelayed(unit=u, turn=state.turn + 1,
                                           hex=alts[0] if alts else (hexes[0] if hexes else "")))
    return out

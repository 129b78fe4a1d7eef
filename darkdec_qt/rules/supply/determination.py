"""8.0: supply determination, isolation, surrender (8.6, optional) and fuel depletion (8.7)."""

from __future__ import annotations

from collections import deque

from darkdec_qt import hexgrid
from darkdec_qt.rules.core import events as ev
from darkdec_qt.rules.core.dice import DiceCursor
from darkdec_qt.rules.core.phases import other_side
from darkdec_qt.rules.core.state import GameState
from darkdec_qt.rules.core.tables import tables
from darkdec_qt.rules.core.zoc import zoc_hexes

SOURCE_EDGES = {"Allied": frozenset({"N", "S", "W"}), "German": frozenset({"E"})}  # 8.3
SURRENDER_EXEMPT_TYPES = {"Allied": frozenset({"parachute", "glider"})}  # 8.6J


def supply_sources(state: GameState, side: str) -> set[str]:
    """8.3: road hexes on the side's map edges (roads leading off the map)."""
    edges = SOURCE_EDGES[side]
    mod = state.module
    return {h for h, hx in mod.hexes.items() if hx.edge in edges and h in mod.road_links and h not in state.interdicted}


def supplied_hexes(state: GameState, side: str) -> tuple[set[str], set[str]]:
    """8.2: (hexes a unit of ``side`` can trace supply from, supplied road hexes).

    Roads from the sources, uninterrupted by enemy units, enemy ZOCs (negated by friendly
    units, 8.2D; not extending across rivers, 12.0B) or blown bridges (16.1E); then up to
    three hexes from the unit to such a road hex, blocked by the same (8.2C).
    """
    t = tables(state.module)
    enemy = other_side(side)
    units = state.module.units
    enemy_occ: set[str] = set()
    friend_occ: set[str] = set()
    for u, h in state.pos.items():
        (friend_occ if units[u].side == side else enemy_occ).add(h)
    ezoc = zoc_hexes(state, enemy, for_supply=True)
    blocked = enemy_occ | (ezoc - friend_occ)
    road: set[str] = set()
    queue = deque()
    for h in supply_sources(state, side):
        if h not in blocked:
            road.add(h)
            queue.append(h)
    while queue:
        h = queue.popleft()
        for sd in t.sides[h]:
            n = sd.b
            if not sd.roads or n in road or n in blocked or n in state.interdicted:
                continue
            if sd.river and (not sd.bridge or sd.key in state.blown):
                continue
            road.add(n)
            queue.append(n)
    reach = set(road)
    frontier = list(road)
    for _ in range(3):
        nxt = []
        for h in frontier:
            for sd in t.sides[h]:
                n = sd.b
                if n not in reach and n not in blocked:
                    reach.add(n)
                    nxt.append(n)
        frontier = nxt
    return reach, road


def _by_edge(state: GameState, h: str) -> bool:
    """8.5C: a hex adjacent to the map edge (on the edge row/column)."""
    return state.module.hexes[h].edge is not None or len(state.module.adjacency.get(h, ())) < 6


def determine(state: GameState, side: str) -> list[tuple[str, str, str, int]]:
    """8.1-8.5: (unit, state, reason, isolated count) for every unit of ``side`` on the map."""
    mod = state.module
    units = mod.units
    reach, _ = supplied_hexes(state, side)
    enemy = other_side(side)
    enemy_occ = {h for u, h in state.pos.items() if units[u].side == enemy}
    ezoc = zoc_hexes(state, enemy)
    clear = state.is_clear()
    mine = sorted(u for u in state.pos if units[u].side == side)
    supplied_positions = [state.pos[u] for u in mine if state.pos[u] in reach and not units[u].is_leader]
    out = []
    for u in mine:
        spec = units[u]
        h = state.pos[u]
        prev = state.isolated_count.get(u, 0)
        if spec.is_leader:
            out.append((u, "supplied", "leaders are never out of supply (15.5C)", 0))
            continue
        if u in state.paradropped and state.turn <= state.turn_number("18DecPM"):
            out.append((u, "supplied", "paradropped: supplied through PM 18 December (19.3)", 0))
            continue
        if h in reach:
            out.append((u, "supplied", f"traces supply from {h} to a friendly road and source (8.2)", 0))
            continue
        surrounded = all(n in enemy_occ or n in ezoc for n in hexgrid.neighbours(h))
        far = all(hexgrid.distance(h, p) > 3 for p in supplied_positions)
        if _by_edge(state, h):
            out.append((u, "unsupplied", "no supply line; adjacent to the map edge, never isolated (8.5C)", 0))
        elif surrounded and far:
            if side == "Allied" and clear:
                out.append((u, "unsupplied", "would be isolated, but clear weather (8.5B, 20.2)", prev))
            else:
                out.append((u, "isolated", "no supply line, surrounded, >3 hexes from supplied units (8.5A)", prev + 1))
        else:
            why = "not surrounded" if not surrounded else "within 3 hexes of a supplied unit"
            out.append((u, "unsupplied", f"no supply line to a source (8.4A); not isolated: {why}", 0))
    return out


def supply_phase_events(state: GameState, dice: DiceCursor) -> list[ev.Event]:
    """7.1.1: the phasing side's supply determination with its consequences: 10.4.8B
    strategic markers removed from unsupplied/isolated units, optional 8.6 surrender,
    8.7 fuel depletion roll (German, from 20 Dec AM)."""
    side = state.side
    out: list[ev.Event] = []
    results = determine(state, side)
    for u, st, reason, count in results:
        if st != "supplied" and u in state.strategic:
            out.append(ev.StrategicLeft(unit=u, mp=0, reason="out of supply (10.4.8B)"))
        out.append(ev.SupplyDetermined(unit=u, state=st, reason=reason, count=count))
    if state.has_rule("8.6"):
        out += _surrender(state, results, dice)
    if side == "German" and state.turn >= state.turn_number("20DecAM") and state.module.charts.fuel_depletion:
        value, roll = dice.roll("fuel depletion (8.7)")
        out.append(roll)
        row = next((r for r in state.module.charts.fuel_depletion if r.roll == value), None)
        n = row.value if row else 0
        if state.turn >= state.turn_number("10JanAM"):
            n += 1  # 8.7.6
        out.append(ev.FuelShortageSet(count=n))
    return out


def _surrender(state: GameState, results: list[tuple[str, str, str, int]], dice: DiceCursor) -> list[ev.Event]:
    """8.6E-J: groups (contiguous stacks) isolated three consecutive times roll; 1 surrenders."""
    units = state.module.units
    iso = {u for u, st, _, c in results if st == "isolated" and c >= 3}
    hexes: dict[str, list[str]] = {}  # 8.6B: groups are built from every isolated stack
    for u, st, _, _c in results:
        if st == "isolated":
            hexes.setdefault(state.pos[u], []).append(u)
    seen: set[str] = set()
    out: list[ev.Event] = []
    for h in sorted(hexes):
        if h in seen:
            continue
        group, stack = [], [h]
        seen.add(h)
        while stack:
            x = stack.pop()
            group.append(x)
            for n in hexgrid.neighbours(x):
                if n in hexes and n not in seen:
                    seen.add(n)
                    stack.append(n)
        members = sorted(u for x in group for u in state.units_at(x)
                         if units[u].side == state.side and not units[u].is_leader)  # 15.5C leaders
        if any(u not in iso for u in members):
            continue  # 8.6E: comprised entirely of units isolated three times
        if any(units[u].nationality == "SS" or units[u].type in SURRENDER_EXEMPT_TYPES.get(units[u].side, ())
               for u in members):
            continue  # 8.6J
        value, roll = dice.roll(f"surrender of {', '.join(members)} (8.6E)")
        out.append(roll)
        if value == 1:
            out += [ev.UnitEliminated(unit=u, reason="surrendered (8.6E)", surrendered=True) for u in members]
    return out


def fuel_eligible_divisions(state: GameState, chooser: str) -> list[str]:
    """8.7.1-8.7.3: German motorized divisions that may be put out of supply."""
    units = state.module.units
    divs: dict[str, list[str]] = {}
    for u in state.pos:
        s = units[u]
        if s.side == "German" and s.is_motorized and s.division:
            divs.setdefault(s.division, []).append(u)
    out = []
    for d, us in sorted(divs.items()):
        if d in state.fuel_depleted or len(us) < 2:  # 8.7.2A
            continue
        if chooser == "Allied" and d == state.fuel_protected:
            continue  # 15.6E: Manteuffel's protection
        if all(state.supply.get(u) in ("unsupplied", "isolated") for u in us):
            continue  # 8.7.3A
        out.append(d)
    return out

"""13.6: retreat after combat.

``legal_retreats(state, battle, hex, units)`` lists the legal paths with their costs.
13.6B priorities 1-4 (not into enemy ZOC; into ZOC only where friendly units are; not
over an unbridged non-ford river; motorized units to the hex with the lowest MP cost,
``motorized_cost``) filter hex by hex; priority 5 (east for Germans, north/south/west
for the Allies) orders the paths. 11.4: a retreat ends in a British-US stack only when no
other legal path remains (the stack must then be broken up by the end of the next Allied
Movement Phase: stacking.end_of_movement_eliminations).
13.6C is read as in docs/rules-interpretations.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from darkdec_qt.moduleview import ARMORED_TYPES
from darkdec_qt.rules.core.phases import other_side
from darkdec_qt.rules.core.state import GameState
from darkdec_qt.rules.core.tables import tables
from darkdec_qt.rules.core.zoc import zoc_of_unit

RIVER_LOSS = {"armored_infantry": 2}  # 13.6.2C: step loss on 1-2; other types on 1


@dataclass(frozen=True, slots=True)
class RetreatPath:
    path: tuple[str, ...]  # path[0] is the hex retreated from
    zoc_steps: int  # 13.6.1A one per hex for the stack
    stack_steps: int  # 13.6.3
    shortfall: int  # 13.6.1B hexes not retreated: a step each
    river_units: tuple[str, ...]  # units rolling for an unbridged crossing (13.6.2C)

    @property
    def steps(self) -> int:
        return self.zoc_steps + self.stack_steps + self.shortfall


def _unbridged(state: GameState, a: str, b: str) -> bool:
    hs = state.module.hexside(a, b)
    if hs is None or hs.river is None:
        return False
    return not ((hs.bridge and hs.key not in state.blown) or hs.key in state.built or hs.ford)


def retreat_zoc(state: GameState, side: str) -> set[str]:
    """12.0B: ZOCs do not extend across river hexsides for enemy retreat paths."""
    out: set[str] = set()
    for u in state.pos:
        if state.side_of(u) != side:
            out |= zoc_of_unit(state, u, for_supply=True)
    return out


def bulge_rule(state: GameState, side: str, start: str) -> str | None:
    """13.6C: 'south' / 'north' for an Allied unit beside the Bulge, else None."""
    if side != "Allied":
        return None
    germans = [state.pos[u] for u in state.pos if state.side_of(u) == "German"]
    if not germans:
        return None
    nose = min(germans, key=lambda h: (int(h[:2]), h))
    col, row = int(start[:2]), int(start[2:])
    if col <= int(nose[:2]):
        return None
    north = any(int(h[2:]) < row and int(h[:2]) <= col for h in germans)
    south = any(int(h[2:]) > row and int(h[:2]) <= col for h in germans)
    nrow = int(nose[2:])
    if row > nrow and north:
        return "south"
    if row < nrow and south:
        return "north"
    return None


def _bulge_ok(rule: str | None, start: str, end: str) -> bool:
    if rule is None or start == end:
        return True
    dc = int(end[:2]) - int(start[:2])
    dr = int(end[2:]) - int(start[2:])
    if dc < 0:
        return True  # west
    return dr > 0 if rule == "south" else dr < 0


def legal_retreats(state: GameState, start: str, units: tuple[str, ...], length: int) -> list[RetreatPath]:
    side = state.side_of(units[0])
    enemy = other_side(side)
    zoc = retreat_zoc(state, side)
    occ = state.occupancy()
    armored = any(state.spec(u).type in ARMORED_TYPES for u in units)
    infantry_stop = not armored
    moving = sum(1 for u in units if not state.spec(u).is_leader)
    motorized = any(state.spec(u).is_motorized for u in units if not state.spec(u).is_leader)
    rule = bulge_rule(state, side, start)

    def friendly(h: str) -> int:
        return sum(1 for u in occ.get(h, ()) if state.side_of(u) == side and u not in units
                   and not state.spec(u).is_leader)

    def enemy_in(h: str) -> bool:
        return any(state.side_of(u) == enemy for u in occ.get(h, ()))

    def key(a: str, b: str) -> tuple[int, int, int, int]:
        fr = friendly(b) > 0
        in_z = b in zoc
        cost = motorized_cost(state, a, b) if motorized else 0  # 13.6B priority 4
        return (1 if in_z and not fr else 0, 1 if in_z and fr else 0, 1 if _unbridged(state, a, b) else 0, cost)

    results: list[tuple[tuple[str, ...], bool]] = []

    def extend(path: tuple[str, ...], stopped: bool) -> None:
        if len(path) - 1 == length or stopped:
            results.append((path, stopped))
            return
        here = path[-1]
        nexts = []
        for n in state.module.adjacency.get(here, ()):
            if n in path or enemy_in(n):
                continue  # 13.6.1B
            river = _unbridged(state, here, n)
            if river and armored:
                continue  # 13.6.2D
            nexts.append((key(here, n), n, river))
        if not nexts:
            results.append((path, False))
            return
        best = min(k for k, _, _ in nexts)  # 13.6B priorities 1-3, hex by hex
        for k, n, river in nexts:
            if k == best:
                extend(path + (n,), river and infantry_stop)  # 13.6.2B

    extend((start,), False)
    out = []
    for path, stopped in results:
        if not _bulge_ok(rule, start, path[-1]):
            continue
        zs = sum(1 for h in path[1:] if h in zoc and friendly(h) == 0)
        ss = sum(1 for h in path[1:] if friendly(h) + moving > 3)
        short = 0 if stopped else length - (len(path) - 1)
        rivers = tuple(u for u in units if any(_unbridged(state, a, b) for a, b in zip(path, path[1:])))
        out.append(RetreatPath(path, zs, ss, short, rivers))
    if side == "Allied":  # 11.4: a British-US stack only when combat leaves no other retreat
        nats = {state.spec(u).nationality for u in units}
        clean = [p for p in out if not _mixed(state, occ, side, units, nats, p.path[-1])]
        if clean:
            out = clean
    if not out:
        out.append(RetreatPath((start,), 0, 0, length, ()))
    best_len = max(len(p.path) - 1 + (p.shortfall == 0) * 99 for p in out)
    out = [p for p in out if len(p.path) - 1 + (p.shortfall == 0) * 99 == best_len]
    east = 1 if side == "German" else -1

    def pref(p: RetreatPath) -> tuple[int, int, str]:
        return (p.steps, -east * (int(p.path[-1][:2]) - int(start[:2])), "".join(p.path))

    return sorted(set(out), key=pref)


UNPASSABLE = 99  # prohibited terrain: retreat disregards movement costs (13.6.2A) but prefers any other hex


def motorized_cost(state: GameState, a: str, b: str) -> int:
    """13.6B priority 4: the MP cost (in MP) for a motorized unit of moving from ``a`` into
    ``b`` by the movement tables (road march along a connecting road not interdicted,
    else the terrain plus the hexside: bridge, ford or river)."""
    t = tables(state.module)
    sd = next((x for x in t.sides.get(a, ()) if x.b == b), None)
    if sd is None:
        return UNPASSABLE
    intact = not sd.river or ((sd.bridge and sd.key not in state.blown) or sd.key in state.built)
    if sd.roads and intact and a not in state.interdicted and b not in state.interdicted:
        return t.road_cost["motorized"] or 1
    hc = t.hex_cost["motorized"].get(b)
    if hc is None:
        return UNPASSABLE
    if state.ground_now() == "freeze" and t.hexes[b].terrain != "clear":
        hc = max(1, hc - 1)  # 21.0A
    if sd.river:
        if intact:
            hc += t.bridge_cost["motorized"] or 0
        elif sd.ford:
            hc += t.ford_cost["motorized"] or 0
        else:
            rc = t.river_cost["motorized"][sd.river]
            hc += UNPASSABLE if rc is None else rc
    return hc


def _mixed(state: GameState, occ: dict[str, list[str]], side: str, units: tuple[str, ...], nats: set[str],
           h: str) -> bool:
    here = {state.spec(u).nationality for u in occ.get(h, ()) if u not in units and state.side_of(u) == side
            and not state.spec(u).is_leader}
    return {"British", "US"} <= (here | nats) and bool(here)


def loss_clause(state: GameState, units: tuple[str, ...], p: RetreatPath) -> str:
    """The clause that asks for the step losses of retreat path ``p``: hexes not retreated
    (13.6.2D an armored unit at an unbridged river, else 13.6.1B enemy units or the map edge),
    then enemy ZOC (13.6.1A), then over-stacking (13.6.3)."""
    if p.shortfall:
        end = p.path[-1]
        armored = any(state.spec(u).type in ARMORED_TYPES for u in units)
        river = any(_unbridged(state, end, n) for n in state.module.adjacency.get(end, ()))
        return "13.6.2D" if armored and river else "13.6.1B"
    if p.zoc_steps:
        return "13.6.1A"
    if p.stack_steps:
        return "13.6.3"
    return "13.6.1A"


def river_loss_on(state: GameState, unit: str) -> int:
    """13.6.2C: the highest roll that costs ``unit`` a step crossing an unbridged river."""
    return RIVER_LOSS.get(state.spec(unit).type, 1)

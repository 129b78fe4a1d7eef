"""What each side wants on the map, read from the scenario's victory conditions
(rules/scenarios/victory.py, data/scenarios.toml): objective towns, exit hexes, the Meuse; and
road-aware distance maps toward them (cached per module)."""

from __future__ import annotations

import heapq
from collections.abc import Iterable

from darkdec_qt.moduleview import Module
from darkdec_qt.rules.core.state import GameState
from darkdec_qt.rules.scenarios import victory

TERRAIN_STEP = {"clear": 2, "rough": 3, "woods": 3, "dense_forest": 4, "marsh": 4}
ROAD_STEP = 1
FAR = 99


def objective_towns(state: GameState) -> list[str]:
    """The scenario's victory towns (victory.py reads the same table)."""
    v = victory._victory(state)
    kind = victory._kind(state)
    names = v.get("towns")
    if not names:
        names = {"campaign": ["Bastogne", "Marche", "St. Vith", "Houffalize"],
                 "final_fury": ["Bastogne", "Houffalize", "La Roche"]}.get(kind, [])
    if kind == "campaign" and not v.get("towns"):
        names = ["Bastogne", "Marche", "St. Vith", "Houffalize"]
    return [str(t) for t in names]


def town_hexes(state: GameState) -> dict[str, str]:
    """Objective town name -> hex."""
    out = {}
    for t in objective_towns(state):
        h = t if t in state.module.hexes else state.module.town_hex(t)
        if h is not None:
            out[t] = h
    return out


def exit_hexes(state: GameState) -> tuple[str, ...]:
    """The road entry hexes whose exits count for a German victory (29.0 A/B, 26.9B), in
    the scenarios that count exits (Campaign, Extended, Turning Point), else none."""
    if victory._kind(state) not in ("campaign", "extended") or victory._small(state):
        return ()
    return _exit_hexes(state.module, victory._luxembourg(state))


def _exit_hexes(module: Module, lux: bool) -> tuple[str, ...]:
    key = (id(module), lux)
    if key not in _EXITS:
        _EXITS[key] = _find_exits(module, lux)
    return _EXITS[key]


_EXITS: dict[tuple[int, bool], tuple[str, ...]] = {}
_DIST: dict[tuple[int, frozenset[tuple[str, int]]], dict[str, int]] = {}


def _find_exits(module: Module, lux: bool) -> tuple[str, ...]:
    return tuple(sorted(h for h, hx in module.hexes.items()
                        if hx.entry and h in module.road_links and victory.exit_group(module, h, lux)))


def meuse_hexes(state: GameState) -> tuple[str, ...]:
    """East-bank Meuse hexes (level C of the Campaign Game wants a supplied unit there)."""
    if victory._kind(state) not in ("campaign", "extended"):
        return ()
    _, banks = victory._meuse(state)
    return tuple(sorted(h for h in banks if not victory.west_of_meuse(state, h)))


def _step(module: Module, a: str, b: str) -> int:
    if module.road_links.get(a, {}).get(b):
        return ROAD_STEP
    return TERRAIN_STEP.get(module.hexes[b].terrain, 3)


def _distances(module: Module, starts: frozenset[tuple[str, int]]) -> dict[str, int]:
    key = (id(module), starts)
    if key not in _DIST:
        if len(_DIST) > 512:
            _DIST.clear()
        _DIST[key] = _dijkstra(module, dict(starts))
    return _DIST[key]


def _dijkstra(module: Module, starts: dict[str, int]) -> dict[str, int]:
    dist: dict[str, int] = {}
    heap = [(d, h) for h, d in starts.items() if h in module.hexes]
    for d, h in heap:
        dist[h] = d
    heapq.heapify(heap)
    adj = module.adjacency
    while heap:
        d, h = heapq.heappop(heap)
        if d > dist.get(h, 10**9):
            continue
        for n in adj.get(h, ()):
            nd = d + _step(module, h, n)
            if nd < dist.get(n, 10**9):
                dist[n] = nd
                heapq.heappush(heap, (nd, n))
    return dist


def distances(module: Module, sources: Iterable[str]) -> dict[str, int]:
    """Road-aware march cost (road 1, else 2-4 by terrain) from every hex to the nearest
    of ``sources``: the AI's sense of 'closer to the objective'."""
    return _distances(module, frozenset((h, 0) for h in sources))


def distances_from(module: Module, starts: dict[str, int]) -> dict[str, int]:
    """``distances`` with a head start: each source hex begins at its own cost, so a
    source given 10 draws only the hexes more than 10 march points nearer it than the
    sources at 0."""
    return _distances(module, frozenset(starts.items()))


def hex_sides(state: GameState) -> dict[str, str]:
    """Occupied hex -> side of its (non-leader) occupants."""
    units = state.module.units
    out: dict[str, str] = {}
    for u, h in state.pos.items():
        if not units[u].is_leader:
            out[h] = units[u].side
    return out


def full_hexes(state: GameState, side: str) -> frozenset[str]:
    """Hexes already holding three of ``side``'s units (11.0A): a fourth would be
    eliminated at the end of the phase (the engine lets it move in and settles it then)."""
    from darkdec_qt.rules.movement.stacking import LIMIT

    n: dict[str, int] = {}
    for u, h in state.pos.items():
        s = state.module.units[u]
        if s.side == side and not s.is_leader:
            n[h] = n.get(h, 0) + 1
    return frozenset(h for h, k in n.items() if k >= LIMIT)


def control(state: GameState, h: str, occ: dict[str, str]) -> str:
    """victory.hex_control with a precomputed occupancy."""
    if h in occ:
        return occ[h]
    if h in state.road_control:
        return state.road_control[h]
    return "German" if state.module.hexes[h].army else "Allied"

"""13.7: advance after combat.

Lengths by type (13.7.1), elimination (13.7.6), heavy snow -1 min 1 (22.0B); the first
hex is a vacated defender hex (13.7.3); terrain limits (13.7.4); stop on entering an
enemy ZOC except the armored clear/rough exception (13.7.7).
"""

from __future__ import annotations

from darkdec_qt.moduleview import ARMORED_TYPES
from darkdec_qt.rules.commanders import lone_leader_hexes
from darkdec_qt.rules.core.phases import other_side
from darkdec_qt.rules.core.state import GameState
from darkdec_qt.rules.core.zoc import zoc_hexes

OPEN = frozenset({"clear", "rough"})


def advance_length(state: GameState, unit: str, retreat: int) -> int:
    """``retreat`` the hexes the loser was called upon to retreat; -1 when eliminated."""
    t = state.spec(unit).type
    if retreat < 0:  # 13.7.6
        n = 2 if t in ARMORED_TYPES else 1
    elif t in ARMORED_TYPES:
        n = retreat + 1  # 13.7.1C
    elif t == "armored_infantry":
        n = retreat  # 13.7.1B
    else:
        n = 1  # 13.7.1A
    if state.ground_now() == "snow":
        n = max(1, n - 1)  # 22.0B
    return n


def _side(state: GameState, a: str, b: str) -> tuple[bool, bool, bool]:
    """(river, unbridged, bridge_or_ford)."""
    hs = state.module.hexside(a, b)
    if hs is None or hs.river is None:
        return False, False, False
    bridged = (hs.bridge and hs.key not in state.blown) or hs.key in state.built
    return True, not bridged, bridged or hs.ford


def _open(state: GameState, h: str) -> bool:
    hx = state.module.hexes[h]
    return hx.terrain in OPEN and not hx.town and not hx.westwall


def legal_advances(state: GameState, unit: str, vacated: str, length: int) -> list[tuple[str, ...]]:
    """Every legal advance path for ``unit`` beginning in the vacated hex."""
    start = state.pos[unit]
    spec = state.spec(unit)
    side = spec.side
    enemy = other_side(side)
    zoc = zoc_hexes(state, enemy)
    occ = state.occupancy()
    armored = spec.type in ARMORED_TYPES
    motorized = spec.is_motorized
    if vacated not in state.module.adjacency.get(start, ()):
        return []
    out: list[tuple[str, ...]] = []


    passable = set() if spec.is_leader else lone_leader_hexes(state, enemy)  # 15.5D displacement

    def blocked(a: str, b: str, path: tuple[str, ...]) -> bool:
        if b not in passable and any(state.side_of(u) == enemy for u in occ.get(b, ())):
            return True
        river, unbridged, _ = _side(state, a, b)
        hs = state.module.hexside(a, b)
        if river and (unbridged or (hs is not None and hs.ford)) and a != start:
            return True  # 13.7.4A: only adjacent to the attacker's original hex
        if armored and unbridged and not (hs is not None and hs.ford):
            return True  # 13.7.4B
        if motorized and state.module.hexes[b].terrain == "dense_forest" and not state.module.roads_between(a, b):
            dense = sum(1 for h in path[1:] if state.module.hexes[h].terrain == "dense_forest")
            if dense >= 1:
                return True  # 13.7.4C
        return False

    def stops(a: str, b: str, path: tuple[str, ...]) -> bool:
        if state.module.hexes[b].terrain == "marsh":
            return True  # 13.7.4D
        if b in zoc:
            if armored and len(path) == 2 and _open(state, b) and length >= 2:
                if not any(_side(state, x, y)[0] and _side(state, x, y)[2] for x, y in zip(path, path[1:])):
                    return False  # 13.7.7 exception, second hex checked below
            return True  # 13.7.7
        return False

    def mixed(h: str) -> bool:  # 11.4: an advance is not forced, so never British with US
        nats = {state.spec(u).nationality for u in occ.get(h, ()) if state.side_of(u) == side
                and not state.spec(u).is_leader} | {spec.nationality}
        return {"British", "US"} <= nats and not spec.is_leader

    def extend(path: tuple[str, ...]) -> None:
        friends = sum(1 for u in occ.get(path[-1], ()) if state.side_of(u) == side and not state.spec(u).is_leader)
        if len(path) > 1 and (friends < 3 or spec.is_leader) and not mixed(path[-1]):
            out.append(path)
        if len(path) - 1 >= length:
            return
        a = path[-1]
        if len(path) > 1 and stops(path[-2], a, path):
            return
        for b in state.module.adjacency.get(a, ()):
            if b in path or b == start:
                continue
            if len(path) == 1 and b != vacated:
                continue
            if blocked(a, b, path):
                continue
            if len(path) == 2 and a in zoc and not (_open(state, b)):
                continue  # 13.7.7: the intended second hex must be clear or rough too
            river, _, bf = _side(state, a, b)
            if len(path) == 2 and a in zoc and river and bf:
                continue  # 13.7.7: negated by a bridge or ford
            extend(path + (b,))

    extend((start,))
    return out

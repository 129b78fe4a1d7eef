"""12.0: zones of control."""

from __future__ import annotations

from darkdec_qt.rules.core.state import GameState
from darkdec_qt.rules.core.tables import tables


def exerts_zoc(state: GameState, unit: str) -> bool:
    """12.0A leaders exert none (15.4E); 12.2 units in strategic movement have none."""
    spec = state.module.units[unit]
    return not spec.is_leader and unit not in state.strategic


def zoc_of_unit(state: GameState, unit: str, for_supply: bool = False) -> set[str]:
    """The hexes ``unit`` controls.

    12.0B: across rivers and into all terrain, except for tracing supply or enemy retreat
    paths, where it does not extend across river hexsides. Optional 12.3: an armor-type
    unit's ZOC does not extend across unbridged river hexsides, or into dense forest or
    marsh hexes except along a road.
    """
    if not exerts_zoc(state, unit):
        return set()
    return _zoc_from(state, tables(state.module), unit, state.has_rule("12.3"), for_supply)


def _zoc_from(state: GameState, t, unit: str, rule_12_3: bool, for_supply: bool) -> set[str]:  # noqa: ANN001
    """zoc_of_unit's hexes for a unit that exerts a ZOC (tables and 12.3 looked up once)."""
    armored = rule_12_3 and state.module.units[unit].type == "armor"
    out: set[str] = set()
    for sd in t.sides[state.pos[unit]]:
        if sd.river and for_supply:
            continue
        if armored:
            bridged = sd.river is None or ((sd.bridge and sd.key not in state.blown) or sd.key in state.built)
            if not bridged:
                continue
            if t.hexes[sd.b].terrain in ("dense_forest", "marsh") and not sd.roads:
                continue
        out.add(sd.b)
    return out


_CACHE: dict[tuple, tuple[object, frozenset[str]]] = {}


def zoc_hexes(state: GameState, side: str, for_supply: bool = False) -> set[str]:
    """All hexes in the ZOC of ``side``'s units (a new set: the caller may change it).

    The answer depends only on where the units that exert a ZOC stand, which of them are
    armor under optional 12.3 (with the bridges blown and built), and ``for_supply``; the
    movement search, self-play and the AI ask it again and again for the same positions,
    so recent answers are kept under that key."""
    units = state.module.units
    rule_12_3 = state.has_rule("12.3")
    strategic = state.strategic
    exerting = [u for u, spec in ((u, units[u]) for u in state.pos)
                if spec.side == side and not spec.is_leader and u not in strategic]  # exerts_zoc
    pos = state.pos
    if rule_12_3:
        armor = frozenset(pos[u] for u in exerting if units[u].type == "armor")
        key = (id(state.module), for_supply, frozenset(pos[u] for u in exerting if units[u].type != "armor"),
               armor, frozenset(state.blown) if armor else None, frozenset(state.built) if armor else None)
    else:
        key = (id(state.module), for_supply, frozenset(pos[u] for u in exerting))
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is state.module:
        return set(hit[1])
    t = tables(state.module)
    out: set[str] = set()
    for u in exerting:
        out |= _zoc_from(state, t, u, rule_12_3, for_supply)
    if len(_CACHE) > 64:
        _CACHE.clear()
    _CACHE[key] = (state.module, frozenset(out))
    return out

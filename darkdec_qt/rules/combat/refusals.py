"""The most specific clause: when a proposed retreat or advance is not
one the rules allow, walk it and name the first clause it breaks (13.6.2D an armored unit
across an unbridged river, 13.7.4A-D terrain on advance...), not the section's heading.
Used only to explain a refusal: legality itself stays with ``retreat.legal_retreats`` and
``advance.legal_advances``."""

from __future__ import annotations

from darkdec_qt.moduleview import ARMORED_TYPES
from darkdec_qt.rules.combat.advance import _side
from darkdec_qt.rules.combat.retreat import _bulge_ok, _unbridged, bulge_rule
from darkdec_qt.rules.core.phases import other_side
from darkdec_qt.rules.core.state import GameState
from darkdec_qt.rules.core.zoc import zoc_hexes


def _enemy_in(state: GameState, side: str, h: str) -> bool:
    enemy = other_side(side)
    return any(state.side_of(u) == enemy for u in state.units_at(h))


def retreat_clause(state: GameState, start: str, units: tuple[str, ...], path: tuple[str, ...],
                   length: int) -> tuple[str, str]:
    """(rule, reason) why ``path`` is not a legal retreat of ``units`` from ``start``."""
    side = state.side_of(units[0])
    path = tuple(path)
    if not path or path[0] != start:
        return "13.6A", f"a retreat path begins in the hex retreated from ({start})"
    if len(path) - 1 > length:
        return "13.6A", f"the retreat is {length} hex(es), not {len(path) - 1}"
    armored = any(state.spec(u).type in ARMORED_TYPES for u in units)
    crossed = False
    for a, b in zip(path, path[1:]):
        if b not in state.module.hexes:
            return "13.6.1B", f"units may not retreat off the map ({b})"
        if b not in state.module.adjacency.get(a, ()) or b in path[: path.index(a) + 1]:
            return "13.6A", f"a retreat moves hex by hex through the grid: {a}-{b}"
        if crossed:
            return "13.6.2B", "infantry never retreat further than the hex after an unbridged river"
        if _enemy_in(state, side, b):
            return "13.6.1B", f"units may not retreat through enemy units ({b})"
        if _unbridged(state, a, b):
            if armored:
                return "13.6.2D", ("armored and armored cavalry units may not retreat across an unbridged "
                                   f"river hexside ({a}-{b}): they lose steps instead")
            crossed = True
    rule = bulge_rule(state, side, start)
    if not _bulge_ok(rule, start, path[-1]):
        return "13.6C", f"an Allied unit beside the Bulge retreats {rule} or west"
    nats = {state.spec(u).nationality for u in units}
    here = {state.spec(u).nationality for u in state.units_at(path[-1]) if u not in units
            and state.side_of(u) == side and not state.spec(u).is_leader}
    if here and {"British", "US"} <= (nats | here):
        return "11.4", "British and US units stack together only when combat leaves no other retreat"
    if len(path) - 1 < length and not crossed:
        return "13.6A", f"the retreat is {length} hex(es) where the path allows it"
    return "13.6B", "another path comes first by the retreat priorities"


def advance_clause(state: GameState, unit: str, vacated: str, path: tuple[str, ...], length: int) -> tuple[str, str]:
    """(rule, reason) why ``path`` is not a legal advance of ``unit`` into ``vacated``."""
    spec = state.spec(unit)
    path = tuple(path)
    start = state.pos.get(unit)
    if len(path) < 2 or path[0] != start or path[1] != vacated:
        return "13.7.3", f"the first hex of an advance is the vacated hex {vacated}"
    if len(path) - 1 > length:
        t = spec.type
        rule = "13.7.6" if state.battle is not None and dict(state.battle.vacated).get(vacated) == -1 else \
            "13.7.1C" if t in ARMORED_TYPES else "13.7.1B" if t == "armored_infantry" else "13.7.1A"
        if state.ground_now() == "snow":
            rule = "22.0B"
        return rule, f"{unit} may advance at most {length} hex(es)"
    zoc = zoc_hexes(state, other_side(spec.side))
    armored = spec.type in ARMORED_TYPES
    dense = 0
    for i, (a, b) in enumerate(zip(path, path[1:])):
        if b not in state.module.adjacency.get(a, ()) or b in path[:i + 1]:
            return "13.7", f"an advance moves hex by hex: {a}-{b}"
        if i > 0 and state.module.hexes[a].terrain == "marsh":
            return "13.7.4D", f"advancing units stop in the first marsh hex ({a})"
        if i > 0 and a in zoc:
            return "13.7.7", f"advancing units stop on entering an enemy ZOC ({a})"
        if _enemy_in(state, spec.side, b):
            return "13.7", f"units may not advance into enemy units ({b})"
        river, unbridged, _ = _side(state, a, b)
        hs = state.module.hexside(a, b)
        ford = hs is not None and hs.ford
        if armored and unbridged and not ford:
            return "13.7.4B", f"armored units may not advance across an unbridged river ({a}-{b})"
        if river and (unbridged or ford) and a != start:
            return "13.7.4A", f"an unbridged river or ford is crossed only from the attacker's hex ({a}-{b})"
        if spec.is_motorized and state.module.hexes[b].terrain == "dense_forest" \
                and not state.module.roads_between(a, b):
            dense += 1
            if dense > 1:
                return "13.7.4C", "armored units advance through one dense forest hex at most off road"
    end = path[-1]
    friends = [u for u in state.units_at(end) if state.side_of(u) == spec.side and not state.spec(u).is_leader]
    if len(friends) >= 3 and not spec.is_leader:
        return "11.0A", f"{end} already holds three units"
    if not spec.is_leader and friends and {"British", "US"} <= {state.spec(u).nationality for u in friends} | \
            {spec.nationality}:
        return "11.4", "an advance is never forced: British and US units may not end it together"
    return "13.7", f"cannot advance along {'-'.join(path)} (13.7.1-13.7.7)"

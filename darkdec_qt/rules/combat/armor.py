"""13.9: armor superiority.

An "armored unit" is a unit of type ``armor`` (the rulebook names armored infantry and
armored cavalry separately where it means them; docs/rules-interpretations.md).
"""

from __future__ import annotations

from darkdec_qt.rules.combat.terrain_level import uses_westwall
from darkdec_qt.rules.core.state import GameState

COVER = frozenset({"woods", "dense_forest"})  # 13.9.2A, with Westwall, fortification and town


def is_armored(state: GameState, unit: str) -> bool:
    return state.spec(unit).type == "armor"


def _unbridged(state: GameState, a: str, b: str) -> bool:
    hs = state.module.hexside(a, b)
    if hs is None or hs.river is None:
        return False
    key = hs.key
    return not ((hs.bridge and key not in state.blown) or key in state.built or hs.ford)


def _river(state: GameState, a: str, b: str) -> bool:
    hs = state.module.hexside(a, b)
    return hs is not None and hs.river is not None


def defender_has_superiority(state: GameState, attackers: tuple[str, ...], defenders: tuple[str, ...]) -> bool:
    """13.9/13.9.1B: the defender's units include an armored unit and the attacker's do not
    (13.9.1D: it keeps the benefit across rivers and in marsh)."""
    return any(is_armored(state, u) for u in defenders) and not any(is_armored(state, u) for u in attackers)


def attacker_superiority(state: GameState, attackers: tuple[str, ...], defenders: tuple[str, ...],
                         hex_id: str) -> tuple[bool, str]:
    """13.9.1A, C-E and 13.3.1D for one defending hex: (available, reason)."""
    armored = [u for u in attackers if is_armored(state, u)]
    if not armored:
        return False, "no attacking armored unit"
    if any(is_armored(state, u) for u in defenders):
        return False, "the defenders include an armored unit (13.9)"
    if state.module.hexes[hex_id].terrain == "marsh":
        return False, f"defending hex {hex_id} is marsh (13.9.1C)"
    side = state.side_of(defenders[0]) if defenders else ""
    ww = side == "German" and uses_westwall(state, hex_id, {state.pos[u] for u in attackers})
    usable = []
    for u in armored:
        h = state.pos[u]
        if _unbridged(state, h, hex_id):
            continue
        if ww and _river(state, h, hex_id):
            continue
        usable.append(u)
    if not usable:
        if ww:
            return False, f"Westwall at {hex_id}: no armor superiority across a river (13.3.1D)"
        return False, "all attacking armored units attack across an unbridged river (13.9.1C)"
    occupants = [u for u in state.units_at(hex_id)]
    near = set(occupants)
    for n in state.module.adjacency.get(hex_id, ()):
        near |= {u for u in state.units_at(n) if state.side_of(u) == side}
    for u in sorted(near):
        if state.side_of(u) == side and (is_armored(state, u) or state.spec(u).type == "engineer"):
            return False, f"{u} (armored or engineer) is with or adjacent to the defenders (13.9.1E)"
    return True, "armored attacker against defenders without armor (13.9.1A)"


def armor_must_take_losses(state: GameState, defender_hexes: tuple[str, ...], used: bool) -> bool:
    """13.9.2A: an attacker that used armor superiority against woods, dense forest,
    Westwall, fortification or town hexes takes its losses from its armored units."""
    if not used:
        return False
    for h in defender_hexes:
        hx = state.module.hexes[h]
        if hx.terrain in COVER or hx.town or hx.westwall or h in state.fortifications:
            return True
    return False

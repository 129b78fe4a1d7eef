"""16.0: bridge demolition and construction."""

from __future__ import annotations

from darkdec_qt import hexgrid
from darkdec_qt.rules.commanders import displacement_events
from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core import events as ev
from darkdec_qt.rules.core.dice import DiceCursor
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.phases import Phase, other_side
from darkdec_qt.rules.core.registry import register_checker
from darkdec_qt.rules.core.state import GameState
from darkdec_qt.rules.core.tables import TICKS
from darkdec_qt.rules.movement import move as movement
from darkdec_qt.rules.opening import initial

GERMAN_BRIDGE_LIMIT = 7  # 16.2.4C (used when the module has no 'german_bridge' marker)


def has_bridge(state: GameState, a: str, b: str) -> bool:
    k = hexgrid.hexside_key(a, b)
    hs = state.module.hexsides.get(k)
    return (hs is not None and hs.bridge and k not in state.blown) or k in state.built


@register_checker("blow_bridge")
def check_blow(state: GameState, cmd: cm.BlowBridge, dice: DiceCursor) -> list[ev.Event]:
    """16.1: in the Construction/Demolition Phase; one attempt per bridge per player turn;
    1-3 blows it, -1 if adjacent to the hexside or an Allied engineer."""
    u, a, b = cmd.unit, cmd.a, cmd.b
    if u not in state.pos:
        raise IllegalAction(f"{u!r} is not on the map", rule="16.1A")
    s = state.module.units[u]
    k = hexgrid.hexside_key(a, b)
    if state.phase is not Phase.CONSTRUCTION or s.side != state.side:
        raise IllegalAction("demolishes bridges only in its Construction/Demolition Phase", rule="16.1C", unit=u)
    if not has_bridge(state, a, b):
        raise IllegalAction(f"there is no bridge between {a} and {b}", rule="16.1A", unit=u)
    if initial.is_16_december(state):
        raise IllegalAction("no bridge demolition on 16 December", rule="16.1H", unit=u)
    if k in state.bridge_attempts:
        raise IllegalAction(f"bridge {a}-{b} was already attempted this player turn", rule="16.1D", unit=u)

    if not state.is_supplied(u) or u in state.reserve \
            or u in state.strategic:
        raise IllegalAction("unsupplied, isolated, reserve or strategic units may not", rule="16.1G", unit=u)
    if state.paradropped.get(u) == state.turn:
        raise IllegalAction("may not demolish bridges on the turn it is dropped", rule="19.4", unit=u)
    h = state.pos[u]
    adjacent = h in (a, b)  # 16.1B
    enemy = other_side(s.side)
    enemy_hexes = [hh for x, hh in state.pos.items() if state.module.units[x].side == enemy]
    if not adjacent:
        near = [x for x in (a, b) if hexgrid.distance(h, x) <= 1 and x not in enemy_hexes]
        if not near:
            raise IllegalAction(f"in {h} is not within one hex of an unoccupied bridge hex", rule="16.1A", unit=u, hex=h)
        if not any(min(hexgrid.distance(e, a), hexgrid.distance(e, b)) <= 2 for e in enemy_hexes):
            raise IllegalAction("no enemy unit within two hexes of the bridge", rule="16.1A", unit=u, hex=h)
    if adjacent and state.has_rule("7.1.7A") and not any(  # (scenarios) optional 7.1.7A: proximity always
            min(hexgrid.distance(e, a), hexgrid.distance(e, b)) <= 2 for e in enemy_hexes):
        raise IllegalAction("no enemy unit within three hexes of the bridge (optional rule)", rule="7.1.7A",
                            unit=u, hex=h)
    value, roll = dice.roll(f"demolition of bridge {a}-{b} by {u} (16.1D)")
    drm = -1 if adjacent or (s.side == "Allied" and s.type == "engineer") else 0
    out: list[ev.Event] = [roll, ev.BridgeAttempted(a=a, b=b, unit=u)]
    if value + drm <= 3:
        out.append(ev.BridgeBlown(a=a, b=b))
    return out


# 16.2.1C: "the German 5/15th Parachute Infantry and 212/423rd Infantry regiments" =
# (division, regiment) pairs; the module writes regiment/division ("15/5FJ", "423/212").
BRIDGING_REGIMENTS = frozenset({("5", "15"), ("212", "423")})


def may_build(state: GameState, unit: str) -> bool:
    """16.2.1: any Allied unit, German armor, 15th regiment of the 5th Fallschirmjäger and
    423rd regiment of the 212th Volksgrenadier Division (not leaders)."""
    import re

    s = state.module.units[unit]
    if s.is_leader:
        return False
    if s.side == "Allied":
        return True
    if s.type == "armor":
        return True
    reg = unit.split("/")[0]
    m = re.match(r"\d+", s.division or "")
    return m is not None and (m.group(), reg) in BRIDGING_REGIMENTS


def check_build_move(state: GameState, units: tuple[str, ...], path: tuple[str, ...]) -> list[ev.Event]:
    """16.2.2: a unit that began the Movement Phase adjacent to an unbridged river hexside
    moves across it spending its entire MA; the bridge is built in the Construction Phase."""
    if len(units) != 1 or len(path) != 2:
        raise IllegalAction("one unit builds a bridge by moving one hex across the river", rule="16.2.2A")
    u = units[0]
    a, b = path
    if state.phase is not Phase.MOVEMENT:
        raise IllegalAction("bridges are built by movement in the Movement Phase", rule="16.2.3B", unit=u)
    if not may_build(state, u):
        raise IllegalAction("may not build bridges", rule="16.2.1B" if state.side_of(u) == "German" else "16.2.1A", unit=u)
    k = hexgrid.hexside_key(a, b)
    hs = state.module.hexsides.get(k)
    if hs is None or not hs.river or has_bridge(state, a, b):
        raise IllegalAction(f"{a}-{b} is not an unbridged river hexside", rule="16.2", unit=u)
    if state.mp_spent.get(u, 0) or u in state.moved or u in state.strategic:
        raise IllegalAction("must begin the Movement Phase adjacent to the hexside and spend its entire MA",
                            rule="16.2.2A", unit=u)
    side = state.module.units[u].side
    hx_rivers = movement.make_context(state, units)
    if b in hx_rivers.enemy_occ:
        raise IllegalAction(f"cannot enter {b}: occupied by enemy units", rule="10.2D", unit=u, hex=b)
    if a in hx_rivers.zoc and b in hx_rivers.zoc:
        raise IllegalAction(f"cannot enter {b}: enemy ZOC to enemy ZOC", rule="10.2F", unit=u, hex=b)
    if hs.river_name and hs.river_name in hx_rivers.closed_rivers:
        raise IllegalAction(f"cannot bridge the {hs.river_name}: restricted unit not released", rule="10.9B",
                            unit=u, hex=b)
    if hx_rivers.friends.get(b, 0) + 1 > 3:
        raise IllegalAction(f"cannot enter {b}: more than three units in the hex", rule="11.0A", unit=u, hex=b)
    limit = _limit(state, side)
    new_location = not (hs.bridge)
    if (side == "German" or new_location) and limit is not None:
        used = state.bridge_markers.get(side, 0) + sum(
            1 for kk, uu in state.bridges_started.items() if state.module.units[uu].side == side)
        if used >= limit:
            raise IllegalAction(f"no {side} bridge marker left ({limit})", rule="16.2.4C" if side == "German" else "16.2.4A", unit=u)
    mp = max(movement.remaining_ticks(state, u), TICKS)
    # no further movement: BridgeStarted (16.2.2A, check_can_move); "stopped" only for a ZOC (12.1A)

    return [ev.UnitMoved(unit=u, path=path, mp=mp, stopped=b in hx_rivers.zoc), ev.BridgeStarted(a=a, b=b, unit=u)] \
        + displacement_events(state, units, tuple(path))  # 15.5D


def _limit(state: GameState, side: str) -> int | None:
    for kind, m in state.module.markers.items():
        if "bridge" in kind.lower() and m.side == side and m.limit is not None:
            return m.limit
    return GERMAN_BRIDGE_LIMIT if side == "German" else None


def completed_events(state: GameState) -> list[ev.Event]:
    """16.2.2B: bridges started this Movement Phase are built in the Construction Phase;
    rebuilt demolished bridges need no marker except for Germany (16.2.4B-C)."""
    out: list[ev.Event] = []
    for (a, b), u in sorted(state.bridges_started.items()):
        side = state.module.units[u].side
        if side != state.side:
            continue
        hs = state.module.hexsides.get((a, b))
        marker = side == "German" or not (hs is not None and hs.bridge)
        out.append(ev.BridgeBuilt(a=a, b=b, side=side, marker=marker))
    return out

"""6.0H-6.1 set-up before the first turn: placing units by hand (``PlaceUnit``) or
automatically (``AutoSetup``), with the zones the variants add.

Zones (``GameState.to_place``: unit -> zone):

- ``6PZA`` / ``5PZA`` / ``7A``: the army set-up area printed on the unit (6.1A);
  infantry and parachute units at least one hex east of the Westwall hexes (6.1B),
  armored and armored infantry at least two (6.1C); never stacked (6.1E);
- ``any_army``: any of the three army areas, at least two hexes east of the Westwall
  (26.7, 26.9A, 26.18A);
- ``elsenborn3``: within three hexes of Elsenborn (26.4B, 26.6B);
- ``west_of_our``: anywhere west of the Our river outside the German army areas (26.6A).

6.0H: the Allies complete their set-up first, then Germany. StartGame is refused while a
unit remains to be placed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from darkdec_qt import hexgrid
from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core import events as ev
from darkdec_qt.rules.core.apply import register_handler
from darkdec_qt.rules.core.errors import IllegalAction, MalformedCommand
from darkdec_qt.rules.core.registry import PRESTART, register_checker
from darkdec_qt.rules.core.state import GameState

ARMY_ZONES = ("5PZA", "6PZA", "7A")


@cm.Command.register
@dataclass(frozen=True, slots=True)
class PlaceUnit(cm.Command):
    """6.0H/6.1: place ``unit`` on ``hex`` during the set-up."""

    kind: ClassVar[str] = "place_unit"
    unit: str
    hex: str


@cm.Command.register
@dataclass(frozen=True, slots=True)
class AutoSetup(cm.Command):
    """Place every unit still to be placed (of ``side``, or both when empty) by the
    engine's deterministic rule: the first legal hex west to east, north to south."""

    kind: ClassVar[str] = "auto_setup"
    side: str = ""


@ev.Event.register
@dataclass(frozen=True, slots=True)
class UnitPlaced(ev.Event):
    kind: ClassVar[str] = "unit_placed"
    unit: str
    hex: str


PRESTART.update({"place_unit", "auto_setup"})


@register_handler("unit_placed")
def _placed(s: GameState, e: UnitPlaced) -> None:  # type: ignore[override]
    s.to_place.pop(e.unit, None)
    s.pos[e.unit] = e.hex
    if e.hex in s.road_control:
        s.road_control[e.hex] = s.module.units[e.unit].side


# --- geometry -----------------------------------------------------------------------------


def _westwall(state: GameState) -> list[str]:
    return [h for h, hx in state.module.hexes.items() if hx.westwall]


def east_of_westwall(state: GameState, h: str, k: int, ww: list[str] | None = None) -> bool:
    """6.1B-C: ``h`` lies east of the Westwall line and at least ``k`` hexes from every
    Westwall hex (k=1 infantry and parachute, k=2 armored)."""
    ww = _westwall(state) if ww is None else ww
    if not ww:
        return True
    col, row = hexgrid.parse_hex_id(h)
    same_row = [w for w in ww if abs(hexgrid.parse_hex_id(w)[1] - row) <= 1]
    if same_row and col <= max(hexgrid.parse_hex_id(w)[0] for w in same_row):
        return False
    return min(hexgrid.distance(h, w) for w in ww) >= k


def _our_west(state: GameState, h: str) -> bool:
    rows: dict[int, int] = {}
    for hs in state.module.hexsides.values():
        if hs.river_name == "Our":
            for x in (hs.a, hs.b):
                c, r = hexgrid.parse_hex_id(x)
                rows[r] = min(rows.get(r, 10**6), c)
    if not rows:
        return state.module.hexes[h].army is None
    col, row = hexgrid.parse_hex_id(h)
    near = min(rows, key=lambda r: abs(r - row))
    return col < rows[near] and state.module.hexes[h].army is None


def zone_rule(zone: str) -> str:
    return {"any_army": "26.7", "elsenborn3": "26.4B", "west_of_our": "26.6A"}.get(zone, "6.1A")


def in_zone(state: GameState, unit: str, h: str, zone: str) -> str | None:
    """Why ``unit`` may not be set up on ``h`` in ``zone`` (None when it may)."""
    mod = state.module
    hx = mod.hexes.get(h)
    if hx is None:
        return f"{h} is not a hex of the map"
    spec = mod.units[unit]
    if zone in ARMY_ZONES or zone == "any_army":
        if zone in ARMY_ZONES and hx.army != zone:
            return f"{h} is outside the {zone} army boundary (6.1A)"
        if zone == "any_army" and hx.army not in ARMY_ZONES:
            return f"{h} is outside the army boundaries (26.7)"
        if not spec.is_leader:
            k = 2 if spec.is_motorized or zone == "any_army" else 1
            if not east_of_westwall(state, h, k):
                rule = "6.1C" if k == 2 else "6.1B"
                what = "armored units" if k == 2 else "infantry and parachute units"
                return f"{h} is not at least {k} hex{'es' if k > 1 else ''} east of the Westwall: {what} ({rule})"
        return None
    if zone == "elsenborn3":
        town = mod.town_hex("Elsenborn")
        if town is None or hexgrid.distance(h, town) > 3 or hx.army:
            return f"{h} is not within three hexes of Elsenborn (26.4B)"
        return None
    if zone == "west_of_our":
        if not _our_west(state, h):
            return f"{h} is not west of the Our river (26.6A)"
        return None
    return f"unknown set-up zone {zone!r}"


def legal_hexes(state: GameState, unit: str) -> list[str]:
    """Hexes where ``unit`` may be set up now (west to east, north to south)."""
    zone = state.to_place.get(unit)
    if zone is None:
        return []
    taken = _taken(state)
    out = [h for h in _ordered(state) if in_zone(state, unit, h, zone) is None
           and (state.module.units[unit].is_leader or h not in taken)]
    return out


def _ordered(state: GameState) -> list[str]:
    return sorted(state.module.hexes, key=lambda h: hexgrid.parse_hex_id(h))


def _taken(state: GameState) -> set[str]:
    units = state.module.units
    return {h for u, h in state.pos.items() if not units[u].is_leader}


def check_place(state: GameState, unit: str, h: str) -> None:
    mod = state.module
    if state.started:
        raise IllegalAction("the set-up is over", rule="6.0H")
    if unit not in mod.units:
        raise MalformedCommand(f"unknown unit {unit!r}")
    zone = state.to_place.get(unit)
    if zone is None:
        raise IllegalAction("is not a unit to be set up", rule="6.0H", unit=unit)
    spec = mod.units[unit]
    if spec.side == "German" and any(mod.units[u].side == "Allied" for u in state.to_place):
        raise IllegalAction("Germany sets up when the Allies have completed their set-up", rule="6.0H", unit=unit)
    why = in_zone(state, unit, h, zone)
    if why:
        rule = why[why.rfind("(") + 1: -1] if why.endswith(")") else zone_rule(zone)
        raise IllegalAction(f"cannot set up on {why}" if why.startswith(h) else why, rule=rule, unit=unit, hex=h)
    if not spec.is_leader and h in _taken(state):
        raise IllegalAction(f"cannot set up on {h}: units may not be stacked in the initial set-up",
                            rule="6.1E", unit=unit, hex=h)


@register_checker("place_unit")
def _check_place(state: GameState, cmd: PlaceUnit, dice: object) -> list[ev.Event]:
    check_place(state, cmd.unit, cmd.hex)
    return [UnitPlaced(unit=cmd.unit, hex=cmd.hex)]


def auto_placements(state: GameState, side: str = "") -> list[tuple[str, str]]:
    """The deterministic placements (Allies first, 6.0H): each unit in id order on the
    first legal free hex west to east, north to south; a unit with no legal hex left
    takes the first free hex of its zone's area (never happens on the real map)."""
    probe = state.clone()
    ww = _westwall(state)
    order = sorted(probe.to_place, key=lambda u: (probe.module.units[u].side != "Allied", u))
    out: list[tuple[str, str]] = []
    hexes = _ordered(state)
    for u in order:
        if side and probe.module.units[u].side != side:
            continue
        zone = probe.to_place[u]
        taken = _taken(probe)
        cands = [h for h in hexes if h not in taken]
        good = None
        for h in cands:
            if zone in ARMY_ZONES and probe.module.hexes[h].army != zone:
                continue
            if zone in ARMY_ZONES or zone == "any_army":
                if zone == "any_army" and probe.module.hexes[h].army is None:
                    continue
                spec = probe.module.units[u]
                k = 2 if spec.is_motorized or zone == "any_army" else 1
                if not east_of_westwall(probe, h, k, ww):
                    continue
            elif in_zone(probe, u, h, zone) is not None:
                continue
            good = h
            break
        if good is None:
            area = [h for h in cands if probe.module.hexes[h].army == zone] or cands
            if not area:
                continue
            good = area[0]
        out.append((u, good))
        probe.pos[u] = good
        probe.to_place.pop(u)
    return out


@register_checker("auto_setup")
def _check_auto(state: GameState, cmd: AutoSetup, dice: object) -> list[ev.Event]:
    if state.started:
        raise IllegalAction("the set-up is over", rule="6.0H")
    return [UnitPlaced(unit=u, hex=h) for u, h in auto_placements(state, cmd.side)]


def place_historical(state: GameState, positions: dict[str, str]) -> None:
    """6.2A: units still to be placed in an army area go to their historical hex (one per
    hex, in their army area: a position that breaks 6.1A/6.1E is left to ``place_all``)."""
    mod = state.module
    for u in sorted(state.to_place):
        h = positions.get(u)
        zone = state.to_place[u]
        if h is None or zone not in ARMY_ZONES or h not in mod.hexes or mod.hexes[h].army != zone:
            continue
        if not mod.units[u].is_leader and h in _taken(state):
            continue
        _placed(state, UnitPlaced(unit=u, hex=h))


def place_all(state: GameState) -> None:
    """Used by ``setup.initial_state`` when the set-up is not by hand."""
    for u, h in auto_placements(state):
        _placed(state, UnitPlaced(unit=u, hex=h))

"""10.9: restricted Allied units (British, French, some US reinforcements)."""

from __future__ import annotations

import re

from darkdec_qt import hexgrid
from darkdec_qt.moduleview import UnitSpec
from darkdec_qt.rules.core import events as ev
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.state import GameState
from darkdec_qt.rules.core.tables import tables


def _div_number(spec: UnitSpec) -> int | None:
    m = re.match(r"\d+", spec.division or "")
    return int(m.group()) if m else None


def is_11th_armored(spec: UnitSpec) -> bool:
    return spec.side == "Allied" and spec.nationality == "US" and _div_number(spec) == 11 and spec.is_motorized


def is_17th_airborne(spec: UnitSpec) -> bool:
    return spec.side == "Allied" and spec.nationality == "US" and _div_number(spec) == 17


def is_29th_armoured(spec: UnitSpec) -> bool:
    """10.9.1C: the 29th Armoured Brigade (module id "29Arm"; "29/..." also accepted)."""
    return spec.nationality == "British" and spec.type == "armor" and re.match(r"29(?!\d)", spec.id) is not None


def is_restricted_unit(state: GameState, unit: str) -> bool:
    """10.9A: British/French reinforcements; flagged US units (engineer reinforcements,
    11th Armored, 17th Airborne: 10.9.2A)."""
    s = state.module.units[unit]
    if s.side != "Allied":
        return False
    if s.restricted:
        return True
    if s.nationality in ("British", "French") and s.arrival:
        return True
    if s.nationality == "US" and s.arrival and (s.type == "engineer" or is_11th_armored(s) or is_17th_airborne(s)):
        return True
    return False


def is_released(state: GameState, unit: str) -> bool:
    """10.9.1B: all released once more than 35 Allied units were ever destroyed."""
    if unit in state.released:
        return True
    return state.destroyed_count.get("Allied", 0) > 35


def meuse_west_hexes(state: GameState) -> set[str]:
    t = tables(state.module)
    out: set[str] = set()
    for h, sides in t.sides.items():
        for sd in sides:
            if sd.river_name == "Meuse" and hexgrid.parse_hex_id(h)[0] < hexgrid.parse_hex_id(sd.b)[0]:
                out.add(h)
    return out


def is_activated(state: GameState, unit: str) -> bool:
    """10.9.1A: while a supplied German unit is within three hexes of the west side of the Meuse."""
    return is_released(state, unit) or unit in state.activated or german_near_meuse(state, 3)


def german_near_meuse(state: GameState, reach: int) -> bool:
    """A supplied German combat unit within ``reach`` hexes of the west side of the Meuse (10.9.1A
    uses 3, 23.0B uses 4); 8.7.4: a unit out of fuel is not supplied."""
    west = meuse_west_hexes(state)
    if not west:
        return False
    units = state.module.units
    for u, h in state.pos.items():
        s = units[u]
        if s.side == "German" and not s.is_leader and state.is_supplied(u):
            if any(hexgrid.distance(h, w) <= reach for w in west):
                return True
    return False


def closed_rivers(state: GameState, units: tuple[str, ...]) -> frozenset[str]:
    """10.9B: rivers restricted units may not cross before release."""
    out: set[str] = set()
    for u in units:
        if is_restricted_unit(state, u) and not is_released(state, u):
            out.add("Meuse")
            if state.module.units[u].nationality == "US":
                out.add("Semois")
    return frozenset(out)


def check_may_move(state: GameState, unit: str) -> None:
    """10.9B: no movement after the turn of entry until activated."""
    if not is_restricted_unit(state, unit):
        return
    entered = state.entered_turn.get(unit)
    if entered is not None and entered == state.turn:
        return
    if not is_activated(state, unit):
        raise IllegalAction("is a restricted unit and is not activated", rule="10.9B", unit=unit)


def automatic_releases(state: GameState) -> list[ev.Event]:
    """At the start of the Allied Movement Phase: 10.9.1C 29th Armoured within four hexes
    of a supplied German unit; 10.9.2B 11th Armored AM 29 Dec, 17th Airborne AM 1 Jan."""
    if state.side != "Allied":
        return []
    mod = state.module
    code = state.turn_code()
    germans = [h for u, h in state.pos.items()
               if mod.units[u].side == "German" and not mod.units[u].is_leader
               and state.is_supplied(u)]  # 8.7.4: not out of fuel
    out: list[ev.Event] = []
    for u in sorted(mod.units):
        s = mod.units[u]
        if not is_restricted_unit(state, u) or u in state.released or u in state.eliminated:
            continue
        if is_29th_armoured(s) and u in state.pos and any(hexgrid.distance(state.pos[u], g) <= 4 for g in germans):
            out.append(ev.RestrictedReleased(unit=u, reason="within four hexes of a supplied German unit (10.9.1C)"))
        elif is_11th_armored(s) and state.turn >= state.turn_number("29DecAM"):
            out.append(ev.RestrictedReleased(unit=u, reason=f"11th Armored released AM 29 December (10.9.2B) [{code}]"))
        elif is_17th_airborne(s) and state.turn >= state.turn_number("1JanAM"):
            out.append(ev.RestrictedReleased(unit=u, reason="17th Airborne released AM 1 January (10.9.2B)"))
    return out


def check_voluntary_release(state: GameState, unit: str) -> list[ev.Event]:
    """10.9.2C: from AM 3 January, one restricted US unit per AM game turn."""
    if unit not in state.module.units:
        raise IllegalAction(f"unknown unit {unit!r}", rule="10.9.2C")
    s = state.module.units[unit]
    if s.nationality != "US" or not is_restricted_unit(state, unit):
        raise IllegalAction("is not a restricted US unit", rule="10.9.2C", unit=unit)
    if is_released(state, unit):
        raise IllegalAction("is already released", rule="10.9.2C", unit=unit)
    if state.side != "Allied" or state.turn < state.turn_number("3JanAM") or state.current_turn().ampm != "AM":
        raise IllegalAction("may be released voluntarily only on Allied AM turns from 3 January", rule="10.9.2C", unit=unit)
    if state.turn in state.voluntary_release_turns:
        raise IllegalAction("cannot be released: one voluntary release per AM game turn", rule="10.9.2C", unit=unit)
    return [ev.RestrictedReleased(unit=unit, reason="voluntary release (10.9.2C)", voluntary=True)]

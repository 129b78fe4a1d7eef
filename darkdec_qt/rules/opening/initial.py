"""18.3 restricted Allied movement on 16 December; 19.0 the German parachute drop."""

from __future__ import annotations

from darkdec_qt.moduleview import ARMORED_TYPES
from darkdec_qt.rules.core import events as ev
from darkdec_qt.rules.core.dice import DiceCursor
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.core.state import GameState
from darkdec_qt.rules.core.zoc import zoc_hexes
from darkdec_qt.rules.movement.withdrawals import is_150th_brigade


def is_16_december(state: GameState) -> bool:
    return state.current_turn().date.endswith("12-16")


def check_may_move(state: GameState, unit: str) -> None:
    """18.3B-C: on 16 December only Allied units attacked by Germany may move; armored
    and armored cavalry units move normally from PM 16 December. 15.7B: the Allied
    initial leaders may not move before AM 18 December. Optional 15.9A: the 150th Panzer
    Brigade and the SS units do not move in the (standard) Movement Phases of 16 December;
    they may in its Exploitation Phases (15.9B limits only their shock combat)."""
    s = state.module.units[unit]
    if s.side == "German" and is_16_december(state) and state.has_rule("15.9") and state.phase is Phase.MOVEMENT \
            and (s.nationality == "SS" or is_150th_brigade(s)):
        raise IllegalAction("may not move in the Movement Phase of 16 December: Dietrich's tactical "
                            "incompetency", rule="15.9A", unit=unit)
    if s.side == "Allied" and s.is_leader and s.setup and state.turn < state.turn_number("18DecAM"):
        raise IllegalAction("may not move before AM 18 December (an initial Allied leader)", rule="15.7B", unit=unit)
    if s.side != "Allied" or not is_16_december(state):
        return
    if "26.1" in state.variants:
        return  # (scenarios) 26.1C: the Allies warned move freely on 16 December
    if s.type in ARMORED_TYPES and state.current_turn().ampm == "PM":
        return
    if unit in state.entered_turn:
        return  # reinforcements entering this turn are not restricted by 18.3
    if unit not in state.was_attacked:
        raise IllegalAction("may not move on 16 December unless attacked by Germany", rule="18.3B", unit=unit)


def max_hexes(state: GameState, unit: str) -> int | None:
    """18.3B: activated Allied infantry move at most one hex per 16 December turn."""
    s = state.module.units[unit]
    if "26.1" in state.variants:
        return None  # (scenarios) 26.1C
    if s.side == "Allied" and is_16_december(state) and not s.is_motorized and unit not in state.entered_turn:
        return 1
    return None


def paradrop_unit(state: GameState) -> str | None:
    """19.1: von der Heydte, the single air droppable paratroop unit."""
    for u, s in state.module.units.items():
        if "heydte" in u.lower() and s.side == "German":
            return u
    return None


def paradrop_due(state: GameState) -> bool:
    if state.side != "German" or state.turn_code() != ("16DecAM" if "26.5" in state.variants else "17DecAM"):
        return False  # (scenarios) 26.5B
    u = paradrop_unit(state)
    return u is not None and u not in state.paradropped and u not in state.eliminated


def drop_problem(state: GameState, hex_id: str, enemy_zoc: set[str]) -> str | None:
    """19.2A: why ``hex_id`` is no drop hex (None: it is one). A town (or Westwall) hex in clear
    terrain is a clear terrain hex (erratum 4.1.2B; 13.7.7 must exclude towns and Westwall
    from "clear" expressly, 19.2A does not): docs/rules-interpretations.md."""
    hx = state.module.hexes.get(hex_id)
    if hx is None or hx.terrain != "clear":
        return "not a clear terrain hex"
    units = state.module.units
    if any(units[u].side == "Allied" and h == hex_id for u, h in state.pos.items()):
        return "enemy occupied"
    if hex_id in enemy_zoc:
        return "enemy ZOC"
    return None


def drop_hexes(state: GameState, first: bool = False) -> list[str]:
    """19.2A: the hexes von der Heydte may drop on (only the first with ``first``)."""
    zoc = zoc_hexes(state, "Allied")
    out = []
    for h in sorted(state.module.hexes):
        if drop_problem(state, h, zoc) is None:
            out.append(h)
            if first:
                break
    return out


def check_paradrop(state: GameState, unit: str, hex_id: str, dice: DiceCursor) -> list[ev.Event]:
    """19.2: before movement, onto a clear hex not enemy occupied nor in an enemy ZOC; a
    die on the Paradrop Table decides the unit's fate."""
    if unit != paradrop_unit(state):
        raise IllegalAction("cannot be air dropped: only von der Heydte may (19.2D)", rule="19.2D", unit=unit)
    if not paradrop_due(state) or state.phase is not Phase.MOVEMENT:
        raise IllegalAction("drops only in the German Movement Phase of AM 17 December", rule="19.1", unit=unit)
    if any(state.mp_spent.get(u) for u in state.pos):
        raise IllegalAction("the drop occurs before movement", rule="19.2A", unit=unit)
    err = drop_problem(state, hex_id, zoc_hexes(state, "Allied"))
    if err is not None:
        raise IllegalAction(f"cannot drop on {hex_id}: {err}", rule="19.2A", unit=unit, hex=hex_id)
    value, roll = dice.roll("paradrop (19.2B)")
    row = next((r for r in state.module.charts.paradrop if r.roll == value), None)
    text = (row.result if row else "").lower()
    result = "eliminated" if "elim" in text else "reduced" if ("reduc" in text or "step" in text) else "full"
    return [roll, ev.Paradropped(unit=unit, hex=hex_id, result=result)]


def drop_owed(state: GameState) -> bool:
    """19.1: von der Heydte must drop (before movement, 19.2A) and some hex allows it."""
    if not paradrop_due(state) or state.phase is not Phase.MOVEMENT:
        return False
    return bool(drop_hexes(state, first=True))

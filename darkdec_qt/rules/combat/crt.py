"""13.4-13.5: odds, dice columns, die roll modifiers and the Combat Results Table."""

from __future__ import annotations

import re
from dataclasses import dataclass

from darkdec_qt.rules.core.state import GameState

TACTICAL, NORMAL = "tactical", "normal"
LAST_GERMAN_TA = "22DecPM"  # 13.4.2 / 18.1A
LUFTWAFFE_EXTENDED = "23DecPM"  # 26.11B: with Luftwaffe contention on 23 Dec, through PM 23 Dec


@dataclass(frozen=True, slots=True)
class Result:
    """A parsed CRT code (13.5): assault levels, bracketed mandatory losses, CA, FF."""

    code: str
    defender: int = 0  # D1..D7 assault level (13.5.1A)
    attacker: int = 0  # A1..A3 (13.5.2)
    defender_mandatory: int = 0  # D7[1] (13.5.4)
    attacker_mandatory: int = 0  # A1[1].. (13.5.4)
    counterattack: bool = False  # CA (13.5.5)
    fire_fight: bool = False  # FF (13.5.6)

    @property
    def split(self) -> bool:  # 13.5.3
        return bool(self.defender and self.attacker)

    @property
    def no_effect(self) -> bool:
        return self.code == "-"


_PART = re.compile(r"^(?:\[(\d)\])?([AD])(\d)(?:\[(\d)\])?$")


def parse_result(code: str) -> Result:
    code = code.strip()
    if code in ("-", ""):
        return Result("-")
    if code == "CA":
        return Result(code, counterattack=True)
    if code == "FF":
        return Result(code, fire_fight=True)
    kw: dict[str, int] = {}
    for part in code.split("/"):
        m = _PART.match(part)
        if not m:
            raise ValueError(f"unknown CRT result {code!r}")
        who = "defender" if m[2] == "D" else "attacker"
        kw[who] = int(m[3])
        br = m[1] or m[4]
        if br:
            kw[f"{who}_mandatory"] = int(br)
    return Result(code, **kw)


def odds_column(state: GameState, attack: int, defense: int) -> str:
    """13.4.1C rounding in the defender's favour; 13.5A-B clamp to 1:3..9:1; 15.5A a
    defense of zero is attacked at the maximum odds."""
    cols = state.module.charts.crt.odds
    if defense <= 0:
        return cols[-1]
    if attack <= 0:
        return cols[0]
    if attack >= defense:
        label = f"{min(attack // defense, 9)}:1"
    else:
        label = f"1:{min(-(-defense // attack), 3)}"
    return label if label in cols else (cols[-1] if attack >= defense else cols[0])


def _clear_seen(state: GameState) -> bool:
    """20.3B: Germany loses the tactical column for the rest of the game once clear weather came."""
    return any((state.weather.get(t.number, t.weather) == "clear") for t in state.module.turns[: state.turn])


def german_tactical_period(state: GameState) -> bool:
    last = state.turn_number(LAST_GERMAN_TA, 14)
    if ("26.11" in state.variants and last < state.turn <= state.turn_number(LUFTWAFFE_EXTENDED, 16)
            and state.weather.get(-state.turn) == "contested"):
        return True  # 26.11B: only while the Luftwaffe contention is in force on a 23 December turn
    return state.turn <= last and not _clear_seen(state)


def dice_column(state: GameState, side: str, shock: bool = False) -> tuple[str, str]:
    """13.4.2/18.1A: Germany AM 16 - PM 22 Dec; the Allies on clear turns after PM 22 Dec
    (20.3A); 14.3 shock combat always tactical."""
    if shock:
        return TACTICAL, "shock combat (14.3)"
    if side == "German" and german_tactical_period(state):
        return TACTICAL, "German tactical advantage AM 16 - PM 22 Dec (13.4.2, 18.1A)"
    if side == "Allied" and state.air_superiority() and state.turn > state.turn_number(LAST_GERMAN_TA, 14):
        return TACTICAL, "Allied tactical advantage, clear weather after PM 22 Dec (13.4.2, 20.3A)"
    return NORMAL, "normal column"


def surprise(state: GameState, side: str) -> bool:
    """18.2A: AM 16 December, every German attack; 26.1B: not when the Allies were warned."""
    return side == "German" and state.turn == state.turn_number("16DecAM", 1) and "26.1" not in state.variants


def lookup(state: GameState, odds: str, column: str, roll: int) -> str:
    """The CRT code; a module without the column falls back to its normal column."""
    table = state.module.charts.crt
    cols = {c for c, _ in table.dice}
    if column not in cols:
        column = NORMAL if NORMAL in cols else sorted(cols)[0]
    return table.result(odds, column, roll)

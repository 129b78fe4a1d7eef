"""20-22 weather and ground; 24.0 uncertain weather (optional)."""

from __future__ import annotations

from darkdec_qt.rules.core import events as ev
from darkdec_qt.rules.core.dice import DiceCursor
from darkdec_qt.rules.core.state import GameState


def _num(state: GameState, code: str) -> int | None:
    t = state.module.turn_index.get(code)
    return t.number if t else None


def turn_start_events(state: GameState, dice: DiceCursor) -> list[ev.Event]:
    """24.0: with uncertain weather, from AM 22 December roll at the start of each game
    turn; once clear it stays clear until AM 29 December, then overcast for good (24.0C).
    Without the option the calendar's historical weather applies (20.0)."""
    if not state.has_rule("24") or state.side != "German":
        return []
    start, end = _num(state, "22DecAM"), _num(state, "29DecAM")
    if start is None or end is None or state.turn < start:
        return []
    if state.turn >= end:
        return [ev.WeatherSet(turn=state.turn, weather="overcast")] if state.weather_now() != "overcast" else []
    if any(w == "clear" for t, w in state.weather.items() if start <= t < state.turn):  # 24.0C once clear
        return [ev.WeatherSet(turn=state.turn, weather="clear")]
    value, roll = dice.roll("weather (24.0)")
    row = next((r for r in state.module.charts.weather if r.roll == value), None)
    w = "clear" if row and "clear" in row.result.lower() else "overcast"
    return [roll, ev.WeatherSet(turn=state.turn, weather=w)]

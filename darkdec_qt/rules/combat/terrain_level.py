"""13.3: the terrain defense level of a hex in a battle.

The level is the greatest of the hex's features (13.3.1A: a town in woods stays 4),
a fortification makes it 4 (17.1), river hexsides count only if all enemy units are
across river hexsides (13.3.1C), never above 7 (13.3.1E). Modifiers: attacking units -1
(13.3.2A), strategic movement -2 (13.3.2B, 10.4.7B), voluntary reductions (13.3.3),
armor superiority -1 / +1 (13.9.1A-B), counterattack -1 (13.5.5D-E); never below 0.
"""

from __future__ import annotations

from collections.abc import Iterable

from darkdec_qt.rules.core.state import GameState

MAX_LEVEL = 7  # 13.3.1E
Reason = tuple[int, str]


def _tec(state: GameState, feature: str) -> int | None:
    te = state.module.charts.tec.get(feature)
    return te.defense if te is not None else None


def feature_levels(state: GameState, hex_id: str) -> list[tuple[str, int]]:
    hx = state.module.hexes[hex_id]
    feats = [hx.terrain] + (["town"] if hx.town else []) + (["westwall"] if hx.westwall else [])
    if hex_id in state.fortifications:
        feats.append("fortification")
    out = []
    for f in feats:
        lv = _tec(state, f)
        if lv is not None:
            out.append((f, lv))
    return out


def river_level(state: GameState, hex_id: str, enemy_hexes: Iterable[str]) -> int | None:
    """13.3.1C: the river's level only if every enemy hex is across a river hexside (the
    lowest river level among those hexsides)."""
    levels = []
    for e in enemy_hexes:
        hs = state.module.hexside(hex_id, e)
        if hs is None or hs.river is None:
            return None
        lv = _tec(state, f"river_{hs.river}")
        if lv is None:
            return None
        levels.append(lv)
    return min(levels) if levels else None


def base_level(state: GameState, hex_id: str, enemy_hexes: Iterable[str] = ()) -> tuple[int, str]:
    """The greatest feature level (13.3.1A), capped at 7 (13.3.1E); returns (level, feature)."""
    feats = feature_levels(state, hex_id)
    rl = river_level(state, hex_id, list(enemy_hexes))
    if rl is not None:
        feats.append(("river", rl))
    if not feats:
        return 0, "none"
    f, lv = max(feats, key=lambda x: (x[1], x[0] != "river"))
    return min(lv, MAX_LEVEL), f


def hex_level(state: GameState, hex_id: str, enemy_hexes: Iterable[str] = (), *, attacking: bool = False,
              strategic: bool = False, voluntary: int = 0, armor: int = 0,
              counterattack: bool = False) -> tuple[int, list[Reason]]:
    """The level with every modifier and its reason; ``armor`` is +1 (defender armor
    superiority, 13.9.1B) or -1 (attacker armor superiority used, 13.9.1A)."""
    lv, f = base_level(state, hex_id, enemy_hexes)
    reasons: list[Reason] = [(lv, f"{f} (TEC, 13.3.1A)" if f != "river" else "river, all enemies across (13.3.1C)")]
    if armor > 0:
        lv += 1
        reasons.append((+1, "defender armor superiority (13.9.1B)"))
    if lv > MAX_LEVEL:
        reasons.append((MAX_LEVEL - lv, "never above 7 (13.3.1E)"))
        lv = MAX_LEVEL
    if armor < 0:
        lv -= 1
        reasons.append((-1, "attacker armor superiority (13.9.1A)"))
    if attacking:
        lv -= 1
        reasons.append((-1, "attacking units (13.3.2A)"))
    if counterattack:
        lv -= 1
        reasons.append((-1, "counterattack (13.5.5D-E)"))
    if strategic:
        lv -= 2
        reasons.append((-2, "strategic movement (13.3.2B, 10.4.7B)"))
    if voluntary:
        lv -= voluntary
        reasons.append((-voluntary, "voluntary reduction (13.3.3)"))
    if lv < 0:
        reasons.append((-lv, "not below 0 (13.3.2C)"))
        lv = 0
    return lv, reasons


def uses_westwall(state: GameState, hex_id: str, enemy_hexes: Iterable[str] = ()) -> bool:
    """13.3.1D: the Westwall gives the hex its level."""
    return base_level(state, hex_id, enemy_hexes)[1] == "westwall"

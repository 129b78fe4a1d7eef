"""A battle as it was fought (for the client's Battle dock and charts): the odds, dice
column, roll and CRT row of the resolution, and what the result did to each hex, with
the rule (13.5.1B-13.5.6). Read from the battle record (``BattleState``: odds, column,
DRM, result and the defending hexes' levels are kept when the dice are rolled) and the
``battle_resolved`` event (totals and roll); nothing is recomputed from the survivors.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from darkdec_qt.rules.combat import crt
from darkdec_qt.rules.combat.battle import attacker_level, plan
from darkdec_qt.rules.combat.battle_state import BattleState
from darkdec_qt.rules.core.events import Event
from darkdec_qt.rules.core.state import GameState


@dataclass(frozen=True, slots=True)
class Fought:
    """The resolution of a battle: totals, odds, column, DRM, modified roll, CRT row."""

    id: int
    attack: int | None
    defense: int | None
    odds: str
    column: str
    drm: int
    roll: int | None
    row: int | None
    result: str


def crt_row(state: GameState, column: str, roll: int) -> int | None:
    """13.4.1D: the CRT row of a modified roll on a dice column (clamped to the table)."""
    table = state.module.charts.crt
    cols = {c for c, _ in table.dice}
    if column not in cols:
        return None
    return table.row_for(column, roll)


def as_fought(state: GameState, b: BattleState, events: Iterable[Event] = ()) -> Fought | None:
    """The last resolution of battle ``b`` (an all out assault rolls again, 13.2.2C)."""
    if not b.result:
        return None
    last = None
    for e in events:
        if e.kind == "battle_resolved" and getattr(e, "id", None) == b.id:
            last = e
    if last is not None and last.odds == b.odds and last.result == b.result:
        return Fought(b.id, last.attack, last.defense, last.odds, last.column, last.drm, last.roll,
                      crt_row(state, last.column, last.roll), last.result)
    return Fought(b.id, None, None, b.odds, b.column, b.drm, None, None, b.result)


def record_at_roll(before: GameState, resolved: Event) -> BattleState | None:
    """The record of a battle as its dice fell, for a battle already over: ``before`` is the
    state just before its ``battle_resolved`` event (the battle awaiting the roll or an
    all out assault, 13.2), ``resolved`` that event. The defending hexes' levels are those
    the engine compared the result with (13.5.1B): the same ``plan`` on the same state.
    None when the roll was a counterattack's (13.5.5), whose record the state does not hold."""
    b = before.battle
    if b is None or b.task is None or b.id != getattr(resolved, "id", None):
        return None
    if b.task[0] == "resolve":
        nb = b.pop()
    elif b.task[0] == "assault":
        nb = b.pop().with_(kind="assault", assaults=b.assaults + 1, vacated=(), retreat_len=())
    else:
        return None
    p = plan(before, nb, assault=nb.kind == "assault")
    levels = tuple((h, lv) for h, (lv, _) in sorted(p.levels.items()))
    return nb.with_(odds=resolved.odds, column=resolved.column, drm=resolved.drm,  # type: ignore[attr-defined]
                    result=resolved.result, levels=levels)  # type: ignore[attr-defined]


def _compare(code: str, n: int, lv: int, h: str, who: str, rule: str) -> str:
    if n < lv:
        return (f"{code} against level {lv} in {h}: no effect on the {who} — the assault level is "
                f"below the terrain defense level ({rule})")
    if n == lv:
        return f"{code} against level {lv} in {h}: the {who} retreat one hex or lose one step ({rule})"
    return (f"{code} against level {lv} in {h}: the {who} retreat two hexes, lose two steps, or retreat "
            f"one hex and lose one step ({rule})")


def attacker_hexes_at_roll(state: GameState, b: BattleState, events: Iterable[Event] = ()) -> list[str]:
    """The attacking hexes when the dice were rolled: a unit that retreated or advanced
    since (``events`` of the battle) is counted where its path began."""
    after: list[Event] = []
    for e in events:
        if e.kind == "battle_resolved" and getattr(e, "id", None) == b.id:
            after = []
        else:
            after.append(e)
    began: dict[str, str] = {}
    for e in after:
        if e.kind in ("unit_retreated", "unit_advanced") and e.unit in b.attackers:
            began.setdefault(e.unit, e.path[0])
    return sorted({began.get(u) or state.pos[u] for u in b.attackers if u in began or u in state.pos})


def result_effects(state: GameState, b: BattleState, events: Iterable[Event] = ()) -> list[str]:
    """What the result of ``b`` does to each hex, each line with its rule (``events``:
    the log, to find the attacking hexes as they were at the roll)."""
    if not b.result:
        return []
    r = crt.parse_result(b.result)
    if r.no_effect:
        return [f"{b.result}: no effect on either side (13.5)"]
    if r.counterattack:
        return ["CA: the defender counterattacks with every unit that defended (13.5.5)"]
    if r.fire_fight:
        return ["FF: fire fight, both sides lose steps (13.5.6)"]
    out: list[str] = []
    if r.defender_mandatory:
        out.append(f"[{r.defender_mandatory}]: the defender first loses {r.defender_mandatory} step(s), "
                   "whatever the terrain (13.5.4)")
    if r.defender:
        for h, lv in b.levels:
            out.append(_compare(f"D{r.defender}", r.defender, lv, h, "defenders", "13.5.1B"))
    if r.attacker_mandatory:
        out.append(f"[{r.attacker_mandatory}]: the attacker first loses {r.attacker_mandatory} step(s), "
                   "whatever the terrain (13.5.4)")
    if r.attacker:
        for h in attacker_hexes_at_roll(state, b, events):
            lv, _ = attacker_level(state, b, h)
            if b.kind == "counterattack" or h in b.minus_one:
                lv = max(0, lv)
            out.append(_compare(f"A{r.attacker}", r.attacker, lv, h, "attackers", "13.5.2B: level reduced by one"))
    return out

"""Helpers for the combat tests: run commands through check/apply, pick seeds for dice."""

from __future__ import annotations

from darkdec_qt.rules.combat import procedure as combat
from darkdec_qt.rules.combat.battle_state import BattleState
from darkdec_qt.rules.core.apply import apply
from darkdec_qt.rules.core.commands import Command
from darkdec_qt.rules.core.dice import die
from darkdec_qt.rules.core.events import Event
from darkdec_qt.rules.core.state import GameState


def run(state: GameState, cmd: Command) -> list[Event]:
    evs = combat.check(state, cmd)
    for e in evs:
        apply(state, e)
    return evs


def seed_with(*values: int, start: int = 0) -> str:
    """A seed whose first dice are ``values``."""
    for i in range(100000):
        s = f"s{i}"
        if all(die(s, start + k) == v for k, v in enumerate(values)):
            return s
    raise AssertionError(values)


def pending(state: GameState, attackers: tuple[str, ...], defenders: tuple[str, ...], result: str,
            tasks: tuple, levels: tuple = (), **kw: object) -> BattleState:
    """Put a battle already resolved with ``result`` into the state, awaiting ``tasks``."""
    b = BattleState(id=1, attacker_side=state.side, attackers=attackers, defenders=defenders, result=result,
                    odds="3:1", column="normal", levels=levels, tasks=tasks + (("done", "", "", 0),),
                    original_defenders=defenders, **kw)  # type: ignore[arg-type]
    state.battle = b
    state.attacked |= set(attackers)
    state.defended |= set(defenders)
    return b

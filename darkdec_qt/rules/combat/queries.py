"""Queries for the client: a proposed battle explained, and the options of a pending result."""

from __future__ import annotations

from dataclasses import dataclass, field

from darkdec_qt.rules.combat import legal as combat_legal
from darkdec_qt.rules.combat.battle import Plan, plan
from darkdec_qt.rules.combat.battle_state import BattleState
from darkdec_qt.rules.core.commands import Command
from darkdec_qt.rules.core.phases import other_side
from darkdec_qt.rules.core.state import GameState


def proposed_battle(state: GameState, attackers: tuple[str, ...], defenders: tuple[str, ...], *,
                    integrity: tuple[str, ...] | None = None, reductions: tuple[tuple[str, int], ...] = (),
                    use_armor: bool = True, shock: bool = False) -> Plan:
    """Attack and defense totals with each unit's value and reason, odds, dice column,
    DRM with reasons, and every defending hex's level with reasons."""
    if integrity is None:
        integrity = tuple(sorted({d for u in attackers if (d := state.spec(u).division)}))
    b = BattleState(id=0, attacker_side=state.side_of(attackers[0]) if attackers else state.side,
                    attackers=attackers, defenders=defenders, reductions=reductions, integrity=integrity,
                    use_armor=use_armor, shock=shock)
    return plan(state, b)


def attackable(state: GameState, unit: str) -> list[str]:
    """Enemy-occupied hexes adjacent to ``unit``."""
    enemy = other_side(state.side_of(unit))
    return [n for n in state.module.adjacency.get(state.pos[unit], ())
            if any(state.side_of(u) == enemy for u in state.units_at(n))]


@dataclass
class Pending:
    side: str = ""
    what: str = ""
    hex: str = ""
    n: int = 0
    options: list[Command] = field(default_factory=list)


def pending(state: GameState) -> Pending | None:
    """The decision the battle in progress waits for, with the legal commands."""
    b = state.battle
    if b is None or b.task is None:
        return None
    what, side, h, n = b.task
    return Pending(side=side, what=what, hex=h, n=n, options=combat_legal.pending_commands(state))

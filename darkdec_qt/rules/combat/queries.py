"""Queries for the client: a proposed battle explained, and the options of a pending result."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from darkdec_qt.rules import commanders
from darkdec_qt.rules.combat import commands as cc
from darkdec_qt.rules.combat import legal as combat_legal
from darkdec_qt.rules.combat import procedure as combat
from darkdec_qt.rules.combat.battle import Plan, plan
from darkdec_qt.rules.combat.battle_state import BattleState
from darkdec_qt.rules.core.commands import Command
from darkdec_qt.rules.core.errors import IllegalAction
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
    absent: list[tuple[str, IllegalAction]] = field(default_factory=list)  # (option, why it is not offered)


def pending(state: GameState) -> Pending | None:
    """The decision the battle in progress waits for, with the legal commands; for a
    result (13.5.1B) also each option a commander's defense option makes legal (13.5.1E,
    15.2A) and each option not offered with the refusal that says why."""
    b = state.battle
    if b is None or b.task is None:
        return None
    what, side, h, n = b.task
    p = Pending(side=side, what=what, hex=h, n=n, options=combat_legal.pending_commands(state))
    if what == "result" and not state.displaced:
        _result_options(state, b, p)
    return p


def _refusal(state: GameState, cmd: Command) -> IllegalAction | None:
    try:
        combat.check(state, cmd)
    except IllegalAction as exc:
        return exc
    return None


def _result_options(state: GameState, b: BattleState, p: Pending) -> None:
    """Complete ``p.options`` with the stay-in-place options a friendly commander's defense
    option allows under 13.5.1E (``legal_commands`` names no commander), and list in
    ``p.absent`` the options still missing with the engine's refusal of each."""
    defending = p.side == b.defender_side
    klass = cc.ChooseDefenderResult if defending else cc.ChooseAttackerResult
    pool = [u for u in (b.defenders if defending else b.attackers) if state.pos.get(u) == p.hex]
    for opt in combat.OPTIONS[p.n]:
        if any(getattr(c, "option", None) == opt for c in p.options):
            continue
        sets = combat_legal._loss_sets(state, pool, combat.STEPS[opt]) or [()]
        first: Command = klass(hex=p.hex, option=opt, losses=sets[0])
        why = _refusal(state, first)
        if why is None:
            continue
        if why.rule == "13.5.1E" and defending:
            leaders = commanders.leaders_on_map(state, p.side)
            found, refused = False, []
            for lead in leaders:
                for ls in sets:
                    if _refusal(state, c := replace(first, losses=ls, leader=lead)) is None:
                        p.options.append(c)
                        found = True
                if not found and (other := _refusal(state, replace(first, leader=lead))) is not None:
                    refused.append(f"{lead} {other.reason}" + ("" if other.reason.endswith(")") else f" ({other.rule})"))
            if found:
                continue
            why = IllegalAction("must retreat the full distance: " + ("; ".join(refused[:2]) if refused else
                                "no friendly commander on the map to use a defense option (15.2A)"), rule="13.5.1E")
        p.absent.append((opt, why))

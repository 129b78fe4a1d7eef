"""A scripted player for file exchange: the random self-play chooser (``selfplay``) deciding for
one side whenever the exchange game says it is that side's move."""

from __future__ import annotations

import random

from darkdec_qt.game.exchange.protocol import ExchangeGame
from darkdec_qt.game.selfplay import _order
from darkdec_qt.rules import engine
from darkdec_qt.rules.combat.commands import ChooseAdvance
from darkdec_qt.rules.core.commands import Command, EndPhase, StartGame
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.state import GameState


def play_until_send(xg: ExchangeGame, rng: random.Random, end_bias: float = 0.15, max_commands: int = 5000,
                    plan: bool = False, advances: bool = False) -> int:
    """Give random legal commands while it is the local player's move; returns how many. ``plan``: when
    it declares a battle, declare at once every other battle drawn in that order whose units are in no
    battle yet, then end the Combat Phase (a battle plan, ``automatic``)."""
    n = 0
    while xg.can_play() and n < max_commands:
        st = xg.state
        if not st.started:
            xg.play(StartGame())
            n += 1
            continue
        order = _order(st, list(engine.legal_commands(st, rng=rng)), rng, end_bias)
        for cmd in order:
            try:
                if plan and cmd.kind == "declare_battle" and st.battle is None and st.phase.value == "combat":
                    xg.play_battles(_plan(cmd, order, st if advances else None))
                else:
                    xg.play(cmd)
                break
            except IllegalAction:
                continue
        else:
            raise RuntimeError(f"no legal command in {st.turn} {st.side} {st.phase}")
        n += 1
    return n


def _plan(first: Command, order: list[Command], st: GameState | None = None) -> list[Command]:
    """``first`` and the battles after it in ``order`` that share no unit with the battles before,
    then the end of the phase; with ``st``, each battle followed by its advance decided in advance."""
    cmds, used = [first, *_advance(first, st)], set(first.attackers) | set(first.defenders)  # type: ignore[attr-defined]
    for c in order:
        units = set(getattr(c, "attackers", ())) | set(getattr(c, "defenders", ()))
        if c.kind == "declare_battle" and not units & used:
            cmds += [c, *_advance(c, st)]
            used |= units
    return [*cmds, EndPhase()]


def _advance(battle: Command, st: GameState | None) -> list[Command]:
    if st is None:
        return []
    hexes = [st.pos[u] for u in battle.defenders if u in st.pos]  # type: ignore[attr-defined]
    for u in battle.attackers:  # type: ignore[attr-defined]
        if u in st.pos and not st.spec(u).is_leader:
            near = [h for h in hexes if h in st.module.adjacency.get(st.pos[u], ())]
            if near:
                return [ChooseAdvance(unit=u, path=(st.pos[u], near[0]))]
    return []

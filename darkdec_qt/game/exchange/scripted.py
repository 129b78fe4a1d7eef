"""A scripted player for file exchange: the random self-play chooser (``selfplay``) deciding for
one side whenever the exchange game says it is that side's move."""

from __future__ import annotations

import random

from darkdec_qt.game.exchange.protocol import ExchangeGame
from darkdec_qt.game.selfplay import _order
from darkdec_qt.rules import engine
from darkdec_qt.rules.core.commands import StartGame
from darkdec_qt.rules.core.errors import IllegalAction


def play_until_send(xg: ExchangeGame, rng: random.Random, end_bias: float = 0.15, max_commands: int = 5000) -> int:
    """Give random legal commands while it is the local player's move; returns how many."""
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
                xg.play(cmd)
                break
            except IllegalAction:
                continue
        else:
            raise RuntimeError(f"no legal command in {st.turn} {st.side} {st.phase}")
        n += 1
    return n

"""Random self-play: draws random legal commands until a turn limit (robustness tests)."""

from __future__ import annotations

import random

from darkdec_qt.game.session import Game
from darkdec_qt.moduleview import Module
from darkdec_qt.rules import engine
from darkdec_qt.rules.commands import EndPhase
from darkdec_qt.rules.errors import IllegalAction


def selfplay(module: Module, scenario: str, seed: int | str, turns: int, *, end_bias: float = 0.15,
             max_commands: int = 100_000, optional: tuple[str, ...] | None = None, on_event=None,
             strict: bool = False) -> Game:
    """Play ``turns`` game turns with random legal commands (``random.Random(seed)``)."""
    rng = random.Random(seed)
    game = Game(module, scenario, str(seed), optional=optional)
    stop_turn = game.state.turn + turns
    n = 0
    while not game.state.game_over and game.state.turn < stop_turn and n < max_commands:
        n += 1
        cands = list(engine.legal_commands(game.state, rng=rng))
        if len(cands) == 1 or rng.random() < end_bias:
            cmd = EndPhase()
        else:
            cmd = rng.choice(cands[1:])
        try:
            events = game.execute(cmd)
        except IllegalAction:
            if strict:
                raise
            events = game.execute(EndPhase())
        if on_event is not None:
            for e in events:
                on_event(game, e)
    return game

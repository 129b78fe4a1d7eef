"""Random self-play: draws random legal commands until a turn limit (robustness tests)."""

from __future__ import annotations

import random

from darkdec_qt.game.session import Game
from darkdec_qt.moduleview import Module
from darkdec_qt.rules import engine
from darkdec_qt.rules.commands import EndPhase, StartGame
from darkdec_qt.rules.errors import IllegalAction


def scenario_turns(module: Module, scenario: str) -> int:
    """Game turns from the scenario's first to its last turn, inclusive (7.0A)."""
    sc = module.scenarios.get(scenario)
    if sc is None:
        return len(module.turns)
    return module.turn(sc.last_turn).number - module.turn(sc.first_turn).number + 1


def selfplay(module: Module, scenario: str, seed: int | str, turns: int | None = None, *, end_bias: float = 0.15,
             max_commands: int = 100_000, optional: tuple[str, ...] | None = None, on_event=None,
             strict: bool = False, variants: tuple[str, ...] | None = None, setup: str = "auto",
             vc_choice: str | None = None) -> Game:
    """Play ``turns`` game turns (default: to the scenario's end, where the engine ends the
    game and ``victory.evaluate`` gives the verdict) with random legal commands
    (``random.Random(seed)``). (scenarios) ``variants`` and ``setup`` as for ``Game``;
    ``vc_choice``: Germany's 26.20A choice in the Campaign Game."""
    from darkdec_qt.rules.freesetup import AutoSetup
    from darkdec_qt.rules.variants import ChooseVictoryConditions

    rng = random.Random(seed)
    game = Game(module, scenario, str(seed), optional=optional, variants=variants, setup=setup, start=False)
    if vc_choice is not None:
        game.execute(ChooseVictoryConditions(choice=vc_choice))
    if game.state.to_place:
        game.execute(AutoSetup())
    if not game.state.started:
        game.execute(StartGame())
    stop_turn = game.state.turn + (turns if turns is not None else scenario_turns(module, scenario))
    n = 0
    while not game.state.game_over and game.state.turn < stop_turn and n < max_commands:
        n += 1
        cands = list(engine.legal_commands(game.state, rng=rng))
        if len(cands) == 1 or rng.random() < end_bias:
            order = [EndPhase()] + rng.sample(cands[1:], len(cands) - 1)
        else:
            order = rng.sample(cands[1:], len(cands) - 1) + [EndPhase()]
        events = None
        for cmd in order:
            try:
                events = game.execute(cmd)
                break
            except IllegalAction:
                if strict and cmd.kind != "end_phase":
                    raise  # legal_commands offered an illegal command (EndPhase may wait on a battle)
        if events is None:
            break  # no legal command at all (never expected): stop rather than spin
        if on_event is not None:
            for e in events:
                on_event(game, e)
    return game

"""Random self-play: draws random legal commands until a turn limit (robustness tests)."""

from __future__ import annotations

import random

from darkdec_qt.game.session import Game
from darkdec_qt.moduleview import Module
from darkdec_qt.rules import engine
from darkdec_qt.rules.core.commands import StartGame
from darkdec_qt.rules.core.errors import IllegalAction


def scenario_turns(module: Module, scenario: str) -> int:
    """Game turns from the scenario's first to its last turn, inclusive (7.0A)."""
    sc = module.scenarios.get(scenario)
    if sc is None:
        return len(module.turns)
    return module.turn(sc.last_turn).number - module.turn(sc.first_turn).number + 1


# self-play preferences: weights of a weighted random order (Efraimidis-Spirakis keys), so
# that random playouts make contact and fight instead of milling about (every command
# offered is legal; only their order is biased)
W_BATTLE = 25.0
W_TOWARD = 4.0
W_CONTACT = 10.0
W_ENTER = 3.0
W_RARE = 0.02


def _weight(state, cmd, near: dict[str, int] | None) -> float:  # noqa: ANN001
    k = cmd.kind
    if k == "declare_battle":
        return W_BATTLE
    if k == "enter_reinforcement":
        return W_ENTER
    if k == "declare_withdrawal":
        return W_RARE  # 26.13: a withdrawal turn forbids Allied attacks (26.13D)
    if k == "move" and near is not None:
        far = 10**6
        a, b = near.get(cmd.path[0], far), near.get(cmd.path[-1], far)
        if b <= 1:
            return W_CONTACT
        if b < a:
            return W_TOWARD
        return 0.5 if b > a else 1.0
    return 1.0


def _order(state, cands: list, rng: random.Random, end_bias: float) -> list:  # noqa: ANN001
    """EndPhase (when ``legal_commands`` offers it: the phase may end) first with probability
    ``end_bias`` (rarely when a battle may be declared), the other commands in a weighted
    random order favouring battles and moves toward the enemy."""
    end = [c for c in cands if c.kind == "end_phase"][:1]
    rest = [c for c in cands if c.kind != "end_phase"]
    if not rest:
        return end
    near = None
    if any(c.kind == "move" for c in rest):
        from darkdec_qt.rules.core.phases import acting_side, other_side

        near = engine.enemy_distance(state, other_side(acting_side(state.side, state.phase)))
    weights = [_weight(state, c, near) for c in rest]
    keyed = sorted(((rng.random() ** (1.0 / w), i) for i, w in enumerate(weights)), reverse=True)
    order = [rest[i] for _, i in keyed if weights[i] > W_RARE]
    rare = [rest[i] for _, i in keyed if weights[i] <= W_RARE]  # tried after EndPhase, unless drawn
    if rare and rng.random() < W_RARE * 5:
        order, rare = rare + order, []
    bias = end_bias / 5 if any(c.kind == "declare_battle" for c in rest) else end_bias
    if rng.random() < bias:
        return end + order + rare
    return order + end + rare


def selfplay(module: Module, scenario: str, seed: int | str, turns: int | None = None, *, end_bias: float = 0.15,
             max_commands: int = 100_000, optional: tuple[str, ...] | None = None, on_event=None,
             strict: bool = False, variants: tuple[str, ...] | None = None, setup: str = "auto",
             vc_choice: str | None = None) -> Game:
    """Play ``turns`` game turns (default: to the scenario's end, where the engine ends the
    game and ``victory.evaluate`` gives the verdict) with random legal commands
    (``random.Random(seed)``). (scenarios) ``variants`` and ``setup`` as for ``Game``;
    ``vc_choice``: Germany's 26.20A choice in the Campaign Game."""
    from darkdec_qt.rules.scenarios.freesetup import AutoSetup
    from darkdec_qt.rules.scenarios.variants import ChooseVictoryConditions

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
        order = _order(game.state, cands, rng, end_bias)
        events = None
        for cmd in order:
            try:
                events = game.execute(cmd)
                break
            except IllegalAction:
                if strict:
                    raise  # legal_commands offered an illegal command
        if events is None:
            break  # no legal command at all (never expected): stop rather than spin
        if on_event is not None:
            for e in events:
                on_event(game, e)
    return game

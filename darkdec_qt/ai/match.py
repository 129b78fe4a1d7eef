"""Playing a game between two players: ``play(game, players)`` asks the side that decides
now (base.decider) for a command and executes it, until the game ends, a turn limit,
or ``stop()`` says so. Every command goes through ``Game.execute`` (engine.check); a
command the engine refuses is counted and replaced by the random policy's, so a game
always finishes (the tests require the count to be zero)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from darkdec_qt.ai.base import Player, RandomPlayer, decider
from darkdec_qt.ai.players import make_player
from darkdec_qt.game.session import Game
from darkdec_qt.moduleview import Module
from darkdec_qt.rules.core.errors import IllegalAction


@dataclass
class Record:
    """What a played game leaves behind besides its log."""

    commands: int = 0
    illegal: list[str] = field(default_factory=list)  # commands a player issued that the engine refused
    # side -> {(turn, phasing side): seconds that side spent choosing in that player turn}
    think: dict[str, dict[tuple[int, str], float]] = field(default_factory=dict)

    def turn_times(self, side: str, phasing: str | None = None) -> list[float]:
        """Seconds ``side`` thought per player turn (of the ``phasing`` side's turns)."""
        return [t for (_n, ph), t in self.think.get(side, {}).items() if phasing is None or ph == phasing]


def play(game: Game, players: dict[str, Player], *, until_turn: int | None = None, max_commands: int = 200_000,
         stop: Callable[[], bool] | None = None, only: str | None = None,
         on_command: Callable[[Game, object], None] | None = None, record: Record | None = None) -> Record:
    """Play until the game is over (or ``until_turn`` is reached, or ``stop()``); with
    ``only`` the loop also stops as soon as another side has the decision (the client's
    worker thinks for one side)."""
    rec = record or Record()
    fallback = RandomPlayer("fallback")
    while not game.state.game_over and rec.commands < max_commands:
        s = game.state
        if until_turn is not None and s.started and s.turn >= until_turn:
            break
        side = decider(s)
        if only is not None and side != only:
            break
        if stop is not None and stop():
            break
        player = players[side]
        t0 = time.perf_counter()
        cmd = player.choose(game)
        per = rec.think.setdefault(side, {})
        per[(s.turn, s.side)] = per.get((s.turn, s.side), 0.0) + time.perf_counter() - t0
        try:
            game.execute(cmd)
        except IllegalAction as exc:
            rec.illegal.append(f"{player.name} ({side}) {cmd.to_dict()}: {exc}")
            cmd = fallback.choose(game)
            game.execute(cmd)
        rec.commands += 1
        if on_command is not None:
            on_command(game, cmd)
    return rec


def new_game(module: Module, scenario: str, seed: int | str, *, variants: tuple[str, ...] | None = None,
             optional: tuple[str, ...] | None = None, setup: str = "auto") -> Game:
    return Game(module, scenario, str(seed), variants=variants, optional=optional, setup=setup, start=False)


def play_match(module: Module, scenario: str, seed: int | str, german: str, allied: str, *,
               variants: tuple[str, ...] | None = None, optional: tuple[str, ...] | None = None,
               turns: int | None = None, setup: str = "auto") -> tuple[Game, Record]:
    """A whole game between two player specs (players.make_player)."""
    game = new_game(module, scenario, seed, variants=variants, optional=optional, setup=setup)
    players = {"German": make_player(german, f"{seed}/G"), "Allied": make_player(allied, f"{seed}/A")}
    until = None
    if turns is not None:
        until = game.state.turn + turns
    rec = play(game, players, until_turn=until)
    return game, rec

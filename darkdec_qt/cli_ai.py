"""``darkdec selfplay --german ai:normal --allied random`` and ``darkdec tournament``:
games between computer players (darkdec_qt/ai)."""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from darkdec_qt.packagedata import module_path
from darkdec_qt.rules.scenarios.setup import SETUPS

if TYPE_CHECKING:
    from darkdec_qt.ai import tournament as tn

PLAYERS = "random, greedy, ai:easy, ai:normal or ai:hard"


def add_selfplay_args(s: argparse.ArgumentParser) -> None:
    """The ``selfplay`` command's player options (without them it plays random legal commands)."""
    s.add_argument("--german", default=None, help=f"the German player: {PLAYERS} (default random)")
    s.add_argument("--allied", default=None, help=f"the Allied player: {PLAYERS} (default random)")
    s.add_argument("--log", action="store_true", help="print the players' notes (their plans and battles)")


def add_parsers(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    t = sub.add_parser("tournament", help="play N games between two players across processes and print a table")
    t.add_argument("--a", required=True, help=f"player A: {PLAYERS}")
    t.add_argument("--b", required=True, help="player B")
    t.add_argument("--scenario", default="herbstnebel")
    t.add_argument("--n", type=int, default=20, help="games (A alternates sides: German in the even games)")
    t.add_argument("--jobs", type=int, default=1, help="worker processes")
    t.add_argument("--a-side", choices=("German", "Allied"), default=None, help="A always plays this side")
    t.add_argument("--variant", action="append", default=[])
    t.add_argument("--turns", type=int, default=None, help="game turns per game (default: the whole scenario)")
    t.add_argument("--seed", type=int, default=1, help="the first game's seed")
    t.add_argument("--module", default=str(module_path()))
    t.add_argument("--setup", choices=SETUPS, default="auto",
                   help="German set-up of a 16 Dec scenario: the engine's fill (default), free (6.1: the players "
                        "place) or historical (6.2)")
    t.set_defaults(func=cmd_tournament)


def _check_players(*specs: str) -> str | None:
    from darkdec_qt.ai.players import make_player

    for sp in specs:
        try:
            make_player(sp)
        except ValueError as exc:
            return str(exc)
    return None


def cmd_selfplay_ai(args: argparse.Namespace) -> int:
    from darkdec_qt import gamestore
    from darkdec_qt.ai.match import new_game, play
    from darkdec_qt.ai.players import make_player
    from darkdec_qt.model.load import load_module
    from darkdec_qt.rules.core.errors import IllegalAction
    from darkdec_qt.rules.narrate import describe
    from darkdec_qt.rules.scenarios.victory import evaluate

    g_spec, a_spec = args.german or "random", args.allied or "random"
    bad = _check_players(g_spec, a_spec)
    if bad:
        print(f"darkdec: {bad}", file=sys.stderr)
        return 2
    module = load_module(args.module)
    if args.scenario not in module.scenarios:
        print(f"darkdec: unknown scenario {args.scenario!r}; one of {', '.join(sorted(module.scenarios))}",
              file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    try:
        game = new_game(module, args.scenario, args.seed, variants=tuple(args.variant) or None,
                        optional=tuple(args.optional) if args.optional else None, setup=args.setup)
        if args.vc:
            from darkdec_qt.rules.scenarios.variants import ChooseVictoryConditions

            game.execute(ChooseVictoryConditions(choice=args.vc))
    except IllegalAction as exc:
        print(f"darkdec: {exc}", file=sys.stderr)
        return 2
    players = {"German": make_player(g_spec, f"{args.seed}/G"), "Allied": make_player(a_spec, f"{args.seed}/A")}

    def show(g, cmd) -> None:  # noqa: ANN001
        if args.log and cmd.kind == "note":
            print(describe(g.batches[-1].events[-1], module))

    until = game.state.turn + args.turns if args.turns else None
    rec = play(game, players, until_turn=until, on_command=show)
    dt = time.perf_counter() - t0
    if args.out:
        gamestore.save(game, args.out, args.module)
    print(f"{args.scenario} seed {args.seed}: German {g_spec}, Allied {a_spec}: {len(game.events)} events, "
          f"turn {game.state.turn}, {dt:.1f} s; illegal commands refused: {len(rec.illegal)}")
    for side, spec in (("German", g_spec), ("Allied", a_spec)):
        times = rec.turn_times(side, side)
        if times and spec.startswith("ai"):
            print(f"  {side} {spec} thinking per own player turn: median {statistics.median(times):.2f} s, "
                  f"max {max(times):.2f} s")
    print(evaluate(game.state).text())
    return 0


def cmd_tournament(args: argparse.Namespace) -> int:
    from darkdec_qt.ai import tournament as tn
    from darkdec_qt.model.load import load_module

    bad = _check_players(args.a, args.b)
    if bad:
        print(f"darkdec: {bad}", file=sys.stderr)
        return 2
    module = load_module(args.module)
    if args.scenario not in module.scenarios:
        print(f"darkdec: unknown scenario {args.scenario!r}", file=sys.stderr)
        return 2
    if args.n < 1 or args.jobs < 1:
        print("darkdec: --n and --jobs must be at least 1", file=sys.stderr)
        return 2
    jobs = tn.jobs_for(args.a, args.b, args.scenario, args.n, a_side=args.a_side, seed0=args.seed,
                       variants=tuple(args.variant), turns=args.turns, module=args.module, setup=args.setup)
    done = [0]

    def tick(r: tn.GameResult) -> None:
        done[0] += 1
        print(f"  game {done[0]}/{len(jobs)}: German {r.job.german}, Allied {r.job.allied}: {r.level} "
              f"({r.winner}), {r.seconds:.0f} s", file=sys.stderr)

    results = run(jobs, args.jobs, tick)
    print(tn.table(results, args.a, args.b, args.scenario))
    return 0


# --- the process pool (here, not in darkdec_qt.ai: loading a module reads SQL) ---------

_MODULES: dict[str, object] = {}


def _module(path: str):  # noqa: ANN202
    from darkdec_qt.model.load import DEFAULT_MODULE, load_module

    key = path or str(DEFAULT_MODULE)
    if key not in _MODULES:
        _MODULES[key] = load_module(key)
    return _MODULES[key]


def run_job(job: tn.Job) -> tn.GameResult:
    from darkdec_qt.ai import history
    from darkdec_qt.ai import tournament as tn
    from darkdec_qt.ai.match import play_match
    from darkdec_qt.rules.scenarios.victory import evaluate

    t0 = time.perf_counter()
    game, rec = play_match(_module(job.module), job.scenario, job.seed, job.german, job.allied,
                           variants=job.variants or None, optional=job.optional, turns=job.turns,
                           setup=job.setup)
    v = evaluate(game.state)
    facts = history.facts(game) if job.scenario in ("campaign", "extended") else {}
    think = {side: rec.turn_times(side, side) for side in ("German", "Allied")}
    return tn.GameResult(job, v.winner, v.level, time.perf_counter() - t0, len(rec.illegal), game.state.turn, think, facts)


def run(jobs: list[tn.Job], workers: int = 1,
        progress: Callable[[tn.GameResult], None] | None = None) -> list[tn.GameResult]:
    if workers <= 1:
        out = []
        for j in jobs:
            r = run_job(j)
            out.append(r)
            if progress:
                progress(r)
        return out
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(workers) as ex:
        out = []
        for r in ex.map(run_job, jobs):
            out.append(r)
            if progress:
                progress(r)
        return out

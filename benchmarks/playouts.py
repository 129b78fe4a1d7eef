"""Random playouts per scenario: the distribution of victory verdicts and the time taken.

A sanity check that no scenario is decided before play begins (the verdict at the first
turn is printed next to the distribution at the end) and a measure of engine speed.

    python benchmarks/playouts.py                 # 3 playouts per scenario
    python benchmarks/playouts.py --n 100         # the closing note's measurement
    python benchmarks/playouts.py --scenario herbstnebel --n 20 --variant 26.1 --optional 23
    python benchmarks/playouts.py --jobs 8        # playouts in parallel processes
"""

from __future__ import annotations

import argparse
import collections
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from darkdec_qt.game.selfplay import selfplay
from darkdec_qt.game.session import Game
from darkdec_qt.model.load import DEFAULT_MODULE, load_module
from darkdec_qt.rules.scenarios.victory import evaluate

_MODULE = None


def _module():
    global _MODULE
    if _MODULE is None:
        _MODULE = load_module(DEFAULT_MODULE)
    return _MODULE


def one(job: tuple[str, int, tuple[str, ...], tuple[str, ...] | None, int | None]) -> tuple[str, str, float, int]:
    scenario, seed, variants, optional, turns = job
    t0 = time.perf_counter()
    g = selfplay(_module(), scenario, seed, turns, variants=variants or None, optional=optional)
    v = evaluate(g.state)
    return scenario, f"{v.level} ({v.winner})", time.perf_counter() - t0, g.state.turn


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--n", type=int, default=3, help="playouts per scenario")
    p.add_argument("--scenario", action="append", default=[])
    p.add_argument("--variant", action="append", default=[])
    p.add_argument("--optional", action="append", default=None)
    p.add_argument("--turns", type=int, default=None, help="turns per playout (default: to the scenario's end)")
    p.add_argument("--jobs", type=int, default=1)
    a = p.parse_args(argv)
    m = _module()
    scenarios = a.scenario or list(m.scenarios)
    optional = tuple(a.optional) if a.optional is not None else None
    jobs = [(s, seed, tuple(a.variant), optional, a.turns) for s in scenarios for seed in range(1, a.n + 1)]
    t0 = time.perf_counter()
    if a.jobs > 1:
        with ProcessPoolExecutor(a.jobs) as ex:
            results = list(ex.map(one, jobs))
    else:
        results = [one(j) for j in jobs]
    wall = time.perf_counter() - t0
    by: dict[str, list[tuple[str, float, int]]] = collections.defaultdict(list)
    for s, verdict, dt, turn in results:
        by[s].append((verdict, dt, turn))
    for s in scenarios:
        rows = by[s]
        start = evaluate(Game(m, s, "1", variants=tuple(a.variant) or None, optional=optional).state)
        dist = collections.Counter(v for v, _, _ in rows)
        times = [dt for _, dt, _ in rows]
        print(f"{s:<14} n={len(rows):<4} at start: {start.level} ({start.winner})")
        for verdict, k in dist.most_common():
            print(f"{'':<16}{verdict:<28} {k:>4}  {100 * k / len(rows):5.1f}%")
        print(f"{'':<16}time per playout: median {statistics.median(times):.1f} s, max {max(times):.1f} s; "
              f"last turn reached: {max(t for _, _, t in rows)}")
    print(f"total {len(results)} playouts, {wall:.1f} s wall")
    return 0


if __name__ == "__main__":
    sys.exit(main())

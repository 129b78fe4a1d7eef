"""Battle resolution speed and how much random self-play fights.

Random self-play (darkdec_qt.game.selfplay's weighted order) on the real module
(``load_module()``), Herbstnebel by default:

- time per battle resolution: the engine's work (``Game.execute``: check and apply) from
  the DeclareBattle through the last choice of the battle (retreats, advances, all out
  assaults...) until ``state.battle`` is None, median over every battle fought; the
  generation of the candidate choices (``legal_commands``) is reported separately;
- the number of battles declared in N playouts.

    python benchmarks/combat.py              # 5 playouts
    python benchmarks/combat.py --n 100      # the figure for the record
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from _common import module

from darkdec_qt.game.selfplay import _order, scenario_turns
from darkdec_qt.game.session import Game
from darkdec_qt.rules import engine
from darkdec_qt.rules.core.errors import IllegalAction


def playout(m, scenario: str, seed: int, end_bias: float = 0.15) -> tuple[list[float], list[float]]:  # noqa: ANN001
    """(engine seconds per battle, legal-command generation seconds per battle)."""
    rng = random.Random(seed)
    game = Game(m, scenario, str(seed))
    stop = game.state.turn + scenario_turns(m, scenario)
    battles: list[float] = []
    gen: list[float] = []
    cur = cur_gen = None
    n = 0
    while not game.state.game_over and game.state.turn < stop and n < 100_000:
        n += 1
        t0 = time.perf_counter()
        cands = list(engine.legal_commands(game.state, rng=rng))
        if cur is not None:
            cur_gen += time.perf_counter() - t0
        done = False
        for cmd in _order(game.state, cands, rng, end_bias):
            t1 = time.perf_counter()
            try:
                game.execute(cmd)
            except IllegalAction:
                continue
            dt = time.perf_counter() - t1
            if cmd.kind == "declare_battle":
                cur, cur_gen = 0.0, 0.0
            if cur is not None:
                cur += dt
                if game.state.battle is None:
                    battles.append(cur)
                    gen.append(cur_gen)
                    cur = cur_gen = None
            done = True
            break
        if not done:
            break
    return battles, gen


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--n", type=int, default=5, help="random playouts")
    p.add_argument("--scenario", default="herbstnebel")
    a = p.parse_args(argv)
    m = module()
    t0 = time.perf_counter()
    per: list[int] = []
    times: list[float] = []
    gens: list[float] = []
    for seed in range(1, a.n + 1):
        b, g = playout(m, a.scenario, seed)
        per.append(len(b))
        times += b
        gens += g
    wall = time.perf_counter() - t0
    print(f"{a.scenario}: {a.n} random playouts, {sum(per)} battles fought "
          f"(per playout: median {statistics.median(per):g}, min {min(per)}, max {max(per)}); {wall:.1f} s wall")
    if times:
        print(f"time per battle resolution (declare through result, engine check+apply): "
              f"median {1000 * statistics.median(times):.2f} ms, mean {1000 * statistics.mean(times):.2f} ms, "
              f"p90 {1000 * sorted(times)[int(0.9 * (len(times) - 1))]:.2f} ms")
        print(f"  plus candidate choices generated during the battle (legal_commands): "
              f"median {1000 * statistics.median(gens):.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Time to determine supply for a whole side (goal: under 20 ms)."""

from __future__ import annotations

import sys

from _common import median_ms, module

from darkdec_qt.game.session import Game
from darkdec_qt.rules.supply.determination import determine


def main(runs: int = 50) -> None:
    m = module()
    st = Game(m, "campaign", "1").state
    for side in ("German", "Allied"):
        med, best = median_ms(lambda s=side: determine(st, s), runs)
        print(f"supply: {side:<7} {len(st.on_map(side)):3d} units on map: median {med:.2f} ms, min {best:.2f} ms (goal < 20 ms)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 50)

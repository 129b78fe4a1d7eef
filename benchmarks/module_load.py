"""Time to open the module database and load it into immutable Python objects.

Goal (issue 2): under 200 ms on this machine. Prints the median of N runs.
"""

from __future__ import annotations

import statistics
import sys
import time

from darkdec_qt.model.load import DEFAULT_MODULE, load_module


def main(runs: int = 15) -> None:
    load_module(DEFAULT_MODULE)  # warm the imports and the OS cache
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        m = load_module(DEFAULT_MODULE)
        times.append((time.perf_counter() - t0) * 1000)
    print(f"module_load: {len(m.hexes)} hexes, {len(m.hexsides)} hexsides, {len(m.roads)} roads, {len(m.units)} units")
    print(f"module_load: median {statistics.median(times):.1f} ms, min {min(times):.1f} ms, max {max(times):.1f} ms over {runs} runs")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 15)

"""Time to open the module database and load it into immutable Python objects.

Goal: under 200 ms on this machine. Prints the median of N runs, wall clock and CPU time
(the CPU time is the figure to trust on a shared, busy machine). The load recomputes the
content hash and validates the module.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's code

from darkdec_qt.model.load import DEFAULT_MODULE, load_module  # noqa: E402


def main(runs: int = 15) -> None:
    load_module(DEFAULT_MODULE)  # warm the imports and the OS cache
    times = []
    cpu = []
    for _ in range(runs):
        t0, c0 = time.perf_counter(), time.process_time()
        m = load_module(DEFAULT_MODULE)
        times.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
    print(f"module_load: {len(m.hexes)} hexes, {len(m.hexsides)} hexsides, {len(m.roads)} roads, {len(m.units)} units")
    print(f"module_load: median {statistics.median(times):.1f} ms, min {min(times):.1f} ms, max {max(times):.1f} ms over {runs} runs; "
          f"CPU median {statistics.median(cpu):.1f} ms, min {min(cpu):.1f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 15)

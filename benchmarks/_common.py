"""Shared set-up for the engine benchmarks: the bundled module and a mid-game state."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from darkdec_qt.model.load import load_module
from darkdec_qt.moduleview import Module


def module() -> Module:
    return load_module()


def median_ms(fn: Callable[[], object], runs: int) -> tuple[float, float]:
    """(median, min) milliseconds over ``runs`` calls after one warm-up call."""
    fn()
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times), min(times)

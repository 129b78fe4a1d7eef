"""The checks on untrusted JSON text before parsing, timed on adversarial inputs up to the size
limits (a segment body: 8 MB; a game file's JSON field: 1 MB):

    nice -n 10 .venv/bin/python benchmarks/json_scan.py

Each line: the input, its length and the best of three times for the nesting-depth scan
(``model/jsonscan.json_depth``) and for the whole segment check (``segment.parse``).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from darkdec_qt.game.exchange.errors import ExchangeError  # noqa: E402
from darkdec_qt.game.exchange.segment import MAX_SEGMENT_CHARS, parse  # noqa: E402
from darkdec_qt.game.exchange.signing import Signed  # noqa: E402
from darkdec_qt.model.jsonscan import json_depth  # noqa: E402

INPUTS = {
    'a quote, then escaped quotes (\\")': lambda n: '"' + '\\"' * (n // 2),
    "open brackets": lambda n: "[" * n,
    "unterminated strings": lambda n: '["\\' * (n // 3),
    "a valid deep-ish array of strings": lambda n: "[" + ",".join(['"\\"x\\""'] * (n // 8)) + "]",
}


def best(fn, text: str) -> float:
    times = []
    for _ in range(3):
        t = time.perf_counter()
        fn(text)
        times.append(time.perf_counter() - t)
    return min(times)


def segment(text: str) -> None:
    try:
        parse(Signed(text, "0" * 128), 1)
    except ExchangeError:
        pass


def main() -> None:
    for name, make in INPUTS.items():
        for n in (64 * 1024, 1024 * 1024, MAX_SEGMENT_CHARS):
            text = make(n)
            print(f"{name:36s} {len(text):>9,} chars: depth scan {best(json_depth, text) * 1e3:8.1f} ms, "
                  f"segment check {best(segment, text) * 1e3:8.1f} ms", flush=True)


if __name__ == "__main__":
    main()

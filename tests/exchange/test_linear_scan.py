"""Every check on untrusted JSON text grows linearly with its length, up to the size limits: a small
file cannot freeze the program before its signature is checked.

The attack: a segment body of ``"`` followed by many ``\\"`` drove a quadratic scan (32 KB cost
10 s of CPU, 64 KB 29 s). The same scan read the JSON fields of game files. Growth is measured
as a ratio within one run (the time of a text 16 times as long against the time of the short
one), so the test does not depend on the speed of the machine: linear growth gives about 16, the
old quadratic scan 256.
"""

from __future__ import annotations

import json
import time

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from darkdec_qt.game.exchange.errors import ExchangeError
from darkdec_qt.game.exchange.segment import MAX_SEGMENT_CHARS, parse
from darkdec_qt.game.exchange.signing import Signed
from darkdec_qt.model.jsonscan import deeper_than, json_depth
from darkdec_qt.model.safesqlite import MAX_JSON_BYTES, UntrustedFileError, bounded_json

# the pieces adversarial texts are made of: escaped quotes, lone quotes, backslashes, brackets, keys
MOTIFS = ['\\"', '"', "\\", "\\\\", "[", "{", '["', '{"a":', '"\\', "]", "a"]
GROWTH = 16


def _segment(text: str) -> None:
    try:
        parse(Signed(text, "0" * 128), 1)
    except ExchangeError:
        pass


def _game_field(text: str) -> None:
    try:
        bounded_json(text, "a field")
    except UntrustedFileError:
        pass


CHECKS = {"segment": (_segment, MAX_SEGMENT_CHARS), "game file": (_game_field, MAX_JSON_BYTES)}


def _seconds(check, text: str) -> float:
    """The time of one check, the best of three measurements each repeated for at least 20 ms."""
    best = float("inf")
    for _ in range(3):
        n, t0 = 0, time.perf_counter()
        while True:
            check(text)
            n += 1
            dt = time.perf_counter() - t0
            if dt > 0.02:
                break
        best = min(best, dt / n)
    return best


@pytest.mark.parametrize("which", sorted(CHECKS))
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(prefix=st.sampled_from(["", '"', '["', '{"k":"']),
       motif=st.lists(st.sampled_from(MOTIFS), min_size=1, max_size=3).map("".join),
       scale=st.sampled_from([256, 16, 1]))
@example(prefix="", motif='\\"', scale=256).via("the reported attack, at 1/256 of the limit")
@example(prefix='"', motif='\\"', scale=1).via("the reported attack, at the limit")
def test_the_checks_grow_linearly_up_to_the_size_limit(which, prefix, motif, scale):
    check, limit = CHECKS[which]
    size = limit // scale
    big = (prefix + motif * (size // len(motif)))[:size]
    small = big[:size // GROWTH]
    ratio = _seconds(check, big) / _seconds(check, small)
    assert ratio < 4 * GROWTH, f"{len(small)} -> {len(big)} characters: {ratio:.0f} times as long"


def _depth(v) -> int:
    if isinstance(v, list):
        return 1 + max(map(_depth, v), default=0)
    if isinstance(v, dict):
        return 1 + max(map(_depth, v.values()), default=0)
    return 0


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text(alphabet='[]{}"\\ab\u00e9', max_size=8),
                    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(alphabet='[]{}"\\k', max_size=3),
                                                                               kids, max_size=4),
                    max_leaves=30)


@given(JSON, st.booleans())
def test_the_scan_gives_the_depth_of_the_parsed_value(value, ascii_only):
    """Brackets inside strings (escaped quotes and backslashes included) do not count."""
    text, depth = json.dumps(value, ensure_ascii=ascii_only), _depth(value)
    assert json_depth(text) == depth
    assert not deeper_than(text, depth) and (depth == 0 or deeper_than(text, depth - 1))

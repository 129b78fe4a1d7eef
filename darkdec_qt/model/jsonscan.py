"""Checks on untrusted JSON text made before it is parsed, each linear in the length of the text.

The nesting depth must be known before ``json.loads`` sees the text (deep nesting would exhaust
the stack). A scan that strips string literals with a backtracking pattern
(``"(?:[^"\\]|\\.)*"``) restarts at every quote of an unterminated string: a body of ``"``
followed by many ``\\"`` costs quadratic time (64 KB, half a minute). Here a string literal is
matched possessively and an unterminated one runs to the end of the text, so every character is
looked at a bounded number of times, and the depth is a running sum computed in C
(``itertools.accumulate``). Pure Python, no Qt, no SQL: the file-exchange protocol and the game
file reader share it.
"""

from __future__ import annotations

import re
from itertools import accumulate

# a string literal, or an unterminated one (ending at the end of the text, perhaps on a lone backslash);
# possessive quantifiers: no backtracking, so no restart can re-read what was read
_STRING = re.compile(r'"(?:[^"\\]++|\\.)*+(?:"|\\?\Z)', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]++")
_DELTA = {"[": 1, "{": 1, "]": -1, "}": -1}


def brackets(text: str) -> str:
    """The brackets of ``text`` outside string literals, in order."""
    return _NOT_BRACKET.sub("", _STRING.sub("", text))


def json_depth(text: str) -> int:
    """The nesting depth of JSON text (brackets outside strings), without parsing it; linear time."""
    return max(accumulate(map(_DELTA.__getitem__, brackets(text)), initial=0))


def deeper_than(text: str, limit: int) -> bool:
    """Whether ``text`` nests deeper than ``limit`` (stops at the first bracket past it); linear time."""
    return any(d > limit for d in accumulate(map(_DELTA.__getitem__, brackets(text))))

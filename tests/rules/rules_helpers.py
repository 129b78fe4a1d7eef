"""Helpers for the rules-engine-I tests: forcing die values, running phase automation."""

from __future__ import annotations

import pytest

from darkdec_qt.rules.core.apply import apply
from darkdec_qt.rules.core.commands import Command
from darkdec_qt.rules.core.dice import DiceCursor, die
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.events import Event
from darkdec_qt.rules.core.state import GameState
from darkdec_qt.rules.engine import check


def force_dice(st: GameState, *values: int) -> None:
    """Move the state's dice counter to the first index where the next dice are ``values``."""
    n = st.dice_count
    while not all(die(st.seed, n + i) == v for i, v in enumerate(values)):
        n += 1
    st.dice_count = n


def cursor(st: GameState) -> DiceCursor:
    return DiceCursor(st.seed, st.dice_count)


def run(st: GameState, events: list[Event]) -> list[Event]:
    for e in events:
        apply(st, e)
    return events


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def refusal(st: GameState, command: Command) -> IllegalAction:
    """The refusal ``engine.check`` gives ``command`` in ``st`` (the test fails if it is accepted)."""
    with pytest.raises(IllegalAction) as e:
        check(st, command)
    return e.value

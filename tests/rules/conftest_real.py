"""Shared helpers for the scenario/variant tests that need the real module."""

from __future__ import annotations

from functools import lru_cache

from darkdec_qt.moduleview import Module
from darkdec_qt.rules.core.dice import DiceCursor
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.core.state import GameState
from darkdec_qt.rules.scenarios.setup import initial_state
from tests.bundled import bundled_module


def real_module() -> Module:
    return bundled_module()


@lru_cache(maxsize=64)
def _init(scenario: str, variants: tuple[str, ...], setup: str) -> GameState:
    return initial_state(real_module(), scenario, "1", optional=(), variants=variants, setup=setup)


def init(*variants: str, scenario: str = "campaign", setup: str = "auto") -> GameState:
    """A fresh initial state (cached, so always cloned)."""
    return _init(scenario, tuple(sorted(variants)), setup).clone()


def fresh(*variants: str, scenario: str = "campaign", setup: str = "auto") -> GameState:
    """A new initial state, built now (not cached): for tests of the set-up itself."""
    return initial_state(real_module(), scenario, "1", optional=(), variants=tuple(sorted(variants)), setup=setup)


def turn(code: str) -> int:
    return real_module().turn_index[code].number


def at(st: GameState, code: str, side: str = "German", phase: Phase = Phase.SUPPLY) -> GameState:
    st = st.clone()
    st.turn, st.side, st.phase, st.started = turn(code), side, phase, True
    return st


def dice(st: GameState) -> DiceCursor:
    return DiceCursor(st.seed, st.dice_count)


def division(st: GameState, div: str) -> list[str]:
    return sorted(u for u, s in st.module.units.items() if s.division == div)

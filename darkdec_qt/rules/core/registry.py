"""Where modules register the checkers of their command kinds and their candidate
command generators (so combat*.py can plug into the engine without editing it)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from darkdec_qt.rules.core.commands import Command
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.events import Event

Checker = Callable[[Any, Any, Any], list[Event]]  # (GameState, Command, DiceCursor) -> events
Generator = Callable[[Any, "random.Random | None"], Iterator[Command]]
CHECKERS: dict[str, Checker] = {}
GENERATORS: list[Generator] = []
# (scenarios/variants) command kinds legal before StartGame: the set-up (6.0H, 26.20A)
PRESTART: set[str] = set()
# (scenarios/variants) automatic work at the start of every phase, after the engine's own:
# (GameState, DiceCursor) -> events, applied by the caller as they are returned
PhaseHook = Callable[[Any, Any], list[Event]]
PHASE_HOOKS: list[PhaseHook] = []
# (the player chooses) refusals judged before a command's own checker: a choice the
# rulebook gives a player is owed before the phase may end or movement may begin.
# (GameState, Command) -> IllegalAction | None
Guard = Callable[[Any, Command], Any]
GUARDS: list[Guard] = []


_CHECK: list[Callable[[Any, Command], list[Event]]] = []


def install_check(fn: Callable[[Any, Command], list[Event]]) -> None:
    """The engine installs its ``check`` here, so that a chapter can ask whether a command it
    offers would be accepted (guards, checker and all) without importing the engine above it."""
    _CHECK[:] = [fn]


def accepted(state: Any, cmd: Command) -> bool:
    """Whether the engine's ``check`` accepts ``cmd`` now."""
    try:
        _CHECK[0](state, cmd)
        return True
    except IllegalAction:
        return False


def register_checker(kind: str) -> Callable[[Checker], Checker]:
    def deco(fn: Checker) -> Checker:
        CHECKERS[kind] = fn
        return fn

    return deco


# The order in which ``legal_commands`` offers the generators' commands, the guards judge and
# the phase hooks run: fixed by rank here, never by which module happened to be imported first
# (a self-played or computer-played game is the same game whichever way the engine was loaded).
OWED = 0  # the choices a player owes (the player chooses); moments judged at a phase's start
DECLARATIONS = 1  # the scenario's and variants' declarations (26.11A, 26.13A)
CHAPTER = 2  # a chapter's own commands (10.8 withdrawals)
COMBAT = 3  # the battle procedure (13.0)
_RANKS: dict[int, int] = {}


def _insert(items: list, fn: Callable, rank: int) -> None:
    """Add ``fn`` after every entry of the same or a lower rank (once)."""
    if fn in items:
        return
    _RANKS[id(fn)] = rank
    at = next((i for i, f in enumerate(items) if _RANKS.get(id(f), CHAPTER) > rank), len(items))
    items.insert(at, fn)


def register_generator(fn: Generator | None = None, *, rank: int = CHAPTER):  # noqa: ANN201
    """Register a candidate command generator (usable as ``@register_generator`` or
    ``@register_generator(rank=...)``)."""
    def deco(f: Generator) -> Generator:
        _insert(GENERATORS, f, rank)
        return f

    return deco(fn) if fn is not None else deco


def register_guard(fn: Guard, rank: int = CHAPTER) -> Guard:
    _insert(GUARDS, fn, rank)
    return fn


def register_phase_hook(fn: PhaseHook, rank: int = CHAPTER) -> PhaseHook:
    _insert(PHASE_HOOKS, fn, rank)
    return fn

"""Where modules register the checkers of their command kinds and their candidate
command generators (so combat*.py can plug into the engine without editing it)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from darkdec_qt.rules.commands import Command
from darkdec_qt.rules.events import Event

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
# (issue 12: the player chooses) refusals judged before a command's own checker: a choice the
# rulebook gives a player is owed before the phase may end or movement may begin.
# (GameState, Command) -> IllegalAction | None
Guard = Callable[[Any, Command], Any]
GUARDS: list[Guard] = []


def register_checker(kind: str) -> Callable[[Checker], Checker]:
    def deco(fn: Checker) -> Checker:
        CHECKERS[kind] = fn
        return fn

    return deco


def register_generator(fn: Generator) -> Generator:
    GENERATORS.append(fn)
    return fn

"""Folding the routine lines of a game log, shared by the client's log dock
(``ui/panels/log.py``) and ``darkdec log``: the "unit is supplied" lines of a phase
(``supply_determined`` with state ``supplied``) become one summary line, listed only
on request (the dock's expand arrow, ``darkdec log --all``)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

ROUTINE = "supplied"
HIDDEN = frozenset({"phase_ended", "battle_stage"})
"""Kinds the log does not word (the headings and the Battle dock show them), but for the
defender's declaration (a battle_stage: ``Storyteller.declared``)."""


def is_routine(event: Any) -> bool:
    """A routine supply line: folded into one summary per phase."""
    return getattr(event, "kind", "") == "supply_determined" and getattr(event, "state", "") == ROUTINE


def log_words(teller: Any, event: Any) -> str:
    """An event's words as the log dock shows them, '' for none; ``teller`` is the log's
    ``narrate.Storyteller`` (it remembers the attacker's declared reductions, 13.3.3)."""
    if getattr(event, "kind", "") in HIDDEN:
        return teller.declared(event)
    return teller(event)


def routine_summary(n: int) -> str:
    return f"\u2713 {n} unit{'s' if n != 1 else ''} supplied"


def folded_lines(events: Iterable[Any], describe: Any, expand: bool = False) -> Iterator[tuple[int, str]]:
    """``(event number, text)`` for a printed log, numbered from 1 as the client's log dock,
    its "viewing the past" banner and ``darkdec replay --verify`` number the events; each phase's routine supply lines are
    one summary line at the place of the first (``expand`` lists them all instead).
    ``describe(event) -> str`` gives an event's words ('' hides it)."""
    pending: list[tuple[int, str]] = []
    fold_at: int | None = None
    folded = 0

    def flush() -> Iterator[tuple[int, str]]:
        nonlocal pending, fold_at, folded
        for i, text in pending:
            yield (i, routine_summary(folded) + " (--all lists them)") if i == fold_at and text == "" else (i, text)
        pending, fold_at, folded = [], None, 0

    for i, e in enumerate(events, 1):
        if getattr(e, "kind", "") == "phase_began":
            yield from flush()
        if not expand and is_routine(e):
            if not describe(e):
                continue  # a line the viewer may not know (an enemy's supply check under fog of war, 25.0)
            folded += 1
            if fold_at is None:
                fold_at = i
                pending.append((i, ""))
            continue
        text = describe(e)
        if text:
            pending.append((i, text))
    yield from flush()

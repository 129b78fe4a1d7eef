"""Errors raised by the rules engine."""

from __future__ import annotations


class IllegalAction(ValueError):
    """A command the rules forbid. The message quotes the unit, the hex and the rule.

    ``IllegalAction("cannot enter 2516: enemy ZOC, ...", rule="10.2F", unit="3/2Pz", hex="2516")``
    reads ``3/2Pz cannot enter 2516: enemy ZOC, ... (10.2F)``.
    """

    def __init__(self, message: str, *, rule: str = "", unit: str | None = None, hex: str | None = None):
        self.rule = rule
        self.unit = unit
        self.hex = hex
        self.reason = message
        text = f"{unit} {message}" if unit else message
        if rule:
            text = f"{text} ({rule})"
        super().__init__(text)


class MalformedCommand(IllegalAction):
    """A command that names what the game does not have (an unknown unit, hex or command) or is
    badly formed (no unit, a unit listed twice, a note too long), or comes outside the game (before
    StartGame, after it): no clause of the rules applies, so ``rule`` stays empty. Every other
    refusal names its clause (tests/rules/test_refusal_clauses.py)."""

    def __init__(self, message: str, *, unit: str | None = None, hex: str | None = None):
        super().__init__(message, rule="", unit=unit, hex=hex)

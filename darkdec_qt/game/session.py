"""A game session: module + initial state + event log + current state.

Live play, replay and loading a file all apply the same events with the same
``apply`` (Wesnoth's synced context). Undo goes back one command at a time, never past
a die roll nor a phase handed over.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from darkdec_qt.moduleview import Module
from darkdec_qt.rules import engine
from darkdec_qt.rules.apply import apply
from darkdec_qt.rules.commands import Command, StartGame
from darkdec_qt.rules.errors import IllegalAction
from darkdec_qt.rules.events import Event
from darkdec_qt.rules.setup import initial_state
from darkdec_qt.rules.state import GameState

_BARRIERS = frozenset({"die_rolled", "phase_began", "phase_ended", "game_ended"})


@dataclass
class Batch:
    command: Command
    events: list[Event] = field(default_factory=list)

    @property
    def is_barrier(self) -> bool:
        return any(e.kind in _BARRIERS for e in self.events)


class Game:
    def __init__(self, module: Module, scenario: str, seed: str = "0", *, initial: GameState | None = None,
                 optional: tuple[str, ...] | None = None):
        self.module = module
        self.initial = initial if initial is not None else initial_state(module, scenario, seed, optional)
        self.state = self.initial.clone()
        self.batches: list[Batch] = []
        if not self.state.started:
            self.execute(StartGame())

    # --- the log -------------------------------------------------------------
    @property
    def events(self) -> list[Event]:
        return [e for b in self.batches for e in b.events]

    def execute(self, command: Command) -> list[Event]:
        """Check (raising IllegalAction) and apply; the events are appended to the log."""
        events = engine.check(self.state, command)
        for e in events:
            apply(self.state, e)
        self.batches.append(Batch(command, list(events)))
        return events

    def can_undo(self) -> bool:
        return bool(self.batches) and not self.batches[-1].is_barrier

    def undo(self) -> Command:
        """Remove the last command's events; refuse past a die roll or a phase change."""
        if not self.can_undo():
            raise IllegalAction("cannot undo past a die roll or a phase handed over", rule="log")
        b = self.batches.pop()
        self.state = self.replay(self.events)
        return b.command

    def replay(self, events: list[Event]) -> GameState:
        s = self.initial.clone()
        for e in events:
            apply(s, e)
        return s

    def state_at(self, event_index: int) -> GameState:
        """The state after the first ``event_index`` events."""
        return self.replay(self.events[:event_index])

    # --- serialisation (the model layer writes these into the game file) -------
    def log_dicts(self) -> list[dict[str, Any]]:
        return [{"command": b.command.to_dict(), "events": [e.to_dict() for e in b.events]} for b in self.batches]

    @classmethod
    def from_log(cls, module: Module, scenario: str, seed: str, log: list[dict[str, Any]],
                 optional: tuple[str, ...] | None = None) -> Game:
        """Rebuild from a recorded log by applying its events (no re-checking, no re-rolling)."""
        g = cls.__new__(cls)
        g.module = module
        g.initial = initial_state(module, scenario, seed, optional)
        g.state = g.initial.clone()
        g.batches = []
        for item in log:
            b = Batch(Command.from_dict(item["command"]), [Event.from_dict(d) for d in item["events"]])
            for e in b.events:
                apply(g.state, e)
            g.batches.append(b)
        return g

"""A game session: module + initial state + event log + current state.

Live play, replay and loading a file all apply the same events with the same
``apply`` (Wesnoth's synced context). Undo goes back one command at a time, never past
a die roll nor a phase handed over; redo executes the undone commands again, in order,
until a new command is executed (which forgets them).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from darkdec_qt.moduleview import Module
from darkdec_qt.rules import engine
from darkdec_qt.rules.core.apply import apply
from darkdec_qt.rules.core.commands import Command, StartGame
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.events import Event
from darkdec_qt.rules.core.options import check_choices
from darkdec_qt.rules.core.state import GameState
from darkdec_qt.rules.scenarios.setup import initial_state

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
                 optional: tuple[str, ...] | None = None, variants: tuple[str, ...] | None = None,
                 setup: str = "auto", start: bool | None = None):
        """(scenarios) ``variants``: the chosen 26.x variants (checked with options.check_choices
        against the scenario); ``setup``: auto / free / historical (setup.initial_state);
        ``start``: execute StartGame now (default: unless units remain to be set up by hand,
        or a set-up command such as the 26.20A choice is to come first)."""
        self.module = module
        self.game_id = secrets.token_hex(16)
        """This game's own id (kept in its file): names its autosave, so two games never share one."""
        self.seed_chosen = True
        """Whether the dice seed was chosen (``--seed``, tests, self-play) rather than drawn from the
        system's randomness by the client's new game: kept in the file and said wherever it is opened."""
        if initial is None:
            sc = module.scenarios.get(scenario)
            if sc is not None and (optional is not None or variants):
                check_choices(set(optional or ()), set(variants or ()), sc.optional_rules, sc.variants)
            initial = initial_state(module, scenario, seed, optional, variants, setup)
        self.initial = initial
        self.state = self.initial.clone()
        self.batches: list[Batch] = []
        self.undone: list[Command] = []  # redo stack, last undone last
        if start is None:
            start = not self.state.to_place
        if start and not self.state.started:
            self.execute(StartGame())

    @property
    def variants(self) -> frozenset[str]:
        """The variants chosen at the start (26.18C may add 26.1 in ``state.variants``)."""
        return self.initial.variants

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
        self.undone.clear()  # a new command forgets what was undone
        return events

    def can_undo(self) -> bool:
        return bool(self.batches) and not self.batches[-1].is_barrier

    def undo(self) -> Command:
        """Remove the last command's events; refuse past a die roll or a phase change."""
        if not self.can_undo():
            raise IllegalAction("cannot undo past a die roll or a phase handed over", rule="log")
        b = self.batches.pop()
        self.state = self.replay(self.events)
        self.undone.append(b.command)
        return b.command

    def can_redo(self) -> bool:
        return bool(self.undone)

    def redo(self) -> Command:
        """Execute the last undone command again. It is checked anew by the engine; the
        state is the one it was executed in, so (undo never removes a die roll) it gives
        the same events. Raises IllegalAction when there is nothing to redo."""
        if not self.undone:
            raise IllegalAction("nothing to redo: only commands undone since the last new command can be redone",
                                rule="log")
        command = self.undone.pop()
        rest = list(self.undone)
        try:
            self.execute(command)
        except IllegalAction:
            self.undone = rest + [command]
            raise
        self.undone = rest
        return command

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
                 optional: tuple[str, ...] | None = None, variants: tuple[str, ...] | None = None,
                 setup: str = "auto") -> Game:
        """Rebuild from a recorded log by applying its events (no re-checking, no re-rolling).
        Unchecked, like python-chess's ``push``: only for logs this process produced. A file
        opens through ``darkdec_qt.gamestore.open_verified``, which re-executes every
        command through ``execute`` (docs/file-safety.md)."""
        g = cls.__new__(cls)
        g.module = module
        g.game_id = secrets.token_hex(16)
        g.seed_chosen = True
        g.initial = initial_state(module, scenario, seed, optional, variants, setup)
        g.state = g.initial.clone()
        g.batches = []
        g.undone = []
        for item in log:
            b = Batch(Command.from_dict(item["command"]), [Event.from_dict(d) for d in item["events"]])
            for e in b.events:
                apply(g.state, e)
            g.batches.append(b)
        return g

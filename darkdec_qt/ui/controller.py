"""The client's game controller: one Game, the shown moment (live or past), the file
it belongs to, and the only place the client writes to the game (through ``execute``
and ``undo``). Views connect to its signals; none of them computes a rule.
"""

from __future__ import annotations

import secrets
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from darkdec_qt.ai.base import decider
from darkdec_qt.game.session import Game
from darkdec_qt.model.load import DEFAULT_MODULE
from darkdec_qt.moduleview import Module
from darkdec_qt.rules.core.commands import Command, EndPhase, StartGame
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.options import check_choices
from darkdec_qt.rules.core.phases import acting_side
from darkdec_qt.rules.core.state import GameState
from darkdec_qt.rules.scenarios.setup import initial_state
from darkdec_qt.ui.snapshots import StateCache


def new_game(module: Module, scenario: str, seed: str | None = None, optional: tuple[str, ...] | None = None,
             variants: tuple[str, ...] | None = None, setup: str = "auto") -> Game:
    """A new game; raises IllegalAction for an illegal choice of rules (options.check_choices).
    ``None`` for optional/variants means the scenario's defaults (setup.initial_state);
    ``setup`` the German set-up of a 16 December scenario (auto, free: by hand, historical)."""
    if scenario not in module.scenarios:
        raise KeyError(f"unknown scenario {scenario!r}")
    if optional is not None or variants is not None:
        check_choices(set(optional or ()), set(variants or ()))
    drawn = not seed
    seed = seed or secrets.token_hex(16)  # the system's randomness: nobody can foresee or choose the dice
    init = initial_state(module, scenario, seed, optional, variants, setup)
    game = Game(module, scenario, seed, initial=init)
    game.seed_chosen = not drawn  # --seed: marked in the file and wherever it is opened
    return game


class GameController(QObject):
    """Wraps a :class:`Game` for the views."""

    changed = Signal()  # the live game changed (command, undo, new game)
    shownChanged = Signal()  # noqa: N815  the displayed moment changed (past / live)
    message = Signal(str, bool)  # text, is_error
    handOver = Signal(str)  # noqa: N815  the side that must take the seat now
    phaseEnded = Signal()  # noqa: N815  a phase ended (autosave point)
    gameReplaced = Signal()  # noqa: N815  a different game is loaded

    def __init__(self, game: Game, module_path: str | Path = DEFAULT_MODULE,
                 path: str | Path | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.module_path = Path(module_path)
        self.game = game
        self.cache = StateCache(game)
        self.path: Path | None = Path(path) if path else None
        self.dirty = False
        self.past: int | None = None  # event index shown, None = live
        self.last_refusal = ""
        self.end_refusal = ""  # why the engine refused EndPhase (shown in the phase bar)
        # The side whose player sits at this screen for the whole game: against the computer the
        # human's side, in file exchange mine; None in hot seat, where the seat goes to the side
        # the game waits for (the hand-over screen). What may be seen (25.0) belongs to the seat.
        self.seat: str | None = None
        # The sides the computer plays (ui/aiplayer.py): their notes are its plans, not messages
        # to the player, and fog of war (25.0) hides them; a human opponent's notes are shown.
        self.computer: frozenset[str] = frozenset()

    # --- what is shown --------------------------------------------------------------
    @property
    def module(self):  # -> Module
        return self.game.module

    @property
    def state(self) -> GameState:
        """The live state (what commands apply to)."""
        return self.game.state

    def shown_state(self) -> GameState:
        return self.state if self.past is None else self.cache.state_at(self.past)

    def is_live(self) -> bool:
        return self.past is None

    def acting(self) -> str:
        s = self.state
        return acting_side(s.side, s.phase)

    def owing(self) -> str:
        """The side whose decision the live game waits for: the phasing side, or the side a
        battle's task names (the defender's declaration, results, retreats: 13.3.3A, 13.5,
        13.6), a displaced leader's owner (15.5D), the fuel chooser (8.7.1A); the same
        answer the computer opponent plays by (ai.base.decider)."""
        return decider(self.state)

    def viewer(self) -> str:
        """Who looks at the screen: the seat's side (against the computer the human's, in
        file exchange mine), in hot seat the side the game waits for. Fog of war (25.0), the
        CRT of 25.0C and the secret 26.20A choice are shown from this side's point of view."""
        return self.seat or self.owing()

    def phasing_controls(self) -> bool:
        """Whether the phasing player's controls (End phase, Battle mode, armour superiority,
        declaring a battle) are for the player at the screen: the live game waits for the
        phasing side, and that side sits here (always, in hot seat)."""
        if not self.is_live() or self.state.game_over:
            return False
        side = self.acting()
        return self.owing() == side and self.seat in (None, side)

    def show_past(self, index: int) -> None:
        n = len(self.cache.events)
        self.past = None if index >= n else max(0, index)
        self.shownChanged.emit()

    def show_live(self) -> None:
        if self.past is not None:
            self.past = None
            self.shownChanged.emit()

    # --- writing ---------------------------------------------------------------------
    def set_game(self, game: Game, path: str | Path | None = None, module_path: str | Path | None = None,
                 seat: str | None = None) -> None:
        """Show ``game``; ``seat``: the side at this screen for the whole game (None: hot seat)."""
        self.game = game
        self.seat = seat
        self.cache = StateCache(game)
        self.path = Path(path) if path else None
        if module_path is not None:
            self.module_path = Path(module_path)
        self.dirty = False
        self.past = None
        self.last_refusal = self.end_refusal = ""
        self.gameReplaced.emit()
        self.changed.emit()
        self.shownChanged.emit()

    def take_seat(self, side: str | None) -> None:
        """The player of ``side`` sits at this screen for the rest of the game (None: hot seat)."""
        self.seat = side
        self.changed.emit()
        self.shownChanged.emit()

    def execute(self, command: Command) -> bool:
        """Execute ``command`` through the engine; on IllegalAction show the reason and
        change nothing. Returns whether it was executed."""
        if self.past is not None:
            self.message.emit("Viewing the past: return to the live game to act (End)", True)
            return False
        before = self.owing()
        try:
            events = self.game.execute(command)
        except IllegalAction as exc:
            self.last_refusal = str(exc)
            self.message.emit(str(exc), True)
            return False
        self.last_refusal = ""
        self.end_refusal = ""
        self.dirty = True
        self.cache.sync()
        self.changed.emit()
        self.shownChanged.emit()
        if any(e.kind == "phase_ended" for e in events):
            self.phaseEnded.emit()
        after = self.owing()
        if after != before and not self.state.game_over:
            self.handOver.emit(after)
        return True

    def execute_many(self, commands: list[Command]) -> int:
        """Execute commands decided elsewhere (the computer opponent, ui/aiplayer.py) through
        the engine, refreshing the views once; stops at the first refusal. Returns how many
        were executed."""
        if self.past is not None or not commands:
            return 0
        before = self.owing()
        n = 0
        ended = False
        for cmd in commands:
            try:
                events = self.game.execute(cmd)
            except IllegalAction as exc:
                self.last_refusal = str(exc)
                self.message.emit(str(exc), True)
                break
            n += 1
            ended = ended or any(e.kind == "phase_ended" for e in events)
        if n:
            self.last_refusal = self.end_refusal = ""
            self.dirty = True
            self.cache.sync()
            self.changed.emit()
            self.shownChanged.emit()
            if ended:
                self.phaseEnded.emit()
            after = self.owing()
            if after != before and not self.state.game_over:
                self.handOver.emit(after)
        return n

    def end_phase(self) -> bool:
        ok = self.execute(EndPhase() if self.state.started else StartGame())
        if not ok and self.past is None:
            self.end_refusal = self.last_refusal
            self.shownChanged.emit()
        return ok

    def can_undo(self) -> bool:
        return self.past is None and self.game.can_undo()

    def undo(self) -> bool:
        if not self.can_undo():
            self.message.emit("Nothing to undo: undo stops at a die roll or a phase handed over (log)", True)
            return False
        cmd = self.game.undo()
        self.cache.sync()
        self.dirty = True
        self.changed.emit()
        self.shownChanged.emit()
        self.message.emit(f"Undone: {cmd.kind.replace('_', ' ')}", False)  # after the views' own messages
        return True

    def can_redo(self) -> bool:
        return self.past is None and self.game.can_redo()

    def redo(self) -> bool:
        """Execute the last undone command again (Ctrl+Shift+Z, Ctrl+Y)."""
        if not self.can_redo():
            self.message.emit("Nothing to redo: only what was undone since the last command (log)", True)
            return False
        before = self.owing()
        try:
            cmd = self.game.redo()
        except IllegalAction as exc:
            self.last_refusal = str(exc)
            self.message.emit(str(exc), True)
            return False
        self.cache.sync()
        self.dirty = True
        self.changed.emit()
        self.shownChanged.emit()
        self.message.emit(f"Redone: {cmd.kind.replace('_', ' ')}", False)  # after the views' own messages
        if self.owing() != before and not self.state.game_over:
            self.handOver.emit(self.owing())
        return True

    def mark_saved(self, path: str | Path) -> None:
        self.path = Path(path)
        self.dirty = False
        self.changed.emit()

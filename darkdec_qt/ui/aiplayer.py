"""Playing against the computer in the client.

*File ▸ New game against the computer…* chooses the scenario, the human's side and the
computer's level. Whenever the computer's side has the decision (its player turn, or a
defender's choice in the human's battle) a worker thread plays it on a scratch copy of
the game (darkdec_qt/ai, no Qt) and hands back the commands; the GUI thread then
executes them through the controller, so the live game only ever changes in the GUI
thread and through the engine. The window stays responsive meanwhile: a progress bar and
a Stop button sit in the status bar. Stop ends the thinking after the current decision;
what was decided is kept and the computer pauses until *Game ▸ Computer: move now*.
"""

from __future__ import annotations

import copy
import secrets
import threading

from PySide6.QtCore import QEvent, QObject, Qt, QThread, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QProgressBar,
    QPushButton,
    QWidget,
)

from darkdec_qt.ai.base import LEVELS, decider
from darkdec_qt.ai.match import play
from darkdec_qt.ai.players import AIPlayer
from darkdec_qt.game.session import Game
from darkdec_qt.rules.core.phases import PHASES
from darkdec_qt.ui.dialogs.newgame import NewGameDialog
from darkdec_qt.ui.elide import ElidedLabel

SIDES = ("German", "Allied")


def scratch_copy(game: Game) -> Game:
    """A copy the worker may play on: the same module and initial state (never changed),
    its own state and its own lists (log, redo)."""
    g = copy.copy(game)
    g.state = game.state.clone()
    for name, value in vars(game).items():
        if isinstance(value, list):
            setattr(g, name, list(value))
    return g


class Worker(QThread):
    """Plays ``side`` on a scratch copy until another side decides, the game ends or
    Stop; ``progress`` (0-1000: the phase of the player turn and the share of units
    weighed) and ``done`` (the commands decided) are queued to the GUI thread."""

    progress = Signal(int, str)
    done = Signal(object, bool)  # the commands decided, stopped

    def __init__(self, game: Game, side: str, player: AIPlayer, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.source = game
        self.start_length = len(game.batches)
        self.game = scratch_copy(game)
        self.side = side
        self.player = player
        self.commands: list = []
        self._stop = threading.Event()

    def stop(self) -> None:
        self._stop.set()

    def run(self) -> None:  # the worker thread
        def on_command(g: Game, cmd: object) -> None:
            self.commands.append(cmd)
            s = g.state
            ph = self.player.phase
            share = 0.0
            if ph is not None and (ph.moved or ph.todo):
                share = len(ph.moved) / (len(ph.moved) + len(ph.todo))
            value = int(1000 * (PHASES.index(s.phase) + share) / len(PHASES))
            self.progress.emit(value, f"{self.side} ({self.player.level.name}) thinking: {s.phase.value} phase, "
                                      f"{len(self.commands)} command{'' if len(self.commands) == 1 else 's'}")

        play(self.game, {self.side: self.player}, only=self.side, stop=self._stop.is_set, on_command=on_command)
        self.done.emit(self.commands, self._stop.is_set())


class ComputerOpponent(QObject):
    """Watches the controller; starts a Worker whenever a computer side decides."""

    thinkingChanged = Signal(bool)  # noqa: N815

    def __init__(self, window) -> None:  # noqa: ANN001 - the Client
        super().__init__(window)
        self.window = window
        self.controller = window.controller
        self.sides: dict[str, AIPlayer] = {}
        self.levels: dict[str, str] = {}  # side -> level name, kept in a saved game (its "opponent" value)
        self.worker: Worker | None = None
        self.paused = False
        self.last_stopped = False
        self.bar = QProgressBar()
        self.bar.setRange(0, 1000)
        self.bar.setMaximumWidth(260)
        self.bar.setMinimumWidth(60)
        self.label = ElidedLabel(mode=Qt.TextElideMode.ElideRight, min_px=120)  # never widens the window
        self.stop_button = QPushButton("Stop")
        self.stop_button.setToolTip("Stop the computer after its current decision (it pauses: Game ▸ Computer: move now)")
        self.stop_button.clicked.connect(self.stop)
        self.box = QWidget()
        lay = QHBoxLayout(self.box)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.label)
        lay.addWidget(self.bar)
        lay.addWidget(self.stop_button)
        window.statusBar().addPermanentWidget(self.box)
        self.box.hide()
        self.controller.changed.connect(self.poke)
        self.controller.gameReplaced.connect(lambda: self.set_sides({}))  # a new game or file: hot seat
        window.installEventFilter(self)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802
        """Closing the window stops the worker first (a running QThread must not be destroyed)."""
        if event.type() == QEvent.Type.Close and self.worker is not None:
            self.worker.stop()
            self.worker.wait(30000)
        return False

    # --- who plays -------------------------------------------------------------------
    def set_sides(self, sides: dict[str, str], seed: str | None = None) -> None:
        """``{"Allied": "normal"}``: the computer plays these sides at these levels. Its own
        choices draw on ``seed``, by default fresh system randomness: never the game's dice
        seed, so nothing a player sees tells what the computer will do."""
        self.stop()
        seed = seed if seed is not None else secrets.token_hex(16)
        self.sides = {side: AIPlayer(level, f"{seed}/{side}") for side, level in sides.items()}
        self.levels = dict(sides)
        self.paused = False
        if self.controller.computer != frozenset(sides):
            self.controller.computer = frozenset(sides)
            if sides:
                self.controller.changed.emit()  # the log reads the game again (the computer's notes, 25.0)
        self.poke()

    @property
    def thinking(self) -> bool:
        return self.worker is not None

    def poke(self) -> None:
        """Start thinking if a computer side has the decision in the live game."""
        c = self.controller
        if self.worker is not None or self.paused or not self.sides or c.state.game_over or not c.is_live():
            return
        side = decider(c.state)
        player = self.sides.get(side)
        if player is None:
            return
        self.worker = Worker(c.game, side, player, self)
        self.worker.progress.connect(self._progress)
        self.worker.done.connect(self._done)
        self.bar.setValue(0)
        self.label.set_full_text(f"{side} ({player.level.name}) thinking…")
        self.box.show()
        self.thinkingChanged.emit(True)
        self.worker.start()

    def resume(self) -> None:
        self.paused = False
        self.poke()

    def stop(self) -> None:
        if self.worker is not None:
            self.worker.stop()

    def wait(self, ms: int = 60000) -> bool:
        """Block until the worker ends (tests, closing the window)."""
        return self.worker is None or self.worker.wait(ms)

    # --- GUI thread ----------------------------------------------------------------------
    def _progress(self, value: int, text: str) -> None:
        self.bar.setValue(value)
        self.label.set_full_text(text)

    def _done(self, commands: list, stopped: bool) -> None:
        w, self.worker = self.worker, None
        if w is not None:
            w.wait()
            w.deleteLater()
        self.box.hide()
        self.last_stopped = stopped
        if stopped:
            self.paused = True
        c = self.controller
        if w is not None and c.game is w.source and len(c.game.batches) == w.start_length and c.is_live():
            c.execute_many(commands)  # else the game changed meanwhile (new game, undo): think again
        self.thinkingChanged.emit(False)
        if stopped:
            self.window.show_message("The computer stopped; Game ▸ Computer: move now lets it go on", False)
        else:
            self.poke()


class VsComputerDialog(NewGameDialog):
    """The New Game dialog plus the human's side and the computer's level."""

    def __init__(self, module, parent: QWidget | None = None, scenario: str = "herbstnebel") -> None:  # noqa: ANN001
        super().__init__(module, parent, scenario)
        self.setWindowTitle("New game against the computer")
        self.side = QComboBox()
        self.side.addItems(SIDES)
        self.level = QComboBox()
        self.level.addItems(list(LEVELS))
        self.level.setCurrentText("normal")
        form = self.layout().itemAt(0).layout()
        if isinstance(form, QFormLayout):
            form.addRow("You play", self.side)
            form.addRow("Computer level", self.level)

    def opponent(self) -> dict[str, str]:
        human = self.side.currentText()
        return {("Allied" if human == "German" else "German"): self.level.currentText()}


def install(window) -> ComputerOpponent:  # noqa: ANN001 - the Client
    """Add the computer opponent and its menu entries to the client."""
    opp = ComputerOpponent(window)
    window.computer = opp

    def new_vs_computer() -> None:
        if not window.files.confirm_discard():
            return
        dlg = VsComputerDialog(window.controller.module, window, window.controller.state.scenario)
        if dlg.exec() != QDialog.DialogCode.Accepted:
            return
        start_vs_computer(window, dlg.choices(), dlg.opponent())

    act = window.add_action("&File", "new_vs_computer", "New game against the &computer…", new_vs_computer)
    quit_action = window.actions_by_name.get("quit")
    if quit_action is not None:  # with the other new games, above Quit
        window.menus["&File"].removeAction(act)
        window.menus["&File"].insertAction(quit_action, act)
    window.add_action("&Game", "computer_move", "Computer: &move now", opp.resume, "Ctrl+M")
    window.add_action("&Game", "computer_stop", "Computer: &stop thinking", opp.stop, "Ctrl+.")
    # a game against the computer is saved as one and reopens as one (the human's seat, 25.0)
    window.files.savers.append(lambda: {"opponent": dict(opp.levels)} if opp.levels else {})
    window.files.restorers.append(lambda extra: restore_opponent(window, extra.get("opponent")))
    return opp


def restore_opponent(window, opponent: object) -> bool:  # noqa: ANN001
    """A file's ``opponent`` value (``{"German": "normal"}``, untrusted): one side played by
    the computer at a known level, the other by the human at the screen; anything else is
    ignored (the game opens in hot seat)."""
    if not (isinstance(opponent, dict) and len(opponent) == 1):
        return False
    (side, level), = opponent.items()
    if side not in SIDES or not isinstance(level, str) or level not in LEVELS:
        return False
    _play_against(window, {side: level})
    return True


def _play_against(window, opponent: dict[str, str]) -> None:  # noqa: ANN001
    """The computer plays ``opponent``; the other side is the human's seat; no hand-over screens."""
    window.hotseat = False
    act = window.actions_by_name.get("hotseat")
    if act is not None:
        act.setChecked(False)
    human = next((side for side in SIDES if side not in opponent), None)
    window.controller.take_seat(human)  # 25.0: the human's side is seen, whoever is phasing
    window.computer.set_sides(opponent)


def start_vs_computer(window, choices: dict, opponent: dict[str, str]) -> bool:  # noqa: ANN001
    """A new game with ``opponent`` ({side: level}) played by the computer; no hand-over
    screens (one human at the screen)."""
    window.computer.set_sides({})
    if not window.start_new_game(**choices):
        return False
    _play_against(window, opponent)
    return True



"""The assembled client: the main window plus files, replay, actions, panels, charts."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QDialog, QMenu, QMessageBox, QWidget

from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.ui.controller import GameController, new_game
from darkdec_qt.ui.dialogs.fileops import FileOps
from darkdec_qt.ui.dialogs.handover import keep_in_saves
from darkdec_qt.ui.dialogs.newgame import NewGameDialog
from darkdec_qt.ui.exchange.actions import install_exchange
from darkdec_qt.ui.focus import keys_to_map
from darkdec_qt.ui.help.menu import build_help_menu
from darkdec_qt.ui.mainwindow import MainWindow
from darkdec_qt.ui.panels.replay import ReplayBar
from darkdec_qt.ui.settings import WindowMemory


class Client(MainWindow):
    def __init__(self, controller: GameController, settings: QSettings | None = None,
                 autosave_dir: str | Path | None = None, hotseat: bool = True,
                 parent: QWidget | None = None) -> None:
        super().__init__(controller, settings, autosave_dir, hotseat, parent)
        self.files = FileOps(controller, self, self.settings, autosave_dir)
        self.confirm_discard = self.files.confirm_discard
        self.replay = ReplayBar(controller)
        self.add_panel("replay", "Replay", self.replay, Qt.DockWidgetArea.BottomDockWidgetArea)
        self._file_menu()
        self._replay_keys()
        self.extend()
        install_exchange(self)  # file exchange: File menu entries and the whose-move line (ui/exchange/actions.py)
        from darkdec_qt.ui import aiplayer  # File > New game against the computer

        aiplayer.install(self)
        keep_in_saves(self)  # after the computer's side is restored: a hand-over screen only in hot seat
        self._help_menu()
        self.memory: WindowMemory | None = WindowMemory(self, self.settings)
        self.memory.restore_geometry()
        QTimer.singleShot(0, self._restore_layout)  # after the panels' first dock sizes

    def _help_menu(self) -> None:
        """The Help menu: keys and mouse, the client guide, About (ui/help/menu.py)."""
        build_help_menu(self)

    def _restore_layout(self) -> None:
        if self.memory is not None:
            self.memory.restore_layout()

    def extend(self) -> None:
        """Hook for the play panels (battle, reinforcements, charts) added below."""
        from darkdec_qt.ui.help.rulelinks import install_rules_index
        from darkdec_qt.ui.panels.install import install_panels

        install_panels(self)
        install_rules_index(self)

    # --- file menu ------------------------------------------------------------------
    def _file_menu(self) -> None:
        f = self.files
        self.add_action("&File", "new", "&New game…", self.new_game_dialog, QKeySequence.StandardKey.New)
        self.add_action("&File", "open", "&Open…", f.open_dialog, QKeySequence.StandardKey.Open)
        self.recent_menu = QMenu("Open &recent", self)
        self.menus["&File"].addMenu(self.recent_menu)
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        self.add_action("&File", "save", "&Save", f.save, QKeySequence.StandardKey.Save)
        self.add_action("&File", "save_as", "Save &as…", f.save_as, QKeySequence.StandardKey.SaveAs)
        self.menus["&File"].addSeparator()
        self.add_action("&File", "quit", "&Quit", self.close, "Ctrl+Q")  # StandardKey.Quit is empty without a desktop theme

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        for p in self.files.recent():
            self.recent_menu.addAction(p, partial(self.files.open_recent, p))
        if self.recent_menu.isEmpty():
            self.recent_menu.addAction("(none)").setEnabled(False)

    def new_game_dialog(self) -> None:
        if not self.files.confirm_discard():
            return
        dlg = NewGameDialog(self.controller.module, self, self.controller.state.scenario)
        if dlg.exec() == QDialog.DialogCode.Accepted:
            self.start_new_game(**dlg.choices())
        keys_to_map(self)  # the dialog took the keyboard

    def start_new_game(self, scenario: str, seed: str | None = None, optional: tuple[str, ...] = (),
                       variants: tuple[str, ...] = (), setup: str = "auto") -> bool:
        try:
            game = new_game(self.controller.module, scenario, seed, tuple(optional), tuple(variants), setup)
        except IllegalAction as exc:
            QMessageBox.warning(self, "Cannot start this game", str(exc))
            return False
        self.controller.set_game(game, None)
        self.controller.dirty = False
        self.view.fit_all()
        return True

    # --- replay keys ---------------------------------------------------------------
    def _replay_keys(self) -> None:
        r = self.replay
        self.add_action("&View", "step_back", "Replay: one event back", r.step_back, "Ctrl+Left")
        self.add_action("&View", "step_forward", "Replay: one event forward", r.step_forward, "Ctrl+Right")
        self.add_action("&View", "prev_phase", "Replay: previous phase", r.prev_phase, "PgUp")
        self.add_action("&View", "next_phase", "Replay: next phase", r.next_phase, "PgDown")
        self.add_action("&View", "replay_start", "Replay: start of the game", r.to_start, "Home")
        self.add_action("&View", "play", "Replay: play / pause", r.toggle_play, "Ctrl+P")

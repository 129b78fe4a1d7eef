"""File menu: New (dialog), Open, Save, Save As, recent files (QSettings), autosave
after every phase to the user's data folder, a prompt before losing unsaved work."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QSettings
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from darkdec_qt import gamestore
from darkdec_qt.model.gamefile import GameFileError, GameSaveError
from darkdec_qt.model.safewrite import remove_orphans
from darkdec_qt.ui.controller import GameController
from darkdec_qt.ui.focus import keys_to_map

FILTER = "Dark December games (*.ddg);;All files (*)"
MAX_RECENT = 8


def default_autosave_dir() -> Path:
    import platformdirs

    return Path(platformdirs.user_data_dir("darkdec")) / "autosave"


class FileOps(QObject):
    """The file operations of one window; dialogs only in the ``*_dialog`` methods."""

    def __init__(self, controller: GameController, window: QWidget, settings: QSettings,
                 autosave_dir: str | Path | None = None) -> None:
        super().__init__(window)
        self.controller = controller
        self.window = window
        self.settings = settings
        self.autosave_dir = Path(autosave_dir) if autosave_dir else default_autosave_dir()
        self.last_autosave: Path | None = None
        self.autosave_error: str | None = None  # the last autosave failure, until one succeeds
        # What the window keeps in a saved game beside the log (the file's ``extra`` values,
        # gamestore.save): each saver returns its values, each restorer reads them (untrusted:
        # it ignores what it does not understand) when a file is opened.
        self.savers: list[Callable[[], dict[str, Any]]] = []
        self.restorers: list[Callable[[dict[str, Any]], None]] = []
        controller.phaseEnded.connect(self.autosave)
        self.removed_orphans = remove_orphans(self.autosave_dir)  # left by a save killed last time
        for r in self.recent():
            self.removed_orphans += remove_orphans(Path(r).parent)

    # --- without dialogs ------------------------------------------------------------------
    def save_to(self, path: str | Path) -> Path:
        """Save to ``path`` (``.ddg`` added to a name without a suffix). A folder, or a name that
        is "." or "..", is refused: the game is never written beside the folder as "<folder>.ddg"."""
        last = str(path).replace("\\", "/").rstrip("/").rsplit("/", 1)[-1]
        if last in ("", ".", "..") or Path(path).is_dir():
            raise GameSaveError(f"cannot save {path}: it is a folder; give the game a file name; nothing was written")
        p = Path(path)
        if p.suffix == "":
            p = p.with_suffix(".ddg")
        gamestore.save(self.controller.game, p, self.controller.module_path, **self.extra())  # GameSaveError says why
        self.controller.mark_saved(p)
        self.add_recent(p)
        self.controller.message.emit(f"Saved {p}", False)
        return p

    def open_path(self, path: str | Path) -> None:
        opened = gamestore.open_verified(path)
        self.controller.set_game(opened.game, path, opened.module_path)
        self.restore(opened.record.extra)
        self.add_recent(Path(path))
        self.controller.message.emit(opened.notice or f"Opened {path}: {len(opened.game.events)} events, "
                                     f"turn {opened.game.state.turn}", bool(opened.notice))

    def extra(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for saver in self.savers:
            out.update(saver())
        return out

    def restore(self, extra: dict[str, Any]) -> None:
        """After a game file was shown: the window's own values from it (``savers``)."""
        for restorer in self.restorers:
            restorer(extra)

    def autosave_path(self) -> Path:
        """``<data>/autosave/<scenario>-<seed>.ddg``: the name is built by
        ``gamestore.autosave_name`` from a known scenario id and a seed of the strict
        alphabet (never a path from file content) and must lie directly in the folder."""
        p = self.autosave_dir / gamestore.autosave_name(self.controller.game)
        if p.parent != self.autosave_dir or p.name in ("", ".", ".."):
            raise GameFileError(f"refused autosave name {p.name!r}")
        return p

    def autosave(self) -> Path | None:
        """After every phase (the previous autosave is replaced atomically). A failure is
        shown in the status bar every time and in a dialog the first time in a row; play
        goes on."""
        try:
            p = self.autosave_path()
            gamestore.save(self.controller.game, p, self.controller.module_path, **self.extra())
        except (OSError, GameFileError) as exc:
            text = f"Autosave failed: {exc}"
            self.controller.message.emit(text, True)
            first = self.autosave_error is None
            self.autosave_error = text
            if first:
                self.warn("Autosave failed", text + "\n\nPlay goes on; save the game elsewhere (File > Save As).")
            return None
        self.autosave_error = None
        self.last_autosave = p
        return p

    def warn(self, title: str, text: str) -> None:
        """A warning dialog (tests replace it)."""
        QMessageBox.warning(self.window, title, text)

    def recent(self) -> list[str]:
        v = self.settings.value("recent", [])
        if isinstance(v, str):
            v = [v]
        return [str(x) for x in (v or []) if x]

    def add_recent(self, path: Path) -> None:
        p = str(Path(path).resolve())
        items = [p] + [x for x in self.recent() if x != p]
        self.settings.setValue("recent", items[:MAX_RECENT])
        self.settings.sync()

    # --- with dialogs ------------------------------------------------------------------------
    def confirm_discard(self) -> bool:
        """Ask before losing unsaved work; True when it is fine to go on."""
        if not self.controller.dirty:
            return True
        r = QMessageBox.question(
            self.window, "Unsaved game",
            "The game has changes that are not saved. Save them first?",
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save)
        if r == QMessageBox.StandardButton.Cancel:
            return False
        if r == QMessageBox.StandardButton.Save:
            return self.save() is not None
        return True

    def save(self) -> Path | None:
        if self.controller.path is None:
            return self.save_as()
        return self._try(lambda: self.save_to(self.controller.path))

    def save_as(self) -> Path | None:
        st = self.controller.state
        start = str(self.controller.path or Path.home() / f"{st.scenario}-{time.strftime('%Y%m%d-%H%M')}.ddg")
        path, _ = QFileDialog.getSaveFileName(self.window, "Save game as", start, FILTER)
        if not path:
            return None
        return self._try(lambda: self.save_to(path))

    def open_dialog(self) -> None:
        if not self.confirm_discard():
            return
        start = str(self.controller.path.parent if self.controller.path else Path.home())
        path, _ = QFileDialog.getOpenFileName(self.window, "Open game", start, FILTER)
        if path:
            self._open(path)  # asked once, above

    def open_recent(self, path: str) -> None:
        if self.confirm_discard():
            self._open(path)

    def _open(self, path: str) -> None:
        try:
            self.open_path(path)
        except (GameFileError, OSError) as exc:
            self.warn("Cannot open the game", str(exc))
        keys_to_map(self.window)  # the file dialog or the warning took the keyboard: give it back

    def _try(self, fn):  # -> Path | None
        try:
            return fn()
        except (GameFileError, OSError) as exc:
            self.controller.message.emit(f"Not saved: {exc}", True)
            self.warn("Cannot save the game", str(exc))
            return None

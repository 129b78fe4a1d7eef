"""File > Open with unsaved changes asks once whether to save them: the player's answer
(Discard) is final, the file dialog follows and the game opens without a second question."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox

from darkdec_qt import gamestore
from tests.client.helpers import end_phase_settling, press_keys


def test_file_open_asks_about_unsaved_changes_once(make_client, qtbot, tmp_path, monkeypatch):
    win = make_client()
    saved = tmp_path / "other.ddg"
    gamestore.save(win.controller.game, saved, win.controller.module_path)
    end_phase_settling(win)  # an unsaved change
    assert win.controller.dirty
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: (str(saved), "")))
    asked = []

    def answer() -> None:
        box = QApplication.activeModalWidget()
        if isinstance(box, QMessageBox):
            asked.append(box.text())
            qtbot.mouseClick(box.button(QMessageBox.StandardButton.Discard), Qt.MouseButton.LeftButton)
        if len(asked) < 3:
            QTimer.singleShot(50, answer)

    QTimer.singleShot(50, answer)
    press_keys(win, Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier)  # File > Open (Ctrl+O)
    qtbot.waitUntil(lambda: win.controller.path == saved, timeout=5000)
    qtbot.wait(300)
    assert len(asked) == 1, asked
    assert not win.controller.dirty

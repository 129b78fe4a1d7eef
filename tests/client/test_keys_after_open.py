"""Keyboard shortcuts work right after a game is opened: File > Open (Ctrl+O), the name
typed into the file dialog and Enter; the next key pressed (Ctrl+E, End Phase) acts on the
opened game without a click on the window first."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QFileDialog, QLineEdit

from darkdec_qt import gamestore
from tests.client.helpers import press_keys


def _key_where_the_keyboard_sends_it(key, mods=Qt.KeyboardModifier.NoModifier) -> None:
    """A key as the window system delivers it: to the active window, wherever that is."""
    target = QApplication.focusWidget() or QApplication.activeWindow()
    assert target is not None, "no window takes the keyboard"
    QTest.keyClick(target.window().windowHandle(), key, mods)
    QTest.keyRelease(target.window().windowHandle(), Qt.Key.Key_Control, Qt.KeyboardModifier.NoModifier)


def test_keyboard_shortcuts_work_right_after_file_open(make_client, qtbot, tmp_path, monkeypatch):
    win = make_client()
    saved = tmp_path / "g.ddg"
    gamestore.save(win.controller.game, saved, win.controller.module_path)
    win.controller.path = tmp_path / "before.ddg"  # the dialog opens in its folder
    real = QFileDialog.getOpenFileName
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(
        lambda parent, caption, start, filt: real(parent, caption, start, filt,
                                                  options=QFileDialog.Option.DontUseNativeDialog)))

    def type_name() -> None:
        dlg = QApplication.activeModalWidget()
        if not isinstance(dlg, QFileDialog):
            QTimer.singleShot(50, type_name)
            return
        edit = dlg.findChild(QLineEdit, "fileNameEdit")
        qtbot.keyClicks(edit, saved.name)
        popup = edit.completer().popup() if edit.completer() else None
        if popup is not None and popup.isVisible():
            qtbot.keyClick(popup, Qt.Key.Key_Escape)
        qtbot.keyClick(edit, Qt.Key.Key_Return)

    QTimer.singleShot(50, type_name)
    press_keys(win, Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: win.controller.path == saved, timeout=5000)
    before = win.controller.state.phase
    qtbot.wait(100)
    _key_where_the_keyboard_sends_it(Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: win.controller.state.phase != before, timeout=2000)

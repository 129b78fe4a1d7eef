"""The welcome screen of ``darkdec play`` without a game: its buttons start the client's
own File-menu actions, the recent files open, and the "how a turn is played" guide can be
dismissed for good; ``darkdec play --scenario X`` goes straight to the game."""

from __future__ import annotations

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog

from darkdec_qt import gamestore
from darkdec_qt.cli import main
from darkdec_qt.ui.dialogs.welcome import WelcomeScreen


def _welcome(qtbot, win):  # noqa: ANN001, ANN202
    win.hide()
    w = WelcomeScreen(win, win.settings)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    return w


def test_new_hot_seat_shows_the_client_and_its_new_game_dialog(qtbot, make_client):
    win = make_client()
    w = _welcome(qtbot, win)
    seen = []

    def answer() -> None:
        dlg = QApplication.activeModalWidget()
        seen.append(dlg.windowTitle() if dlg else None)
        if isinstance(dlg, QDialog):
            dlg.reject()

    QTimer.singleShot(200, answer)
    QTest.mouseClick(w.buttons["hotseat"], Qt.MouseButton.LeftButton)
    assert seen and seen[0] and "game" in seen[0].lower()
    assert win.isVisible() and not w.isVisible()


def test_each_button_starts_its_file_menu_action(qtbot, make_client, monkeypatch):
    win = make_client()
    started = []
    for name in ("new_vs_computer", "exchange_new", "open"):
        act = win.actions_by_name[name]
        monkeypatch.setattr(act, "trigger", lambda n=name: started.append(n))
    for button in ("computer", "exchange", "open"):
        w = _welcome(qtbot, win)
        QTest.mouseClick(w.buttons[button], Qt.MouseButton.LeftButton)
        assert win.isVisible() and not w.isVisible()
    assert started == ["new_vs_computer", "exchange_new", "open"]


def test_a_recent_file_opens_from_the_list(qtbot, make_client, tmp_path):
    win = make_client()
    path = tmp_path / "Spiel 1.ddg"
    gamestore.save(win.controller.game, path)
    win.files.add_recent(path)
    w = _welcome(qtbot, win)
    item = w.recent.item(0)
    assert item.text() == "Spiel 1.ddg"
    rect = w.recent.visualItemRect(item)
    QTest.mouseClick(w.recent.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    QTest.keyClick(w.recent, Qt.Key.Key_Return)
    assert win.controller.path == path and win.isVisible()


def test_the_turn_guide_is_dismissed_for_good(qtbot, make_client, tmp_path):
    win = make_client()
    w = _welcome(qtbot, win)
    assert w.guide.isVisible()
    QTest.mouseClick(w.dismiss, Qt.MouseButton.LeftButton)
    assert not w.guide.isVisible()
    again = QSettings(win.settings.fileName(), QSettings.Format.IniFormat)
    w2 = WelcomeScreen(win, again)
    qtbot.addWidget(w2)
    w2.show()
    assert not w2.guide.isVisible()


def test_play_without_a_scenario_shows_the_welcome_screen_and_with_one_the_game(tmp_path, capsys):
    from PySide6.QtGui import QImage

    assert main(["play", "--screenshot", str(tmp_path / "w.png")]) == 0
    assert main(["play", "--scenario", "herbstnebel", "--screenshot", str(tmp_path / "g.png")]) == 0
    w, g = QImage(str(tmp_path / "w.png")), QImage(str(tmp_path / "g.png"))
    assert (w.width(), w.height()) != (g.width(), g.height())  # the welcome screen, then the 1600x1000 client

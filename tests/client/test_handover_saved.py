"""Hot seat: a game saved while the hand-over screen waits for the next player (File > Save,
Ctrl+S, which the screen allows) reopens on that screen, the map hidden until that player
takes the seat; a game saved without it reopens without it."""

from __future__ import annotations

import argparse

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog

from darkdec_qt.ui.app import build_client
from tests.client.helpers import end_phase_settling, press_keys


def _to_the_allied_hand_over(win) -> None:
    for _ in range(40):
        if win.handover.isVisible():
            return
        end_phase_settling(win)
    raise AssertionError("no hand-over screen")


def test_a_game_saved_on_the_hand_over_screen_reopens_on_it(make_client, qtbot, tmp_path, monkeypatch):
    win = make_client(hotseat=True)
    _to_the_allied_hand_over(win)
    side = win.handover.side
    assert side == "Allied" and win.controller.owing() == "Allied"
    path = tmp_path / "handed.ddg"
    win.controller.path = path
    press_keys(win, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)  # Save works on the screen
    qtbot.waitUntil(path.exists)
    # File > Open in another window
    other = make_client(hotseat=True)
    assert not other.handover.isVisible()
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: (str(path), "")))
    press_keys(other, Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: other.controller.path == path)
    assert other.handover.isVisible() and other.handover.side == "Allied"
    assert "Allied player" in other.handover.title.text()
    assert not other.actions_by_name["end_phase"].isEnabled()  # the game waits for the Allied player
    qtbot.mouseClick(other.handover.button, Qt.MouseButton.LeftButton)
    assert not other.handover.isVisible() and other.actions_by_name["end_phase"].isEnabled()
    # darkdec play FILE reopens on it too
    started = build_client(argparse.Namespace(game=str(path)), autosave_dir=tmp_path / "a")
    qtbot.addWidget(started)
    started.controller.dirty = False
    assert started.handover.blocking() and started.handover.side == "Allied"
    # saved once the player took the seat: no screen on reopening
    qtbot.mouseClick(win.handover.button, Qt.MouseButton.LeftButton)
    press_keys(win, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    third = make_client(hotseat=True)
    third.files.open_path(path)
    assert not third.handover.blocking()


def _colours(widget) -> int:  # noqa: ANN001
    img = widget.grab().toImage()
    step = max(1, min(img.width(), img.height()) // 40)
    return len({img.pixel(x, y) for x in range(0, img.width(), step) for y in range(0, img.height(), step)})


def test_the_docks_are_veiled_while_the_hand_over_screen_waits(make_client, qtbot):
    """The docks already show what the next player may see (the order of battle and the
    overview under fog of war, 25.0): veiled until that player takes the seat."""
    win = make_client(hotseat=True)
    win.panels["overview"].show()
    _to_the_allied_hand_over(win)
    assert win.controller.viewer() == "Allied"
    contents = [win.panels[k].widget() for k in ("ob", "overview", "log")]
    for w in contents:
        win.panels[next(k for k, d in win.panels.items() if d.widget() is w)].raise_()
    qtbot.wait(50)
    assert any(w.isVisible() for w in contents)
    assert all(_colours(w) == 1 for w in contents if w.isVisible())
    qtbot.mouseClick(win.handover.button, Qt.MouseButton.LeftButton)
    qtbot.wait(50)
    assert all(_colours(w) > 1 for w in contents if w.isVisible())

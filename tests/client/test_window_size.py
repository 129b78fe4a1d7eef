"""The main window fits a 1,280 × 720 screen at scale 1 in every phase, on the hand-over
screen and with a long refusal shown: no widget's minimum width follows the text it shows
(a label elides, with the whole text in its tooltip, or wraps)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QDockWidget

SCREEN_W, SCREEN_H = 1280, 720


def _fits(win) -> None:
    assert win.minimumSizeHint().width() <= SCREEN_W and win.minimumSizeHint().height() <= SCREEN_H, \
        win.minimumSizeHint()
    win.resize(SCREEN_W, SCREEN_H)
    assert win.width() <= SCREEN_W and win.height() <= SCREEN_H
    for dock in win.findChildren(QDockWidget):
        if dock.isVisible() and not dock.isFloating():
            right = dock.mapTo(win, QPoint(dock.width(), 0)).x()
            assert right <= win.width(), (dock.windowTitle(), right)
    for w in (win.phase_bar.next_button, win.message_label, win.hex_label):
        if w.isVisible():
            assert w.mapTo(win, QPoint(w.width(), 0)).x() <= win.width(), w


def test_the_window_fits_1280_in_every_phase_and_on_the_hand_over_screen(make_client, qtbot):
    win = make_client(hotseat=True)
    _fits(win)
    bar = win.phase_bar
    refused = False
    for _ in range(12):  # AM 16 December: Supply ... Combat, where 18.2B refuses the end
        s = win.controller.state
        if s.phase.value == "combat" and s.side == "German":
            qtbot.mouseClick(bar.next_button, Qt.MouseButton.LeftButton)
            refused = bool(win.controller.end_refusal)
            _fits(win)
            break
        qtbot.mouseClick(bar.next_button, Qt.MouseButton.LeftButton)
        if win.handover.isVisible():
            _fits(win)
            qtbot.mouseClick(win.handover.button, Qt.MouseButton.LeftButton)
        _fits(win)
    assert refused and "18.2B" in bar.reason_label.toolTip()  # the whole refusal, for the elided line


def test_the_window_fits_1280_by_720_with_a_battle_and_its_choices(make_client, module, qtbot):
    from darkdec_qt.ui.app import new_game
    from tests.client.battle_setup import battle_awaiting

    win = make_client(new_game(module, "final_fury", "1"))
    battle_awaiting(win, "retreats")
    qtbot.wait(50)
    _fits(win)
    assert win.battle_panel.options.count() >= 2

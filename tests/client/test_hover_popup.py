"""The hover popup (stack viewer) hides when the pointer leaves the
map, shows the stack as it is after a step loss, and never covers the hand-over
screen or a context menu."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from tests.client.battle_setup import battle_awaiting
from tests.client.helpers import click_hex, end_phases_until, hover_hex

WAIT_MS = 700  # longer than the popup's delay (mapview.STACK_VIEWER_DELAY_MS)


def _occupied(win) -> str:
    s = win.controller.state
    return s.pos[sorted(s.on_map(win.controller.acting()))[0]]


def _shown_over(qtbot, win, h: str):
    qtbot.wait(300)  # the new window settles (docks resized, map refitted)
    viewer = win.view.stack_viewer

    def rests_on_h() -> bool:
        if win.view._hover_hex != h:  # a late relayout moved the map under the pointer: point again
            hover_hex(win, h)
        return viewer.isVisible() and viewer.hex_id == h

    qtbot.waitUntil(rests_on_h, timeout=WAIT_MS * 4)
    return viewer


def test_popup_hides_when_the_pointer_leaves_the_map(make_client, qtbot):
    win = make_client()
    viewer = _shown_over(qtbot, win, _occupied(win))
    QApplication.sendEvent(win.view.viewport(), QEvent(QEvent.Type.Leave))  # the pointer leaves the map
    assert not viewer.isVisible()
    qtbot.wait(WAIT_MS)  # and it does not come back by itself
    assert not viewer.isVisible()
    assert win.hex_label.text() == ""


def test_popup_shows_the_step_loss(make_client, module, qtbot):
    from darkdec_qt.ui.app import new_game

    win = make_client(new_game(module, "final_fury", "1"))
    att = battle_awaiting(win, "losses").attackers[0]
    s = win.controller.state
    h = s.pos[att]
    viewer = _shown_over(qtbot, win, h)
    assert [(spec.id, reduced) for spec, reduced, _ in viewer.units] == [(att, False)]
    panel = win.battle_panel
    row = next(i for i in range(panel.options.count())
               if panel.options.item(i).data(Qt.ItemDataRole.UserRole).units == (att,))
    rect = panel.options.visualItemRect(panel.options.item(row))
    QTest.mouseClick(panel.options.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     rect.center())
    QTest.mouseDClick(panel.options.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                      rect.center())  # (a test moves no real pointer: it still rests on the stack)
    assert att in win.controller.state.reduced
    assert viewer.isVisible()
    assert [(spec.id, reduced) for spec, reduced, _ in viewer.units] == [(att, True)]


def test_popup_never_covers_the_hand_over_screen(make_client, qtbot):
    win = make_client(hotseat=True)
    end_phases_until(win, "movement")
    h = _occupied(win)
    viewer = _shown_over(qtbot, win, h)
    QTest.mouseClick(win.phase_bar.next_button, Qt.MouseButton.LeftButton)  # hand-over to the Allied player
    assert win.handover.isVisible()
    assert not viewer.isVisible()
    hover_hex(win, h)
    qtbot.wait(WAIT_MS)
    assert not viewer.isVisible()


def test_popup_never_covers_a_context_menu(make_client, qtbot):
    win = make_client()
    h = _occupied(win)
    viewer = _shown_over(qtbot, win, h)
    click_hex(win, h, Qt.MouseButton.RightButton)
    qtbot.waitUntil(lambda: QApplication.activePopupWidget() is not None)
    assert not viewer.isVisible()
    hover_hex(win, h)
    qtbot.wait(WAIT_MS)
    assert not viewer.isVisible()
    QApplication.activePopupWidget().close()

"""Keyboard focus. The hand-over screen blocks every game action
until the named player confirms; game shortcuts work wherever the focus is; spin boxes
take keys and the wheel only when clicked into; arrow keys reach the map."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from tests.client.battle_setup import to_combat
from tests.client.helpers import click_hex, end_phases_until

CTRL = Qt.KeyboardModifier.ControlModifier


def _active(qtbot, win):
    with qtbot.waitActive(win):
        win.activateWindow()
    assert win.isActiveWindow()


def _type(key, modifier=Qt.KeyboardModifier.NoModifier):
    """Press ``key`` where the keyboard focus is, as a keyboard would."""
    target = QApplication.focusWidget()
    assert target is not None
    QTest.keyClick(target, key, modifier)


def _phase(win):
    s = win.controller.state
    return s.turn, s.side, s.phase.value


def test_ctrl_e_ends_the_phase_while_a_text_field_has_the_focus(make_client, qtbot):
    win = make_client()
    _active(qtbot, win)
    win.panels["ob"].raise_()
    field = win.ob_panel.filter
    QTest.mouseClick(field, Qt.MouseButton.LeftButton)
    assert QApplication.focusWidget() is field
    before = _phase(win)
    _type(Qt.Key.Key_E, CTRL)
    assert _phase(win) != before


def test_hand_over_screen_blocks_every_game_action_until_confirmed(make_client, qtbot):
    win = make_client(hotseat=True)
    _active(qtbot, win)
    end_phases_until(win, "movement")
    QTest.mouseClick(win.phase_bar.next_button, Qt.MouseButton.LeftButton)  # -> Reaction: Allied acts
    assert win.handover.isVisible()
    blocked = _phase(win)
    _type(Qt.Key.Key_E, CTRL)  # the shortcut
    QTest.keyClick(win, Qt.Key.Key_E, CTRL)
    QTest.mouseClick(win.phase_bar.next_button, Qt.MouseButton.LeftButton)  # the phase bar
    win.actions_by_name["end_phase"].trigger()  # the menu item
    QTest.keyClick(win, Qt.Key.Key_B)  # battle mode
    assert _phase(win) == blocked and not win.input.battle_mode
    assert not win.battle_panel.isEnabled()
    QTest.mouseClick(win.handover.button, Qt.MouseButton.LeftButton)
    assert not win.handover.isVisible()
    assert win.battle_panel.isEnabled() and win.actions_by_name["end_phase"].isEnabled()
    QTest.keyClick(win, Qt.Key.Key_E, CTRL)
    assert _phase(win) != blocked
    assert win.handover.isVisible() and win.handover.side == "German"  # the next hand-over


def test_spin_boxes_take_keys_only_when_clicked_into_and_arrows_reach_the_map(make_client, module, qtbot):
    from darkdec_qt.ui.app import new_game

    win = make_client(new_game(module, "final_fury", "1"))
    _active(qtbot, win)
    b = to_combat(win)
    s = win.controller.state
    panel = win.battle_panel
    win.panels["battle"].raise_()
    QTest.mouseClick(panel.mode_button, Qt.MouseButton.LeftButton)
    click_hex(win, s.pos[b.attackers[0]])
    click_hex(win, b.def_hex)
    spin = next(iter(panel.att_reductions.spins.values()))
    qtbot.waitUntil(spin.isVisible)
    QTest.mouseClick(panel.integrity, Qt.MouseButton.LeftButton)  # a click in the dock...
    QTest.mouseClick(panel.integrity, Qt.MouseButton.LeftButton)
    bar = win.view.horizontalScrollBar()
    x = bar.value()
    for _ in range(3):
        _type(Qt.Key.Key_Up)  # ...leaves the arrows to the map
        _type(Qt.Key.Key_Right)
    assert spin.value() == 0
    assert bar.value() > x
    wheel = QWheelEvent(QPointF(5, 5), QPointF(spin.mapToGlobal(QPoint(5, 5))), QPoint(0, 0), QPoint(0, 120),
                        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(spin, wheel)  # the wheel over an unfocused spin box
    assert spin.value() == 0
    QTest.mouseClick(spin, Qt.MouseButton.LeftButton, pos=QPoint(10, spin.height() // 2))  # clicked into
    assert spin.hasFocus()
    _type(Qt.Key.Key_Up)
    assert spin.value() == 1

"""Dice shown as dice: the Dice dock lists each roll with its face, its purpose and, for a
battle, the modifiers and the modified result; a click on a roll shows the game after it."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from darkdec_qt.ui.panels.dice import FACES
from tests.client.battle_setup import battle_awaiting


def test_a_battles_roll_is_shown_as_a_die_with_its_modifiers(make_client, module):
    from darkdec_qt.ui.app import new_game

    win = make_client(new_game(module, "final_fury", "1"))
    battle_awaiting(win, "losses")  # declared; then the attacker rolls
    c = win.controller
    before = win.dice.history.count()
    c.state.battle = c.state.battle.with_(tasks=(("resolve", "German", "", 0),), result="")
    c.changed.emit()
    panel = win.battle_panel
    rolled = False
    for _ in range(10):
        item = panel.options.currentItem()
        if item is None:
            break
        rolled = rolled or item.text() == "Roll the dice"
        QTest.mouseClick(panel.choose_button, Qt.MouseButton.LeftButton)
        if any(e.kind == "battle_resolved" for e in c.game.events[-5:]):
            break
    lst = win.dice.history
    new = [lst.item(k) for k in range(before, lst.count())]
    assert rolled and new
    item = next(it for it in new if "DRM" in it.text())
    resolved = next(e for e in reversed(c.game.events) if e.kind == "battle_resolved")
    assert item.text()[:1] in FACES and f"DRM {resolved.drm:+d}, modified {resolved.roll}" in item.text()
    assert new[-1].text()[:1] in win.dice.last.text()  # the last roll, large
    win.panels["dice"].raise_()
    QApplication.processEvents()
    QTest.mouseClick(lst.viewport(), Qt.MouseButton.LeftButton, pos=lst.visualItemRect(item).center())
    assert c.past == item.data(Qt.ItemDataRole.UserRole)

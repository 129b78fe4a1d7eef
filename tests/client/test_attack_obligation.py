"""The 18.2B obligation is shown while it can still be met (the
counts during movement and combat), a refusal lists the attacks still possible (a
click selects one), and the phase bar never grows."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from tests.client.helpers import end_phases_until


def test_the_obligation_is_shown_from_movement_and_its_refusal_lists_the_attacks(make_client, qtbot):
    win = make_client()  # Herbstnebel, AM 16 December
    bar = win.phase_bar
    end_phases_until(win, "movement")
    ind = bar.obligation
    assert ind.isVisible()
    assert ind.text().startswith("18.2B attacks: 5 required · 0 made · ")
    end_phases_until(win, "combat")
    qtbot.wait(50)
    height, size = bar.height(), ind.size()
    QTest.mouseClick(bar.next_button, Qt.MouseButton.LeftButton)  # End Combat Phase: refused (18.2B)
    s = win.controller.state
    assert s.phase.value == "combat" and "18.2B" in win.controller.end_refusal
    qtbot.wait(50)
    assert bar.height() == height and ind.size() == size  # a long refusal does not grow the bar
    assert bar.reason_label.toolTip() == win.controller.end_refusal
    box = win.battle_panel.possible
    assert box.isVisible() and box.list.count() >= 1
    item = box.list.item(box.list.count() - 1)
    cmd = item.data(Qt.ItemDataRole.UserRole)
    QTest.mouseClick(box.list.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     box.list.visualItemRect(item).center())
    panel = win.battle_panel
    assert win.input.battle_mode
    assert panel.attackers == list(cmd.attackers) and panel.defenders == list(cmd.defenders)
    QTest.mouseClick(panel.declare_button, Qt.MouseButton.LeftButton)
    assert s.battle is not None, win.controller.last_refusal
    assert ind.text().startswith("18.2B attacks: 5 required · 1 made")

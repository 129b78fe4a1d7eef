"""The turn record track dock through the real window: opened from the View menu, the
current turn marked, a click on a later turn names the reinforcements due then (10.6A),
with fog of war only the viewer's own (25.0B)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from darkdec_qt.rules.movement import reinforcements as rf


def test_turn_track_marks_the_turn_and_names_the_reinforcements(make_client, qtbot):
    win = make_client()
    s = win.controller.state
    dock = next(d for k, d in win.panels.items() if d.windowTitle() == "Turn track")
    assert not dock.isVisible()
    dock.toggleViewAction().trigger()  # View > Turn track
    dock.raise_()
    qtbot.waitUntil(dock.isVisible)
    tree = dock.widget().tree
    rows = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
    marked = [r for r in rows if r.text(0).startswith("▶")]
    assert [r.data(0, Qt.ItemDataRole.UserRole) for r in marked] == [s.turn]
    viewer = win.controller.viewer()
    later = [(rf.arrival_turn(s, u), u) for u in s.pending if (rf.arrival_turn(s, u) or 0) > s.turn]
    t, unit = min((t, u) for t, u in later if s.module.units[u].side == viewer)
    hidden = [u for tt, u in later if tt == t and s.module.units[u].side != viewer]
    row = next(r for r in rows if r.data(0, Qt.ItemDataRole.UserRole) == t)
    tree.scrollToItem(row)
    QTest.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=tree.visualItemRect(row).center())
    text = dock.widget().details.toPlainText()
    assert unit in text and s.module.turns[t - 1].label in text, text
    assert "arrive" in row.text(2)
    assert s.has_rule("25") and hidden and not any(u in text for u in hidden)  # 25.0B: the enemy's OB unseen

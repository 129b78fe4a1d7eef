"""The phase bar at 1,280×720 (a common laptop screen): the victory line is never cut off
mid-word without a mark. Where "If it ended now: Allied victory" does not fit it reads
"Now: Allied victory" or ends in an ellipsis, and hovering it shows the whole verdict."""

from __future__ import annotations

from PySide6.QtCore import QPoint
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QToolTip


def test_the_victory_line_fits_or_is_elided_with_its_whole_text_on_hover(make_client, qtbot):
    win = make_client()
    win.resize(1280, 720)
    qtbot.waitUntil(lambda: win.width() <= 1280)
    label = win.victory_label
    qtbot.waitUntil(lambda: label.width() > 0)
    shown = label.text()
    fm = label.fontMetrics()
    assert fm.horizontalAdvance(shown) <= label.contentsRect().width(), (shown, label.width())  # never clipped
    assert shown == "If it ended now: Allied victory" or shown.endswith("…") or shown == "Now: Allied victory", shown
    at = label.mapTo(win, QPoint(label.width() // 2, label.height() // 2))
    QTest.mouseMove(win.windowHandle(), at - QPoint(5, 0))
    QTest.mouseMove(win.windowHandle(), at)
    qtbot.waitUntil(QToolTip.isVisible, timeout=3000)
    assert "If the game ended now: Allied victory" in QToolTip.text()

"""The Arriving dock under fog of war (25.0B: each side keeps its OB out of view): like the
turn track it lists only the reinforcements of the side at the screen; without fog of war
both sides, each line marked with its side."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QTabBar


def _bring_to_front(win, title: str) -> None:
    """Click the dock's tab, as a player does."""
    for bar in win.findChildren(QTabBar):
        for i in range(bar.count()):
            if bar.tabText(i) == title and bar.isVisible():
                QTest.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(i).center())
                return
    raise AssertionError(f"no tab {title}")


def _lines(win) -> list[str]:
    lst = win.arrivals.list
    return [lst.item(i).text() for i in range(lst.count())]


def test_the_arriving_dock_lists_only_the_viewers_side_under_fog_of_war(make_client, module, qtbot):
    from darkdec_qt.ui.app import new_game

    win = make_client()
    s = win.controller.state
    assert s.has_rule("25") and win.controller.viewer() == "German"
    allied_later = [u for u, t in s.pending.items() if t > s.turn and s.module.units[u].side == "Allied"]
    assert allied_later  # the Allies have reinforcements to come: hidden from the German player
    _bring_to_front(win, "Arriving")
    qtbot.waitUntil(win.arrivals.list.isVisible)
    lines = _lines(win)
    assert lines and all(t.startswith("G  ") for t in lines), lines[:5]
    assert not any(u in t.split() for u in allied_later for t in lines)
    # without fog of war both sides are listed
    win2 = make_client(new_game(module, "herbstnebel", "1", optional=("14", "15")))
    assert not win2.controller.state.has_rule("25")
    _bring_to_front(win2, "Arriving")
    assert {t[:1] for t in _lines(win2)} == {"A", "G"}

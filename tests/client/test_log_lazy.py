"""A game whose log holds thousands of legal notes opens in the time of what is shown: the
log dock builds a list of words and sizes only the rows on screen, where it used to make a
widget item and lay out rich text for every row (a 49,000-note file took 35-160 s)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from darkdec_qt.rules.core.notes import Note
from darkdec_qt.ui.help import rulelinks

NOTES = 3000


def test_a_log_of_thousands_of_notes_sizes_only_the_rows_shown(make_client, module, monkeypatch):
    from darkdec_qt.ui.app import new_game

    game = new_game(module, "herbstnebel", "1")
    for i in range(NOTES):
        game.execute(Note(side="German", text=f"note {i}: hold the line at the Our " * 4))
    sized = []
    real = rulelinks.RuleLinkDelegate.sizeHint

    def counting(self, option, index):  # noqa: ANN001
        sized.append(index.row())
        return real(self, option, index)

    monkeypatch.setattr(rulelinks.RuleLinkDelegate, "sizeHint", counting)
    win = make_client(game)
    win.panels["log"].raise_()
    QApplication.processEvents()
    tree = win.log_panel.tree
    rows = tree.height() // 8  # more than any window shows
    assert 0 < len(sized) < 20 * rows < NOTES, len(sized)
    last = win.log_panel.item_for_event(len(game.events))  # the last note, shown at the end of the log
    assert last is not None and tree.visualRect(last).isValid()
    QTest.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=tree.visualRect(last).center())
    assert win.controller.past == len(game.events) or win.controller.is_live()

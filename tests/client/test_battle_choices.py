"""Every way of choosing in the Battle dock ("Do it", double-click,
Enter) executes exactly the selected row, for every kind of pending choice; the game
records that command."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from tests.client.battle_setup import KINDS, battle_awaiting


@pytest.fixture
def fury(make_client, module):
    from darkdec_qt.ui.app import new_game

    return make_client(new_game(module, "final_fury", "1"))


def _pick_last(win):
    panel = win.battle_panel
    n = panel.options.count()
    assert n >= 2, f"the test needs several options, got {n}"
    row = n - 1
    rect = panel.options.visualItemRect(panel.options.item(row))
    QTest.mouseClick(panel.options.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     rect.center())
    assert panel.options.currentRow() == row
    return panel.options.item(row).data(Qt.ItemDataRole.UserRole), rect


@pytest.mark.parametrize("kind", KINDS)
def test_do_it_runs_the_selected_row(fury, kind):
    battle_awaiting(fury, kind)
    wanted, _ = _pick_last(fury)
    before = len(fury.controller.game.batches)
    QTest.mouseClick(fury.battle_panel.choose_button, Qt.MouseButton.LeftButton)
    assert len(fury.controller.game.batches) == before + 1, fury.controller.last_refusal
    assert fury.controller.game.batches[-1].command == wanted


@pytest.mark.parametrize("kind", ["retreats", "advances"])
def test_double_click_runs_that_row(fury, kind):
    battle_awaiting(fury, kind)
    wanted, rect = _pick_last(fury)
    QTest.mouseDClick(fury.battle_panel.options.viewport(), Qt.MouseButton.LeftButton,
                      Qt.KeyboardModifier.NoModifier, rect.center())
    assert fury.controller.game.batches[-1].command == wanted


@pytest.mark.parametrize("kind", ["losses", "counterattacks"])
def test_enter_runs_the_current_row(fury, kind):
    battle_awaiting(fury, kind)
    panel = fury.battle_panel
    panel.options.setFocus()
    QTest.keyClick(panel.options, Qt.Key.Key_Down)  # keyboard only: first row, then down one
    assert panel.options.currentRow() == 1
    wanted = panel.options.currentItem().data(Qt.ItemDataRole.UserRole)
    QTest.keyClick(panel.options, Qt.Key.Key_Return)
    assert fury.controller.game.batches[-1].command == wanted

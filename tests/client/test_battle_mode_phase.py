"""Battle mode, its attackers and defenders belong to one combat
phase of one side; after the phase a click selects a unit again."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from tests.client.battle_setup import to_combat
from tests.client.helpers import click_hex


def test_battle_mode_ends_with_its_combat_phase(make_client, module):
    from darkdec_qt.ui.app import new_game

    win = make_client(new_game(module, "final_fury", "1"))
    b = to_combat(win)
    s = win.controller.state
    panel = win.battle_panel
    QTest.mouseClick(panel.mode_button, Qt.MouseButton.LeftButton)
    assert win.input.battle_mode
    click_hex(win, s.pos[b.attackers[0]])
    click_hex(win, b.def_hex)
    assert panel.attackers and panel.defenders
    QTest.mouseClick(win.phase_bar.next_button, Qt.MouseButton.LeftButton)  # End Combat Phase
    assert win.controller.state.phase.value == "exploitation"
    assert not win.input.battle_mode and not panel.mode_button.isChecked()
    assert panel.attackers == [] and panel.defenders == []
    assert win.input.outline.hexes() == {}
    own = s.pos[b.attackers[1]]
    click_hex(win, own)  # an ordinary click selects again (no attack selection)
    assert win.input.selected and win.input.sel_hex == own
    assert panel.attackers == []


def test_a_finished_battle_leaves_no_selection_behind(make_client, module):
    from darkdec_qt.ui.app import new_game
    from tests.client.battle_setup import battle_awaiting

    win = make_client(new_game(module, "final_fury", "1"))
    battle_awaiting(win, "losses")
    panel = win.battle_panel
    assert panel.attackers
    QTest.mouseClick(panel.choose_button, Qt.MouseButton.LeftButton)  # the last choice: the battle ends
    assert win.controller.state.battle is None, win.controller.last_refusal
    assert panel.attackers == [] and panel.defenders == []
    assert not panel.declare_button.isEnabled()

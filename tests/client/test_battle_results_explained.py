"""Results explained in the Battle dock, through the dock's own buttons: an option of a
result that is not offered says why (13.5.1E: the defenders must retreat the full
distance unless a commander uses a defense option, 15.2A), a commander's defense option
that makes it legal is offered, and a result that leaves nobody a choice keeps the
battle's as-fought view in the dock and says in the log why nothing happened (13.5.1B)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from darkdec_qt.rules import engine
from darkdec_qt.rules.combat import commands as cc
from darkdec_qt.rules.combat import queries as bq
from darkdec_qt.rules.combat.legal import declarable_battles
from tests.client.helpers import click_hex, log_texts, plain


def _after_roll(state, cmd):
    """The state after the battle's roll (the same dice the game will draw) and the roll's result."""
    t = state.clone()
    for c in (cmd, cc.DefenderDeclares()):
        engine.execute(t, c)
    result = next(e.result for e in engine.execute(t, cc.ResolveBattle()) if e.kind == "battle_resolved")
    return t, result


def _clickable(state, cmd) -> bool:
    """Clicking the battle's hexes selects exactly its units."""
    hexes = {state.pos[u] for u in cmd.attackers + cmd.defenders}
    return sorted(u for h in hexes for u in state.units_at(h)) == sorted(cmd.attackers + cmd.defenders)


def _fight(win, want):
    """Declare (by clicks on the map and the dock) the first battle whose roll ``want``
    accepts, declare as defender and roll; the battle's command."""
    from tests.client.battle_setup import to_combat

    to_combat(win)
    s = win.controller.state
    cmd = next((c for c in declarable_battles(s) if _clickable(s, c) and want(*_after_roll(s, c))), None)
    assert cmd is not None, "no battle of the kind the test needs"
    panel = win.battle_panel
    win.panels["battle"].raise_()
    QTest.mouseClick(panel.mode_button, Qt.MouseButton.LeftButton)
    for h in sorted({s.pos[u] for u in cmd.attackers}) + sorted({s.pos[u] for u in cmd.defenders}):
        click_hex(win, h)
    assert sorted(panel.attackers) == sorted(cmd.attackers) and sorted(panel.defenders) == sorted(cmd.defenders)
    QTest.mouseClick(panel.declare_button, Qt.MouseButton.LeftButton)
    QTest.mouseClick(panel.def_button, Qt.MouseButton.LeftButton)
    assert panel.options.item(0).text() == "Roll the dice", win.controller.last_refusal
    QTest.mouseClick(panel.choose_button, Qt.MouseButton.LeftButton)
    return cmd


def test_13_5_1E_a_step_loss_not_offered_says_why(make_client, module):
    from darkdec_qt.ui.app import new_game

    win = make_client(new_game(module, "final_fury", "1"))
    assert win.controller.state.has_rule("13.5.1E")

    def barred(t, _result) -> bool:
        p = bq.pending(t)
        return (p is not None and p.what == "result" and p.side == t.battle.defender_side
                and not any(getattr(c, "leader", "") for c in p.options))

    _fight(win, barred)
    panel = win.battle_panel
    assert panel.absent_label.isVisibleTo(panel)
    text = plain(panel.absent_label)
    assert "Not offered: " in text and "must retreat the full distance" in text and "(13.5.1E)" in text, text
    assert "losing" in text  # the option that keeps the defenders in place, named as in the list
    QTest.mouseClick(panel.choose_button, Qt.MouseButton.LeftButton)  # the retreat the list offers
    assert not panel.absent_label.isVisibleTo(panel)


def test_15_2A_a_commanders_defense_option_is_offered_under_13_5_1E(make_client, module):
    from darkdec_qt.ui.app import new_game

    win = make_client(new_game(module, "final_fury", "1"))

    def led(t, _result) -> bool:
        p = bq.pending(t)
        return p is not None and p.what == "result" and any(getattr(c, "leader", "") for c in p.options)

    _fight(win, led)
    panel = win.battle_panel
    rows = [panel.options.item(i).text() for i in range(panel.options.count())]
    row = next(i for i, t in enumerate(rows) if "defense option (15.2A)" in t)
    item = panel.options.item(row)
    rect = panel.options.visualItemRect(item)
    QTest.mouseClick(panel.options.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     rect.center())
    QTest.mouseDClick(panel.options.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                      rect.center())
    kinds = [e.kind for e in win.controller.cache.events[-6:]]
    assert "leader_option_used" in kinds and "result_chosen" in kinds, win.controller.last_refusal


def test_13_5_1B_a_result_without_choice_keeps_its_as_fought_view_and_says_why(make_client, module):
    from darkdec_qt.ui.app import new_game

    win = make_client(new_game(module, "final_fury", "1"))

    cmd = _fight(win, lambda t, result: t.battle is None and result.startswith("D"))
    panel = win.battle_panel
    assert win.controller.state.battle is None  # the result asked nobody for a choice
    view = plain(panel.plan_label)
    assert "as fought" in view and "is over" in view, view
    assert "no effect on the defenders" in view and "(13.5.1B)" in view, view
    lines = [t for t in log_texts(win) if "is over: " in t]
    assert lines and "has no effect on the defenders" in lines[-1] and "(13.5.1B)" in lines[-1], lines
    s = win.controller.state  # a new selection in Battle mode shows its own totals again
    if not panel.mode_button.isChecked():
        QTest.mouseClick(panel.mode_button, Qt.MouseButton.LeftButton)
    click_hex(win, s.pos[cmd.attackers[0]])
    assert "as fought" not in plain(panel.plan_label)

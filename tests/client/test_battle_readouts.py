"""The Battle dock and the CRT show the battle as it was fought:
the odds and column of the roll (not the survivors' odds), the CRT row of the modified
roll with the dice column's roll-to-row mapping, why a result did nothing (with its
rule), and task lines without doubled words."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from darkdec_qt.rules.combat import queries as bq
from tests.client.battle_setup import battle_awaiting, to_combat
from tests.client.helpers import click_hex


@pytest.fixture
def fury(make_client, module):
    from darkdec_qt.ui.app import new_game

    return make_client(new_game(module, "final_fury", "1"))


def test_the_dock_shows_the_odds_of_the_roll_and_why_a_result_did_nothing(fury):
    b = battle_awaiting(fury, "losses")  # a battle saved after its roll: fought at 2:1, result [1]A1
    s = fury.controller.state
    s.battle = s.battle.with_(result="D1", levels=((b.def_hex, 2),), tasks=(("mandatory", "German", "", 1),
                                                                         ("done", "", "", 0)))
    fury.controller.changed.emit()
    now = bq.proposed_battle(s, b.attackers, b.defenders).odds
    assert now != "2:1"  # the survivors' odds differ from those of the roll
    html = fury.battle_panel.plan_label.text()
    assert "Odds 2:1" in html and f"Odds {now}" not in html
    assert f"D1 against level 2 in {b.def_hex}: no effect" in html and "13.5.1B" in html
    task = fury.battle_panel.task_label.text()
    assert "chooses chooses" not in task and "chooses 1 mandatory step loss" in task


@pytest.mark.parametrize("fog", [False, True], ids=["open", "fog-of-war"])
def test_a_fought_battle_reads_as_the_log_and_the_crt_row_of_the_roll(make_client, module, fog):
    """The dock and the Charts tell the roll, the CRT row and the result; with fog of war (25.0C,
    on in Final Fury) the phasing side gets the roll and the result but no CRT."""
    from darkdec_qt.ui.app import new_game

    rules = tuple(r for r in module.scenarios["final_fury"].optional_rules if fog or r != "25")
    fury = make_client(new_game(module, "final_fury", "1", optional=rules))
    b = to_combat(fury)
    s = fury.controller.state
    panel = fury.battle_panel
    fury.panels["battle"].raise_()
    QTest.mouseClick(panel.mode_button, Qt.MouseButton.LeftButton)
    for u in b.attackers:
        click_hex(fury, s.pos[u])
    click_hex(fury, b.def_hex)
    QTest.mouseClick(panel.declare_button, Qt.MouseButton.LeftButton)
    assert s.battle is not None, fury.controller.last_refusal
    for _ in range(2):  # the defender's declaration, then the roll
        if s.battle is not None and not s.battle.result:
            QTest.mouseClick(panel.choose_button, Qt.MouseButton.LeftButton)
    e = next(e for e in reversed(fury.controller.game.events) if e.kind == "battle_resolved")
    row = module.charts.crt.row_for(e.column, e.roll)
    charts = fury.charts
    if fog:
        if s.battle is not None:
            html = panel.plan_label.text()
            assert f"roll {e.roll} (modified): {e.result}" in html and "CRT row" not in html
        assert charts.crt.isHidden() and charts.crt_caption.isHidden() and not charts.crt_fog.isHidden()
        return
    if s.battle is not None:
        html = panel.plan_label.text()
        assert f"Odds {e.odds}" in html and f"{e.column} column" in html
        assert f"roll {e.roll} (modified) → CRT row {row}: {e.result}" in html
    caption = charts.crt_caption.text()
    assert f"modified roll {e.roll}" in caption and f"{e.column} dice column → row {row}" in caption
    r, c = charts.highlighted
    assert charts.crt.item(r, 0).text() == str(row)
    assert charts.crt.horizontalHeaderItem(c).text() == e.odds
    assert charts.crt.item(r, c).text() == e.result
    dice_col = [charts.crt.horizontalHeaderItem(i).text() for i in range(charts.crt.columnCount())].index(
        f"{e.column} roll")
    rolls = charts.crt.item(r, dice_col).text()
    assert rolls  # the dice-to-row mapping of the column used is shown on that row


def test_every_dice_column_maps_each_roll_to_the_row_shown(fury, module):
    crt = module.charts.crt
    t = fury.charts.crt
    heads = [t.horizontalHeaderItem(i).text() for i in range(t.columnCount())]
    for (col, roll), row in crt.dice.items():
        text = t.item(crt.rows.index(row), heads.index(f"{col} roll")).text()
        if text.startswith("≤"):
            assert roll <= int(text[1:])
        elif text.startswith("≥"):
            assert roll >= int(text[1:])
        else:
            lo, _, hi = text.partition("-")
            assert int(lo) <= roll <= int(hi or lo)

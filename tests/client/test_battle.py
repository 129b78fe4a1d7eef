"""A battle through the panel: attackers and defenders chosen on the map, the
engine's explanation shown, declared, rolled, the choices made among the legal ones."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from darkdec_qt.rules.combat.legal import declarable_battles
from tests.client.helpers import click_hex, end_phases_until


@pytest.mark.parametrize("fog", [False, True], ids=["open", "fog-of-war"])
def test_resolve_a_battle_through_the_panel(make_client, module, fog):
    from darkdec_qt.ui.app import new_game

    optional = ("25",) if fog else ()
    win = make_client(new_game(module, "herbstnebel", "1", optional=optional))
    assert win.controller.state.has_rule("25") == fog
    end_phases_until(win, "combat")
    s = win.controller.state
    battles = declarable_battles(s)
    assert battles, "no battle can be declared on turn 1"
    b = min(battles, key=lambda c: (len(c.attackers), len(c.defenders)))
    panel = win.battle_panel
    act = win.actions_by_name["battle_mode"]
    assert act.shortcut().toString() == "B"
    act.trigger()
    assert win.input.battle_mode
    for h in sorted({s.pos[u] for u in b.attackers}) + sorted({s.pos[u] for u in b.defenders}):
        click_hex(win, h)
    assert set(panel.attackers) >= set(b.attackers) and set(panel.defenders) == set(b.defenders)
    panel.attackers = list(b.attackers)
    panel.refresh()
    html = panel.plan_label.text()
    if s.has_rule("25"):  # fog of war: the defenders' strength stays hidden until committed (25.0A)
        assert "25.0A" in html and "Odds" not in html
        assert all(f"{u}:" not in html for u in b.defenders)
    else:
        assert "Odds" in html and "CRT column" in html and "DRM" in html
    QTest.mouseClick(panel.declare_button, Qt.MouseButton.LeftButton)
    assert win.controller.state.battle is not None, win.controller.last_refusal
    panel.refresh()
    html = panel.plan_label.text()
    assert "Odds" in html and "CRT column" in html and "DRM" in html  # committed: examined
    for _ in range(30):
        if win.controller.state.battle is None:
            break
        assert panel.options.count() > 0
        QTest.mouseClick(panel.choose_button, Qt.MouseButton.LeftButton)
    assert win.controller.state.battle is None
    kinds = [e.kind for e in win.controller.game.events]
    assert "battle_resolved" in kinds
    assert win.charts.highlighted is not None

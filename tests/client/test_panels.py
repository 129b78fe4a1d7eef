"""The play docks through the real window: voluntary reductions and the defender's own
declaration, the order of battle, the folded supply log, the victory status, the turn
clock and fog of war."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest

from darkdec_qt.rules import fog as fogofwar
from darkdec_qt.rules.combat.legal import declarable_battles
from tests.client.helpers import click_hex, end_phases_until


def _pick_battle(win):
    s = win.controller.state
    b = min(declarable_battles(s), key=lambda c: (len(c.attackers), len(c.defenders)))
    win.actions_by_name["battle_mode"].trigger()
    for h in sorted({s.pos[u] for u in b.attackers}) + sorted({s.pos[u] for u in b.defenders}):
        click_hex(win, h)
    win.battle_panel.attackers = list(b.attackers)
    win.battle_panel.refresh()
    return b


def test_reductions_and_the_defenders_own_declaration(make_client):
    win = make_client()
    end_phases_until(win, "combat")
    b = _pick_battle(win)
    panel = win.battle_panel
    s = win.controller.state
    att_hexes = sorted({s.pos[u] for u in b.attackers})
    assert list(panel.att_reductions.spins) == att_hexes
    before = panel.plan_label.text()
    panel.att_reductions.set_value(att_hexes[0], 1)
    assert panel.att_reductions.values() == ((att_hexes[0], 1),)
    assert panel.plan_label.text() != before or "level" in before
    QTest.mouseClick(panel.declare_button, Qt.MouseButton.LeftButton)
    battle = win.controller.state.battle
    assert battle is not None and (att_hexes[0], 1) in battle.reductions, win.controller.last_refusal
    assert panel.defender_box.isVisibleTo(panel)
    def_hex = sorted(panel.def_reductions.spins)[0]
    panel.def_reductions.set_value(def_hex, 1)
    panel.def_integrity.setChecked(False)
    QTest.mouseClick(panel.def_button, Qt.MouseButton.LeftButton)
    battle = win.controller.state.battle
    assert battle is not None and (def_hex, 1) in battle.reductions and battle.defender_integrity is False
    assert not panel.defender_box.isVisibleTo(panel)
    for _ in range(30):
        if win.controller.state.battle is None:
            break
        QTest.mouseClick(panel.choose_button, Qt.MouseButton.LeftButton)
    assert win.charts.highlighted is not None  # the roll's row and cell are marked in the CRT
    assert not win.panels["charts"].isVisible()  # but the closed Charts dock does not jump forward



def test_each_battle_starts_its_defenders_declaration_afresh(make_client, module):
    """The integrity box unticked for one battle is ticked again (13.8A claimed) for the next."""
    from darkdec_qt.ui.app import new_game
    from tests.client.battle_setup import to_combat

    win = make_client(new_game(module, "final_fury", "1"))
    to_combat(win)
    panel = win.battle_panel
    win.panels["battle"].raise_()
    for n in range(2):
        cmd = next(iter(declarable_battles(win.controller.state)))
        panel.select_attack(cmd)
        QTest.mouseClick(panel.declare_button, Qt.MouseButton.LeftButton)
        assert panel.defender_box.isVisibleTo(panel) and panel.def_integrity.isChecked(), n
        QTest.mouseClick(panel.def_integrity, Qt.MouseButton.LeftButton)  # this defender does not claim it
        assert not panel.def_integrity.isChecked()
        QTest.mouseClick(panel.def_button, Qt.MouseButton.LeftButton)
        for _ in range(30):
            if win.controller.state.battle is None:
                break
            QTest.mouseClick(panel.choose_button, Qt.MouseButton.LeftButton)
        assert win.controller.state.battle is None


def test_order_of_battle_states_and_centring(make_client):
    win = make_client()
    ob = win.ob_panel
    s = win.controller.state
    u = next(x for x in sorted(s.pos) if s.side_of(x) == "German")
    assert ob.items[u].text(1).startswith(f"at {s.pos[u]}")
    later = next(iter(sorted(s.pending)))
    assert ob.items[later].text(1).startswith("arrives turn")
    ob._clicked(ob.items[u])
    assert win.input.selected == (u,)
    win.view.center_on_hex(s.pos[sorted(s.pos)[-1]])
    ob._clicked(ob.items[u])
    assert win.view.viewport().rect().contains(win.view.mapFromScene(win.scene.hex_center(s.pos[u])))
    ob.filter.setText(u)
    assert not ob.items[u].isHidden()
    other = next(x for x in ob.items if x != u and u not in x and x.lower() not in u.lower())
    assert ob.items[other].isHidden()


def test_fog_of_war_hides_enemy_stacks_in_the_ob_and_map(make_client):
    win = make_client()
    s = win.controller.state
    assert s.has_rule("25")
    seen = fogofwar.visible_units(s, "German")
    hidden = [u for u in s.pos if s.side_of(u) == "Allied" and u not in seen[s.pos[u]][0]]
    assert hidden
    assert "hidden" in win.ob_panel.items[hidden[0]].text(1)
    tags = [m for spec, _r, marks in win.scene.units_at(s.pos[hidden[0]]) for m in marks]
    assert any(t.startswith("+") for t in tags)


def test_log_folds_routine_supply_lines(make_client):
    win = make_client()
    model = win.log_panel.tree.model()
    texts = []
    for i in range(model.rowCount()):
        top = model.index(i, 0)
        texts += [model.index(k, 0, top).data() for k in range(model.rowCount(top))]
    folded = [t for t in texts if "units supplied" in t]
    assert folded
    assert not any(t.rstrip().endswith("is supplied") for t in texts)
    n_events = sum(1 for e in win.controller.cache.events if e.kind == "supply_determined" and e.state == "supplied")
    assert str(n_events) in folded[0] or len(folded) > 1


def test_victory_status_and_clock(make_client):
    win = make_client()
    assert win.victory_label.full.startswith("If it ended now:")  # shown whole, or short where the bar is narrow
    assert "If the game ended now" in win.victory.text.toPlainText() and "needs" in win.victory.text.toPlainText()
    clock = win.clock
    assert not clock.isVisibleTo(win)
    clock.set_limit(5)
    assert clock.isVisibleTo(win) and "4:5" in clock.text() or "5:00" in clock.text()
    clock.started -= 400
    clock.tick()
    assert "time is up" in clock.text()
    assert "time" in win.message_label.text()
    win.controller.end_phase()
    end_phases_until(win, "supply", "Allied") if False else None
    clock.set_limit(0)
    assert not clock.isVisibleTo(win)


def test_fog_of_war_hides_the_crt_from_the_phasing_side_25_0C(make_client, module):
    """25.0C through the window: in Herbstnebel (fog of war on) the German player does not see
    the CRT in its own player turn, only the notice; with fog of war off the CRT is there."""
    from darkdec_qt.ui.app import new_game

    win = make_client()
    assert win.controller.state.has_rule("25") and win.controller.viewer() == "German"
    win.panels["charts"].show()
    win.panels["charts"].raise_()
    charts = win.charts
    assert charts.crt.isHidden() and charts.crt_fog.isVisibleTo(charts) and "25.0C" in charts.crt_fog.text()
    open_game = new_game(module, "herbstnebel", "1", optional=("14", "15"))
    win2 = make_client(open_game)
    assert not win2.controller.state.has_rule("25")
    assert not win2.charts.crt.isHidden() and win2.charts.crt_fog.isHidden()


def test_25_0D_the_clock_takes_seven_and_a_half_minutes_and_keeps_them(make_client, qtbot):
    """25.0D: each side has at most 7½ minutes. View > Time limit offers them while fog of war is
    in use; typed into the dialog, the clock runs out after 450 seconds, not before."""
    from PySide6.QtWidgets import QApplication, QDoubleSpinBox, QInputDialog

    win = make_client()
    assert win.controller.state.has_rule("25")
    seen = {}

    def answer():
        dlg = QApplication.activeModalWidget()
        box = dlg.findChild(QDoubleSpinBox) if isinstance(dlg, QInputDialog) else None
        if box is None:  # whole minutes only: 7½ cannot be typed
            dlg.reject()
            return
        seen["offered"] = box.value()
        box.lineEdit().selectAll()
        qtbot.keyClicks(box.lineEdit(), "7.5")
        qtbot.keyClick(box.lineEdit(), Qt.Key.Key_Return)

    QTimer.singleShot(0, answer)
    win.actions_by_name["time_limit"].trigger()
    clock = win.clock
    assert seen.get("offered") == 7.5 and clock.limit == 450 and clock.isVisibleTo(win)
    clock.started -= 449
    clock.tick()
    assert "0:0" in clock.text() and "time is up" not in clock.text()
    clock.started -= 2
    clock.tick()
    assert "time is up" in clock.text()


def test_the_arriving_list_marks_each_units_side(make_client):
    win = make_client()
    lst = win.arrivals.list
    texts = [lst.item(i).text() for i in range(lst.count())]
    s = win.controller.state
    assert texts and all(t[:1] in "GA" and t[1:3] == "  " for t in texts)
    first = texts[0].split()[1]
    assert texts[0][:1] == s.module.units[first].side[:1]

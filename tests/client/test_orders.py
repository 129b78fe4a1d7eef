"""Orders besides moving and fighting, driven through the real window: the Orders menu,
its keyboard shortcuts, the context menu of a hex, the arrivals, set-up and
replacements docks. Only what the engine allows is offered; an illegal attempt shows the
engine's reason with its rule."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from darkdec_qt.game.session import Game
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.movement import move as movement
from darkdec_qt.rules.movement import reinforcements as rf
from darkdec_qt.rules.scenarios.setup import initial_state
from darkdec_qt.ui.app import new_game
from darkdec_qt.ui.orders import legal as od
from tests.client.helpers import click_hex, end_phases_until, plain

RULE = re.compile(r"\(\d+(\.\d+)*[A-Z]?")


def press(win, key: Qt.Key) -> None:
    """A key press as the window system delivers it (so that shortcuts apply)."""
    win.activateWindow()
    QApplication.processEvents()
    win.view.setFocus()
    QTest.keyClick(win.windowHandle(), key)


def _unit_with(win, key: str) -> str:
    s = win.controller.state
    for u in sorted(s.pos):
        if s.side_of(u) == win.controller.acting() and any(o.key == key for o in od.unit_orders(s, (u,))):
            return u
    raise AssertionError(f"no unit may {key}")


def _select(win, u: str) -> None:
    h = win.controller.state.pos[u]
    click_hex(win, h)
    for _ in range(6):
        if win.input.selected == (u,):
            return
        click_hex(win, h)
    raise AssertionError(f"could not select {u}: {win.input.selected}")


def test_orders_menu_lists_every_order_with_a_shortcut(make_client):
    win = make_client()
    acts = win.menus["&Orders"].actions()
    names = [a.text() for a in acts if a.text()]
    assert any("Strategic" in n for n in names) and any("Paradrop" in n for n in names)
    for a in acts:
        if a.text():
            assert a.shortcut().toString(), a.text()


def test_strategic_movement_by_keyboard_then_moves_with_strategic_costs(make_client):
    win = make_client()
    end_phases_until(win, "movement")
    u = _unit_with(win, "enter_strategic")
    _select(win, u)
    press(win, Qt.Key.Key_S)
    s = win.controller.state
    assert u in s.strategic, win.controller.last_refusal
    assert win.input.selected == (u,)
    assert win.input.dests == movement.legal_destinations(s, (u,), strategic=True)
    far = max(win.input.dests, key=lambda h: len(win.input.dests[h][1]))
    click_hex(win, far)
    assert win.controller.state.pos[u] == far


def test_illegal_order_shows_the_engine_reason_with_rule(make_client):
    win = make_client()
    end_phases_until(win, "movement")
    s = win.controller.state
    u = next(x for x in sorted(s.pos) if s.side_of(x) == "German" and not od.legal(s, od.cm.EnterStrategic(x))
             and x not in s.strategic)
    _select(win, u)
    win.actions_by_name["strategic"].trigger()
    assert u not in win.controller.state.strategic
    assert RULE.search(win.controller.last_refusal), win.controller.last_refusal
    assert plain(win.message_label) == win.controller.last_refusal


def test_context_menu_offers_only_legal_orders_and_runs_them(make_client):
    win = make_client()
    end_phases_until(win, "movement")
    u = _unit_with(win, "enter_reserve")
    h = win.controller.state.pos[u]
    menu = win.build_context_menu(h)
    texts = [a.text() for a in menu.actions()]
    legal = {o.label for o in od.unit_orders(win.controller.state, tuple(win.input.own_units_at(h)))}
    assert legal <= set(texts)
    act = next(a for a in menu.actions() if a.text() == f"Enter reserve: {win.input.own_units_at(h)[0]}")
    act.trigger()
    assert win.input.own_units_at(h)[0] in win.controller.state.reserve


def test_reinforcements_dock_highlights_entry_hexes_and_enters(make_client, module):
    win = make_client(new_game(module, "final_fury", "1"))
    end_phases_until(win, "movement")
    s = win.controller.state
    due = rf.due_units(s)
    assert win.arrivals.list.count() >= len(due) > 0
    u = due[0]
    win.arrivals.list.setCurrentRow(0)
    assert set(win.input.targets) <= set(rf.entry_hexes(s, u)) and win.input.targets
    assert win.scene.highlight.values() if hasattr(win.scene, "highlight") else True
    h = sorted(win.input.targets)[0]
    click_hex(win, h)
    assert win.controller.state.pos.get(u) == h, win.controller.last_refusal
    assert win.input.selected == (u,)  # ready to move on


def test_withdrawal_order(make_client, module):
    """10.8C: the 150th Panzer Brigade is owed to withdrawal on AM 27 December. The later
    scenarios' derived set-ups make it before their first turn, so the Turning Point (22 Dec)
    is taken to that date."""
    st = initial_state(module, "turning_point", "1", optional=("10.8",), setup="auto")
    st.turn, st.side, st.phase, st.started = module.turn_index["27DecAM"].number, "German", Phase.MOVEMENT, True
    st.held_off.update(rf.due_units(st))  # the skipped turns' reinforcements held off (10.7.2)
    assert "150Pz" in st.pos and "150Pz" not in st.withdrawn
    win = make_client(Game(module, "turning_point", "1", initial=st, start=False))
    assert not win.controller.end_phase()
    assert "10.8C" in win.controller.end_refusal
    _select(win, "150Pz")
    win.actions_by_name["withdraw"].trigger()
    assert "150Pz" in win.controller.state.withdrawn, win.controller.last_refusal
    assert win.ob_panel.items["150Pz"].text(1) == "withdrawn"


def test_replacements_panel_refits(make_client, module):
    win = make_client(new_game(module, "final_fury", "1"))
    end_phases_until(win, "replacement")
    p = win.replacements
    assert "German</b>: infantry" in p.tracks.text() and "Allied</b>" in p.tracks.text()
    s = win.controller.state
    rows = [i for i in range(p.list.count()) if od.legal(s, p.list.item(i).data(Qt.ItemDataRole.UserRole))]
    assert rows, [p.list.item(i).text() for i in range(p.list.count())]
    cmd = p.list.item(rows[0]).data(Qt.ItemDataRole.UserRole)
    before = dict(s.replacements)
    p.list.setCurrentRow(rows[0])
    p.do_it()
    if cmd.kind == "refit":
        assert cmd.unit not in win.controller.state.reduced
    else:
        click_hex(win, sorted(win.input.targets)[0])
    assert win.controller.state.replacements != before


def test_paradrop_highlights_legal_hexes(make_client, module):
    win = make_client(new_game(module, "herbstnebel", "1", variants=("26.5",)))
    end_phases_until(win, "movement")
    win.actions_by_name["paradrop"].trigger()
    t = win.input.targets
    assert t and all(c.kind == "paradrop" for c in t.values())
    click_hex(win, sorted(t)[0])
    assert win.controller.state.paradropped


def test_free_setup_victory_choice_and_start(make_client, module):
    from darkdec_qt.game.session import Game

    win = make_client(Game(module, "campaign", "1", setup="free"))
    s = win.controller.state
    assert not s.started and s.to_place
    assert win.phase_bar.next_button.text() == "Start the game"
    assert not win.controller.end_phase() and "6.0H" in win.controller.end_refusal
    first = win.setup_panel.list.item(0).data(Qt.ItemDataRole.UserRole)
    win.setup_panel.list.itemClicked.emit(win.setup_panel.list.item(0))
    assert set(win.input.targets) == set(od.freesetup.legal_hexes(s, first))
    h = sorted(win.input.targets)[0]
    click_hex(win, h)
    assert win.controller.state.pos[first] == h
    win.actions.chooser = lambda title, opts: next(o for o in opts if "small" in o.label)
    assert win.actions.side_order("vc")
    assert win.controller.state.vc_choice == "small_solution"
    assert "secret" in od.vc_text(win.controller.state, "Allied")
    for _ in range(2):
        win.actions.chooser = lambda title, opts: opts[0]
        win.actions.side_order("setup")
    assert not win.controller.state.to_place
    assert win.controller.end_phase() and win.controller.state.started


def test_bridges_and_fortification(make_client, module):
    win = make_client(new_game(module, "turning_point", "1"))
    end_phases_until(win, "movement")
    u = _unit_with(win, "build_bridge")
    _select(win, u)
    win.actions_by_name["build_bridge"].trigger()
    t = dict(win.input.targets)
    assert t and all(c.build_bridge for c in t.values())
    win.input.cancel()
    end_phases_until(win, "construction")
    u = _unit_with(win, "blow_bridge")
    _select(win, u)
    press(win, Qt.Key.Key_D)
    t = dict(win.input.targets)
    assert t and all(c.kind == "blow_bridge" and c.unit == u for c in t.values())
    click_hex(win, sorted(t)[0])
    assert any(e.kind == "bridge_attempted" for e in win.controller.game.events), win.controller.last_refusal
    f = _unit_with(win, "build_fortification")
    h = win.controller.state.pos[f]
    menu = win.build_context_menu(h)
    act = next(a for a in menu.actions() if a.text().startswith("Build fortification"))
    act.trigger()
    assert any(e.kind != "die_rolled" and getattr(e, "unit", "") == f for e in win.controller.game.events[-3:])

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


@pytest.mark.parametrize("kind", ["results", "losses"])
def test_the_choices_and_do_it_fit_a_laptop_screen(fury, qtbot, kind):
    """At 1,280 x 720 the Battle dock shows the choices owed and the "Do it" button without
    scrolling (a battle's long as-fought text above them does not push the button out of
    the dock), and each choice's words wrap inside the list instead of running off its
    right edge."""
    win = fury
    win.resize(1280, 720)
    win.resizeDocks([win.panels["battle"]], [300], Qt.Orientation.Horizontal)  # the right docks' width there
    battle_awaiting(win, kind)
    qtbot.wait(50)
    panel = win.battle_panel
    area = win.panels["battle"].widget()  # the dock's scroll area
    viewport = area.viewport()
    button = panel.choose_button
    corner = button.mapTo(viewport, button.rect().bottomRight())
    assert viewport.rect().contains(corner), (corner, viewport.rect())  # in sight, not below the fold
    opts = panel.options
    assert opts.count() >= 2
    assert opts.horizontalScrollBar().maximum() == 0  # nothing to scroll sideways to read
    for i in range(opts.count()):
        assert opts.visualItemRect(opts.item(i)).right() <= opts.viewport().width()
    wanted, _ = _pick_last(win)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert win.controller.game.batches[-1].command == wanted


def test_the_map_outlines_the_battle_in_progress_not_the_last_one(fury, qtbot):
    """When one batch of commands (the computer's, ui/aiplayer.py) ends a battle and declares
    the next, the map outlines the new battle's attackers and defenders at once, not the
    units of the battle just fought."""
    from darkdec_qt.rules import engine
    from darkdec_qt.rules.combat import commands as cc
    from darkdec_qt.rules.combat import queries as bq
    from darkdec_qt.rules.combat.legal import declarable_battles
    from darkdec_qt.ui.map.input import ATTACKER, DEFENDER
    from tests.client.battle_setup import to_combat

    win = fury
    c = win.controller
    first = to_combat(win)
    panel = win.battle_panel
    panel.select_attack(cc.DeclareBattle(attackers=first.attackers, defenders=first.defenders))
    qtbot.mouseClick(panel.declare_button, Qt.MouseButton.LeftButton)  # the first battle, by the player
    assert c.state.battle is not None
    s = c.state.clone()
    batch = []
    while s.battle is not None:  # the battle fought to its end, each choice the first offered
        cmd = bq.pending(s).options[0]
        engine.execute(s, cmd)
        batch.append(cmd)
    nxt = next(iter(declarable_battles(s)))
    batch.append(cc.DeclareBattle(attackers=nxt.attackers, defenders=nxt.defenders))
    assert c.execute_many(batch) == len(batch)
    s = c.state
    assert s.battle is not None and set(s.battle.defenders) == set(nxt.defenders)
    want = {s.pos[u]: ATTACKER for u in nxt.attackers} | {s.pos[u]: DEFENDER for u in nxt.defenders}
    assert win.input.extra_outlines == want


def test_the_preselected_path_is_drawn_and_stays(fury, qtbot):
    """The first retreat path, selected when the choice appears, is drawn on the
    map at once, and stays drawn while the pointer crosses the map; another row draws its own."""
    from darkdec_qt.ui.map.input import MapInput
    from tests.client.helpers import hover_hex

    win = fury
    battle_awaiting(win, "retreats")
    qtbot.wait(50)
    panel = win.battle_panel
    scene = win.scene
    first = panel.options.item(0).data(Qt.ItemDataRole.UserRole)
    assert panel.options.currentRow() == 0 and getattr(first, "path", None)
    drawn = scene.path_item.path()

    def end(path, cmd) -> tuple[float, float]:  # noqa: ANN001  (the line's last point: the path's end)
        e = path.elementAt(len(cmd.path) - 1)
        return round(e.x), round(e.y)

    def centre(cmd) -> tuple[float, float]:  # noqa: ANN001
        p = scene.hex_center(cmd.path[-1])
        return round(p.x()), round(p.y())

    assert not drawn.isEmpty() and end(drawn, first) == centre(first)
    far = min(win.controller.module.hexes)
    hover_hex(win, far)  # the pointer over some other hex of the map
    assert isinstance(win.input, MapInput) and not scene.path_item.path().isEmpty()
    wanted, _ = _pick_last(win)
    assert wanted.path[-1] != first.path[-1] and end(scene.path_item.path(), wanted) == centre(wanted)


def test_a_retreat_shortened_by_a_river_says_why(fury, qtbot):
    """A two-hex retreat whose infantry path ends after crossing an unbridged river (13.6.2B)
    is offered as one hex: its row says why, and that the crossing costs a die for a step
    (13.6.2C), instead of a one-hex path under "chooses a 2-hex retreat path"."""
    from darkdec_qt.rules.combat import commands as cc
    from darkdec_qt.rules.combat.legal import declarable_battles
    from tests.client.battle_setup import to_combat

    win = fury
    c = win.controller
    to_combat(win)
    s = c.state
    cmd = next(b for b in declarable_battles(s) if b.defenders == ("80/319",))  # across a river from 3825
    panel = win.battle_panel
    panel.select_attack(cc.DeclareBattle(attackers=cmd.attackers, defenders=cmd.defenders))
    qtbot.mouseClick(panel.declare_button, Qt.MouseButton.LeftButton)
    h = c.state.pos["80/319"]
    c.state.battle = c.state.battle.with_(tasks=(("retreat", "Allied", h, 2), ("done", "", "", 0)), odds="2:1",
                                          column="normal", result="D2")  # (as a D2 rolled would leave it)
    c.changed.emit()
    rows = [panel.options.item(i).text() for i in range(panel.options.count())]
    short = [r for r in rows if r.split()[1].count("-") == 1]  # "Retreat 3825-3826 ...": one hex
    assert short and all("river (13.6.2B)" in r and "13.6.2C" in r for r in short), rows

"""The player chooses, in the client: the Arriving dock lists the choices the engine
waits for ("Choices owed now") and the conditional forces a side selects (23.0B); the player
clicks them. Reported: no control held off a reinforcement not on the map (10.7.2C) or chose
conditional units (23.0B), and a displaced leader (15.5D) or a blocked reinforcement (10.6.3C)
was placed by the engine."""

from __future__ import annotations

from PySide6.QtCore import Qt

from darkdec_qt.game.session import Game
from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.scenarios import variants as var
from tests.client.helpers import click_hex
from tests.rules.conftest_real import at, init


def client_on(make_client, st, scenario: str):
    win = make_client(Game(st.module, scenario, "1", initial=st, start=False))
    win.panels["arrivals"].show()
    win.panels["arrivals"].raise_()
    return win


def click_row(qtbot, lst, text: str) -> None:
    row = next(i for i in range(lst.count()) if text in lst.item(i).text())
    lst.scrollToItem(lst.item(row))
    qtbot.mouseClick(lst.viewport(), Qt.MouseButton.LeftButton, pos=lst.visualItemRect(lst.item(row)).center())


def test_10_7_2C_a_reinforcement_not_on_the_map_is_held_off_with_a_click(make_client, qtbot):
    st = at(init(scenario="herbstnebel"), "17DecPM", side="Allied", phase=Phase.MOVEMENT)
    st.hold_off_owed = {"N": 2}  # German units exited off the north edge
    win = client_on(make_client, st, "herbstnebel")
    owed = win.arrivals.owed
    assert owed.isVisible() and "1/26" in " ".join(o.label for o in owed.orders)
    click_row(qtbot, owed.list, "Hold 1/26 off the map")
    s = win.controller.state
    assert "1/26" in s.held_off and s.hold_off_owed["N"] == 0
    assert not any("Hold" in o.label for o in owed.orders)


def test_23_0B_the_side_ticks_its_conditional_units_and_commits_them(make_client, qtbot):
    from tests.rules.test_23_0B_choose_conditional_units import _rolled

    st = _rolled()
    proposed = var.committed_this_turn(st, "Allied")
    win = client_on(make_client, st, "campaign")
    box = win.arrivals.conditional
    assert box.isVisible() and box.n == 3 and sorted(box.checked()) == sorted(proposed)
    other = next(box.list.item(i).text() for i in range(box.list.count())
                 if box.list.item(i).text() not in proposed)
    click_row(qtbot, box.list, proposed[0])  # untick one of the proposal...
    assert not box.button.isEnabled()  # two ticked of three
    click_row(qtbot, box.list, other)  # ...and tick another
    assert box.button.isEnabled()
    qtbot.mouseClick(box.button, Qt.MouseButton.LeftButton)
    assert sorted(var.committed_this_turn(win.controller.state, "Allied")) == sorted([*proposed[1:], other])
    assert "Selection made" in box.info.text() and sorted(box.checked()) == sorted([*proposed[1:], other])
    win.controller.end_phase()  # may still wait on other choices (10.6.3A), never on 23.0B
    assert "23.0B" not in win.controller.end_refusal


def displacement_state():
    st = at(init(scenario="herbstnebel"), "18DecAM", side="German", phase=Phase.MOVEMENT)
    st.optional = frozenset({"15"})
    m = st.module
    ger = next(u for u in sorted(st.pos) if m.units[u].side == "German" and m.units[u].type == "armor")
    a1, a2 = [u for u in sorted(st.pos) if m.units[u].side == "Allied" and not m.units[u].is_leader][:2]
    st.pos = {ger: "2615", "Hodges": "2516", a1: "2214", a2: "2519"}  # 2214 and 2519: three hexes away
    st.supply = {}
    return st, ger


def test_15_5D_the_owner_clicks_where_the_displaced_leader_goes(make_client, qtbot):
    st, ger = displacement_state()
    win = client_on(make_client, st, "herbstnebel")
    click_hex(win, "2615")  # the German player moves into the leader's hex
    click_hex(win, "2516")
    s = win.controller.state
    assert s.pos[ger] == "2516" and s.displaced == {"Hodges": ("2214", "2519")}
    assert s.pos["Hodges"] == "2516"  # not placed by the engine
    qtbot.waitUntil(lambda: set(win.input.targets) == {"2214", "2519"})  # the hexes are highlighted at once
    assert "Allied: place the displaced leader Hodges" in win.arrivals.owed.list.item(0).text()
    click_hex(win, "2519")  # the Allied player's choice
    assert win.controller.state.pos["Hodges"] == "2519" and not win.controller.state.displaced
    assert not win.arrivals.owed.isVisible()
    win.controller.undo()  # back to the choice: made elsewhere (a computer Allied player) this time
    qtbot.waitUntil(lambda: bool(win.arrivals.owed.orders))
    win.arrivals.owed.run(0)
    assert set(win.input.targets) == {"2214", "2519"}
    win.controller.execute(cm.RelocateDisplacedLeader(unit="Hodges", hex="2214"))
    assert not win.input.targets  # no stale highlight left to click


def test_10_6_3C_the_owner_clicks_the_road_hex_of_a_blocked_reinforcement(make_client, qtbot):
    st = at(init(scenario="herbstnebel"), "17DecPM", side="Allied", phase=Phase.MOVEMENT)
    m = st.module
    germans = [u for u in sorted(st.pos) if m.units[u].side == "German" and not m.units[u].is_leader]
    for u, h in zip(germans, ("2401", "2501", "2601", "3301", "3901"), strict=False):
        st.pos[u] = h  # every entry hex of areas B and C occupied (10.6.3B)
    win = client_on(make_client, st, "herbstnebel")
    assert not win.controller.end_phase() and "10.6.3C" in win.controller.end_refusal
    labels = [o.label for o in win.arrivals.owed.orders]
    assert not any(lb.startswith("7Arm/CCA") for lb in labels)  # one next hex (3201): no choice to make
    win.view.center_on_hex("4915")  # far from the north edge
    click_row(qtbot, win.arrivals.owed.list, "30/120: entry blocked")
    assert set(win.input.targets) == {"3201", "1901"}  # 1901: where N90 leaves the north edge
    view = win.view
    shown = view.mapToScene(view.viewport().rect()).boundingRect()
    assert shown.contains(win.scene.hex_center("1901"))  # brought into sight
    click_hex(win, "1901")
    s = win.controller.state
    assert s.entry_hex["30/120"] == "1901" and s.pending["30/120"] == s.turn + 1
    assert "30/120" not in " ".join(o.label for o in win.arrivals.owed.orders)


def test_the_arriving_dock_comes_forward_when_the_movement_phase_begins_with_units_due(make_client, qtbot):
    """Failed before: the dock followed only a phase whose last event was its beginning, and
    the Movement Phase now begins with its notes (moments.py), so it never came forward."""
    st = at(init(scenario="herbstnebel"), "17DecAM", side="German", phase=Phase.REPLACEMENT)
    win = client_on(make_client, st, "herbstnebel")
    win.panels["ob"].raise_()
    shown = lambda: not win.panels["arrivals"].visibleRegion().isEmpty()  # noqa: E731  (the tab in front)
    qtbot.waitUntil(lambda: not shown())
    assert win.controller.end_phase()
    s = win.controller.state
    assert s.phase is Phase.MOVEMENT and win.controller.cache.events[-1].kind == "phase_start_noted"
    qtbot.waitUntil(shown)


def test_15_5D_no_hexes_are_highlighted_for_a_computer_owner(make_client, qtbot):
    from darkdec_qt.ai.players import AIPlayer

    st, ger = displacement_state()
    win = client_on(make_client, st, "herbstnebel")
    win.computer.sides, win.computer.paused = {"Allied": AIPlayer("easy", 1)}, True  # (paused: no thread)
    click_hex(win, "2615")
    click_hex(win, "2516")
    assert win.controller.state.displaced and win.arrivals.owed.orders
    qtbot.wait(50)
    assert not win.input.targets  # the computer makes this choice

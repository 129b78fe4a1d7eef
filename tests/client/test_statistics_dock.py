"""The Statistics dock through the real window: opened from the View menu, a chart chosen from
its list, exported to PNG and SVG with its buttons, redrawn after each event and at the replay
position, and under fog of war (25.0) only what the viewer may know."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QFileDialog

from darkdec_qt.game.selfplay import selfplay
from darkdec_qt.game.session import Game
from darkdec_qt.ui.panels.statistics import EXPORT_SIZE


def open_dock(win, qtbot):
    dock = win.panels["statistics"]
    assert not dock.isVisible()
    view_menu = win.menus["&View"]
    action = next(a for a in view_menu.actions() if a.text() == "Statistics")
    action.trigger()  # View > Statistics
    dock.raise_()
    qtbot.waitUntil(dock.isVisible)
    return dock.widget()


def lines(panel):
    return {s.name(): [(p.x(), p.y()) for p in s.points()] for s in panel.chart.series()}


def test_a_chart_is_chosen_from_the_list_and_exported_as_png_and_svg(make_client, qtbot, tmp_path, monkeypatch):
    win = make_client()
    panel = open_dock(win, qtbot)
    assert panel.chart.title().startswith("Steps lost")
    dates = panel.chart.axes(Qt.Orientation.Horizontal)[0].categoriesLabels()
    assert dates[0] == "16 Dec"  # the calendar's dates under the turns
    panel.choice.setFocus()
    QTest.keyClick(panel.choice, Qt.Key.Key_Down)  # the next chart in the list
    assert panel.key() == "towns" and panel.chart.title() == "Objective towns held"
    towns = lines(panel)
    assert set(towns) == {"German", "Allied"}
    s = win.controller.state
    assert towns["Allied"][-1][1] + towns["German"][-1][1] == len(s.module.scenarios[s.scenario].victory["towns"])
    asked = []

    def save_as(parent, caption, start, filters):
        asked.append((caption, start, filters))
        return str(tmp_path / ("chart" + ("" if "PNG" in caption else ".svg"))), filters

    monkeypatch.setattr(QFileDialog, "getSaveFileName", save_as)
    qtbot.mouseClick(panel.png_button, Qt.MouseButton.LeftButton)
    image = QImage(str(tmp_path / "chart.png"))  # the suffix added to a bare name
    assert (image.width(), image.height()) == EXPORT_SIZE and asked[0][1].endswith("-towns.png")
    qtbot.mouseClick(panel.svg_button, Qt.MouseButton.LeftButton)
    svg = (tmp_path / "chart.svg").read_text(encoding="utf-8")
    assert svg.lstrip().startswith("<?xml") and "<svg" in svg and "Objective towns held" in svg
    assert "Chart exported to" in win.message_label.text()


def test_live_after_each_event_and_at_the_replay_position(make_client, qtbot, module):
    played = selfplay(module, "campaign", 3, turns=2, optional=())  # no fog of war: every figure shown
    log = played.log_dicts()
    k = next(i for i, b in enumerate(played.batches) if any(e.kind in ("step_lost", "unit_eliminated")
                                                            for e in b.events))
    game = Game.from_log(module, "campaign", "3", log[:k], optional=())
    win = make_client(game)
    panel = open_dock(win, qtbot)
    c = win.controller
    before = {n: p[-1][1] for n, p in lines(panel).items()}
    c.execute(played.batches[k].command)  # the command whose battle costs a step
    s0 = played.state_at(sum(len(b.events) for b in played.batches[:k]))
    lost = {}
    for e in played.batches[k].events:
        if e.kind in ("step_lost", "unit_eliminated"):
            side = module.units[e.unit].side
            full = module.units[e.unit].reduced is not None and e.unit not in s0.reduced
            lost[side] = lost.get(side, 0) + (2 if e.kind == "unit_eliminated" and full else 1)
    after = {n: p[-1][1] for n, p in lines(panel).items()}
    assert {side: after[side] - before[side] for side in lost} == lost and lost
    # back to the start of the game with the replay bar: one turn, nothing lost yet
    qtbot.mouseClick(win.replay.buttons["start"], Qt.MouseButton.LeftButton)
    assert c.past == 0
    QTest.mouseClick(win.replay.buttons["next_turn"], Qt.MouseButton.LeftButton)
    at = lines(panel)
    assert all(p[-1][1] == 0 for p in at.values()) and all(len(p) <= 2 for p in at.values())
    qtbot.mouseClick(win.replay.buttons["end"], Qt.MouseButton.LeftButton)
    assert {n: p[-1][1] for n, p in lines(panel).items()} == after


@pytest.mark.parametrize("seat", ["Allied", "German"])
def test_fog_of_war_shows_the_enemys_stacks_and_announced_losses_only(make_client, qtbot, seat):
    win = make_client()  # Herbstnebel, fog of war on
    c = win.controller
    assert c.state.has_rule("25")
    c.take_seat(seat)
    panel = open_dock(win, qtbot)
    enemy = "German" if seat == "Allied" else "Allied"
    assert set(lines(panel)) == {seat, f"{enemy} (announced)"}
    assert panel.note.isVisible() and "25.0" in panel.note.text()
    panel.choice.setFocus()
    for _ in range(3):
        QTest.keyClick(panel.choice, Qt.Key.Key_Down)
    assert panel.key() == "units"
    shown = lines(panel)
    assert set(shown) == {seat, f"{enemy} stacks"}
    s = c.state
    stacks = {h for u, h in s.pos.items() if s.module.units[u].side == enemy and not s.module.units[u].is_leader}
    assert shown[f"{enemy} stacks"][-1][1] == len(stacks)


def test_a_chart_drawn_to_svg_and_png_without_a_window(qapp, module, tmp_path):
    """For reports: ``chart_svg`` and ``chart_png`` need the figures only (and a QApplication)."""
    from darkdec_qt.game.statistics import Statistics, series
    from darkdec_qt.ui.panels.statistics import chart_png, chart_svg

    game = selfplay(module, "herbstnebel", 2, turns=2)
    stats = Statistics(game.initial)
    stats.extend(game.events)
    charts = series(stats.figures())
    svg = chart_svg(charts["units"], 640, 400)
    assert 'width="' in svg and "Combat units on the map" in svg and "German" in svg and "Allied" in svg
    chart_png(charts["steps"], tmp_path / "steps.png", 640, 400)
    image = QImage(str(tmp_path / "steps.png"))
    assert (image.width(), image.height()) == (640, 400)
    assert len({image.pixel(x, y) for x in range(0, 640, 4) for y in range(0, 400, 4)}) > 8  # drawn, not blank


def test_hot_seat_hand_over_shows_neither_sides_private_figures(make_client, qtbot):
    """25.0 in hot seat: while the hand-over screen waits, the outgoing player must not read the
    incoming side's own figures; once the incoming player takes the seat they show."""
    win = make_client(hotseat=True)
    c = win.controller
    panel = open_dock(win, qtbot)
    for _ in range(30):
        if win.handover.isVisible():
            break
        if not c.end_phase():
            break
    assert win.handover.isVisible(), "no hand-over reached"
    incoming = win.handover.side
    assert set(lines(panel)) == {"German (announced)", "Allied (announced)"}
    assert "both sides" in panel.note.text()
    qtbot.mouseClick(win.handover.button, Qt.MouseButton.LeftButton)
    enemy = "German" if incoming == "Allied" else "Allied"
    assert set(lines(panel)) == {incoming, f"{enemy} (announced)"}

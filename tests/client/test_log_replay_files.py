"""Log entries show the past; replay steps back and forward to the engine's states;
save, reopen, autosave; hotseat hand-over screens."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from darkdec_qt.rules.core.commands import Move
from darkdec_qt.rules.movement import move as movement
from tests.client.helpers import click_hex, end_phases_until


def _play_a_little(win):
    end_phases_until(win, "movement")
    s = win.controller.state
    moved = 0
    for u in s.on_map("German"):
        if moved == 3:
            break
        s = win.controller.state
        if u not in s.pos or len(s.units_at(s.pos[u])) != 1:
            continue
        d = movement.legal_destinations(s, (u,))
        if d:
            h = sorted(d)[0]
            assert win.controller.execute(Move(units=(u,), path=d[h][1]))
            moved += 1
    end_phases_until(win, "combat")


def test_log_lists_events_and_clicking_shows_the_past(make_client):
    win = make_client()
    _play_a_little(win)
    g = win.controller.game
    n = len(g.events)
    item = win.log_panel.item_for_event(5)
    assert item is not None and item.data().strip().startswith("5")
    tree = win.log_panel.tree
    win.panels["log"].raise_()
    QApplication.processEvents()  # the raised dock is laid out before the click
    p = item.parent()
    while p.isValid():  # (a routine supply line sits in its phase's fold)
        tree.setExpanded(p, True)
        p = p.parent()
    tree.scrollTo(item)
    QTest.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=tree.visualRect(item).center())
    assert not win.controller.is_live()
    assert win.banner.isVisible() and "Viewing the past" in win.banner_label.text()
    assert win.controller.shown_state().state_hash() == g.state_at(5).state_hash()
    # the map shows that moment
    past = g.state_at(5)
    for u, h in list(past.pos.items())[:10]:
        assert u in [spec.id for spec, _, _ in win.scene.units_at(h)]
    # the map cannot be changed there
    before = g.state.state_hash()
    click_hex(win, next(iter(past.pos.values())))
    assert g.state.state_hash() == before and len(g.events) == n
    QTest.mouseClick(win.live_button, Qt.MouseButton.LeftButton)
    assert win.controller.is_live() and not win.banner.isVisible()


def test_replay_backwards_and_forwards_gives_the_engines_states(make_client, tmp_path):
    win = make_client()
    _play_a_little(win)
    p = win.files.save_to(tmp_path / "game.ddg")
    win2 = make_client()
    win2.files.open_path(p)
    g = win2.controller.game
    assert g.state.state_hash() == win.controller.game.state.state_hash()
    r = win2.replay
    n = len(g.events)
    r.to_start()
    assert win2.controller.shown_state().state_hash() == g.state_at(0).state_hash()
    for i in range(1, min(n, 40)):
        r.step_forward()
        assert win2.controller.shown_state().state_hash() == g.state_at(i).state_hash()
    r.go(n - 1)
    for i in range(n - 1, max(0, n - 60), -1):
        assert win2.controller.shown_state().state_hash() == g.state_at(i).state_hash()
        r.step_back()
    r.next_phase()
    assert g.events[r.index() - 1].kind == "phase_began"
    r.slider.setValue(n // 2)
    assert win2.controller.shown_state().state_hash() == g.state_at(n // 2).state_hash()
    r.to_end()
    assert win2.controller.is_live()


def test_replay_plays_with_a_timer(make_client, qtbot):
    win = make_client()
    _play_a_little(win)
    r = win.replay
    r.speed.setValue(200)
    r.toggle_play()
    qtbot.waitUntil(lambda: r.index() > 5, timeout=20000)  # generous: a loaded machine is slow
    r.stop()
    assert not r.timer.isActive()


def test_autosave_after_every_phase_and_recent_files(make_client, tmp_path):
    win = make_client()
    win.controller.end_phase()
    assert win.files.last_autosave is not None and win.files.last_autosave.exists()
    p = win.files.save_to(tmp_path / "a.ddg")
    assert not win.controller.dirty
    assert str(p.resolve()) in win.files.recent()


def test_unsaved_work_prompt(make_client, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    from darkdec_qt.ui.dialogs.fileops import FileOps

    win = make_client()
    win.controller.end_phase()
    assert win.controller.dirty
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Cancel)
    assert FileOps.confirm_discard(win.files) is False
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Discard)
    assert FileOps.confirm_discard(win.files) is True


def test_new_game_dialog_checks_choices(make_client, module):
    from darkdec_qt.ui.dialogs.newgame import NewGameDialog

    win = make_client()
    dlg = NewGameDialog(module, win)
    dlg.boxes["26.1"].setChecked(True)
    dlg.boxes["26.2"].setChecked(True)
    assert "26." in dlg.problem.text()
    dlg.boxes["26.2"].setChecked(False)
    assert dlg.problem.text() == ""
    assert win.start_new_game("herbstnebel", "7", ("14",), ())
    assert "14" in win.controller.state.optional


def test_new_game_dialog_chooses_the_german_set_up(make_client, module, qtbot):
    """6.2 historical by default (the 1st SS behind the Losheim gap, not on the north edge
    by Monschau where the engine's fill puts it), 6.1 by hand with the Down key; a scenario
    that starts later has a derived set-up and the choice is off."""
    from darkdec_qt.rules.scenarios.setup import HISTORICAL_SETUP_TURN
    from darkdec_qt.ui.dialogs.newgame import NewGameDialog

    win = make_client()
    dlg = NewGameDialog(module, win, "campaign")
    qtbot.addWidget(dlg)
    assert dlg.setup.isEnabled() and dlg.choices()["setup"] == "historical"
    assert win.start_new_game(**{**dlg.choices(), "seed": "5"})
    assert win.controller.state.pos["1/1SS"] == module.historical_positions(HISTORICAL_SETUP_TURN)["1/1SS"]
    dlg.setup.setFocus()
    QTest.keyClick(dlg.setup, Qt.Key.Key_Down)
    assert dlg.choices()["setup"] == "free"
    assert win.start_new_game(**dlg.choices())
    s = win.controller.state
    assert s.to_place and not s.started and "1/1SS" in s.to_place  # the set-up panel takes over
    dlg.scenario.setCurrentIndex(dlg.scenario.findData("turning_point"))
    assert not dlg.setup.isEnabled() and dlg.choices()["setup"] == "auto"


def test_hotseat_screen_covers_the_map_at_hand_over(make_client):
    win = make_client(hotseat=True)
    end_phases_until(win, "reaction")  # the Allies react in the German player turn
    assert win.handover.isVisible()
    assert "Allied player" in win.handover.title.text()
    QTest.mouseClick(win.handover.button, Qt.MouseButton.LeftButton)
    assert not win.handover.isVisible()


def test_clicking_a_log_entry_centres_the_map_where_it_happened(make_client):
    """As a VASSAL log entry does: the map centres on the event's hexes and outlines them;
    back to the live game, the outline goes."""
    win = make_client()
    _play_a_little(win)
    events = win.controller.game.events
    i = next(k for k, e in enumerate(events) if e.kind == "unit_moved")
    e = events[i]
    item = win.log_panel.item_for_event(i + 1)
    tree = win.log_panel.tree
    win.panels["log"].raise_()
    QApplication.processEvents()
    tree.scrollTo(item)
    win.view.center_on_hex(sorted(win.controller.module.hexes)[0])  # the map looks elsewhere
    QTest.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=tree.visualRect(item).center())
    assert win.controller.past == i + 1
    marked = win.event_marks.hexes()
    assert e.path[-1] in marked and e.path[0] in marked
    centre = win.view.mapToScene(win.view.viewport().rect().center())
    first = win.scene.hex_center(next(iter(marked)))
    assert (centre - first).manhattanLength() < 3 * win.scene.layout.size
    win.controller.show_live()
    assert win.event_marks.hexes() == {}

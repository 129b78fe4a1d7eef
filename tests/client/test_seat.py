"""What a side may see and do belongs to the seat, not to the phasing side (25.0).

Against the computer the human's side is seen, also during the computer's player turn: an
enemy stack shows only its top unit (25.0A), the order of battle hides where hidden units
are, and the CRT is the non-phasing player's (25.0C). When the human owes a decision in the
computer's turn (the defender's declaration, 13.3.3A) the game says so in the status bar,
raises the Battle dock and keeps the computer's controls (End phase, Battle mode, armour
superiority) disabled. In hot seat the defender's choice in the enemy's Combat Phase hands
the seat over, and back."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLabel

from darkdec_qt.ai.base import decider
from darkdec_qt.rules import engine
from darkdec_qt.rules.combat import commands as cc
from darkdec_qt.rules.combat import queries as bq
from darkdec_qt.rules.core.commands import EndPhase
from darkdec_qt.rules.fog import visible_units
from tests.client.battle_setup import find_battle
from tests.client.helpers import OWED, end_phase_settling, hover_hex, plain, press_keys
from tests.client.test_computer_opponent import wait_idle


def scripted_german(game, players, *, only=None, stop=None, on_command=None, **_kw):  # noqa: ANN001
    """A computer German player that plays the same way every time: it ends its phases (making
    the choices the rules owe), declares one battle in its Combat Phase, and returns whenever
    the Allies have the decision (as ``ai.match.play(only=...)`` does)."""
    while not game.state.game_over and decider(game.state) == "German":
        s = game.state
        p = bq.pending(s)
        owed = [c for c in engine.legal_commands(s) if c.kind in OWED]
        if p is not None:
            cmd = p.options[0]
        elif owed:
            cmd = owed[0]
        elif s.phase.value == "combat" and not any(e.kind == "battle_declared" for e in game.events):
            b = find_battle(s)
            cmd = cc.DeclareBattle(attackers=b.attackers, defenders=b.defenders)
        else:
            cmd = EndPhase()
        game.execute(cmd)
        if on_command is not None:
            on_command(game, cmd)


@pytest.fixture
def vs_computer(make_client, module, qtbot, monkeypatch):
    """Final Fury (fog of war on) against the computer as the Allies, at the moment the
    computer's battle waits for the human's declaration as defender."""
    from darkdec_qt.ui import aiplayer
    from darkdec_qt.ui.app import new_game

    monkeypatch.setattr(aiplayer, "play", scripted_german)
    win = make_client(new_game(module, "final_fury", "1"))
    assert aiplayer.start_vs_computer(win, {"scenario": "final_fury", "seed": "1", "optional": ("25",)},
                                      {"German": "easy"})
    wait_idle(win.computer)
    for _ in range(4):  # the human's Reaction Phase (7.1.4A) comes before the German Combat Phase
        if win.controller.state.phase.value == "combat":
            break
        QTest.mouseClick(win.phase_bar.next_button, Qt.MouseButton.LeftButton)
        wait_idle(win.computer)
    s = win.controller.state
    assert s.has_rule("25") and s.side == "German" and s.phase.value == "combat"
    assert bq.pending(s).what == "declare" and decider(s) == "Allied"
    qtbot.wait(100)
    return win


def test_fog_of_war_is_the_humans_during_the_computers_turn(vs_computer, qtbot):
    win = vs_computer
    s = win.controller.state
    hidden = {h: n for h, (_shown, n) in visible_units(s, "Allied").items() if n}
    h = sorted(hidden)[0]  # a German stack the Allies have not examined
    hover_hex(win, h)
    viewer = win.view.stack_viewer
    qtbot.waitUntil(lambda: viewer.isVisible() and viewer.hex_id == h, timeout=3000)
    assert len(viewer.units) == len(s.units_at(h)) - hidden[h]  # the top unit only (25.0A)
    seen = win.ob_panel._seen(s)  # the order of battle gives no hex for the units hidden beneath
    assert all(u not in seen for u in s.units_at(h) if u not in [spec.id for spec, _r, _t in viewer.units])
    win.panels["charts"].show()
    win.panels["charts"].raise_()
    assert not win.charts.crt_fog.isVisibleTo(win.charts)  # 25.0C: the non-phasing player holds the CRT


def test_the_game_says_what_the_human_owes_and_disables_the_computers_controls(vs_computer, qtbot):
    win = vs_computer
    c = win.controller
    panel = win.battle_panel
    assert panel.isVisible()  # the Battle dock is in front, not behind the log
    words = [plain(lb) if lb.textFormat() == Qt.TextFormat.RichText else lb.text()
             for lb in win.statusBar().findChildren(QLabel) if lb.isVisible()]
    assert any("Waiting for the Allied player (you)" in w and "declares" in w for w in words), words
    assert not win.phase_bar.next_button.isEnabled()
    assert not panel.mode_button.isEnabled() and not panel.armor.isEnabled()
    assert not win.actions_by_name["end_phase"].isEnabled()
    events, batches = len(c.game.events), len(c.game.batches)
    press_keys(win, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)  # Ctrl+E: the computer's End phase
    assert len(c.game.events) == events and "7.1.5.1F" not in win.message_label.text()
    QTest.mouseClick(win.phase_bar.next_button, Qt.MouseButton.LeftButton)
    assert len(c.game.events) == events
    assert panel.def_button.isEnabled()
    qtbot.mouseClick(panel.def_button, Qt.MouseButton.LeftButton)  # the human declares as defender
    assert c.game.batches[batches].command.kind == "defender_declares"
    wait_idle(win.computer)


def test_hot_seat_hands_the_seat_to_the_defender_and_back(make_client, module, qtbot):
    from darkdec_qt.ui.app import new_game
    from tests.client.battle_setup import to_combat

    win = make_client(new_game(module, "final_fury", "1"), hotseat=True)
    b = to_combat(win)
    if win.handover.isVisible():
        qtbot.mouseClick(win.handover.button, Qt.MouseButton.LeftButton)
    panel = win.battle_panel
    panel.select_attack(cc.DeclareBattle(attackers=b.attackers, defenders=b.defenders))
    qtbot.mouseClick(panel.declare_button, Qt.MouseButton.LeftButton)
    assert bq.pending(win.controller.state).what == "declare"
    assert win.handover.isVisible() and win.handover.side == "Allied"  # the defender takes the seat
    assert "The Allied player declares voluntary reductions" in win.handover.detail.text()  # and is told why
    assert win.controller.viewer() == "Allied"
    qtbot.mouseClick(win.handover.button, Qt.MouseButton.LeftButton)
    assert panel.isVisible() and not win.phase_bar.next_button.isEnabled()
    qtbot.mouseClick(panel.def_button, Qt.MouseButton.LeftButton)
    assert win.handover.isVisible() and win.handover.side == "German"  # and back to the attacker
    assert win.controller.viewer() == "German"


def test_new_game_against_the_computer_is_above_quit(make_client):
    win = make_client()
    names = [a.text() for a in win.menus["&File"].actions()]
    assert names.index("New game against the &computer…") < names.index(win.actions_by_name["quit"].text())


def test_a_game_against_the_computer_reopens_against_the_computer(vs_computer, qtbot, tmp_path):
    """Saved with Ctrl+S and opened again (File > Open recent, or ``darkdec open FILE``), a game
    against the computer is still one: the computer plays its side, the human keeps the seat
    (25.0: the human's side is seen), and no hand-over screen offers the computer's side to
    whoever sits at the screen."""
    import argparse

    from darkdec_qt.ui.app import build_client

    win = vs_computer
    path = tmp_path / "against-the-computer.ddg"
    win.controller.path = path
    press_keys(win, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)  # File > Save
    assert path.exists() and not win.controller.dirty

    def against_the_computer(w) -> None:  # noqa: ANN001
        assert w.computer.levels == {"German": "easy"} and set(w.computer.sides) == {"German"}
        assert w.controller.seat == "Allied" and w.controller.viewer() == "Allied"
        assert not w.hotseat and not w.actions_by_name["hotseat"].isChecked()
        assert not w.handover.isVisible()

    win.controller.take_seat(None)  # (as a hot-seat game would leave the window)
    win.computer.set_sides({})
    win.files.open_recent(str(path))  # what File > Open recent does
    qtbot.wait(50)
    against_the_computer(win)
    assert win.battle_panel.def_button.isEnabled()  # the human still owes the declaration as defender

    other = build_client(argparse.Namespace(game=str(path)), autosave_dir=tmp_path / "autosave")  # darkdec open FILE
    qtbot.addWidget(other)
    other.confirm_discard = lambda: True
    other.show()
    qtbot.waitExposed(other)
    against_the_computer(other)
    wait_idle(other.computer)


def test_a_file_names_no_computer_opponent_it_cannot_play(make_client):
    """The opponent value of a file is untrusted: only one side, a known level."""
    from darkdec_qt.ui.aiplayer import restore_opponent

    win = make_client()
    for bad in ({"German": "godlike"}, {"Soviet": "easy"}, {"German": "easy", "Allied": "easy"}, ["German"], "x",
                {"German": 3}):
        assert not restore_opponent(win, bad)
        assert win.computer.sides == {} and win.controller.seat is None


def test_the_map_shows_the_computers_battle_the_human_must_answer(make_client, module, qtbot, monkeypatch):
    """When the computer's battle waits for the human's declaration as defender, the map
    brings the battle into sight (it may be anywhere on the map), besides raising the dock."""
    from darkdec_qt.ui import aiplayer
    from darkdec_qt.ui.app import new_game

    monkeypatch.setattr(aiplayer, "play", scripted_german)
    win = make_client(new_game(module, "final_fury", "1"))
    assert aiplayer.start_vs_computer(win, {"scenario": "final_fury", "seed": "1", "optional": ("25",)},
                                      {"German": "easy"})
    wait_idle(win.computer)
    view = win.view
    for _ in range(4):
        if win.controller.state.phase.value == "combat":
            break
        view.center_on_hex(min(win.controller.module.hexes))  # the player looks at a far corner
        QTest.mouseClick(win.phase_bar.next_button, Qt.MouseButton.LeftButton)
        wait_idle(win.computer)
    s = win.controller.state
    assert bq.pending(s).what == "declare" and decider(s) == "Allied"
    shown = view.mapToScene(view.viewport().rect()).boundingRect()
    assert any(shown.contains(win.scene.hex_center(s.pos[u])) for u in s.battle.defenders)


def test_the_defender_sees_its_own_choices_not_the_attackers_controls(vs_computer, qtbot):
    """In the computer's battle the human's Battle dock holds the defender's declaration; the
    attacker's controls (Battle mode, Clear, integrity and armour for the attack, Declare
    battle) are not shown, so at 1,280 x 720 "Declare as defender" is in sight without
    scrolling the dock; in the human's own Combat Phase they are back."""
    win = vs_computer
    win.resize(1280, 720)
    win.resizeDocks([win.panels["battle"]], [300], Qt.Orientation.Horizontal)
    qtbot.wait(50)
    panel = win.battle_panel
    for w in (panel.mode_button, panel.clear_button, panel.integrity, panel.armor, panel.declare_button):
        assert not w.isVisible()
    viewport = win.panels["battle"].widget().viewport()
    button = panel.def_button
    assert viewport.rect().contains(button.mapTo(viewport, button.rect().bottomRight()))
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    wait_idle(win.computer)
    c = win.controller
    for _ in range(40):  # on to the Allied player turn, the human ending phases and answering battles
        s = c.state
        if s.side == "Allied" and s.phase.value == "combat":
            break
        p = bq.pending(s)
        if p is not None and p.side == "Allied":
            qtbot.mouseClick(panel.def_button if p.what == "declare" else panel.choose_button,
                             Qt.MouseButton.LeftButton)
        elif s.side == "Allied":
            end_phase_settling(win)  # (entering reinforcements and the like first)
        else:
            QTest.mouseClick(win.phase_bar.next_button, Qt.MouseButton.LeftButton)
        wait_idle(win.computer)
    assert c.state.side == "Allied" and c.state.phase.value == "combat"
    assert panel.mode_button.isVisible() and panel.declare_button.isVisible()


def test_the_waiting_line_is_read_whole_at_1280_pixels(vs_computer, qtbot, monkeypatch):
    """What the human owes is said in full in the status bar of a 1,280-pixel window: the
    message line, empty when no message is shown, gives its room to the waiting line instead
    of the owed decision being cut in the middle ("declares vo…al integrity")."""
    from darkdec_qt.ui import mainwindow

    monkeypatch.setattr(mainwindow, "MESSAGE_MS", 300)
    win = vs_computer
    win.resize(1280, 720)
    press_keys(win, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)  # a refusal shown for a while
    assert plain(win.message_label)
    qtbot.waitUntil(lambda: not plain(win.message_label), timeout=3000)
    qtbot.wait(50)
    line = win.waiting
    assert line.isVisible() and "declares voluntary reductions" in line.full
    assert plain(line) == line.full, plain(line)  # not elided


def test_the_hand_over_screen_clears_the_last_players_message(make_client, qtbot):
    """The status bar's last message belongs to the player who hands over ("Selected
    60/116Pz: 35 legal destinations" names a unit the other side may not see under fog of
    war, 25.0A): it is cleared when the hand-over screen comes up."""
    from tests.client.helpers import click_hex, end_phases_until

    win = make_client(hotseat=True)
    if win.handover.isVisible():
        qtbot.mouseClick(win.handover.button, Qt.MouseButton.LeftButton)
    end_phases_until(win, "movement")
    if win.handover.isVisible():
        qtbot.mouseClick(win.handover.button, Qt.MouseButton.LeftButton)
    s = win.controller.state
    u = next(u for u, h in sorted(s.pos.items()) if s.side_of(u) == "German" and not s.spec(u).is_leader)
    click_hex(win, s.pos[u])
    assert plain(win.message_label).startswith("Selected ")
    press_keys(win, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)  # End Movement Phase: the Allies react
    assert win.handover.isVisible() and win.handover.side == "Allied"
    assert plain(win.message_label) == "" and win.message_label.toolTip() == ""

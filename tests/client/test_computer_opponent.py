"""The computer opponent in the client: it thinks in a worker thread while the
window keeps processing events, shows a progress bar and a Stop button, and its commands
reach the live game through the controller (the engine)."""

from __future__ import annotations

import time

import pytest
from PySide6.QtCore import QEventLoop, Qt, QTimer
from PySide6.QtTest import QTest

from darkdec_qt.ai.base import decider
from darkdec_qt.ui.aiplayer import VsComputerDialog, start_vs_computer


def wait_idle(opp, ms: int = 300_000) -> None:
    """Run a real event loop (as the client's does) until the computer stops thinking;
    qtbot.waitUntil's polling would not let the worker thread share the interpreter."""
    if not opp.thinking:
        return
    loop = QEventLoop()
    opp.thinkingChanged.connect(lambda on: on or loop.quit())
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


@pytest.fixture(autouse=True)
def deliberate_computer(monkeypatch):
    """The computer pauses 20 ms after each decision (time.sleep releases the GIL): on an
    idle machine a whole German turn can take 0.2 s, too short to see the window work
    while it thinks or to press Stop in time. What is tested is the threading, not speed."""
    from darkdec_qt.ui import aiplayer

    real_play = aiplayer.play

    def slow_play(*args, on_command=None, **kw):
        def each(g, cmd):
            time.sleep(0.02)
            if on_command is not None:
                on_command(g, cmd)

        return real_play(*args, on_command=each, **kw)

    monkeypatch.setattr(aiplayer, "play", slow_play)


def test_window_processes_events_while_the_computer_thinks(make_client, qtbot):
    win = make_client()
    opp = win.computer
    start_vs_computer(win, {"scenario": "herbstnebel", "seed": "5"}, {})
    qtbot.wait(500)  # the new game's map is painted before the computer starts
    ticks = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append((opp.thinking, opp.bar.value())))
    timer.start(10)
    opp.set_sides({"German": "normal"}, "5")
    assert opp.thinking and opp.box.isVisible() and opp.stop_button.isVisible()
    wait_idle(opp)
    timer.stop()
    during = [v for thinking, v in ticks if thinking]
    assert len(during) >= 3  # the event loop ran (timer slots) while the worker thought
    assert max(during) > 0  # and delivered the worker's progress to the bar
    s = win.controller.state
    # the German movement is done; the Allied (human) reaction phase (7.1.4A) waits for the human
    assert decider(s) == "Allied" and s.turn == 1 and s.phase.value == "reaction"
    kinds = {b.command.kind for b in win.controller.game.batches}
    assert {"start_game", "move", "note"} <= kinds
    assert win.controller.end_phase()  # the human ends the reaction phase: the computer attacks
    assert opp.thinking
    wait_idle(opp)
    assert "declare_battle" in {b.command.kind for b in win.controller.game.batches}
    assert not opp.box.isVisible() and win.hotseat is False
    notes = [e for e in win.controller.game.events if e.kind == "note_made"]
    assert notes and notes[0].side == "German"


def test_stop_button_stops_the_computer_and_pauses_it(make_client, qtbot):
    win = make_client()
    opp = win.computer
    start_vs_computer(win, {"scenario": "campaign", "seed": "2"}, {})
    qtbot.wait(300)
    opp.set_sides({"German": "normal"}, "2")
    assert opp.thinking
    clicked = []

    def click_stop(value: int, text: str) -> None:  # as soon as the bar first moves
        if not clicked:
            clicked.append(text)
            QTest.mouseClick(opp.stop_button, Qt.MouseButton.LeftButton)

    opp.worker.progress.connect(click_stop)
    wait_idle(opp)
    assert clicked
    assert opp.last_stopped and opp.paused
    s = win.controller.state
    assert decider(s) == "German" and s.side == "German" and s.turn == 1  # it stopped within its turn
    n = len(win.controller.game.batches)
    qtbot.wait(50)
    assert len(win.controller.game.batches) == n and not opp.thinking  # paused: no new thinking
    win.actions_by_name["computer_move"].trigger()  # Game > Computer: move now
    assert opp.thinking
    opp.stop()
    wait_idle(opp)


def test_new_game_against_the_computer_dialog_offers_side_and_level(make_client, qtbot):
    win = make_client()
    dlg = VsComputerDialog(win.controller.module, win)
    qtbot.addWidget(dlg)
    dlg.side.setCurrentText("Allied")
    dlg.level.setCurrentText("easy")
    assert dlg.opponent() == {"German": "easy"}
    dlg.side.setCurrentText("German")
    assert dlg.opponent() == {"Allied": "easy"}
    assert "new_vs_computer" in win.actions_by_name

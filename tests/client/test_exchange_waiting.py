"""The waiting time of a game by file exchange in the client's yellow line: who waits for whom, for
how long and since which file, on a line of its own that is shown whole, for the player waited for
and for the player who waits; and a file already taken (after the program was closed) opens the
game as it stands instead of being refused."""

from __future__ import annotations

import time

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QFileDialog, QLabel, QMessageBox

from darkdec_qt.exchangestore import PlayerHome


def _when(t: float) -> str:
    return time.strftime("%d %b %H:%M", time.localtime(t))


def _shown_whole(label: QLabel) -> bool:
    """Visible, plain text, wrapped rather than cut: as tall as its text needs at its width."""
    return (label.isVisible() and label.textFormat() == Qt.TextFormat.PlainText and label.wordWrap()
            and label.height() >= label.heightForWidth(label.width()))


def _open(win, qtbot, monkeypatch, path) -> None:  # noqa: ANN001
    """File ▸ Open opponent's file…, choosing ``path`` in the file dialog."""
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(path), ""))
    win.actions_by_name["exchange_open"].trigger()
    x = win.exchange
    qtbot.waitUntil(lambda: x.session is not None and win.controller.is_live(), timeout=60_000)


def _waiting_line(win, qtbot, monkeypatch, at: float) -> str:  # noqa: ANN001
    """The yellow line's waiting time when the clock says ``at`` (the line is refreshed by its clock)."""
    x = win.exchange
    monkeypatch.setattr(x, "now", lambda: at)
    x.clock.setInterval(20)
    qtbot.wait(150)  # a few ticks of the clock, with the new time
    assert _shown_whole(x.status)
    first, second = x.status.text().split("\n")
    assert "you play" in first and "waited" not in first
    return second


@pytest.fixture
def homes(tmp_path):
    return PlayerHome(tmp_path / "german-home"), PlayerHome(tmp_path / "allied-home")


def test_each_seat_reads_who_waits_for_whom_how_long_and_since_which_file(make_client, homes, qtbot, tmp_path,
                                                                          monkeypatch):
    german, allied = homes
    invitation = german.new_game("German", "herbstnebel").send(tmp_path / "to-allied")
    win = make_client()
    win.resize(1280, 720)
    win.exchange.home = allied
    _open(win, qtbot, monkeypatch, invitation)
    x = win.exchange
    since = x.session.xg.bodies[-1]["time"]
    # the Allied player is waited for: the German invitation's time
    assert _waiting_line(win, qtbot, monkeypatch, since + 7500) == (
        f"The German player has waited 2 h 05 min for you, since their file of {_when(since)}")
    # File ▸ Send to opponent…: the optional message answered with a click, the folder chosen
    out = tmp_path / "to-german"
    out.mkdir()
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *a, **k: str(out))
    monkeypatch.setattr(type(x), "mail", lambda self, path: "none")

    def answer() -> None:
        dlg = getattr(x, "send_box", None)
        if dlg is None or not dlg.isVisible():
            QTimer.singleShot(20, answer)
            return
        qtbot.mouseClick(dlg.send_button, Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, answer)
    win.actions_by_name["exchange_send"].trigger()
    sent = next(out.glob("*.ddx"))
    mine = x.session.xg.bodies[-1]["time"]
    # now the Allied player waits, since the file just sent
    assert _waiting_line(win, qtbot, monkeypatch, mine + 3 * 86400 + 7200) == (
        f"You have waited 3 days 2 h for the German player, since your file of {_when(mine)}")
    # the German player, in a client of their own, opens that file: they are waited for
    gwin = make_client()
    gwin.resize(1280, 720)
    gwin.exchange.home = german
    _open(gwin, qtbot, monkeypatch, sent)
    assert _waiting_line(gwin, qtbot, monkeypatch, mine + 45 * 60) == (
        f"The Allied player has waited 45 min for you, since their file of {_when(mine)}")


def test_a_file_already_taken_opens_the_game_as_it_stands(make_client, homes, qtbot, tmp_path, monkeypatch):
    german, allied = homes
    invitation = german.new_game("German", "herbstnebel").send(tmp_path / "to-allied")
    s = allied.open_file(invitation).session  # taken on the command line, or before the program was closed
    sent = s.send(tmp_path / "to-german")
    monkeypatch.setattr(QMessageBox, "warning", lambda *a: pytest.fail(f"refused: {a[2]}"))
    for path, said in ((invitation, "Nothing new in that file"), (sent, "That is your own file")):
        win = make_client()
        win.resize(1280, 720)
        win.exchange.home = allied
        _open(win, qtbot, monkeypatch, path)
        x = win.exchange
        assert x.session.game_id == s.game_id and len(x.session.xg.segments) == 2
        assert win.message_label.full.startswith(said) and path.name in win.message_label.toolTip()
        assert "waiting for the German player" in x.status.text()
        assert _waiting_line(win, qtbot, monkeypatch, s.xg.bodies[-1]["time"] + 90) == (
            f"You have waited 1 min for the German player, since your file of {_when(s.xg.bodies[-1]['time'])}")

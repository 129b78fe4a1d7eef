"""Player notes travel in exchange files: a note the local player writes in the client goes in
the next file sent and is in the opponent's log; a message given when sending (the Send
dialog's field, ``darkdec exchange send --note``) becomes a note of the sender, shown to the
opponent when they open the file. A note may be written whoever decides (it changes
nothing) but never in the other player's name."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from darkdec_qt.exchangestore import PlayerHome
from darkdec_qt.game.exchange import ExchangeError
from darkdec_qt.game.exchange.scripted import play_until_send
from darkdec_qt.model.exchangefile import ExchangeFile, read_exchange, write_exchange
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.notes import Note
from tests.exchange.test_client_exchange import answer_send_dialog, client  # noqa: F401  (the fixture)


def _notes(game, side: str) -> list[str]:
    return [e.text for e in game.events if e.kind == "note_made" and e.side == side]


def test_a_note_from_the_log_field_travels_in_the_next_file(client, qtbot, tmp_path):  # noqa: F811
    win, x = client, client.exchange
    german = PlayerHome(tmp_path / "german-home")
    s = german.new_game("German", "herbstnebel")
    assert x.open_file(s.send(tmp_path / "to-allied"))
    qtbot.waitUntil(win.controller.is_live, timeout=60_000)
    field = win.log_panel.note
    QTest.mouseClick(field, Qt.MouseButton.LeftButton)
    QTest.keyClicks(field, "Good luck, Sepp")
    QTest.keyClick(field, Qt.Key.Key_Return)
    assert field.text() == "", win.controller.last_refusal
    f1 = x.send(tmp_path / "to-german")
    r = german.open_file(f1)
    assert _notes(r.session.xg.game, "Allied") == ["Good luck, Sepp"]


def test_a_message_given_in_the_send_dialog_is_shown_to_the_opponent(client, qtbot, tmp_path, monkeypatch):  # noqa: F811
    win, x = client, client.exchange
    german = PlayerHome(tmp_path / "german-home")
    s = german.new_game("German", "herbstnebel")
    assert x.open_file(s.send(tmp_path / "to-allied"))
    out = tmp_path / "to-german"
    out.mkdir()
    monkeypatch.setattr("darkdec_qt.ui.exchange.actions.QFileDialog.getExistingDirectory", lambda *a: str(out))
    monkeypatch.setattr(type(x), "mail", lambda self, path: "none")

    answer_send_dialog(x, qtbot, "Your move: mind the Our")
    x.send_dialog()
    f1 = next(out.glob("*.ddx"))
    g = german.open_file(f1).session
    assert [n.endswith("mind the Our") for n in _notes(g.xg.game, "Allied")] == [True]
    # the German player answers with a message (darkdec exchange send --note does the same)
    play_until_send(g.xg, random.Random(4))
    f2 = g.send(tmp_path / "to-allied", note="Thank you. \u202eThe Our is mine")
    assert x.open_file(f2)
    box = x.notes_box
    assert box is not None and box.isVisible() and "German player" in box.windowTitle()
    assert "The Our is mine" in box.text() and "\u202e" not in box.text()
    box.close()
    qtbot.waitUntil(win.controller.is_live, timeout=60_000)
    assert any("German note: Thank you." in ch.text for top in win.log_panel.model.root.children
               for ch in [top, *top.children])


def test_a_note_in_the_other_players_name_is_refused(tmp_path):
    german, allied = PlayerHome(tmp_path / "g"), PlayerHome(tmp_path / "a")
    s = german.new_game("German", "herbstnebel")
    a = allied.open_file(s.send(tmp_path / "to-a")).session
    with pytest.raises(IllegalAction, match="written by you"):
        a.play(Note(side="German", text="I resign"))
    with pytest.raises(IllegalAction):
        a.send(tmp_path / "to-g", note="x" * 401)  # the engine's bound (400)
    # a file whose segment carries a note in the other player's name is refused when opened
    a.play(Note(side="Allied", text="hello"))
    f = read_exchange(a.send(tmp_path / "to-g"))
    seq, body, sig = f.rows[-1]
    forged = tmp_path / "forged.ddx"
    write_exchange(ExchangeFile(f.meta, f.rows[:-1] + [(seq, body.replace('"side":"Allied","text":"hello"',
                                                                          '"side":"German","text":"hello"'), sig)]),
                   forged)
    with pytest.raises(ExchangeError):
        german.open_file(forged)


def test_darkdec_exchange_send_note(tmp_path, capsys):
    from darkdec_qt.cli import main

    g, a = str(tmp_path / "g"), str(tmp_path / "a")
    assert main(["exchange", "--home", g, "new", "--side", "German", "--out", str(tmp_path / "to_a")]) == 0
    assert main(["exchange", "--home", a, "open", str(next((tmp_path / "to_a").glob("*.ddx")))]) == 0
    capsys.readouterr()
    gid = PlayerHome(a).games()[0][:8]
    assert main(["exchange", "--home", a, "send", gid, "--out", str(tmp_path / "to_g"),
                 "--note", "see you at \x1b]0;Bastogne"]) == 0
    capsys.readouterr()
    assert main(["exchange", "--home", g, "open", str(next((tmp_path / "to_g").glob("*.ddx")))]) == 0
    out = capsys.readouterr().out
    assert "Allied note: see you at" in out and "Bastogne" in out and "\x1b" not in out

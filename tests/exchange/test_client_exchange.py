"""File exchange in the client: open an opponent's file (verified, played back, landing on the
player's decision), act with the mouse, send; a refused file leaves the game as it was."""

from __future__ import annotations

import json
import random
import shutil

import pytest
from PySide6.QtCore import QSettings, Qt

from darkdec_qt.exchangestore import PlayerHome
from darkdec_qt.game.exchange.scripted import play_until_send
from darkdec_qt.model.exchangefile import ExchangeFile, read_exchange, write_exchange


@pytest.fixture
def client(qtbot, tmp_path, module):  # noqa: ANN001
    from darkdec_qt.model.load import DEFAULT_MODULE
    from darkdec_qt.ui.app import new_game
    from darkdec_qt.ui.client import Client
    from darkdec_qt.ui.controller import GameController

    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    win = Client(GameController(new_game(module, "herbstnebel", "1"), DEFAULT_MODULE), settings=settings,
                 autosave_dir=tmp_path / "autosave", hotseat=False)
    win.exchange.home = PlayerHome(tmp_path / "allied-home")
    win.confirm_discard = lambda: True
    win.files.confirm_discard = lambda: True
    qtbot.addWidget(win)
    win.resize(1400, 900)
    win.show()
    qtbot.waitExposed(win)
    return win


def test_open_an_opponents_file_play_it_back_act_and_send(client, qtbot, tmp_path, monkeypatch):
    win, x = client, client.exchange
    assert {"exchange_new", "exchange_send", "exchange_open"} <= set(win.actions_by_name)
    german = PlayerHome(tmp_path / "german-home")
    s = german.new_game("German", "herbstnebel")
    # the Allied player opens the invitation in the client
    assert x.open_file(s.send(tmp_path / "to-allied"))
    assert "send the file to the German player: it binds your key and commits your first secret" in x.status.text()
    assert "they must decide (start the game)" in x.status.text()
    f1 = x.send(tmp_path / "to-german")
    assert f1 is not None and f1.name.endswith("-Allied-0001.ddx")
    # the German player (a script) answers with its first moves
    g = german.open_file(f1).session
    play_until_send(g.xg, random.Random(4))
    f2 = g.send(tmp_path / "to-allied")
    assert x.open_file(f2)
    # the German moves are played back one event at a time, then the client lands on the live game
    assert not win.controller.is_live()
    seen = []
    win.controller.shownChanged.connect(lambda: seen.append(win.controller.past))
    qtbot.waitUntil(win.controller.is_live, timeout=60_000)
    assert len([p for p in seen if p is not None]) > 3
    assert win.controller.state.state_hash() == g.xg.game.state.state_hash()
    # the Allied Reaction Phase had nothing to move, so the German program ended it (a forced step) and
    # the German attack in the Combat Phase is the Allied player's to answer
    assert "you play Allied: your move (Allied): defender's declaration" in x.status.text()
    assert any(b["by"] == "forced" and b["command"]["kind"] == "end_phase"
               for b in json.loads(read_exchange(f2).rows[-1][1])["batches"])
    # the Allied player declares as defender with the battle panel's button
    qtbot.mouseClick(win.battle_panel.def_button, Qt.MouseButton.LeftButton)
    assert "send the file to the German player" in x.status.text()
    f3 = x.send(tmp_path / "to-german")
    assert f3 is not None
    r = german.open_file(f3)
    assert r.new_segments == [3]
    # a tampered file is refused with the reason and the game is unchanged
    warned = []
    monkeypatch.setattr("darkdec_qt.ui.exchange.actions.QMessageBox.warning", lambda *a: warned.append(a[2]))
    play_until_send(r.session.xg, random.Random(5))
    f4 = r.session.send(tmp_path / "to-allied")
    f = read_exchange(f4)
    seq, body, sig = f.rows[-1]
    bad = tmp_path / "bad.ddx"
    write_exchange(ExchangeFile(f.meta, f.rows[:-1] + [(seq, body.replace('"German"', '"Allied"', 1), sig)]), bad)
    before = win.controller.state.state_hash()
    assert not x.open_file(bad)
    assert warned and "segment 4" in warned[0] and "Your game is unchanged" in warned[0]
    assert win.controller.state.state_hash() == before
    assert x.open_file(f4)


def test_a_new_game_by_file_exchange_from_the_client(client, tmp_path):
    x = client.exchange
    path = x.new_game("Allied", "herbstnebel", ("no_reaction",), out_dir=tmp_path / "out")
    assert path.exists() and path.name.startswith("herbstnebel-") and "-Allied-0000" in path.name
    assert "waiting for the German player: start the game" in x.status.text()
    # the German player accepts by script: the Allied home shows it is bound
    g = PlayerHome(tmp_path / "g").open_file(path)
    assert g.session.me.side == "German" and g.session.xg.orders["Allied"] == {"no_reaction": True}
    shutil.rmtree(tmp_path / "out")


def test_the_new_game_dialog_offers_side_scenario_options_and_standing_orders(client, qtbot):
    from darkdec_qt.ui.exchange.actions import NewExchangeDialog

    dlg = NewExchangeDialog(client.controller.module, client)
    qtbot.addWidget(dlg)
    dlg.side.setCurrentText("Allied")
    dlg.scenario.setCurrentIndex(dlg.scenario.findData("herbstnebel"))
    qtbot.mouseClick(dlg.orders["prefer_retreat"], Qt.MouseButton.LeftButton, pos=dlg.orders["prefer_retreat"].rect().center())
    c = dlg.choices()
    assert c["side"] == "Allied" and c["scenario"] == "herbstnebel" and c["orders"] == ("prefer_retreat",)
    assert "optional" in c and "variants" in c and not hasattr(dlg, "seed")  # no dice seed anywhere


def test_the_defenders_advance_orders_exclude_each_other_in_the_dialog(client, qtbot):
    from darkdec_qt.ui.exchange.actions import NewExchangeDialog

    dlg = NewExchangeDialog(client.controller.module, client)
    qtbot.addWidget(dlg)
    for name in ("defender_advance", "defender_no_advance"):  # the second click unticks the first
        cb = dlg.orders[name]
        qtbot.mouseClick(cb, Qt.MouseButton.LeftButton, pos=cb.rect().center())
    assert dlg.choices()["orders"] == ("defender_no_advance",)


def test_a_shared_folder_is_watched_and_answers_go_into_it(client, qtbot, tmp_path, monkeypatch):
    from darkdec_qt.exchangewatch import SharedFolder

    win, x = client, client.exchange
    shared = tmp_path / "shared"
    shared.mkdir()
    german = PlayerHome(tmp_path / "german-home")
    theirs = SharedFolder(german, shared)
    g = german.new_game("German", "herbstnebel")
    theirs.send(g)
    monkeypatch.setattr("darkdec_qt.ui.exchange.actions.QFileDialog.getExistingDirectory", lambda *a: str(shared))
    x.watcher.setInterval(50)
    win.actions_by_name["exchange_watch"].trigger()
    qtbot.waitUntil(lambda: x.session is not None, timeout=20_000)  # read and verified in a worker
    assert "send the file to the German player" in x.status.text()
    # Send to opponent writes into the shared folder, with no folder to choose and no mail (only the
    # optional message to the opponent is asked)
    monkeypatch.setattr(x, "mail", lambda p: pytest.fail("no mail for a shared folder"))
    answer_send_dialog(x, qtbot)
    win.actions_by_name["exchange_send"].trigger()
    got = theirs.poll().opened
    assert len(got) == 1 and got[0][1].session.xg.can_play()
    play_until_send(got[0][1].session.xg, random.Random(4))
    theirs.send(got[0][1].session)
    # the client picks the German answer up by itself
    qtbot.waitUntil(lambda: len(x.session.xg.segments) == 3, timeout=20_000)
    qtbot.waitUntil(win.controller.is_live, timeout=60_000)  # after the German moves are played back
    assert "you play Allied" in x.status.text() and "waiting for the German" not in x.status.text()


def answer_send_dialog(x, qtbot, text: str = "") -> None:  # noqa: ANN001
    """Answer the Send dialog (its optional message to the opponent) once it is shown: type ``text``, click Send."""
    from PySide6.QtCore import QTimer
    from PySide6.QtTest import QTest

    def answer() -> None:
        dlg = getattr(x, "send_box", None)
        if dlg is None or not dlg.isVisible():
            QTimer.singleShot(20, answer)
            return
        QTest.keyClicks(dlg.message, text)
        qtbot.mouseClick(dlg.send_button, Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, answer)


def test_send_to_opponent_opens_a_mail_with_the_game_and_turn(client, qtbot, tmp_path, monkeypatch):
    win, x = client, client.exchange
    german = PlayerHome(tmp_path / "german-home")
    assert x.open_file(german.new_game("German", "herbstnebel").send(tmp_path / "in"))
    x.session.set_opponent_email("german@example.org")
    opened = []
    monkeypatch.setattr("darkdec_qt.ui.exchange.actions.mail_command", lambda *a: None)
    monkeypatch.setattr("darkdec_qt.ui.exchange.actions.QDesktopServices.openUrl", lambda u: opened.append(u))
    monkeypatch.setattr("darkdec_qt.ui.exchange.actions.QFileDialog.getExistingDirectory",
                        lambda *a: str(tmp_path / "out"))
    (tmp_path / "out").mkdir()
    answer_send_dialog(x, qtbot)
    win.actions_by_name["exchange_send"].trigger()
    mailto = opened[0].toString()
    assert mailto.startswith("mailto:german@example.org?subject=Dark") and "herbstnebel" in mailto
    assert opened[1].toLocalFile() == str(tmp_path / "out")
    argv = __import__("darkdec_qt.ui.exchange.actions", fromlist=["x"]).mail_command(tmp_path / "f.ddx", "S", "a@b")
    assert argv is None or argv[-3:] == ["--attach", str(tmp_path / "f.ddx"), "a@b"]


def test_opening_a_file_runs_off_the_interface_thread_and_can_be_cancelled(client, qtbot, tmp_path, monkeypatch):
    import threading
    import time

    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QPushButton

    from darkdec_qt.game.exchange import ExchangeGame

    from .helpers import Duel

    win, x = client, client.exchange
    duel = Duel(tmp_path / "duel", seed=3)
    for _ in range(6):
        duel.step()
    whole = duel.session(duel.receiver if duel.receiver == "German" else "German").send(tmp_path / "full", full=True)
    threads, accept = set(), ExchangeGame._accept

    def slow(self, signed):  # noqa: ANN001
        threads.add(threading.current_thread().name)
        time.sleep(0.15)
        return accept(self, signed)

    monkeypatch.setattr(ExchangeGame, "_accept", slow)
    clicked = []

    def press_cancel():
        if x.progress is None or not x.progress.isVisible() or not threads:
            QTimer.singleShot(50, press_cancel)
            return
        clicked.append(x.progress.value())
        qtbot.mouseClick(x.progress.findChild(QPushButton), Qt.MouseButton.LeftButton)

    said = []
    monkeypatch.setattr(win, "show_message", lambda text, *a: said.append(text))
    QTimer.singleShot(100, press_cancel)
    assert not x.open_file(whole)
    assert clicked and threads == {"darkdec-open-exchange"}
    assert x.home.games() == []  # nothing kept of a cancelled file
    assert any("was cancelled; your game is unchanged" in m for m in said)


def test_a_watched_folder_is_read_off_the_interface_thread_and_can_be_cancelled(client, qtbot, tmp_path,
                                                                                monkeypatch):
    import threading
    import time

    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QPushButton

    from darkdec_qt.game.exchange import ExchangeGame

    from .helpers import Duel

    win, x = client, client.exchange
    duel = Duel(tmp_path / "duel", seed=3)
    for _ in range(6):
        duel.step()
    shared = tmp_path / "shared"
    whole = duel.session("German").send(shared, full=True)
    threads, accept = set(), ExchangeGame._accept

    def slow(self, signed):  # noqa: ANN001
        threads.add(threading.current_thread().name)
        time.sleep(0.15)
        return accept(self, signed)

    monkeypatch.setattr(ExchangeGame, "_accept", slow)
    monkeypatch.setattr("darkdec_qt.ui.exchange.actions.QFileDialog.getExistingDirectory", lambda *a: str(shared))
    drawn = []

    def press_cancel():
        if x.progress is None or not x.progress.isVisible() or not threads:
            QTimer.singleShot(50, press_cancel)
            return
        win.repaint()  # the window still draws while the folder is read
        drawn.append(x.progress.labelText())
        qtbot.mouseClick(x.progress.findChild(QPushButton), Qt.MouseButton.LeftButton)

    said = []
    monkeypatch.setattr(win, "show_message", lambda text, *a: said.append(text))
    QTimer.singleShot(100, press_cancel)
    win.actions_by_name["exchange_watch"].trigger()
    assert x._polling  # the look at the folder goes on in a worker; the interface thread is free
    qtbot.waitUntil(lambda: not x._polling, timeout=60_000)
    assert threads == {"darkdec-watch-folder"}  # every file read and verified in the worker
    assert drawn and "Verifying new files in shared" in drawn[0]
    assert x.home.games() == []  # nothing kept of a cancelled file
    assert any(f"opening {whole.name} was cancelled; your game is unchanged" in m for m in said)
    threads.clear()
    x.poll_folder()  # the cancelled file is passed over until it changes
    qtbot.waitUntil(lambda: not x._polling, timeout=20_000)
    assert not threads and x.home.games() == []

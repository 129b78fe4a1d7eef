"""The module a game is played on is shown: a game on a module that is not the bundled one
(every CRT result D7, the bundled module's name, its hash re-sealed) verifies, but every
entry point says so (name, version, hash) and ``darkdec module diff`` shows what differs,
table by table; an exchange invitation on such a module is shown, compared and must be
accepted explicitly (``--accept-module HASH``; Accept/Refuse in the client)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from darkdec_qt import gamestore
from darkdec_qt.exchangestore import ModuleNotAccepted, PlayerHome
from darkdec_qt.model.database import read_database, write_database
from darkdec_qt.model.load import DEFAULT_MODULE, load_module
from tests.files.helpers import run


@pytest.fixture(scope="module")
def doctored(tmp_path_factory):
    """The bundled module with every CRT result D7 (the defender always eliminated), its name
    kept and its content hash recomputed: a module that passes every integrity check."""
    rows = read_database(DEFAULT_MODULE)
    for r in rows["crt"]:
        r["result"] = "D7"
    p = tmp_path_factory.mktemp("mod") / "doctored.sqlite"
    digest = write_database(rows, p)
    return p, digest


@pytest.fixture
def doctored_game(doctored, tmp_path):
    from darkdec_qt.game.selfplay import selfplay

    path, _ = doctored
    game = selfplay(load_module(path), "herbstnebel", "1", 1)
    p = tmp_path / "d7.ddg"
    gamestore.save(game, p, path)
    return p


def test_a_game_on_another_module_says_so_at_every_entry_point(doctored, doctored_game, capsys):
    _, digest = doctored
    for args in (("log",), ("status",), ("replay", "--verify")):
        code, out, err = run(capsys, *args, str(doctored_game))
        assert code == 0, err
        note = next(ln for ln in out.splitlines() if ln.startswith("note: this game was played on the module"))
        assert "'Dark December (reconstructed)' version 1" in note and digest[:16] in note
        assert "not on the bundled module" in note and f"darkdec module diff {doctored_game}" in note


def test_a_game_on_the_bundled_module_says_nothing(saved_game, capsys):
    code, out, _ = run(capsys, "status", str(saved_game))
    assert code == 0 and "module" not in out


def test_module_diff_shows_the_crt_cells_that_differ(doctored, doctored_game, capsys):
    path, _ = doctored
    code, out, _ = run(capsys, "module", "diff", str(doctored_game))
    assert code == 1
    assert "= the bundled module" in out.splitlines()[0]
    assert "CRT cells (crt): 151 changed" in out and "-> 'D7'" in out and "... and" in out
    assert "TEC" not in out and "unit values" not in out  # only what differs
    code, out, _ = run(capsys, "module", "diff", str(path), str(path))
    assert code == 0 and "no table differs" in out
    code, out, _ = run(capsys, "module", "diff", str(DEFAULT_MODULE), str(path), "--all")
    assert code == 1 and "... and" not in out and out.count("changed row") == 151


def test_the_client_title_and_about_name_another_module(qtbot, doctored, doctored_game, tmp_path):
    from darkdec_qt.ui.client import Client
    from darkdec_qt.ui.controller import GameController
    from darkdec_qt.ui.help.menu import about_text

    _, digest = doctored
    opened = gamestore.open_verified(doctored_game)
    win = Client(GameController(opened.game, opened.module_path, doctored_game),
                 settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat),
                 autosave_dir=tmp_path / "autosave", hotseat=False)
    qtbot.addWidget(win)
    assert f"module 'Dark December (reconstructed)' {digest[:12]}, not the bundled one" in win.windowTitle()
    assert "not on the bundled module" in about_text(win.controller.module, win.controller.game)


def _invitation(doctored, tmp_path):
    path, _ = doctored
    creator = PlayerHome(tmp_path / "german-home")
    s = creator.new_game("German", "herbstnebel", module_path=path)
    return s.send(tmp_path / "out")


def test_joining_a_game_on_another_module_needs_its_hash(doctored, tmp_path, capsys):
    _, digest = doctored
    f = _invitation(doctored, tmp_path)
    home = tmp_path / "allied-home"
    code, out, err = run(capsys, "exchange", "--home", str(home), "open", str(f))
    assert code == 2, out
    assert f"'Dark December (reconstructed)' version 1, hash {digest}, not your bundled module" in err
    assert "CRT cells: 151 changed" in err and "CRT cells (crt): 151 changed" in err
    assert f"--accept-module {digest}" in err
    assert not (home / "games").exists() or not list((home / "games").iterdir())  # nothing kept
    code, _, err = run(capsys, "exchange", "--home", str(home), "open", str(f), "--accept-module", "0" * 64)
    assert code == 2 and "not your bundled module" in err
    code, out, err = run(capsys, "exchange", "--home", str(home), "open", str(f), "--accept-module", digest)
    assert code == 0, err
    assert "not your bundled module; you accepted it" in out


def test_joining_on_the_bundled_module_says_it_is_the_bundled_one(tmp_path, capsys):
    s = PlayerHome(tmp_path / "g").new_game("German", "herbstnebel")
    f = s.send(tmp_path / "out")
    code, out, err = run(capsys, "exchange", "--home", str(tmp_path / "a"), "open", str(f))
    assert code == 0 and ": your bundled module" in out, err


@pytest.mark.parametrize("button", ["Refuse", "Accept this module"])
def test_the_client_asks_to_accept_or_refuse_the_module(qtbot, doctored, tmp_path, module, button):
    from darkdec_qt.ui.client import Client
    from darkdec_qt.ui.controller import GameController, new_game

    f = _invitation(doctored, tmp_path)
    win = Client(GameController(new_game(module, "herbstnebel"), DEFAULT_MODULE),
                 settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat),
                 autosave_dir=tmp_path / "autosave", hotseat=False)
    qtbot.addWidget(win)
    win.exchange.home = PlayerHome(tmp_path / "allied-home")
    win.confirm_discard = win.files.confirm_discard = lambda: True
    seen = []

    def click() -> None:
        box = next((w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox) and w.isVisible()), None)
        if box is None:
            QTimer.singleShot(50, click)
            return
        seen.append((box.text() + box.informativeText(), box.detailedText()))
        target = next(b for b in box.buttons() if b.text() == button)
        qtbot.mouseClick(target, Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, click)
    ok = win.exchange.open_file(f)
    assert seen and "not your bundled one" in seen[0][0] and "CRT cells: 151 changed" in seen[0][0]
    assert doctored[1][:8] in seen[0][0] and "CRT cells (crt): 151 changed" in seen[0][1]
    games = win.exchange.home.games()
    if button == "Refuse":
        assert not ok and not games
    else:
        assert ok and len(games) == 1


def test_the_library_refuses_until_accepted(doctored, tmp_path):
    f = _invitation(doctored, tmp_path)
    home = PlayerHome(tmp_path / "allied-home")
    with pytest.raises(ModuleNotAccepted) as exc:
        home.open_file(f)
    assert exc.value.module_hash == doctored[1] and not home.games()
    assert home.open_file(f, accept_module=doctored[1][:16]).session.xg.module.meta.content_hash == doctored[1]

"""The command line and the client on a folder with spaces and non-ASCII letters, as a
player's documents folder on any system may be (Spiele/Ardennes 1944/Ünterlagen)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from darkdec_qt.model.load import DEFAULT_MODULE

from .helpers import run


@pytest.fixture
def folder(tmp_path) -> Path:
    d = tmp_path / "Spiele" / "Ardennes 1944" / "Ünterlagen"
    d.mkdir(parents=True)
    return d


def test_the_command_line_saves_verifies_and_draws_there(folder, capsys):
    game = folder / "Schlacht um Bastogne.ddg"
    code, _, err = run(capsys, "selfplay", "--scenario", "herbstnebel", "--turns", "1", "--out", str(game))
    assert code == 0 and err == "" and game.is_file()
    code, out, _ = run(capsys, "replay", str(game), "--verify")
    assert code == 0 and out.startswith("verified: ")
    code, out, _ = run(capsys, "status", str(game))
    assert code == 0 and "Herbstnebel" in out
    shot = folder / "Bild ä.png"
    assert run(capsys, "play", str(game), "--screenshot", str(shot))[0] == 0
    assert shot.stat().st_size > 50_000


def test_the_client_opens_saves_and_autosaves_there(qtbot, folder, tmp_path):
    from darkdec_qt import gamestore
    from darkdec_qt.game.selfplay import selfplay
    from darkdec_qt.model.load import load_module
    from darkdec_qt.ui.client import Client
    from darkdec_qt.ui.controller import GameController

    game = selfplay(load_module(DEFAULT_MODULE), "herbstnebel", "1", 1)
    first = folder / "Zug 1.ddg"
    gamestore.save(game, first)
    win = Client(GameController(game, DEFAULT_MODULE, None),
                 settings=QSettings(str(folder / "Einstellungen.ini"), QSettings.Format.IniFormat),
                 autosave_dir=folder / "Autosicherung", hotseat=False)
    qtbot.addWidget(win)
    win.confirm_discard = lambda: True  # closing at teardown asks nothing
    win.files.open_path(first)
    assert win.controller.path == first and str(first) in win.files.recent()
    again = win.files.save_to(folder / "Zug 1 (Kopie).ddg")
    assert gamestore.verify(again).ok
    win.controller.end_phase()
    assert win.files.last_autosave is not None and win.files.last_autosave.parent == folder / "Autosicherung"
    assert gamestore.verify(win.files.last_autosave).ok

"""Refusals a player reads: one short sentence each, no Python reprs, no exception dumps."""

from __future__ import annotations

import sqlite3

import pytest
from PySide6.QtCore import QSettings

from darkdec_qt import gamestore
from darkdec_qt.model.database import DatabaseError, read_database
from darkdec_qt.model.gamefile import GameFileError, GameSaveError
from tests.files.helpers import forge, run


def _dice(rec):  # noqa: ANN001
    return [e for item in rec.events for e in item["events"] if e["kind"] == "die_rolled"]


def test_a_die_out_of_order_says_so(game_file):
    forge(game_file, lambda rec: _dice(rec)[0].update(index=_dice(rec)[0]["index"] + 5))
    v = gamestore.verify(game_file)
    assert not v.ok and "is recorded as die" in v.message and "the game's next die is die" in v.message
    assert "seed gives" not in v.message


def test_an_altered_event_is_named_by_its_field_not_dumped(game_file):
    def edit(rec):  # noqa: ANN001
        ev = next(e for item in rec.events for e in item["events"] if e["kind"] == "unit_moved")
        ev["path"] = list(reversed(ev["path"]))

    forge(game_file, edit)
    v = gamestore.verify(game_file)
    assert not v.ok and "the unit_moved event's path is recorded as" in v.message, v.message
    assert "{'" not in v.message and len(v.verdict()) < 250


def test_play_of_a_damaged_exchange_file_is_one_line(tmp_path, capsys):
    p = tmp_path / "a.ddx"
    p.write_bytes(b"junk")
    code, out, err = run(capsys, "play", str(p))
    assert code == 2 and len(err.strip().splitlines()) == 1 and "not a file-exchange file" in err, err


def test_an_embedded_module_that_is_a_game_file_is_said_so(game_file, saved_game):
    def edit(rec):  # noqa: ANN001
        rec.module_bytes = saved_game.read_bytes()
        rec.meta["module_hash"] = "0" * 64

    forge(game_file, edit)
    with pytest.raises(GameFileError) as exc:
        gamestore.open_verified(game_file)
    assert "the embedded module is refused: it is a game file, not a module database" in str(exc.value)
    assert "darkdec play" not in str(exc.value) and "cache" not in str(exc.value)


def test_a_module_of_a_newer_format_is_refused(module_copy):
    con = sqlite3.connect(module_copy)
    con.execute("PRAGMA user_version=99")
    con.commit()
    con.close()
    with pytest.raises(DatabaseError, match="module format 99 is newer than this program .1.; update Dark December"):
        read_database(module_copy)


@pytest.mark.parametrize("name", [".", "..", "", "FOLDER"])
def test_save_as_a_folder_is_refused(qtbot, played, tmp_path, name, monkeypatch):
    from darkdec_qt.model.load import DEFAULT_MODULE
    from darkdec_qt.ui.client import Client
    from darkdec_qt.ui.controller import GameController

    d = tmp_path / "games"
    d.mkdir()
    monkeypatch.chdir(d)
    win = Client(GameController(played, DEFAULT_MODULE), autosave_dir=tmp_path / "autosave", hotseat=False,
                 settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(win)
    target = str(d) if name == "FOLDER" else str(d / name) if name else str(d) + "/"
    with pytest.raises(GameSaveError, match="it is a folder; give the game a file name"):
        win.files.save_to(target)
    assert not list(tmp_path.glob("*.ddg")) and not list(d.iterdir())

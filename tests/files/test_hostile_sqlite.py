"""File safety: hostile SQLite. Tables must be tables (no views, triggers, virtual tables),
files are opened read-only, every query's time is bounded and JSON nesting capped; a
garbage embedded module is a clear error, in the client too."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from darkdec_qt import gamestore
from darkdec_qt.model.database import DatabaseError, read_database
from darkdec_qt.model.gamefile import GameFileError, load_game
from tests.files.helpers import rechain, run, sql

ROOT = Path(__file__).resolve().parents[2]
RECURSIVE = ("CREATE VIEW event AS WITH RECURSIVE r(idx, payload, chain) AS "
             "(SELECT 0, 'x', 'y' UNION ALL SELECT idx + 1, payload || 'x', chain FROM r) SELECT * FROM r")


def _in_subprocess(code: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """Run in a child so that a hang on the old code fails the test instead of the suite."""
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=timeout)


def test_an_endlessly_recursive_view_is_refused(game_file):
    sql(game_file, "ALTER TABLE event RENAME TO old_event", RECURSIVE)
    try:
        r = _in_subprocess("import sys; from darkdec_qt import cli; sys.exit(cli.main(['log', sys.argv[1]]))"
                           .replace("sys.argv[1]", repr(str(game_file))))
    except subprocess.TimeoutExpired:
        pytest.fail("a recursive view hangs the program")
    assert r.returncode == 2 and "holds a view 'event'" in r.stderr and "Traceback" not in r.stderr


def test_a_view_returning_random_values_is_refused(module_copy):
    sql(module_copy, "ALTER TABLE crt_dice RENAME TO t",
        "CREATE VIEW crt_dice AS SELECT \"column\", roll, abs(random()) % 11 + 1 AS row FROM t")
    with pytest.raises(DatabaseError, match="holds a view 'crt_dice'; only plain tables"):
        read_database(module_copy)


def test_a_trigger_is_refused(game_file):
    sql(game_file, "CREATE TABLE log (x)", "CREATE TRIGGER t AFTER INSERT ON meta BEGIN INSERT INTO log VALUES (1); END")
    with pytest.raises(GameFileError, match="holds a trigger 't'"):
        load_game(game_file)


def test_a_slow_query_is_cut_off_after_the_time_budget(game_file, monkeypatch):
    from darkdec_qt.model import safesqlite

    with pytest.raises(safesqlite.UntrustedFileError, match="took longer than 0.2 s"):
        with safesqlite.open_untrusted(game_file, "game file", budget_s=0.2) as con:
            con.execute("WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r) SELECT count(*) FROM r").fetchone()


def test_the_file_is_opened_read_only(game_file):
    from darkdec_qt.model import safesqlite

    before = game_file.read_bytes()
    with pytest.raises(safesqlite.UntrustedFileError):
        with safesqlite.open_untrusted(game_file, "game file") as con:
            con.execute("DELETE FROM event")
    assert game_file.read_bytes() == before
    assert sorted(p.name for p in game_file.parent.iterdir()) == ["g.ddg"]  # no journal left


@pytest.mark.parametrize("where", ["meta", "event"])
def test_deeply_nested_json_is_a_clear_error(game_file, where):
    deep = "[" * 100_000 + "]" * 100_000
    if where == "meta":
        sql(game_file, f"UPDATE meta SET value = '{deep}' WHERE key = 'optional'")
    else:
        sql(game_file, f"UPDATE event SET payload = '{deep}' WHERE idx = 3")
        rechain(game_file)
    with pytest.raises(GameFileError, match="nested more than 32 levels"):
        load_game(game_file)


def test_deeply_nested_json_in_a_module_is_a_clear_error(module_copy):
    from darkdec_qt.model.load import load_module

    deep = "[" * 50_000 + "]" * 50_000
    sql(module_copy, f"UPDATE scenario SET victory = '{deep}' WHERE id = 'herbstnebel'")
    with pytest.raises(DatabaseError, match="nested more than 32 levels"):
        load_module(module_copy, check=False)


def test_an_oversized_value_is_refused(game_file):
    sql(game_file, "UPDATE meta SET value = '\"' || hex(zeroblob(200000)) || '\"' WHERE key = 'module_name'")
    with pytest.raises(GameFileError, match="more than the 262144 allowed"):
        load_game(game_file)


def test_a_forged_garbage_embedded_module_is_refused_everywhere(saved_game, tmp_path, capsys, qtbot, monkeypatch):
    from darkdec_qt.model.gamefile import save_game

    rec = load_game(saved_game)
    rec.module_bytes = b"SQLite format 3\x00" + bytes(range(256)) * 20
    rec.meta["module_hash"] = "ab" * 32
    p = tmp_path / "g.ddg"
    save_game(rec, p)
    with pytest.raises(GameFileError, match="embedded module is refused"):
        gamestore.open_verified(p)
    code, _, err = run(capsys, "status", str(p))
    assert code == 2 and "embedded module is refused" in err and "Traceback" not in err
    # the client: a message box, no exception
    from PySide6.QtCore import QSettings

    from darkdec_qt.ui.app import new_game
    from darkdec_qt.ui.client import Client
    from darkdec_qt.ui.controller import GameController

    warned: list[str] = []
    win = Client(GameController(new_game(rec_module(), "herbstnebel", "1")),
                 settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), autosave_dir=tmp_path / "a")
    qtbot.addWidget(win)
    win.controller.dirty = False
    monkeypatch.setattr(win.files, "warn", lambda title, text: warned.append(text))
    win.files.open_recent(str(p))
    assert warned and "embedded module is refused" in warned[0]


def rec_module():
    from darkdec_qt.model.load import load_module

    return load_module()


def test_text_that_is_not_utf8_is_a_clear_error(game_file, module_copy):
    """Found by the fuzz test: Python's sqlite3 raises UnicodeDecodeError on such text."""
    sql(game_file, "UPDATE meta SET value = CAST(x'22ff22' AS TEXT) WHERE key = 'module_name'")
    with pytest.raises(GameFileError, match="not a readable game file: (Could not decode to UTF-8|it holds text)"):
        load_game(game_file)
    sql(module_copy, "UPDATE hex SET town = CAST(x'80' AS TEXT) WHERE hex = '2516'")
    with pytest.raises(DatabaseError, match="not a readable module database: (Could not decode|it holds text)"):
        read_database(module_copy)


def test_an_oversized_file_is_refused_before_sqlite_reads_it(game_file):
    from darkdec_qt.model import safesqlite

    with pytest.raises(safesqlite.UntrustedFileError, match="more than the 0 MB allowed"):
        with safesqlite.open_untrusted(game_file, "game file", max_bytes=1000):
            pass

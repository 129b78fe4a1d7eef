"""File safety: fuzzing the two untrusted file kinds. Whatever is done to a game file or a
module database (bytes flipped, rows deleted or added, values of any type, deep JSON,
tables swapped for views), opening it gives a verified game / a module or a clear
``GameFileError`` / ``DatabaseError``: never another exception, never an unbounded time
(hypothesis ``deadline``). ``DARKDEC_FUZZ_EXAMPLES`` raises the number of examples."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
from datetime import timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from darkdec_qt import gamestore
from darkdec_qt.model.database import DatabaseError
from darkdec_qt.model.gamefile import GameFileError
from darkdec_qt.model.load import DEFAULT_MODULE, load_module
from darkdec_qt.rules.core.commands import EndPhase
from tests.files.helpers import rechain

EXAMPLES = int(os.environ.get("DARKDEC_FUZZ_EXAMPLES", "12"))
_n = iter(range(10**9))


def fresh(tmp_path: Path, name: str) -> Path:
    """A new file per example (hypothesis reuses the test's tmp_path)."""
    return tmp_path / f"{next(_n)}-{name}"


def mutate(path: Path, apply) -> None:  # noqa: ANN001
    """Apply SQL edits; an edit SQLite itself refuses (a constraint) is simply skipped."""
    con = sqlite3.connect(path)
    try:
        apply(con)
    finally:
        con.commit()
        con.close()


def attempt(con: sqlite3.Connection, sql: str, args: tuple = ()) -> None:
    try:
        con.execute(sql, args)
    except sqlite3.Error:
        pass
FUZZ = settings(max_examples=EXAMPLES, deadline=timedelta(seconds=30), derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=True) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20)
sql_values = (st.none() | st.integers(-2**63, 2**63 - 1) | st.floats(allow_nan=False) | st.text(max_size=30)
              | st.binary(max_size=30) | json_values.map(json.dumps)
              | st.integers(1, 5000).map(lambda n: "[" * n + "]" * n))


@pytest.fixture(scope="module")
def tiny_game(tmp_path_factory) -> Path:
    """A few phases of Herbstnebel: quick to verify, with a real module embedded."""
    g = gamestore.Game(load_module(), "herbstnebel", "1")
    for _ in range(4):
        g.execute(EndPhase())
    p = tmp_path_factory.mktemp("fuzz") / "tiny.ddg"
    gamestore.save(g, p)
    return p


def _open_game(p: Path) -> None:
    opener = getattr(gamestore, "open_verified", None) or gamestore.open_game  # the old name: runs on old code
    try:
        opened = opener(p)
    except GameFileError as exc:
        assert str(exc) and "Traceback" not in str(exc)
        return
    if hasattr(opened, "verification"):
        assert opened.verification is not None and opened.verification.ok


@FUZZ
@given(flips=st.lists(st.tuples(st.integers(0, 2**22), st.integers(0, 255)), min_size=1, max_size=12),
       head=st.booleans())
@example(flips=[(3886, 128)], head=False)  # found: a schema byte made invalid UTF-8 (UnicodeDecodeError)
def test_flipped_bytes_in_a_game_file(tiny_game, tmp_path, flips, head):
    data = bytearray(tiny_game.read_bytes())
    for pos, val in flips:
        i = pos % (4096 if head else len(data))  # the header and the first page, or anywhere
        data[i] = val
    p = fresh(tmp_path, "f.ddg")
    p.write_bytes(bytes(data))
    _open_game(p)


game_edits = st.one_of(
    st.tuples(st.just("meta"), st.sampled_from(["scenario", "seed", "optional", "variants", "setup",
                                                "module_hash", "final_hash", "turn", "seal", "format_version"]),
              sql_values),
    st.tuples(st.just("delete-meta"), st.sampled_from(["scenario", "seed", "seal", "module_hash"]), st.none()),
    st.tuples(st.just("event"), st.integers(0, 6), sql_values),
    st.tuples(st.just("event-json"), st.integers(0, 6), json_values),
    st.tuples(st.just("delete-event"), st.integers(0, 6), st.none()),
    st.tuples(st.just("module"), st.just(""), st.binary(max_size=200)),
    st.tuples(st.just("view"), st.sampled_from(["meta", "event", "module"]), st.none()),
    st.tuples(st.just("pragma"), st.sampled_from(["user_version", "application_id"]), st.integers(-5, 2**31 - 1)),
)


@FUZZ
@given(edits=st.lists(game_edits, min_size=1, max_size=4), forge=st.booleans())
def test_edited_tables_in_a_game_file(tiny_game, tmp_path, edits, forge):
    p = fresh(tmp_path, "f.ddg")
    shutil.copy(tiny_game, p)

    def apply(con: sqlite3.Connection) -> None:
        for kind, key, value in edits:
            if kind == "meta":
                attempt(con, "UPDATE meta SET value = ? WHERE key = ?", (value, key))
            elif kind == "delete-meta":
                attempt(con, "DELETE FROM meta WHERE key = ?", (key,))
            elif kind == "event":
                attempt(con, "UPDATE event SET payload = ? WHERE idx = ?", (value, key))
            elif kind == "event-json":
                attempt(con, "UPDATE event SET payload = ? WHERE idx = ?", (json.dumps(value), key))
            elif kind == "delete-event":
                attempt(con, "DELETE FROM event WHERE idx = ?", (key,))
            elif kind == "module":
                attempt(con, "UPDATE module SET data = ?", (value,))
            elif kind == "view":
                attempt(con, f"ALTER TABLE {key} RENAME TO old_{key}")
                attempt(con, f"CREATE VIEW {key} AS SELECT * FROM old_{key}")
            elif kind == "pragma":
                attempt(con, f"PRAGMA {key} = {value}")

    mutate(p, apply)
    if forge:
        try:
            rechain(p)  # reach the checks behind the hash chain
        except (sqlite3.Error, TypeError, KeyError, json.JSONDecodeError):
            pass
    _open_game(p)


TABLE_COLUMNS = {"hex": ["terrain", "town", "westwall", "edge"], "unit": ["side", "fa", "fd", "setup", "arrival"],
                 "turn": ["turn", "code", "weather"], "crt": ["row", "odds", "result"],
                 "crt_dice": ["column", "roll", "row"], "scenario": ["first_turn", "victory", "optional_rules"],
                 "tec": ["motorized", "defense"], "meta": ["value"], "hexside": ["river", "bridge"]}
module_edits = st.one_of(
    st.tuples(st.just("update"), st.sampled_from(sorted(TABLE_COLUMNS)), st.integers(0, 10_000), st.data()),
    st.tuples(st.just("delete"), st.sampled_from(sorted(TABLE_COLUMNS)), st.integers(0, 50), st.none()),
    st.tuples(st.just("view"), st.sampled_from(sorted(TABLE_COLUMNS)), st.just(0), st.none()),
)


@FUZZ
@given(edits=st.lists(module_edits, min_size=1, max_size=4), rehash=st.booleans())
def test_edited_module_databases(tmp_path, edits, rehash):
    p = fresh(tmp_path, "m.sqlite")
    shutil.copy(DEFAULT_MODULE, p)

    def apply(con: sqlite3.Connection) -> None:
        for kind, table, n, data in edits:
            if kind == "update":
                col = data.draw(st.sampled_from(TABLE_COLUMNS[table]))
                value = data.draw(sql_values)
                attempt(con, f'UPDATE "{table}" SET "{col}" = ? WHERE rowid = (SELECT rowid FROM "{table}" '
                        f'LIMIT 1 OFFSET ?)', (value, n % 100))
            elif kind == "delete":
                attempt(con, f'DELETE FROM "{table}" WHERE rowid % 50 = ?', (n,))
            else:
                attempt(con, f'ALTER TABLE "{table}" RENAME TO "old_{table}"')
                attempt(con, f'CREATE VIEW "{table}" AS SELECT * FROM "old_{table}"')

    mutate(p, apply)
    if rehash:  # what the editor would store: the checks behind the hash are reached
        from darkdec_qt.model.database import content_hash, read_database

        try:
            digest = content_hash(read_database(p, verify_hash=False))
        except DatabaseError:
            pass
        else:
            mutate(p, lambda con: attempt(con, "UPDATE meta SET value = ? WHERE key = 'content_hash'", (digest,)))
    try:
        m = load_module(p)
    except DatabaseError as exc:
        assert str(exc)
        return
    assert m.scenarios and m.turns  # a module that loads is valid: a game can start on it
    gamestore.Game(m, "herbstnebel", "1")


@FUZZ
@given(flips=st.lists(st.tuples(st.integers(0, 2**20), st.integers(0, 255)), min_size=1, max_size=8))
def test_flipped_bytes_in_a_module_database(tmp_path, flips):
    data = bytearray(DEFAULT_MODULE.read_bytes())
    for pos, val in flips:
        data[pos % len(data)] = val
    p = fresh(tmp_path, "m.sqlite")
    p.write_bytes(bytes(data))
    try:
        load_module(p)
    except DatabaseError as exc:
        assert str(exc)

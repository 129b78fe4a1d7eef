"""File exchange, fair means 4: an opponent's file is untrusted input: opened read-only with
defensive settings, its schema checked, every payload validated; a fuzz test of the loader."""

from __future__ import annotations

import json
import shutil
import sqlite3

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from darkdec_qt.exchangestore import PlayerHome
from darkdec_qt.game.exchange import ExchangeError
from darkdec_qt.game.session import Game
from darkdec_qt.gamestore import save
from darkdec_qt.model.exchangefile import ExchangeFile, ExchangeFileError, read_exchange, write_exchange
from tests.exchange.helpers import Duel


@pytest.fixture(scope="module")
def small(tmp_path_factory):
    root = tmp_path_factory.mktemp("small")
    duel = Duel(root, seed=2)
    for _ in range(4):
        duel.step()
    snap = root / "allied-snap"
    shutil.copytree(duel.homes["Allied"].root, snap)
    return duel, snap


def _sql(path, *stmts):  # noqa: ANN001
    con = sqlite3.connect(path)
    for s in stmts:
        con.execute(s)
    con.commit()
    con.close()


def test_a_view_in_place_of_a_table_is_refused_without_running_it(small, tmp_path):
    duel, _ = small
    p = tmp_path / "view.ddx"
    shutil.copy(duel.files[-1], p)
    _sql(p, "DROP TABLE segment",
         "CREATE VIEW segment AS WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) "
         "SELECT n AS seq, 'x' AS body, 'y' AS sig FROM r")
    with pytest.raises(ExchangeFileError, match="holds a view 'segment'"):
        read_exchange(p)


def test_a_trigger_is_refused(small, tmp_path):
    duel, _ = small
    p = tmp_path / "trigger.ddx"
    shutil.copy(duel.files[-1], p)
    _sql(p, "CREATE TRIGGER t AFTER INSERT ON meta BEGIN DELETE FROM segment; END")
    with pytest.raises(ExchangeFileError, match="holds a trigger 't'"):
        read_exchange(p)


def test_not_an_exchange_file(tmp_path, module):  # noqa: ANN001
    junk = tmp_path / "junk.ddx"
    junk.write_bytes(b"hello" * 1000)
    with pytest.raises(ExchangeFileError, match="not a file-exchange file \\(not an SQLite file\\)"):
        read_exchange(junk)
    hot = tmp_path / "hotseat.ddg"
    save(Game(module, "herbstnebel", "1"), hot)
    with pytest.raises(ExchangeFileError, match="not a Dark December file-exchange file"):
        PlayerHome(tmp_path / "h").open_file(hot)


def test_deeply_nested_json_is_a_clear_error(small, tmp_path):
    duel, snap = small
    rows = read_exchange(duel.files[-1]).rows
    deep = "[" * 100_000 + "]" * 100_000
    p = tmp_path / "deep.ddx"
    write_exchange(ExchangeFile({}, rows[:-1] + [(rows[-1][0], deep, rows[-1][2])]), p)
    home = PlayerHome(tmp_path / "a")
    shutil.copytree(snap, home.root)
    with pytest.raises(ExchangeError, match="nests deeper"):
        home.open_file(p)


def test_a_hot_seat_game_file_still_opens(tmp_path, module):  # noqa: ANN001
    from darkdec_qt.gamestore import open_game, verify

    g = Game(module, "herbstnebel", "11")
    p = tmp_path / "hot.ddg"
    save(g, p)
    assert open_game(p).game.state.state_hash() == g.state.state_hash()
    assert verify(p).ok


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_fuzz_the_loader_clear_error_or_verified_open(small, tmp_path_factory, data):  # noqa: ANN001
    duel, snap = small
    blob = bytearray(duel.files[-1].read_bytes())
    kind = data.draw(st.sampled_from(["bytes", "json"]))
    tmp = tmp_path_factory.mktemp("fuzz")
    p = tmp / "f.ddx"
    if kind == "bytes":
        for _ in range(data.draw(st.integers(1, 8))):
            i = data.draw(st.integers(0, len(blob) - 1))
            blob[i] = data.draw(st.integers(0, 255))
        p.write_bytes(bytes(blob))
    else:
        rows = read_exchange(duel.files[-1]).rows
        body = json.loads(rows[-1][1])
        key = data.draw(st.sampled_from(sorted(body)))
        body[key] = data.draw(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                                           lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=4), c,
                                                                                               max_size=3),
                                           max_leaves=10))
        raw = json.dumps(body, sort_keys=True, separators=(",", ":"))
        write_exchange(ExchangeFile({}, rows[:-1] + [(rows[-1][0], raw, rows[-1][2])]), p)
    home = PlayerHome(tmp / "home")
    shutil.copytree(snap, home.root)
    try:
        home.open_file(p)
    except (ExchangeError, ExchangeFileError) as exc:
        assert str(exc)

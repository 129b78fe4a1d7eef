"""The game file: atomic saves, verified hash chain, clear errors."""

from __future__ import annotations

import sqlite3

import pytest

from darkdec_qt.model.gamefile import GameFileError, GameRecord, load_game, save_game


def record(n: int = 5) -> GameRecord:
    return GameRecord(
        meta={"scenario": "herbstnebel", "seed": 7, "optional_rules": ["14"]},
        events=[{"kind": "DieRolled", "value": i % 6 + 1, "index": i} for i in range(n)],
        module_bytes=b"module",
        extra={"note": "x"},
    )


def test_round_trip(tmp_path):
    p = tmp_path / "g.ddg"
    save_game(record(), p)
    r = load_game(p)
    assert r.events == record().events
    assert r.meta["scenario"] == "herbstnebel" and r.meta["seed"] == 7
    assert r.module_bytes == b"module" and r.extra == {"note": "x"}


def test_edited_event_is_detected(tmp_path):
    p = tmp_path / "g.ddg"
    save_game(record(), p)
    con = sqlite3.connect(p)
    con.execute("""UPDATE event SET payload='{"index":2,"kind":"DieRolled","value":6}' WHERE idx=2""")
    con.commit()
    con.close()
    with pytest.raises(GameFileError, match="event 2 was altered"):
        load_game(p)


def test_truncated_log_gap_is_detected(tmp_path):
    p = tmp_path / "g.ddg"
    save_game(record(), p)
    con = sqlite3.connect(p)
    con.execute("DELETE FROM event WHERE idx=1")
    con.commit()
    con.close()
    with pytest.raises(GameFileError, match="gap"):
        load_game(p)


def test_not_a_game_file(tmp_path):
    p = tmp_path / "x.ddg"
    p.write_bytes(b"garbage" * 200)
    with pytest.raises(GameFileError, match="x.ddg"):
        load_game(p)


def test_failed_save_keeps_previous_file(tmp_path):
    p = tmp_path / "g.ddg"
    save_game(record(), p)
    before = p.read_bytes()
    bad = record()
    bad.events.append({"kind": object()})  # not serialisable
    with pytest.raises(TypeError):
        save_game(bad, p)
    assert p.read_bytes() == before
    assert not list(tmp_path.glob(".save-*"))

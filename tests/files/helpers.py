"""Damaging files the way an attacker or an unlucky disk would."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path

from darkdec_qt import cli
from darkdec_qt.model.gamefile import GameRecord, load_game, save_game


def sql(path: Path, *statements: str) -> None:
    con = sqlite3.connect(path)
    for s in statements:
        con.execute(s)
    con.commit()
    con.close()


def forge(path: Path, edit) -> None:  # noqa: ANN001
    """Rewrite the game with ``edit(record)`` applied and every checksum recomputed, as a
    forger with the program's source would: only re-execution can catch it."""
    rec = load_game(path)
    edit(rec)
    save_game(rec, path)


def edit_die(rec) -> None:  # noqa: ANN001
    """For ``forge``: change the first die rolled to another face."""
    for item in rec.events:
        for e in item["events"]:
            if e["kind"] == "die_rolled":
                e["value"] = e["value"] % 6 + 1
                return


def write_v1(record: GameRecord, path: Path) -> None:
    """A game file as format 1 wrote it (before the seal and the metadata chain): chain from '', no seal."""
    con = sqlite3.connect(path)
    con.execute("PRAGMA application_id=1145325379")
    con.execute("PRAGMA user_version=1")
    con.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    con.execute("CREATE TABLE module (id INTEGER PRIMARY KEY CHECK (id = 1), data BLOB NOT NULL)")
    con.execute("CREATE TABLE event (idx INTEGER PRIMARY KEY, payload TEXT NOT NULL, chain TEXT NOT NULL)")
    meta = dict(record.meta, format_version=1)
    con.executemany("INSERT INTO meta VALUES (?, ?)", [(k, json.dumps(v)) for k, v in sorted(meta.items())])
    con.execute("INSERT INTO module VALUES (1, ?)", (record.module_bytes,))
    h = ""
    for i, ev in enumerate(record.events):
        p = json.dumps(ev, sort_keys=True, separators=(",", ":"))
        h = hashlib.sha256((h + "\n" + p).encode()).hexdigest()
        con.execute("INSERT INTO event VALUES (?, ?, ?)", (i, p, h))
    con.commit()
    con.close()


def run(capsys, *args: str) -> tuple[int, str, str]:  # noqa: ANN001
    capsys.readouterr()
    code = cli.main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


def rechain(path: Path) -> None:
    """Recompute the chain and seal of a game file edited with SQL (a careful forger)."""
    from darkdec_qt.model.gamefile import chain, genesis, seal

    con = sqlite3.connect(path)
    meta = dict(con.execute("SELECT key, value FROM meta"))
    h = genesis(meta)
    rows = con.execute("SELECT idx, payload FROM event ORDER BY idx").fetchall()
    for idx, payload in rows:
        h = chain(h, payload)
        con.execute("UPDATE event SET chain = ? WHERE idx = ?", (h, idx))
    con.execute("UPDATE meta SET value = ? WHERE key = 'seal'", (json.dumps(seal(h, len(rows))),))
    con.commit()
    con.close()

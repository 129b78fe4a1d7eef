"""The game file (``*.ddg``): an SQLite application file.

It holds the game's metadata (format version, scenario, seed, options and
variants, the module's content hash), an embedded copy of the module database so a
file opens anywhere, and the append-only event log. Each event row carries a hash
chained to the previous one, so an edited or truncated log is detected on open.

Saves are atomic: written to a temporary file beside the target and renamed over
it, so an interrupted save never corrupts the previous file.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

GAME_FORMAT_VERSION = 1
APPLICATION_ID = 0x44444743  # "DDGC"


class GameFileError(ValueError):
    """A game file that cannot be opened; the message says why and where."""


@dataclass
class GameRecord:
    meta: dict[str, Any]
    events: list[dict[str, Any]]
    module_bytes: bytes | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def chain(prev: str, payload: str) -> str:
    return hashlib.sha256((prev + "\n" + payload).encode()).hexdigest()


def _payload(ev: dict[str, Any]) -> str:
    return json.dumps(ev, sort_keys=True, separators=(",", ":"))


def save_game(record: GameRecord, path: str | Path) -> None:
    """Write the game atomically."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".save-", suffix=".ddg", dir=target.parent)
    os.close(fd)
    con = sqlite3.connect(tmp)
    try:
        con.execute(f"PRAGMA application_id={APPLICATION_ID}")
        con.execute(f"PRAGMA user_version={GAME_FORMAT_VERSION}")
        con.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        con.execute("CREATE TABLE module (id INTEGER PRIMARY KEY CHECK (id = 1), data BLOB NOT NULL)")
        con.execute("CREATE TABLE event (idx INTEGER PRIMARY KEY, payload TEXT NOT NULL, chain TEXT NOT NULL)")
        meta = dict(record.meta)
        meta["format_version"] = GAME_FORMAT_VERSION
        meta.update({f"extra.{k}": v for k, v in record.extra.items()})
        con.executemany("INSERT INTO meta VALUES (?, ?)", [(k, json.dumps(v)) for k, v in sorted(meta.items())])
        if record.module_bytes is not None:
            con.execute("INSERT INTO module VALUES (1, ?)", (record.module_bytes,))
        h = ""
        rows = []
        for i, ev in enumerate(record.events):
            p = _payload(ev)
            h = chain(h, p)
            rows.append((i, p, h))
        con.executemany("INSERT INTO event VALUES (?, ?, ?)", rows)
        con.commit()
        con.close()
        os.replace(tmp, target)
    except BaseException:
        con.close()
        for leftover in (tmp, tmp + "-journal"):
            if os.path.exists(leftover):
                os.unlink(leftover)
        raise


def load_game(path: str | Path) -> GameRecord:
    """Read and verify a game file; raises GameFileError with a clear reason."""
    p = Path(path)
    if not p.exists():
        raise GameFileError(f"{p}: no such game file")
    try:
        con = sqlite3.connect(f"file:{p}?mode=ro", uri=True)
        app = con.execute("PRAGMA application_id").fetchone()[0]
        if app != APPLICATION_ID:
            raise GameFileError(f"{p}: not a Dark December game file")
        version = con.execute("PRAGMA user_version").fetchone()[0]
        if version > GAME_FORMAT_VERSION:
            raise GameFileError(f"{p}: game file format {version} is newer than this program ({GAME_FORMAT_VERSION})")
        meta_rows = con.execute("SELECT key, value FROM meta").fetchall()
        mod = con.execute("SELECT data FROM module WHERE id = 1").fetchone()
        ev_rows = con.execute("SELECT idx, payload, chain FROM event ORDER BY idx").fetchall()
        con.close()
    except sqlite3.DatabaseError as exc:
        raise GameFileError(f"{p}: not a readable game file: {exc}") from None
    meta: dict[str, Any] = {}
    extra: dict[str, Any] = {}
    for k, v in meta_rows:
        try:
            val = json.loads(v)
        except json.JSONDecodeError:
            raise GameFileError(f"{p}: metadata {k!r} is not valid JSON") from None
        if k.startswith("extra."):
            extra[k[6:]] = val
        else:
            meta[k] = val
    events = []
    h = ""
    for expected, (idx, payload, stored) in enumerate(ev_rows):
        if idx != expected:
            raise GameFileError(f"{p}: event log has a gap at event {expected}")
        h = chain(h, payload)
        if h != stored:
            raise GameFileError(f"{p}: event {idx} was altered (its hash does not match the log chain)")
        try:
            events.append(json.loads(payload))
        except json.JSONDecodeError:
            raise GameFileError(f"{p}: event {idx} is not valid JSON") from None
    return GameRecord(meta=meta, events=events, module_bytes=mod[0] if mod else None, extra=extra)

"""The game file (``*.ddg``): an SQLite application file.

It holds the game's metadata (format version, scenario, seed, options and
variants, the module's content hash), an embedded copy of the module database so a
file opens anywhere, and the append-only event log.

Integrity (format 2): the event hash chain starts from a hash of every metadata value,
each event row carries the hash chained to the previous one, and the ``seal`` metadata
value closes the chain over the number of events. So an edited event, an edited
metadata value (seed, options, variants, set-up, final hash...) or a log cut short is
detected on open. The chain is a checksum, not a signature: whoever edits a file on
purpose can recompute it, which is why every entry point also re-executes the commands
(:func:`darkdec_qt.gamestore.open_verified`). Format 1 files (hot-seat games saved
before the seal) still open: their chain starts empty and nothing binds their metadata,
so the verified open's re-execution is their only check; the next save writes format 2.

Reading goes through the defensive opener (:mod:`darkdec_qt.model.safesqlite`), with
caps on the number of rows, each value's size and JSON nesting.

Saves (:mod:`darkdec_qt.model.safewrite`) are atomic and durable: the file is built in
memory, written to a temporary file beside the target, fsynced, renamed over it, and the
folder fsynced; permissions and symlinks of the target are kept; a failure leaves the
previous file intact and raises :class:`GameSaveError` saying why in words.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from darkdec_qt.model.safesqlite import (
    EXCHANGE_APPLICATION_ID,
    ReadBudget,
    UntrustedFileError,
    bounded_json,
    expect_kind,
    format_columns,
    open_untrusted,
    require_tables,
)
from darkdec_qt.model.safewrite import SaveError, atomic_write
from darkdec_qt.version import VERSION

GAME_FORMAT_VERSION = 2
APPLICATION_ID = 0x44444743  # "DDGC"
MAX_EVENTS = 50_000
"""Event rows (commands) a game file may hold: ten times the longest game seen (an
Extended Campaign of about 4,200 commands), so re-executing a file stays bounded."""
MAX_META = 1_000
MAX_VALUE = 256 * 1024
"""Largest metadata value or event payload, in characters."""
MAX_MODULE = 64 * 1024 * 1024
MAX_READ = 128 * 1024 * 1024
"""Memory the rows of one game file may take as they are read (:class:`ReadBudget`: text,
the embedded module, and a cost per JSON token): the longest game seen (about 4,200
commands) takes about a quarter of it."""
_SCHEMA = {
    "meta": "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "module": "CREATE TABLE module (id INTEGER PRIMARY KEY CHECK (id = 1), data BLOB NOT NULL)",
    "event": "CREATE TABLE event (idx INTEGER PRIMARY KEY, payload TEXT NOT NULL, chain TEXT NOT NULL)",
}
_TABLES = {"meta": {"key", "value"}, "module": {"id", "data"}, "event": {"idx", "payload", "chain"}}
_DECLARED = format_columns(_SCHEMA)


class GameFileError(ValueError):
    """A game file that cannot be opened; the message says why and where."""


class GameSaveError(GameFileError):
    """A game that could not be saved; the previous file is intact. The message says why
    in words (disk full, read-only folder, a parent that is a file, a target that is a
    folder)."""


@dataclass
class GameRecord:
    meta: dict[str, Any]
    events: list[dict[str, Any]]
    module_bytes: bytes | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    format_version: int = GAME_FORMAT_VERSION
    """The version the file was read in; 1: the metadata was not bound into the chain."""


def chain(prev: str, payload: str) -> str:
    return hashlib.sha256((prev + "\n" + payload).encode()).hexdigest()


def _payload(ev: dict[str, Any]) -> str:
    return json.dumps(ev, sort_keys=True, separators=(",", ":"))


def genesis(meta_rows: dict[str, str]) -> str:
    """The chain's start (format 2): a hash of every stored metadata value but the seal."""
    body = json.dumps({k: v for k, v in meta_rows.items() if k != "seal"}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(("darkdec-game-2\n" + body).encode()).hexdigest()


def seal(last: str, count: int) -> str:
    """The chain's end: binds the number of events, so a log cut short is detected."""
    return chain(last, f"end:{count}")


def build_bytes(record: GameRecord) -> bytes:
    """The game file's bytes (format 2), built in memory (no journal, no temporary files)."""
    con = sqlite3.connect(":memory:")
    try:
        con.execute(f"PRAGMA application_id={APPLICATION_ID}")
        con.execute(f"PRAGMA user_version={GAME_FORMAT_VERSION}")
        for sql in _SCHEMA.values():
            con.execute(sql)
        meta = dict(record.meta)
        meta["format_version"] = GAME_FORMAT_VERSION
        meta["program_version"] = VERSION  # beside the module's content hash (gamestore.save)
        meta.update({f"extra.{k}": v for k, v in record.extra.items()})
        stored = {k: json.dumps(v, sort_keys=True) for k, v in meta.items() if k != "seal"}
        h = genesis(stored)
        rows = []
        for i, ev in enumerate(record.events):
            p = _payload(ev)
            h = chain(h, p)
            rows.append((i, p, h))
        stored["seal"] = json.dumps(seal(h, len(rows)))
        con.executemany("INSERT INTO meta VALUES (?, ?)", sorted(stored.items()))
        if record.module_bytes is not None:
            con.execute("INSERT INTO module VALUES (1, ?)", (record.module_bytes,))
        con.executemany("INSERT INTO event VALUES (?, ?, ?)", rows)
        con.commit()
        return con.serialize()
    finally:
        con.close()


def save_game(record: GameRecord, path: str | Path) -> Path:
    """Write the game atomically and durably (see the module docstring); returns the path
    written (a symlink's target). Raises GameSaveError, the previous file intact."""
    data = build_bytes(record)
    try:
        return atomic_write(path, data, prefix=".save-", suffix=".ddg")
    except SaveError as exc:
        raise GameSaveError(str(exc)) from None


def _text(v: Any, where: str) -> str:
    if not isinstance(v, str):
        raise GameFileError(f"{where} is not text")
    if len(v) > MAX_VALUE:
        raise GameFileError(f"{where} is {len(v)} characters long, more than the {MAX_VALUE} allowed")
    return v


def load_game(path: str | Path) -> GameRecord:
    """Read a game file through the defensive opener and check its hash chain and seal;
    raises GameFileError with a clear reason. The tables must be declared exactly as the
    format declares them, and rows are read one at a time under a memory budget
    (:data:`MAX_READ`), so no file up to the size cap can take more memory than that.
    The events are NOT re-executed here: use :func:`darkdec_qt.gamestore.open_verified`,
    which does."""
    p = Path(path)
    budget = ReadBudget(MAX_READ, "game file")
    meta: dict[str, Any] = {}
    extra: dict[str, Any] = {}
    stored: dict[str, str] = {}
    events: list[dict[str, Any]] = []
    try:
        with open_untrusted(p, "game file") as con:
            app = con.execute("PRAGMA application_id").fetchone()[0]
            if app != APPLICATION_ID:
                if app == EXCHANGE_APPLICATION_ID:
                    expect_kind(p, "game")  # raises: a .ddx, and the commands that do open it
                raise GameFileError(f"{p}: not a Dark December game file")
            version = con.execute("PRAGMA user_version").fetchone()[0]
            if version > GAME_FORMAT_VERSION:
                raise GameFileError(f"{p}: game file format {version} is newer than this program "
                                    f"({GAME_FORMAT_VERSION}); update Dark December to open it")
            if version < 1:
                raise GameFileError(f"{p}: game file format {version} is unknown")
            require_tables(con, _TABLES, "game file", declared=_DECLARED)
            for n, (k, v) in enumerate(con.execute("SELECT key, value FROM meta")):
                if n >= MAX_META:
                    raise GameFileError(f"{p}: more than {MAX_META} metadata values")
                if not isinstance(k, str):
                    raise GameFileError(f"{p}: a metadata key is not text")
                budget.take(k)
                budget.take(v, json_text=True, copies=2)  # kept as text (for the chain) and parsed
                stored[k] = _text(v, f"{p}: metadata {k!r}")
                val = bounded_json(v, f"{p}: metadata {k!r}")
                if k.startswith("extra."):
                    extra[k[6:]] = val
                elif k != "seal":
                    meta[k] = val
            size = con.execute("SELECT length(data) FROM module WHERE id = 1").fetchone()
            if size is not None and isinstance(size[0], int) and size[0] > MAX_MODULE:
                raise GameFileError(f"{p}: the embedded module is {size[0] // 2**20} MB, more than the "
                                    f"{MAX_MODULE // 2**20} MB allowed")
            mod = con.execute("SELECT data FROM module WHERE id = 1").fetchone()
            if mod is not None:
                budget.take(mod[0])
            n = con.execute("SELECT count(*) FROM event").fetchone()[0]
            if n > MAX_EVENTS:
                raise GameFileError(f"{p}: {n} events, more than the {MAX_EVENTS} a game file may hold")
            h = genesis(stored) if version >= 2 else ""
            count = 0
            for expected, (idx, payload, chained) in enumerate(con.execute(
                    "SELECT idx, payload, chain FROM event ORDER BY idx")):
                if idx != expected:
                    raise GameFileError(f"{p}: event log has a gap at event {expected}")
                budget.take(payload, json_text=True)
                h = chain(h, _text(payload, f"{p}: event {idx}"))
                if h != chained:
                    what = "the game's metadata or event 0" if idx == 0 and version >= 2 else f"event {idx}"
                    raise GameFileError(f"{p}: {what} was altered (its hash does not match the log chain)")
                ev = bounded_json(payload, f"{p}: event {idx}")
                if not isinstance(ev, dict):
                    raise GameFileError(f"{p}: event {idx} is not a JSON object")
                events.append(ev)
                count += 1
            want = bounded_json(stored["seal"], f"{p}: metadata 'seal'") if "seal" in stored else None
    except UntrustedFileError as exc:
        raise GameFileError(str(exc)) from None
    if mod is not None and not isinstance(mod[0], bytes):
        raise GameFileError(f"{p}: the embedded module is not a database")
    if version >= 2:
        if want != seal(h, count):
            raise GameFileError(f"{p}: the game's metadata or the end of its log was altered "
                                "(the seal does not match)")
    return GameRecord(meta=meta, events=events, module_bytes=mod[0] if mod else None, extra=extra,
                      format_version=version)

"""The file-exchange file (``*.ddx``): an SQLite application file holding signed segments.

Tables: ``meta`` (format, game id, module hash), ``module`` (the module database, embedded
only when the receiver may not have it), ``segment`` (seq, canonical JSON body, signature).
The file is opened read-only and defensively: the schema must be exactly these tables (no
view, no trigger), ``trusted_schema`` is off, sizes and query time are bounded. Nothing is
unpickled or evaluated; the bodies are checked by ``darkdec_qt.game.exchange.segment``.
Writes are atomic (temporary file + fsync + rename).
"""

from __future__ import annotations

import json
import os
import sqlite3
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

EXCHANGE_FORMAT_VERSION = 1
APPLICATION_ID = 0x44444758  # "DDGX"
MAX_FILE_BYTES = 256 * 1024 * 1024
MAX_ROWS = 200_000
MAX_SECONDS = 20.0
SUFFIX = ".ddx"
_SCHEMA = {
    "meta": "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "module": "CREATE TABLE module (id INTEGER PRIMARY KEY CHECK (id = 1), data BLOB NOT NULL)",
    "segment": "CREATE TABLE segment (seq INTEGER PRIMARY KEY, body TEXT NOT NULL, sig TEXT NOT NULL)",
}


class ExchangeFileError(ValueError):
    """An exchange file that cannot be read; the message says why."""


@dataclass
class ExchangeFile:
    meta: dict[str, Any]
    rows: list[tuple[int, str, str]]  # seq, body, signature
    module_bytes: bytes | None = None


def write_exchange(f: ExchangeFile, path: str | Path) -> None:
    """Write atomically: a temporary file beside the target, fsynced, renamed over it."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".send-", suffix=SUFFIX, dir=target.parent)
    os.close(fd)
    try:
        con = sqlite3.connect(tmp)
        try:
            # a temporary file, fsynced as a whole before the rename: SQLite's own syncing is not needed
            con.execute("PRAGMA journal_mode=OFF")
            con.execute("PRAGMA synchronous=OFF")
            con.execute(f"PRAGMA application_id={APPLICATION_ID}")
            con.execute(f"PRAGMA user_version={EXCHANGE_FORMAT_VERSION}")
            for sql in _SCHEMA.values():
                con.execute(sql)
            meta = dict(f.meta, format_version=EXCHANGE_FORMAT_VERSION)
            con.executemany("INSERT INTO meta VALUES (?, ?)", [(k, json.dumps(v)) for k, v in sorted(meta.items())])
            if f.module_bytes is not None:
                con.execute("INSERT INTO module VALUES (1, ?)", (f.module_bytes,))
            con.executemany("INSERT INTO segment VALUES (?, ?, ?)", f.rows)
            con.commit()
        finally:
            con.close()
        with open(tmp, "rb") as fh:
            os.fsync(fh.fileno())
        os.replace(tmp, target)
        try:
            dfd = os.open(target.parent, os.O_RDONLY)
            try:
                os.fsync(dfd)
            finally:
                os.close(dfd)
        except OSError:
            pass
    except BaseException:
        for leftover in (tmp, tmp + "-journal"):
            if os.path.exists(leftover):
                os.unlink(leftover)
        raise


def _connect_readonly(p: Path) -> sqlite3.Connection:
    """A defensive read-only connection (SQLite's guidance for untrusted databases)."""
    con = sqlite3.connect(f"{p.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
    con.execute("PRAGMA trusted_schema=OFF")
    con.execute("PRAGMA query_only=ON")
    con.execute("PRAGMA cell_size_check=ON")
    con.execute("PRAGMA mmap_size=0")
    if hasattr(con, "setlimit"):
        con.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, 64 * 1024 * 1024)
        con.setlimit(sqlite3.SQLITE_LIMIT_SQL_LENGTH, 100_000)
        con.setlimit(sqlite3.SQLITE_LIMIT_EXPR_DEPTH, 100)
    deadline = time.monotonic() + MAX_SECONDS
    con.set_progress_handler(lambda: 1 if time.monotonic() > deadline else 0, 10_000)
    return con


def read_exchange(path: str | Path) -> ExchangeFile:
    """Read an untrusted exchange file; raises ExchangeFileError with a clear reason."""
    p = Path(path)
    if not p.is_file():
        raise ExchangeFileError(f"{p}: no such file")
    if p.stat().st_size > MAX_FILE_BYTES:
        raise ExchangeFileError(f"{p}: larger than {MAX_FILE_BYTES // 2**20} MB, not an exchange file")
    try:
        con = _connect_readonly(p)
        try:
            if con.execute("PRAGMA application_id").fetchone()[0] != APPLICATION_ID:
                raise ExchangeFileError(f"{p}: not a Dark December file-exchange file")
            version = con.execute("PRAGMA user_version").fetchone()[0]
            if version != EXCHANGE_FORMAT_VERSION:
                raise ExchangeFileError(f"{p}: exchange file format {version}; this program reads "
                                        f"{EXCHANGE_FORMAT_VERSION}")
            objs = con.execute("SELECT type, name, sql FROM sqlite_master").fetchall()
            tables = {n: sql for t, n, sql in objs if t == "table"}
            others = sorted(f"{t} {n}" for t, n, _ in objs if t not in ("table", "index") or
                            (t == "index" and not str(n).startswith("sqlite_autoindex_")))
            if others or tables != _SCHEMA:
                raise ExchangeFileError(f"{p}: unexpected database schema "
                                        f"({', '.join(others) or ', '.join(sorted(set(tables) ^ set(_SCHEMA))) or 'altered tables'})")
            if con.execute("SELECT count(*) FROM segment").fetchone()[0] > MAX_ROWS:
                raise ExchangeFileError(f"{p}: too many segments")
            meta_rows = con.execute("SELECT key, value FROM meta LIMIT 100").fetchall()
            mod = con.execute("SELECT data FROM module WHERE id = 1").fetchone()
            rows = con.execute("SELECT seq, body, sig FROM segment ORDER BY seq").fetchall()
        finally:
            con.close()
    except sqlite3.Error as exc:
        raise ExchangeFileError(f"{p}: not a readable exchange file: {exc}") from None
    meta: dict[str, Any] = {}
    for k, v in meta_rows:
        if not isinstance(k, str) or not isinstance(v, str) or len(v) > 10_000:
            raise ExchangeFileError(f"{p}: malformed metadata")
        try:
            meta[k] = json.loads(v)
        except (ValueError, RecursionError):
            raise ExchangeFileError(f"{p}: metadata {k!r} is not valid JSON") from None
    for seq, body, sig in rows:
        if not isinstance(seq, int) or not isinstance(body, str) or not isinstance(sig, str):
            raise ExchangeFileError(f"{p}: segment row {seq!r} is malformed")
    module_bytes = mod[0] if mod else None
    if module_bytes is not None and not isinstance(module_bytes, bytes):
        raise ExchangeFileError(f"{p}: the embedded module is not a database")
    return ExchangeFile(meta=meta, rows=[(int(s), b, g) for s, b, g in rows], module_bytes=module_bytes)

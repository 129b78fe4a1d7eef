"""The file-exchange file (``*.ddx``): an SQLite application file holding signed segments.

Tables: ``meta`` (format, game id, module hash), ``module`` (the module database, embedded
only when the receiver may not have it; xz-compressed from format 2 on, and decompressed within a
size bound), ``segment`` (seq, canonical JSON body, signature; from format 3 on the body is stored
zlib-compressed, decompressed within MAX_BODY_BYTES a row and the file's read budget, so a small
row cannot expand without bound; the signature covers the decompressed canonical text, as before).
A file sent to the opponent uses 512-byte pages (a one-segment file is a few KB, not a 4 KB page per
table and index).
The file is opened through the program's one defensive opener (``safesqlite.open_untrusted``:
read-only, ``trusted_schema`` off, limits, a time budget) and the schema must be exactly these
tables (no view, no trigger); nothing is unpickled or evaluated; the bodies are checked by
``darkdec_qt.game.exchange.segment``. Writes go through ``safewrite.atomic_write``.
"""

from __future__ import annotations

import json
import lzma
import sqlite3
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from darkdec_qt.model.safesqlite import (
    EXCHANGE_APPLICATION_ID,
    ReadBudget,
    UntrustedFileError,
    bounded_json,
    open_untrusted,
    require_tables,
)
from darkdec_qt.model.safewrite import SaveError, atomic_write
from darkdec_qt.version import VERSION

EXCHANGE_FORMAT_VERSION = 3
READS = (1, 2, 3)  # format 1: the module embedded uncompressed; 2: the segment bodies uncompressed
MAX_BODY_BYTES = 2_000_000  # one segment's body, decompressed (segment.MAX_SEGMENT_CHARS)
MAX_MODULE_BYTES = 64 * 1024 * 1024  # an embedded module, decompressed
APPLICATION_ID = EXCHANGE_APPLICATION_ID  # "DDGX" (safesqlite.sniff knows it)
MAX_FILE_BYTES = 256 * 1024 * 1024
MAX_ROWS = 200_000
MAX_SECONDS = 20.0
MAX_READ = 128 * 1024 * 1024
"""Memory the rows of one exchange file may take as they are read (``safesqlite.ReadBudget``)."""
SUFFIX = ".ddx"
_SCHEMA = {
    "meta": "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "module": "CREATE TABLE module (id INTEGER PRIMARY KEY CHECK (id = 1), data BLOB NOT NULL)",
    "segment": "CREATE TABLE segment (seq INTEGER PRIMARY KEY, body BLOB NOT NULL, sig TEXT NOT NULL)",
}
_SCHEMA_2 = dict(_SCHEMA, segment="CREATE TABLE segment (seq INTEGER PRIMARY KEY, body TEXT NOT NULL, sig TEXT NOT NULL)")


_COLUMNS = {"meta": {"key", "value"}, "module": {"id", "data"}, "segment": {"seq", "body", "sig"}}


class ExchangeFileError(ValueError):
    """An exchange file that cannot be read; the message says why."""


@dataclass
class ExchangeFile:
    meta: dict[str, Any]
    rows: list[tuple[int, str, str]]  # seq, body, signature
    module_bytes: bytes | None = None


def pack_module(data: bytes) -> bytes:
    return lzma.compress(data, preset=9 | lzma.PRESET_EXTREME)


def unpack_module(data: bytes, where: str) -> bytes:
    """An embedded module, decompressed within MAX_MODULE_BYTES (a small file cannot expand without bound)."""
    d = lzma.LZMADecompressor(format=lzma.FORMAT_XZ)
    try:
        out = d.decompress(data, max_length=MAX_MODULE_BYTES + 1)
    except lzma.LZMAError:
        raise ExchangeFileError(f"{where}: the embedded module is damaged (not xz data)") from None
    if len(out) > MAX_MODULE_BYTES or not d.eof:
        raise ExchangeFileError(f"{where}: the embedded module is larger than {MAX_MODULE_BYTES // 2**20} MB or truncated")
    return out


def pack_body(body: str) -> bytes:
    return zlib.compress(body.encode("utf-8"), 6)  # 9 is five times slower for 1-2 % less


def unpack_body(data: Any, where: str, seq: Any) -> str:
    """A segment's stored body (format 3), decompressed within MAX_BODY_BYTES: the work is bounded
    by that size whatever the row holds (a decompression bomb is refused after at most that much)."""
    if not isinstance(data, bytes):
        raise ExchangeFileError(f"{where}: segment row {seq!r} is malformed (its body is not compressed data)")
    d = zlib.decompressobj()
    try:
        out = d.decompress(data, MAX_BODY_BYTES + 1)
    except zlib.error:
        raise ExchangeFileError(f"{where}: segment row {seq!r} is damaged (its body is not zlib data)") from None
    if len(out) > MAX_BODY_BYTES or d.unconsumed_tail:
        raise ExchangeFileError(f"{where}: segment row {seq!r} expands beyond {MAX_BODY_BYTES:,} bytes; refused")
    if not d.eof or d.unused_data:
        raise ExchangeFileError(f"{where}: segment row {seq!r} is damaged (its compressed body is truncated or "
                                "followed by other bytes)")
    try:
        return out.decode("utf-8")
    except UnicodeDecodeError:
        raise ExchangeFileError(f"{where}: segment row {seq!r} is not text (its body is not UTF-8)") from None


def build_bytes(f: ExchangeFile, *, compact: bool = False) -> bytes:
    """The file's bytes, built in memory (no journal, no temporary files); ``compact``: small pages
    (a file to send: few segments)."""
    con = sqlite3.connect(":memory:")
    try:
        if compact:
            con.execute("PRAGMA page_size=512")
        con.execute(f"PRAGMA application_id={APPLICATION_ID}")
        con.execute(f"PRAGMA user_version={EXCHANGE_FORMAT_VERSION}")
        for sql in _SCHEMA.values():
            con.execute(sql)
        meta = dict(f.meta, format_version=EXCHANGE_FORMAT_VERSION, program_version=VERSION)
        con.executemany("INSERT INTO meta VALUES (?, ?)", [(k, json.dumps(v)) for k, v in sorted(meta.items())])
        if f.module_bytes is not None:
            con.execute("INSERT INTO module VALUES (1, ?)", (pack_module(f.module_bytes),))
        con.executemany("INSERT INTO segment VALUES (?, ?, ?)", [(n, pack_body(b), g) for n, b, g in f.rows])
        con.commit()
        return con.serialize()
    finally:
        con.close()


def write_exchange(f: ExchangeFile, path: str | Path, *, compact: bool = False) -> Path:
    """Write atomically and durably (``safewrite.atomic_write``: temporary file, fsync, rename,
    fsync of the folder); raises ExchangeFileError with the reason, the previous file intact."""
    try:
        return atomic_write(path, build_bytes(f, compact=compact), prefix=".save-", suffix=".ddg")
    except SaveError as exc:
        raise ExchangeFileError(str(exc)) from None


def read_exchange(path: str | Path) -> ExchangeFile:
    """Read an untrusted exchange file through the defensive opener (``safesqlite``: read-only,
    ``trusted_schema`` off, limits, a time budget, plain tables only); raises ExchangeFileError."""
    p = Path(path)
    try:
        if p.is_file() and p.stat().st_size > MAX_FILE_BYTES:
            raise ExchangeFileError(f"{p}: larger than {MAX_FILE_BYTES // 2**20} MB, not an exchange file")
        with open_untrusted(p, "file-exchange file", budget_s=MAX_SECONDS) as con:
            if con.execute("PRAGMA application_id").fetchone()[0] != APPLICATION_ID:
                raise ExchangeFileError(f"{p}: not a Dark December file-exchange file")
            version = con.execute("PRAGMA user_version").fetchone()[0]
            if version not in READS:
                raise ExchangeFileError(f"{p}: exchange file format {version}; this program reads "
                                        f"{' and '.join(map(str, READS))}")
            require_tables(con, _COLUMNS, "file-exchange file")
            objs = con.execute("SELECT type, name, sql FROM sqlite_master").fetchall()
            tables = {n: sql for t, n, sql in objs if t == "table"}
            others = sorted(f"{t} {n}" for t, n, _ in objs if t not in ("table", "index") or
                            (t == "index" and not str(n).startswith("sqlite_autoindex_")))
            if others or tables != (_SCHEMA if version >= 3 else _SCHEMA_2):
                raise ExchangeFileError(f"{p}: unexpected database schema "
                                        f"({', '.join(others) or ', '.join(sorted(set(tables) ^ set(_SCHEMA))) or 'altered tables'})")
            if con.execute("SELECT count(*) FROM segment").fetchone()[0] > MAX_ROWS:
                raise ExchangeFileError(f"{p}: too many segments")
            budget = ReadBudget(MAX_READ, "file-exchange file")
            meta_rows = []
            for row in con.execute("SELECT key, value FROM meta LIMIT 100"):  # one row at a time, under the budget
                budget.take(row[1], json_text=True)
                meta_rows.append(row)
            mod = con.execute("SELECT data FROM module WHERE id = 1").fetchone()
            if mod is not None:
                budget.take(mod[0])
            rows = []
            for seq, body, sig in con.execute("SELECT seq, body, sig FROM segment ORDER BY seq"):
                if version >= 3:
                    budget.take(body)
                    body = unpack_body(body, str(p), seq)
                budget.take(body, json_text=True)
                budget.take(sig)
                rows.append((seq, body, sig))
    except UntrustedFileError as exc:
        raise ExchangeFileError(str(exc)) from None
    meta: dict[str, Any] = {}
    for k, v in meta_rows:
        if not isinstance(k, str):
            raise ExchangeFileError(f"{p}: malformed metadata")
        try:
            meta[k] = bounded_json(v, f"{p}: metadata {k!r}", max_bytes=10_000)
        except UntrustedFileError as exc:
            raise ExchangeFileError(str(exc)) from None
    for seq, body, sig in rows:
        if not isinstance(seq, int) or not isinstance(body, str) or not isinstance(sig, str):
            raise ExchangeFileError(f"{p}: segment row {seq!r} is malformed")
    module_bytes = mod[0] if mod else None
    if module_bytes is not None and not isinstance(module_bytes, bytes):
        raise ExchangeFileError(f"{p}: the embedded module is not a database")
    if module_bytes is not None and version >= 2:
        module_bytes = unpack_module(module_bytes, str(p))
    return ExchangeFile(meta=meta, rows=[(int(s), b, g) for s, b, g in rows], module_bytes=module_bytes)

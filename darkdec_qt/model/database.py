"""Write the module database (SQLite through sqlmodel) and read it (plain ``sqlite3``).

Writes are atomic: the database is built in a temporary file beside the target,
then renamed over it, so a crash never leaves a half-written module. The content
hash is a SHA-256 over the canonical rows of every table (not the file bytes), so
building the same sources twice gives the same hash.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from pathlib import Path
from typing import Any

from darkdec_qt.model.safesqlite import (
    ReadBudget,
    UntrustedFileError,
    declared_columns,
    expect_kind,
    open_untrusted,
    require_tables,
)
from darkdec_qt.model.safewrite import (
    check_target,
    fsync_dir,
    fsync_path,
    remove_orphans,
    resolve_target,
    temp_name,
)
from darkdec_qt.model.schema import FORMAT_VERSION, SCHEMA
from darkdec_qt.model.sources import Rows, canonical

OPTIONAL_TABLES = frozenset({"historical"})  # added after format 1 databases were written: absent = empty
MAX_MODULE_BYTES = 64 * 1024 * 1024
"""Largest module database read (the bundled one is about 0.7 MB)."""
MAX_ROWS = 100_000
"""Rows per table a module may hold (the bundled one's largest table has 1,914)."""
MAX_READ = 48 * 1024 * 1024
"""Memory the rows of one module may take as they are read (``safesqlite.ReadBudget``: text
plus a cost per value and per row); the bundled module's rows take about 2.6 MB of it."""
_ROW_COST = 256


class DatabaseError(ValueError):
    """A module database that cannot be read; the message names the table and row."""


def content_hash(rows: Rows) -> str:
    """SHA-256 over the canonical (sorted) rows: equal content, equal hash, whatever the order."""
    rows = canonical({t: [r for r in v if not (t == "meta" and r["key"] == "content_hash")] for t, v in rows.items()})
    h = hashlib.sha256()
    for table in SCHEMA:
        for r in rows.get(table, []):
            if table == "meta" and r["key"] == "content_hash":
                continue
            h.update(table.encode())
            h.update(json.dumps(r, sort_keys=True, separators=(",", ":")).encode())
    return h.hexdigest()


def with_hash(rows: Rows) -> Rows:
    """Rows with the ``content_hash`` meta key set (format version kept)."""
    rows = {t: list(v) for t, v in rows.items()}
    meta = [r for r in rows["meta"] if r["key"] != "content_hash"]
    rows["meta"] = meta
    digest = content_hash(rows)
    meta.append({"key": "content_hash", "value": digest})
    return canonical(rows)


def write_database(rows: Rows, path: str | Path) -> str:
    """Write rows to ``path`` atomically; returns the content hash."""
    from sqlmodel import Session, SQLModel, create_engine

    from darkdec_qt.model.tables import TABLES

    target = resolve_target(path)
    check_target(target)  # a named pipe or a device is refused, never replaced
    target.parent.mkdir(parents=True, exist_ok=True)
    rows = with_hash(rows)
    remove_orphans(target.parent)
    tmp = str(temp_name(target.parent, ".build-", ".sqlite"))
    engine = create_engine(f"sqlite:///{tmp}")
    try:
        SQLModel.metadata.create_all(engine, tables=[TABLES[t][0].__table__ for t in TABLES])  # type: ignore[attr-defined]
        with Session(engine) as session:
            for table, (model, _) in TABLES.items():
                for r in rows[table]:
                    session.add(model(**r))
            session.commit()
        engine.dispose()
        con = sqlite3.connect(tmp)
        con.execute(f"PRAGMA user_version={FORMAT_VERSION}")
        con.execute("VACUUM")
        con.close()
        fsync_path(Path(tmp))
        os.replace(tmp, target)
        fsync_dir(target.parent)
    except BaseException:
        engine.dispose()
        for leftover in (tmp, tmp + "-journal"):
            if os.path.exists(leftover):
                os.unlink(leftover)
        raise
    return next(r["value"] for r in rows["meta"] if r["key"] == "content_hash")


_TYPE_WORD = {int: "an integer", str: "text", bool: "a boolean (0 or 1)"}


def _typed(value: Any, typ: type, nullable: bool, where: str) -> Any:
    """The value checked against the column's type: SQLite stores any value in any
    column, so text in an integer column or 2 in a boolean column is refused here."""
    if value is None:
        if nullable:
            return None
        raise DatabaseError(f"{where} is empty (NULL) but must be {_TYPE_WORD.get(typ, typ.__name__)}")
    if typ is bool:
        if type(value) is int and value in (0, 1):
            return bool(value)
    elif typ is int:
        if type(value) is int and -(2**31) <= value < 2**31:
            return value
    elif typ is str:
        if isinstance(value, str):
            return value
    raise DatabaseError(f"{where} must be {_TYPE_WORD.get(typ, typ.__name__)}, holds {value!r:.60}")


def read_database(path: str | Path, verify_hash: bool = True) -> Rows:
    """Read every table into canonical rows through the defensive opener
    (:mod:`darkdec_qt.model.safesqlite`), checking each value's type; raises
    DatabaseError on a bad file. With ``verify_hash`` the content hash is recomputed and
    must equal the stored one, so a module edited behind the program's back (any CRT
    cell, any unit strength) is refused rather than passed off as the module it claims
    to be."""
    p = Path(path)
    types = {table: {c.name: (c.type, c.nullable) for c in t.columns} for table, t in SCHEMA.items()}
    rows: Rows = {}
    try:
        expect_kind(p, "module")
        with open_untrusted(p, "module database", max_bytes=MAX_MODULE_BYTES) as con:
            version = con.execute("PRAGMA user_version").fetchone()[0]
            if version > FORMAT_VERSION:
                raise DatabaseError(f"{p}: module format {version} is newer than this program ({FORMAT_VERSION}); "
                                    "update Dark December to open it")
            require_tables(con, {t: set(cols) for t, cols in types.items()}, "module database",
                           optional=OPTIONAL_TABLES)
            present = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            budget = ReadBudget(MAX_READ, "module database")
            for table, cols in types.items():
                if table in OPTIONAL_TABLES and table not in present:
                    rows[table] = []
                    continue
                _require_format_columns(con, table, set(cols), p)
                names = list(cols)
                sql = "SELECT " + ", ".join(f'"{c}"' for c in names) + f' FROM "{table}"'
                out: list[dict[str, Any]] = []
                for i, rec in enumerate(con.execute(sql), 1):
                    if i > MAX_ROWS:
                        raise DatabaseError(f"{p}: table {table!r} holds more than {MAX_ROWS} rows")
                    budget.used += _ROW_COST
                    for v in rec:
                        budget.take(v)
                    out.append({c: _typed(v, *cols[c], f"{p}: table {table!r} row {i}: column {c!r}")
                                for c, v in zip(names, rec, strict=True)})
                rows[table] = out
    except UntrustedFileError as exc:
        raise DatabaseError(str(exc)) from None
    try:
        rows = canonical(rows)
    except ValueError as exc:
        raise DatabaseError(f"{p}: {exc}") from None
    if verify_hash:
        stored = stored_hash(rows)
        actual = content_hash(rows)
        if stored != actual:
            raise DatabaseError(f"{p}: the module's content does not match its content hash "
                                f"(stored {stored[:12] or 'none'}, content {actual[:12]}): it was changed "
                                "outside the program; rebuild it with 'darkdec module build' or open it in the editor")
    return rows


def _require_format_columns(con: sqlite3.Connection, table: str, names: set[str], p: Path) -> None:
    """A module table holds the format's columns and no other, none with a default: a column
    added with ``ALTER TABLE ... ADD COLUMN x DEFAULT '<100 kB>'`` is never stored, yet every
    row read would produce it."""
    cols = declared_columns(con, table)
    extra = sorted(c[0] for c in cols if c[0] not in names)
    if extra:
        raise DatabaseError(f"{p}: the module database's table {table!r} has columns the format does not: "
                            f"{', '.join(x[:30] for x in extra[:5])}")
    if any(c[3] is not None for c in cols):
        raise DatabaseError(f"{p}: the module database's table {table!r} declares a default value; "
                            "the format declares none")


def stored_hash(rows: Rows) -> str:
    return next((r["value"] for r in rows["meta"] if r["key"] == "content_hash"), "")


def stored_hash_of_bytes(data: bytes) -> str:
    """The content hash a module database's bytes declare ('' if none or unreadable):
    cheap (no table read), to check that the module embedded in a save is the game's."""
    con = sqlite3.connect(":memory:")
    try:
        con.deserialize(data)
        row = con.execute("SELECT value FROM meta WHERE key = 'content_hash'").fetchone()
        return row[0] if row and isinstance(row[0], str) else ""
    except (sqlite3.Error, MemoryError, OverflowError, UnicodeDecodeError):
        return ""
    finally:
        con.close()

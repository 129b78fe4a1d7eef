"""Write and read the module database (SQLite through sqlmodel).

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
import tempfile
from pathlib import Path
from typing import Any

from sqlalchemy import select
from sqlmodel import Session, SQLModel, create_engine

from darkdec_qt.model.sources import Rows, canonical
from darkdec_qt.model.tables import FORMAT_VERSION, TABLES

OPTIONAL_TABLES = ("historical",)  # added after format 1 databases were written: absent = empty


class DatabaseError(ValueError):
    """A module database that cannot be read; the message names the table and row."""


def content_hash(rows: Rows) -> str:
    """SHA-256 over the canonical (sorted) rows: equal content, equal hash, whatever the order."""
    rows = canonical({t: [r for r in v if not (t == "meta" and r["key"] == "content_hash")] for t, v in rows.items()})
    h = hashlib.sha256()
    for table in TABLES:
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
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    rows = with_hash(rows)
    fd, tmp = tempfile.mkstemp(prefix=".build-", suffix=".sqlite", dir=target.parent)
    os.close(fd)
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
        os.replace(tmp, target)
    except BaseException:
        engine.dispose()
        for leftover in (tmp, tmp + "-journal"):
            if os.path.exists(leftover):
                os.unlink(leftover)
        raise
    return next(r["value"] for r in rows["meta"] if r["key"] == "content_hash")


def read_database(path: str | Path) -> Rows:
    """Read every table into canonical rows; raises DatabaseError on a bad file."""
    p = Path(path)
    if not p.exists():
        raise DatabaseError(f"{p}: no such module database")
    try:
        con = sqlite3.connect(f"file:{p}?mode=ro", uri=True)
        con.execute("SELECT count(*) FROM sqlite_master").fetchone()
        con.close()
    except sqlite3.DatabaseError as exc:
        raise DatabaseError(f"{p}: not a module database: {exc}") from None
    engine = create_engine(f"sqlite:///file:{p}?mode=ro&uri=true")
    rows: Rows = {}
    try:
        with engine.connect() as conn:
            for table, (model, _) in TABLES.items():
                t = model.__table__  # type: ignore[attr-defined]
                names = [c.name for c in t.columns]
                if table in OPTIONAL_TABLES and not _has_table(conn, table):
                    rows[table] = []
                    continue
                try:
                    result = conn.execute(select(t)).all()
                except Exception as exc:  # sqlalchemy OperationalError etc.
                    raise DatabaseError(f"{p}: table {table!r}: {exc.__class__.__name__}: {exc}") from None
                out: list[dict[str, Any]] = []
                for i, rec in enumerate(result, 1):
                    row = dict(zip(names, rec, strict=True))
                    for c in names:
                        if model.model_fields[c].annotation is bool and not isinstance(row[c], bool):
                            if row[c] not in (0, 1):
                                raise DatabaseError(f"{p}: table {table!r} row {i}: column {c!r} is not a boolean: {row[c]!r}")
                            row[c] = bool(row[c])
                    out.append(row)
                rows[table] = out
    finally:
        engine.dispose()
    try:
        return canonical(rows)
    except ValueError as exc:
        raise DatabaseError(f"{p}: {exc}") from None


def _has_table(conn: Any, name: str) -> bool:
    return conn.exec_driver_sql("SELECT 1 FROM sqlite_master WHERE type='table' AND name=?", (name,)).first() is not None


def stored_hash(rows: Rows) -> str:
    return next((r["value"] for r in rows["meta"] if r["key"] == "content_hash"), "")

"""One defensive, read-only opener for untrusted SQLite files (modules and game files).

Every module database and game file is untrusted input: it may come from another
player, an e-mail, a damaged disk. Following SQLite's guidance for untrusted databases
(https://www.sqlite.org/security.html, "Untrusted SQLite Database Files") every read in
the program goes through :func:`open_untrusted`, which

- refuses a path that is missing, a folder, or not an SQLite file (header check) with one
  clear sentence, before SQLite sees it;
- opens read-only (URI ``mode=ro``, ``PRAGMA query_only``), so no read can write the file
  or leave a journal beside it;
- turns off ``trusted_schema`` (no SQL functions with side effects inside views or
  triggers), sets ``SQLITE_DBCONFIG_DEFENSIVE`` where Python exposes it (3.12+), checks
  cell sizes;
- lowers ``setlimit`` bounds (string/blob length, SQL length, expression depth, columns);
- installs a progress handler that aborts any query running past a time budget, so a
  hostile file (say an endlessly recursive view) ends in a clear error in bounded time;
- checks with :func:`require_tables` that every table the caller reads is a real table
  with the expected columns, and that the schema holds no views, triggers or virtual
  tables (a view could return a different value at each read);

and :func:`bounded_json` parses JSON text only below a size and a nesting cap, so a
deeply nested value is a clear error instead of a ``RecursionError``.

Errors are :class:`UntrustedFileError` (a ``ValueError``); the callers re-raise them as
their own ``DatabaseError`` / ``GameFileError`` naming the file.

Usage::

    with open_untrusted(path, what="game file") as con:
        require_tables(con, {"meta": {"key", "value"}, "event": {"idx", "payload", "chain"}})
        rows = con.execute("SELECT key, value FROM meta").fetchall()
"""

from __future__ import annotations

import json
import re
import sqlite3
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from darkdec_qt.model.jsonscan import json_depth  # game files and file exchange share one linear scan

SQLITE_HEADER = b"SQLite format 3\x00"
DEFAULT_BUDGET_S = 10.0
"""Wall-clock budget of all queries on one connection; the whole bundled module reads in
about 40 ms and a long game file in under a second, so ten seconds is generous."""
MAX_LENGTH = 64 * 1024 * 1024
"""Largest string or blob a read may return (an embedded module is ~0.7 MB)."""
MAX_JSON_BYTES = 1024 * 1024
MAX_JSON_DEPTH = 32
"""Nesting cap of any JSON value in a file: the deepest real value (an event) is 4 deep."""
_PROGRESS_OPS = 10_000


class UntrustedFileError(ValueError):
    """An untrusted file refused; the message says why in words a player understands."""


def check_path(path: str | Path, what: str = "database", max_bytes: int = 256 * 1024 * 1024) -> Path:
    """The path as a :class:`Path` if it names a readable SQLite file of at most
    ``max_bytes``, else a clear error (missing, a folder, too large, empty, not SQLite)."""
    p = Path(path)
    if not p.exists():
        raise UntrustedFileError(f"{p}: no such {what}")
    if p.is_dir():
        raise UntrustedFileError(f"{p}: is a folder, not a {what}")
    try:
        size = p.stat().st_size
    except OSError as exc:
        raise UntrustedFileError(f"{p}: cannot read the {what}: {exc.strerror or exc}") from None
    if size > max_bytes:
        raise UntrustedFileError(f"{p}: the {what} is {size // 2**20} MB, more than the {max_bytes // 2**20} MB allowed")
    try:
        with p.open("rb") as f:
            head = f.read(len(SQLITE_HEADER))
    except OSError as exc:
        raise UntrustedFileError(f"{p}: cannot read the {what}: {exc.strerror or exc}") from None
    if head != SQLITE_HEADER:
        raise UntrustedFileError(f"{p}: not a {what} (not an SQLite file)")
    return p


GAME_APPLICATION_ID = 0x44444743  # "DDGC", as darkdec_qt.model.gamefile writes it
EXCHANGE_APPLICATION_ID = 0x44444758  # "DDGX", as darkdec_qt.model.exchangefile writes it


def sniff(path: str | Path) -> str:
    """What a file looks like, from its header only (no SQL run): ``"game"`` (a Dark
    December game file), ``"exchange"`` (a file-exchange file, .ddx), ``"sqlite"`` (another
    SQLite file, e.g. a module database), ``"folder"``, ``"missing"`` or ``"other"``."""
    p = Path(path)
    if p.is_dir():
        return "folder"
    try:
        with p.open("rb") as f:
            head = f.read(100)
    except FileNotFoundError:
        return "missing"
    except OSError:
        return "other"
    if not head.startswith(SQLITE_HEADER) or len(head) < 100:
        return "other"
    app = int.from_bytes(head[68:72], "big")
    return {GAME_APPLICATION_ID: "game", EXCHANGE_APPLICATION_ID: "exchange"}.get(app, "sqlite")


def expect_kind(path: str | Path, kind: str) -> None:
    """Refuse, with one sentence saying what the file is instead, a ``path`` that is not
    a ``kind`` (``"game"`` file or ``"module"`` database)."""
    got = sniff(path)
    what = {"game": "game file", "module": "module database"}[kind]
    if got == "folder":
        raise UntrustedFileError(f"{path}: is a folder, not a {what}")
    if got == "missing":
        raise UntrustedFileError(f"{path}: no such {what}")
    if kind == "module" and got == "game":
        raise UntrustedFileError(f"{path}: is a game file (.ddg), not a module database; "
                                 f"open it with 'darkdec play {path}'")
    if got == "exchange":
        raise UntrustedFileError(f"{path}: is a file-exchange file (.ddx) from a game played by file, not a {what}; "
                                 f"open it with 'darkdec play {path}' or 'darkdec exchange open {path}', which "
                                 "verify its signatures and every move")
    if kind == "game" and got == "sqlite":
        raise UntrustedFileError(f"{path}: is not a game file (an SQLite database, perhaps a module); "
                                 f"a module is given with --module")
    if got == "other":
        raise UntrustedFileError(f"{path}: not a {what} (not an SQLite file)")


def _harden(con: sqlite3.Connection, budget_s: float) -> None:
    defensive = getattr(sqlite3, "SQLITE_DBCONFIG_DEFENSIVE", None)
    if defensive is not None and hasattr(con, "setconfig"):  # Python 3.12+
        con.setconfig(defensive, True)
    con.execute("PRAGMA trusted_schema=OFF")
    con.execute("PRAGMA query_only=ON")
    con.execute("PRAGMA cell_size_check=ON")
    con.execute("PRAGMA mmap_size=0")
    con.execute("PRAGMA temp_store=MEMORY")
    for limit, value in (("SQLITE_LIMIT_LENGTH", MAX_LENGTH), ("SQLITE_LIMIT_SQL_LENGTH", 100_000),
                         ("SQLITE_LIMIT_COLUMN", 100), ("SQLITE_LIMIT_EXPR_DEPTH", 50),
                         ("SQLITE_LIMIT_COMPOUND_SELECT", 3), ("SQLITE_LIMIT_VDBE_OP", 25_000),
                         ("SQLITE_LIMIT_FUNCTION_ARG", 8), ("SQLITE_LIMIT_ATTACHED", 0),
                         ("SQLITE_LIMIT_LIKE_PATTERN_LENGTH", 50), ("SQLITE_LIMIT_VARIABLE_NUMBER", 10),
                         ("SQLITE_LIMIT_TRIGGER_DEPTH", 10)):
        code = getattr(sqlite3, limit, None)
        if code is not None:
            con.setlimit(code, value)
    deadline = time.monotonic() + budget_s
    con.set_progress_handler(lambda: 1 if time.monotonic() > deadline else 0, _PROGRESS_OPS)


@contextmanager
def open_untrusted(path: str | Path, what: str = "database", budget_s: float = DEFAULT_BUDGET_S,
                   max_bytes: int = 256 * 1024 * 1024) -> Iterator[sqlite3.Connection]:
    """A hardened read-only connection to ``path`` (see the module docstring), closed on
    exit. Any SQLite error inside the ``with`` block, including the time budget running
    out, becomes an :class:`UntrustedFileError` naming the file. Files larger than
    ``max_bytes`` are refused before SQLite opens them."""
    p = check_path(path, what, max_bytes)
    try:
        con = sqlite3.connect(p.resolve().as_uri() + "?mode=ro", uri=True, check_same_thread=True)
    except sqlite3.Error as exc:
        raise UntrustedFileError(f"{p}: cannot open the {what}: {exc}") from None
    try:
        _harden(con, budget_s)
        yield con
    except UntrustedFileError as exc:
        if str(exc).startswith(f"{p}:"):
            raise
        raise UntrustedFileError(f"{p}: {exc}") from None
    except sqlite3.OperationalError as exc:
        if "interrupted" in str(exc):
            raise UntrustedFileError(f"{p}: reading the {what} took longer than {budget_s:g} s; refused") from None
        raise UntrustedFileError(f"{p}: not a readable {what}: {exc}") from None
    except (sqlite3.DatabaseError, MemoryError, OverflowError) as exc:
        raise UntrustedFileError(f"{p}: not a readable {what}: {exc}") from None
    except UnicodeDecodeError:
        raise UntrustedFileError(f"{p}: not a readable {what}: it holds text that is not UTF-8") from None
    finally:
        con.close()


def require_tables(con: sqlite3.Connection, expected: Mapping[str, set[str] | frozenset[str]],
                   what: str = "database", optional: frozenset[str] = frozenset()) -> None:
    """Refuse a schema that is not what the program wrote: every ``expected`` table must be
    an ordinary table (not a view or virtual table) holding at least its columns, and the
    schema may hold no view or trigger at all (they could compute what a read returns).
    Tables named in ``optional`` may be missing."""
    schema = con.execute("SELECT type, name, sql FROM sqlite_master").fetchall()
    kinds: dict[str, tuple[str, str]] = {}
    for typ, name, sql in schema:
        if typ in ("view", "trigger"):
            raise UntrustedFileError(f"the {what} holds a {typ} {name!r}; only plain tables are allowed")
        if typ == "table":
            if re.match(r"\s*CREATE\s+VIRTUAL\b", sql or "", re.IGNORECASE):
                raise UntrustedFileError(f"the {what} holds a virtual table {name!r}; only plain tables are allowed")
            kinds[name] = (typ, sql or "")
    for table, columns in expected.items():
        if table not in kinds:
            if table in optional:
                continue
            raise UntrustedFileError(f"the {what} has no table {table!r}")
        have = {r[1] for r in con.execute(f'PRAGMA table_info("{table}")')}
        missing = set(columns) - have
        if missing:
            raise UntrustedFileError(f"the {what}'s table {table!r} lacks the columns {', '.join(sorted(missing))}")


def bounded_json(text: Any, where: str, max_bytes: int = MAX_JSON_BYTES, max_depth: int = MAX_JSON_DEPTH) -> Any:
    """``json.loads`` for untrusted text: a clear :class:`UntrustedFileError` naming
    ``where`` for a non-string, oversize, too deeply nested or invalid value."""
    if isinstance(text, bytes):
        try:
            text = text.decode()
        except UnicodeDecodeError:
            raise UntrustedFileError(f"{where} is not text") from None
    if not isinstance(text, str):
        raise UntrustedFileError(f"{where} is not JSON text but {type(text).__name__}")
    if len(text) > max_bytes:
        raise UntrustedFileError(f"{where} is {len(text)} characters long, more than the {max_bytes} allowed")
    if text.count("[") + text.count("{") > max_depth and json_depth(text) > max_depth:
        raise UntrustedFileError(f"{where} is nested more than {max_depth} levels deep")
    try:
        return json.loads(text)
    except (json.JSONDecodeError, RecursionError, ValueError) as exc:
        raise UntrustedFileError(f"{where} is not valid JSON: {exc}") from None

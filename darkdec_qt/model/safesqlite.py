"""One defensive, read-only opener for untrusted SQLite files (modules and game files).

Every module database and game file is untrusted input: it may come from another
player, an e-mail, a damaged disk. Following SQLite's guidance for untrusted databases
(https://www.sqlite.org/security.html, "Untrusted SQLite Database Files") every read in
the program goes through :func:`open_untrusted`, which

- refuses a path that is missing, a folder, not a regular file (a named pipe, a device:
  found with ``stat``, never by opening it, since opening a pipe for reading waits for a
  writer forever) or not an SQLite file (header check) with one clear sentence, before
  SQLite sees it;
- opens read-only and immutable (URI ``mode=ro&immutable=1``, ``PRAGMA query_only``), so no
  read can write the file or leave anything beside it: no journal, and for a WAL-mode file
  no ``-wal`` or ``-shm`` file (a read-only folder is fine); an unfinished write left beside
  it (a hot journal or a ``-wal`` file) is refused in one sentence instead of being ignored;
- turns off ``trusted_schema`` (no SQL functions with side effects inside views or
  triggers), sets ``SQLITE_DBCONFIG_DEFENSIVE`` where Python exposes it (3.12+), checks
  cell sizes;
- lowers ``setlimit`` bounds (string/blob length, SQL length, expression depth, columns);
- installs a progress handler that aborts any query running past a time budget, so a
  hostile file (say an endlessly recursive view) ends in a clear error in bounded time;
- checks with :func:`require_tables` that every table the caller reads is a real table
  with the expected columns, and that the schema holds no views, triggers or virtual
  tables (a view could return a different value at each read); with ``declared`` the
  columns must be exactly the format's, with their declared types and defaults: a column
  added with ``ALTER TABLE ... ADD COLUMN x DEFAULT '<90 kB>'`` is never stored but every
  read of a row produces it, so 1.5 MB of rows could otherwise cost gigabytes of memory;
- :class:`ReadBudget` bounds the memory a caller's rows take as they are read one at a
  time (text length, plus a cost per JSON token for text that will be parsed);

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

import errno
import json
import os
import re
import sqlite3
import stat
import sys
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from darkdec_qt.model.jsonscan import json_depth  # game files and file exchange share one linear scan
from darkdec_qt.model.safewrite import special_kind

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


def stat_path(path: str | Path, what: str) -> os.stat_result:
    """``os.stat`` of ``path`` (a symlink followed), refusing in one sentence a path that is
    missing, too long, a folder, or not a regular file (a named pipe or a device: reading
    a pipe waits for a writer forever, so it is never opened to find out)."""
    p = Path(path)
    try:
        st = os.stat(p)
    except FileNotFoundError:
        raise UntrustedFileError(f"{p}: no such {what}") from None
    except OSError as exc:
        reason = "the name is too long" if exc.errno == errno.ENAMETOOLONG else (exc.strerror or str(exc))
        raise UntrustedFileError(f"{str(p)[:120]}: cannot read the {what}: {reason}") from None
    except ValueError:  # a NUL byte in the name
        raise UntrustedFileError(f"{str(p)[:120]!r}: not a file name") from None
    if stat.S_ISDIR(st.st_mode):
        raise UntrustedFileError(f"{p}: is a folder, not a {what}")
    if not stat.S_ISREG(st.st_mode):
        raise UntrustedFileError(f"{p}: is {special_kind(st.st_mode)}, not a {what}; only regular files are opened")
    return st


def check_path(path: str | Path, what: str = "database", max_bytes: int = 256 * 1024 * 1024) -> Path:
    """The path as a :class:`Path` if it names a readable SQLite file of at most
    ``max_bytes``, else a clear error (missing, a folder, a pipe or device, too large,
    empty, not SQLite)."""
    p = Path(path)
    size = stat_path(p, what).st_size
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
    SQLite file, e.g. a module database), ``"folder"``, ``"missing"``, ``"special"`` (a named
    pipe or a device, never opened), ``"unreadable"`` or ``"other"``."""
    p = Path(path)
    try:
        mode = os.stat(p).st_mode
    except FileNotFoundError:
        return "missing"
    except (OSError, ValueError):
        return "unreadable"
    if stat.S_ISDIR(mode):
        return "folder"
    if not stat.S_ISREG(mode):
        return "special"  # a named pipe or a device: never opened (a pipe would block)
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
    if got in ("missing", "special", "unreadable"):
        stat_path(path, what)  # raises: the sentence for a missing file, a pipe, a device, a long name
        raise UntrustedFileError(f"{path}: cannot read the {what}")
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
    for side in ("-journal", "-wal"):
        beside = Path(str(p) + side)
        try:
            unfinished = beside.stat().st_size > 0
        except OSError:
            unfinished = False
        if unfinished:
            raise UntrustedFileError(f"{p}: the {what} has an unfinished write beside it ({beside.name}); "
                                     "open it once with the program that wrote it, or remove that file")
    try:
        con = sqlite3.connect(p.resolve().as_uri() + "?mode=ro&immutable=1", uri=True, check_same_thread=True)
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


def declared_columns(con: sqlite3.Connection, table: str) -> list[tuple[str, str, int, Any, int]]:
    """A table's declared columns: name, type, not-null, default, primary-key position."""
    return [(r[1], str(r[2]).upper(), r[3], r[4], r[5]) for r in con.execute(f'PRAGMA table_xinfo("{table}")')]


def format_columns(create: Mapping[str, str]) -> dict[str, list[tuple[str, str, int, Any, int]]]:
    """The declared columns of each table a format's ``CREATE TABLE`` statements make."""
    con = sqlite3.connect(":memory:")
    try:
        for sql in create.values():
            con.execute(sql)
        return {t: declared_columns(con, t) for t in create}
    finally:
        con.close()


def require_tables(con: sqlite3.Connection, expected: Mapping[str, set[str] | frozenset[str]],
                   what: str = "database", optional: frozenset[str] = frozenset(),
                   declared: Mapping[str, list[tuple[str, str, int, Any, int]]] | None = None) -> None:
    """Refuse a schema that is not what the program wrote: every ``expected`` table must be
    an ordinary table (not a view or virtual table) holding at least its columns, and the
    schema may hold no view or trigger at all (they could compute what a read returns).
    Tables named in ``optional`` may be missing. With ``declared`` (from
    :func:`format_columns`) a table's columns must be exactly the format's: no column
    more, none renamed, no other type or default."""
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
        if declared is not None and table in declared and declared_columns(con, table) != declared[table]:
            extra = sorted(have - set(columns))
            raise UntrustedFileError(f"the {what}'s table {table!r} is not declared as the format declares it"
                                     + (f" (it has columns the format does not: {', '.join(x[:30] for x in extra[:5])})"
                                        if extra else " (other column types, order or defaults)"))


class ReadBudget:
    """A running bound on the memory that rows read from an untrusted file will take.

    Callers read rows one at a time and :meth:`take` each value: text and blobs cost their
    length, and text that will be parsed as JSON costs a further :data:`JSON_TOKEN_COST`
    bytes for each bracket, comma and colon (each makes a Python object: ``[[],[],...]``
    of 256 kB parses into about 5 MB of lists). When the total passes ``limit`` the read
    stops with one sentence."""

    JSON_TOKEN_COST = 64

    def __init__(self, limit: int, what: str):
        self.limit, self.what, self.used = limit, what, 0

    def take(self, value: Any, json_text: bool = False, copies: int = 1) -> None:
        """Count ``value`` (its size in memory, ``copies`` times when the caller keeps the text
        and its parse); raise once the total passes the limit."""
        if isinstance(value, str | bytes):
            n = sys.getsizeof(value)
            if json_text and isinstance(value, str):
                n += self.JSON_TOKEN_COST * sum(map(value.count, "[{,:"))
            self.used += n * copies
        else:
            self.used += 32
        if self.used > self.limit:
            raise UntrustedFileError(f"the {self.what}'s content would take more than the {self.limit // 2**20} MB of memory "
                                     f"a {self.what} may use; refused")


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


_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
_LINE_BREAKS = re.compile("[\n\t\u2028\u2029]")


def printable(text: object, one_line: bool = True) -> str:
    """Text that came from a file, safe to print on a terminal: control characters (the
    terminal's escape sequences begin with ESC), DEL, the C1 controls and the bidirectional
    overrides removed; with ``one_line`` a line break or tab becomes a space, so a note cannot
    pass itself off as further lines of the log."""
    s = _CONTROLS.sub("", str(text))
    return _LINE_BREAKS.sub(" ", s) if one_line else s

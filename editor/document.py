"""The edited module: canonical rows (``sources.Rows``) behind a ``QUndoStack``.

Like Unciv's map editor, the editor edits the very data the game plays on: the rows
of the module database. Every change goes through :class:`RowsCommand`, an undoable
``QUndoCommand`` that carries its own description and inverse (Wesnoth's editor
actions), so Undo/Redo work across map, counter, setup and chart edits alike.
The immutable :class:`~darkdec_qt.moduleview.Module` is rebuilt lazily for the map
widget and for validation.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from darkdec_qt.model.database import content_hash, read_database, stored_hash, write_database
from darkdec_qt.model.load import module_from_rows
from darkdec_qt.model.schema import FORMAT_VERSION, SCHEMA
from darkdec_qt.model.sources import Rows, canonical, read_sources, write_sources
from darkdec_qt.model.validate import Problem, validate
from darkdec_qt.moduleview import Module

Row = dict[str, Any]
PROVENANCE = ("reconstructed", "basis")
# chart tables whose cells carry no provenance of their own: the module's charts.basis does
CHART_TABLES = ("crt", "crt_dice", "die_table", "infiltration", "air_drm")
DESIGNER = "edited by the designer"
Key = tuple[Any, ...]
Change = tuple[str, Key, Row | None, Row | None]  # table, key, old, new (None = absent)


def row_key(table: str, row: Row) -> Key:
    return tuple(row[c] for c in SCHEMA[table].key)


def key_text(key: Key) -> str:
    """The key as the ``changed`` signal carries it: columns joined by ``|``."""
    return "|".join(str(k) for k in key)


def seal_problem(rows: Rows) -> str:
    """'' when the rows' stored content hash is the hash of their content; else why not (the
    file was changed outside the editor, or never sealed). The game refuses such a module
    (model.database.read_database); the editor opens it so that the designer can see and
    re-seal it, and says so."""
    stored, actual = stored_hash(rows), content_hash(rows)
    if not stored:
        return f"this module has no stored content hash; saving seals it ({actual[:12]})"
    if stored != actual:
        return (f"the stored content hash {stored[:12]} is not the content's ({actual[:12]}): the module was "
                "changed outside the editor, and the game refuses it until it is saved here (or restored)")
    return ""


class ModuleDocument(QObject):
    """Canonical rows of one module, indexed by primary key, with an undo stack."""

    changed = Signal(str, str)  # table, key (see key_text)
    edited = Signal()  # after each command's redo/undo: one batch of ``changed`` is complete
    reset = Signal()  # the whole document was replaced (open, import)
    pathChanged = Signal(str)  # noqa: N815

    def __init__(self, rows: Rows | None = None, path: str | Path | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.undo_stack = QUndoStack(self)
        self.path: Path | None = Path(path) if path else None
        self._tables: dict[str, dict[Key, Row]] = {}
        self._module: Module | None = None
        self._detached = False  # content imported from text sources, not yet saved
        self.designer_note = ""  # recorded in the basis of every hand edit (optional)
        self._set_rows(rows or {t: [] for t in SCHEMA})
        # why the opened file's stored content hash is not its content's ('' when it is):
        # the module was changed behind the editor's back; Save seals it again
        self.seal_problem = seal_problem(rows) if rows and path else ""

    # --- whole document ---------------------------------------------------------------
    @classmethod
    def open(cls, path: str | Path, parent: QObject | None = None) -> ModuleDocument:
        return cls(read_database(path, verify_hash=False), path, parent)  # the editor re-hashes on save

    def _set_rows(self, rows: Rows) -> None:
        self._tables = {t: {row_key(t, r): dict(r) for r in rows.get(t, [])} for t in SCHEMA}
        self._module = None

    def replace_rows(self, rows: Rows, path: str | Path | None = None) -> None:
        """Load new content (open, import); clears the undo history."""
        self._set_rows(canonical(rows))
        self.undo_stack.clear()
        self.path = Path(path) if path else None
        self.seal_problem = seal_problem(rows) if path else ""
        self._detached = path is None
        self.pathChanged.emit(str(self.path or ""))
        self.reset.emit()

    def rows(self) -> Rows:
        """A canonical copy of every table."""
        return canonical({t: [dict(r) for r in idx.values()] for t, idx in self._tables.items()})

    def module(self) -> Module:
        """The immutable module of the current rows (cached until the next edit)."""
        if self._module is None:
            self._module = module_from_rows(self.rows())
        return self._module

    def problems(self) -> list[Problem]:
        try:
            return validate(self.module())
        except ValueError as exc:  # rows that do not even make a module
            return [Problem("load", "module", str(exc))]

    def content_hash(self) -> str:
        return stored_hash(self.rows())

    @property
    def is_modified(self) -> bool:
        return self._detached or not self.undo_stack.isClean()

    # --- rows -------------------------------------------------------------------------
    def table(self, table: str) -> list[Row]:
        """Rows of a table in key order (copies are not made: do not mutate)."""
        return [self._tables[table][k] for k in sorted(self._tables[table], key=_sort_key)]

    def get(self, table: str, *key: Any) -> Row | None:
        r = self._tables[table].get(tuple(key))
        return dict(r) if r is not None else None

    def meta(self, key: str, default: str = "") -> str:
        r = self._tables["meta"].get((key,))
        return str(r["value"]) if r else default

    def _store(self, table: str, key: Key, row: Row | None) -> None:
        """Apply one change without undo (used by the commands only)."""
        if row is None:
            self._tables[table].pop(key, None)
        else:
            self._tables[table][key] = dict(row)
        self._module = None
        self.changed.emit(table, key_text(key))

    # --- edits (all undoable) ---------------------------------------------------------
    def change(self, text: str, changes: Iterable[tuple[str, Key, Row | None]], stroke: int = 0,
               stroke_text: str = "") -> bool:
        """Push one command setting each ``(table, key, new row or None)``; returns
        False (and pushes nothing) when nothing would change. Commands with the same
        non-zero ``stroke`` merge; ``stroke_text`` (with ``{n}``) then describes them."""
        full: list[Change] = []
        charts_edited: list[str] = []
        for table, key, new in changes:
            old = self._tables[table].get(tuple(key))
            if new is not None:
                new = dict(new)
                if row_key(table, new) != tuple(key):
                    raise ValueError(f"row {new} does not have the key {key} of table {table}")
                new = self._as_designed(old, new)
            if old != new:
                full.append((table, tuple(key), copy.deepcopy(old), new))
                if table in CHART_TABLES:
                    charts_edited.append(f"{table} {key_text(tuple(key))}")
        if charts_edited:
            full.extend(self._charts_basis_change(charts_edited))
        if not full:
            return False
        self.undo_stack.push(RowsCommand(self, text, full, stroke, stroke_text))
        return True

    def designer_basis(self) -> str:
        return DESIGNER + (f": {self.designer_note.strip()}" if self.designer_note.strip() else "")

    def _as_designed(self, old: Row | None, new: Row) -> Row:
        """A hand edit of a row with provenance: the row is now the designer's (not
        reconstructed), its basis says so with the optional note. An edit of the
        provenance columns themselves is kept as the designer typed it."""
        if "reconstructed" not in new:
            return new
        changed = {c for c in new if old is None or old.get(c) != new[c]}
        if not changed or changed & set(PROVENANCE):
            return new
        return {**new, "reconstructed": False, "basis": self.designer_basis()}

    def _charts_basis_change(self, cells: list[str]) -> list[Change]:
        """Chart cells have no provenance columns: the charts' basis (meta) records
        which cells the designer edited."""
        old = self._tables["meta"].get(("charts.basis",))
        text = str(old["value"]) if old else ""
        new_text = text
        for cell in cells:
            if f"[{cell}]" not in new_text:
                new_text += f" [{cell}] {self.designer_basis()}."
        if new_text == text:
            return []
        return [("meta", ("charts.basis",), copy.deepcopy(old), {"key": "charts.basis", "value": new_text.strip()})]

    def update(self, text: str, table: str, key: Key, **values: Any) -> bool:
        """Set columns of an existing row."""
        old = self._tables[table].get(tuple(key))
        if old is None:
            raise KeyError(f"{table} has no row {key}")
        return self.change(text, [(table, key, {**old, **values})])

    def insert(self, text: str, table: str, row: Row) -> bool:
        return self.change(text, [(table, row_key(table, row), row)])

    def remove(self, text: str, table: str, key: Key) -> bool:
        return self.change(text, [(table, tuple(key), None)])

    def set_meta(self, text: str, key: str, value: str) -> bool:
        return self.change(text, [("meta", (key,), {"key": key, "value": value})])

    # --- files ------------------------------------------------------------------------
    def save(self, path: str | Path | None = None) -> str:
        """Write the module database atomically (format version and content hash
        updated); returns the content hash. The undo stack is marked clean."""
        target = Path(path) if path else self.path
        if target is None:
            raise ValueError("no file name to save to")
        rows = self.rows()
        rows["meta"] = [r for r in rows["meta"] if r["key"] != "format_version"]
        rows["meta"].append({"key": "format_version", "value": str(FORMAT_VERSION)})
        digest = write_database(canonical(rows), target)  # the hash depends on row order
        self._tables["meta"][("format_version",)] = {"key": "format_version", "value": str(FORMAT_VERSION)}
        self._tables["meta"][("content_hash",)] = {"key": "content_hash", "value": digest}
        self._module = None
        if target != self.path:
            self.path = target
            self.pathChanged.emit(str(target))
        self._detached = False
        self.seal_problem = ""
        self.undo_stack.setClean()
        return digest

    def export_sources(self, data_dir: str | Path) -> None:
        write_sources(self.rows(), data_dir)

    def import_sources(self, data_dir: str | Path) -> None:
        """Replace the content by the text sources of ``data_dir`` (path forgotten:
        the next save asks for a file name)."""
        self.replace_rows(read_sources(data_dir), None)


def _sort_key(key: Key) -> tuple[str, ...]:
    return tuple(f"{k:012d}" if isinstance(k, int) and not isinstance(k, bool) else str(k) for k in key)


class RowsCommand(QUndoCommand):
    """Set some rows; undo restores them. Commands of one brush stroke (same
    non-zero ``stroke``) merge into one, so a drag is undone in one step."""

    ID = 4242

    def __init__(self, doc: ModuleDocument, text: str, changes: list[Change], stroke: int = 0,
                 stroke_text: str = "") -> None:
        super().__init__(text)
        self.doc = doc
        self.changes = changes
        self.stroke = stroke
        self.stroke_text = stroke_text
        self.merged = 1

    def id(self) -> int:
        return self.ID if self.stroke else -1

    def redo(self) -> None:
        for table, key, _old, new in self.changes:
            self.doc._store(table, key, new)
        self.doc.edited.emit()

    def undo(self) -> None:
        for table, key, old, _new in reversed(self.changes):
            self.doc._store(table, key, old)
        self.doc.edited.emit()

    def mergeWith(self, other: QUndoCommand) -> bool:  # noqa: N802 (Qt API)
        if not isinstance(other, RowsCommand) or other.stroke != self.stroke or not self.stroke:
            return False
        mine = {(t, k): i for i, (t, k, _o, _n) in enumerate(self.changes)}
        for t, k, old, new in other.changes:
            if (t, k) in mine:
                i = mine[(t, k)]
                self.changes[i] = (t, k, self.changes[i][2], new)
            else:
                mine[(t, k)] = len(self.changes)
                self.changes.append((t, k, old, new))
        self.merged += 1
        if self.stroke_text:
            self.setText(self.stroke_text.format(n=self.merged))
        return True

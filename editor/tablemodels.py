"""Table models over document rows, shared by the charts, errata and setup panels.

Every cell edit goes through :mod:`editor.edits`; a refused value (an unknown
CRT result, a defense level above 7, text in a number column) emits ``refused``
with the reason and leaves the cell unchanged.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QColor

from darkdec_qt.model.schema import SCHEMA
from darkdec_qt.model.validate import RESULT_RE
from editor import edits
from editor.document import Key, ModuleDocument, Row, row_key

Index = QModelIndex | QPersistentModelIndex
BAD = QBrush(QColor("#f6c6c6"))


def column_kind(table: str, column: str) -> str:
    """'bool', 'int', 'optint' or 'str' from the schema."""
    return SCHEMA[table].column(column).kind


def parse_cell(table: str, column: str, value: Any) -> Any:
    kind = column_kind(table, column)
    if kind in ("int", "optint"):
        text = str(value).strip()
        if text == "" and kind == "optint":
            return None
        try:
            return int(text)
        except ValueError:
            raise edits.EditRefused(f"{column}: {text!r} is not a whole number") from None
    return str(value)


class RowsModel(QAbstractTableModel):
    """The rows of one table (optionally filtered), one column per schema column."""

    refused = Signal(str)

    def __init__(self, doc: ModuleDocument, table: str, columns: list[str] | None = None,
                 where: Callable[[Row], bool] | None = None, readonly: tuple[str, ...] = (),
                 label: Callable[[Row], str] | None = None) -> None:
        super().__init__()
        self.doc, self.table = doc, table
        self.columns = columns or SCHEMA[table].names
        self.where = where or (lambda r: True)
        self.readonly = set(readonly)
        self.label = label
        self._keys: list[Key] = []
        self._reload()
        doc.changed.connect(self._on_changed)
        doc.reset.connect(self._reload)

    def _reload(self) -> None:
        self.beginResetModel()
        self._keys = [row_key(self.table, r) for r in self.doc.table(self.table) if self.where(r)]
        self.endResetModel()

    def _on_changed(self, table: str, _key: str) -> None:
        if table == self.table:
            keys = [row_key(self.table, r) for r in self.doc.table(self.table) if self.where(r)]
            if keys != self._keys:
                self._reload()
            else:
                self.dataChanged.emit(self.index(0, 0), self.index(len(keys) - 1, len(self.columns) - 1))

    def key(self, row: int) -> Key:
        return self._keys[row]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(self._keys)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(self.columns)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:  # noqa: N802
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            return self.columns[section].replace("_", " ")
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row = self.doc.get(self.table, *self._keys[index.row()])
        if row is None:
            return None
        c = self.columns[index.column()]
        v = row[c]
        if column_kind(self.table, c) == "bool":
            if role == Qt.ItemDataRole.CheckStateRole:
                return Qt.CheckState.Checked if v else Qt.CheckState.Unchecked
            return None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return "" if v is None else v
        if role == Qt.ItemDataRole.ToolTipRole and isinstance(v, str) and len(v) > 30:
            return v
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        f = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        c = self.columns[index.column()]
        if c in self.readonly:
            return f
        if column_kind(self.table, c) == "bool":
            return f | Qt.ItemFlag.ItemIsUserCheckable
        return f | Qt.ItemFlag.ItemIsEditable

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:  # noqa: N802
        c = self.columns[index.column()]
        key = self._keys[index.row()]
        try:
            if column_kind(self.table, c) == "bool":
                if role != Qt.ItemDataRole.CheckStateRole:
                    return False
                v: Any = Qt.CheckState(value) == Qt.CheckState.Checked
            else:
                v = parse_cell(self.table, c, value)
            row = self.doc.get(self.table, *key)
            what = self.label(row) if (self.label and row) else ""
            edits.set_cell(self.doc, self.table, key, c, v, what)
        except edits.EditRefused as exc:
            self.refused.emit(str(exc))
            return False
        return True


class CrtModel(QAbstractTableModel):
    """The CRT as printed: one row per CRT row, one column per odds (13.5)."""

    refused = Signal(str)

    def __init__(self, doc: ModuleDocument) -> None:
        super().__init__()
        self.doc = doc
        self._reload()
        doc.changed.connect(self._on_changed)
        doc.reset.connect(self._reload)

    def _reload(self) -> None:
        self.beginResetModel()
        self.odds: list[str] = json.loads(self.doc.meta("crt_odds", "[]"))
        self.rows: list[int] = sorted({r["row"] for r in self.doc.table("crt")})
        self.endResetModel()

    def _on_changed(self, table: str, _key: str) -> None:
        if table == "crt" or table == "meta":
            self.dataChanged.emit(self.index(0, 0), self.index(len(self.rows) - 1, len(self.odds) - 1))

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(self.odds)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:  # noqa: N802
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        return self.odds[section] if orientation == Qt.Orientation.Horizontal else str(self.rows[section])

    def cell(self, row: int, odds: str) -> str:
        r = self.doc.get("crt", row, odds)
        return r["result"] if r else ""

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        v = self.cell(self.rows[index.row()], self.odds[index.column()])
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return v
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return Qt.AlignmentFlag.AlignCenter
        if role == Qt.ItemDataRole.BackgroundRole and not RESULT_RE.match(v):
            return BAD
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsEditable

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:  # noqa: N802
        try:
            edits.set_crt(self.doc, self.rows[index.row()], self.odds[index.column()], str(value))
        except edits.EditRefused as exc:
            self.refused.emit(str(exc))
            return False
        return True


class CrtDiceModel(QAbstractTableModel):
    """Modified roll -> CRT row, for the normal and tactical dice columns (13.4.2)."""

    refused = Signal(str)
    COLS = ("normal", "tactical")

    def __init__(self, doc: ModuleDocument) -> None:
        super().__init__()
        self.doc = doc
        self._reload()
        doc.changed.connect(lambda t, _k: self._reload() if t == "crt_dice" else None)
        doc.reset.connect(self._reload)

    def _reload(self) -> None:
        self.beginResetModel()
        self.rolls = sorted({r["roll"] for r in self.doc.table("crt_dice")})
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(self.rolls)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else 2

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:  # noqa: N802
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        return self.COLS[section] if orientation == Qt.Orientation.Horizontal else f"roll {self.rolls[section]}"

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        r = self.doc.get("crt_dice", self.COLS[index.column()], self.rolls[index.row()])
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return r["row"] if r else ""
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return Qt.AlignmentFlag.AlignCenter
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsEditable

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:  # noqa: N802
        try:
            try:
                row = int(str(value).strip())
            except ValueError:
                raise edits.EditRefused(f"{value!r} is not a CRT row number") from None
            edits.set_crt_dice(self.doc, self.COLS[index.column()], self.rolls[index.row()], row)
        except edits.EditRefused as exc:
            self.refused.emit(str(exc))
            return False
        return True

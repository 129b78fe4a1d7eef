"""Counters and order of battle: every unit in a sortable, filterable table, both
sides of each counter editable in place, and a preview drawn by the client's
counter painter (``darkdec_qt.ui.map.counters.paint_counter``)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QMimeData,
    QModelIndex,
    QPersistentModelIndex,
    QRectF,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from darkdec_qt.moduleview import NATIONALITIES, SIDES, SIZES, UNIT_TYPES, UnitSpec
from darkdec_qt.ui.map.counters import paint_counter
from editor import edits
from editor.document import ModuleDocument
from editor.mapedit import UNIT_MIME

COLUMNS = ("id", "side", "nationality", "division", "type", "size", "fa", "fd", "fm", "ra", "rd", "rm",
           "setup", "fortified", "arrival", "entry", "star", "restricted", "conditional", "optional",
           "attack_option", "defense_option", "reconstructed", "basis")
HEADERS = {"fa": "Att", "fd": "Def", "fm": "MA", "ra": "r.Att", "rd": "r.Def", "rm": "r.MA",
           "attack_option": "Att opt", "defense_option": "Def opt", "reconstructed": "Recon.",
           "nationality": "Nat.", "fortified": "Fort.", "restricted": "Restr.", "conditional": "Cond.",
           "optional": "Opt."}
BOOLS = {"fortified", "star", "restricted", "conditional", "optional", "reconstructed"}
INTS = {"fa", "fd", "fm", "attack_option", "defense_option"}
OPT_INTS = {"ra", "rd", "rm"}
CHOICES = {"side": SIDES, "nationality": NATIONALITIES, "type": UNIT_TYPES, "size": ("", *SIZES)}
FLAGS = ("restricted", "conditional", "optional", "star", "fortified", "reconstructed")


class UnitTableModel(QAbstractTableModel):
    refused = Signal(str)

    def __init__(self, doc: ModuleDocument) -> None:
        super().__init__()
        self.doc = doc
        self._ids: list[str] = [r["id"] for r in doc.table("unit")]
        doc.changed.connect(self._on_changed)
        doc.reset.connect(self._reload)

    def _reload(self) -> None:
        self.beginResetModel()
        self._ids = [r["id"] for r in self.doc.table("unit")]
        self.endResetModel()

    def _on_changed(self, table: str, key: str) -> None:
        if table != "unit":
            return
        exists = self.doc.get("unit", key) is not None
        if key in self._ids and exists:
            i = self._ids.index(key)
            self.dataChanged.emit(self.index(i, 0), self.index(i, len(COLUMNS) - 1))
        elif key in self._ids:
            i = self._ids.index(key)
            self.beginRemoveRows(QModelIndex(), i, i)
            self._ids.pop(i)
            self.endRemoveRows()
        elif exists:
            self.beginInsertRows(QModelIndex(), len(self._ids), len(self._ids))
            self._ids.append(key)
            self.endInsertRows()

    def unit_id(self, row: int) -> str:
        return self._ids[row]

    def row_of(self, uid: str) -> int:
        return self._ids.index(uid) if uid in self._ids else -1

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(self._ids)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:  # noqa: N802
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            c = COLUMNS[section]
            return HEADERS.get(c, c.replace("_", " ").capitalize())
        return None

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row = self.doc.get("unit", self._ids[index.row()])
        if row is None:
            return None
        c = COLUMNS[index.column()]
        v = row[c]
        if c in BOOLS:
            if role == Qt.ItemDataRole.CheckStateRole:
                return Qt.CheckState.Checked if v else Qt.CheckState.Unchecked
            if role == Qt.ItemDataRole.UserRole:
                return int(v)
            return None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return "" if v is None else v
        if role == Qt.ItemDataRole.UserRole:  # sort key
            return -1 if v is None else v
        if role == Qt.ItemDataRole.ForegroundRole and c in OPT_INTS:
            return QColor("#5a5a5a")
        if role == Qt.ItemDataRole.ToolTipRole and c == "basis":
            return v
        return None

    def flags(self, index: QModelIndex | QPersistentModelIndex) -> Qt.ItemFlag:
        f = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsDragEnabled
        if COLUMNS[index.column()] in BOOLS:
            return f | Qt.ItemFlag.ItemIsUserCheckable
        return f | Qt.ItemFlag.ItemIsEditable

    def setData(self, index: QModelIndex | QPersistentModelIndex, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:  # noqa: N802
        c = COLUMNS[index.column()]
        uid = self._ids[index.row()]
        try:
            if c in BOOLS:
                if role != Qt.ItemDataRole.CheckStateRole:
                    return False
                v: Any = Qt.CheckState(value) == Qt.CheckState.Checked
            elif c in INTS or c in OPT_INTS:
                text = str(value).strip()
                if text == "" and c in OPT_INTS:
                    v = None
                else:
                    try:
                        v = int(text)
                    except ValueError:
                        raise edits.EditRefused(f"{edits.FIELD_LABELS[c]} of {uid}: {text!r} is not a number") from None
            else:
                v = str(value).strip() if c != "basis" else str(value)
            if c in CHOICES and v not in CHOICES[c]:
                raise edits.EditRefused(f"{c} must be one of {', '.join(x or '(none)' for x in CHOICES[c])}")
            edits.set_unit(self.doc, uid, c, v)
        except edits.EditRefused as exc:
            self.refused.emit(str(exc))
            return False
        return True

    def mimeTypes(self) -> list[str]:  # noqa: N802
        return [UNIT_MIME]

    def mimeData(self, indexes: list[QModelIndex]) -> QMimeData:  # noqa: N802
        md = QMimeData()
        if indexes:
            uid = self._ids[indexes[0].row()]
            md.setData(UNIT_MIME, uid.encode("utf-8"))
            md.setText(uid)
        return md


class UnitFilter(QSortFilterProxyModel):
    """Filters by side, nationality, division, type, a flag and free text."""

    def __init__(self, model: UnitTableModel) -> None:
        super().__init__()
        self.setSourceModel(model)
        self.setSortRole(Qt.ItemDataRole.UserRole)
        self.criteria: dict[str, str] = {}
        self.text = ""

    def set_criterion(self, column: str, value: str) -> None:
        self.beginFilterChange()
        if value:
            self.criteria[column] = value
        else:
            self.criteria.pop(column, None)
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def set_text(self, text: str) -> None:
        self.beginFilterChange()
        self.text = text.strip().lower()
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, source_row: int, source_parent: QModelIndex | QPersistentModelIndex) -> bool:  # noqa: N802
        m = self.sourceModel()
        assert isinstance(m, UnitTableModel)
        row = m.doc.get("unit", m.unit_id(source_row))
        if row is None:
            return False
        for col, want in self.criteria.items():
            if col == "flag":
                if not row.get(want):
                    return False
            elif str(row[col]) != want:
                return False
        if self.text and not any(self.text in str(row[c]).lower() for c in ("id", "division", "setup", "arrival", "basis")):
            return False
        return True


class ChoiceDelegate(QStyledItemDelegate):
    """Combo boxes for side, nationality, type and size."""

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QWidget:  # noqa: N802
        c = COLUMNS[index.column()]
        if c in CHOICES:
            box = QComboBox(parent)
            box.addItems(list(CHOICES[c]))
            return box
        return super().createEditor(parent, option, index)

    def setEditorData(self, editor: QWidget, index: QModelIndex | QPersistentModelIndex) -> None:  # noqa: N802
        if isinstance(editor, QComboBox):
            editor.setCurrentText(str(index.data(Qt.ItemDataRole.EditRole)))
        else:
            super().setEditorData(editor, index)

    def setModelData(self, editor: QWidget, model: Any, index: QModelIndex | QPersistentModelIndex) -> None:  # noqa: N802
        if isinstance(editor, QComboBox):
            model.setData(index, editor.currentText(), Qt.ItemDataRole.EditRole)
        else:
            super().setModelData(editor, model, index)


class CounterPreview(QWidget):
    """Both sides of one counter, painted exactly as the client paints them."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.spec: UnitSpec | None = None
        self.setMinimumSize(220, 112)

    def set_spec(self, spec: UnitSpec | None) -> None:
        self.spec = spec
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        p = QPainter(self)
        side = min(96.0, self.height() - 16.0, (self.width() - 24.0) / 2)
        if self.spec is None:
            p.setPen(QColor("#777777"))
            p.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, "no unit selected")
        else:
            paint_counter(p, QRectF(4, 8, side, side), self.spec, False)
            if self.spec.reduced is not None:
                paint_counter(p, QRectF(side + 16, 8, side, side), self.spec, True)
            else:
                p.setPen(QColor("#777777"))
                p.drawText(QRectF(side + 16, 8, side, side), Qt.AlignmentFlag.AlignCenter, "no reduced\nside")
        p.end()


class OBPanel(QWidget):
    """The OB dock: filters, the unit table, add/duplicate/remove, the preview."""

    unitSelected = Signal(str)  # noqa: N815
    refused = Signal(str)

    def __init__(self, doc: ModuleDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.model = UnitTableModel(doc)
        self.proxy = UnitFilter(self.model)
        self.model.refused.connect(self.refused)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 6, 6, 6)
        filters = QHBoxLayout()
        self.search = QLineEdit(placeholderText="Search id, division, setup...")
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self.proxy.set_text)
        filters.addWidget(self.search, 2)
        self.filter_boxes: dict[str, QComboBox] = {}
        divisions = sorted({r["division"] for r in doc.table("unit") if r["division"]})
        for col, label, values in (("side", "All sides", SIDES), ("nationality", "All nationalities", NATIONALITIES),
                                   ("division", "All divisions", divisions), ("type", "All types", UNIT_TYPES),
                                   ("flag", "Any flags", FLAGS)):
            box = QComboBox()
            box.addItem(label, "")
            for v in values:
                box.addItem(v.replace("_", " "), v)
            box.currentIndexChanged.connect(lambda _i, c=col, b=box: self.proxy.set_criterion(c, b.currentData()))
            self.filter_boxes[col] = box
            filters.addWidget(box, 1)
        lay.addLayout(filters)
        self.view = QTableView()
        self.view.setModel(self.proxy)
        self.view.setSortingEnabled(True)
        self.view.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setDragEnabled(True)
        self.view.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.view.setAlternatingRowColors(True)
        self.view.setItemDelegate(ChoiceDelegate(self.view))
        self.view.verticalHeader().setVisible(False)
        self.view.verticalHeader().setDefaultSectionSize(22)
        hh = self.view.horizontalHeader()
        hh.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        for i, c in enumerate(COLUMNS):
            self.view.setColumnWidth(i, {"id": 96, "basis": 260, "type": 120, "nationality": 80}.get(
                c, 44 if c in INTS | OPT_INTS | BOOLS else 70))
        hh.setStretchLastSection(True)
        self.view.selectionModel().currentRowChanged.connect(self._on_current)
        body = QHBoxLayout()
        body.addWidget(self.view, 1)
        side = QVBoxLayout()
        self.preview = CounterPreview()
        side.addWidget(self.preview)
        for text, slot in (("Add unit", self.add_unit), ("Duplicate", self.duplicate_unit),
                           ("Remove", self.remove_units)):
            b = QPushButton(text)
            b.clicked.connect(slot)
            side.addWidget(b)
        side.addStretch(1)
        self.count_label = QLabel()
        side.addWidget(self.count_label)
        body.addLayout(side)
        lay.addLayout(body, 1)
        doc.changed.connect(self._refresh_preview)
        doc.reset.connect(self._refresh_preview)
        self._update_count()

    def _update_count(self) -> None:
        self.count_label.setText(f"{self.proxy.rowCount()} of {self.model.rowCount()} units")

    def current_unit(self) -> str:
        idx = self.view.currentIndex()
        if not idx.isValid():
            return ""
        return self.model.unit_id(self.proxy.mapToSource(idx).row())

    def select_unit(self, uid: str) -> bool:
        """Select (and scroll to) a unit; clears filters that hide it."""
        r = self.model.row_of(uid)
        if r < 0:
            return False
        idx = self.proxy.mapFromSource(self.model.index(r, 0))
        if not idx.isValid():
            for box in self.filter_boxes.values():
                box.setCurrentIndex(0)
            self.search.clear()
            idx = self.proxy.mapFromSource(self.model.index(r, 0))
        self.view.setCurrentIndex(idx)
        self.view.selectRow(idx.row())
        self.view.scrollTo(idx)
        return True

    def index_of(self, uid: str, column: str) -> QModelIndex:
        r = self.model.row_of(uid)
        return self.proxy.mapFromSource(self.model.index(r, COLUMNS.index(column)))

    def _on_current(self, current: QModelIndex, _prev: QModelIndex) -> None:
        self._refresh_preview()
        self.unitSelected.emit(self.current_unit())

    def _refresh_preview(self, *_args: object) -> None:
        uid = self.current_unit()
        try:
            spec = self.doc.module().units.get(uid) if uid else None
        except ValueError:
            spec = None
        self.preview.set_spec(spec)
        self._update_count()

    def add_unit(self) -> None:
        side = self.filter_boxes["side"].currentData() or "Allied"
        self.select_unit(edits.add_unit(self.doc, side))

    def duplicate_unit(self) -> None:
        uid = self.current_unit()
        if uid:
            self.select_unit(edits.duplicate_unit(self.doc, uid))

    def remove_units(self) -> None:
        rows = sorted({self.proxy.mapToSource(i).row() for i in self.view.selectionModel().selectedRows()})
        uids = [self.model.unit_id(r) for r in rows]
        if uids:
            edits.remove_units(self.doc, uids)

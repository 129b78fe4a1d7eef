"""The charts dock (CRT with both dice columns, TEC, die tables, infiltration, air
DRMs, and the charts' provenance) and the errata dock."""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, QModelIndex, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from editor import edits
from editor.document import ModuleDocument
from editor.tablemodels import CrtDiceModel, CrtModel, RowsModel

DIE_CHARTS = (("fuel_depletion", "Fuel depletion"), ("paradrop", "Paradrop"), ("weather", "Weather"))


def _table(model: QAbstractItemModel, stretch: bool = False) -> QTableView:
    v = QTableView()
    v.setModel(model)
    v.setAlternatingRowColors(True)
    v.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    v.verticalHeader().setDefaultSectionSize(22)
    v.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked | QAbstractItemView.EditTrigger.EditKeyPressed
                      | QAbstractItemView.EditTrigger.AnyKeyPressed)
    if stretch:
        v.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
    else:
        v.horizontalHeader().setStretchLastSection(True)
    return v


class ChartsPanel(QWidget):
    refused = Signal(str)

    def __init__(self, doc: ModuleDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 6, 6, 6)
        head = QHBoxLayout()
        self.recon = QCheckBox("Charts reconstructed")
        self.recon.setToolTip("Provenance: the charts are not the printed ones")
        self.recon.clicked.connect(self._set_recon)
        self.basis = QLineEdit()
        self.basis.setPlaceholderText("Basis of the chart values")
        self.basis.editingFinished.connect(self._set_basis)
        head.addWidget(self.recon)
        head.addWidget(QLabel("Basis:"))
        head.addWidget(self.basis, 1)
        lay.addLayout(head)
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        lay.addWidget(self.tabs, 1)
        self.message = QLabel()
        self.message.setStyleSheet("color: #a01010;")
        self.message.setWordWrap(True)
        lay.addWidget(self.message)
        # CRT with its dice columns
        self.crt = CrtModel(doc)
        self.dice = CrtDiceModel(doc)
        split = QSplitter(Qt.Orientation.Horizontal)
        self.crt_view = _table(self.crt, stretch=True)
        self.crt_view.setToolTip("Result codes of 13.5: -, D1..D7, A1..A3, D3/A1..D7/A1, A1[1], D7[1], CA, FF")
        split.addWidget(self.crt_view)
        self.dice_view = _table(self.dice, stretch=True)
        split.addWidget(self.dice_view)
        split.setSizes([700, 220])
        self.tabs.addTab(split, "CRT")
        self.models: dict[str, RowsModel] = {}
        self.models["tec"] = RowsModel(doc, "tec", readonly=("feature",), label=lambda r: f"TEC {r['feature']}")
        self.tabs.addTab(_table(self.models["tec"]), "TEC")
        for chart, title in DIE_CHARTS:
            m = RowsModel(doc, "die_table", ["roll", "result", "value", "note"],
                          where=lambda r, c=chart: r["chart"] == c, readonly=("roll",),
                          label=lambda r, t=title: f"{t} roll {r['roll']}")
            self.models[chart] = m
            self.tabs.addTab(_table(m), title)
        self.models["infiltration"] = RowsModel(doc, "infiltration", readonly=("turn",),
                                                label=lambda r: f"infiltration {r['turn']}")
        self.tabs.addTab(_table(self.models["infiltration"]), "Infiltration")
        self.models["air_drm"] = RowsModel(doc, "air_drm", readonly=("condition",),
                                           label=lambda r: f"air DRM {r['condition']}")
        self.tabs.addTab(_table(self.models["air_drm"]), "Air DRMs")
        for m in (self.crt, self.dice, *self.models.values()):
            m.refused.connect(self._refused)
        doc.changed.connect(lambda t, k: self._load_provenance() if t == "meta" else None)
        doc.reset.connect(self._load_provenance)
        self._load_provenance()

    def _refused(self, message: str) -> None:
        self.message.setText(message)
        self.refused.emit(message)

    def _load_provenance(self) -> None:
        self.recon.setChecked(self.doc.meta("charts.reconstructed", "True") == "True")
        if not self.basis.hasFocus():
            self.basis.setText(" ".join(self.doc.meta("charts.basis").split()))
            self.basis.setCursorPosition(0)

    def _set_recon(self, on: bool) -> None:
        self.doc.set_meta(f"Mark charts {'reconstructed' if on else 'printed'}", "charts.reconstructed", str(on))

    def _set_basis(self) -> None:
        if self.basis.text() != " ".join(self.doc.meta("charts.basis").split()):
            self.doc.set_meta("Set charts basis", "charts.basis", self.basis.text())

    def crt_index(self, row: int, odds: str) -> QModelIndex:
        return self.crt.index(self.crt.rows.index(row), self.crt.odds.index(odds))


class ErrataPanel(QWidget):
    """Errata items: id, text, applied, and the data edits that apply them."""

    refused = Signal(str)

    def __init__(self, doc: ModuleDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 6, 6, 6)
        self.model = RowsModel(doc, "erratum", ["id", "applied", "text", "edits"], readonly=("id",),
                               label=lambda r: f"erratum {r['id']}")
        self.model.refused.connect(self.refused)
        split = QSplitter(Qt.Orientation.Horizontal)
        self.view = _table(self.model)
        self.view.setColumnWidth(0, 70)
        self.view.setColumnWidth(1, 60)
        self.view.setColumnWidth(2, 360)
        self.view.setWordWrap(False)
        split.addWidget(self.view)
        side = QWidget()
        sl = QVBoxLayout(side)
        sl.setContentsMargins(0, 0, 0, 0)
        sl.addWidget(QLabel("Text"))
        self.text = QPlainTextEdit()
        sl.addWidget(self.text, 2)
        sl.addWidget(QLabel("Edits (what in the data applies it)"))
        self.edits = QPlainTextEdit()
        sl.addWidget(self.edits, 1)
        row = QHBoxLayout()
        self.add_btn = QPushButton("Add erratum")
        self.add_btn.clicked.connect(self.add)
        self.apply_btn = QPushButton("Apply text")
        self.apply_btn.clicked.connect(self.apply_text)
        self.remove_btn = QPushButton("Remove")
        self.remove_btn.clicked.connect(self.remove)
        for b in (self.add_btn, self.apply_btn, self.remove_btn):
            row.addWidget(b)
        sl.addLayout(row)
        split.addWidget(side)
        split.setSizes([600, 400])
        lay.addWidget(split)
        self.view.selectionModel().currentRowChanged.connect(lambda *_: self._show())

    def current(self) -> str:
        idx = self.view.currentIndex()
        return str(self.model.key(idx.row())[0]) if idx.isValid() else ""

    def _show(self) -> None:
        r = self.doc.get("erratum", self.current())
        self.text.setPlainText(r["text"] if r else "")
        self.edits.setPlainText(r["edits"] if r else "")

    def apply_text(self) -> None:
        eid = self.current()
        r = self.doc.get("erratum", eid)
        if r:
            self.doc.update(f"Edit erratum {eid}", "erratum", (eid,), text=self.text.toPlainText(),
                            edits=self.edits.toPlainText())

    def add(self) -> None:
        n = 1
        while self.doc.get("erratum", f"new-{n}"):
            n += 1
        self.doc.insert(f"Add erratum new-{n}", "erratum",
                        {"id": f"new-{n}", "text": "", "applied": False, "edits": ""})

    def remove(self) -> None:
        eid = self.current()
        if eid:
            try:
                self.doc.remove(f"Remove erratum {eid}", "erratum", (eid,))
            except edits.EditRefused as exc:
                self.refused.emit(str(exc))

"""The properties dock (the selected hex: features, provenance, its river hexsides,
road crossings; the selected unit's provenance) and the problems dock."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from darkdec_qt.model.validate import Problem
from darkdec_qt.moduleview import ARMIES, EDGES, TERRAINS
from editor import edits
from editor.document import ModuleDocument
from editor.tablemodels import RowsModel


class PropertiesPanel(QWidget):
    refused = Signal(str)

    def __init__(self, doc: ModuleDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.hex_id = ""
        self.unit_id = ""
        self._loading = False
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 6, 6, 6)
        self.hex_box = QGroupBox("Hex")
        form = QFormLayout(self.hex_box)
        self.terrain = QComboBox()
        self.terrain.addItems(list(TERRAINS))
        self.terrain.activated.connect(lambda _i: self._set(terrain=self.terrain.currentText()))
        self.town = QLineEdit()
        self.town.editingFinished.connect(lambda: self._set(town=self.town.text().strip()))
        self.westwall = QCheckBox("Westwall")
        self.westwall.clicked.connect(lambda on: self._set(westwall=bool(on)))
        self.edge = QComboBox()
        self.edge.addItems(["", *EDGES])
        self.edge.activated.connect(lambda _i: self._set(edge=self.edge.currentText()))
        self.entry = QLineEdit()
        self.entry.setMaxLength(2)
        self.entry.editingFinished.connect(lambda: self._set(entry=self.entry.text().strip().upper()))
        self.army = QComboBox()
        self.army.addItems(["", *ARMIES])
        self.army.activated.connect(lambda _i: self._set(army=self.army.currentText()))
        self.recon = QCheckBox("Reconstructed")
        self.recon.clicked.connect(lambda on: self._set(reconstructed=bool(on)))
        self.basis = QLineEdit()
        self.basis.editingFinished.connect(lambda: self._set(basis=self.basis.text()))
        form.addRow("Terrain", self.terrain)
        form.addRow("Town", self.town)
        form.addRow("", self.westwall)
        form.addRow("Map edge", self.edge)
        form.addRow("Entry code", self.entry)
        form.addRow("Army area", self.army)
        form.addRow("Provenance", self.recon)
        form.addRow("Basis", self.basis)
        self.roads_label = QLabel()
        self.roads_label.setWordWrap(True)
        form.addRow("Roads", self.roads_label)
        cross = QHBoxLayout()
        self.road_a, self.road_b = QComboBox(), QComboBox()
        self.cross_btn = QPushButton("Do not connect")
        self.cross_btn.setToolTip("10.4.8C: the two roads pass through this hex without connecting")
        self.cross_btn.clicked.connect(self._toggle_crossing)
        for w in (self.road_a, self.road_b, self.cross_btn):
            cross.addWidget(w)
        form.addRow("Crossing", cross)
        lay.addWidget(self.hex_box)
        self.sides_box = QGroupBox("River hexsides of this hex")
        sl = QVBoxLayout(self.sides_box)
        self.sides_view = QTableView()
        self.sides_view.verticalHeader().setVisible(False)
        self.sides_view.verticalHeader().setDefaultSectionSize(22)
        self.sides_view.horizontalHeader().setStretchLastSection(True)
        sl.addWidget(self.sides_view)
        lay.addWidget(self.sides_box, 1)
        self.unit_box = QGroupBox("Unit")
        uf = QFormLayout(self.unit_box)
        self.unit_recon = QCheckBox("Reconstructed")
        self.unit_recon.clicked.connect(lambda on: self._set_unit("reconstructed", bool(on)))
        self.unit_basis = QLineEdit()
        self.unit_basis.editingFinished.connect(lambda: self._set_unit("basis", self.unit_basis.text()))
        uf.addRow("Provenance", self.unit_recon)
        uf.addRow("Basis", self.unit_basis)
        lay.addWidget(self.unit_box)
        doc.changed.connect(self._on_changed)
        doc.reset.connect(lambda: (self.show_hex(""), self.show_unit("")))
        self.show_hex("")
        self.show_unit("")

    # --- hex ---------------------------------------------------------------------------
    def show_hex(self, hex_id: str) -> None:
        self.hex_id = hex_id if self.doc.get("hex", hex_id) else ""
        self.hex_box.setTitle(f"Hex {self.hex_id}" if self.hex_id else "Hex (select one on the map)")
        self.hex_box.setEnabled(bool(self.hex_id))
        h = self.hex_id
        model = RowsModel(self.doc, "hexside", ["a", "b", "river", "river_name", "bridge", "ford", "demolished",
                                                "reconstructed", "basis"],
                          where=lambda r: h in (r["a"], r["b"]), readonly=("a", "b"),
                          label=lambda r: f"hexside {r['a']}-{r['b']}")
        model.refused.connect(self.refused)
        old = self.sides_view.model()
        self.sides_view.setModel(model)
        if old is not None:
            old.deleteLater()
        for i, w in enumerate((44, 44, 50, 70, 48, 40, 70, 56)):
            self.sides_view.setColumnWidth(i, w)
        self._load_hex()

    def _load_hex(self) -> None:
        r = self.doc.get("hex", self.hex_id) if self.hex_id else None
        self._loading = True
        try:
            r = r or {"terrain": "clear", "town": "", "westwall": False, "edge": "", "entry": "", "army": "",
                      "reconstructed": False, "basis": ""}
            self.terrain.setCurrentText(r["terrain"])
            self.town.setText(r["town"])
            self.westwall.setChecked(r["westwall"])
            self.edge.setCurrentText(r["edge"])
            self.entry.setText(r["entry"])
            self.army.setCurrentText(r["army"])
            self.recon.setChecked(r["reconstructed"])
            self.basis.setText(r["basis"])
            self.basis.setCursorPosition(0)
            roads = edits.roads_in(self.doc, self.hex_id) if self.hex_id else []
            cross = [f"{c['road_a']}/{c['road_b']}" for c in self.doc.table("crossing") if c["hex"] == self.hex_id]
            text = ", ".join(roads) or "none"
            if cross:
                text += f"; not connected: {', '.join(cross)}"
            self.roads_label.setText(text)
            for box in (self.road_a, self.road_b):
                box.clear()
                box.addItems(roads)
            if len(roads) > 1:
                self.road_b.setCurrentIndex(1)
            self.cross_btn.setEnabled(len(roads) > 1)
        finally:
            self._loading = False

    def _set(self, **values: Any) -> None:
        if self._loading or not self.hex_id:
            return
        cur = self.doc.get("hex", self.hex_id) or {}
        values = {k: v for k, v in values.items() if cur.get(k) != v}
        if not values:
            return
        try:
            edits.set_hex(self.doc, self.hex_id, **values)
        except edits.EditRefused as exc:
            self.refused.emit(str(exc))
            self._load_hex()

    def _toggle_crossing(self) -> None:
        a, b = self.road_a.currentText(), self.road_b.currentText()
        ra, rb = sorted((a, b))
        on = self.doc.get("crossing", self.hex_id, ra, rb) is None
        try:
            edits.set_crossing(self.doc, self.hex_id, a, b, on)
        except edits.EditRefused as exc:
            self.refused.emit(str(exc))

    # --- unit --------------------------------------------------------------------------
    def show_unit(self, uid: str) -> None:
        r = self.doc.get("unit", uid) if uid else None
        self.unit_id = uid if r else ""
        self.unit_box.setTitle(f"Unit {self.unit_id}" if self.unit_id else "Unit (select one in the OB)")
        self.unit_box.setEnabled(bool(r))
        self._loading = True
        self.unit_recon.setChecked(bool(r and r["reconstructed"]))
        self.unit_basis.setText(r["basis"] if r else "")
        self.unit_basis.setCursorPosition(0)
        self._loading = False

    def _set_unit(self, column: str, value: Any) -> None:
        if self._loading or not self.unit_id:
            return
        r = self.doc.get("unit", self.unit_id)
        if r and r[column] != value:
            edits.set_unit(self.doc, self.unit_id, column, value)

    def _on_changed(self, table: str, key: str) -> None:
        parts = key.split("|")
        if self.hex_id and ((table == "hex" and key == self.hex_id)
                            or (table in ("road", "crossing") and self.hex_id in parts)):
            self._load_hex()
        if table == "unit" and self.unit_id:
            self.show_unit(self.unit_id if self.doc.get("unit", self.unit_id) else "")


class ProblemsPanel(QWidget):
    """Validation problems; activating one asks the window to show its place."""

    problemActivated = Signal(object)  # noqa: N815 (a Problem)
    validateRequested = Signal()  # noqa: N815

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 6, 6, 6)
        row = QHBoxLayout()
        self.summary = QLabel("Not validated yet")
        row.addWidget(self.summary, 1)
        b = QPushButton("Validate")
        b.clicked.connect(self.validateRequested)
        row.addWidget(b)
        lay.addLayout(row)
        self.list = QListWidget()
        self.list.setAlternatingRowColors(True)
        self.list.itemClicked.connect(self._activate)
        self.list.itemActivated.connect(self._activate)
        lay.addWidget(self.list, 1)
        self.problems: list[Problem] = []

    def show_problems(self, problems: list[Problem]) -> None:
        self.problems = list(problems)
        self.list.clear()
        for p in problems:
            it = QListWidgetItem(f"{p.where}  —  {p.message}")
            it.setToolTip(f"{p.kind}: {p.where}: {p.message}")
            it.setData(Qt.ItemDataRole.UserRole, self.list.count())
            self.list.addItem(it)
        n = len(problems)
        self.summary.setText("The module is valid" if not n else f"{n} problem{'s' if n > 1 else ''}")
        self.summary.setStyleSheet("color: #1d6b1d;" if not n else "color: #a01010; font-weight: bold;")

    def _activate(self, item: QListWidgetItem) -> None:
        self.problemActivated.emit(self.problems[int(item.data(Qt.ItemDataRole.UserRole))])

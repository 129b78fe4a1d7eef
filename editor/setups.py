"""The setups dock: per scenario, the set-up units (placed by dragging from the OB
onto the map, or at an army area), fortified and reserve marks, first and last
turn, initial replacements, optional rules and variants, victory conditions."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from darkdec_qt.moduleview import ARMIES
from darkdec_qt.rules.core.options import OPTIONAL_RULES, VARIANTS
from darkdec_qt.ui.map.scene import Placement
from editor import edits
from editor.document import ModuleDocument
from editor.edits import PRINTED
from editor.tablemodels import RowsModel

REPLACEMENT_KEYS = ("Allied/infantry", "Allied/motorized", "German/infantry", "German/motorized")


class SetupPanel(QWidget):
    scenarioChanged = Signal(str)  # noqa: N815 (PRINTED ("") for the counters' setup)
    refused = Signal(str)
    unitActivated = Signal(str)  # noqa: N815

    def __init__(self, doc: ModuleDocument, current_unit: Callable[[], str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.current_unit = current_unit
        self._loading = False
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 6, 6, 6)
        top = QHBoxLayout()
        top.addWidget(QLabel("Scenario:"))
        self.scenario_box = QComboBox()
        self.scenario_box.setMinimumWidth(220)
        top.addWidget(self.scenario_box)
        self.recon = QCheckBox("Reconstructed")
        self.recon.clicked.connect(lambda on: self._set("reconstructed", bool(on)))
        top.addWidget(self.recon)
        self.basis = QLineEdit(placeholderText="Basis")
        self.basis.editingFinished.connect(lambda: self._set("basis", self.basis.text()))
        top.addWidget(self.basis, 1)
        lay.addLayout(top)
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        lay.addWidget(self.tabs, 1)
        self.message = QLabel()
        self.message.setStyleSheet("color: #a01010;")
        lay.addWidget(self.message)
        self.refused.connect(self.message.setText)
        self._build_setup_tab()
        self._build_turns_tab()
        self._build_rules_tab()
        self._build_victory_tab()
        self.scenario_box.currentIndexChanged.connect(self._on_scenario)
        doc.reset.connect(self._fill_scenarios)
        doc.changed.connect(self._on_changed)
        self._fill_scenarios()

    # --- building --------------------------------------------------------------------
    def _build_setup_tab(self) -> None:
        w = QWidget()
        lay = QVBoxLayout(w)
        lay.setContentsMargins(0, 4, 0, 0)
        self.setup_view = QTableView()
        self.setup_view.setAlternatingRowColors(True)
        self.setup_view.verticalHeader().setVisible(False)
        self.setup_view.verticalHeader().setDefaultSectionSize(22)
        self.setup_view.horizontalHeader().setStretchLastSection(True)
        self.setup_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setup_view.doubleClicked.connect(self._activate)
        lay.addWidget(self.setup_view, 1)
        row = QHBoxLayout()
        row.addWidget(QLabel("Selected OB unit:"))
        self.army_box = QComboBox()
        self.army_box.addItems(list(ARMIES))
        row.addWidget(self.army_box)
        b = QPushButton("Set up in army area")
        b.clicked.connect(self.place_in_army)
        row.addWidget(b)
        b2 = QPushButton("Remove from setup")
        b2.clicked.connect(self.remove_selected)
        row.addWidget(b2)
        row.addStretch(1)
        row.addWidget(QLabel("Drag units from the OB onto the map to set them up."))
        lay.addLayout(row)
        self.tabs.addTab(w, "Setup")

    def _build_turns_tab(self) -> None:
        w = QWidget()
        form = QFormLayout(w)
        self.name = QLineEdit()
        self.name.editingFinished.connect(lambda: self._set("name", self.name.text()))
        form.addRow("Name", self.name)
        codes = [r["code"] for r in sorted(self.doc.table("turn"), key=lambda r: r["turn"])]
        self.first = QComboBox()
        self.last = QComboBox()
        for box, col in ((self.first, "first_turn"), (self.last, "last_turn")):
            box.addItems(codes)
            box.activated.connect(lambda _i, b=box, c=col: self._set(c, b.currentText()))
        form.addRow("First turn", self.first)
        form.addRow("Last turn", self.last)
        self.repl: dict[str, QSpinBox] = {}
        for k in REPLACEMENT_KEYS:
            sb = QSpinBox()
            sb.setRange(0, 99)
            sb.editingFinished.connect(self._set_replacements)
            self.repl[k] = sb
            form.addRow(f"Replacements {k}", sb)
        self.tabs.addTab(w, "Turns && replacements")

    def _build_rules_tab(self) -> None:
        w = QWidget()
        lay = QHBoxLayout(w)
        self.lists: dict[str, QListWidget] = {}
        for col, title, cat in (("optional_rules", "Optional rules available", OPTIONAL_RULES),
                                ("variants", "Variants available", VARIANTS)):
            box = QVBoxLayout()
            box.addWidget(QLabel(title))
            lw = QListWidget()
            for rule, t in cat.items():
                it = QListWidgetItem(f"{rule}  {t.name}")
                it.setData(Qt.ItemDataRole.UserRole, rule)
                it.setFlags(it.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                it.setCheckState(Qt.CheckState.Unchecked)
                lw.addItem(it)
            lw.itemChanged.connect(lambda _it, c=col: self._set_rules(c))
            self.lists[col] = lw
            box.addWidget(lw)
            lay.addLayout(box)
        self.tabs.addTab(w, "Rules && variants")

    def _build_victory_tab(self) -> None:
        w = QWidget()
        lay = QVBoxLayout(w)
        self.victory = QPlainTextEdit()
        self.victory.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.victory.textChanged.connect(self._check_victory)
        lay.addWidget(self.victory, 1)
        row = QHBoxLayout()
        self.victory_status = QLabel()
        row.addWidget(self.victory_status, 1)
        self.victory_apply = QPushButton("Apply victory conditions")
        self.victory_apply.clicked.connect(self.apply_victory)
        row.addWidget(self.victory_apply)
        lay.addLayout(row)
        self.tabs.addTab(w, "Victory")

    # --- state -----------------------------------------------------------------------
    def scenario(self) -> str:
        return str(self.scenario_box.currentData() or PRINTED)

    def set_scenario(self, sid: str) -> None:
        i = self.scenario_box.findData(sid)
        if i >= 0:
            self.scenario_box.setCurrentIndex(i)

    def _fill_scenarios(self) -> None:
        cur = self.scenario()
        self.scenario_box.blockSignals(True)
        self.scenario_box.clear()
        self.scenario_box.addItem("Counters' printed setup", PRINTED)
        for s in self.doc.table("scenario"):
            self.scenario_box.addItem(f"{s['name']} ({s['id']})", s["id"])
        self.scenario_box.blockSignals(False)
        self.set_scenario(cur)
        self._on_scenario()

    def _on_scenario(self, *_a: object) -> None:
        sid = self.scenario()
        if sid == PRINTED:
            model = RowsModel(self.doc, "unit", ["id", "setup", "fortified"], where=lambda r: bool(r["setup"]),
                              readonly=("id",), label=lambda r: r["id"])
        else:
            model = RowsModel(self.doc, "scenario_setup", ["unit", "location", "fortified", "reserve", "arrival"],
                              where=lambda r, s=sid: r["scenario"] == s, readonly=("unit",),
                              label=lambda r: f"{r['unit']} in {r['scenario']}")
        model.refused.connect(self.refused)
        old = self.setup_view.model()
        self.setup_view.setModel(model)
        if old is not None:
            old.deleteLater()
        for t in range(1, self.tabs.count()):
            self.tabs.setTabEnabled(t, sid != PRINTED)
        self._load()
        self.scenarioChanged.emit(sid)

    def _on_changed(self, table: str, key: str) -> None:
        if table == "scenario" and key == self.scenario():
            self._load()

    def _load(self) -> None:
        s = self.doc.get("scenario", self.scenario())
        self._loading = True
        try:
            self.recon.setEnabled(s is not None)
            self.basis.setEnabled(s is not None)
            if s is None:
                self.recon.setChecked(False)
                self.basis.setText("")
                return
            self.recon.setChecked(s["reconstructed"])
            self.basis.setText(s["basis"])
            self.basis.setCursorPosition(0)
            self.name.setText(s["name"])
            self.first.setCurrentText(s["first_turn"])
            self.last.setCurrentText(s["last_turn"])
            repl = json.loads(s["replacements"])
            for k, sb in self.repl.items():
                sb.setValue(int(repl.get(k, 0)))
            for col, lw in self.lists.items():
                chosen = set(json.loads(s[col]))
                for i in range(lw.count()):
                    it = lw.item(i)
                    on = it.data(Qt.ItemDataRole.UserRole) in chosen
                    it.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
            text = json.dumps(json.loads(s["victory"]), indent=2, ensure_ascii=False)
            if text != self.victory.toPlainText():
                self.victory.setPlainText(text)
        finally:
            self._loading = False

    # --- edits -----------------------------------------------------------------------
    def _set(self, column: str, value: object) -> None:
        if self._loading or self.scenario() == PRINTED:
            return
        try:
            edits.set_scenario(self.doc, self.scenario(), column, value)
        except edits.EditRefused as exc:
            self.refused.emit(str(exc))

    def _set_replacements(self) -> None:
        self._set("replacements", {k: sb.value() for k, sb in self.repl.items()})

    def _set_rules(self, column: str) -> None:
        lw = self.lists[column]
        chosen = [lw.item(i).data(Qt.ItemDataRole.UserRole) for i in range(lw.count())
                  if lw.item(i).checkState() == Qt.CheckState.Checked]
        self._set(column, json.dumps(chosen))

    def _check_victory(self) -> bool:
        try:
            v = json.loads(self.victory.toPlainText() or "{}")
            if not isinstance(v, dict):
                raise ValueError("victory conditions must be a JSON object { ... }")
        except ValueError as exc:
            self.victory_status.setText(f"Invalid: {exc}")
            self.victory_status.setStyleSheet("color: #a01010;")
            self.victory_apply.setEnabled(False)
            return False
        self.victory_status.setText("Valid JSON")
        self.victory_status.setStyleSheet("color: #1d6b1d;")
        self.victory_apply.setEnabled(True)
        return True

    def apply_victory(self) -> None:
        if self._check_victory():
            v = json.loads(self.victory.toPlainText() or "{}")
            self._set("victory", json.dumps(v, sort_keys=True))

    def place(self, uid: str, location: str) -> None:
        try:
            edits.place_unit(self.doc, self.scenario(), uid, location)
        except edits.EditRefused as exc:
            self.refused.emit(str(exc))

    def place_in_army(self) -> None:
        uid = self.current_unit()
        if not uid:
            self.refused.emit("select a unit in the OB table first")
            return
        self.place(uid, self.army_box.currentText())

    def remove_selected(self) -> None:
        m = self.setup_view.model()
        idx = self.setup_view.currentIndex()
        if not isinstance(m, RowsModel) or not idx.isValid():
            return
        key = m.key(idx.row())
        uid = str(key[0] if m.table == "unit" else key[1])
        edits.unplace_unit(self.doc, self.scenario(), uid)

    def _activate(self, idx: object) -> None:
        m = self.setup_view.model()
        if isinstance(m, RowsModel):
            key = m.key(self.setup_view.currentIndex().row())
            self.unitActivated.emit(str(key[0] if m.table == "unit" else key[1]))


def placements(doc: ModuleDocument, scenario: str) -> dict[str, list[Placement]]:
    """Counters on the map for the setup being edited: a scenario's setup list, or
    the counters' printed setup (also for a scenario whose list is empty)."""
    try:
        units = doc.module().units
    except ValueError:
        return {}
    entries = [e for e in doc.table("scenario_setup") if e["scenario"] == scenario] if scenario else []
    out: dict[str, list[Placement]] = {}
    if entries:
        for e in entries:
            spec = units.get(e["unit"])
            if spec is not None and re.fullmatch(r"\d{4}", e["location"]):
                marks = {m for m, on in (("FORT", e["fortified"]), ("RES", e["reserve"])) if on}
                out.setdefault(e["location"], []).append((spec, False, marks))
    else:
        for spec in units.values():
            if spec.setup and re.fullmatch(r"\d{4}", spec.setup):
                out.setdefault(spec.setup, []).append((spec, False, {"FORT"} if spec.fortified else set()))
    return out

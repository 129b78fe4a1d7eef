"""The New Game dialog: scenario, optional rules and variants from the engine's catalogue;
the engine's ``check_choices`` says whether a combination is legal. There is no dice seed:
a new game draws it from the system's randomness, so nobody can choose or foresee the dice
(``darkdec play --seed`` keeps one for tests, and marks the game)."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from darkdec_qt.moduleview import Module
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.options import catalogue, check_choices

SETUPS = (("Historical assault positions (6.2)", "historical"), ("Free, placed by hand (6.1)", "free"),
          ("Automatic (the engine's fill, 6.1)", "auto"))


class NewGameDialog(QDialog):
    """Choose a scenario and its rules; ``choices()`` after ``exec()``."""

    def __init__(self, module: Module, parent: QWidget | None = None, scenario: str = "herbstnebel") -> None:
        super().__init__(parent)
        self.setWindowTitle("New game")
        self.module = module
        self.scenario = QComboBox()
        for sc in module.scenarios.values():
            first, last = module.turn_index[sc.first_turn], module.turn_index[sc.last_turn]
            self.scenario.addItem(f"{sc.name}  ({first.label} – {last.label})", sc.id)
        i = self.scenario.findData(scenario)
        self.scenario.setCurrentIndex(max(0, i))
        self.setup = QComboBox()  # 6.0H-6.2: the German set-up of a 16 December scenario
        for label, key in SETUPS:
            self.setup.addItem(label, key)
        form = QFormLayout()
        form.addRow("Scenario", self.scenario)
        form.addRow("German set-up", self.setup)
        cat = catalogue()
        self.boxes: dict[str, QCheckBox] = {}
        groups = QHBoxLayout()
        for title, key in (("Optional rules", "optional_rules"), ("Variants (26.0)", "variants")):
            g = QGroupBox(title)
            grid = QGridLayout(g)
            for n, t in enumerate(cat[key]):
                cb = QCheckBox(f"{t['rule']}  {t['name']}")
                tip = [str(t["note"])] if t["note"] else []
                if t["requires"]:
                    tip.append("requires " + ", ".join(map(str, t["requires"])))
                if t["forbids"]:
                    tip.append("excludes " + ", ".join(map(str, t["forbids"])))
                cb.setToolTip("; ".join(tip))
                cb.setProperty("kind", key)
                cb.toggled.connect(self._validate)
                grid.addWidget(cb, n % 10, n // 10)
                self.boxes[str(t["rule"])] = cb
            groups.addWidget(g)
        self.problem = QLabel()
        self.problem.setStyleSheet("color:#a01010; font-weight:bold;")
        self.problem.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addLayout(form)
        lay.addLayout(groups)
        lay.addWidget(self.problem)
        lay.addWidget(self.buttons)
        self.scenario.currentIndexChanged.connect(self._scenario_defaults)
        self._scenario_defaults()

    def _scenario_defaults(self) -> None:
        sc = self.module.scenarios[self.scenario.currentData()]
        first_day = self.module.turn_index[sc.first_turn].number == 1
        self.setup.setEnabled(first_day)
        self.setup.setToolTip("6.2: the units where they stood on 16 December (reconstructed); 6.1: free within "
                              "the army areas, by hand; or the engine's automatic fill" if first_day else
                              "This scenario starts later: its set-up is derived from the positions of its first day")
        for rule, cb in self.boxes.items():
            cb.blockSignals(True)
            cb.setChecked(rule in sc.optional_rules)  # variants: the players opt in (26.0)
            cb.blockSignals(False)
        self._validate()

    def _chosen(self, kind: str) -> tuple[str, ...]:
        return tuple(r for r, cb in self.boxes.items() if cb.isChecked() and cb.property("kind") == kind)

    def _validate(self) -> None:
        try:
            check_choices(set(self._chosen("optional_rules")), set(self._chosen("variants")))
            self.problem.setText("")
            ok = True
        except IllegalAction as exc:
            self.problem.setText(str(exc))
            ok = False
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(ok)

    def choices(self) -> dict[str, object]:
        return {"scenario": self.scenario.currentData(), "seed": None,  # drawn from the system's randomness
                "optional": self._chosen("optional_rules"), "variants": self._chosen("variants"),
                "setup": self.setup.currentData() if self.setup.isEnabled() else "auto"}

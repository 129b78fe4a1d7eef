"""The choices the engine waits for, shown in the Arriving dock (the player chooses):
"Choices owed now" lists each one ``orders.owed_orders`` finds (a displaced leader's hex, 15.5D;
a blocked reinforcement's road hex for next turn, 10.6.3C; the reinforcements held off the map,
10.7.2C; overstacked units, 11.0C; the drop, 19.1): a click executes it or highlights the hexes
to click. "Conditional forces" (23.0B) lists the units a side may select with checkboxes, the
engine's proposal ticked. Nothing here decides a rule: the engine checks every command."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QGroupBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from darkdec_qt.rules.scenarios.variants import CONDITIONAL_CHOSEN, ChooseConditionalUnits
from darkdec_qt.ui.controller import GameController
from darkdec_qt.ui.map.input import MapInput
from darkdec_qt.ui.orders import legal as od

ROW = Qt.ItemDataRole.UserRole
PICKS = frozenset({"relocate_displaced_leader", "choose_delayed_entry"})  # the owed choices picked on the map


class OwedChoices(QWidget):
    """The owed choices as a clickable list (hidden when nothing is owed)."""

    def __init__(self, controller: GameController, map_input: MapInput, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.input = map_input
        self.orders: list[od.Order] = []
        self.title = QLabel("<b>Choices owed now</b> — the phase cannot end before them (click one)")
        self.title.setWordWrap(True)
        self.list = QListWidget()
        self.list.setWordWrap(True)
        self.list.setMaximumHeight(140)
        self.list.itemClicked.connect(lambda it: self.run(it.data(ROW)))
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.title)
        lay.addWidget(self.list)
        controller.changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        s = self.controller.state
        self.orders = od.owed_orders(s) if s.started and not s.game_over else []
        self.list.clear()
        for i, o in enumerate(self.orders):
            it = QListWidgetItem(o.label)
            it.setData(ROW, i)
            self.list.addItem(it)
        self.setVisible(bool(self.orders))
        picking = set(self.input.targets.values())
        if picking and any(c.kind in PICKS for c in picking) and \
                not any(picking & set(o.targets.values()) for o in self.orders):
            self.input.clear_pick()  # the choice was made (by the computer, or undone): nothing to click

    def run(self, row: int | None) -> bool:
        if row is None or not 0 <= row < len(self.orders):
            return False
        o = self.orders[row]
        if o.command is not None:
            return self.controller.execute(o.command)
        targets = o.targets or (od.paradrop_targets(self.controller.state) if o.key == "paradrop" else {})
        if not targets:
            return False
        self.input.view.bring_into_sight(targets)
        self.input.pick(targets, o.prompt)
        return True


class ConditionalForces(QGroupBox):
    """23.0B: tick the conditional units the side's 1-2 rolls commit, then commit them."""

    def __init__(self, controller: GameController, parent: QWidget | None = None) -> None:
        super().__init__("Conditional forces (23.0B)", parent)
        self.controller = controller
        self.info = QLabel()
        self.info.setWordWrap(True)
        self.list = QListWidget()
        self.list.setMaximumHeight(160)
        self.list.itemClicked.connect(self.toggle)  # a click anywhere on the row ticks or unticks
        self.button = QPushButton("Commit the ticked units")
        self.button.clicked.connect(self.commit)
        lay = QVBoxLayout(self)
        lay.addWidget(self.info)
        lay.addWidget(self.list)
        lay.addWidget(self.button)
        self.n = 0
        controller.changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        s = self.controller.state
        self.n, pool, proposed = od.conditional_choice(s) if s.started else (0, [], [])
        self.list.blockSignals(True)
        self.list.clear()
        for u in pool:
            it = QListWidgetItem(u)
            it.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
            it.setCheckState(Qt.CheckState.Checked if u in proposed else Qt.CheckState.Unchecked)
            self.list.addItem(it)
        self.list.blockSignals(False)
        self._count()
        self.setVisible(self.n > 0)

    def toggle(self, it: QListWidgetItem) -> None:
        ticked = it.checkState() == Qt.CheckState.Checked
        it.setCheckState(Qt.CheckState.Unchecked if ticked else Qt.CheckState.Checked)
        self._count()

    def checked(self) -> tuple[str, ...]:
        return tuple(self.list.item(i).text() for i in range(self.list.count())
                     if self.list.item(i).checkState() == Qt.CheckState.Checked)

    def _count(self) -> None:
        k = len(self.checked())
        s = self.controller.state
        made = s.triggers.get(f"{CONDITIONAL_CHOSEN}{s.side}") == s.turn
        self.info.setText(f"The {s.side} roll commits <b>{self.n}</b> units: tick {self.n} ({k} ticked). "
                          + ("Selection made; it may change until one of them enters." if made else
                             "The engine's proposal is ticked: committing it confirms it."))
        self.button.setEnabled(k == self.n)

    def commit(self) -> bool:
        return self.controller.execute(ChooseConditionalUnits(units=self.checked()))

"""Docks for units not yet on the map: "Arriving this turn" (reinforcements due, their
entry hexes highlighted, 10.6) and "Set-up" (free set-up, 6.0H: units still to place on
``freesetup.legal_hexes``). A click on a highlighted hex executes the engine command.
With fog of war the Arriving dock lists only the viewer's side (25.0B), as the turn track does."""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QLabel, QListWidget, QListWidgetItem, QMenu, QVBoxLayout, QWidget

from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.movement import reinforcements as rf
from darkdec_qt.ui.controller import GameController
from darkdec_qt.ui.map.input import MapInput
from darkdec_qt.ui.orders import legal as od

UNIT = Qt.ItemDataRole.UserRole


class ArrivalsPanel(QWidget):
    """The reinforcements due now, and those of the next turns (greyed)."""

    def __init__(self, controller: GameController, map_input: MapInput, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.input = map_input
        self.info = QLabel()
        self.info.setWordWrap(True)
        self.strategic = QCheckBox("Enter in strategic movement")
        self.strategic.setToolTip("10.6.2: enter paying strategic movement costs")
        self.list = QListWidget()
        self.list.setWordWrap(True)
        self.list.currentItemChanged.connect(lambda it, _p: self.choose(it))
        self.list.itemClicked.connect(self.choose)
        from darkdec_qt.ui.orders.owed import ConditionalForces, OwedChoices  # the player chooses

        self.owed = OwedChoices(controller, map_input)
        self.conditional = ConditionalForces(controller)
        lay = QVBoxLayout(self)
        lay.addWidget(self.owed)
        lay.addWidget(self.conditional)
        lay.addWidget(self.info)
        lay.addWidget(self.strategic)
        lay.addWidget(self.list, 1)
        controller.changed.connect(self.refresh)
        self.refresh()

    def sides(self) -> tuple[str, ...]:
        """Whose reinforcements are listed: with fog of war only the viewer's (25.0B: each side
        keeps its OB out of view), as the turn track does; else both sides."""
        if self.controller.state.has_rule("25"):
            return (self.controller.viewer(),)
        return ("Allied", "German")

    def refresh(self) -> None:
        s = self.controller.state
        sides = self.sides()
        self.list.blockSignals(True)
        self.list.clear()
        due = [u for u in rf.due_units(s) if s.module.units[u].side in sides]
        for u in due:
            hexes = rf.entry_hexes(s, u)
            it = QListWidgetItem(f"{s.module.units[u].side[:1]}  {u} — enters at "
                                 f"{', '.join(hexes) if hexes else '(no entry hex)'}")
            it.setData(UNIT, u)
            self.list.addItem(it)
        later = sorted((t, u) for u, t in s.pending.items() if t > s.turn and s.module.units[u].side in sides)[:30]
        for t, u in later:
            it = QListWidgetItem(f"{s.module.units[u].side[:1]}  {u} — turn {t} "
                                 f"({s.module.turns[min(t, len(s.module.turns)) - 1].label})")
            it.setFlags(Qt.ItemFlag.NoItemFlags)
            self.list.addItem(it)
        self.list.blockSignals(False)
        fog = " (fog of war: your side's only, 25.0B)" if len(sides) == 1 else ""
        self.info.setText(f"<b>{len(due)} due this turn</b> ({s.side}). Select one: its entry hexes are "
                          "highlighted; click one to enter, then move it." if due else
                          f"No reinforcement due now. Coming later{fog}:")

    def choose(self, item: QListWidgetItem | None) -> None:
        if item is None or item.data(UNIT) is None:
            return
        self.enter(item.data(UNIT))

    def enter(self, unit: str) -> bool:
        """Highlight the legal entry hexes of ``unit``; a click there enters it."""
        s = self.controller.state
        strat = self.strategic.isChecked()
        cands = {h: cm.EnterReinforcement(unit=unit, path=(h,), strategic=strat) for h in rf.entry_hexes(s, unit)}
        targets = {h: c for h, c in cands.items() if od.legal(s, c)}
        if not targets:
            first = next(iter(cands.values()), cm.EnterReinforcement(unit=unit, path=()))
            return self.controller.execute(first)  # shows the engine's reason
        self.input.pick(targets, f"Click a highlighted entry hex for {unit}", done=partial(self._entered, unit))
        return True

    def _entered(self, unit: str) -> None:
        if unit in self.controller.state.pos:
            self.input.select((unit,))


class SetupPanel(QWidget):
    """Free set-up: the units still to place, by side (Allies first, 6.0H)."""

    def __init__(self, controller: GameController, map_input: MapInput, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.input = map_input
        self.info = QLabel()
        self.info.setWordWrap(True)
        self.list = QListWidget()
        self.list.itemClicked.connect(lambda it: self.place(it.data(UNIT)))
        lay = QVBoxLayout(self)
        lay.addWidget(self.info)
        lay.addWidget(self.list, 1)
        controller.changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        s = self.controller.state
        self.list.clear()
        for u, zone in sorted(s.to_place.items(), key=lambda x: (s.module.units[x[0]].side != "Allied", x[0])):
            it = QListWidgetItem(f"{s.module.units[u].side[:1]}  {u} — zone {zone}")
            it.setData(UNIT, u)
            self.list.addItem(it)
        self.info.setText(f"<b>{len(s.to_place)} units to set up</b>: select one, click a highlighted hex. "
                          "Orders › Set up… completes it automatically." if s.to_place else
                          ("Set-up complete: Orders › Set up… › Start the game" if not s.started else "The game is on."))

    def place(self, unit: str | None) -> bool:
        if not unit:
            return False
        targets = od.setup_targets(self.controller.state, unit)
        if not targets:
            return self.controller.execute(od.freesetup.PlaceUnit(unit=unit, hex="0101"))
        self.input.pick(targets, f"Click a highlighted hex to set up {unit} ({len(targets)} legal)",
                        done=self._next)
        return True

    def _next(self) -> None:
        if self.list.count():
            self.list.setCurrentRow(0)

    def add_context(self, menu: QMenu, h: str) -> None:
        s = self.controller.state
        sub = None
        for u in sorted(s.to_place):
            if h in od.freesetup.legal_hexes(s, u):
                sub = sub or menu.addMenu(f"Set up here ({h})")
                sub.addAction(u, partial(self.controller.execute, od.freesetup.PlaceUnit(unit=u, hex=h)))
                if sub.actions() and len(sub.actions()) >= 25:
                    break

"""The Order of Battle dock: every unit by side and division with its state in the shown
moment (on the map at a hex, reduced; destroyed, surrendered, exited, withdrawn;
arriving on a turn; to be set up). Clicking a unit on the map centres the map on it.
With fog of war (25.0) the enemy units the viewer cannot see show no hex."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QLineEdit, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget

from darkdec_qt.rules import fog as fogofwar
from darkdec_qt.rules.core.state import GameState
from darkdec_qt.ui.controller import GameController

UNIT = Qt.ItemDataRole.UserRole
COLOURS = {"map": "#1c1c1c", "reduced": "#7a4a00", "gone": "#a01010", "later": "#3f5f8f", "hidden": "#8a8a80"}


def unit_status(state: GameState, unit: str, seen: set[str] | None = None) -> tuple[str, str]:
    """(text, colour key) of ``unit`` in ``state``; ``seen``: units the viewer may see."""
    if unit in state.pos:
        if seen is not None and unit not in seen:
            return "on the map (hidden: fog of war)", "hidden"
        red = unit in state.reduced
        return f"at {state.pos[unit]}" + (" · reduced" if red else ""), "reduced" if red else "map"
    if unit in state.surrendered:
        return "surrendered (Destroyed Units Box)", "gone"
    if unit in state.eliminated:
        return "destroyed (Destroyed Units Box)", "gone"
    if unit in state.exited:
        where = state.exited_at.get(unit, "")
        return f"exited the map{' at ' + where if where else ''}", "later"
    if unit in state.withdrawn:
        return "withdrawn", "later"
    if unit in state.to_place:
        return f"to be set up ({state.to_place[unit]})", "later"
    if unit in state.pending:
        t = state.pending[unit]
        turns = state.module.turns
        return f"arrives turn {t} ({turns[min(t, len(turns)) - 1].label})", "later"
    return "not in this scenario", "hidden"


class OrderOfBattlePanel(QWidget):
    def __init__(self, controller: GameController, win, parent: QWidget | None = None) -> None:  # noqa: ANN001
        super().__init__(parent)
        self.controller = controller
        self.win = win
        self.filter = QLineEdit()
        self.filter.setPlaceholderText("Filter: unit, division, hex or state…")
        self.filter.textChanged.connect(self._filter)
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels(["unit", "state"])
        self.tree.setColumnWidth(0, 170)
        self.tree.itemClicked.connect(self._clicked)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(2, 2, 2, 2)
        lay.addWidget(self.filter)
        lay.addWidget(self.tree, 1)
        self.items: dict[str, QTreeWidgetItem] = {}
        controller.gameReplaced.connect(self.rebuild)
        controller.shownChanged.connect(self.refresh)
        self.rebuild()

    def rebuild(self) -> None:
        self.tree.clear()
        self.items = {}
        s = self.controller.state
        units = s.module.units
        relevant = set(s.pos) | s.eliminated | s.surrendered | s.exited | s.withdrawn | set(s.pending) | set(s.to_place)
        for side in ("German", "Allied"):
            top = QTreeWidgetItem([side, ""])
            self.tree.addTopLevelItem(top)
            divs: dict[str, QTreeWidgetItem] = {}
            for u in sorted(x for x in relevant if units[x].side == side):
                d = units[u].division or "independent / leaders"
                if d not in divs:
                    divs[d] = QTreeWidgetItem([d, ""])
                    top.addChild(divs[d])
                it = QTreeWidgetItem([u, ""])
                it.setData(0, UNIT, u)
                divs[d].addChild(it)
                self.items[u] = it
            top.setText(1, f"{top.childCount()} formations")
            top.setExpanded(True)
        self.refresh()

    def _seen(self, s: GameState) -> set[str] | None:
        if not s.has_rule("25"):
            return None
        viewer = self.controller.viewer()
        return {u for shown, _n in fogofwar.visible_units(s, viewer).values() for u in shown}

    def refresh(self) -> None:
        s = self.controller.shown_state()
        seen = self._seen(s)
        for u, it in self.items.items():
            text, col = unit_status(s, u, seen)
            it.setText(1, text)
            it.setForeground(1, QBrush(QColor(COLOURS[col])))
        for i in range(self.tree.topLevelItemCount()):
            top = self.tree.topLevelItem(i)
            for k in range(top.childCount()):
                div = top.child(k)
                n = div.childCount()
                gone = sum(1 for j in range(n) if div.child(j).foreground(1).color().name() == COLOURS["gone"])
                div.setText(1, f"{n} units" + (f", {gone} lost" if gone else ""))
        self._filter(self.filter.text())

    def _filter(self, text: str) -> None:
        t = text.strip().lower()
        for i in range(self.tree.topLevelItemCount()):
            top = self.tree.topLevelItem(i)
            for k in range(top.childCount()):
                div = top.child(k)
                any_shown = False
                for j in range(div.childCount()):
                    it = div.child(j)
                    show = not t or t in it.text(0).lower() or t in it.text(1).lower() or t in div.text(0).lower()
                    it.setHidden(not show)
                    any_shown |= show
                div.setHidden(not any_shown)
                if t:
                    div.setExpanded(any_shown)

    def _clicked(self, item: QTreeWidgetItem, _col: int = 0) -> None:
        u = item.data(0, UNIT)
        if u:
            self.centre_on(u)

    def centre_on(self, unit: str) -> bool:
        """Centre the map on ``unit`` and outline its hex (when the viewer may see it)."""
        s = self.controller.shown_state()
        seen = self._seen(s)
        h = s.pos.get(unit)
        if h is None or (seen is not None and unit not in seen):
            self.controller.message.emit(f"{unit}: {unit_status(s, unit, seen)[0]}", False)
            return False
        self.win.view.center_on_hex(h)
        if self.controller.is_live() and self.controller.state.side_of(unit) == self.controller.acting():
            self.win.input.select((unit,))
        else:
            self.win.input.set_outlines({h: "#1a3fd0"})
        self.controller.message.emit(f"{unit} {unit_status(s, unit, seen)[0]}", False)
        return True

    def show_hex(self, h: str) -> None:
        """Select the units of hex ``h`` in the tree (from the map's context menu)."""
        s = self.controller.shown_state()
        self.tree.clearSelection()
        first = None
        for u in s.units_at(h):
            it = self.items.get(u)
            if it is not None:
                it.setSelected(True)
                it.parent().setExpanded(True)
                first = first or it
        if first is not None:
            self.tree.scrollToItem(first)
        dock = getattr(self.win, "panels", {}).get("ob")
        if dock is not None:
            dock.show()
            dock.raise_()

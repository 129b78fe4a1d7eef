"""The log dock: every event in words (``narrate.describe``) under turn and phase
headings, dice shown; clicking an entry shows the map as it was after that event."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget

from darkdec_qt.rules.narrate import describe
from darkdec_qt.ui.controller import GameController

INDEX = Qt.ItemDataRole.UserRole
HIDDEN = frozenset({"phase_ended", "battle_stage"})  # shown by the headings / the battle panel


class LogPanel(QWidget):
    """A tree: phase headings, events below. Follows the controller's live game."""

    def __init__(self, controller: GameController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.tree = QTreeWidget()
        self.tree.setHeaderHidden(True)
        self.tree.setUniformRowHeights(True)
        self.tree.setWordWrap(False)
        self.tree.setIndentation(14)
        self.tree.itemClicked.connect(self._clicked)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.tree)
        self._shown = 0
        self._heading: QTreeWidgetItem | None = None
        self._bold = QFont(self.tree.font())
        self._bold.setBold(True)
        controller.changed.connect(self.sync)
        controller.gameReplaced.connect(self.rebuild)
        controller.shownChanged.connect(self._mark_current)
        self.rebuild()

    def rebuild(self) -> None:
        self.tree.clear()
        self._shown = 0
        self._heading = None
        self.sync()

    def sync(self) -> None:
        events = self.controller.cache.events
        if len(events) < self._shown:
            self.rebuild()
            return
        module = self.controller.module
        for i in range(self._shown, len(events)):
            e = events[i]
            if e.kind == "phase_began":
                self._heading = QTreeWidgetItem([f"Turn {e.turn} · {module.turns[min(e.turn, len(module.turns)) - 1].label}"
                                                 f" · {e.side} {e.phase} phase"])
                self._heading.setData(0, INDEX, i + 1)
                self._heading.setFont(0, self._bold)
                self._heading.setBackground(0, QBrush(QColor("#e6e1cf")))
                self.tree.addTopLevelItem(self._heading)
                continue
            if e.kind in HIDDEN:
                continue
            text = describe(e, module)
            if not text:
                continue
            item = QTreeWidgetItem([f"{i + 1:5d}  {text}"])
            item.setData(0, INDEX, i + 1)
            item.setToolTip(0, text)
            if e.kind == "die_rolled":
                item.setText(0, f"{i + 1:5d}  \u2684 {text}")
                item.setForeground(0, QBrush(QColor("#8a1c1c")))
            if self._heading is None:
                self.tree.addTopLevelItem(item)
            else:
                self._heading.addChild(item)
        if len(events) > self._shown and self._heading is not None:
            self._heading.setExpanded(True)
            last = self._heading.child(self._heading.childCount() - 1) if self._heading.childCount() else self._heading
            self.tree.scrollToItem(last)
        self._shown = len(events)

    def _clicked(self, item: QTreeWidgetItem, column: int) -> None:
        idx = item.data(0, INDEX)
        if idx is not None:
            self.controller.show_past(int(idx))

    def _mark_current(self) -> None:
        if self.controller.is_live():
            self.tree.clearSelection()

    def item_for_event(self, index: int) -> QTreeWidgetItem | None:
        """The entry of the event whose position is ``index`` (1-based, as shown)."""
        for t in range(self.tree.topLevelItemCount()):
            top = self.tree.topLevelItem(t)
            if top.data(0, INDEX) == index:
                return top
            for k in range(top.childCount()):
                if top.child(k).data(0, INDEX) == index:
                    return top.child(k)
        return None

"""The log dock: every event in words (``narrate.describe``) under turn and phase
headings, dice shown; clicking an entry shows the map as it was after that event."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetrics
from PySide6.QtWidgets import (
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from darkdec_qt.logfold import is_routine, routine_summary
from darkdec_qt.rules.narrate import describe
from darkdec_qt.ui.controller import GameController

INDEX = Qt.ItemDataRole.UserRole
HIDDEN = frozenset({"phase_ended", "battle_stage"})  # shown by the headings / the battle panel


class WrapDelegate(QStyledItemDelegate):
    """Rows as tall as their text wrapped to the column width (QTreeView alone elides)."""

    def __init__(self, tree: QTreeWidget) -> None:
        super().__init__(tree)
        self.tree = tree

    def _width(self, index: QModelIndex | QPersistentModelIndex) -> int:
        depth, p = 0, index.parent()
        while p.isValid():
            depth, p = depth + 1, p.parent()
        return max(80, self.tree.viewport().width() - self.tree.indentation() * (depth + 1) - 8)

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:  # noqa: N802
        font = index.data(Qt.ItemDataRole.FontRole) or option.font
        text = str(index.data(Qt.ItemDataRole.DisplayRole) or "")
        r = QFontMetrics(font).boundingRect(QRect(0, 0, self._width(index), 10000),
                                            int(Qt.TextFlag.TextWordWrap), text)
        return QSize(self._width(index), r.height() + 4)

    def initStyleOption(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> None:  # noqa: N802
        super().initStyleOption(option, index)
        option.features |= QStyleOptionViewItem.ViewItemFeature.WrapText
        option.textElideMode = Qt.TextElideMode.ElideNone


class LogPanel(QWidget):
    """A tree: phase headings, events below. Follows the controller's live game."""

    def __init__(self, controller: GameController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.tree = QTreeWidget()
        self.tree.setHeaderHidden(True)
        self.tree.setUniformRowHeights(False)
        self.tree.setWordWrap(True)  # long lines wrap instead of being cut off
        self.tree.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.tree.setItemDelegate(WrapDelegate(self.tree))
        self.tree.setIndentation(14)
        self.tree.itemClicked.connect(self._clicked)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.tree)
        self.tree.viewport().installEventFilter(self)
        self._shown = 0
        self._heading: QTreeWidgetItem | None = None
        self._fold: QTreeWidgetItem | None = None  # "n units are supplied" of the current heading
        self._bold = QFont(self.tree.font())
        self._bold.setBold(True)
        controller.changed.connect(self.sync)
        controller.gameReplaced.connect(self.rebuild)
        controller.shownChanged.connect(self._mark_current)
        self.rebuild()

    def eventFilter(self, obj, event) -> bool:  # noqa: ANN001, N802
        if event.type() == event.Type.Resize:
            self.tree.scheduleDelayedItemsLayout()  # re-wrap to the new width
        return False

    def rebuild(self) -> None:
        self.tree.clear()
        self._shown = 0
        self._heading = None
        self._fold = None
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
                                                 f" · {e.side} {e.phase}"])
                self._heading.setData(0, INDEX, i + 1)
                self._heading.setFont(0, self._bold)
                self._heading.setBackground(0, QBrush(QColor("#e6e1cf")))
                self.tree.addTopLevelItem(self._heading)
                self._fold = None
                continue
            if e.kind in HIDDEN:
                continue
            text = describe(e, module)
            if not text:
                continue
            item = QTreeWidgetItem([f"{i + 1:5d}  {text}"])
            item.setData(0, INDEX, i + 1)
            item.setToolTip(0, text)
            if is_routine(e):
                self._add_routine(item, i + 1)
                continue
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

    def _add_routine(self, item: QTreeWidgetItem, index: int) -> None:
        """Fold the routine "is supplied" lines of a phase into one expandable line."""
        if self._fold is None:
            self._fold = QTreeWidgetItem([""])
            self._fold.setForeground(0, QBrush(QColor("#4a6a3a")))
            (self._heading.addChild(self._fold) if self._heading is not None else self.tree.addTopLevelItem(self._fold))
        self._fold.addChild(item)
        self._fold.setData(0, INDEX, index)
        n = self._fold.childCount()
        self._fold.setText(0, f"       {routine_summary(n)} (click \u25b8 to list them)")

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
                ch = top.child(k)
                if ch.childCount() == 0 and ch.data(0, INDEX) == index:
                    return ch
                for j in range(ch.childCount()):
                    if ch.child(j).data(0, INDEX) == index:
                        return ch.child(j)
        return None

"""The log dock: every event in words (``narrate.describe``) under turn and phase
headings, dice shown; clicking an entry shows the map as it was after that event. A field
under the log writes a player's note (the engine's Note command: in the log, saved with
the game, carried in exchange files); a note's text, which may come from a file, is shown
without control characters.

The entries are a model the tree view reads (:class:`LogModel`), not a widget item per
event: opening a game builds a list of words, and the view sizes and draws only the rows
on screen, so a legal file of 49,000 notes opens in the time of the rows shown."""

from __future__ import annotations

import gc

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, QRect, QSize, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetrics
from PySide6.QtWidgets import (
    QAbstractItemView,
    QLineEdit,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from darkdec_qt.logfold import is_routine, log_words, routine_summary
from darkdec_qt.model.safesqlite import printable
from darkdec_qt.rules import fog
from darkdec_qt.rules.core.notes import MAX_NOTE, Note
from darkdec_qt.rules.narrate import Storyteller
from darkdec_qt.ui.controller import GameController

INDEX = Qt.ItemDataRole.UserRole  # the event's position (1-based, as shown)
HEADING, EVENT, DIE, FOLD = range(4)
HEADING_BG = QColor("#e6e1cf")
DIE_FG = QColor("#8a1c1c")
FOLD_FG = QColor("#4a6a3a")


class Entry:
    """A row: a turn and phase heading, an event, or the fold of a phase's routine supply lines."""

    __slots__ = ("parent", "row", "index", "text", "tip", "kind", "children")

    def __init__(self, parent: Entry | None, kind: int, index: int, text: str, tip: str = "") -> None:
        self.parent = parent
        self.row = 0
        self.kind = kind
        self.index = index
        self.text = text
        self.tip = tip
        self.children: list[Entry] = []

    def add(self, child: Entry) -> Entry:
        child.row = len(self.children)
        self.children.append(child)
        return child


class LogModel(QAbstractItemModel):
    """Headings, events and folds of the controller's live game, as rows of one column."""

    def __init__(self, controller: GameController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.root = Entry(None, HEADING, 0, "")
        self.heading: Entry | None = None
        self.fold: Entry | None = None  # "n units are supplied" of the current heading
        self.shown = 0  # events read
        self.viewer: tuple[str | None, bool] = (None, True)  # whose view is shown, None: all (25.0)
        self.teller = Storyteller(controller.module)
        self.bold = QFont()
        self.bold.setBold(True)

    # --- reading the game ---------------------------------------------------------------
    def view(self) -> tuple[str | None, bool]:
        """The side whose knowledge the log shows: the seat's (``controller.viewer``: against the
        computer the human's side, in file exchange the local one, in hot seat the side holding
        the seat) while fog of war hides things from it (25.0), else None (every event whole);
        and whether the other side's notes are addressed to it (a human opponent's are, the
        computer's are its plans)."""
        c = self.controller
        side = c.viewer()
        return (side if fog.fog_applies(c.state, side) else None), not (c.computer - {side})

    def rebuild(self) -> None:
        self.beginResetModel()
        self.root = Entry(None, HEADING, 0, "")
        self.heading = self.fold = None
        self.shown = 0
        self.viewer = self.view()
        self.teller = Storyteller(self.controller.module, self.controller.state, *self.viewer)
        collecting = gc.isenabled()
        gc.disable()  # tens of thousands of small rows: no collector passes over the whole heap meanwhile
        try:
            self._read(False)
        finally:
            if collecting:
                gc.enable()
        self.endResetModel()

    def sync(self) -> bool:
        """Read the events added since; False when the log shrank (undo) or the seat's view
        changed (hot seat's next player, the game's end lifting fog of war): rebuild instead."""
        if len(self.controller.cache.events) < self.shown or self.view() != self.viewer:
            self.rebuild()
            return False
        self._read(True)
        return True

    def _read(self, signal: bool) -> None:
        events = self.controller.cache.events
        module = self.controller.module
        for i in range(self.shown, len(events)):
            e = events[i]
            if e.kind == "phase_began":
                label = module.turns[min(e.turn, len(module.turns)) - 1].label
                self._add(self.root, Entry(self.root, HEADING, i + 1, f"Turn {e.turn} · {label} · {e.side} {e.phase}"),
                          signal)
                self.heading, self.fold = self.root.children[-1], None
                continue
            text = log_words(self.teller, e)
            if e.kind == "note_made":  # a player's words, perhaps from a file: no control characters
                text = printable(text)
            if not text:
                continue
            under = self.heading or self.root
            if is_routine(e):
                if self.fold is None:
                    self.fold = self._add(under, Entry(under, FOLD, i + 1, ""), signal)
                self._add(self.fold, Entry(self.fold, EVENT, i + 1, f"{i + 1:5d}  {text}", text), signal)
                self.fold.index = i + 1
                self.fold.text = f"       {routine_summary(len(self.fold.children))} (click \u25b8 to list them)"
                if signal:
                    at = self.index_of(self.fold)
                    self.dataChanged.emit(at, at)
                continue
            die = e.kind == "die_rolled"
            self._add(under, Entry(under, DIE if die else EVENT, i + 1,
                                   f"{i + 1:5d}  \u2684 {text}" if die else f"{i + 1:5d}  {text}", text), signal)
        self.shown = len(events)

    def _add(self, parent: Entry, child: Entry, signal: bool) -> Entry:
        if signal:
            n = len(parent.children)
            self.beginInsertRows(self.index_of(parent), n, n)
            parent.add(child)
            self.endInsertRows()
        else:
            parent.add(child)
        return child

    # --- the model ------------------------------------------------------------------------
    def index_of(self, entry: Entry) -> QModelIndex:
        return QModelIndex() if entry is self.root or entry.parent is None else self.createIndex(entry.row, 0, entry)

    def entry(self, index: QModelIndex | QPersistentModelIndex) -> Entry:
        return index.internalPointer() if index.isValid() else self.root

    def index(self, row: int, column: int, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> QModelIndex:
        kids = (parent.internalPointer() if parent.isValid() else self.root).children  # (called for every row laid out)
        if column or row < 0 or row >= len(kids):
            return QModelIndex()
        return self.createIndex(row, 0, kids[row])

    def parent(self, index: QModelIndex | QPersistentModelIndex = QModelIndex()) -> QModelIndex:  # type: ignore[override]
        if not index.isValid():
            return QModelIndex()
        p = self.entry(index).parent
        return QModelIndex() if p is None or p is self.root else self.createIndex(p.row, 0, p)

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: N802
        return len(self.entry(parent).children) if parent.column() <= 0 else 0

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: N802
        return 1

    def hasChildren(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> bool:  # noqa: N802
        return bool((parent.internalPointer() if parent.isValid() else self.root).children)

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole):  # noqa: ANN201
        if not index.isValid():
            return None
        e: Entry = index.internalPointer()
        if role == Qt.ItemDataRole.DisplayRole:
            return e.text
        if role == INDEX:
            return e.index
        if role == Qt.ItemDataRole.ToolTipRole:
            return e.tip or None
        if role == Qt.ItemDataRole.FontRole:
            return self.bold if e.kind == HEADING else None
        if role == Qt.ItemDataRole.BackgroundRole:
            return QBrush(HEADING_BG) if e.kind == HEADING else None
        if role == Qt.ItemDataRole.ForegroundRole:
            return QBrush(DIE_FG) if e.kind == DIE else QBrush(FOLD_FG) if e.kind == FOLD else None
        return None

    def find(self, index: int) -> QModelIndex:
        """The entry of the event whose position is ``index`` (1-based, as shown)."""
        for top in self.root.children:
            if top.index == index:
                return self.index_of(top)
            for ch in top.children:
                if not ch.children and ch.index == index:
                    return self.index_of(ch)
                for leaf in ch.children:
                    if leaf.index == index:
                        return self.index_of(leaf)
        return QModelIndex()


class WrapDelegate(QStyledItemDelegate):
    """Rows as tall as their text wrapped to the column width (QTreeView alone elides)."""

    def __init__(self, tree: QTreeView) -> None:
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
    """A tree: phase headings, events below. Follows the controller's live game. A click on an
    entry shows the game after that event and emits ``eventChosen`` (the window centres the
    map on where it happened)."""

    eventChosen = Signal(int)  # noqa: N815  the event's position (1-based)

    def __init__(self, controller: GameController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.model = LogModel(controller, self)
        self.tree = QTreeView()
        self.tree.setModel(self.model)
        self.tree.setHeaderHidden(True)
        self.tree.setUniformRowHeights(False)
        self.tree.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerItem)  # sizes only the rows shown
        self.tree.setWordWrap(True)  # long lines wrap instead of being cut off
        self.tree.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.tree.setItemDelegate(WrapDelegate(self.tree))
        self.tree.setIndentation(14)
        self.tree.clicked.connect(self._clicked)
        self.note = QLineEdit()
        self.note.setObjectName("NoteField")
        self.note.setMaxLength(MAX_NOTE)
        self.note.setPlaceholderText("Write a note to the log, Enter to add it…")
        self.note.setToolTip("A note in the log for both players (Game ▸ Add note, Ctrl+Shift+N): saved with the "
                             f"game and sent in exchange files; up to {MAX_NOTE} characters")
        self.note.setClearButtonEnabled(True)
        self.note.returnPressed.connect(self.add_note)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.tree)
        lay.addWidget(self.note)
        self.tree.viewport().installEventFilter(self)
        controller.changed.connect(self.sync)
        controller.gameReplaced.connect(self.rebuild)
        controller.shownChanged.connect(self._mark_current)
        self.rebuild()

    def add_note(self) -> bool:
        """The player's note (the engine's Note command), written by the side at this screen;
        the field keeps the text when the note is refused."""
        text = self.note.text().strip()
        if not text:
            return False
        if self.controller.execute(Note(side=self.controller.viewer(), text=text)):
            self.note.clear()
            return True
        return False

    def write_note(self) -> None:
        """Game ▸ Add note: the keyboard goes to the note field."""
        self.note.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.note.selectAll()

    def eventFilter(self, obj, event) -> bool:  # noqa: ANN001, N802
        if event.type() == event.Type.Resize:
            self.tree.scheduleDelayedItemsLayout()  # re-wrap to the new width
        return False

    def rebuild(self) -> None:
        self.model.rebuild()
        self._follow_end()

    def sync(self) -> None:
        before = self.model.shown
        if self.model.sync() and self.model.shown > before:
            self._follow_end()

    def _follow_end(self) -> None:
        """Open the current phase's heading and show its last entry."""
        heading = self.model.heading
        if heading is None:
            return
        at = self.model.index_of(heading)
        self.tree.setExpanded(at, True)
        last = heading.children[-1] if heading.children else heading
        self.tree.scrollTo(self.model.index_of(last))

    def _clicked(self, index: QModelIndex) -> None:
        idx = index.data(INDEX)
        if idx:
            self.controller.show_past(int(idx))
            self.eventChosen.emit(int(idx))

    def _mark_current(self) -> None:
        if self.controller.is_live():
            self.tree.clearSelection()

    def item_for_event(self, index: int) -> QModelIndex | None:
        """The entry of the event whose position is ``index`` (1-based, as shown)."""
        at = self.model.find(index)
        return at if at.isValid() else None

    def select_event(self, index: int) -> None:
        """Select and show the entry of event ``index`` (the exchange's play-back of a file)."""
        at = self.item_for_event(index)
        if at is not None:
            self.tree.setCurrentIndex(at)
            self.tree.scrollTo(at)

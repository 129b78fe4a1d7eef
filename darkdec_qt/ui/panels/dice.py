"""The Dice dock: every die of the game shown as a die (⚀-⚅) with its purpose, and for a
battle's roll the modifiers and the modified result on the CRT (13.4, 13.5); the last roll
large at the top. A click on a roll shows the game as it was after it (the log does the same)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from darkdec_qt.ui.controller import GameController

FACES = "\u2680\u2681\u2682\u2683\u2684\u2685"  # ⚀ .. ⚅
INDEX = Qt.ItemDataRole.UserRole


def face(value: int) -> str:
    return FACES[value - 1] if 1 <= value <= 6 else str(value)


class DicePanel(QWidget):
    """The roll history of the live game, newest last, read incrementally."""

    def __init__(self, controller: GameController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.last = QLabel()
        self.last.setObjectName("LastRoll")
        self.last.setWordWrap(True)
        self.last.setTextFormat(Qt.TextFormat.RichText)
        self.history = QListWidget()
        self.history.itemClicked.connect(self._clicked)
        lay = QVBoxLayout(self)
        lay.addWidget(self.last)
        lay.addWidget(self.history, 1)
        self._shown = 0
        self._open: QListWidgetItem | None = None  # the last die not yet matched with its battle
        controller.changed.connect(self.sync)
        controller.gameReplaced.connect(self.rebuild)
        self.rebuild()

    def rebuild(self) -> None:
        self.history.clear()
        self._shown = 0
        self._open = None
        self.sync()

    def sync(self) -> None:
        events = self.controller.cache.events
        if len(events) < self._shown:
            self.rebuild()
            return
        for i in range(self._shown, len(events)):
            e = events[i]
            if e.kind == "die_rolled":
                it = QListWidgetItem(f"{face(e.value)}  {e.value}  {e.purpose}  (event {i + 1})")
                it.setData(INDEX, i + 1)
                self.history.addItem(it)
                self._open = it
            elif e.kind == "battle_resolved" and self._open is not None:
                self._open.setText(self._open.text() + f" — DRM {e.drm:+d}, modified {e.roll}, "
                                   f"{e.column} column at {e.odds}: {e.result}")
                self._open = None
        self._shown = len(events)
        if self.history.count():
            it = self.history.item(self.history.count() - 1)
            text = it.text()
            self.last.setText(f"<span style='font-size:40px'>{text[:1]}</span>&nbsp; {text[1:]}")
            self.history.scrollToBottom()
        else:
            self.last.setText("<i>No die rolled yet</i>")

    def _clicked(self, item: QListWidgetItem) -> None:
        idx = item.data(INDEX)
        if idx:
            self.controller.show_past(int(idx))

"""Hotseat: a screen covering the map at each hand-over between sides, asking the
next player to take the seat (the map stays hidden until they do)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

from darkdec_qt.ui.phasebar import SIDE_COLOURS


class HandOverScreen(QWidget):
    """Covers its parent (the map) until the named player clicks the button."""

    taken = Signal()

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setObjectName("HandOver")
        lay = QVBoxLayout(self)
        lay.addStretch(1)
        self.title = QLabel()
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.title.setStyleSheet("color:white; font-size:28px; font-weight:bold;")
        self.detail = QLabel()
        self.detail.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.detail.setStyleSheet("color:#eee; font-size:15px;")
        self.button = QPushButton()
        self.button.setMinimumHeight(40)
        self.button.setStyleSheet("font-size:15px; padding:6px 24px;")
        self.button.clicked.connect(self.take)
        lay.addWidget(self.title)
        lay.addWidget(self.detail)
        lay.addSpacing(16)
        lay.addWidget(self.button, 0, Qt.AlignmentFlag.AlignHCenter)
        lay.addStretch(2)
        self.side = ""
        parent.installEventFilter(self)
        self.hide()

    def offer(self, side: str, detail: str = "") -> None:
        self.side = side
        col = SIDE_COLOURS.get(side, "#333")
        self.setStyleSheet(f"#HandOver {{ background: {col}; }}")
        self.title.setText(f"{side} player, take the seat")
        self.detail.setText(detail or "The other player hands over. The map is hidden until you are ready.")
        self.button.setText(f"I am the {side} player")
        self.setGeometry(self.parentWidget().rect())
        self.show()
        self.raise_()
        self.button.setFocus()

    def take(self) -> None:
        self.hide()
        self.taken.emit()

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802
        if obj is self.parentWidget() and event.type() == QEvent.Type.Resize:
            self.setGeometry(self.parentWidget().rect())
        return False

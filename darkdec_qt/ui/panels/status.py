"""Status widgets: the victory status ("If the game ended now: ...", from
``victory.evaluate``) as a dock and a short phase-bar label, and the optional time limit
per player turn as a clock in the phase bar (a hotseat convenience, not a rule)."""

from __future__ import annotations

import time

from PySide6.QtCore import QSize, Qt, QTimer
from PySide6.QtWidgets import QLabel, QPlainTextEdit, QVBoxLayout, QWidget

from darkdec_qt.rules.scenarios import victory
from darkdec_qt.ui.controller import GameController
from darkdec_qt.ui.elide import ElidedLabel
from darkdec_qt.ui.orders.legal import vc_text


def victory_text(controller: GameController) -> tuple[str, str]:
    """(short line, full text) of the shown state's victory status."""
    s = controller.shown_state()
    try:
        v = victory.evaluate(s)
    except (KeyError, ValueError) as exc:
        return "", f"No victory status: {exc}"
    head = ("Result" if v.final else "If it ended now") + f": {v.name}"
    full = v.text()
    extra = vc_text(s, controller.viewer())
    return head, full + (f"\n\n{extra}" if extra else "")


class VictoryPanel(QWidget):
    def __init__(self, controller: GameController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.text = QPlainTextEdit()
        self.text.setReadOnly(True)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(2, 2, 2, 2)
        lay.addWidget(self.text)
        controller.shownChanged.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        self.text.setPlainText(victory_text(self.controller)[1])


class VictoryLabel(ElidedLabel):
    """The short line in the phase bar ("If it ended now: Allied victory"); where the bar is
    too narrow for it, the shorter "Now: Allied victory", elided with an ellipsis when even
    that does not fit. The tooltip holds the whole text."""

    def __init__(self, controller: GameController, parent: QWidget | None = None) -> None:
        super().__init__(parent=parent, mode=Qt.TextElideMode.ElideRight)
        self.controller = controller
        self.setObjectName("VictoryLabel")
        controller.shownChanged.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        head, full = victory_text(self.controller)
        self.short = head.replace("If it ended now", "Now", 1)
        self.set_full_text(head, tip=full)

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        """Room for the short form of a usual verdict ("Now: Allied victory"), never more."""
        least = self.fontMetrics().horizontalAdvance("Now: Allied victory") + self._chrome() + self.SLACK
        return QSize(min(least, self.sizeHint().width()), super().minimumSizeHint().height())

    def _elide(self) -> None:
        width = max(self.min_px, self.contentsRect().width())
        fm = self.fontMetrics()
        fits = fm.horizontalAdvance(self.full) <= width
        self.shown = self.full if fits else fm.elidedText(getattr(self, "short", self.full), self.mode, width)
        self.setText(self.shown)


class TurnClock(QLabel):
    """Counts down ``limit`` minutes from the start of each player turn (0 = off)."""

    def __init__(self, controller: GameController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.setObjectName("TurnClock")
        self.limit = 0.0  # seconds
        self.started = time.monotonic()
        self._key: tuple[int, str] | None = None
        self.warned = False
        self.timer = QTimer(self)
        self.timer.setInterval(1000)
        self.timer.timeout.connect(self.tick)
        controller.changed.connect(self._changed)
        self.set_limit(0)

    def set_limit(self, minutes: float) -> None:
        self.limit = max(0.0, minutes) * 60
        self.started = time.monotonic()
        self.warned = False
        self.setVisible(self.limit > 0)
        if self.limit > 0:
            self.timer.start()
        else:
            self.timer.stop()
        self.tick()

    def _changed(self) -> None:
        s = self.controller.state
        key = (s.turn, s.side)
        if key != self._key:
            self._key = key
            self.started = time.monotonic()
            self.warned = False
            self.tick()

    def remaining(self) -> float:
        return self.limit - (time.monotonic() - self.started)

    def tick(self) -> None:
        if self.limit <= 0:
            return
        left = self.remaining()
        s = self.controller.state
        if left <= 0:
            self.setText(f"\u23f1 {s.side}: time is up")
            self.setStyleSheet("color:#a01010; font-weight:bold;")
            if not self.warned:
                self.warned = True
                self.controller.message.emit(f"The {s.side} player's time for this player turn is up", True)
            return
        m, sec = divmod(int(left), 60)
        self.setText(f"\u23f1 {s.side} {m:d}:{sec:02d}")
        self.setStyleSheet("color:#a01010; font-weight:bold;" if left < 60 else "font-weight:bold;")

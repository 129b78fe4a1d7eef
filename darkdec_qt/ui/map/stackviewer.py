"""A tooltip-like popup showing every unit of a stack at full size (like VASSAL's
mouse-over stack viewer). It never shows while one of its ``blockers`` says so (the
hot-seat hand-over screen, an open context menu); ``refresh`` re-reads a shown stack
after the game changed (a step lost while the pointer rests on it)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QPoint, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QWidget

from darkdec_qt.moduleview import UnitSpec
from darkdec_qt.ui.map.counters import paint_counter
from darkdec_qt.ui.map.theme import DEFAULT_THEME, Theme

Placement = tuple[UnitSpec, bool, set[str]]


class StackViewer(QWidget):
    """Shows the units of one hex side by side, bottom of the stack first."""

    def __init__(self, parent: QWidget | None = None, counter_size: int = 84,
                 theme: Theme = DEFAULT_THEME) -> None:
        super().__init__(parent, Qt.WindowType.ToolTip | Qt.WindowType.FramelessWindowHint)
        self.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating, True)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)
        self.counter_size = counter_size
        self.theme = theme
        self.hex_id = ""
        self.units: list[Placement] = []
        self._pad = 8
        self._title_h = 18
        self.blockers: list[Callable[[], bool]] = []

    def blocked(self) -> bool:
        return any(b() for b in self.blockers)

    def set_stack(self, hex_id: str, units: Sequence[Placement]) -> None:
        self.hex_id = hex_id
        self.units = list(units)
        self.resize(self.sizeHint())
        self.update()

    def show_stack(self, hex_id: str, units: Sequence[Placement], global_pos: QPoint) -> None:
        if self.blocked():
            self.hide()
            return
        self.set_stack(hex_id, units)
        self.move(global_pos)
        self.show()
        self.raise_()

    def refresh(self, units: Sequence[Placement]) -> None:
        """The shown stack as it is now (hidden when it is gone or a blocker came up)."""
        if not self.isVisible():
            return
        if not units or self.blocked():
            self.hide()
        else:
            self.set_stack(self.hex_id, units)

    def sizeHint(self) -> QSize:  # noqa: N802
        n = max(1, len(self.units))
        s, pad = self.counter_size, self._pad
        return QSize(pad + n * (s + pad), self._title_h + s + 2 * pad)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.setPen(QPen(QColor("#202020"), 1.0))
        p.setBrush(QColor(250, 248, 236, 240))
        p.drawRoundedRect(QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5), 6, 6)
        f = QFont("DejaVu Sans")
        f.setPixelSize(11)
        f.setBold(True)
        p.setFont(f)
        p.setPen(QColor("#202020"))
        title = f"{self.hex_id}: {len(self.units)} unit{'s' if len(self.units) != 1 else ''}"
        p.drawText(QRectF(self._pad, 3, self.width() - 2 * self._pad, self._title_h - 2),
                   Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, title)
        s, pad = self.counter_size, self._pad
        for i, (spec, reduced, markers) in enumerate(self.units):
            rect = QRectF(pad + i * (s + pad), self._title_h + pad, s, s)
            paint_counter(p, rect, spec, reduced, markers, self.theme)
        p.end()

"""The counter a player drags across the map: a translucent copy of the top counter
of the dragged units that follows the pointer, and, when the engine refuses the drop,
glides back to the hex it came from (VASSAL's "snap back")."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEasingCurve, QPointF, QRectF, Qt, QVariantAnimation
from PySide6.QtGui import QColor, QFont, QPainter
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem, QWidget

from darkdec_qt.ui.map.counters import paint_counter
from darkdec_qt.ui.map.stackviewer import Placement

Z_GHOST = 1000.0
SNAP_BACK_MS = 180


class GhostItem(QGraphicsItem):
    """The dragged counter (the top one of the stack) with the number of units dragged."""

    def __init__(self, top: Placement, count: int, size: float) -> None:
        super().__init__()
        self.top, self.count, self._size = top, count, size
        self.setZValue(Z_GHOST)
        self.setOpacity(0.85)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def boundingRect(self) -> QRectF:  # noqa: N802
        s = self._size
        return QRectF(-s / 2 - 2, -s / 2 - 2, s + 4 + s * 0.1, s + 4 + s * 0.1)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        s = self._size
        rect = QRectF(-s / 2, -s / 2, s, s)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 110))
        painter.drawRoundedRect(rect.translated(s * 0.08, s * 0.08), s * 0.07, s * 0.07)
        spec, reduced, markers = self.top
        paint_counter(painter, rect, spec, reduced, markers)
        if self.count > 1:
            r = s * 0.17
            c = QPointF(rect.right() - r * 0.6, rect.top() + r * 0.6)
            painter.setPen(QColor("#ffffff"))
            painter.setBrush(QColor("#1a3fd0"))
            painter.drawEllipse(c, r, r)
            f = QFont("DejaVu Sans")
            f.setPixelSize(max(6, round(r * 1.3)))
            f.setBold(True)
            painter.setFont(f)
            painter.drawText(QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r), Qt.AlignmentFlag.AlignCenter,
                             str(self.count))


class CounterDrag:
    """One drag of counters from ``from_hex``: ``move`` follows the pointer, ``finish``
    removes the copy (the moved counters are drawn at their new hex), ``snap_back``
    glides it home first."""

    def __init__(self, scene: QGraphicsScene, from_hex: str, origin: QPointF, units: Sequence[Placement],
                 size: float) -> None:
        self.scene = scene
        self.from_hex = from_hex
        self.origin = QPointF(origin)
        self.ghost = GhostItem(units[-1], len(units), size)
        self.ghost.setPos(origin)
        scene.addItem(self.ghost)
        self.animation: QVariantAnimation | None = None

    def move(self, scene_pos: QPointF) -> None:
        self.ghost.setPos(scene_pos)

    @property
    def active(self) -> bool:
        return self.ghost.scene() is not None

    def finish(self) -> None:
        if self.animation is not None:
            self.animation.stop()
            self.animation = None
        if self.ghost.scene() is not None:
            self.scene.removeItem(self.ghost)

    def snap_back(self) -> None:
        """Glide back to the hex the drag started from, then disappear."""
        anim = QVariantAnimation()
        anim.setStartValue(self.ghost.pos())
        anim.setEndValue(self.origin)
        anim.setDuration(SNAP_BACK_MS)
        anim.setEasingCurve(QEasingCurve.Type.OutCubic)
        anim.valueChanged.connect(self.ghost.setPos)
        anim.finished.connect(self.finish)
        self.animation = anim
        anim.start()

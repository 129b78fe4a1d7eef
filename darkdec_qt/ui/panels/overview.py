"""The Overview dock: the whole map small, with the main view's visible rectangle on it; a
click or a drag on it centres the main view on that place.

It draws a cached picture of the map scene (the very scene the main view shows, so it shows
only the counters the map shows to the seat: 25.0 fog of war leaks nothing here). The
picture is rendered again only when the game or the shown moment changes (after a short
pause, while the dock is visible) or the dock changes size; following the main view's
scrolling and zooming only repaints the rectangle over it.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, QTimer
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPaintEvent, QPen, QPixmap, QResizeEvent, QShowEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

from darkdec_qt.ui.controller import GameController
from darkdec_qt.ui.map.view import MapView

REDRAW_MS = 250  # the pause after a change before the picture is rendered again


class OverviewMap(QWidget):
    """The whole map scaled into the widget, the main view's rectangle drawn over it."""

    def __init__(self, controller: GameController, view: MapView, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.view = view
        self.scene = view.map_scene
        self.setMinimumSize(120, 90)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setToolTip("The whole map: click or drag to move the main map's view there")
        self._pixmap: QPixmap | None = None
        self._stale = True
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(REDRAW_MS)
        self._timer.timeout.connect(self._render)
        for signal in (controller.changed, controller.shownChanged, controller.gameReplaced):
            signal.connect(self.invalidate)
        for bar in (view.horizontalScrollBar(), view.verticalScrollBar()):
            bar.valueChanged.connect(self.update)
            bar.rangeChanged.connect(self.update)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt API)
        return QSize(240, 200)

    # --- the picture ----------------------------------------------------------------
    def invalidate(self) -> None:
        """The map changed: render it again after a pause, if shown."""
        self._stale = True
        if self.isVisible():
            self._timer.start()

    def _source(self) -> QRectF:
        return self.scene.painter.map_rect.adjusted(-10, -10, 10, 10)

    def _target(self) -> QRectF:
        """Where the map goes in the widget: scaled to fit, centred, aspect kept."""
        src = self._source()
        w, h = self.width(), self.height()
        if src.isEmpty() or w <= 0 or h <= 0:
            return QRectF()
        k = min(w / src.width(), h / src.height())
        tw, th = src.width() * k, src.height() * k
        return QRectF((w - tw) / 2, (h - th) / 2, tw, th)

    def _render(self) -> None:
        target = self._target()
        if target.isEmpty():
            return
        dpr = self.devicePixelRatioF()
        pm = QPixmap(max(1, round(target.width() * dpr)), max(1, round(target.height() * dpr)))
        pm.fill(QColor(self.scene.theme.off_map))
        p = QPainter(pm)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        self.scene.render(p, QRectF(pm.rect()), self._source(), Qt.AspectRatioMode.IgnoreAspectRatio)
        p.end()
        pm.setDevicePixelRatio(dpr)
        self._pixmap = pm
        self._stale = False
        self.update()

    # --- scene <-> widget -----------------------------------------------------------
    def to_scene(self, pos: QPointF) -> QPointF:
        src, t = self._source(), self._target()
        return QPointF(src.left() + (pos.x() - t.left()) * src.width() / t.width(),
                       src.top() + (pos.y() - t.top()) * src.height() / t.height())

    def from_scene(self, rect: QRectF) -> QRectF:
        src, t = self._source(), self._target()
        k = t.width() / src.width()
        return QRectF(t.left() + (rect.left() - src.left()) * k, t.top() + (rect.top() - src.top()) * k,
                      rect.width() * k, rect.height() * k)

    def visible_rect(self) -> QRectF:
        """The main view's visible part of the scene, in this widget's coordinates."""
        seen = self.view.mapToScene(self.view.viewport().rect()).boundingRect()
        return self.from_scene(seen)

    # --- Qt -------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        if self._target().isEmpty():
            return
        p = QPainter(self)
        p.fillRect(self.rect(), QColor(self.scene.theme.off_map))
        if self._pixmap is not None:
            p.drawPixmap(self._target(), self._pixmap, QRectF(self._pixmap.rect()))
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        r = self.visible_rect().intersected(QRectF(self.rect()).adjusted(1, 1, -1, -1))
        p.setPen(QPen(QColor(0, 0, 0, 160), 3))
        p.drawRect(r)
        p.setPen(QPen(QColor(255, 220, 40), 1.5))
        p.drawRect(r)
        p.end()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        self.invalidate()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802
        super().showEvent(event)
        if self._stale:
            self._timer.start(0 if self._pixmap is None else REDRAW_MS)

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if event.button() == Qt.MouseButton.LeftButton:
            self._centre(event.position())
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if event.buttons() & Qt.MouseButton.LeftButton:
            self._centre(event.position())
        event.accept()

    def _centre(self, pos: QPointF) -> None:
        if not self._target().isEmpty():
            self.view.centerOn(self.to_scene(pos))

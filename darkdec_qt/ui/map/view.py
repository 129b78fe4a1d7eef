"""The map view: zoom around the cursor, pan by dragging, drag counters, keys, fit.

Wheel zooms around the cursor; ``+``/``-`` zoom around the centre; ``F`` fits the
map, ``0`` shows 100 %; the middle button, the left button dragged on empty map, or
the left button with Space held pans; arrow keys scroll. The left button dragged from
a counter that ``counter_drag_source`` offers drags those counters (a translucent
copy follows the pointer); on release ``counter_drop(from, to)`` decides: accepted,
the copy vanishes, refused, it glides back (:mod:`counterdrag`). A click that did not
drag reaches the scene, which emits ``hexClicked``. Hovering a stack shows every unit
in a :class:`StackViewer`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QPoint, QPointF, Qt, QTimer, Signal
from PySide6.QtGui import QFocusEvent, QKeyEvent, QMouseEvent, QPainter, QResizeEvent, QWheelEvent
from PySide6.QtWidgets import QFrame, QGraphicsView, QWidget

from darkdec_qt.ui.map.drag import CounterDrag
from darkdec_qt.ui.map.scene import CounterItem, MapScene
from darkdec_qt.ui.map.stackviewer import Placement, StackViewer

MIN_ZOOM, MAX_ZOOM = 0.05, 8.0
KEY_STEP = 1.25
DRAG_THRESHOLD = 5  # pixels before a left press becomes a pan or a counter drag
DEFAULT_ZOOM = 1.25  # counters 60 px wide: strength numbers about 14 px high
STACK_VIEWER_DELAY_MS = 450


class MapView(QGraphicsView):
    """A QGraphicsView over a :class:`MapScene`."""

    counterDragStarted = Signal(str)  # noqa: N815  the hex the counters are dragged from

    def __init__(self, scene: MapScene, parent: QWidget | None = None, stack_viewer: bool = True) -> None:
        super().__init__(scene, parent)
        self.map_scene = scene
        self.setRenderHints(
            QPainter.RenderHint.Antialiasing
            | QPainter.RenderHint.TextAntialiasing
            | QPainter.RenderHint.SmoothPixmapTransform
        )
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontSavePainterState, True)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setDragMode(QGraphicsView.DragMode.NoDrag)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(True)
        self._press: QPoint | None = None
        self._pan_from: QPoint | None = None
        self._panned = False
        self._fitted = True
        self._space = False  # Space held: the left button pans
        # counter drag and drop (the client sets these; the editor leaves them None)
        self.counter_drag_source: Callable[[str], Sequence[Placement] | None] | None = None
        self.counter_drop: Callable[[str, str], bool] | None = None
        self._drag_from = ""  # the hex under a left press that may start a counter drag
        self.drag: CounterDrag | None = None
        self.last_drag: CounterDrag | None = None
        self.stack_viewer = StackViewer(self) if stack_viewer else None
        self._hover_hex = ""
        self._hover_timer = QTimer(self)
        self._hover_timer.setSingleShot(True)
        self._hover_timer.timeout.connect(self._show_stack)
        scene.hexHovered.connect(self._on_hover)

    # --- zoom -----------------------------------------------------------------------
    def zoom(self) -> float:
        return self.transform().m11()

    def set_zoom(self, z: float, anchor: QPointF | None = None) -> None:
        """Set the scale (1.0 = 100 %) keeping the scene point under ``anchor``
        (viewport coordinates; the centre when None) in place."""
        z = max(MIN_ZOOM, min(MAX_ZOOM, z))
        factor = z / self.zoom()
        if abs(factor - 1.0) < 1e-9:
            return
        vp = anchor if anchor is not None else QPointF(self.viewport().rect().center())
        before = self.mapToScene(vp.toPoint())
        old = self.transformationAnchor()
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.scale(factor, factor)
        after = self.mapToScene(vp.toPoint())
        delta = after - before
        self.translate(delta.x(), delta.y())
        self.setTransformationAnchor(old)
        self._fitted = False

    def zoom_by(self, factor: float, anchor: QPointF | None = None) -> None:
        self.set_zoom(self.zoom() * factor, anchor)

    def fit_all(self) -> None:
        """Fit the whole map into the window."""
        rect = self.map_scene.painter.map_rect.adjusted(-10, -10, 10, 10)
        self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)
        self._fitted = True

    def reset_zoom(self) -> None:
        self.set_zoom(1.0)

    def show_default(self, centre: QPointF | None = None) -> None:
        """The zoom a game starts at: counter values legible, centred on ``centre``."""
        self.set_zoom(DEFAULT_ZOOM)
        if centre is not None:
            self.centerOn(centre)

    def center_on_hex(self, hex_id: str) -> None:
        self.centerOn(self.map_scene.hex_center(hex_id))

    def bring_into_sight(self, hexes) -> None:  # noqa: ANN001 (an iterable of hex ids)
        """Centre on the first of ``hexes`` unless one of them is in sight already (the map
        does not jump when the player is looking at the place)."""
        hexes = sorted(hexes)
        shown = self.mapToScene(self.viewport().rect()).boundingRect()
        if hexes and not any(shown.contains(self.map_scene.hex_center(h)) for h in hexes):
            self.center_on_hex(hexes[0])

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802
        dy = event.angleDelta().y() or event.pixelDelta().y()
        if dy == 0:
            return super().wheelEvent(event)
        self.zoom_by(1.0015 ** dy, event.position())
        event.accept()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        if self._fitted:
            self.fit_all()

    # --- keys -----------------------------------------------------------------------
    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        key = event.key()
        if key == Qt.Key.Key_Space:
            if not event.isAutoRepeat():
                self._space = True
                if self._pan_from is None:
                    self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
            event.accept()
            return
        step = max(40, self.viewport().width() // 8)
        if key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom_by(KEY_STEP)
        elif key in (Qt.Key.Key_Minus, Qt.Key.Key_Underscore):
            self.zoom_by(1 / KEY_STEP)
        elif key == Qt.Key.Key_F:
            self.fit_all()
        elif key == Qt.Key.Key_0:
            self.reset_zoom()
        elif key == Qt.Key.Key_Left:
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - step)
        elif key == Qt.Key.Key_Right:
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + step)
        elif key == Qt.Key.Key_Up:
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() - step)
        elif key == Qt.Key.Key_Down:
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() + step)
        else:
            super().keyPressEvent(event)

    def keyReleaseEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = False
            if self._pan_from is None:
                self.viewport().unsetCursor()
            event.accept()
            return
        super().keyReleaseEvent(event)

    def focusOutEvent(self, event: QFocusEvent) -> None:  # noqa: N802
        self._space = False
        super().focusOutEvent(event)

    # --- pan ------------------------------------------------------------------------
    def _start_pan(self, at: QPoint) -> None:
        self._pan_from = at
        self._panned = True
        self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if event.button() == Qt.MouseButton.MiddleButton or (
                event.button() == Qt.MouseButton.LeftButton and self._space):
            self._start_pan(event.position().toPoint())
            event.accept()
            return
        if event.button() == Qt.MouseButton.LeftButton:
            self._press = event.position().toPoint()
            self._panned = False
            self._drag_from = self._counter_hex_at(self._press)
        super().mousePressEvent(event)

    def _counter_hex_at(self, pos: QPoint) -> str:
        """The hex of the counter under ``pos`` when its units may be dragged, else ""."""
        if self.counter_drag_source is None:
            return ""
        item = next((i for i in self.items(pos) if isinstance(i, CounterItem)), None)
        if item is None or not self.counter_drag_source(item.hex_id):
            return ""
        return item.hex_id

    # --- dragging counters ----------------------------------------------------------
    def _start_counter_drag(self, pos: QPoint) -> None:
        units = self.counter_drag_source(self._drag_from) if self.counter_drag_source else None
        if not units:
            self._start_pan(self._press or pos)
            return
        self.drag = CounterDrag(self.map_scene, self._drag_from, self.map_scene.hex_center(self._drag_from),
                                list(units), self.map_scene.counter_size)
        self.drag.move(self.mapToScene(pos))
        self.counterDragStarted.emit(self._drag_from)
        self._panned = True  # the release is not a click
        self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
        if self.stack_viewer is not None:
            self.stack_viewer.hide()
        self._hover_timer.stop()

    def _drop_counters(self, pos: QPoint) -> None:
        drag, self.drag = self.drag, None
        if drag is None:
            return
        to = self.map_scene.hex_at(self.mapToScene(pos)) or ""
        ok = to != drag.from_hex and self.counter_drop is not None and self.counter_drop(drag.from_hex, to)
        if ok:
            drag.finish()
        else:
            drag.snap_back()
        self.last_drag = drag

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        pos = event.position().toPoint()
        if self.drag is not None:
            self.drag.move(self.mapToScene(pos))
            super().mouseMoveEvent(event)  # the scene still reports the hex under the pointer
            return
        if self._pan_from is None and self._press is not None and event.buttons() & Qt.MouseButton.LeftButton:
            if (pos - self._press).manhattanLength() >= DRAG_THRESHOLD:
                if self._drag_from:
                    self._start_counter_drag(pos)
                    super().mouseMoveEvent(event)
                    return
                self._start_pan(self._press)
        if self._pan_from is not None:
            d = pos - self._pan_from
            self._pan_from = pos
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - d.x())
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() - d.y())
            if self.stack_viewer is not None:
                self.stack_viewer.hide()
            event.accept()
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        panned = self._panned
        self._press = None
        self._pan_from = None
        self._panned = False
        self._drag_from = ""
        if self.drag is not None:
            self._drop_counters(event.position().toPoint())
        if self._space:
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
        else:
            self.viewport().unsetCursor()
        if panned:
            event.accept()  # a drag is not a click
            return
        super().mouseReleaseEvent(event)

    # --- stack viewer ----------------------------------------------------------------
    def _on_hover(self, hex_id: str) -> None:
        self._hover_hex = hex_id
        if self.stack_viewer is None:
            return
        self.stack_viewer.hide()
        if hex_id and self.map_scene.units_at(hex_id):
            self._hover_timer.start(STACK_VIEWER_DELAY_MS)
        else:
            self._hover_timer.stop()

    def _show_stack(self) -> None:
        if self.stack_viewer is None or not self._hover_hex or self._pan_from is not None or self.drag is not None:
            return
        units = self.map_scene.units_at(self._hover_hex)
        if not units:
            return
        c = self.mapFromScene(self.map_scene.hex_center(self._hover_hex))
        s = self.map_scene.layout.size * self.zoom()
        self.stack_viewer.show_stack(self._hover_hex, units, self.viewport().mapToGlobal(c + QPoint(int(s), int(s))))

"""Client overlays on the shared map scene: hex markers (fortification, exit,
interdiction), outlines of selected hexes (own selection, battle attackers and
defenders). Items added to the scene; the shared MapScene is left unchanged."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from darkdec_qt.ui.map.scene import MapScene

Z_OUTLINE, Z_HEX_MARKERS = 48.0, 99.0


class HexMarkersItem(QGraphicsItem):
    """Tags in the upper-left of a hex: FORT, EXIT, INT."""

    def __init__(self, scene: MapScene) -> None:
        super().__init__()
        self._scene = scene
        self._markers: dict[str, list[str]] = {}
        self._rect = QRectF()
        self.setZValue(Z_HEX_MARKERS)

    def set_markers(self, markers: Mapping[str, Sequence[str]]) -> None:
        self.prepareGeometryChange()
        self._markers = {h: list(v) for h, v in markers.items() if h in self._scene.painter.polys}
        r = QRectF()
        for h in self._markers:
            r = r.united(self._scene.painter.bounds[h])
        self._rect = r
        self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        s = self._scene.layout.size
        theme = self._scene.theme
        f = QFont("DejaVu Sans")
        f.setPixelSize(max(1, round(s * 0.22)))
        f.setBold(True)
        painter.setFont(f)
        for h, tags in self._markers.items():
            c = self._scene.hex_center(h)
            y = c.y() - s * 0.82
            for tag in tags:
                w = s * 0.62
                r = QRectF(c.x() - s * 0.95, y, w, s * 0.3)
                bg = theme.marker(tag)
                painter.setPen(QPen(QColor("#111"), s * 0.02))
                painter.setBrush(bg)
                painter.drawRoundedRect(r, s * 0.06, s * 0.06)
                painter.setPen(QColor("#fff") if bg.lightness() < 110 else QColor("#111"))
                painter.drawText(r, Qt.AlignmentFlag.AlignCenter, tag)
                y += s * 0.34


class OutlineItem(QGraphicsItem):
    """Thick hex outlines in named colours: ``{hex: colour}``."""

    def __init__(self, scene: MapScene) -> None:
        super().__init__()
        self._scene = scene
        self._hexes: dict[str, str] = {}
        self._rect = QRectF()
        self.setZValue(Z_OUTLINE)

    def set_hexes(self, hexes: Mapping[str, str]) -> None:
        self.prepareGeometryChange()
        self._hexes = {h: c for h, c in hexes.items() if h in self._scene.painter.polys}
        r = QRectF()
        for h in self._hexes:
            r = r.united(self._scene.painter.bounds[h])
        s = self._scene.layout.size * 0.1
        self._rect = r.adjusted(-s, -s, s, s)
        self.update()

    def hexes(self) -> dict[str, str]:
        return dict(self._hexes)

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        s = self._scene.layout.size
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for h, col in self._hexes.items():
            pen = QPen(QColor(col), s * 0.12)
            pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            painter.setPen(pen)
            painter.drawPolygon(self._scene.painter.polys[h])

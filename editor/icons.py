"""Small procedural tool icons in the map's own colours (no image files)."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QIcon, QPainter, QPen, QPixmap, QPolygonF

from darkdec_qt.ui.map.theme import DEFAULT_THEME

SIZE = 32


def _hex(cx: float, cy: float, r: float) -> QPolygonF:
    return QPolygonF([QPointF(cx + r * math.cos(math.radians(60 * i)), cy + r * math.sin(math.radians(60 * i)))
                      for i in range(6)])


def tool_icon(tool: str, terrain: str = "woods") -> QIcon:
    t = DEFAULT_THEME
    pm = QPixmap(SIZE, SIZE)
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    grid = QPen(QColor(t.grid), 1.4)
    c = SIZE / 2
    hexagon = _hex(c, c, 13)
    p.setPen(grid)
    if tool == "select":
        p.setBrush(QColor("#ffffff"))
        arrow = QPolygonF([QPointF(9, 5), QPointF(9, 25), QPointF(14, 20), QPointF(18, 28), QPointF(21, 27),
                           QPointF(17, 19), QPointF(24, 19)])
        p.setPen(QPen(QColor("#202020"), 1.6))
        p.drawPolygon(arrow)
    elif tool in ("terrain", "fill"):
        p.setBrush(QColor(t.terrain_fill.get(terrain, "#cccccc")))
        p.drawPolygon(hexagon)
        p.setBrush(QColor(t.terrain_detail.get(terrain, "#888888")))
        p.setPen(Qt.PenStyle.NoPen)
        for dx, dy in ((-4, -3), (4, -2), (0, 4)):
            p.drawEllipse(QPointF(c + dx, c + dy), 2.4, 2.4)
        if tool == "fill":
            p.setBrush(QColor("#1a3fd0"))
            p.drawPolygon(QPolygonF([QPointF(20, 22), QPointF(28, 22), QPointF(24, 29)]))
    elif tool in ("town", "westwall", "army", "entry"):
        p.setBrush(QColor(t.terrain_fill["clear"]))
        p.drawPolygon(hexagon)
        if tool == "town":
            p.setBrush(QColor(t.town_fill))
            p.setPen(Qt.PenStyle.NoPen)
            p.drawRect(QRectF(c - 5, c - 5, 10, 10))
        elif tool == "westwall":
            p.setPen(QPen(QColor(t.westwall), 2.2))
            for i in range(4):
                x = 7 + i * 5
                p.drawLine(QPointF(x, c + 3), QPointF(x + 2.5, c - 3))
                p.drawLine(QPointF(x + 2.5, c - 3), QPointF(x + 5, c + 3))
        else:
            p.setBrush(QColor(t.army_boundary if tool == "army" else t.entry_allied))
            p.setPen(QPen(QColor("#111111"), 1))
            p.drawRoundedRect(QRectF(c - 8, c - 6, 16, 12), 2, 2)
            p.setPen(QColor("#ffffff" if tool == "army" else "#111111"))
            f = QFont("DejaVu Sans")
            f.setPixelSize(9)
            f.setBold(True)
            p.setFont(f)
            p.drawText(QRectF(c - 8, c - 6, 16, 12), Qt.AlignmentFlag.AlignCenter, "7A" if tool == "army" else "A")
    elif tool in ("river", "bridge", "ford", "demolished"):
        pen = QPen(QColor(t.river_major), 4.5)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        p.setPen(pen)
        p.drawLine(QPointF(4, 26), QPointF(28, 6))
        if tool != "river":
            col = {"bridge": t.bridge_fill, "ford": t.ford, "demolished": t.blown_bridge}[tool]
            p.setPen(QPen(QColor(t.bridge_edge), 1.2))
            p.setBrush(QColor(col))
            p.save()
            p.translate(c, c)
            p.rotate(-40 + 90)
            p.drawRect(QRectF(-3, -9, 6, 18))
            p.restore()
            if tool == "demolished":
                p.setPen(QPen(QColor(t.blown_bridge), 2.2))
                p.drawLine(QPointF(8, 8), QPointF(24, 24))
    elif tool == "road":
        pen = QPen(QColor(t.road_casing), 5)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        p.setPen(pen)
        p.drawLine(QPointF(5, 25), QPointF(27, 7))
        pen = QPen(QColor(t.road), 3)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        p.setPen(pen)
        p.drawLine(QPointF(5, 25), QPointF(27, 7))
    elif tool == "place":
        nat = t.counter("US")
        p.setBrush(QColor(nat.background))
        p.setPen(QPen(QColor(nat.border), 1.4))
        p.drawRoundedRect(QRectF(6, 6, 20, 20), 2, 2)
        p.setPen(QPen(QColor(nat.text), 1.4))
        p.setBrush(Qt.BrushStyle.NoBrush)
        box = QRectF(10, 11, 12, 8)
        p.drawRect(box)
        p.drawLine(box.topLeft(), box.bottomRight())
        p.drawLine(box.bottomLeft(), box.topRight())
    p.end()
    return QIcon(pm)

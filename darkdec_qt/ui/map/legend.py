"""The terrain legend: a swatch of each terrain and map feature drawn by the map's own painting
code and theme (``painting.paint_pattern``, ``paint_bridge``, ``paint_town``, ``paint_teeth``,
the theme's colours and pen widths), so the legend looks exactly as the map does. Each swatch
is one flat-topped hex (a road crosses it from top to bottom), or for a hexside feature
(river, bridge, ford, boundary) the side between two hexes, across the middle."""

from __future__ import annotations

import math
from typing import NamedTuple

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPixmap, QPolygonF

from darkdec_qt.ui.map.geometry import font as _font
from darkdec_qt.ui.map.painting import paint_bridge, paint_pattern, paint_teeth, paint_town
from darkdec_qt.ui.map.theme import DEFAULT_THEME, Theme

SEED = "2516"  # the hex whose pattern jitter the swatches borrow


class Entry(NamedTuple):
    key: str  # what the swatch shows
    name: str  # its name in the legend
    tec: str  # its line of the Terrain Effects Chart ('' when it has none)


ENTRIES: tuple[Entry, ...] = (
    Entry("clear", "Clear", "clear"),
    Entry("rough", "Rough", "rough"),
    Entry("woods", "Woods", "woods"),
    Entry("dense_forest", "Dense forest", "dense_forest"),
    Entry("marsh", "Marsh", "marsh"),
    Entry("town", "Town (on its base terrain)", "town"),
    Entry("westwall", "Westwall (dragon's teeth on its west side)", "westwall"),
    Entry("road", "Road", "road_march"),
    Entry("river_minor", "Minor river (hexside)", "river_minor"),
    Entry("river_major", "Major river (hexside)", "river_major"),
    Entry("bridge", "Bridge over a river", "bridge"),
    Entry("blown", "Blown bridge (16.0C)", ""),
    Entry("ford", "Ford", "ford"),
    Entry("army", "Army boundary", ""),
    Entry("entry_allied", "Allied entry area: its letter is the code in the arrival schedule (10.6)", ""),
    Entry("entry_german", "German entry area: its letter is the code in the arrival schedule (10.6)", ""),
)
BASE = {"town": "clear", "westwall": "clear", "road": "clear", "entry_allied": "clear", "entry_german": "clear"}


def swatch(key: str, height: int = 40, theme: Theme = DEFAULT_THEME, ratio: float = 1.0) -> QPixmap:
    """One legend swatch ``height`` pixels high (times the screen's ``ratio``)."""
    s = height / math.sqrt(3) * 0.96  # hex size: centre to corner
    w = math.ceil(2 * s + 2)
    pix = QPixmap(int(w * ratio), int(height * ratio))
    pix.setDevicePixelRatio(ratio)
    pix.fill(Qt.GlobalColor.transparent)
    p = QPainter(pix)
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    p.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    c = QPointF(w / 2, height / 2)
    _paint(p, key, theme, s, c)
    p.end()
    return pix


def _corner(c: QPointF, s: float, i: int) -> QPointF:
    a = math.radians(60 * i)
    return QPointF(c.x() + s * math.cos(a), c.y() + s * math.sin(a))


SIDES = frozenset({"river_minor", "river_major", "bridge", "blown", "ford", "army"})


def _hex(p: QPainter, t: Theme, s: float, c: QPointF, terrain: str) -> QPolygonF:
    hexagon = QPolygonF([_corner(c, s, i) for i in range(6)])
    p.setPen(QPen(t.terrain(terrain), s * 0.04))
    p.setBrush(t.terrain(terrain))
    p.drawPolygon(hexagon)
    paint_pattern(p, t, s, c, terrain, SEED)
    return hexagon


def _grid(p: QPainter, t: Theme, s: float, hexes: list[QPolygonF]) -> None:
    grid = QColor(t.grid)
    grid.setAlpha(150)
    p.setPen(QPen(grid, max(s * 0.025, 0.8)))
    p.setBrush(Qt.BrushStyle.NoBrush)
    for h in hexes:
        p.drawPolygon(h)


def _paint(p: QPainter, key: str, t: Theme, s: float, c: QPointF) -> None:
    if key in SIDES:
        _paint_side(p, key, t, s, c)
        return
    terrain = BASE.get(key, key)
    hexagon = _hex(p, t, s, c, terrain)
    if key == "westwall":
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(t.westwall_tint))
        p.drawPolygon(hexagon)
        p.setBrush(QColor(t.westwall))
        west = QLineF(_corner(c, s, 3), _corner(c, s, 4))  # upper left side, the hex's west
        paint_teeth(p, s, west, c)
    elif key == "town":
        paint_town(p, t, s, c, "", False)
    elif key == "road":
        _road(p, t, s, (_corner(c, s, 4) + _corner(c, s, 5)) / 2, (_corner(c, s, 1) + _corner(c, s, 2)) / 2)
    elif key in ("entry_allied", "entry_german"):
        box = QRectF(c.x() - 0.32 * s, c.y() - 0.32 * s, 0.64 * s, 0.64 * s)
        p.setPen(QPen(QColor(t.map_edge), s * 0.04))
        p.setBrush(QColor(t.entry_german if key == "entry_german" else t.entry_allied))
        p.drawRoundedRect(box, 0.1 * s, 0.1 * s)
        p.setPen(QColor(t.entry_text))
        p.setFont(_font(s * 0.42, bold=True))
        p.drawText(box, Qt.AlignmentFlag.AlignCenter, "A")  # an entry code (10.6)
    _grid(p, t, s, [hexagon])


def _paint_side(p: QPainter, key: str, t: Theme, s: float, c: QPointF) -> None:
    """A hexside feature on the side between two hexes, one above the other, the side
    across the middle of the swatch."""
    half = s * math.sqrt(3) / 2
    up, low = QPointF(c.x(), c.y() - half), QPointF(c.x(), c.y() + half)
    hexes = [_hex(p, t, s, h, "clear") for h in (up, low)]
    side = QLineF(_corner(up, s, 2), _corner(up, s, 1))
    down = QPointF(0.0, 1.0)
    _grid(p, t, s, hexes)
    if key in ("bridge", "blown"):
        _road(p, t, s, up, low)
    if key == "army":
        pen = QPen(QColor(t.army_boundary), s * 0.05)
        pen.setDashPattern([3, 2])
        p.setPen(pen)
        p.drawLine(side)
        return
    major = key == "river_major"
    _river(p, side, t.river_major if major else t.river_minor, (t.river_major_width if major else t.river_minor_width) * s)
    if key in ("bridge", "blown"):
        paint_bridge(p, t, s, side.center(), down, key == "blown")
    elif key == "ford":
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(t.ford))
        for k in (-1, 0, 1):
            p.drawEllipse(side.center() + down * (k * 0.13 * s), 0.06 * s, 0.06 * s)


def _road(p: QPainter, t: Theme, s: float, a: QPointF, b: QPointF) -> None:
    for colour, width in ((t.road_casing, t.road_width * s * 1.7), (t.road, t.road_width * s)):
        pen = QPen(QColor(colour), width)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        p.setPen(pen)
        p.drawLine(a, b)


def _river(p: QPainter, side: QLineF, colour: str, width: float) -> None:
    pen = QPen(QColor(colour), width)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    p.setPen(pen)
    p.drawLine(side)

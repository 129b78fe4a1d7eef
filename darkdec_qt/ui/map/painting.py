"""Procedural painting of the static map, layer by layer, for any scene rectangle.

``MapPainter`` turns the immutable module into Qt geometry once (hex polygons, river
and road lines, bridge marks, Westwall teeth, edge lines, labels) and paints the
part of a layer that intersects a rectangle. The map scene caches the results in
tiles; the headless renderer calls it directly.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPolygonF

from darkdec_qt import hexgrid
from darkdec_qt.moduleview import Module
from darkdec_qt.ui.map.geometry import MapGeometry, Seg
from darkdec_qt.ui.map.geometry import font as _font
from darkdec_qt.ui.map.theme import DEFAULT_THEME, Theme

NUMBER_MIN_PX = 22.0  # hex numbers appear when a hex's radius is at least this many pixels
DETAIL_MIN_PX = 9.0  # terrain patterns and town names need this much


def _hash01(hex_id: str, k: int) -> float:
    """A deterministic pseudo-random number in [0, 1) for pattern jitter."""
    v = (int(hex_id) * 2654435761 + k * 40503) & 0xFFFFFFFF
    return ((v ^ (v >> 13)) * 1274126177 & 0xFFFF) / 65536.0


class MapPainter(MapGeometry):
    """Paints the terrain, rivers, roads and labels layers of one module."""

    def __init__(self, module: Module, layout: hexgrid.Layout, theme: Theme = DEFAULT_THEME) -> None:
        self.layout = layout
        self.theme = theme
        self.set_module(module)

    def set_module(self, module: Module) -> None:
        """Rebuild all geometry for ``module``."""
        self.build_geometry(module)

    def scene_rect(self) -> QRectF:
        m = self.layout.size * 2.0
        return self.map_rect.adjusted(-m, -m, m, m)

    def hexes_in(self, rect: QRectF) -> list[str]:
        return [h for h, b in self.bounds.items() if b.intersects(rect)]

    # --- layers --------------------------------------------------------------------
    def layers(self) -> dict[str, Callable[[QPainter, QRectF, float], None]]:
        return {
            "terrain": self.paint_terrain,
            "rivers": self.paint_rivers,
            "roads": self.paint_roads,
            "labels": self.paint_labels,
        }

    def paint_terrain(self, p: QPainter, rect: QRectF, lod: float) -> None:
        t, s = self.theme, self.layout.size
        detail = lod * s >= DETAIL_MIN_PX
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        hexes = self.hexes_in(rect)
        for hid in hexes:
            h = self.module.hexes[hid]
            p.setPen(QPen(t.terrain(h.terrain), s * 0.04))  # seal anti-aliasing seams
            p.setBrush(t.terrain(h.terrain))
            p.drawPolygon(self.polys[hid])
        if detail:
            for hid in hexes:
                self._pattern(p, hid, self.module.hexes[hid].terrain)
        tint = QColor(t.westwall_tint)
        for hid in hexes:
            if self.module.hexes[hid].westwall:
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(QBrush(tint, Qt.BrushStyle.SolidPattern))
                p.drawPolygon(self.polys[hid])
        grid = QColor(t.grid)
        grid.setAlpha(150 if lod * s >= 14 else 90)
        p.setPen(QPen(grid, max(s * 0.025, 0.6 / max(lod, 1e-3))))
        p.setBrush(Qt.BrushStyle.NoBrush)
        for hid in hexes:
            p.drawPolygon(self.polys[hid])

    def _pattern(self, p: QPainter, hid: str, terrain: str) -> None:
        paint_pattern(p, self.theme, self.layout.size, self.centers[hid], terrain, hid)

    def paint_rivers(self, p: QPainter, rect: QRectF, lod: float) -> None:
        t, s = self.theme, self.layout.size
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        for kind, colour, width in (
            ("minor", t.river_minor, t.river_minor_width),
            ("major", t.river_major, t.river_major_width),
        ):
            pen = QPen(QColor(colour), max(width * s, 1.2 / max(lod, 1e-3)))
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            p.setPen(pen)
            for seg in self.rivers:
                if seg.kind == kind and seg.bounds.intersects(rect):
                    p.drawLine(seg.line)
        # fords: a brown stepping-stone bar across the river (no road needed)
        for point, d, kind in self.crossings:
            if kind != "ford" or not QRectF(point.x() - s, point.y() - s, 2 * s, 2 * s).intersects(rect):
                continue
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(t.ford))
            for k in (-1, 0, 1):
                q = point + d * (k * 0.13 * s)
                p.drawEllipse(q, 0.06 * s, 0.06 * s)

    def paint_roads(self, p: QPainter, rect: QRectF, lod: float) -> None:
        t, s = self.theme, self.layout.size
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        w = max(t.road_width * s, 1.2 / max(lod, 1e-3))
        by_road: dict[str, list[Seg]] = {}
        for seg in self.roads:
            if seg.bounds.intersects(rect):
                by_road.setdefault(seg.kind, []).append(seg)
        # road by road, casing then fill: where unconnected roads cross (10.4.8C)
        # the later one's casing cuts the earlier, like an overpass
        for rid in sorted(by_road):
            for colour, width in ((t.road_casing, w * 1.7), (t.road, w)):
                pen = QPen(QColor(colour), width)
                pen.setCapStyle(Qt.PenCapStyle.RoundCap)
                p.setPen(pen)
                for seg in by_road[rid]:
                    p.drawLine(seg.line)
        for point, d, kind in self.crossings:
            if kind == "ford" or not QRectF(point.x() - s, point.y() - s, 2 * s, 2 * s).intersects(rect):
                continue
            self._bridge(p, point, d, kind == "blown")

    def _bridge(self, p: QPainter, at: QPointF, d: QPointF, blown: bool) -> None:
        paint_bridge(p, self.theme, self.layout.size, at, d, blown)

    def paint_labels(self, p: QPainter, rect: QRectF, lod: float) -> None:
        t, s = self.theme, self.layout.size
        px = lod * s
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        # army boundaries (dashed) and the map edge
        pen = QPen(QColor(t.army_boundary), s * 0.05)
        pen.setDashPattern([3, 2])
        p.setPen(pen)
        for seg in self.army:
            if seg.bounds.intersects(rect):
                p.drawLine(seg.line)
        pen = QPen(QColor(t.map_edge), max(s * 0.08, 1.5 / max(lod, 1e-3)))
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        p.setPen(pen)
        for seg in self.edges:
            if seg.bounds.intersects(rect):
                p.drawLine(seg.line)
        self._westwall(p, rect)
        hexes = self.hexes_in(rect)
        if px >= NUMBER_MIN_PX:
            num = QColor(t.hex_number)
            p.setPen(num)
            p.setFont(_font(s * 0.2))
            hh = s * hexgrid.SQRT3 / 2
            for hid in hexes:
                c = self.centers[hid]
                p.drawText(QRectF(c.x() - s * 0.5, c.y() - hh + s * 0.04, s, s * 0.24),
                           Qt.AlignmentFlag.AlignCenter, hid)
        for hid in hexes:
            h = self.module.hexes[hid]
            if h.town:
                self._town(p, hid, h.town, px >= DETAIL_MIN_PX * 0.8)
        for code, at, german in self.entries:
            box = QRectF(at.x() - 0.32 * s, at.y() - 0.32 * s, 0.64 * s, 0.64 * s)
            if not box.intersects(rect):
                continue
            p.setPen(QPen(QColor(t.map_edge), s * 0.04))
            p.setBrush(QColor(t.entry_german if german else t.entry_allied))
            p.drawRoundedRect(box, 0.1 * s, 0.1 * s)
            p.setPen(QColor(t.entry_text))
            p.setFont(_font(s * 0.42, bold=True))
            p.drawText(box, Qt.AlignmentFlag.AlignCenter, code)

    def _westwall(self, p: QPainter, rect: QRectF) -> None:
        """Dragon's teeth: a line of small triangles on the west face of the Westwall."""
        t, s = self.theme, self.layout.size
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(t.westwall))
        for seg in self.westwall:
            if not seg.bounds.intersects(rect):
                continue
            paint_teeth(p, s, seg.line, self.centers[seg.kind])

    def _town(self, p: QPainter, hid: str, name: str, with_name: bool) -> None:
        paint_town(p, self.theme, self.layout.size, self.centers[hid], name, with_name)


def paint_pattern(p: QPainter, t: Theme, s: float, c: QPointF, terrain: str, hid: str) -> None:
    """The pattern of ``terrain`` in the hex of size ``s`` centred on ``c`` (trees, hachures,
    reeds), jittered by the hex id ``hid``: the map's and the terrain legend's."""
    col = t.detail(terrain)
    spots = [(0.0, 0.0), (-0.45, -0.35), (0.45, -0.35), (-0.45, 0.35), (0.45, 0.35), (0.0, -0.62), (0.0, 0.62)]
    spots += [(-0.72, 0.0), (0.72, 0.0)]

    def at(k: int, sx: float, sy: float) -> QPointF:
        jx = (_hash01(hid, 2 * k) - 0.5) * 0.18
        jy = (_hash01(hid, 2 * k + 1) - 0.5) * 0.18
        return QPointF(c.x() + (sx + jx) * s, c.y() + (sy + jy) * s * 0.95)

    if terrain == "dense_forest":
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(col)
        for k, (sx, sy) in enumerate(spots):
            q = at(k, sx, sy)
            tree = QPolygonF([QPointF(q.x(), q.y() - 0.19 * s), QPointF(q.x() + 0.12 * s, q.y() + 0.08 * s),
                              QPointF(q.x() - 0.12 * s, q.y() + 0.08 * s)])
            p.drawPolygon(tree)
            p.drawRect(QRectF(q.x() - 0.02 * s, q.y() + 0.08 * s, 0.04 * s, 0.07 * s))
    elif terrain == "woods":
        p.setPen(QPen(col.darker(120), s * 0.02))
        p.setBrush(col)
        for k, (sx, sy) in enumerate(spots[:7]):
            p.drawEllipse(at(k, sx, sy), 0.11 * s, 0.1 * s)
    elif terrain == "rough":
        p.setPen(QPen(col, s * 0.035))
        p.setBrush(Qt.BrushStyle.NoBrush)
        for k, (sx, sy) in enumerate(spots[:7]):
            q = at(k, sx, sy)
            path = QPainterPath(QPointF(q.x() - 0.13 * s, q.y() + 0.06 * s))
            path.lineTo(q.x() - 0.03 * s, q.y() - 0.08 * s)
            path.lineTo(q.x() + 0.03 * s, q.y() - 0.01 * s)
            path.lineTo(q.x() + 0.08 * s, q.y() - 0.07 * s)
            path.lineTo(q.x() + 0.15 * s, q.y() + 0.06 * s)
            p.drawPath(path)
    elif terrain == "marsh":
        p.setPen(QPen(col, s * 0.03))
        for k, (sx, sy) in enumerate(spots[:7]):
            q = at(k, sx, sy)
            p.drawLine(QPointF(q.x() - 0.16 * s, q.y()), QPointF(q.x() + 0.16 * s, q.y()))
            for dx in (-0.07, 0.0, 0.07):
                p.drawLine(QPointF(q.x() + dx * s, q.y()), QPointF(q.x() + dx * 1.6 * s, q.y() - 0.1 * s))


def paint_bridge(p: QPainter, t: Theme, s: float, at: QPointF, d: QPointF, blown: bool) -> None:
    """Bridge: a pale deck with flared rails along ``d``; blown (16.0C): a red X over it."""
    n = QPointF(-d.y(), d.x())
    half_l, half_w = 0.2 * s, 0.085 * s
    deck = QPolygonF([at - d * half_l + n * half_w, at + d * half_l + n * half_w,
                      at + d * half_l - n * half_w, at - d * half_l - n * half_w])
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(t.bridge_fill))
    p.drawPolygon(deck)
    pen = QPen(QColor(t.bridge_edge), s * 0.03)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    p.setPen(pen)
    for sign in (1, -1):
        rail = n * (half_w * sign)
        flare = n * (half_w * 0.9 * sign)
        path = QPainterPath(at - d * (half_l + 0.06 * s) + rail + flare)
        path.lineTo(at - d * half_l + rail)
        path.lineTo(at + d * half_l + rail)
        path.lineTo(at + d * (half_l + 0.06 * s) + rail + flare)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawPath(path)
    if blown:
        pen = QPen(QColor(t.blown_bridge), s * 0.07)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        p.setPen(pen)
        r = 0.2 * s
        p.drawLine(at + QPointF(-r, -r), at + QPointF(r, r))
        p.drawLine(at + QPointF(-r, r), at + QPointF(r, -r))


def paint_town(p: QPainter, t: Theme, s: float, c: QPointF, name: str, with_name: bool) -> None:
    """A town: the black square and, when there is room, its name with a pale halo."""
    sq = 0.22 * s
    p.setPen(QPen(QColor(t.label_halo), s * 0.03))
    p.setBrush(QColor(t.town_fill))
    p.drawRect(QRectF(c.x() - sq / 2, c.y() - sq / 2 - 0.05 * s, sq, sq))
    if not with_name:
        return
    font = _font(s * 0.27, bold=True)
    path = QPainterPath()
    path.addText(0, 0, font, name)
    br = path.boundingRect()
    path.translate(c.x() - br.center().x(), c.y() + 0.52 * s - br.center().y())
    halo = QPen(QColor(t.label_halo), s * 0.09)
    halo.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    p.setPen(halo)
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawPath(path)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(t.town_text))
    p.drawPath(path)


def paint_teeth(p: QPainter, s: float, line: QLineF, west: QPointF) -> None:
    """Dragon's teeth along the hexside ``line``, pointing to the hex centred on ``west``
    (pen and brush set by the caller)."""
    mid = line.center()
    out = QPointF(west.x() - mid.x(), west.y() - mid.y())
    ln = math.hypot(out.x(), out.y()) or 1.0
    out = QPointF(out.x() / ln, out.y() / ln)
    inset = -out * (0.05 * s)
    teeth = 4
    for k in range(teeth):
        a = line.pointAt((k + 0.1) / teeth) + inset
        b = line.pointAt((k + 0.9) / teeth) + inset
        tip = (a + b) / 2 + out * (0.16 * s)
        p.drawPolygon(QPolygonF([a, b, tip]))

"""The shared map scene: static map layers (cached in tiles), highlights, a path and
the counters, built from an immutable module.

The scene shows what it is given; it computes no rules. The client passes legal
destinations (``set_highlight``), a path (``set_path``) and unit placements
(``set_units``); the editor calls ``refresh_hex`` after changing the module.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence

from PySide6.QtCore import QEvent, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPixmap, QPixmapCache
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from darkdec_qt import hexgrid
from darkdec_qt.moduleview import Module, UnitSpec
from darkdec_qt.ui.map.counters import counter_pixmap, paint_counter
from darkdec_qt.ui.map.painting import MapPainter
from darkdec_qt.ui.map.theme import DEFAULT_THEME, Theme
from darkdec_qt.ui.map.tiles import MAX_CACHED_SCALE, TILE, OverviewLayer, TiledLayer, _scale_bucket
from darkdec_qt.ui.provenance import unit_tip

Placement = tuple[UnitSpec, bool, set[str]]  # unit, reduced, markers
__all__ = ["TILE", "CounterItem", "HighlightItem", "MapScene", "OverviewLayer", "Placement", "TiledLayer"]

Z_LAYERS = {"terrain": 0.0, "rivers": 10.0, "roads": 20.0, "labels": 30.0}
Z_HIGHLIGHT, Z_PATH, Z_COUNTERS = 40.0, 45.0, 100.0
PIXMAP_CACHE_KB = 256 * 1024


class HighlightItem(QGraphicsItem):
    """Hexes shaded by a value 0..1 (e.g. legal destinations by MP spent)."""

    def __init__(self, painter: MapPainter, theme: Theme) -> None:
        super().__init__()
        self._mp = painter
        self._theme = theme
        self._values: dict[str, float] = {}
        self._rect = QRectF()
        self.setZValue(Z_HIGHLIGHT)

    def set_values(self, values: Mapping[str, float]) -> None:
        self.prepareGeometryChange()
        self._values = {h: max(0.0, min(1.0, v)) for h, v in values.items() if h in self._mp.polys}
        r = QRectF()
        for h in self._values:
            r = r.united(self._mp.bounds[h])
        self._rect = r

    def values(self) -> dict[str, float]:
        return dict(self._values)

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        lo, hi = QColor(self._theme.highlight_low), QColor(self._theme.highlight)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        s = self._mp.layout.size
        for h, v in self._values.items():
            col = QColor.fromRgbF(lo.redF() + (hi.redF() - lo.redF()) * v,
                                  lo.greenF() + (hi.greenF() - lo.greenF()) * v,
                                  lo.blueF() + (hi.blueF() - lo.blueF()) * v, 0.38)
            edge = QColor(col)
            edge.setAlphaF(0.9)
            painter.setPen(QPen(edge, s * 0.06))
            painter.setBrush(col)
            painter.drawPolygon(self._mp.polys[h])


def _pixmap_ratio(painter: QPainter) -> float | None:
    """The device pixel ratio when painting on screen or into Qt's item cache;
    None for images/printers (which get vector painting)."""
    dev = painter.device()
    if isinstance(dev, QWidget | QPixmap):
        return float(dev.devicePixelRatioF())
    return None


class CounterItem(QGraphicsItem):
    """One counter on the map. Qt keeps it in a device-resolution cache
    (``DeviceCoordinateCache``): a frame only blits it; a zoom change repaints it
    from a pixmap of the counter cached per power-of-two zoom."""

    def __init__(self, spec: UnitSpec, reduced: bool, markers: Iterable[str], size: float,
                 hex_id: str, theme: Theme = DEFAULT_THEME) -> None:
        super().__init__()
        self.spec, self.reduced, self.markers = spec, reduced, frozenset(markers)
        self.hex_id = hex_id
        self._size = size
        self._theme = theme
        sh = size * 0.06
        self._bounds = QRectF(-size / 2, -size / 2, size + sh, size + sh)
        self.setAcceptHoverEvents(False)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setToolTip(unit_tip(spec))  # with the basis of reconstructed values

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self._bounds

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        s = self._size
        rect = QRectF(-s / 2, -s / 2, s, s)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 90))
        painter.drawRoundedRect(rect.translated(s * 0.05, s * 0.05), s * 0.07, s * 0.07)
        lod = option.levelOfDetailFromTransform(painter.worldTransform())
        dpr = _pixmap_ratio(painter)
        if dpr is None or lod * dpr > MAX_CACHED_SCALE:
            paint_counter(painter, rect, self.spec, self.reduced, self.markers, self._theme)
            return
        scale = _scale_bucket(lod * dpr * 1.0001)
        pm = counter_pixmap(self.spec, self.reduced, self.markers, round(s), scale, self._theme)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        painter.drawPixmap(rect, pm, QRectF(pm.rect()))


class MapScene(QGraphicsScene):
    """The map of a module: static layers, highlights, a path and counters."""

    hexHovered = Signal(str)  # noqa: N815 (Qt naming); "" when off the map
    hexClicked = Signal(str, Qt.MouseButton)  # noqa: N815

    def __init__(self, module: Module, hex_size: float = 40.0, theme: Theme = DEFAULT_THEME,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        if QPixmapCache.cacheLimit() < PIXMAP_CACHE_KB:
            QPixmapCache.setCacheLimit(PIXMAP_CACHE_KB)
        self.theme = theme
        self.layout = hexgrid.Layout(size=hex_size)
        self.painter = MapPainter(module, self.layout, theme)
        self.counter_size = round(hex_size * 1.2)
        rect = self.painter.scene_rect()
        self.setSceneRect(rect)
        self.setBackgroundBrush(QColor(theme.off_map))
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.BspTreeIndex)
        self.layers: dict[str, TiledLayer] = {}
        for name, fn in self.painter.layers().items():
            layer = TiledLayer(name, rect, fn, Z_LAYERS.get(name, 0.0))
            self.addItem(layer)
            self.layers[name] = layer
        self.overview = OverviewLayer(list(self.layers.values()), rect)
        self.addItem(self.overview)
        self.highlight = HighlightItem(self.painter, theme)
        self.addItem(self.highlight)
        self.path_item = QGraphicsPathItem()
        self.path_item.setZValue(Z_PATH)
        self.addItem(self.path_item)
        self._stacks: dict[str, list[Placement]] = {}
        self._counters: list[CounterItem] = []
        self._hovered: str | None = None

    # --- model --------------------------------------------------------------------
    @property
    def module(self) -> Module:
        return self.painter.module

    def set_module(self, module: Module) -> None:
        """Show a new module (whole map redrawn)."""
        self.painter.set_module(module)
        self._reset_rect()

    def _reset_rect(self) -> None:
        rect = self.painter.scene_rect()
        self.setSceneRect(rect)
        for layer in self.layers.values():
            layer.set_rect(rect)
        self.overview.set_rect(rect)

    def refresh_hex(self, hex_id: str, module: Module | None = None) -> None:
        """Redraw one hex (and what touches it: its hexsides, the roads through it
        and its neighbours) after an edit; pass the edited module if it changed.
        Only that hex's geometry is recomputed and only the tiles (and the part of
        the overview) it touches are repainted."""
        if module is None:
            module = self.module
        if hex_id not in self.painter.polys and hex_id not in module.hexes:
            return
        region = self.painter.update_hex(hex_id, module)
        if region is None:  # the hexes of the map changed: everything was rebuilt
            self._reset_rect()
            return
        for layer in self.layers.values():
            layer.invalidate(region)
        self.overview.invalidate(region)

    # --- geometry -----------------------------------------------------------------
    def hex_center(self, hex_id: str) -> QPointF:
        x, y = self.layout.center(hex_id)
        return QPointF(x, y)

    def hex_polygon(self, hex_id: str) -> QPainterPath:
        path = QPainterPath()
        path.addPolygon(self.painter.polys[hex_id])
        path.closeSubpath()
        return path

    def hex_at(self, scene_pos: QPointF) -> str | None:
        """The id of the map hex under a scene point, or None off the map."""
        hid = self.layout.pixel_to_hex(scene_pos.x(), scene_pos.y())
        if hid is None or hid not in self.painter.polys:
            return None
        if not self.painter.polys[hid].containsPoint(scene_pos, Qt.FillRule.OddEvenFill):
            c = self.painter.centers[hid]
            if math.hypot(c.x() - scene_pos.x(), c.y() - scene_pos.y()) > self.layout.size * 0.87:
                return None
        return hid

    # --- overlays -----------------------------------------------------------------
    def set_highlight(self, hexes: Mapping[str, float] | None) -> None:
        self.highlight.set_values(hexes or {})
        self.highlight.setVisible(bool(hexes))
        self.highlight.update()

    def set_path(self, hexes: Sequence[str] | None) -> None:
        path = QPainterPath()
        pts = [self.hex_center(h) for h in hexes or () if h in self.painter.polys]
        if pts:
            path.moveTo(pts[0])
            for q in pts[1:]:
                path.lineTo(q)
            r = self.layout.size * 0.12
            for q in pts:
                path.addEllipse(q, r, r)
        pen = QPen(QColor(self.theme.path), self.layout.size * 0.11)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        self.path_item.setPen(pen)
        self.path_item.setPath(path)
        self.path_item.setOpacity(0.75)

    def path_hexes_visible(self) -> bool:
        return not self.path_item.path().isEmpty()

    # --- counters -------------------------------------------------------------------
    def set_units(self, placements: Mapping[str, Sequence[Placement]] | None) -> None:
        """Place counters: ``{hex: [(spec, reduced, markers), ...]}``, first = bottom."""
        for item in self._counters:
            self.removeItem(item)
        self._counters = []
        self._stacks = {h: list(units) for h, units in (placements or {}).items()
                        if h in self.painter.polys and units}
        size = self.counter_size
        step = size * 0.09
        for h, units in self._stacks.items():
            c = self.hex_center(h)
            n = len(units)
            for i, (spec, reduced, markers) in enumerate(units):
                item = CounterItem(spec, reduced, markers, size, h, self.theme)
                off = (i - (n - 1) / 2) * step
                item.setPos(c.x() - off, c.y() - off)
                item.setZValue(Z_COUNTERS + i)
                self.addItem(item)
                self._counters.append(item)

    def units_at(self, hex_id: str) -> list[Placement]:
        return list(self._stacks.get(hex_id, ()))

    def counter_items(self) -> list[CounterItem]:
        return list(self._counters)

    # --- mouse ----------------------------------------------------------------------
    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        hid = self.hex_at(event.scenePos())
        if hid != self._hovered:
            self._hovered = hid
            self.hexHovered.emit(hid or "")
        super().mouseMoveEvent(event)

    def event(self, event: QEvent) -> bool:
        """The pointer left the view: no hex is hovered any more (hexHovered "")."""
        if event.type() in (QEvent.Type.GraphicsSceneLeave, QEvent.Type.Leave) and self._hovered is not None:
            self._hovered = None
            self.hexHovered.emit("")
        return super().event(event)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        hid = self.hex_at(event.scenePos())
        if hid is not None:
            self.hexClicked.emit(hid, event.button())
        super().mouseReleaseEvent(event)

"""Pixmap caches of the static map layers.

``TiledLayer`` paints one layer in ``TILE``-sized pixmaps per power-of-two zoom
bucket (kept in ``QPixmapCache``): panning only blits; a zoom step renders a few
tiles. Zoomed out, blitting four layers of scaled tiles costs more than a frame,
so ``OverviewLayer`` composes all layers once into one pixmap of the whole map
at the exact device scale and blits it 1:1 while the zoom stays; an edit patches
only the edited rectangle of it.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QPainter, QPixmap, QPixmapCache, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

PaintFn = Callable[[QPainter, QRectF, float], None]

TILE = 512.0  # scene units per cached tile
MAX_CACHED_SCALE = 4.0  # above this many device pixels per scene unit, paint vectors
OVERVIEW_MAX_SCALE = 0.5  # at or below this many device pixels per scene unit, use the overview
OVERVIEW_MAX_PIXELS = 12_000_000  # never build an overview pixmap larger than this
OVERVIEW_KEEP = 3  # overview pixmaps kept (zoom levels), most recently used
PHASE_STEPS = 16  # sub-pixel offsets of the overview, in 1/16 pixel
Z_OVERVIEW = -1.0


def _scale_bucket(x: float) -> float:
    """Round a device scale up to a power of two (1/16 .. MAX): few cached sizes,
    never blurrier than the screen."""
    return 2.0 ** max(-4, math.ceil(math.log2(max(x, 1e-6)) - 1e-9))


def _device_ratio(painter: QPainter) -> float | None:
    """The device pixel ratio when painting on screen; None for images/printers
    (which get vector painting, no cache)."""
    dev = painter.device()
    if isinstance(dev, QWidget):
        return float(dev.devicePixelRatioF())
    return None


class TiledLayer(QGraphicsItem):
    """One static map layer, painted from cached tiles (or vectors when zoomed far
    in or rendering to an image)."""

    def __init__(self, name: str, rect: QRectF, paint_fn: PaintFn, z: float = 0.0) -> None:
        super().__init__()
        self.name = name
        self._rect = QRectF(rect)
        self._paint_fn = paint_fn
        self._gen: dict[tuple[int, int], int] = {}
        self._epoch = 0
        self.overview: OverviewLayer | None = None
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self.setZValue(z)
        self.tiles_rendered = 0

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt API)
        return self._rect

    def set_rect(self, rect: QRectF) -> None:
        self.prepareGeometryChange()
        self._rect = QRectF(rect)
        self.invalidate()

    def invalidate(self, rect: QRectF | None = None) -> None:
        """Forget cached tiles intersecting ``rect`` (all when None) and repaint."""
        if rect is None:
            self._epoch += 1
            self._gen.clear()
            self.update()
            return
        for key in self._tiles(rect):
            self._gen[key] = self._gen.get(key, 0) + 1
        self.update(rect)

    def _tiles(self, rect: QRectF) -> Iterable[tuple[int, int]]:
        r = rect.intersected(self._rect)
        if r.isEmpty():
            return
        for ty in range(math.floor(r.top() / TILE), math.floor(r.bottom() / TILE) + 1):
            for tx in range(math.floor(r.left() / TILE), math.floor(r.right() / TILE) + 1):
                yield tx, ty

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if self.overview is not None and self.overview.placement(painter) is not None:
            return  # the overview shows this layer
        lod = option.levelOfDetailFromTransform(painter.worldTransform())
        exposed = option.exposedRect if not option.exposedRect.isEmpty() else self._rect
        dpr = _device_ratio(painter)
        if dpr is None or lod * dpr > MAX_CACHED_SCALE:
            painter.save()
            painter.setClipRect(exposed)
            self._paint_fn(painter, exposed, lod)
            painter.restore()
            return
        scale = _scale_bucket(lod * dpr)
        self.draw_tiles(painter, exposed, scale, scale / dpr)

    def draw_tiles(self, painter: QPainter, rect: QRectF, scale: float, lod: float) -> None:
        """Blit the tiles of zoom bucket ``scale`` that cover ``rect`` (scene units)."""
        for tx, ty in self._tiles(rect):
            pm = self._tile(tx, ty, scale, lod)
            painter.drawPixmap(QRectF(tx * TILE, ty * TILE, TILE, TILE), pm, QRectF(pm.rect()))

    def _tile(self, tx: int, ty: int, scale: float, lod: float) -> QPixmap:
        key = f"ddmap|{id(self)}|{self._epoch}|{self._gen.get((tx, ty), 0)}|{tx},{ty}|{scale}"
        pm = QPixmapCache.find(key)
        if pm is not None and not pm.isNull():
            return pm
        px = max(1, math.ceil(TILE * scale))
        pm = QPixmap(px, px)
        pm.fill(Qt.GlobalColor.transparent)
        p = QPainter(pm)
        p.scale(px / TILE, px / TILE)
        p.translate(-tx * TILE, -ty * TILE)
        tile = QRectF(tx * TILE, ty * TILE, TILE, TILE)
        p.setClipRect(tile)
        self._paint_fn(p, tile, lod)
        p.end()
        QPixmapCache.insert(key, pm)
        self.tiles_rendered += 1
        return pm


@dataclass
class _Overview:
    pm: QPixmap
    scale: float  # device pixels per scene unit
    phase: tuple[float, float]  # sub-pixel offset of the scene origin
    dpr: float
    dirty: list[QRectF] = field(default_factory=list)


class OverviewLayer(QGraphicsItem):
    """All static layers of the whole map in one pixmap at the exact device scale
    (and sub-pixel offset) of the view, used at or below ``OVERVIEW_MAX_SCALE``;
    built from the layers' tiles so it shows exactly what they would."""

    def __init__(self, layers: Sequence[TiledLayer], rect: QRectF) -> None:
        super().__init__()
        self._layers = list(layers)
        self._rect = QRectF(rect)
        self._cache: OrderedDict[tuple[float, float, float, float], _Overview] = OrderedDict()
        self.builds = 0
        self.patches = 0
        self.setZValue(Z_OVERVIEW)
        for layer in self._layers:
            layer.overview = self

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self._rect

    def set_rect(self, rect: QRectF) -> None:
        self.prepareGeometryChange()
        self._rect = QRectF(rect)
        self.invalidate()

    def invalidate(self, rect: QRectF | None = None) -> None:
        """Drop every overview (None) or mark ``rect`` (scene units) for repainting."""
        if rect is None:
            self._cache.clear()
            self.update()
            return
        for ov in self._cache.values():
            ov.dirty.append(QRectF(rect))
        self.update(rect)

    def cached(self) -> int:
        """How many overview pixmaps are kept."""
        return len(self._cache)

    def placement(self, painter: QPainter) -> tuple[float, float, float, float] | None:
        """(device scale, device pixel ratio, device x, y of the scene origin) when
        ``painter`` should use the overview; None to paint the layers' tiles."""
        dpr = _device_ratio(painter)
        if dpr is None:
            return None
        t = painter.worldTransform()
        if t.type().value > QTransform.TransformationType.TxScale.value or t.m11() <= 0 or t.m11() != t.m22():
            return None
        k = t.m11() * dpr
        if k > OVERVIEW_MAX_SCALE or self._rect.width() * self._rect.height() * k * k > OVERVIEW_MAX_PIXELS:
            return None
        return k, dpr, t.dx() * dpr, t.dy() * dpr

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        where = self.placement(painter)
        if where is None:
            return
        k, dpr, ox, oy = where
        x0, y0 = k * self._rect.left() + ox, k * self._rect.top() + oy
        px, py = math.floor(x0), math.floor(y0)
        fx = round((x0 - px) * PHASE_STEPS) / PHASE_STEPS
        fy = round((y0 - py) * PHASE_STEPS) / PHASE_STEPS
        ov = self._overview(k, (fx, fy), dpr)
        painter.save()
        painter.setWorldTransform(QTransform.fromScale(1 / dpr, 1 / dpr))
        painter.drawPixmap(QPointF(px, py), ov.pm)
        painter.restore()

    def _overview(self, k: float, phase: tuple[float, float], dpr: float) -> _Overview:
        key = (round(k, 9), phase[0], phase[1], dpr)
        ov = self._cache.get(key)
        if ov is None:
            w = math.ceil(k * self._rect.width() + phase[0]) + 1
            h = math.ceil(k * self._rect.height() + phase[1]) + 1
            ov = _Overview(QPixmap(w, h), k, phase, dpr)
            ov.pm.fill(Qt.GlobalColor.transparent)
            self._compose(ov, ov.pm.rect())
            self.builds += 1
            self._cache[key] = ov
            while len(self._cache) > OVERVIEW_KEEP:
                self._cache.popitem(last=False)
        self._cache.move_to_end(key)
        for r in ov.dirty:
            dev = self._to_device(ov).mapRect(r).toAlignedRect().adjusted(-2, -2, 2, 2)
            self._compose(ov, dev.intersected(ov.pm.rect()))
            self.patches += 1
        ov.dirty.clear()
        return ov

    def _to_device(self, ov: _Overview) -> QTransform:
        t = QTransform.fromTranslate(*ov.phase)
        t.scale(ov.scale, ov.scale)
        t.translate(-self._rect.left(), -self._rect.top())
        return t

    def _compose(self, ov: _Overview, dev: QRect) -> None:
        """Repaint the pixels ``dev`` of an overview from the layers' tiles."""
        if dev.isEmpty():
            return
        p = QPainter(ov.pm)
        p.setClipRect(dev)
        p.setCompositionMode(QPainter.CompositionMode.CompositionMode_Source)
        p.fillRect(dev, Qt.GlobalColor.transparent)
        p.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceOver)
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        t = self._to_device(ov)
        p.setWorldTransform(t)
        m = 2.0 / ov.scale
        scene = t.inverted()[0].mapRect(QRectF(dev)).adjusted(-m, -m, m, m)
        bucket = _scale_bucket(ov.scale)
        for layer in sorted(self._layers, key=lambda item: item.zValue()):
            if layer.isVisible():
                layer.draw_tiles(p, scene, bucket, bucket / ov.dpr)
        p.end()

"""The Qt geometry of a module's static map, built once and updated hex by hex.

Every feature is stored under the key that decides it (a hex, a hexside, a road
segment), so an edit of one hex (``update_hex``) recomputes only the features of
that hex, its hexsides and the roads through it and its neighbours, and returns
the scene rectangle whose pixels may have changed.
"""

from __future__ import annotations

import math
from collections.abc import MutableMapping
from dataclasses import dataclass
from typing import TypeVar

from PySide6.QtCore import QLineF, QPointF, QRectF
from PySide6.QtGui import QFont, QFontDatabase, QFontMetricsF, QPolygonF

from darkdec_qt import hexgrid, packagedata
from darkdec_qt.moduleview import Module

GERMAN_ENTRY = frozenset("PQRS")
DIRTY_MARGIN = 0.6  # hex sizes added around an edit's dirty rectangle (pens, caps)

SideKey = tuple[str, str]  # hexside_key order
RoadKey = tuple[str, str, str]  # hexside_key order + road id
Crossing = tuple[QPointF, QPointF, str]  # point, road direction, kind
Entry = tuple[str, QPointF, bool]  # code, box centre, German
K = TypeVar("K")
V = TypeVar("V")


@dataclass(frozen=True, slots=True)
class Seg:
    line: QLineF
    kind: str
    bounds: QRectF


def _seg(a: QPointF, b: QPointF, kind: str, pad: float) -> Seg:
    x1, y1, x2, y2 = a.x(), a.y(), b.x(), b.y()
    r = QRectF(min(x1, x2) - pad, min(y1, y2) - pad, abs(x2 - x1) + 2 * pad, abs(y2 - y1) + 2 * pad)
    return Seg(QLineF(a, b), kind, r)


FAMILY = "DejaVu Sans"
FONT_FILES = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")
_fonts_loaded: list[str] = []


def load_fonts() -> list[str]:
    """The counters' and the map's font, DejaVu Sans, shipped as package data
    (``resources/fonts``, with its licence) and registered with Qt once, so the game looks
    the same on a system without it; returns the families registered."""
    if not _fonts_loaded:
        for name in FONT_FILES:
            fid = QFontDatabase.addApplicationFont(str(packagedata.path("fonts", name)))
            _fonts_loaded.extend(QFontDatabase.applicationFontFamilies(fid) if fid >= 0 else ())
    return list(_fonts_loaded)


def font(px: float, bold: bool = False) -> QFont:
    load_fonts()
    f = QFont(FAMILY)
    f.setPixelSize(max(1, round(px)))
    f.setBold(bold)
    return f


def road_groups(m: Module, hex_id: str) -> list[frozenset[str]]:
    """The road ids in a hex grouped by connection (``Module.roads_connect``)."""
    groups: list[set[str]] = []
    for rid in sorted(m.roads_in(hex_id)):
        joined = [g for g in groups if any(m.roads_connect(hex_id, rid, o) for o in g)]
        merged = {rid}.union(*joined)
        groups = [g for g in groups if g not in joined] + [merged]
    return [frozenset(g) for g in groups]


class MapGeometry:
    """Hex polygons, river, road, boundary and edge lines, crossings and entry boxes."""

    layout: hexgrid.Layout
    module: Module

    # --- whole module ---------------------------------------------------------------
    def build_geometry(self, module: Module) -> None:
        self.module = module
        lay = self.layout
        self.centers: dict[str, QPointF] = {}
        self.polys: dict[str, QPolygonF] = {}
        self.bounds: dict[str, QRectF] = {}
        rect = QRectF()
        for hid in module.hexes:
            self.centers[hid] = QPointF(*lay.center(hid))
            poly = QPolygonF([QPointF(x, y) for x, y in lay.corners(hid)])
            self.polys[hid] = poly
            self.bounds[hid] = b = poly.boundingRect()
            rect = rect.united(b)
        self.map_rect = rect
        self._river_segs: dict[SideKey, Seg] = {}
        self._army_segs: dict[SideKey, Seg] = {}
        self._edge_segs: dict[SideKey, Seg] = {}  # (hex, off-map neighbour)
        self._westwall_segs: dict[SideKey, Seg] = {}  # (Westwall hex, western neighbour)
        self._entry_boxes: dict[str, Entry] = {}
        self._town_names: dict[str, str] = {}
        self._nodes: dict[str, dict[str, QPointF]] = {}
        self._roads: dict[RoadKey, Seg] = {}
        self._road_index: dict[str, set[RoadKey]] = {}
        self._crossing_marks: dict[SideKey, Crossing] = {}
        for key, hs in module.hexsides.items():
            self._put(self._river_segs, hexgrid.hexside_key(hs.a, hs.b), self._river(key))
        for hid in module.hexes:
            self._hex_features(hid)
        for hid in module.road_links:
            self._nodes[hid] = self._road_nodes(hid)
        for r in module.roads:
            a, b = hexgrid.hexside_key(r.a, r.b)
            self._put_road((a, b, r.road))
        for key in module.hexsides:
            self._put(self._crossing_marks, key, self._crossing(key))

    # --- one hex --------------------------------------------------------------------
    def update_hex(self, hex_id: str, module: Module) -> QRectF | None:
        """Take ``module`` in which ``hex_id`` (its terrain, features, hexsides or roads)
        changed; returns the scene rectangle to repaint, or None when the hexes of
        the map changed and everything was rebuilt."""
        if module.hexes.keys() != self.module.hexes.keys() or hex_id not in self.centers:
            self.build_geometry(module)
            return None
        self.module = module
        s = self.layout.size
        dirty = QRectF(self.bounds[hex_id])
        near = [hex_id] + [n for n in hexgrid.neighbours(hex_id) if n in self.centers]
        for n in hexgrid.neighbours(hex_id):
            key = hexgrid.hexside_key(hex_id, n)
            dirty |= self._put(self._river_segs, key, self._river(key))
            for k in ((hex_id, n), (n, hex_id)):
                dirty |= self._put(self._westwall_segs, k, self._westwall_seg(*k))
            dirty |= self._put(self._edge_segs, (hex_id, n), self._edge_seg(hex_id, n))
            dirty |= self._put(self._army_segs, key, self._army_seg(key))
        dirty |= self._put(self._entry_boxes, hex_id, self._entry(hex_id), self._entry_rect)
        for name in {self._town_names.get(hex_id), self._town_name(hex_id)} - {None}:
            dirty |= self.town_rect(hex_id, name or "")
        self._put(self._town_names, hex_id, self._town_name(hex_id))
        road_keys: set[RoadKey] = set()
        for x in near:
            self._put(self._nodes, x, self._road_nodes(x) if x in module.road_links else None)
            road_keys |= self._road_index.get(x, set())
            for n, rids in module.road_links.get(x, {}).items():
                a, b = hexgrid.hexside_key(x, n)
                road_keys.update((a, b, rid) for rid in rids)
        for rk in road_keys:
            dirty |= self._put_road(rk)
        for x in near:
            for n in hexgrid.neighbours(x):
                key = hexgrid.hexside_key(x, n)
                dirty |= self._put(self._crossing_marks, key, self._crossing(key), self._crossing_rect)
        m = DIRTY_MARGIN * s
        return dirty.adjusted(-m, -m, m, m)

    # --- features -------------------------------------------------------------------
    @property
    def rivers(self) -> list[Seg]:
        return list(self._river_segs.values())

    @property
    def roads(self) -> list[Seg]:
        return list(self._roads.values())

    @property
    def crossings(self) -> list[Crossing]:
        return list(self._crossing_marks.values())

    @property
    def edges(self) -> list[Seg]:
        return list(self._edge_segs.values())

    @property
    def westwall(self) -> list[Seg]:
        return list(self._westwall_segs.values())

    @property
    def army(self) -> list[Seg]:
        return list(self._army_segs.values())

    @property
    def entries(self) -> list[Entry]:
        return list(self._entry_boxes.values())

    def town_rect(self, hex_id: str, name: str) -> QRectF:
        """Where a town's square and name are drawn (for repainting after an edit)."""
        s = self.layout.size
        c = self.centers[hex_id]
        w = QFontMetricsF(font(s * 0.27, bold=True)).horizontalAdvance(name) + s * 0.4
        return QRectF(c.x() - w / 2, c.y() - 0.4 * s, w, 1.3 * s)

    # --- helpers ----------------------------------------------------------------------
    @staticmethod
    def _bounds(value: object) -> QRectF:
        return value.bounds if isinstance(value, Seg) else QRectF()

    def _put(self, table: MutableMapping[K, V], key: K, value: V | None,
             bounds: object = None) -> QRectF:
        """Store (or, for None, drop) ``table[key]``; the rectangle of what changed."""
        old = table.get(key)
        if old == value:
            return QRectF()
        if value is None:
            del table[key]
        else:
            table[key] = value
        fn = bounds if callable(bounds) else self._bounds
        out = QRectF()
        for v in (old, value):
            if v is not None:
                out |= fn(v)
        return out

    def _put_road(self, key: RoadKey) -> QRectF:
        a, b, _ = key
        seg = self._road_seg(key)
        for h in (a, b):
            if seg is None:
                self._road_index.get(h, set()).discard(key)
            else:
                self._road_index.setdefault(h, set()).add(key)
        return self._put(self._roads, key, seg)

    def _entry_rect(self, e: Entry) -> QRectF:
        s = self.layout.size
        at = e[1]
        return QRectF(at.x() - 0.4 * s, at.y() - 0.4 * s, 0.8 * s, 0.8 * s)

    def _crossing_rect(self, c: Crossing) -> QRectF:
        s = self.layout.size
        at = c[0]
        return QRectF(at.x() - 0.5 * s, at.y() - 0.5 * s, s, s)

    def _town_name(self, hex_id: str) -> str | None:
        h = self.module.hexes.get(hex_id)
        return h.town if h is not None and h.town else None

    def _side(self, a: str, b: str) -> tuple[QPointF, QPointF]:
        (x1, y1), (x2, y2) = self.layout.hexside_segment(a, b)
        return QPointF(x1, y1), QPointF(x2, y2)

    def _center(self, hid: str) -> QPointF:
        return self.centers.get(hid) or QPointF(*self.layout.center(hid))

    def _hex_features(self, hid: str) -> None:
        for n in hexgrid.neighbours(hid):
            self._put(self._edge_segs, (hid, n), self._edge_seg(hid, n))
            self._put(self._westwall_segs, (hid, n), self._westwall_seg(hid, n))
            if hid < n:
                self._put(self._army_segs, (hid, n), self._army_seg((hid, n)))
        self._put(self._entry_boxes, hid, self._entry(hid))
        self._put(self._town_names, hid, self._town_name(hid))

    def _river(self, key: SideKey) -> Seg | None:
        hs = self.module.hexsides.get(key)
        if hs is None or not hs.river or hs.a not in self.centers or hs.b not in self.centers:
            return None
        return _seg(*self._side(hs.a, hs.b), hs.river, self.layout.size * 0.2)

    def _edge_seg(self, hid: str, n: str) -> Seg | None:
        if n in self.module.hexes:
            return None
        return _seg(*self._side(hid, n), "edge", self.layout.size * 0.1)

    def _westwall_seg(self, hid: str, n: str) -> Seg | None:
        """Dragon's teeth face west, toward the non-Westwall side."""
        h, nh = self.module.hexes.get(hid), self.module.hexes.get(n)
        if h is None or nh is None or not h.westwall or nh.westwall:
            return None
        if self.centers[n].x() >= self.centers[hid].x():
            return None
        return _seg(*self._side(hid, n), n, self.layout.size * 0.2)

    def _army_seg(self, key: SideKey) -> Seg | None:
        h, nh = self.module.hexes.get(key[0]), self.module.hexes.get(key[1])
        if h is None or nh is None or not h.army or not nh.army or h.army == nh.army:
            return None
        return _seg(*self._side(*key), "army", self.layout.size * 0.1)

    def _entry(self, hid: str) -> Entry | None:
        h = self.module.hexes.get(hid)
        if h is None or not h.entry:
            return None
        off = {"N": QPointF(0, -1.25), "S": QPointF(0, 1.25), "W": QPointF(-1.35, 0), "E": QPointF(1.35, 0)}
        d = off.get(h.edge or "", QPointF(0, -1.25))
        return h.entry, self.centers[hid] + d * self.layout.size, h.entry[0] in GERMAN_ENTRY

    def _road_nodes(self, hid: str) -> dict[str, QPointF]:
        """Road nodes: the hex centre; but where roads pass a hex without connecting
        (a crossing, 10.4.8C) each group of connected roads gets its own point,
        pushed apart so the drawn roads do not meet."""
        m, s = self.module, self.layout.size
        c = self._center(hid)
        groups = road_groups(m, hid)
        nodes: dict[str, QPointF] = {}
        for k, group in enumerate(groups):
            if len(groups) == 1:
                nodes.update((rid, c) for rid in group)
                continue
            dirs = []
            for n, rids in m.road_links.get(hid, {}).items():
                if rids & group:
                    v = self._center(n) - c
                    ln = math.hypot(v.x(), v.y()) or 1.0
                    dirs.append(QPointF(v.x() / ln, v.y() / ln))
            mean = QPointF(sum(d.x() for d in dirs), sum(d.y() for d in dirs))
            ln = math.hypot(mean.x(), mean.y())
            if ln > 0.3:
                off = QPointF(mean.x() / ln, mean.y() / ln) * (0.3 * s)
            else:
                d0 = dirs[0] if dirs else QPointF(1, 0)
                sign = 1.0 if k % 2 == 0 else -1.0
                off = QPointF(-d0.y(), d0.x()) * (0.2 * s * sign)
            nodes.update((rid, c + off) for rid in group)
        return nodes

    def _road_seg(self, key: RoadKey) -> Seg | None:
        a, b, rid = key
        if rid not in self.module.roads_between(a, b):
            return None
        pa, pb = self._nodes.get(a, {}).get(rid), self._nodes.get(b, {}).get(rid)
        if pa is None or pb is None:
            return None
        return _seg(pa, pb, rid, self.layout.size * 0.1)

    def _crossing(self, key: SideKey) -> Crossing | None:
        """A bridge, blown bridge or ford where a road (or the hexside) crosses a river."""
        hs = self.module.hexsides.get(key)
        if hs is None or not hs.river or hs.a not in self.centers or hs.b not in self.centers:
            return None
        kind = "blown" if hs.demolished else "bridge" if hs.bridge else "ford" if hs.ford else ""
        if not kind:
            return None
        side = QLineF(*self._side(hs.a, hs.b))
        rids = self.module.roads_between(hs.a, hs.b)
        seg = self._roads.get((*hexgrid.hexside_key(hs.a, hs.b), max(rids))) if rids else None
        line = seg.line if seg else QLineF(self._center(hs.a), self._center(hs.b))
        kind_, pt = side.intersects(line)
        point = pt if kind_ == QLineF.IntersectionType.BoundedIntersection else side.center()
        d = line.unitVector()
        return point, QPointF(d.dx(), d.dy()), kind


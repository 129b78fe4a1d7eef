"""Map tools on the shared map widget: terrain brush and fill, town, Westwall, army
area and entry codes, rivers and hexside marks, roads, unit placement.

``EditorMapView`` is a thin adapter over the client's :class:`MapView`: with a
drawing tool active, a left drag paints (instead of panning) and a right drag
erases; the select tool keeps the client's click and pan behaviour. Every change
goes through :mod:`editor.edits`; one drag is one brush stroke, undone in one step.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

from PySide6.QtCore import QPointF, Qt, Signal
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent, QMouseEvent
from PySide6.QtWidgets import QWidget

from darkdec_qt import hexgrid
from darkdec_qt.ui.map.scene import MapScene
from darkdec_qt.ui.map.view import MapView
from editor import edits
from editor.document import ModuleDocument

UNIT_MIME = "application/x-darkdec-unit"

# tool id -> (label, tip)
TOOLS: dict[str, tuple[str, str]] = {
    "select": ("Select", "Select a hex to see and edit its properties; drag to pan"),
    "terrain": ("Terrain", "Paint hex terrain: click or drag (right button: clear)"),
    "fill": ("Fill", "Flood fill the connected area of one terrain"),
    "town": ("Town", "Name a town hex (right click removes the name)"),
    "westwall": ("Westwall", "Mark Westwall hexes (right button: remove)"),
    "army": ("Army area", "Set the German army area code (right button: clear)"),
    "entry": ("Entry", "Set a map-edge entry-area code (right button: clear)"),
    "river": ("River", "Draw a river on the hexsides under the pointer (right button: erase)"),
    "bridge": ("Bridge", "Add a bridge on a river hexside (right button: remove)"),
    "ford": ("Ford", "Add a ford on a river hexside (right button: remove)"),
    "demolished": ("Blown bridge", "Mark a bridge demolished at start, 16.0C (right button: not)"),
    "road": ("Road", "Draw a road hex to hex with the road id (right button: erase)"),
    "place": ("Place unit", "Set up the unit selected in the OB at a hex (or drag it from the OB)"),
}
HEX_TOOLS = ("terrain", "town", "westwall", "army", "entry")
SIDE_TOOLS = ("river", "bridge", "ford", "demolished")


@dataclass
class ToolOptions:
    terrain: str = "woods"
    river_kind: str = "minor"
    river_name: str = ""
    road_id: str = "N4"
    town_name: str = ""
    army: str = "6PZA"
    entry: str = "A"


_strokes = itertools.count(1)


class EditorMapView(MapView):
    """The client's map view with the editor's tools."""

    hexUnderMouse = Signal(str)  # noqa: N815 ("" off the map)
    hexSelected = Signal(str)  # noqa: N815
    refused = Signal(str)  # an edit was refused: the message
    unitDropped = Signal(str, str)  # noqa: N815 (unit id, hex)
    strokeFinished = Signal()  # noqa: N815

    def __init__(self, scene: MapScene, doc: ModuleDocument, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent, stack_viewer=True)
        self.doc = doc
        self.tool = "select"
        self.options = ToolOptions()
        self.setAcceptDrops(True)
        self.viewport().setAcceptDrops(True)
        self._stroke = 0
        self._button = Qt.MouseButton.NoButton
        self._last_hex: str | None = None
        self._done: set[object] = set()
        self._hover = ""
        scene.hexClicked.connect(self._on_scene_click)

    # --- geometry ---------------------------------------------------------------------
    def hex_at_view(self, pos: QPointF) -> str | None:
        return self.map_scene.hex_at(self.mapToScene(pos.toPoint()))

    def hexside_at(self, scene_pos: QPointF) -> tuple[str, str] | None:
        """The hexside nearest a scene point: its hex and the neighbour it faces."""
        h = self.map_scene.hex_at(scene_pos)
        if h is None:
            return None
        c = self.map_scene.hex_center(h)
        vx, vy = scene_pos.x() - c.x(), scene_pos.y() - c.y()
        best, best_dot = None, -math.inf
        for n in hexgrid.neighbours(h):
            if n not in self.map_scene.painter.polys:
                continue
            nc = self.map_scene.hex_center(n)
            dx, dy = nc.x() - c.x(), nc.y() - c.y()
            dot = (vx * dx + vy * dy) / math.hypot(dx, dy)
            if dot > best_dot:
                best, best_dot = n, dot
        return (h, best) if best else None

    @property
    def stroking(self) -> bool:
        """True while a drawing drag is in progress."""
        return self._button != Qt.MouseButton.NoButton

    # --- tool application -----------------------------------------------------------
    def set_tool(self, tool: str) -> None:
        if tool not in TOOLS:
            raise ValueError(f"unknown tool {tool!r}")
        self.tool = tool
        cursor = Qt.CursorShape.ArrowCursor if tool == "select" else Qt.CursorShape.CrossCursor
        self.viewport().setCursor(cursor)

    def _apply(self, scene_pos: QPointF, erase: bool) -> None:
        t, o, doc, s = self.tool, self.options, self.doc, self._stroke
        try:
            if t in SIDE_TOOLS:
                side = self.hexside_at(scene_pos)
                if side is None or frozenset(side) in self._done:
                    return
                self._done.add(frozenset(side))
                a, b = side
                if t == "river":
                    if erase:
                        edits.erase_river(doc, a, b, s)
                    else:
                        edits.draw_river(doc, a, b, o.river_kind, o.river_name, s)
                else:
                    edits.set_hexside_flag(doc, a, b, t, not erase, s)
                return
            h = self.map_scene.hex_at(scene_pos)
            if h is None:
                return
            if t == "road":
                prev, self._last_hex = self._last_hex, h
                if prev and prev != h and hexgrid.are_adjacent(prev, h):
                    if erase:
                        edits.erase_road(doc, prev, h, o.road_id, s)
                    else:
                        edits.add_road(doc, prev, h, o.road_id, s)
                return
            if h in self._done:
                return
            self._done.add(h)
            if t == "terrain":
                edits.paint_terrain(doc, h, "clear" if erase else o.terrain, s)
            elif t == "fill":
                edits.flood_fill(doc, h, "clear" if erase else o.terrain)
            elif t == "town":
                edits.set_hex(doc, h, town="" if erase else (o.town_name.strip() or f"Town {h}"))
            elif t == "westwall":
                edits.set_hex(doc, h, s, westwall=not erase)
            elif t == "army":
                edits.set_hex(doc, h, s, army="" if erase else o.army)
            elif t == "entry":
                edits.set_hex(doc, h, entry="" if erase else o.entry)
            elif t == "place":
                self.unitDropped.emit("", h)
        except edits.EditRefused as exc:
            self.refused.emit(str(exc))

    # --- mouse ------------------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        b = event.button()
        if self.tool != "select" and b in (Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton):
            self._stroke = next(_strokes)
            self._button = b
            self._done = set()
            sp = self.mapToScene(event.position().toPoint())
            self._last_hex = self.map_scene.hex_at(sp)
            self._apply(sp, b == Qt.MouseButton.RightButton)
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        h = self.hex_at_view(event.position()) or ""
        if h != self._hover:
            self._hover = h
            self.hexUnderMouse.emit(h)
        if self._button != Qt.MouseButton.NoButton:
            self._apply(self.mapToScene(event.position().toPoint()), self._button == Qt.MouseButton.RightButton)
            event.accept()
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if self._button != Qt.MouseButton.NoButton and event.button() == self._button:
            self._button = Qt.MouseButton.NoButton
            self._stroke = 0
            self._last_hex = None
            self.strokeFinished.emit()
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def contextMenuEvent(self, event: object) -> None:  # noqa: N802
        if self.tool == "select":
            super().contextMenuEvent(event)  # type: ignore[arg-type]

    def _on_scene_click(self, hex_id: str, button: Qt.MouseButton) -> None:
        if self.tool == "select" and button == Qt.MouseButton.LeftButton:
            self.hexSelected.emit(hex_id)

    # --- drops from the OB table ----------------------------------------------------------
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802
        if event.mimeData().hasFormat(UNIT_MIME):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:  # noqa: N802
        if event.mimeData().hasFormat(UNIT_MIME) and self.hex_at_view(event.position()):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802
        h = self.hex_at_view(event.position())
        if not event.mimeData().hasFormat(UNIT_MIME) or h is None:
            event.ignore()
            return
        uid = bytes(event.mimeData().data(UNIT_MIME).data()).decode("utf-8")
        self.unitDropped.emit(uid, h)
        event.acceptProposedAction()

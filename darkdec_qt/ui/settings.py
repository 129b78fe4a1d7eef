"""What the client remembers between runs (QSettings): the window's geometry, the dock
layout, the map's zoom and the hex at its centre. A first run (nothing remembered)
opens the map at a zoom where the counters' values are legible, centred on the acting
side's units."""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QPointF, QSettings

from darkdec_qt.ui.map.view import MAX_ZOOM, MIN_ZOOM

GEOMETRY, STATE, ZOOM, CENTRE = "window/geometry", "window/state", "map/zoom", "map/centre"
LAYOUT_VERSION = 1  # bump when the docks change so that an old layout is not restored


class WindowMemory:
    """Saves and restores one client window (``win``: a MainWindow with its docks)."""

    def __init__(self, win, settings: QSettings) -> None:  # noqa: ANN001 (MainWindow)
        self.win = win
        self.settings = settings

    # --- restoring ------------------------------------------------------------------
    def restore_geometry(self) -> bool:
        """Before the window is shown: its size and place on the screen."""
        geo = self.settings.value(GEOMETRY)
        if isinstance(geo, QByteArray | bytes) and self.win.restoreGeometry(QByteArray(geo)):
            return True
        self.fit_screen()
        return False

    def fit_screen(self) -> None:
        """A first run: the window no larger than the screen's free area (a 1,280 x 720
        laptop shows the docks, the replay bar and the status bar)."""
        screen = self.win.screen()
        if screen is None:
            return
        free = screen.availableGeometry()
        w, h = min(self.win.width(), free.width()), min(self.win.height(), free.height())
        self.win.resize(max(w, self.win.minimumSizeHint().width()), h)
        self.win.move(free.topLeft())

    def restore_layout(self) -> None:
        """Once the docks exist: the dock layout, then the map's zoom and centre (or the
        default view)."""
        state = self.settings.value(STATE)
        if isinstance(state, QByteArray | bytes):
            self.win.restoreState(QByteArray(state), LAYOUT_VERSION)
        view = self.win.view
        zoom = self._float(self.settings.value(ZOOM))
        centre = str(self.settings.value(CENTRE) or "")
        if zoom is not None and MIN_ZOOM <= zoom <= MAX_ZOOM and centre in self.win.scene.painter.polys:
            view.set_zoom(zoom)
            view.center_on_hex(centre)
        else:
            view.show_default(self.default_centre())

    def default_centre(self) -> QPointF | None:
        """The middle of the acting side's units on the map (the whole map if none)."""
        c = self.win.controller
        s = c.state
        scene = self.win.scene
        hexes = [h for u, h in s.pos.items() if s.side_of(u) == c.acting() and h in scene.painter.polys]
        if not hexes:
            return None
        pts = [scene.hex_center(h) for h in hexes]
        return QPointF(sum(p.x() for p in pts) / len(pts), sum(p.y() for p in pts) / len(pts))

    @staticmethod
    def _float(v: object) -> float | None:
        try:
            return float(v)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            return None

    # --- saving ---------------------------------------------------------------------
    def save(self) -> None:
        view = self.win.view
        self.settings.setValue(GEOMETRY, self.win.saveGeometry())
        self.settings.setValue(STATE, self.win.saveState(LAYOUT_VERSION))
        self.settings.setValue(ZOOM, view.zoom())
        centre = view.map_scene.hex_at(view.mapToScene(view.viewport().rect().center()))
        if centre:
            self.settings.setValue(CENTRE, centre)
        self.settings.sync()

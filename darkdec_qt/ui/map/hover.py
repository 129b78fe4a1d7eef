"""The hover popup (the map view's stack viewer) in the client window: it hides when
the pointer leaves the map (MapScene emits ``hexHovered("")``), shows the stack as it
is after every change of the game (a step loss while the pointer rests on it), and
never covers the hot-seat hand-over screen or a context menu."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QApplication


class HoverGuard(QObject):
    def __init__(self, win) -> None:  # noqa: ANN001 (MainWindow)
        super().__init__(win)
        self.win = win
        viewer = win.view.stack_viewer
        self.viewer = viewer
        if viewer is None:
            return
        viewer.blockers += [win.handover.isVisible, lambda: QApplication.activePopupWidget() is not None]
        win.controller.shownChanged.connect(self.refresh)
        win.controller.handOver.connect(lambda _side: viewer.hide())
        win.input.contextRequested.connect(lambda _h, _pos: viewer.hide())

    def refresh(self) -> None:
        v = self.viewer
        if v is not None and v.isVisible():
            v.refresh(self.win.scene.units_at(v.hex_id))

"""Headless rendering of the whole map to a PNG (``darkdec module render``)."""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, Sequence

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QApplication

from darkdec_qt.moduleview import Module
from darkdec_qt.ui.map.scene import MapScene, Placement

MAX_SIDE = 32000  # QImage/QPainter limit on one side, in pixels


def ensure_app() -> QApplication:
    """The running QApplication, or a new one on the offscreen platform when no
    display is available."""
    app = QApplication.instance()
    if app is None:
        if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
            os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        app = QApplication(sys.argv[:1])
    if not isinstance(app, QApplication):
        raise RuntimeError("a QGuiApplication without widgets is running; the map needs QApplication")
    return app


def render_scene(scene: MapScene, scale: float = 1.0) -> QImage:
    """The whole scene as an image, ``scale`` pixels per scene unit."""
    src = scene.sceneRect()
    w = max(1, round(src.width() * scale))
    h = max(1, round(src.height() * scale))
    if w > MAX_SIDE or h > MAX_SIDE:
        raise ValueError(f"image of {w}x{h} pixels is too large; use a smaller scale")
    img = QImage(w, h, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(QColor(scene.theme.off_map))
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    p.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
    scene.render(p, QRectF(0, 0, w, h), src, Qt.AspectRatioMode.IgnoreAspectRatio)
    p.end()
    return img


def render_map(
    module: Module,
    out_path: str,
    scale: float = 1.0,
    units: Mapping[str, Sequence[Placement]] | None = None,
    hex_size: float = 40.0,
) -> None:
    """Render ``module``'s map (and optional unit placements) to the PNG ``out_path``."""
    ensure_app()
    scene = MapScene(module, hex_size=hex_size)
    if units:
        scene.set_units(units)
    img = render_scene(scene, scale)
    if not img.save(out_path, "PNG"):
        raise OSError(f"could not write {out_path!r}")

"""Re-draw the set-up renders of docs/scenarios.md from the bundled module.

    python docs/img/render_setups.py            # writes the five PNGs next to this file

- ``sauer-our-front.png``: the Sauer/Our front (Ouren-Vianden-Wallendorf-Echternach) with the
  Campaign Game's 6.2 historical set-up (rivers, Westwall, towns, both sides' counters);
- ``ambleve-stavelot-stoumont.png``: the Amblève from Stavelot by Trois-Ponts, Coo and La
  Gleize to Stoumont (Cheneux bridge; Kampfgruppe Peiper's pocket), Turning Point's set-up;
- ``meuse-namur-givet.png``: the Meuse from Namur to Givet (the banks of Namur, Profondeville,
  Yvoir, Dinant, Givet) with the Campaign Game's set-up;
- ``german-setup-16dec.png``: the whole German front of 16 December, 6.2 historical set-up;
- ``turning-point-setup.png``: Turning Point's derived set-up (AM 22 Dec, scenario_setup);
- ``final-fury-setup.png``: Final Fury's derived set-up (AM 29 Dec);
- ``reduction-setup.png``: The Reduction of the Bulge's derived set-up (AM 3 Jan).
  (The restricted units standing behind the Meuse, west of column 12, are outside these three.)

Headless (offscreen Qt); the counters are drawn by the client's own map scene.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter

from darkdec_qt.model.load import DEFAULT_MODULE, load_module
from darkdec_qt.rules.scenarios.setup import initial_state
from darkdec_qt.ui.map.present import placements
from darkdec_qt.ui.map.render import ensure_app
from darkdec_qt.ui.map.scene import MapScene

OUT = Path(__file__).resolve().parent

# name -> (scenario, German set-up, (west col, north row, east col, south row), pixels per scene unit)
RENDERS = {
    "sauer-our-front.png": ("campaign", "historical", (39, 13, 55, 34), 0.85),
    "ambleve-stavelot-stoumont.png": ("turning_point", "auto", (29, 3, 39, 11), 1.4),
    "meuse-namur-givet.png": ("campaign", "historical", (1, 2, 9, 21), 1.0),
    "german-setup-16dec.png": ("campaign", "historical", (34, 0, 58, 34), 0.55),
    "turning-point-setup.png": ("turning_point", "auto", (12, 0, 50, 34), 0.42),
    "final-fury-setup.png": ("final_fury", "auto", (12, 0, 54, 34), 0.42),
    "reduction-setup.png": ("reduction", "auto", (12, 0, 54, 34), 0.42),
}


def render_region(scene: MapScene, box: tuple[int, int, int, int], scale: float) -> QImage:
    """The scene between hex columns/rows ``box`` (inclusive), ``scale`` pixels per unit."""
    c0, r0, c1, r1 = box
    a = scene.hex_center(f"{c0:02d}{r0:02d}")
    b = scene.hex_center(f"{c1:02d}{r1:02d}")
    pad = scene.layout.size
    src = QRectF(min(a.x(), b.x()) - pad, min(a.y(), b.y()) - pad,
                 abs(b.x() - a.x()) + 2 * pad, abs(b.y() - a.y()) + 2 * pad).intersected(scene.sceneRect())
    img = QImage(round(src.width() * scale), round(src.height() * scale), QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(QColor(scene.theme.off_map))
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    p.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
    scene.render(p, QRectF(0, 0, img.width(), img.height()), src, Qt.AspectRatioMode.IgnoreAspectRatio)
    p.end()
    return img


def main(argv: list[str] | None = None) -> int:
    names = (argv if argv is not None else sys.argv[1:]) or list(RENDERS)
    ensure_app()
    module = load_module(DEFAULT_MODULE)
    for name in names:
        scenario, setup, box, scale = RENDERS[name]
        st = initial_state(module, scenario, "1", optional=(), setup=setup)
        scene = MapScene(module, hex_size=40.0)
        scene.set_units(placements(st))
        img = render_region(scene, box, scale)
        path = OUT / name
        if not img.save(str(path), "PNG"):
            raise OSError(f"could not write {path}")
        print(f"{path} ({img.width()}x{img.height()}): {scenario}, {setup} set-up, {len(st.pos)} units")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

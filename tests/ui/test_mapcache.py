"""The map's caches show what a fresh scene shows: an incremental ``refresh_hex``
paints the same picture as a full rebuild, and the zoomed-out overview pixmap
follows ``set_module`` and ``refresh_hex``."""

from __future__ import annotations

import dataclasses

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage

from darkdec_qt.moduleview import Hexside, Module, RoadSegment
from darkdec_qt.ui.map.render import render_scene
from darkdec_qt.ui.map.scene import MapScene
from darkdec_qt.ui.map.view import MapView
from tests.ui.synthetic import small_module


def _edit(m: Module, hexes: dict | None = None, hexsides: dict | None = None,
          roads: tuple | None = None) -> Module:
    kw = {**m.__dict__}
    if hexes is not None:
        kw["hexes"] = {**m.hexes, **hexes}
    if hexsides is not None:
        kw["hexsides"] = hexsides
    if roads is not None:
        kw["roads"] = roads
    return type(m).build(**kw)


def _edits(m: Module) -> list[tuple[list[str], Module]]:
    """(hexes to refresh, edited module) for each kind of brush edit."""
    h = m.hexes
    sides = dict(m.hexsides)
    sides[("0504", "0505")] = Hexside("0504", "0505", river="major", bridge=True)
    no_bridge = dict(m.hexsides)
    del no_bridge[("0603", "0703")]
    road = (*m.roads, RoadSegment("0505", "0605", "N15"))
    return [
        (["0505"], _edit(m, {"0505": dataclasses.replace(h["0505"], terrain="marsh")})),
        (["0303"], _edit(m, {"0303": dataclasses.replace(h["0303"], town="Long Town Name-sur-Sûre",
                                                          westwall=True, army="5PZA")})),
        (["0202"], _edit(m, {"0202": dataclasses.replace(h["0202"], town=None, entry="P")})),
        (["0504", "0505"], _edit(m, hexsides=sides)),
        (["0603", "0703"], _edit(m, hexsides=no_bridge)),
        (["0505", "0605"], _edit(m, roads=road)),
        (["0504", "0505"], _edit(m, roads=tuple(r for r in m.roads if r != RoadSegment("0504", "0505", "N4")))),
    ]


def _diff(a: QImage, b: QImage) -> int:
    """How many pixels differ by more than a rounding step."""
    assert a.size() == b.size()
    n = 0
    for y in range(0, a.height()):
        for x in range(0, a.width()):
            pa, pb = a.pixel(x, y), b.pixel(x, y)
            if pa != pb and max(abs(((pa >> s) & 255) - ((pb >> s) & 255)) for s in (0, 8, 16, 24)) > 2:
                n += 1
    return n


@pytest.mark.parametrize("case", range(7))
def test_incremental_refresh_paints_like_a_full_rebuild(qtbot, case):
    m = small_module()
    hexes, edited = _edits(m)[case]
    scene = MapScene(m, hex_size=20)
    for h in hexes:
        scene.refresh_hex(h, edited)
    fresh = MapScene(edited, hex_size=20)
    for name in ("rivers", "roads", "crossings", "edges", "westwall", "army", "entries"):
        got, want = getattr(scene.painter, name), getattr(fresh.painter, name)
        assert len(got) == len(want), name
    assert _diff(render_scene(scene, 1.0), render_scene(fresh, 1.0)) == 0


def _grab(scene: MapScene, qtbot, zoom: float | None) -> tuple[MapView, QImage]:
    view = MapView(scene, stack_viewer=False)
    qtbot.addWidget(view)
    view.resize(420, 340)
    view.show()
    qtbot.waitExposed(view)
    if zoom is None:
        view.fit_all()
    else:
        view.set_zoom(zoom)
        view.center_on_hex("0505")
    return view, view.grab().toImage()


@pytest.mark.parametrize("zoom", [None, 1.0])  # None: fit to window (the overview)
def test_cached_view_after_refresh_matches_a_fresh_scene(qtbot, zoom):
    m = small_module()
    edited = _edits(m)[0][1]
    scene = MapScene(m, hex_size=60)
    view, before = _grab(scene, qtbot, zoom)
    scene.refresh_hex("0505", edited)
    after = view.grab().toImage()
    _, want = _grab(MapScene(edited, hex_size=60), qtbot, zoom)
    assert after != before
    assert _diff(after, want) == 0


def test_fit_to_window_uses_one_overview_pixmap_and_patches_it(qtbot):
    m = small_module()
    scene = MapScene(m, hex_size=60)
    view, _ = _grab(scene, qtbot, None)
    assert view.zoom() <= 0.5
    assert scene.overview.builds == 1 and scene.overview.cached() == 1
    view.grab()
    assert scene.overview.builds == 1  # reused
    scene.refresh_hex("0505", _edits(m)[0][1])
    view.grab()
    assert scene.overview.builds == 1 and scene.overview.patches == 1  # patched, not rebuilt
    scene.set_module(m)
    assert scene.overview.cached() == 0  # dropped
    view.grab()
    assert scene.overview.builds == 2


def test_overview_not_used_for_images_or_close_zoom(qtbot):
    scene = MapScene(small_module(), hex_size=60)
    render_scene(scene, 0.3)
    assert scene.overview.builds == 0
    _grab(scene, qtbot, 1.0)
    assert scene.overview.builds == 0
    assert scene.layers["terrain"].tiles_rendered > 0


def test_refresh_hex_of_a_hex_off_the_map_is_ignored(qtbot):
    scene = MapScene(small_module(), hex_size=20)
    scene.refresh_hex("9999")
    assert scene.sceneRect() == QRectF(scene.painter.scene_rect())

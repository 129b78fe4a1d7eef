"""The shared map widget shows the module it is given: hexes, rivers, roads,
towns, highlights, a path and counters; it renders headless to PNG."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter

from darkdec_qt.moduleview import UNIT_TYPES, Hex, UnitSpec
from darkdec_qt.ui.map.counters import counter_pixmap, paint_counter
from darkdec_qt.ui.map.render import render_map, render_scene
from darkdec_qt.ui.map.scene import CounterItem, MapScene
from darkdec_qt.ui.map.stackviewer import StackViewer
from darkdec_qt.ui.map.view import MapView
from tests.ui.synthetic import small_module


@pytest.fixture
def module():
    return small_module()


@pytest.fixture
def scene(qtbot, module):
    return MapScene(module, hex_size=40)


def _placements(module):
    u = module.units
    return {
        "0404": [(u["99/393"], False, {"FORT"})],
        "0903": [(u["Peiper/1SS"], False, set()), (u["2/1SS"], True, {"OOS"}), (u["Manteuffel"], False, set())],
    }


def test_hex_at_inverts_hex_center_for_every_hex(scene, module):
    for h in module.hexes:
        assert scene.hex_at(scene.hex_center(h)) == h


def test_hex_at_is_none_off_the_map(scene):
    r = scene.sceneRect()
    assert scene.hex_at(QPointF(r.left() + 1, r.top() + 1)) is None


def test_scene_has_geometry_for_rivers_roads_towns_and_westwall(scene, module):
    mp = scene.painter
    assert sum(1 for s in mp.rivers if s.kind == "major") == 14
    assert sum(1 for s in mp.rivers if s.kind == "minor") == 4
    assert len(mp.roads) == len(module.roads)
    kinds = sorted(k for _, _, k in mp.crossings)
    assert kinds == ["blown", "bridge", "ford"]
    assert mp.westwall and mp.edges
    assert {code for code, _, _ in mp.entries} == {"F", "G", "M", "Q"}
    assert set(scene.layers) == {"terrain", "rivers", "roads", "labels"}
    zs = [scene.layers[n].zValue() for n in ("terrain", "rivers", "roads", "labels")]
    assert zs == sorted(zs)


def test_two_unconnected_roads_in_one_hex_are_drawn_apart(scene):
    """10.4.8C: N4 and N15 both pass 0504 without meeting there."""
    mp = scene.painter
    n4 = {(round(s.line.p1().x()), round(s.line.p1().y())) for s in mp.roads if s.kind == "N4"}
    n4 |= {(round(s.line.p2().x()), round(s.line.p2().y())) for s in mp.roads if s.kind == "N4"}
    n15 = {(round(s.line.p1().x()), round(s.line.p1().y())) for s in mp.roads if s.kind == "N15"}
    n15 |= {(round(s.line.p2().x()), round(s.line.p2().y())) for s in mp.roads if s.kind == "N15"}
    assert not n4 & n15


def test_set_highlight_shades_given_hexes_and_clears(scene):
    scene.set_highlight({"0504": 0.0, "0505": 1.0, "9999": 0.5})
    assert scene.highlight.values() == {"0504": 0.0, "0505": 1.0}
    assert scene.highlight.isVisible()
    scene.set_highlight(None)
    assert not scene.highlight.isVisible()


def test_set_path_draws_through_hex_centres(scene):
    scene.set_path(["0504", "0505", "0506"])
    assert scene.path_hexes_visible()
    assert scene.path_item.path().boundingRect().contains(scene.hex_center("0505"))
    scene.set_path(None)
    assert not scene.path_hexes_visible()


def test_set_units_places_offset_stacks(scene, module):
    scene.set_units(_placements(module))
    items = [i for i in scene.items() if isinstance(i, CounterItem)]
    assert len(items) == 4
    stack = sorted((i for i in items if i.hex_id == "0903"), key=lambda i: i.zValue())
    assert [i.spec.id for i in stack] == ["Peiper/1SS", "2/1SS", "Manteuffel"]
    assert len({(i.pos().x(), i.pos().y()) for i in stack}) == 3  # depth visible
    assert [u[0].id for u in scene.units_at("0903")][0] == "Peiper/1SS"
    scene.set_units({})
    assert not [i for i in scene.items() if isinstance(i, CounterItem)]


def test_refresh_hex_redraws_after_an_edit(scene, module):
    hexes = dict(module.hexes)
    hexes["0505"] = Hex("0505", "marsh")
    edited = type(module).build(**{**module.__dict__, "hexes": hexes})
    scene.refresh_hex("0505", edited)
    assert scene.module.hexes["0505"].terrain == "marsh"


def test_signals_hover_and_click(qtbot, scene):
    view = MapView(scene)
    qtbot.addWidget(view)
    view.resize(600, 500)
    view.show()
    qtbot.waitExposed(view)
    view.fit_all()
    pt = view.mapFromScene(scene.hex_center("0504"))
    with qtbot.waitSignal(scene.hexClicked, timeout=1000) as blocker:
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=pt)
    assert blocker.args == ["0504", Qt.MouseButton.LeftButton]


def test_view_zoom_keys_and_fit(qtbot, scene):
    view = MapView(scene)
    qtbot.addWidget(view)
    view.resize(500, 400)
    view.show()
    view.fit_all()
    fit = view.zoom()
    qtbot.keyClick(view, Qt.Key.Key_Plus)
    assert view.zoom() == pytest.approx(fit * 1.25)
    qtbot.keyClick(view, Qt.Key.Key_0)
    assert view.zoom() == pytest.approx(1.0)
    qtbot.keyClick(view, Qt.Key.Key_F)
    assert view.zoom() == pytest.approx(fit)


def test_view_paints_cached_tiles(qtbot, scene, module):
    scene.set_units(_placements(module))
    view = MapView(scene)
    qtbot.addWidget(view)
    view.resize(500, 400)
    view.show()
    qtbot.waitExposed(view)
    view.grab()
    assert scene.layers["terrain"].tiles_rendered > 0
    before = scene.layers["terrain"].tiles_rendered
    view.grab()
    assert scene.layers["terrain"].tiles_rendered == before  # second paint: cache


def test_render_map_writes_png_of_expected_size(qtbot, module, tmp_path: Path):
    out = tmp_path / "map.png"
    render_map(module, str(out), scale=0.5, units=_placements(module))
    assert out.stat().st_size > 0
    img = QImage(str(out))
    rect = MapScene(module, hex_size=40).sceneRect()
    assert (img.width(), img.height()) == (round(rect.width() * 0.5), round(rect.height() * 0.5))


def test_render_scene_shows_terrain_colour(qtbot, scene):
    img = render_scene(scene, 1.0)
    c = scene.hex_center("0101") - scene.sceneRect().topLeft() + QPointF(0, 12)
    assert QColor(img.pixel(int(c.x()), int(c.y()))).green() > 150  # pale clear terrain


def _counter_image(spec: UnitSpec, reduced: bool, markers=frozenset()) -> QImage:
    img = QImage(96, 96, QImage.Format.Format_ARGB32)
    img.fill(0)
    p = QPainter(img)
    paint_counter(p, QRectF(0, 0, 96, 96), spec, reduced, markers)
    p.end()
    return img


@pytest.mark.parametrize("unit_type", UNIT_TYPES)
def test_every_unit_type_paints_and_reduced_side_differs(qtbot, unit_type):
    spec = UnitSpec("1/2", "Allied", "US", unit_type, (6, 5, 8), (3, 3, 8), "2", "III")
    full, reduced = _counter_image(spec, False), _counter_image(spec, True)
    assert full != reduced
    assert full != _counter_image(spec, False, {"OOS"})


def test_all_nationalities_and_markings_paint(qtbot, module):
    for spec in module.units.values():
        for reduced in (False, True):
            pm = counter_pixmap(spec, reduced, {"ISO 2", "SM", "RES"}, 48, 2.0)
            assert pm.width() == 96 and not pm.isNull()


def test_stack_viewer_sizes_to_the_stack(qtbot, module):
    sv = StackViewer(counter_size=80)
    qtbot.addWidget(sv)
    sv.set_stack("0903", _placements(module)["0903"])
    assert sv.sizeHint().width() > 3 * 80
    assert not sv.grab().isNull()

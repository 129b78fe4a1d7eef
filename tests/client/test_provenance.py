"""Provenance where the player looks: reconstructed counters, terrain and chart cells
are marked with their basis in the tooltip; the status bar says the module holds
reconstructed data. A module of printed values shows no such mark."""

from __future__ import annotations

import dataclasses

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage, QPainter

from darkdec_qt.ui.map.counters import paint_counter
from darkdec_qt.ui.provenance import MARK, notice, reconstructed_parts
from tests.client.helpers import hover_hex


def test_status_bar_says_the_module_holds_reconstructed_data(make_client):
    win = make_client()
    m = win.controller.module
    assert reconstructed_parts(m) == ["map", "counters", "charts"]
    label = win.provenance_label
    assert label.isVisible() and label.text() == f"{MARK} reconstructed map, counters and charts"
    assert "Reconstructed map" in label.toolTip()  # the module's provenance text


def test_hovered_terrain_says_reconstructed_with_its_basis(make_client):
    win = make_client()
    h = "2516"
    hover_hex(win, h)
    hx = win.controller.module.hexes[h]
    assert hx.reconstructed
    assert win.hex_label.text().startswith(h) and win.hex_label.text().endswith(f"reconstructed{MARK}")
    assert hx.basis in win.hex_label.toolTip() and "not the printed value" in win.hex_label.toolTip()


def test_counters_carry_the_basis_in_their_tooltip_and_a_corner_mark(make_client):
    win = make_client()
    item = win.scene.counter_items()[0]
    assert item.spec.reconstructed
    assert item.spec.basis in item.toolTip() and "reconstructed" in item.toolTip()

    def corner(spec) -> QColor:
        img = QImage(100, 100, QImage.Format.Format_ARGB32)
        img.fill(0)
        p = QPainter(img)
        paint_counter(p, img.rect().toRectF(), spec)
        p.end()
        return img.pixelColor(QPointF(100 - 9, 9).toPoint())

    printed = dataclasses.replace(item.spec, reconstructed=False, basis="")
    assert corner(item.spec) != corner(printed)  # the discreet dot


def test_chart_cells_are_marked_with_their_basis(make_client):
    win = make_client()
    ch = win.controller.module.charts
    crt = win.charts.crt
    cell = crt.item(0, 1)
    assert cell.font().italic() and ch.crt.basis[:40] in cell.toolTip()
    tabs = [win.charts.tabText(i) for i in range(win.charts.count())]
    assert tabs[0] == f"CRT{MARK}" and "Turn track" in tabs
    tec = win.charts.widget(1)
    lines = list(ch.tec.values())
    printed = next(i for i, t in enumerate(lines) if not t.reconstructed)
    rebuilt = next(i for i, t in enumerate(lines) if t.reconstructed)
    assert not tec.item(printed, 0).text().endswith(MARK) and not tec.item(printed, 0).font().italic()
    assert tec.item(rebuilt, 0).text().endswith(MARK) and lines[rebuilt].basis[:30] in tec.item(rebuilt, 2).toolTip()


def test_a_module_of_printed_values_has_no_notice(module):
    printed = dataclasses.replace(
        module,
        hexes={k: dataclasses.replace(h, reconstructed=False) for k, h in module.hexes.items()},
        units={k: dataclasses.replace(u, reconstructed=False) for k, u in module.units.items()},
        charts=dataclasses.replace(module.charts, reconstructed=False,
                                   crt=dataclasses.replace(module.charts.crt, reconstructed=False),
                                   tec={k: dataclasses.replace(t, reconstructed=False)
                                        for k, t in module.charts.tec.items()}))
    assert notice(printed) == "" and notice(module)

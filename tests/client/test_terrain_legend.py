"""The terrain legend beside the TEC in the Charts dock: every terrain the map uses and the
map's features, each drawn with the map's own colours and patterns (ui/map/legend.py over
ui/map/painting.py and theme.py), with its TEC movement costs and level."""

from __future__ import annotations

from collections import Counter

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QTabBar

from darkdec_qt.ui.map.theme import DEFAULT_THEME


def _click_tab(qtbot, bar: QTabBar, title: str) -> None:
    i = next(k for k in range(bar.count()) if bar.tabText(k).startswith(title))
    QTest.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(i).center())


def _main_colour(item) -> str:  # noqa: ANN001
    img = item.icon().pixmap(item.listWidget().iconSize()).toImage()
    seen = Counter(img.pixelColor(x, y).name() for x in range(img.width()) for y in range(img.height())
                   if img.pixelColor(x, y).alpha() == 255)
    return seen.most_common(1)[0][0]


def test_the_terrain_legend_beside_the_tec_uses_the_maps_swatches(make_client, qtbot):
    win = make_client()
    dock = win.panels["charts"]
    dock.show()
    dock.raise_()
    charts = win.charts
    titles = [charts.tabText(i) for i in range(charts.count())]
    assert titles.index("Legend") == next(i for i, t in enumerate(titles) if t.startswith("TEC")) + 1  # beside it
    _click_tab(qtbot, charts.tabBar(), "Legend")
    legend = charts.currentWidget()
    qtbot.waitUntil(legend.isVisible)
    items = {legend.item(i).data(Qt.ItemDataRole.UserRole): legend.item(i) for i in range(legend.count())}
    used = {h.terrain for h in win.controller.module.hexes.values()}
    assert used <= set(items)
    for terrain in used:  # the swatch is filled with the map's colour for that terrain
        assert _main_colour(items[terrain]) == DEFAULT_THEME.terrain(terrain).name(), terrain
    for feature in ("town", "westwall", "road", "river_minor", "river_major", "bridge", "ford"):
        assert feature in items
    rough = items["rough"]
    tec = win.controller.module.charts.tec["rough"]
    assert f"infantry {tec.cost['infantry']}" in rough.text() and f"level {tec.defense}" in rough.text()
    assert "prohibited" in items["river_major"].text()  # no motorized crossing without a bridge (TEC "P")
    QTest.mouseClick(legend.viewport(), Qt.MouseButton.LeftButton, pos=legend.visualItemRect(rough).center())
    assert legend.currentItem() is rough and "TEC line 'rough'" in rough.toolTip()

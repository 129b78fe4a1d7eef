"""The window remembers its geometry, dock layout and zoom between runs (QSettings,
kept in the test's folder); a first run opens at a legible zoom; the Help menu shows
the keys and mouse, the client guide and About (version, module, content hash, the
reconstruction notice)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from darkdec_qt import hexgrid
from darkdec_qt.ui.map.view import DEFAULT_ZOOM
from darkdec_qt.version import VERSION
from tests.client.helpers import press_keys


def _settle():
    QTest.qWait(30)
    QApplication.processEvents()


def _menu_click(win, menu: str, name: str) -> None:
    """Open the menu from the menu bar with the mouse and click the entry."""
    bar = win.menuBar()
    m = win.menus[menu]
    QTest.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.actionGeometry(m.menuAction()).center())
    _settle()
    assert m.isVisible()
    act = win.actions_by_name[name]
    QTest.mouseClick(m, Qt.MouseButton.LeftButton, pos=m.actionGeometry(act).center())
    _settle()


def test_first_run_opens_at_a_legible_zoom_on_the_acting_side(make_client):
    win = make_client()
    _settle()
    assert win.view.zoom() == DEFAULT_ZOOM
    centre = win.view.map_scene.hex_at(win.view.mapToScene(win.view.viewport().rect().center()))
    s = win.controller.state
    assert centre is not None
    near = min(hexgrid.distance(centre, h)
               for u, h in s.pos.items() if s.side_of(u) == win.controller.acting())
    assert near <= 12


def test_geometry_docks_and_zoom_are_remembered(make_client, tmp_path):
    ini = tmp_path / "remember.ini"
    win = make_client(settings_file=ini)
    _settle()
    win.resize(1333, 700)  # the offscreen screen is 800 px high: Qt fits a restored window in it
    win.view.set_zoom(2.0)
    win.view.center_on_hex("2516")
    win.panels["ob"].hide()
    press_keys(win, Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier)  # File › Quit
    _settle()
    assert not win.isVisible()
    again = make_client(settings_file=ini)
    _settle()
    assert again.height() == 700  # not the 900 px a first run gets
    assert abs(again.view.zoom() - 2.0) < 1e-6
    centre = again.view.map_scene.hex_at(again.view.mapToScene(again.view.viewport().rect().center()))
    assert centre == "2516"
    assert not again.panels["ob"].isVisible()
    assert again.panels["log"].isVisible()


def test_help_about_names_version_module_hash_and_reconstruction(make_client):
    win = make_client()
    _menu_click(win, "&Help", "about")
    box = win.about_box
    assert box.isVisible()
    text = box.text()
    meta = win.controller.module.meta
    assert meta.name in text and meta.content_hash in text and f"Version {VERSION}" in text
    assert "reconstructed" in text.lower() and "map, counters and charts" in text
    QTest.mouseClick(box.button(box.StandardButton.Ok), Qt.MouseButton.LeftButton)
    assert not box.isVisible()


def test_help_shows_keys_and_mouse_from_the_actions_and_the_guide(make_client):
    win = make_client()
    _menu_click(win, "&Help", "help_keys")
    from PySide6.QtWidgets import QTextBrowser

    shown = win.keys_dialog.findChild(QTextBrowser).toPlainText()
    for expected in ("Ctrl+Shift+Z or Ctrl+Y", "Redo", "Ctrl+E", "End phase", "Drag your counters onto a hex",
                     "Space + drag", "Mouse wheel"):
        assert expected in shown, expected
    win.keys_dialog.close()
    press_keys(win, Qt.Key.Key_F1)
    _settle()
    guide = win.panels["guide"]
    assert guide.isVisible()
    text = guide.widget().toPlainText()
    assert "The game client" in text and "Drag" in text
    assert "Picture: The client" in text  # the screenshot is named, not shown inside the window

"""The Overview dock: the whole map small with the main view's rectangle; a click or a drag
on it centres the main view there, and the rectangle follows the main view's scrolling."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt


def _centre(view) -> QPointF:
    return view.mapToScene(view.viewport().rect().center())


def test_a_click_and_a_drag_on_the_overview_move_the_map_and_the_rectangle_follows(make_client, qtbot):
    win = make_client()
    ov, view = win.overview, win.view
    assert win.panels["overview"].isVisible()
    view.set_zoom(1.0)  # the main view shows a part of the map
    qtbot.waitUntil(lambda: ov._pixmap is not None)
    t = ov._target()
    near = win.scene.layout.size  # within a hex of the place clicked
    for fx, fy in ((0.35, 0.6), (0.6, 0.4)):
        at = QPoint(round(t.left() + fx * t.width()), round(t.top() + fy * t.height()))
        before = _centre(view)
        qtbot.mouseClick(ov, Qt.MouseButton.LeftButton, pos=at)
        want, got = ov.to_scene(QPointF(at)), _centre(view)
        assert abs(got.x() - want.x()) < near and abs(got.y() - want.y()) < near, (want, got)
        assert (got - before).manhattanLength() > near
    # a drag: the view follows the pointer while the button is held
    start = QPoint(round(t.left() + 0.4 * t.width()), round(t.top() + 0.5 * t.height()))
    end = start + QPoint(round(0.2 * t.width()), 0)
    qtbot.mousePress(ov, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(ov, end)
    got, want = _centre(view), ov.to_scene(QPointF(end))
    qtbot.mouseRelease(ov, Qt.MouseButton.LeftButton, pos=end)
    assert abs(got.x() - want.x()) < near and abs(got.y() - want.y()) < near, (want, got)
    # the rectangle follows a scroll of the main view, and is drawn where it now is
    r0 = ov.visible_rect()
    bar = view.horizontalScrollBar()
    bar.setValue(bar.value() - 300)
    r1 = ov.visible_rect()
    k = t.width() / ov._source().width()
    assert abs((r0.left() - r1.left()) - 300 / view.zoom() * k) < 1.5
    img = ov.grab().toImage()
    edge = img.pixelColor(round(r1.left()), round(r1.center().y()))
    assert edge.red() - edge.blue() > 100 and edge.green() - edge.blue() > 80, edge.name()  # the yellow pen

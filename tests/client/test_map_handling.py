"""What a VASSAL player expects of the map, with real mouse and keyboard events: drag
and drop of counters (a legal drop moves along the engine's cheapest path, an illegal
one snaps back with the engine's reason and rule), panning (left on empty map, middle
button, Space+left), wheel zoom anchored at the cursor, redo (Ctrl+Shift+Z, Ctrl+Y)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from darkdec_qt import hexgrid
from darkdec_qt.rules.movement import move as movement
from darkdec_qt.ui.map.view import DEFAULT_ZOOM
from tests.client.helpers import end_phases_until, plain, press_keys

LEFT, MIDDLE = Qt.MouseButton.LeftButton, Qt.MouseButton.MiddleButton
NOMOD = Qt.KeyboardModifier.NoModifier


def _mover(win):
    s = win.controller.state
    for u in s.on_map("German"):
        if s.module.units[u].is_leader or len(s.units_at(s.pos[u])) != 1:
            continue
        d = movement.legal_destinations(s, (u,))
        if len(d) >= 3:
            return u, d
    raise AssertionError("no German unit can move")


def _view_at(win, h: str) -> QPoint:
    return win.view.mapFromScene(win.scene.hex_center(h))


def _drag(win, a: QPoint, b: QPoint, button=LEFT) -> None:
    vp = win.view.viewport()
    QTest.mousePress(vp, button, NOMOD, a)
    for i in range(1, 9):
        QTest.mouseMove(vp, a + (b - a) * (i / 8))
    QTest.mouseRelease(vp, button, NOMOD, b)


def _movement_window(make_client):
    win = make_client()
    end_phases_until(win, "movement")
    u, dests = _mover(win)
    QTest.qWait(20)  # the window's first-shown timers (layout, default view) have run
    win.view.set_zoom(DEFAULT_ZOOM)
    win.view.center_on_hex(win.controller.state.pos[u])
    QApplication.processEvents()
    return win, u, dests


def test_a_legal_drop_moves_the_counter_along_the_engines_cheapest_path(make_client, qtbot):
    win, u, dests = _movement_window(make_client)
    start = win.controller.state.pos[u]
    target = max(dests, key=lambda h: (len(dests[h][1]), h))
    assert hexgrid.distance(start, target) <= 6  # in view at the default zoom
    _drag(win, _view_at(win, start), _view_at(win, target))
    s = win.controller.state
    assert s.pos[u] == target
    move = win.controller.game.batches[-1].command
    assert move.kind == "move" and move.units == (u,) and move.path == dests[target][1]
    assert win.view.drag is None and not win.view.last_drag.active  # the dragged copy is gone
    assert u in [spec.id for spec, _, _ in win.scene.units_at(target)]


def test_an_illegal_drop_snaps_back_with_the_refusal_and_its_rule(make_client, qtbot):
    win, u, dests = _movement_window(make_client)
    s = win.controller.state
    start = s.pos[u]
    near = [h for h in s.module.hexes if 2 <= hexgrid.distance(start, h) <= 4 and h not in dests]
    target = sorted(near)[0]
    before = s.state_hash()
    _drag(win, _view_at(win, start), _view_at(win, target))
    assert win.controller.state.state_hash() == before  # nothing moved
    why = movement.why_illegal(s, (u,), target)
    assert why and "(" in why  # the engine's reason cites its rule
    assert plain(win.message_label) == why
    drag = win.view.last_drag
    qtbot.waitUntil(lambda: not drag.active, timeout=3000)  # glided back, then removed
    assert drag.ghost.pos() == win.scene.hex_center(start)


def test_a_click_still_selects_and_a_drag_of_empty_map_pans(make_client):
    win, u, dests = _movement_window(make_client)
    start = win.controller.state.pos[u]
    QTest.mouseClick(win.view.viewport(), LEFT, NOMOD, _view_at(win, start))
    assert win.input.selected == (u,)
    win.input.cancel()
    empty = next(h for h in sorted(win.controller.state.module.hexes)
                 if 2 <= hexgrid.distance(start, h) <= 3 and not win.scene.units_at(h))
    hbar, vbar = win.view.horizontalScrollBar(), win.view.verticalScrollBar()
    for how in ("left", "middle", "space"):
        before = (hbar.value(), vbar.value())
        # drag towards where the map has room to scroll
        dx = -120 if hbar.maximum() - hbar.value() > 150 else 120
        dy = -80 if vbar.maximum() - vbar.value() > 100 else 80
        a = _view_at(win, empty if how == "left" else start)
        if how == "space":
            win.view.setFocus()
            QTest.keyPress(win.view, Qt.Key.Key_Space)
        _drag(win, a, a + QPoint(dx, dy), MIDDLE if how == "middle" else LEFT)
        if how == "space":
            QTest.keyRelease(win.view, Qt.Key.Key_Space)
        assert (hbar.value(), vbar.value()) == (before[0] - dx, before[1] - dy), how
        assert win.controller.state.pos[u] == start and win.input.selected == ()  # no move, no click


def test_wheel_zoom_keeps_the_point_under_the_cursor(make_client):
    win = make_client()
    win.view.set_zoom(1.0)
    win.view.center_on_hex("2516")
    QApplication.processEvents()
    vp = win.view.viewport()
    at = QPointF(vp.width() * 0.2, vp.height() * 0.7)
    under = win.view.mapToScene(at.toPoint())
    ev = QWheelEvent(at, QPointF(vp.mapToGlobal(at.toPoint())), QPoint(0, 0), QPoint(0, 240),
                     Qt.MouseButton.NoButton, NOMOD, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(vp, ev)
    assert win.view.zoom() > 1.3
    moved = win.view.mapToScene(at.toPoint()) - under
    assert abs(moved.x()) < 2 / win.view.zoom() + 1 and abs(moved.y()) < 2 / win.view.zoom() + 1


def test_redo_with_ctrl_shift_z_and_ctrl_y(make_client):
    win, u, dests = _movement_window(make_client)
    start = win.controller.state.pos[u]
    target = sorted(dests)[0]
    _drag(win, _view_at(win, start), _view_at(win, target))
    assert win.controller.state.pos[u] == target
    ctrl = Qt.KeyboardModifier.ControlModifier
    for redo_key, mods in ((Qt.Key.Key_Z, ctrl | Qt.KeyboardModifier.ShiftModifier), (Qt.Key.Key_Y, ctrl)):
        press_keys(win, Qt.Key.Key_Z, ctrl)
        assert win.controller.state.pos[u] == start
        assert plain(win.message_label).startswith("Undone: move")
        press_keys(win, redo_key, mods)
        assert win.controller.state.pos[u] == target
        assert plain(win.message_label).startswith("Redone: move")
    press_keys(win, Qt.Key.Key_Y, ctrl)  # nothing left to redo: said so, nothing changes
    assert win.controller.state.pos[u] == target
    assert "Nothing to redo" in plain(win.message_label)

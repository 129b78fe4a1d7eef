"""The main window shows the game: counters from the state, the phase bar, the hex
under the mouse; screenshot mode renders headless."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from darkdec_qt.ui.app import run_client
from darkdec_qt.ui.map.present import placements
from tests.client.helpers import args, click_hex, end_phases_until, hover_hex


def test_counters_are_placed_from_the_game_state(make_client):
    win = make_client()
    s = win.controller.state
    shown = {h: [p[0].id for p in units] for h, units in placements(s).items()}
    assert sum(len(v) for v in shown.values()) == len(s.pos)
    from darkdec_qt.rules.fog import visible_units

    seen = visible_units(s, win.controller.viewer())  # fog of war (25.0) is on in Herbstnebel
    for u, h in s.pos.items():
        on_map = [spec.id for spec, _, _ in win.scene.units_at(h)]
        assert (u in on_map) == (u in seen[h][0])


def test_phase_bar_names_the_next_step_and_ends_phases(make_client):
    win = make_client()
    bar = win.phase_bar
    assert bar.next_button.text() == "End Supply Phase"
    assert "AM 16 December" in bar.turn_label.text()
    QTest.mouseClick(bar.next_button, Qt.MouseButton.LeftButton)
    assert win.controller.state.phase.value == "replacement"
    assert bar.next_button.text() == "End Replacement Phase"
    end_phases_until(win, "movement")
    assert bar.next_button.text() == "End Movement Phase"
    assert "German" in bar.side_label.text()


def test_status_bar_describes_the_hex_under_the_mouse(make_client):
    win = make_client()
    h = next(iter(win.controller.state.pos.values()))
    hover_hex(win, h)
    text = win.hex_label.text()
    assert text.startswith(h)
    assert "defense level" in text and "MP" in text


def test_screenshot_mode_writes_a_png(tmp_path, qapp):
    out = tmp_path / "shot.png"
    assert run_client(args(screenshot=str(out))) == 0
    assert out.stat().st_size > 10000


def test_right_click_does_not_select(make_client):
    win = make_client()
    end_phases_until(win, "movement")
    h = win.controller.state.pos[win.controller.state.on_map("German")[0]]
    click_hex(win, h, Qt.MouseButton.RightButton)
    assert win.input.selected == ()


def test_a_message_gone_from_the_status_bar_stays_gone(make_client, qtbot, monkeypatch):
    """A refusal is shown for a while, then cleared; when the status bar is laid out again
    (the waiting line comes and goes, the window is resized) it does not come back and sit
    there, stale, beside what the game says now."""
    from darkdec_qt.ui import mainwindow
    from tests.client.helpers import plain, press_keys

    monkeypatch.setattr(mainwindow, "MESSAGE_MS", 400)
    win = make_client()
    press_keys(win, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)  # Ctrl+Y with nothing to redo: refused
    assert "Nothing to redo" in plain(win.message_label)
    qtbot.waitUntil(lambda: not plain(win.message_label), timeout=3000)
    win.resize(win.width() - 120, win.height())  # the status bar laid out again
    qtbot.wait(50)
    win.resize(win.width() + 120, win.height())
    qtbot.wait(50)
    assert plain(win.message_label) == "" and win.message_label.toolTip() == ""

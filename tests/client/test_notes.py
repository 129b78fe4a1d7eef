"""Player notes in the client (VASSAL's chat and notes): Game ▸ Add note (Ctrl+Shift+N) puts
the keyboard in the Log dock's note field; Enter writes the engine's Note command, so the note
is in the log, saved with the game and undone like any command. A note's text, which may come
from a file, is shown without control characters."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from darkdec_qt import gamestore
from darkdec_qt.rules.core.notes import MAX_NOTE, Note
from tests.client.helpers import log_texts, press_keys


def test_a_note_written_from_the_menu_shortcut_is_in_the_log_and_saved(make_client, tmp_path, module):
    win = make_client()
    field = win.log_panel.note
    assert win.actions_by_name["add_note"].text() == "Add &note…"
    win.log_dock.hide()
    press_keys(win, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert win.log_dock.isVisible() and QApplication.focusWidget() is field
    QTest.keyClicks(field, "Bastogne holds")  # letters that are map shortcuts (B, S, H) stay text
    assert not win.input.battle_mode and field.text() == "Bastogne holds"
    n = len(win.controller.game.batches)
    QTest.keyClick(field, Qt.Key.Key_Return)
    assert len(win.controller.game.batches) == n + 1 and field.text() == ""
    e = win.controller.game.events[-1]
    assert e.kind == "note_made" and e.side == win.controller.viewer() and e.text == "Bastogne holds"
    assert any(t.endswith(f"{e.side} note: Bastogne holds") for t in log_texts(win))
    # saved with the game (a command like any other) and there when it is opened again
    path = tmp_path / "noted.ddg"
    gamestore.save(win.controller.game, path)
    again = gamestore.open_verified(path).game
    assert any(x.kind == "note_made" and x.text == "Bastogne holds" for x in again.events)
    # and undone like any command
    QTest.mouseClick(field, Qt.MouseButton.LeftButton)
    press_keys(win, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert win.controller.game.events[-1].kind != "note_made"


def test_the_note_field_is_bounded_and_an_empty_note_is_not_written(make_client):
    win = make_client()
    field = win.log_panel.note
    assert field.maxLength() == MAX_NOTE
    QTest.mouseClick(field, Qt.MouseButton.LeftButton)
    QTest.keyClicks(field, "   ")
    n = len(win.controller.game.batches)
    QTest.keyClick(field, Qt.Key.Key_Return)
    assert len(win.controller.game.batches) == n


def test_a_notes_control_characters_are_not_shown(make_client, module):
    """A note from a file may hold a terminal escape, a bell, a right-to-left override: the
    engine keeps the text (the file must replay), the log shows it without them."""
    from darkdec_qt.ui.app import new_game

    g = new_game(module, "herbstnebel", "1")
    g.execute(Note(side="Allied", text="\x1b[31mred\x07 alert \u202eevil"))
    win = make_client(g)
    line = next(t for t in log_texts(win) if "note:" in t)
    assert "red" in line and "alert" in line and "evil" in line
    assert not any(c in line for c in "\x1b\x07\u202e")

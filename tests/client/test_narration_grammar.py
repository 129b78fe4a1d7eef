"""Plural grammar in the log: "the Allied units in 4216 retreat two hexes" (13.5.1B), a lone
attacker "attacks", several "attack"; counts agree with their nouns. Read in the client's
log dock, the entry clicked as a player does."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from darkdec_qt.game.selfplay import selfplay
from darkdec_qt.rules import narrate


def _clicked_entry(win, qtbot, number: int) -> str:
    tree = win.log_panel.tree
    at = win.log_panel.item_for_event(number)
    assert at is not None
    tree.expand(at.parent())
    qtbot.waitUntil(lambda: tree.scrollTo(at) or tree.viewport().rect().contains(tree.visualRect(at).center()))
    QTest.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=tree.visualRect(at).center())
    qtbot.waitUntil(lambda: win.controller.past == number)  # the game after it is shown
    return at.data()


def test_the_log_says_the_units_of_a_hex_retreat_and_a_lone_attacker_attacks(make_client, module, qtbot):
    game = selfplay(module, "herbstnebel", "2", 2)
    win = make_client(game)
    events = game.events
    result = next(i + 1 for i, e in enumerate(events) if e.kind == "result_chosen" and e.option.startswith("retreat"))
    text = _clicked_entry(win, qtbot, result)
    e = events[result - 1]
    assert f"the {e.side} units in {e.hex} retreat " in text, text
    assert "retreats" not in text
    lone = [i + 1 for i, e in enumerate(events) if e.kind == "battle_declared" and len(e.attackers) == 1]
    several = [i + 1 for i, e in enumerate(events) if e.kind == "battle_declared" and len(e.attackers) > 1]
    assert lone and several
    assert " attacks " in _clicked_entry(win, qtbot, lone[0])
    text = _clicked_entry(win, qtbot, several[0])
    assert " attack " in text and " attacks " not in text


def test_counts_agree_with_their_nouns(module):
    from darkdec_qt.rules.core.events import Event

    def words(kind: str, **fields) -> str:
        return narrate.describe(Event.from_dict({"kind": kind, **fields}), module)

    assert words("replacements_received", side="German", count=1, type="infantry").endswith(
        "receives 1 infantry replacement (9.0)")
    assert "2 infantry replacements (9.0)" in words("replacements_received", side="German", count=2, type="infantry")
    assert "fuel shortage: 1 division to be" in words("fuel_shortage_set", count=1)
    assert "fuel shortage: 3 divisions to be" in words("fuel_shortage_set", count=3)

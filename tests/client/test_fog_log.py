"""The Log dock shows what the seat may know (25.0A-B): against the computer with fog of war,
the Allied player's log names no German unit hidden beneath a stack, words a German move as
'a German unit moves ...', and does not show the computer's plan notes; a click on that row
still shows the map after the move."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt

from darkdec_qt.ai.base import decider
from darkdec_qt.rules import engine
from darkdec_qt.rules.combat import queries as bq
from darkdec_qt.rules.core.commands import Command, EndPhase
from darkdec_qt.rules.fog import visible_units
from darkdec_qt.ui.panels.log import INDEX
from tests.client.helpers import OWED
from tests.client.test_computer_opponent import wait_idle
from tests.rules.fog_log_game import PLAN, stacking_move


def planning_german(game, players, *, only=None, stop=None, on_command=None, **_kw):  # noqa: ANN001
    """A computer German player: in its Movement Phase one move onto another German unit (the
    mover hidden beneath, 25.0A) and a plan note, as the computer's notes name its goals; it
    ends its other phases and returns when the Allies have the decision."""
    moved = False
    while not game.state.game_over and decider(game.state) == "German":
        s = game.state
        owed = [c for c in engine.legal_commands(s) if c.kind in OWED]
        if (p := bq.pending(s)) is not None:
            cmds = [p.options[0]]
        elif owed:
            cmds = owed[:1]
        elif s.phase.value == "movement" and not moved:
            cmds = [stacking_move(s), Command.from_dict({"kind": "note", "side": "German", "text": PLAN})]
            moved = True
        else:
            cmds = [EndPhase()]
        for cmd in cmds:
            game.execute(cmd)
            if on_command is not None:
                on_command(game, cmd)


def rows(tree):  # noqa: ANN001, ANN201
    """Every row of the log's tree view: (index, text), headings and their children."""
    model = tree.model()
    out = []

    def walk(parent):  # noqa: ANN001, ANN202
        for r in range(model.rowCount(parent)):
            at = model.index(r, 0, parent)
            out.append((at, str(at.data(Qt.ItemDataRole.DisplayRole))))
            walk(at)

    walk(tree.rootIndex())
    return out


def names(text: str, unit: str) -> bool:
    return re.search(rf"(?<![\w/]){re.escape(unit)}(?![\w/])", text) is not None


@pytest.fixture
def vs_computer_fog(make_client, module, qtbot, monkeypatch):
    from darkdec_qt.ui import aiplayer
    from darkdec_qt.ui.app import new_game

    monkeypatch.setattr(aiplayer, "play", planning_german)
    win = make_client(new_game(module, "final_fury", "1"))
    assert aiplayer.start_vs_computer(win, {"scenario": "final_fury", "seed": "1", "optional": ("25",)},
                                      {"German": "easy"})
    wait_idle(win.computer)
    s = win.controller.state
    assert s.has_rule("25") and decider(s) == "Allied" and not s.game_over
    assert any(e.kind == "note_made" for e in win.controller.game.events)
    return win


def test_the_log_against_the_computer_hides_what_fog_of_war_hides(vs_computer_fog, qtbot):
    win = vs_computer_fog
    c = win.controller
    s = c.state
    hidden = {u for h, (shown, n) in visible_units(s, "Allied").items() if n
              for u in s.units_at(h) if u not in shown}
    assert hidden  # the German unit moved beneath another
    win.log_dock.show()
    win.log_dock.raise_()
    tree = win.log_panel.tree
    all_rows = rows(tree)
    texts = [t for _at, t in all_rows]
    assert not [t for t in texts for u in hidden if names(t, u)]
    assert not [t for t in texts if PLAN in t or "German note" in t or "German plan" in t]
    move = next(at for at, t in all_rows if "a German unit moves" in t)
    tree.scrollTo(move)
    rect = tree.visualRect(move)
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())  # a real click on the row
    assert c.past == move.data(INDEX)  # the map shows the game after that move
    assert "a German unit moves" in tree.currentIndex().data(Qt.ItemDataRole.DisplayRole)


def test_the_log_shows_everything_once_the_game_is_over(vs_computer_fog, qtbot):
    win = vs_computer_fog
    c = win.controller
    c.state.game_over = True  # the game's end lifts fog of war (25.0): the log is read again
    c.changed.emit()
    texts = [t for _at, t in rows(win.log_panel.tree)]
    assert any(PLAN in t for t in texts)
    assert not any("a German unit moves" in t for t in texts)


def test_hot_seat_the_log_is_the_seat_holders(make_client, module, qtbot):
    """In hot seat the log shows the side holding the seat: the German player's own move names
    its unit; once the Allied player takes the seat (a click on the hand-over screen) the same
    move is 'a German unit moves ...' (25.0A)."""
    from darkdec_qt.ui.app import new_game

    win = make_client(new_game(module, "final_fury", "1", optional=("25",)), hotseat=True)
    c = win.controller
    if win.handover.isVisible():
        qtbot.mouseClick(win.handover.button, Qt.MouseButton.LeftButton)
    moved = False
    while decider(c.state) == "German":
        s = c.state
        owed = [x for x in engine.legal_commands(s) if x.kind in OWED]
        if s.phase.value == "movement" and not moved:
            cmd = stacking_move(s)
            unit, moved = cmd.units[0], True
            assert c.execute(cmd)
            texts = [t for _at, t in rows(win.log_panel.tree)]
            assert any(names(t, unit) and " moves " in t for t in texts)  # the German's own view
            continue
        assert c.execute(owed[0] if owed else EndPhase())
    assert win.handover.isVisible() and win.handover.side == "Allied"
    qtbot.mouseClick(win.handover.button, Qt.MouseButton.LeftButton)
    texts = [t for _at, t in rows(win.log_panel.tree)]
    assert not any(names(t, unit) for t in texts)
    assert any("a German unit moves" in t for t in texts)

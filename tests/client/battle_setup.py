"""A battle in progress on a real map, at the decision a test needs.

Final Fury (turn 27) has many contacts; 39/26 (3020) and 77/26 (3121) attack 101/501
in 3021. The battle is declared through the engine, then its record is set to await
the wanted decision (as a battle saved at that point would), so that every kind of
choice has several legal options."""

from __future__ import annotations

from darkdec_qt.rules import combat_commands as cc
from tests.client.helpers import end_phase_settling

ATTACKERS = ("39/26", "77/26")
DEFENDERS = ("101/501",)
DEF_HEX = "3021"

TASKS = {  # kind -> (task, battle fields)
    "losses": (("mandatory", "German", "", 1), {"result": "[1]A1"}),
    "results": (("result", "German", "3020", 0), {"result": "D1/A1"}),
    "retreats": (("retreat", "Allied", DEF_HEX, 1), {"result": "D2"}),
    "counterattacks": (("ca", "Allied", "", 0), {"result": "CA"}),
    "advances": (("advance", "German", DEF_HEX, 1), {"result": "D3"}),
}


def to_combat(win) -> None:
    c = win.controller
    for _ in range(40):
        if c.state.phase.value == "combat":
            return
        end_phase_settling(win)
    raise AssertionError("no combat phase")


def battle_awaiting(win, kind: str) -> None:
    """Declare the battle and make it await ``kind``; the panel shows the options."""
    c = win.controller
    to_combat(win)
    assert c.execute(cc.DeclareBattle(attackers=ATTACKERS, defenders=DEFENDERS)), c.last_refusal
    s = c.state
    task, fields = TASKS[kind]
    if kind == "advances":  # the defender is gone from the hex (eliminated)
        del s.pos[DEFENDERS[0]]
        s.eliminated.add(DEFENDERS[0])
    s.battle = s.battle.with_(tasks=(task, ("done", "", "", 0)), odds="2:1", column="normal", **fields)
    c.changed.emit()
    c.shownChanged.emit()
    win.panels["battle"].raise_()

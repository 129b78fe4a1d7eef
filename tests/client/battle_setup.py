"""A battle in progress on a real map, at the decision a test needs.

Final Fury (turn 27) has many contacts. The battle is found from the state at the German
Combat Phase, among those the engine offers (``combat_legal.declarable_battles``): the
first with two attackers in two hexes against one defender, every unit with a step to
lose, odds other than the 2:1 the tests pretend were rolled, and at least two options for
every kind of choice below. So the fixture follows the derived set-up (which moves when the map's reconstruction
does) instead of hard-coding hexes. The battle is declared through the engine, then its record
is set to await the wanted decision (as a battle saved at that point would)."""

from __future__ import annotations

from typing import NamedTuple

from darkdec_qt.rules import engine
from darkdec_qt.rules.combat import commands as cc
from darkdec_qt.rules.combat import queries as bq
from darkdec_qt.rules.combat.legal import declarable_battles, pending_commands
from tests.client.helpers import end_phase_settling

KINDS = ("advances", "counterattacks", "losses", "results", "retreats")


class Battle(NamedTuple):
    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    def_hex: str


def tasks(state, b: Battle) -> dict:
    """kind -> (task, battle fields)"""
    att_hex = state.pos[b.attackers[0]]
    return {
        "losses": (("mandatory", "German", "", 1), {"result": "[1]A1"}),
        "results": (("result", "German", att_hex, 0), {"result": "D1/A1"}),
        "retreats": (("retreat", "Allied", b.def_hex, 1), {"result": "D2"}),
        "counterattacks": (("ca", "Allied", "", 0), {"result": "CA"}),
        "advances": (("advance", "German", b.def_hex, 1), {"result": "D3"}),
    }


def _await(state, b: Battle, kind: str) -> None:
    """Make the declared battle of ``state`` await ``kind``."""
    task, fields = tasks(state, b)[kind]
    if kind == "advances":  # the defender is gone from the hex (eliminated)
        del state.pos[b.defenders[0]]
        state.eliminated.add(b.defenders[0])
    state.battle = state.battle.with_(tasks=(task, ("done", "", "", 0)), odds="2:1", column="normal", **fields)


def _fits(state, cmd) -> Battle | None:
    att, dfd = tuple(cmd.attackers), tuple(cmd.defenders)
    if len(att) != 2 or len(dfd) != 1 or len({state.pos[u] for u in att}) != 2:
        return None
    units = att + dfd
    if any(u in state.reduced or state.spec(u).reduced is None for u in units):
        return None
    if any(len([v for v in state.units_at(state.pos[u]) if not state.spec(v).is_leader]) != 1 for u in units):
        return None
    b = Battle(att, dfd, state.pos[dfd[0]])
    if bq.proposed_battle(state, att, dfd).odds == "2:1":
        return None
    for kind in KINDS:
        s = state.clone()
        engine.execute(s, cc.DeclareBattle(attackers=att, defenders=dfd))
        _await(s, b, kind)
        if len(pending_commands(s)) < 2:
            return None
    return b


def find_battle(state) -> Battle:
    for cmd in declarable_battles(state):
        if (b := _fits(state, cmd)) is not None:
            return b
    raise AssertionError("no battle fits the client tests")


def to_combat(win) -> Battle:
    """End the phases up to the German Combat Phase; the battle the tests use there."""
    c = win.controller
    for _ in range(40):
        if c.state.phase.value == "combat":
            return find_battle(c.state)
        end_phase_settling(win)
    raise AssertionError("no combat phase")


def battle_awaiting(win, kind: str) -> Battle:
    """Declare the battle and make it await ``kind``; the panel shows the options."""
    c = win.controller
    b = to_combat(win)
    assert c.execute(cc.DeclareBattle(attackers=b.attackers, defenders=b.defenders)), c.last_refusal
    _await(c.state, b, kind)
    c.changed.emit()
    c.shownChanged.emit()
    win.panels["battle"].raise_()
    return b

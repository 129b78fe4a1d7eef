"""A Final Fury game with fog of war (25.0) where a German unit moves onto another German unit
and the German player writes a plan note: what the Allies may know of it (tests of 25.0A in the log)."""

from __future__ import annotations

from darkdec_qt.game.session import Game
from darkdec_qt.rules import engine
from darkdec_qt.rules.core.commands import Command, EndPhase
from darkdec_qt.rules.fog import top_unit

PLAN = "push toward Bastogne, 3:1 expected"


def stacking_move(state):  # noqa: ANN001, ANN201
    """A legal German move ending on another German unit, the moving unit not the top one there."""
    units = state.module.units
    for c in engine.legal_commands(state):
        if c.kind != "move" or len(c.units) != 1 or units[c.units[0]].is_leader:
            continue
        here = [u for u in state.units_at(c.path[-1]) if units[u].side == "German" and not units[u].is_leader]
        if len(here) == 1 and here[0] < c.units[0]:
            return c
    raise AssertionError("no German move onto another German unit")


def german_moves_and_plans(game: Game) -> str:
    """In the German Movement Phase: one stacking move and a plan note; returns the unit moved."""
    while game.state.phase.value != "movement":
        game.execute(EndPhase())
    move = stacking_move(game.state)
    game.execute(move)
    assert top_unit(game.state, move.path[-1]) != move.units[0]  # hidden beneath (25.0A)
    game.execute(Command.from_dict({"kind": "note", "side": "German", "text": PLAN}))
    return move.units[0]

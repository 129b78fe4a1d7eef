"""Redo in the game session: the undone commands come back in order, with the same
events; a new command forgets them; nothing is redone past the limits of undo."""

import pytest

from darkdec_qt.game.session import Game
from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.movement.move import legal_destinations
from tests.rules.test_session import small_module


def _game_in_movement() -> Game:
    g = Game(small_module(), "test", "1")
    for _ in range(2):
        g.execute(cm.EndPhase())
    assert g.state.phase is Phase.MOVEMENT
    return g


def _two_moves(g: Game) -> list[cm.Move]:
    units = sorted(u for u in g.state.pos if g.module.units[u].side == "German")[:2]
    moves = []
    for u in units:
        _, (_, path) = sorted(legal_destinations(g.state, u).items())[-1]
        moves.append(cm.Move(units=(u,), path=path))
    return moves


def test_redo_restores_undone_commands_in_order_with_the_same_events():
    g = _game_in_movement()
    start = g.state.state_hash()
    m1, m2 = _two_moves(g)
    g.execute(m1)
    after1 = g.state.state_hash()
    g.execute(m2)
    after2 = g.state.state_hash()
    log = g.log_dicts()
    assert not g.can_redo()
    g.undo()
    g.undo()
    assert g.state.state_hash() == start
    assert g.can_redo()
    assert g.redo() == m1
    assert g.state.state_hash() == after1
    assert g.redo() == m2
    assert g.state.state_hash() == after2
    assert g.log_dicts() == log
    assert not g.can_redo()
    with pytest.raises(IllegalAction, match="nothing to redo"):
        g.redo()


def test_a_new_command_forgets_what_was_undone():
    g = _game_in_movement()
    m1, m2 = _two_moves(g)
    g.execute(m1)
    g.undo()
    g.execute(m2)
    assert not g.can_redo()
    with pytest.raises(IllegalAction):
        g.redo()


def test_redo_stays_within_the_limits_of_undo():
    """Undo never removes a phase change or a die roll, so redo can never bring one back:
    after undoing everything allowed, redo restores exactly those commands and no more."""
    g = _game_in_movement()
    (m1, _m2) = _two_moves(g)
    g.execute(m1)
    g.execute(cm.EndPhase())  # a barrier: cannot be undone, hence never redone
    assert not g.can_undo()
    assert not g.can_redo()
    with pytest.raises(IllegalAction):
        g.redo()


def test_a_game_read_from_its_log_has_nothing_to_redo():
    g = _game_in_movement()
    m1, _ = _two_moves(g)
    g.execute(m1)
    g.undo()
    g2 = Game.from_log(g.module, "test", "1", g.log_dicts())
    assert not g2.can_redo()

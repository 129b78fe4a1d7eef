"""26.13A-E Montgomery's withdrawal (second movement pass, direction toward the river
positions) and 26.11A Luftwaffe air contention (20.1, 20.3A, 20.4 nullified)."""

from __future__ import annotations

import pytest

from darkdec_qt.rules import engine
from darkdec_qt.rules.airpower import missions
from darkdec_qt.rules.combat import crt
from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core.apply import apply
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.movement import move as movement
from darkdec_qt.rules.scenarios import montgomery as var
from darkdec_qt.rules.scenarios.montgomery import BeginSecondWithdrawalMove, DeclareWithdrawal
from darkdec_qt.rules.scenarios.variants import DeclareAirContention
from tests.rules.conftest_real import at, init


def _exec(st, cmd):
    evs = engine.check(st, cmd)
    for e in evs:
        apply(st, e)
    return evs


def _withdrawing():
    st = at(init("26.13"), "20DecAM", side="Allied", phase=Phase.MOVEMENT)
    st.moved.clear()
    _exec(st, DeclareWithdrawal())
    return st


def _mover(st):
    """An Allied combat unit off the river positions with both a closer and a farther destination."""
    lines = var.withdrawal_lines(st)
    for u in st.on_map("Allied"):
        if st.spec(u).is_leader:
            continue
        start = st.pos[u]
        if var.withdrawal_move_problem(st, (u,), (start, start)) is None:
            continue  # surrounded or already on a position
        dists = {k: var.line_distance(st, k, start) for k in lines}
        dests = movement.search(movement.make_context(st, (u,)))  # before the 26.13 filter
        good = [p for _, (_, p) in sorted(dests.items()) if var.withdrawal_move_problem(st, (u,), p) is None]
        bad = [p for _, (_, p) in sorted(dests.items()) if var.withdrawal_move_problem(st, (u,), p) is not None]
        if good and bad and min(dists.values()) > 0:
            return u, good, bad
    raise AssertionError("no Allied unit to test")


def test_26_13B_given_withdrawal_when_moving_toward_a_river_position_then_legal():
    st = _withdrawing()
    u, good, _ = _mover(st)
    _exec(st, cm.Move(units=(u,), path=good[0]))
    assert st.pos[u] == good[0][-1]


def test_26_13B_given_withdrawal_when_moving_away_then_illegal():
    st = _withdrawing()
    u, _, bad = _mover(st)
    with pytest.raises(IllegalAction, match=r"26\.13"):
        engine.check(st, cm.Move(units=(u,), path=bad[0]))
    shown = movement.legal_destinations(st, (u,))  # the client shades what the query lists: never this hex
    assert bad[0][-1] not in shown and "26.13" in (movement.why_illegal(st, u, bad[0][-1]) or "")


def test_26_13B_without_withdrawal_any_direction():
    st = at(init("26.13"), "20DecAM", side="Allied", phase=Phase.MOVEMENT)
    w = _withdrawing()
    u, _, bad = _mover(w)
    engine.check(st, cm.Move(units=(u,), path=bad[0]))


def test_26_13_legal_commands_offer_only_withdrawal_moves():
    st = _withdrawing()
    for c in engine.legal_commands(st):
        if isinstance(c, cm.Move):
            assert var.withdrawal_move_problem(st, c.units, c.path) is None


def test_26_13A_second_movement_pass_once_before_combat():
    st = _withdrawing()
    u, good, _ = _mover(st)
    _exec(st, cm.Move(units=(u,), path=good[0]))
    assert st.mp_spent[u] > 0
    assert BeginSecondWithdrawalMove() in list(engine.legal_commands(st))
    _exec(st, BeginSecondWithdrawalMove())
    assert st.mp_spent.get(u, 0) == 0 and movement.legal_destinations(st, (u,))
    with pytest.raises(IllegalAction, match=r"26\.13A"):
        engine.check(st, BeginSecondWithdrawalMove())


def test_26_13A_no_second_pass_without_declaration():
    st = at(init("26.13"), "20DecAM", side="Allied", phase=Phase.MOVEMENT)
    with pytest.raises(IllegalAction, match=r"26\.13A"):
        engine.check(st, BeginSecondWithdrawalMove())


def _contested(contest: bool):
    st = at(init("26.11"), "23DecAM")
    st.weather[st.turn] = "clear"
    if contest:
        _exec(st, DeclareAirContention())
    return st


def test_26_11A_contention_nullifies_20_1A_motorized_ma_reduction():
    clear, contested = _contested(False), _contested(True)
    pz = next(u for u in clear.on_map("German") if clear.spec(u).is_motorized and not clear.spec(u).is_leader)
    assert movement.movement_allowance(clear, pz) == movement.printed_ma(clear, pz) - 1
    assert movement.movement_allowance(contested, pz) == movement.printed_ma(contested, pz)


def test_26_11A_contention_nullifies_20_3A_allied_tactical_advantage_and_20_4_air():
    clear, contested = _contested(False), _contested(True)
    assert crt.dice_column(clear, "Allied")[0] == crt.TACTICAL
    assert crt.dice_column(contested, "Allied")[0] == crt.NORMAL
    assert missions(clear, "Allied") == 1 and missions(contested, "Allied") == 0


def test_26_11A_two_consecutive_turns_only():
    st = _contested(True)
    st.turn += 1
    st.weather[st.turn] = "clear"
    assert not st.air_superiority()
    st.turn += 1
    st.weather[st.turn] = "clear"
    assert st.air_superiority()

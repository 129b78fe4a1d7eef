"""Moments: a condition tied to a moment is judged at that moment.

10.4.1A: sole occupant of a road hex, not in an enemy ZOC "at the beginning of the owning
side's Movement Phase"; 14.1D: reserves not formed from units that start their player turn
in an enemy ZOC. The states enter the Movement Phase through EndPhase, as in play."""

from __future__ import annotations

import pytest

from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.engine import check, execute
from tests.rules.builder import ScenarioBuilder


def at_movement_start(*units, optional=()):
    b = ScenarioBuilder()
    b.road("0303", "0403", "0503", road="R")
    for uid, h in units:
        b.unit(uid, "Allied", at=h)
    b.unit("g/1", "German", at="0808")
    st = b.state(turn="20DecAM", side="Allied", phase=Phase.REPLACEMENT, optional=optional)
    execute(st, cm.EndPhase())  # the Movement Phase begins: its first moment is noted
    assert st.phase is Phase.MOVEMENT
    return st


def test_10_4_1A_moving_a_neighbour_away_does_not_make_a_unit_eligible():
    st = at_movement_start(("1/A", "0303"), ("2/A", "0303"))
    execute(st, cm.Move(units=("2/A",), path=("0303", "0304")))  # now 1/A is alone
    with pytest.raises(IllegalAction) as e:
        check(st, cm.EnterStrategic("1/A"))
    assert e.value.rule == "10.4.1A" and "beginning of the Movement Phase" in str(e.value)


def test_10_4_1A_a_unit_alone_at_the_beginning_may_enter_and_a_newcomer_must_leave_by_the_end():
    st = at_movement_start(("1/A", "0303"), ("2/A", "0304"))
    execute(st, cm.Move(units=("2/A",), path=("0304", "0303")))  # 2/A joins 1/A
    execute(st, cm.EnterStrategic("1/A"))  # 1/A was alone on its road hex at the beginning
    with pytest.raises(IllegalAction) as e:  # 11.3B at the end of the phase: the owner settles it
        check(st, cm.EndPhase())
    assert e.value.rule == "11.0C" and "11.3B" in str(e.value)
    execute(st, cm.Move(units=("1/A",), path=("0303", "0403")))
    execute(st, cm.EndPhase())
    assert "1/A" in st.strategic and not st.eliminated


def test_14_1D_a_unit_that_began_the_turn_in_an_enemy_zoc_may_not_form_a_reserve():
    b = ScenarioBuilder()
    b.unit("1/A", "Allied", at="0505").unit("2/A", "Allied", at="0303")
    b.unit("g/1", "German", at="0605")
    st = b.state(turn="20DecAM", side="Allied", phase=Phase.REPLACEMENT, optional=("14",))
    execute(st, cm.EndPhase())
    with pytest.raises(IllegalAction) as e:
        check(st, cm.EnterReserve("1/A"))
    assert e.value.rule == "14.1D" and "began the turn" in str(e.value)
    execute(st, cm.EnterReserve("2/A"))
    assert "2/A" in st.reserve

"""10.4.8C: the road a unit entered a crossing hex by is remembered across its move commands
in the same Movement Phase (state.last_roads)."""

import pytest

from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core.apply import apply
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.events import PhaseBegan
from darkdec_qt.rules.core.tables import TICKS
from darkdec_qt.rules.engine import check, execute
from tests.rules.builder import ScenarioBuilder


def crossing_state():
    b = ScenarioBuilder()
    b.terrain("0503", "woods")
    b.road("0303", "0403", "0503", "0603", road="A")
    b.road("0501", "0502", "0503", "0504", "0505", road="B")
    b.crossing("0503", "A", "B")
    b.unit("1/A", "Allied", "infantry", (3, 4, 8), at="0403")
    return b.state(side="Allied")


def test_10_4_8C_switching_roads_in_a_second_move_still_pays_the_terrain_cost():
    st = crossing_state()
    execute(st, cm.Move(units=("1/A",), path=("0403", "0503")))  # by road A
    assert st.last_roads["1/A"] == ("A",)
    ev = check(st, cm.Move(units=("1/A",), path=("0503", "0504")))  # out by road B
    assert ev[-1].mp == (1 + (3 - 1)) * TICKS
    ev = check(st, cm.Move(units=("1/A",), path=("0503", "0603")))  # on along road A: road rate
    assert ev[-1].mp == 1 * TICKS


def test_10_4_8C_strategic_unit_may_not_leave_by_the_other_road_in_a_later_move():
    st = crossing_state()
    st.strategic.add("1/A")
    execute(st, cm.Move(units=("1/A",), path=("0403", "0503")))
    with pytest.raises(IllegalAction) as e:
        check(st, cm.Move(units=("1/A",), path=("0503", "0504")))
    assert e.value.rule == "10.4.8C"


def test_10_4_8C_memory_lasts_one_movement_phase():
    st = crossing_state()
    execute(st, cm.Move(units=("1/A",), path=("0403", "0503")))
    apply(st, PhaseBegan(turn=st.turn + 1, side="Allied", phase="movement"))
    ev = check(st, cm.Move(units=("1/A",), path=("0503", "0504")))
    assert ev[-1].mp == 1 * TICKS  # a new phase: it begins in the hex, no road entered by

"""Issue 12 class 3, optional means optional: with an optional rule off none of its effects
remain; with it on, they do. One test per optional rule here, or named where it already is:
8.6 (test_08_6_surrender: pocket(optional=())), 10.3 (test_10_3_disengagement), 10.8
(test_10_8_withdrawals), 12.3/12.4 (test_12_zoc_optional, test_queries_agree_with_check),
13.5.1E (test_15_commanders), 24 (test_24_weather), 25 (below)."""

from __future__ import annotations

import pytest

from darkdec_qt.rules import commands as cm
from darkdec_qt.rules import engine
from darkdec_qt.rules.engine import check
from darkdec_qt.rules.errors import IllegalAction
from darkdec_qt.rules.phases import Phase
from darkdec_qt.rules.setup import initial_state
from tests.rules.builder import ScenarioBuilder
from tests.rules.conftest_real import real_module


def _leaders(st):
    units = st.module.units
    return [u for u in (*st.pos, *st.pending, *st.to_place) if units[u].is_leader]


@pytest.mark.parametrize("scenario", ["campaign", "turning_point"])
def test_15_off_no_leader_counter_is_in_play_5_4_clarification(scenario):
    off = initial_state(real_module(), scenario, "1", optional=())
    assert _leaders(off) == [] and all(real_module().units[u].is_leader for u in off.out_of_play)
    on = initial_state(real_module(), scenario, "1", optional=("15",))
    assert _leaders(on)


def test_15_off_leaders_never_enter_later():
    from darkdec_qt.game.selfplay import selfplay

    g = selfplay(real_module(), "herbstnebel", 4, turns=2, optional=())
    assert not [u for u in g.state.pos if g.state.module.units[u].is_leader]


def dietrich(optional):
    b = ScenarioBuilder()
    b.unit("1/1SS", "German", "armor", (6, 5, 8), (3, 3, 8), nationality="SS", at="0505")
    b.unit("a/1", "Allied", at="0909")
    return b.state(turn="16DecAM", side="German", phase=Phase.MOVEMENT, optional=optional)


def test_15_9A_on_ss_units_do_not_move_on_16_december_off_they_do():
    with pytest.raises(IllegalAction) as e:
        check(dietrich(("15.9",)), cm.Move(units=("1/1SS",), path=("0505", "0504")))
    assert e.value.rule == "15.9A"
    from darkdec_qt.rules import movement

    assert movement.legal_destinations(dietrich(("15.9",)), "1/1SS") == {}
    check(dietrich(()), cm.Move(units=("1/1SS",), path=("0505", "0504")))
    late = dietrich(("15.9",))
    late.turn = late.module.turn_index["17DecAM"].number
    check(late, cm.Move(units=("1/1SS",), path=("0505", "0504")))


def reserve_state(optional):
    b = ScenarioBuilder()
    b.unit("1/A", "Allied", at="0303")
    b.unit("g/1", "German", at="0909")
    return b.state(turn="20DecAM", side="Allied", phase=Phase.MOVEMENT, optional=optional)


def test_14_off_no_reserve_may_be_formed_nor_is_one_offered():
    with pytest.raises(IllegalAction) as e:
        check(reserve_state(()), cm.EnterReserve("1/A"))
    assert e.value.rule == "14.0"
    assert not [c for c in engine.legal_commands(reserve_state(())) if isinstance(c, cm.EnterReserve)]
    check(reserve_state(("14",)), cm.EnterReserve("1/A"))


def test_14_6_historical_reserve_markers_only_with_the_option():
    on = initial_state(real_module(), "campaign", "1", optional=("14", "14.6"), setup="historical")
    off = initial_state(real_module(), "campaign", "1", optional=("14",), setup="historical")
    assert on.reserve and not off.reserve


def bridge(optional):
    b = ScenarioBuilder()
    b.river("0505", "0605", "minor", bridge=True, name="Ourthe")
    b.unit("Adj", "Allied", at="0505")
    b.unit("G", "German", at="1105")  # more than three hexes from the bridge
    return b.state(turn="20DecAM", side="Allied", phase=Phase.CONSTRUCTION, optional=optional)


def test_7_1_7A_on_an_adjacent_unit_needs_an_enemy_near_the_bridge_off_it_does_not():
    with pytest.raises(IllegalAction) as e:
        check(bridge(("7.1.7A",)), cm.BlowBridge("Adj", "0505", "0605"))
    assert e.value.rule == "7.1.7A"
    check(bridge(()), cm.BlowBridge("Adj", "0505", "0605"))  # 16.1B: adjacent units always may


def test_23_off_no_conditional_roll_and_no_selection(monkeypatch):
    from darkdec_qt.rules import variants as var
    from darkdec_qt.rules.dice import DiceCursor
    from tests.rules.conftest_real import at, init

    st = at(init(), "26DecAM", side="Allied", phase=Phase.MOVEMENT)
    st.triggers["23B"] = st.turn - 1  # the 23.0B condition already noted ...
    monkeypatch.setattr(var, "conditional_condition", lambda state: True)  # ... and holding
    def rolls(optional):
        s = st.clone()
        s.optional = frozenset(optional)
        return [e for e in var.phase_hook(s, DiceCursor(s.seed, s.dice_count)) if "23.0" in repr(e)]

    assert rolls({"23"}) and rolls(()) == []  # on: the 23.0B dice are rolled; off: nothing
    st.optional = frozenset()
    assert not [c for c in engine.legal_commands(st) if isinstance(c, var.ChooseConditionalUnits)]


def test_25_off_nothing_is_hidden_on_enemy_stacks_show_their_top_unit():
    from darkdec_qt.rules import fogofwar

    def hidden(optional):
        b = ScenarioBuilder()
        b.unit("g/1", "German", at="0505").unit("g/2", "German", at="0505").unit("a/1", "Allied", at="0909")
        st = b.state(turn="20DecAM", side="Allied", phase=Phase.MOVEMENT, optional=optional)
        return sum(n for _units, n in fogofwar.visible_units(st, "Allied").values())

    assert hidden(()) == 0 and hidden(("25",)) == 1

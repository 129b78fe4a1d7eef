"""Readings the rules index states for sections 5-9 and 16-26 (docs/rules-interpretations.md,
"Readings named by the rules index"), each pinned so that the other reading fails."""

from __future__ import annotations

import pytest

from darkdec_qt.rules.combat import commands as cc
from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core.apply import apply
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.engine import check, execute
from darkdec_qt.rules.engineering import bridges
from darkdec_qt.rules.opening import initial
from tests.rules.builder import ScenarioBuilder
from tests.rules.combat_builder import CombatBuilder
from tests.rules.combat_helpers import run, seed_with


def test_16_2_1A_a_leader_builds_no_bridge():
    """16.2.1A "any Allied unit": a leader is no construction force (5.1E); 16.1A names
    leaders for demolition only."""
    b = ScenarioBuilder(12, 10)
    b.river("0506", "0606", "minor", name="Ourthe")
    b.unit("Hodges", "Allied", "leader", (0, 0, 5), (0, 0, 5), at="0506")
    b.unit("1/A", "Allied", at="0505")
    b.unit("g", "German", at="1110")
    st = b.state(turn="20DecAM", side="Allied", phase=Phase.MOVEMENT, optional=("15",))
    assert bridges.may_build(st, "1/A")
    assert not bridges.may_build(st, "Hodges")
    with pytest.raises(IllegalAction) as e:
        check(st, cm.Move(units=("Hodges",), path=("0506", "0606"), build_bridge=True))
    assert e.value.rule == "16.2.1A"


def test_16_2_2B_a_bridge_built_in_the_construction_phase_carries_enemy_units_in_their_turn():
    """16.2.2B: the bridge exists from the builder's Construction/Demolition Phase; the rule's
    "no other units until the next friendly Movement Phase" does not keep the enemy off it."""
    b = ScenarioBuilder(12, 10)
    b.river("0506", "0606", "major", name="Ourthe")  # prohibited to motorized units without a bridge
    b.unit("B", "German", "armor", (5, 4, 8), (2, 2, 8), at="0506")
    b.unit("CCA", "Allied", "armor", (5, 4, 8), (2, 2, 8), at="0607")
    st = b.state(turn="20DecAM", side="German", phase=Phase.MOVEMENT)
    execute(st, cm.Move(units=("B",), path=("0506", "0606"), build_bridge=True))
    st.phase = Phase.CONSTRUCTION
    for e in bridges.completed_events(st):
        apply(st, e)
    assert bridges.has_bridge(st, "0506", "0606")
    st.pos.pop("B")
    st.pos["CCA"] = "0606"
    st.side, st.phase = "Allied", Phase.MOVEMENT
    st.moved.clear()
    st.mp_spent.clear()
    check(st, cm.Move(units=("CCA",), path=("0606", "0506")))  # the Allies cross the German bridge


def test_18_3A_a_reinforcement_moves_normally_on_16_december():
    """18.3A restricts the Allied units that began the game on the map; a unit that entered the
    map (7.1.3.2A: "moving normally") is neither held by 18.3B nor kept to one hex."""
    b = ScenarioBuilder(12, 10)
    b.unit("front", "Allied", at="0505")
    b.unit("new", "Allied", at="0305")
    b.unit("g", "German", at="1110")
    st = b.state(turn="16DecPM", side="Allied", phase=Phase.MOVEMENT)
    with pytest.raises(IllegalAction) as e:
        initial.check_may_move(st, "front")  # not attacked by Germany
    assert e.value.rule == "18.3B"
    st.entered_turn["new"] = st.turn
    initial.check_may_move(st, "new")
    assert initial.max_hexes(st, "new") is None
    check(st, cm.Move(units=("new",), path=("0305", "0405", "0505", "0605")))


def test_20_4_2E_the_german_mission_of_30_december_may_interdict_a_road_hex():
    """20.4.2E "one air attack", in the interdiction section, is read as one mission."""
    b = CombatBuilder().allied("a", "0605").german("g", "0608")
    b.road("0505", "0605", "0705")
    s = b.build()
    s.turn, s.side = s.turn_number("30DecPM"), "German"
    s.seed = seed_with(2)
    run(s, cc.Interdict(hex="0605"))
    assert "0605" in s.interdicted
    with pytest.raises(IllegalAction):
        run(s, cc.AirAttack(hex="0605"))  # and it is the only one (20.4.2D pairs Allied missions only)

"""8.7 German fuel shortages and 15.6E Manteuffel's protection."""

import pytest

from darkdec_qt.rules import engine
from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core.apply import apply
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.events import PhaseBegan
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.engine import check, execute
from darkdec_qt.rules.movement import move as movement
from darkdec_qt.rules.supply import determination as supply
from tests.rules.builder import ScenarioBuilder
from tests.rules.rules_helpers import cursor, force_dice


def fuel_state(turn="20DecAM", shortage=2, optional=()):
    b = ScenarioBuilder(24, 12)
    b.road("0202", "0302", road="R")
    b.unit("a/2Pz", "German", "armor", (6, 5, 8), (3, 3, 8), division="2Pz", at="1005")
    b.unit("b/2Pz", "German", "armored_infantry", (4, 4, 8), (2, 2, 8), division="2Pz", at="1506")
    b.unit("a/1SS", "German", "armor", (6, 5, 8), (3, 3, 8), division="1SS", nationality="SS", at="1007")
    b.unit("b/1SS", "German", "armor", (6, 5, 8), (3, 3, 8), division="1SS", nationality="SS", at="1008")
    b.unit("a/116", "German", "armor", (6, 5, 8), (3, 3, 8), division="116Pz", at="1009")
    b.unit("b/116", "German", "armor", (6, 5, 8), (3, 3, 8), division="116Pz", arrival="25DecAM", entry=("P",))
    b.unit("a/9Pz", "German", "armor", (6, 5, 8), (3, 3, 8), division="9Pz", at="1203")
    b.unit("b/9Pz", "German", "armor", (6, 5, 8), (3, 3, 8), division="9Pz", at="1204")
    b.unit("150Pz", "German", "armor", (4, 3, 8), (2, 2, 8), at="1303")
    b.unit("FBB", "German", "armor", (7, 5, 8), (3, 3, 8), division="FBB", at="1304")
    b.unit("FGB", "German", "armored_infantry", (5, 5, 8), (2, 2, 8), at="1305")
    b.unit("v/VG", "German", "volksgrenadier", (3, 3, 4), division="18VG", at="1306")
    b.unit("Manteuffel", "German", "leader", (0, 0, 5), None, at="1006")
    st = b.state(turn=turn, side="German", phase=Phase.SUPPLY, optional=optional)
    st.fuel_shortage = shortage
    return st


def test_8_7_roll_begins_with_20_december_am_and_reads_the_table():
    st = fuel_state(turn="19DecPM", shortage=0)
    assert not any(e.kind == "fuel_shortage_set" for e in supply.supply_phase_events(st, cursor(st)))
    st = fuel_state(turn="20DecAM", shortage=0)
    force_dice(st, 5)  # builder table: 5 -> 0 divisions, 1 -> 2 divisions
    ev = [e for e in supply.supply_phase_events(st, cursor(st)) if e.kind == "fuel_shortage_set"]
    assert ev[0].count == 0
    force_dice(st, 1)
    ev = [e for e in supply.supply_phase_events(st, cursor(st)) if e.kind == "fuel_shortage_set"]
    assert ev[0].count == 2


def test_8_7_6_from_10_january_one_more_division():
    for turn, expect in (("9JanPM", 0), ("10JanAM", 1)):
        st = fuel_state(turn=turn, shortage=0)
        force_dice(st, 5)
        ev = [e for e in supply.supply_phase_events(st, cursor(st)) if e.kind == "fuel_shortage_set"]
        assert ev[0].count == expect, turn


def test_8_7_1A_B_allies_choose_the_first_division_germany_the_rest():
    st = fuel_state()
    with pytest.raises(IllegalAction) as e:
        check(st, cm.ChooseFuelDivision(division="2Pz", side="German"))
    assert e.value.rule == "8.7.1A"
    execute(st, cm.ChooseFuelDivision(division="2Pz", side="Allied"))
    assert "2Pz" in st.fuel_depleted and st.fuel_shortage == 1
    with pytest.raises(IllegalAction) as e:
        check(st, cm.ChooseFuelDivision(division="1SS", side="Allied"))
    assert e.value.rule == "8.7.1B"
    execute(st, cm.ChooseFuelDivision(division="1SS", side="German"))
    assert st.fuel_shortage == 0
    with pytest.raises(IllegalAction):
        check(st, cm.ChooseFuelDivision(division="9Pz", side="German"))  # nothing more owed


def test_8_7_2A_3C_division_with_fewer_than_two_units_on_the_map_is_ineligible():
    st = fuel_state()
    with pytest.raises(IllegalAction) as e:
        check(st, cm.ChooseFuelDivision(division="116Pz", side="Allied"))  # one on map, one to come
    assert e.value.rule == "8.7.2A"
    with pytest.raises(IllegalAction):
        check(st, cm.ChooseFuelDivision(division="18VG", side="Allied"))  # not motorized


def test_8_7_3A_B_wholly_unsupplied_division_ineligible_partly_unsupplied_eligible():
    st = fuel_state()
    st.supply.update({"a/9Pz": "unsupplied", "b/9Pz": "isolated"})
    with pytest.raises(IllegalAction):
        check(st, cm.ChooseFuelDivision(division="9Pz", side="Allied"))
    st.supply["b/9Pz"] = "supplied"
    check(st, cm.ChooseFuelDivision(division="9Pz", side="Allied"))


def test_8_7_2C_4_every_unit_of_the_division_is_out_of_supply_wherever_it_is():
    st = fuel_state()
    full = movement.movement_allowance(st, "b/2Pz")
    execute(st, cm.ChooseFuelDivision(division="2Pz", side="Allied"))
    assert movement.movement_allowance(st, "b/2Pz") == -(-full // 2)  # 8.4B halved, rounded up
    assert st.out_of_fuel("a/2Pz") and not st.out_of_fuel("a/9Pz")


def test_8_7_2D_two_of_the_three_independent_brigades_instead_of_a_division():
    st = fuel_state()
    with pytest.raises(IllegalAction) as e:
        check(st, cm.ChooseFuelDivision(division="", side="Allied", brigades=("150Pz",)))
    assert e.value.rule == "8.7.2D"
    with pytest.raises(IllegalAction):
        check(st, cm.ChooseFuelDivision(division="", side="Allied", brigades=("150Pz", "150Pz")))
    with pytest.raises(IllegalAction):
        check(st, cm.ChooseFuelDivision(division="", side="Allied", brigades=("150Pz", "a/9Pz")))
    execute(st, cm.ChooseFuelDivision(division="", side="Allied", brigades=("150Pz", "FBB")))  # FBB: 1-unit division
    assert {"150Pz", "FBB"} <= st.fuel_depleted and "FGB" not in st.fuel_depleted
    assert st.fuel_shortage == 1  # counts as one division
    assert st.out_of_fuel("FBB") and not st.out_of_fuel("FGB")


def test_8_7_5_not_enough_eligible_divisions_has_no_further_effect():
    from darkdec_qt.rules.choices import _fuel_options

    st = fuel_state(shortage=5)
    with pytest.raises(IllegalAction) as e:  # the players choose, the engine does not
        check(st, cm.EndPhase())
    assert e.value.rule == "8.7.1A"
    chosen = []
    while opts := list(_fuel_options(st)):
        chosen += [x.division for x in execute(st, opts[0]) if x.kind == "fuel_depleted"]
    execute(st, cm.EndPhase())  # 8.7.5: nothing more
    brigades = [d for d in chosen if d in ("150Pz", "FBB", "FGB")]
    assert sorted(set(chosen) - set(brigades)) == ["1SS", "2Pz", "9Pz"] and len(brigades) == 2  # 8.7.2D a pair
    assert st.fuel_shortage == 0
    assert st.phase is Phase.REPLACEMENT


def test_8_7_2B_depletion_lasts_until_the_following_german_player_turn():
    st = fuel_state()
    execute(st, cm.ChooseFuelDivision(division="2Pz", side="Allied"))
    apply(st, PhaseBegan(turn=st.turn, side="Allied", phase="supply"))
    assert "2Pz" in st.fuel_depleted  # through the Allied player turn
    apply(st, PhaseBegan(turn=st.turn + 1, side="German", phase="supply"))
    assert not st.fuel_depleted


def test_15_6E_manteuffel_shields_one_non_ss_motorized_division_in_range_from_the_allies():
    st = fuel_state(optional=("15",))
    with pytest.raises(IllegalAction) as e:
        check(st, cm.ProtectFuelDivision(division="1SS"))
    assert e.value.rule == "15.6E" and "SS" in str(e.value)
    with pytest.raises(IllegalAction) as e:
        check(st, cm.ProtectFuelDivision(division="18VG"))
    assert e.value.rule == "15.6E"
    execute(st, cm.ProtectFuelDivision(division="9Pz"))
    with pytest.raises(IllegalAction) as e:
        check(st, cm.ChooseFuelDivision(division="9Pz", side="Allied"))
    assert e.value.rule == "15.6E"
    with pytest.raises(IllegalAction):
        check(st, cm.ProtectFuelDivision(division="2Pz"))  # one division only
    execute(st, cm.ChooseFuelDivision(division="2Pz", side="Allied"))
    execute(st, cm.ChooseFuelDivision(division="9Pz", side="German"))  # Germany itself may still pick it
    apply(st, PhaseBegan(turn=st.turn + 1, side="German", phase="supply"))
    assert st.fuel_protected == ""  # designated anew each turn


def test_15_6E_range_time_and_optional_rule_limits():
    st = fuel_state(optional=("15",))
    st.pos["b/9Pz"] = "2206"  # 12 hexes: outside Manteuffel's range (2 x MA 5)
    with pytest.raises(IllegalAction) as e:
        check(st, cm.ProtectFuelDivision(division="9Pz"))
    assert "range" in str(e.value)
    early = fuel_state(turn="19DecPM", optional=("15",))
    with pytest.raises(IllegalAction):
        check(early, cm.ProtectFuelDivision(division="2Pz"))  # no fuel rolls yet
    without = fuel_state()
    with pytest.raises(IllegalAction) as e:
        check(without, cm.ProtectFuelDivision(division="2Pz"))
    assert e.value.rule == "15.6E"  # the clause of the optional rule that is not in use
    late = fuel_state(optional=("15",))
    execute(late, cm.ChooseFuelDivision(division="2Pz", side="Allied"))
    with pytest.raises(IllegalAction):
        check(late, cm.ProtectFuelDivision(division="9Pz"))  # the Allies have chosen


def test_15_6E_allies_left_without_choice_germany_chooses():
    st = fuel_state(optional=("15",), shortage=1)
    for u in ("a/1SS", "b/1SS", "a/9Pz", "b/9Pz", "150Pz", "FBB", "FGB"):
        del st.pos[u]
    execute(st, cm.ProtectFuelDivision(division="2Pz"))
    events = engine.end_of_phase_events(st, cursor(st))
    assert [(e.division, e.chosen_by) for e in events if e.kind == "fuel_depleted"] == [("2Pz", "German")]

"""8.7.4: "The effects of being out of supply from this rule and those of being normally
unsupplied are identical." Every rule that asks for a supplied unit reads one predicate,
``GameState.supply_status`` / ``is_supplied``; a German unit of a division (or independent
brigade) put out of fuel is not supplied for any of them, until the next German player turn
(8.7.2B). The two departures found first (9.1B, 23.0B) are tested in
``test_rules_index_engine_departures.py``."""

from __future__ import annotations

import pytest

from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core.apply import apply
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.events import PhaseBegan
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.engine import check, execute
from darkdec_qt.rules.movement import restricted
from darkdec_qt.rules.scenarios import victory
from tests.rules.combat_builder import CombatBuilder
from tests.rules.test_08_7_fuel import fuel_state
from tests.rules.test_10_9_restricted import meuse_map


def test_8_7_4_the_predicate_out_of_fuel_is_unsupplied_isolated_stays_isolated_leaders_never():
    st = fuel_state()
    st.supply.update({"a/2Pz": "supplied", "b/2Pz": "isolated", "a/9Pz": "supplied"})
    st.fuel_depleted.update({"2Pz", "150Pz"})
    assert st.supply_status("a/2Pz") == "unsupplied" and not st.is_supplied("a/2Pz")
    assert st.supply_status("b/2Pz") == "isolated"  # 8.5E's halving of defence still applies
    assert st.is_supplied("a/9Pz") and st.is_supplied("FGB")
    assert st.supply_status("150Pz") == "unsupplied"  # 8.7.2D: a brigade named by its unit id
    assert st.is_supplied("Manteuffel")  # 15.5C
    assert st.supply["a/2Pz"] == "supplied"  # the traced status is kept (8.7.3A reads it)


def test_8_7_2B_4_out_of_fuel_lasts_until_the_next_german_supply_phase():
    st = fuel_state()
    execute(st, cm.ChooseFuelDivision(division="2Pz", side="Allied"))
    assert not st.is_supplied("a/2Pz")
    apply(st, PhaseBegan(turn=st.turn + 1, side="German", phase=Phase.SUPPLY.value))
    assert st.is_supplied("a/2Pz")


def test_10_9_1A_and_8_7_4_a_german_unit_out_of_fuel_does_not_activate_british_units():
    st = meuse_map(german_at="0705")  # three hexes from the west bank: a supplied unit activates
    assert restricted.is_activated(st, "Br1")
    st.fuel_depleted.add("g/1")  # named by its unit id, as an independent brigade is (8.7.2D)
    assert not restricted.is_activated(st, "Br1")
    with pytest.raises(IllegalAction) as e:
        check(st, cm.Move(units=("Br1",), path=("0303", "0302")))
    assert e.value.rule == "10.9B"


def test_10_9_1C_and_8_7_4_a_german_unit_out_of_fuel_does_not_release_the_29th_armoured():
    st = meuse_map(german_at="0603")  # four hexes from 29Arm
    assert [e.unit for e in restricted.automatic_releases(st)] == ["29Arm"]
    st.fuel_depleted.add("g/1")
    assert restricted.automatic_releases(st) == []


def test_15_5D_and_8_7_4_a_displaced_leader_is_not_relocated_to_a_unit_out_of_fuel():
    b = CombatBuilder().allied("a", "0302").unit("Model", "German", "0402", a=0, d=0, m=5, type="leader") \
        .german("near", "0404", division="2Pz", type="armor").german("far", "0410", division="9Pz", type="armor")
    b.optional.add("15")
    b.side = "Allied"
    s = b.build()
    s.phase = Phase.MOVEMENT
    s.started = True
    s.fuel_depleted.add("2Pz")
    execute(s, cm.Move(units=("a",), path=("0302", "0402")))
    assert s.pos["Model"] == "0410"


def test_29_0_C_and_8_7_4_a_german_unit_out_of_fuel_is_not_a_supplied_unit_near_the_meuse():
    from tests.rules.conftest_real import init
    from tests.rules.test_victory import _hold

    st = _hold(init(), "German", "St. Vith", "Houffalize", "Marche", "Bastogne")
    near = next(h for h in sorted(st.module.hexes) if victory.near_meuse(st, h) and h not in st.occupancy())
    st.pos["Peiper/1SS"] = near
    st.supply["Peiper/1SS"] = "supplied"
    assert victory.evaluate(st).level == "C"
    st.fuel_depleted.add(st.module.units["Peiper/1SS"].division)
    assert victory.evaluate(st).level == "Tactical"


def test_10_4_8B_and_8_7_4_units_in_strategic_movement_leave_it_when_their_division_runs_out_of_fuel():
    st = fuel_state()
    st.strategic.update({"b/2Pz", "a/9Pz"})
    evs = check(st, cm.ChooseFuelDivision(division="2Pz", side="Allied"))
    assert [e.kind for e in evs] == ["fuel_depleted", "strategic_left"] and evs[1].unit == "b/2Pz"
    execute(st, cm.ChooseFuelDivision(division="2Pz", side="Allied"))
    assert st.strategic == {"a/9Pz"}


def test_10_4_8B_and_8_7_4_the_default_choice_and_the_brigades_leave_strategic_movement_too():
    st = fuel_state(shortage=1)
    st.strategic.update({"150Pz", "FBB", "FGB"})
    execute(st, cm.ChooseFuelDivision(division="", side="Allied", brigades=("150Pz", "FBB")))
    assert st.strategic == {"FGB"}
    st = fuel_state(shortage=1)
    st.strategic.update({"b/1SS", "a/9Pz"})
    from darkdec_qt.rules.supply import fuel

    evs = fuel.auto_events(st)  # 8.7.1B: the engine's default picks 1SS (116Pz has one unit on the map)
    assert [(e.kind, getattr(e, "unit", getattr(e, "division", ""))) for e in evs] == [
        ("fuel_depleted", "1SS"), ("strategic_left", "b/1SS")]


def test_8_7_4_the_battle_readout_names_fuel_depletion_not_a_traced_supply_line():
    """The attack halving of a unit out of fuel is 8.4B's, by 8.7.4: the readout says which cause
    halves it (the traced status of a unit out of fuel is still "supplied")."""
    from darkdec_qt.rules.combat.battle import attack_strength

    st = fuel_state()
    st.supply.update({"a/2Pz": "supplied", "a/9Pz": "unsupplied"})
    st.fuel_depleted.update({"2Pz", "9Pz"})
    v, why = attack_strength(st, "a/2Pz", ("a/2Pz",))
    assert v == 3 and "out of fuel (8.7.4, 8.4B)" in why
    v, why = attack_strength(st, "a/9Pz", ("a/9Pz",))  # no line traced as well: 8.4B itself
    assert v == 3 and "unsupplied (8.4B)" in why and "8.7.4" not in why
    v, why = attack_strength(st, "a/1SS", ("a/1SS",))
    assert v == 6 and "halved" not in why

"""Departures from the rulebook found while checking the rules index against the engine
(sections 5-9 and 16-26), now corrected. Each test states what the clause requires; both failed
until the engine read supply through one predicate for every effect (8.7.4,
``GameState.supply_status``)."""

from __future__ import annotations

import pytest

from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.engine import check
from tests.rules.builder import ScenarioBuilder


def test_9_1B_and_8_7_4_a_unit_out_of_fuel_receives_no_replacement():
    """8.7.4: fuel depletion has the effects of being unsupplied; 9.1B: unsupplied units may not
    receive replacements. A division put out of fuel in the German Supply Phase is still out of
    supply in the Replacement Phase that follows (8.7.2B)."""
    b = ScenarioBuilder(12, 10)
    b.unit("a/2Pz", "German", "armor", (6, 5, 8), (3, 3, 8), division="2Pz", at="0805")
    b.unit("b/2Pz", "German", "armor", (6, 5, 8), (3, 3, 8), division="2Pz", at="0806")
    b.unit("1/A", "Allied", at="0205")
    st = b.state(turn="21DecAM", side="German", phase=Phase.REPLACEMENT)
    st.replacements = {"German/motorized": 2}
    st.reduced.add("a/2Pz")
    st.fuel_depleted.add("2Pz")  # chosen in this player turn's Supply Phase (8.7.1)
    with pytest.raises(IllegalAction) as e:
        check(st, cm.Refit("a/2Pz"))
    assert e.value.rule in ("9.1B", "8.7.4")


def test_23_0B_and_8_7_4_a_unit_out_of_fuel_is_not_a_supplied_unit_near_the_meuse():
    """23.0B asks for "a supplied unit within four hexes of the west side of the Meuse"; a
    division put out of supply by the Fuel Depletion Table is out of supply (8.7.2C, 8.7.4)."""
    from darkdec_qt.rules.scenarios import variants, victory
    from tests.rules.conftest_real import at, init

    st = at(init(), "24DecAM", phase=Phase.MOVEMENT)
    st.optional = frozenset({"23"})
    st.pos["26/12SS"] = st.module.town_hex("Bastogne")
    near = next(h for h in sorted(st.module.hexes) if victory.near_meuse(st, h, 3) and h not in st.occupancy()
                and not victory.west_of_meuse(st, h))
    st.pos["Peiper/1SS"] = near
    st.supply["Peiper/1SS"] = "supplied"
    assert variants.conditional_condition(st)  # supplied: the condition holds
    st.fuel_depleted.add(st.module.units["Peiper/1SS"].division)  # its division is out of fuel (8.7.1)
    assert not variants.conditional_condition(st)

"""The reconstructed set-ups of the scenarios whose unit manifests are lost (6.0E: Turning
Point, Final Fury, The Reduction), checked against the derivation's own promises
(scenarios/scenario_setup.py, docs/scenarios.md "Derived set-ups"): which units are in play,
the historical losses, one combat unit a hex on its own side of the front, leaders behind
it, 10.9 restricted units behind their river line, 10.8 withdrawals made, road control
following the front, and the map divided by the nearest town (ties to the Allies)."""

from __future__ import annotations

from collections import Counter

import pytest

from darkdec_qt import hexgrid, mapregions
from darkdec_qt.rules.core.tables import tables
from darkdec_qt.rules.movement import restricted, withdrawals
from darkdec_qt.rules.scenarios import scenario_setup as ss
from darkdec_qt.rules.scenarios.setup import initial_state
from tests.rules.builder import ScenarioBuilder
from tests.rules.conftest_real import real_module

DERIVED = ("turning_point", "final_fury", "reduction")


def _derived(scenario, optional=("15",)):
    return initial_state(real_module(), scenario, "1", optional=optional)


@pytest.fixture(params=DERIVED)
def st(request):
    """Built for each test (0.2 s): mutmut runs a mutant's tests by the functions each test
    called, and a state built once for the module would be built inside one test only."""
    return _derived(request.param)


def _campaign_units(st):
    """The Campaign Game's units in play at the start plus its reinforcements due before ``st``'s first turn."""
    camp = initial_state(real_module(), "campaign", "1", optional=("15",))
    return set(camp.pos) | {u for u, t in camp.pending.items() if t < st.turn}


def test_6_0E_the_units_in_play_are_the_campaigns_and_its_earlier_reinforcements(st):
    in_play = _campaign_units(st)
    accounted = set(st.pos) | st.eliminated | st.withdrawn
    assert accounted == in_play
    assert not set(st.pos) & (st.eliminated | st.withdrawn)
    assert all(t >= st.turn for t in st.pending.values())
    assert not set(st.pending) & in_play
    assert not st.to_place and not st.reserve and not st.fortifications


def test_6_0E_the_historical_losses_are_taken(st):
    elim, red = ss.HISTORICAL_LOSSES[st.scenario]
    in_play = _campaign_units(st)
    assert {u for u in elim if u in in_play} <= st.eliminated
    units = real_module().units
    lost = Counter(units[u].side for u in st.eliminated)
    assert st.destroyed_count == dict(lost)
    assert lost["Allied"] >= 3 and lost["German"] >= 1
    want_reduced = {u for u in red if u in st.pos and units[u].reduced is not None}
    assert want_reduced and want_reduced <= st.reduced
    assert st.reduced <= set(red)


def test_6_0E_one_combat_unit_a_hex_on_its_own_side_and_never_where_it_cannot_go(st):
    m = real_module()
    side_of = ss.partition(st, ss.GERMAN_HELD[st.scenario])
    t = tables(m)
    combat = {u: h for u, h in st.pos.items() if not m.units[u].is_leader}
    assert max(Counter(combat.values()).values()) == 1
    sides = Counter(m.units[u].side for u in combat)
    assert sides["Allied"] > 20 and sides["German"] > 20
    for u, h in combat.items():
        assert side_of[h] == m.units[u].side, (u, h)
        assert t.hex_cost[m.units[u].unit_class][h] is not None, (u, h)


def test_6_0E_leaders_stand_three_or_more_hexes_behind_the_front(st):
    m = real_module()
    side_of = ss.partition(st, ss.GERMAN_HELD[st.scenario])
    leaders = [u for u in st.pos if m.units[u].is_leader]
    assert len(leaders) >= 2
    for u in leaders:
        side = m.units[u].side
        ring = ss._rings(st, side_of, side)
        assert ring[st.pos[u]] >= 3, (u, st.pos[u])


def test_6_0E_without_rule_15_no_leader_is_placed():
    st = _derived("final_fury", optional=())
    assert not any(real_module().units[u].is_leader for u in st.pos)


def test_10_9_in_a_derived_set_up_unreleased_units_stand_in_their_zone_and_not_at_the_front(st):
    m = real_module()
    held = [u for u in st.pos if restricted.is_restricted_unit(st, u) and not restricted.is_released(st, u)]
    for u in held:
        nat = "US" if m.units[u].nationality == "US" else "British"
        assert st.pos[u] in mapregions.restricted_zone(m, nat), (u, st.pos[u])
    assert held or st.scenario == "turning_point"


def test_10_9_2B_the_11th_armored_and_the_17th_airborne_are_released_by_their_dates():
    m = real_module()
    for scenario, released, held in (("final_fury", restricted.is_11th_armored, restricted.is_17th_airborne),
                                      ("reduction", restricted.is_17th_airborne, None)):
        st = _derived(scenario)
        rel = [u for u in st.pos if released(m.units[u])]
        assert rel and all(u in st.released for u in rel), scenario
        if held is not None:
            assert not any(held(m.units[u]) for u in st.released)


def test_10_8B_the_10th_armored_has_left_before_final_fury():
    m = real_module()
    for scenario in ("final_fury", "reduction"):
        st = _derived(scenario)
        tenth = [u for u in m.units if withdrawals.is_10th_armored(m.units[u])]
        assert tenth and all(u in st.withdrawn for u in tenth if u not in st.eliminated), scenario
        assert not any(u in st.pos for u in tenth)
    st = _derived("turning_point")
    assert not any(withdrawals.is_10th_armored(m.units[u]) for u in st.withdrawn)


def test_5_7_road_control_follows_the_front_and_the_units_on_the_road(st):
    m = real_module()
    side_of = ss.partition(st, ss.GERMAN_HELD[st.scenario])
    at = {h: m.units[u].side for u, h in st.pos.items()}
    towns = [h for h, hx in m.hexes.items() if hx.town]
    for h in list(m.road_links) + towns:
        assert st.road_control[h] == at.get(h, side_of.get(h, "Allied")), h


def test_6_0E_the_map_is_divided_by_the_nearest_town_ties_to_the_allies_army_areas_german():
    b = ScenarioBuilder(cols=9, rows=3)
    b.town("0102", "Westburg").town("0502", "Middletown").town("0902", "Eastheim")
    b.army("7A", "0802")
    m = b.build()
    st = initial_state(m, "test", "seed")
    side = ss.partition(st, ("Eastheim",))
    assert side["0102"] == "Allied" and side["0502"] == "Allied"
    assert side["0902"] == "German" and side["0802"] == "German"  # an army-area hex, whoever is nearer
    d = {h: (hexgrid.distance(h, "0502"), hexgrid.distance(h, "0902")) for h in m.hexes}
    tie = [h for h, (a, g) in d.items() if a == g and not m.hexes[h].army]
    assert tie and all(side[h] == "Allied" for h in tie)
    nearer_german = [h for h, (a, g) in d.items() if g < a]
    assert nearer_german and all(side[h] == "German" for h in nearer_german)
    side2 = ss.partition(st, ("Middletown",))  # held towns are seeds of their holder
    assert side2["0502"] == "German" and side2["0102"] == "Allied"

"""6.2 historical set-up from the module's historical positions, and 10.9 in the derived
set-ups of the later scenarios (issue 13)."""

from __future__ import annotations

import dataclasses

import pytest

from darkdec_qt import mapregions
from darkdec_qt.rules import restricted
from darkdec_qt.rules.setup import initial_state
from tests.rules.conftest_real import init, real_module

ARMIES = ("5PZA", "6PZA", "7A")


def test_6_2_germans_stand_on_their_historical_hexes():
    m = real_module()
    st = init(setup="historical")
    hist = m.historical_positions("16DecAM")
    german = [u for u, s in m.units.items() if s.side == "German" and s.setup in ARMIES
              and not s.is_leader]  # leaders are in play only with rule 15 (5.4); init() has none
    assert german and all(st.pos[u] == hist[u] for u in german)
    assert not any(m.hexes[st.pos[u]].entry for u in german)  # 25/12SS no longer on 5001
    # the Losheim gap is held: the 3rd FJ stands within two hexes of Losheim
    losheim = m.town_hex("Losheim")
    from darkdec_qt import hexgrid

    assert all(hexgrid.distance(st.pos[u], losheim) <= 2 for u in german if m.units[u].division == "3FJ")


def test_6_2_without_historical_rows_falls_back_to_automatic_placement():
    m = dataclasses.replace(real_module(), historical=())
    st = initial_state(m, "campaign", "1", optional=(), setup="historical")
    auto = init()
    assert {u: h for u, h in st.pos.items()} == {u: h for u, h in auto.pos.items()}


def test_6_2_position_outside_the_army_area_is_not_used():
    """A historical row that breaks 6.1A is left to the automatic placement."""
    m = real_module()
    bad = [dataclasses.replace(p, hex="3022") if p.unit == "316/212" else p for p in m.historical]
    st = initial_state(dataclasses.replace(m, historical=tuple(bad)), "campaign", "1", optional=(), setup="historical")
    assert st.pos["316/212"] != "3022" and m.hexes[st.pos["316/212"]].army == "7A"


@pytest.mark.parametrize("scenario", ["turning_point", "final_fury", "reduction"])
def test_10_9_restricted_units_stand_behind_their_river_line(scenario):
    m = real_module()
    st = init(scenario=scenario)
    held = 0
    for u, h in st.pos.items():
        if restricted.is_restricted_unit(st, u) and not restricted.is_released(st, u):
            held += 1
            nat = "US" if m.units[u].nationality == "US" else "British"
            assert h in mapregions.restricted_zone(m, nat), (u, h)
    assert held > 0 or scenario == "turning_point"


def test_10_9_2B_automatic_releases_before_the_first_turn():
    ff = init(scenario="final_fury")
    assert {"11Arm/CCA", "11Arm/CCB", "11Arm/CCR"} <= ff.released
    assert not any(u.startswith("17/") for u in ff.released)
    red = init(scenario="reduction")
    assert {"17/194", "17/507", "17/513"} <= red.released


def test_derived_setup_starts_from_the_dated_historical_positions():
    """Final Fury (29 Dec): the 1st SS stands by the Bastogne corridor (its data row for
    29DecAM), not at La Gleize (its 22 Dec anchor)."""
    from darkdec_qt import hexgrid

    m = real_module()
    st = init(scenario="final_fury")
    dated = m.historical_positions("29DecAM")
    ss = [u for u in st.pos if m.units[u].division == "1SS" and not m.units[u].is_leader]
    assert ss and all(u in dated for u in ss)
    corridor, gleize = m.town_hex("Villers-la-Bonne-Eau"), m.town_hex("La Gleize")
    assert all(hexgrid.distance(st.pos[u], corridor) <= 3 < hexgrid.distance(st.pos[u], gleize) for u in ss)


def test_turning_point_starts_from_the_22_december_positions():
    """Turning Point (AM 22 Dec): every unit in play has a dated row (data/historical.csv)
    and stands within three hexes of it; the 101st holds Bastogne, Peiper stands by La Gleize."""
    from darkdec_qt import hexgrid

    m = real_module()
    st = init(scenario="turning_point")
    dated = m.historical_positions("22DecAM")
    combat = [u for u in st.pos if not m.units[u].is_leader]
    assert combat and all(u in dated for u in combat)
    far = [u for u in combat if hexgrid.distance(st.pos[u], dated[u]) > 3]
    assert not far, far
    bastogne = m.town_hex("Bastogne")
    assert all(hexgrid.distance(st.pos[u], bastogne) <= 1 for u in combat if m.units[u].division == "101")
    assert hexgrid.distance(st.pos["Peiper/1SS"], m.town_hex("La Gleize")) <= 1


def test_10_9_restricted_unit_stands_at_its_dated_position_behind_the_meuse():
    """The 29th Armd Bde (restricted, 10.9.1) holds the Meuse at Dinant on 22 Dec: its
    dated hex is west of the river, so it stands there rather than at its entry hex."""
    m = real_module()
    st = init(scenario="turning_point")
    h = m.historical_positions("22DecAM")["29Arm"]
    assert h in mapregions.restricted_zone(m, "British")
    assert st.pos["29Arm"] == h


def test_turning_point_goose_egg_holds_poteau_until_the_salm_withdrawal():
    """22 Dec: the 7th Armd still holds Poteau and the goose egg west of St. Vith (German
    since the night of 21-22 Dec); Poteau is German from 29 Dec (withdrawal of 22-23 Dec)."""
    from darkdec_qt.rules import victory

    m = real_module()
    st = init(scenario="turning_point")
    assert st.pos["7Arm/CCA"] == m.town_hex("Poteau")
    assert victory.town_control(st, "Poteau") == "Allied" and victory.town_control(st, "St. Vith") == "German"
    assert victory.town_control(init(scenario="final_fury"), "Poteau") == "German"

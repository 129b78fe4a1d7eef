"""6.2 historical set-up from the module's historical positions, and 10.9 in the derived
set-ups of the later scenarios (docs/scenarios.md, "Derived set-ups")."""

from __future__ import annotations

import dataclasses

import pytest

from darkdec_qt import mapregions
from darkdec_qt.rules.movement import restricted
from darkdec_qt.rules.scenarios.setup import initial_state
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
    from darkdec_qt.rules.scenarios import victory

    m = real_module()
    st = init(scenario="turning_point")
    assert st.pos["7Arm/CCA"] == m.town_hex("Poteau")
    assert victory.town_control(st, "Poteau") == "Allied" and victory.town_control(st, "St. Vith") == "German"
    assert victory.town_control(init(scenario="final_fury"), "Poteau") == "German"


@pytest.mark.parametrize("scenario", ["final_fury", "reduction"])
def test_every_unit_in_play_starts_from_its_dated_position(scenario):
    """Final Fury (AM 29 Dec) and Reduction (AM 3 Jan): every non-leader unit in play has a
    dated row (data/historical.csv) and stands within three hexes of it."""
    from darkdec_qt import hexgrid

    m = real_module()
    st = init(scenario=scenario)
    dated = m.historical_positions(m.scenarios[scenario].first_turn)
    combat = [u for u in st.pos if not m.units[u].is_leader]
    assert combat and not [u for u in combat if u not in dated]
    far = [(u, st.pos[u], dated[u]) for u in combat if hexgrid.distance(st.pos[u], dated[u]) > 3]
    assert not far, far


def _near(st, units, hex_id, d):
    from darkdec_qt import hexgrid

    return bool(units) and all(hexgrid.distance(st.pos[u], hex_id) <= d for u in units)


def test_reduction_the_ss_panzer_divisions_stand_at_bastogne_not_on_the_northern_shoulder():
    """3 Jan: the 12th SS (Bourcy-Mageret) and the 9th SS (Longchamps) attack Bastogne; on
    29 Dec the 12th SS had already left Butgenbach: its 25th PzGr Regt after the Sadzot attack
    near Erezee (28 Dec), the rest seized by OB West for Bastogne (Cole pp.601-602)."""
    m = real_module()
    red, ff = init(scenario="reduction"), init(scenario="final_fury")
    bastogne, butgenbach, erezee = m.town_hex("Bastogne"), m.town_hex("Bütgenbach"), m.town_hex("Erezée")
    for div in ("12SS", "9SS"):
        units = [u for u in red.pos if m.units[u].division == div]
        assert _near(red, units, bastogne, 4), [(u, red.pos[u]) for u in units]
    ss12 = [u for u in ff.pos if m.units[u].division == "12SS"]
    assert _near(ff, ["25/12SS"], erezee, 3)
    assert not any(_near(ff, [u], butgenbach, 10) for u in ss12)


def test_reduction_the_87th_before_st_hubert_and_the_6th_armored_east_of_bastogne():
    """3 Jan: the 87th Inf at Moircy-Remagne and before St. Hubert (VIII Corps attack of 30 Dec);
    the 6th Armd east of Bastogne (Neffe-Bizory, Cole ch. XXIV)."""
    from darkdec_qt.model.projection import hex_of

    m = real_module()
    st = init(scenario="reduction")
    moircy = hex_of(50.000, 5.485)
    inf87 = [u for u in st.pos if m.units[u].division == "87"]
    # the 345th (Remagne) and 347th (Moircy) east of St. Hubert; the 346th blocks St. Hubert (Cole p.643)
    assert len(inf87) == 3 and sum(_near(st, [u], moircy, 2) for u in inf87) >= 2
    assert _near(st, ["87/346"], m.town_hex("St. Hubert"), 2)
    bastogne = m.town_hex("Bastogne")
    arm6 = [u for u in st.pos if m.units[u].division == "6Arm"]
    # east of the town (the hexes there are few: the 101st's 501st and the 4th Armd hold some)
    assert _near(st, arm6, bastogne, 3) and sum(st.pos[u][:2] > bastogne[:2] for u in arm6) >= 2


def test_final_fury_reserves_stay_in_reserve_and_the_sure_front_of_29_december():
    """29 Dec: the 28th Inf (its 109th) holds the VIII Corps line at Neufchateau, six hexes behind the
    front, where its dated row puts it; the 26th Inf is over the Sure at Esch (26-27 Dec) and
    the 5th Inf at Beaufort (the 276th VG back over the Sauer), German on 22 Dec."""
    from darkdec_qt.rules.scenarios import victory

    m = real_module()
    ff, tp = init(scenario="final_fury"), init(scenario="turning_point")
    assert _near(ff, ["28/109"], m.town_hex("Neufchâteau"), 2)
    for town in ("Esch-sur-Sûre", "Beaufort"):
        assert victory.town_control(tp, town) == "German" and victory.town_control(ff, town) == "Allied"

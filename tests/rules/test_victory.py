"""29.0, 26.8D, 26.9B, 26.20A victory levels, and the reconstructed scenario conditions."""

from __future__ import annotations

import pytest

from darkdec_qt.rules.core.events import GameEnded
from darkdec_qt.rules.scenarios import variants as var
from darkdec_qt.rules.scenarios import victory
from tests.rules.conftest_real import at, dice, init


def _hold(st, side, *towns):
    for t in towns:
        h = st.module.town_hex(t)
        for u in [u for u, hh in st.pos.items() if hh == h]:
            del st.pos[u]
        st.road_control[h] = side
    return st


def _exit(st, unit, hex_id, points):
    st.pos.pop(unit, None)
    st.exited.add(unit)
    st.exited_at[unit] = hex_id
    st.exit_points[unit] = points


def _area_hex(st, area):
    return next(h for h, hx in sorted(st.module.hexes.items()) if hx.entry == area)


def test_campaign_starts_as_allied_victory_with_needs_in_words():
    v = victory.evaluate(init())
    assert (v.level, v.winner, v.final) == ("Allied", "Allied", False)
    assert any("St. Vith" in n for n in v.needs["German"])
    assert "If the game ended now" in v.text()


def test_29_0_levels_tactical_and_draw_26_8D():
    st = _hold(init(), "German", "St. Vith", "Houffalize")
    assert victory.evaluate(st).level == "Draw"
    _hold(st, "German", "Marche")
    assert victory.evaluate(st).level == "Tactical"
    _hold(st, "German", "Bastogne")
    assert victory.evaluate(st).level == "Tactical"  # no supplied unit near the Meuse
    near = next(h for h in sorted(st.module.hexes) if victory.near_meuse(st, h) and h not in st.occupancy())
    st.pos["Peiper/1SS"] = near
    st.supply["Peiper/1SS"] = "supplied"
    assert victory.evaluate(st).level == "C"


def test_29_0_A_and_B_by_exits_and_sudden_death():
    st = init()
    _exit(st, "Peiper/1SS", _area_hex(st, "B"), 7)
    assert victory.evaluate(st).level == "Allied" and not victory.sudden_death(st)
    _exit(st, "1/1SS", _area_hex(st, "C"), 6)
    assert victory.evaluate(st).level == "B" and victory.sudden_death(st)
    _exit(st, "2/1SS", _area_hex(st, "F"), 10)
    _exit(st, "16/116Pz", _area_hex(st, "G"), 10)
    assert victory.evaluate(st).level == "A"
    s = at(st, "20DecAM")
    assert any(isinstance(e, GameEnded) for e in var.phase_hook(s, dice(s)))


def test_26_8D_small_solution_only_tactical_or_draw():
    st = init("26.8")
    _exit(st, "2/1SS", _area_hex(st, "F"), 25)
    _hold(st, "German", "St. Vith", "Houffalize", "Bastogne", "Marche")
    v = victory.evaluate(st)
    assert v.level == "Tactical" and not victory.sudden_death(st)
    g = init()
    g.vc_choice = "small_solution"
    _exit(g, "2/1SS", _area_hex(g, "F"), 25)
    assert victory.evaluate(g).level == "Allied"


def test_26_9B_luxembourg_exit_hexes_2333_to_3333():
    st = init("26.9")
    _exit(st, "2/1SS", _area_hex(st, "F"), 25)
    assert victory.evaluate(st).level == "Allied"
    _exit(st, "16/116Pz", "2833", 20)
    assert victory.evaluate(st).level == "A"
    assert victory.exit_totals(st)["A"] == 20
    st2 = init()
    st2.vc_choice = "luxembourg"
    _exit(st2, "16/116Pz", "3333", 20)
    assert victory.evaluate(st2).level == "A"


def test_turning_point_uses_the_historical_set():
    st = init(scenario="turning_point")
    assert st.turn == 13
    v = victory.evaluate(st)
    assert v.level in ("Draw", "Allied", "Tactical") and set(v.towns) == {"Bastogne", "Marche", "St. Vith",
                                                                        "Houffalize"}


def test_herbstnebel_counts_objective_towns():
    st = init(scenario="herbstnebel")
    names = ["St. Vith", "Houffalize", "Malmedy", "Elsenborn", "Rocherath", "Monschau"]
    assert victory.evaluate(st).level == "Allied"
    _hold(st, "German", *names[1:4])
    assert victory.evaluate(st).level == "Draw"
    _hold(st, "German", names[4])
    assert victory.evaluate(st).level == "Marginal"
    _hold(st, "German", names[5])
    assert victory.evaluate(st).level == "Marginal"  # six, but neither St. Vith nor Bastogne
    _hold(st, "German", "St. Vith")
    assert victory.evaluate(st).level == "Decisive"


def test_final_fury_bastogne_and_its_corridor():
    st = init(scenario="final_fury")
    assert victory.evaluate(st).level == "Draw"
    b = st.module.town_hex("Bastogne")
    garrison = [u for u, h in st.pos.items() if h == b and st.spec(u).side == "Allied"]
    assert garrison
    for u in garrison:
        st.supply[u] = "isolated"
    assert victory.evaluate(st).level == "German"
    for u in garrison:
        st.supply[u] = "supplied"
    _hold(st, "Allied", "Houffalize")
    assert victory.evaluate(st).level == "Allied"


def test_reduction_allied_recapture():
    st = init(scenario="reduction")
    assert victory.evaluate(st).level == "German"
    _hold(st, "Allied", "Houffalize")
    assert victory.evaluate(st).level == "Draw"
    _hold(st, "Allied", "St. Vith")
    assert victory.evaluate(st).level == "Marginal"


@pytest.mark.parametrize("scenario", ["campaign", "extended", "herbstnebel", "turning_point", "final_fury",
                                      "reduction"])
def test_every_scenario_town_exists_on_the_map(scenario):
    st = init(scenario=scenario)
    v = victory.evaluate(st)
    for t in v.towns:
        assert st.module.town_hex(t), t
    assert v.text()

"""The verdict in words (29.0, 26.8D, 26.9B and the reconstructed conditions of docs/scenarios.md):
each scenario's level, winner, reason and what each side still needs, word for word, since the
status dock, the report and the computer opponent's notes print them."""

from __future__ import annotations

from dataclasses import replace

import pytest

from darkdec_qt.rules.scenarios import victory
from tests.rules.conftest_real import init
from tests.rules.test_victory import _area_hex, _exit, _hold

HERBSTNEBEL = ["St. Vith", "Houffalize", "Malmedy", "Elsenborn", "Rocherath", "Monschau", "Echternach", "Ettelbruck",
               "Vielsalm", "Bastogne"]
SIX = ["Houffalize", "St. Vith", "La Roche", "Vielsalm", "Bastogne", "Marche"]


def said(st):
    v = victory.evaluate(st)
    return v.level, v.winner, v.name, v.reason, v.needs["German"], v.needs["Allied"]


def _ww_hexes(st):
    return {h for h, hx in st.module.hexes.items() if hx.westwall}


def _clear_westwall(st):
    """No Allied unit in or next to a Westwall hex."""
    ww = _ww_hexes(st)
    for u, h in list(st.pos.items()):
        if st.spec(u).side == "Allied" and (h in ww or set(st.module.adjacency[h]) & ww):
            del st.pos[u]
    return st


def _free_hex_by_westwall(st, inside=False):
    ww = _ww_hexes(st)
    taken = set(st.pos.values())
    return next(h for h in sorted(st.module.hexes) if h not in taken and (h in ww) == inside
                and (inside or set(st.module.adjacency[h]) & ww))


# --- Reduction of the Bulge (reconstructed: Houffalize and St. Vith, the six towns, the Westwall) ------------


def test_reduction_german_victory_while_germany_holds_houffalize_and_st_vith():
    assert said(init(scenario="reduction")) == (
        "German", "German", "German victory", "Germany holds Houffalize and St. Vith",
        ["hold Houffalize and St. Vith"], ["take Houffalize", "take St. Vith", "take La Roche", "take Vielsalm"])


def test_reduction_draw_names_the_one_key_town_the_allies_hold():
    st = _hold(init(scenario="reduction"), "Allied", "St. Vith")
    assert said(st) == ("Draw", "none", "Draw", "the Allies hold St. Vith only", ["retake St. Vith"],
                        ["take Houffalize", "take La Roche", "take Vielsalm"])


def test_reduction_marginal_then_decisive_needs_all_six_towns_and_the_westwall():
    st = _clear_westwall(_hold(init(scenario="reduction"), "Allied", "Houffalize", "St. Vith"))
    assert said(st) == ("Marginal", "Allied", "Allied marginal victory", "the Allies hold Houffalize and St. Vith",
                        ["retake Houffalize or St. Vith"],
                        ["take La Roche", "take Vielsalm", "reach a hex adjacent to the Westwall"])
    _hold(st, "Allied", "La Roche", "Vielsalm")
    assert said(st)[0] == "Marginal"  # all six towns, nobody at the Westwall
    assert said(st)[5] == ["reach a hex adjacent to the Westwall"]
    st.pos["1/16"] = _free_hex_by_westwall(st)
    assert said(st) == ("Decisive", "Allied", "Allied decisive victory",
                        "the Allies hold all six towns and stand at the Westwall", [], [])


def test_reduction_an_allied_unit_in_a_westwall_hex_stands_at_the_westwall():
    st = _clear_westwall(_hold(init(scenario="reduction"), "Allied", *SIX))
    st.pos["1/16"] = _free_hex_by_westwall(st, inside=True)
    assert said(st)[0] == "Decisive"


def test_reduction_allied_units_at_the_westwall_without_all_six_towns_is_not_decisive():
    st = _hold(_hold(init(scenario="reduction"), "Allied", *SIX[:5]), "German", "Marche")
    assert victory._allied_at_westwall(st)
    assert said(st)[:2] == ("Marginal", "Allied")
    assert said(st)[5] == ["take Marche"]


def test_reduction_a_german_unit_at_the_westwall_is_not_the_allies_there():
    st = _clear_westwall(_hold(init(scenario="reduction"), "Allied", *SIX))
    st.pos["1/1SS"] = _free_hex_by_westwall(st)
    assert said(st)[0] == "Marginal"


def test_reduction_an_allied_commander_alone_at_the_westwall_is_not_the_allies_there():
    """A commander holds no town and garrisons nothing (leaders are left out of every condition)."""
    st = _clear_westwall(_hold(init(scenario="reduction"), "Allied", *SIX))
    st.pos["Hodges"] = _free_hex_by_westwall(st)
    assert said(st)[0] == "Marginal"


# --- Final Fury (reconstructed: Bastogne and its corridor) ---------------------------------------------------


def test_final_fury_german_victory_when_germany_holds_bastogne():
    st = _hold(init(scenario="final_fury"), "German", "Bastogne")
    assert said(st) == ("German", "German", "German victory", "Germany holds Bastogne", [],
                        ["retake Bastogne and reopen its corridor"])


def test_final_fury_german_victory_when_every_allied_unit_in_bastogne_is_cut_off():
    st = init(scenario="final_fury")
    b = st.module.town_hex("Bastogne")
    garrison = [u for u, h in st.pos.items() if h == b]
    st.pos["1/16"] = b
    for u in garrison:
        st.supply[u] = "isolated"
    assert said(st)[0] == "Draw"  # one garrison unit still supplied
    st.supply["1/16"] = "isolated"
    assert said(st) == ("German", "German", "German victory", "Bastogne's garrison is cut off", [],
                        ["retake Bastogne and reopen its corridor"])


def test_final_fury_an_empty_allied_bastogne_is_not_cut_off():
    st = init(scenario="final_fury")
    b = st.module.town_hex("Bastogne")
    for u in [u for u, h in st.pos.items() if h == b]:
        del st.pos[u]
    st.road_control[b] = "Allied"
    assert said(st)[0] == "Draw"
    st.pos["Patton"] = b  # a commander is no garrison (and never out of supply, 15.5C)
    assert said(st)[0] == "Draw"
    st.pos["1/16"] = b
    st.supply["1/16"] = "isolated"
    assert said(st)[0] == "German"  # the garrison is cut off, whatever the commander's supply


def test_final_fury_allied_victory_names_the_towns_the_allies_hold():
    st = _hold(init(scenario="final_fury"), "Allied", "La Roche")
    assert said(st) == ("Allied", "Allied", "Allied victory",
                        "Bastogne is Allied and supplied, and the Allies hold La Roche",
                        ["take Bastogne or cut its supply"], [])
    _hold(st, "Allied", "Houffalize")
    assert said(st)[3] == "Bastogne is Allied and supplied, and the Allies hold Houffalize or La Roche"
    st = _hold(init(scenario="final_fury"), "Allied", "Houffalize")
    assert said(st)[3] == "Bastogne is Allied and supplied, and the Allies hold Houffalize"


def test_final_fury_draw_while_bastogne_holds_and_germany_keeps_houffalize_and_la_roche():
    assert said(init(scenario="final_fury")) == (
        "Draw", "none", "Draw", "Bastogne holds but Germany keeps Houffalize and La Roche",
        ["take Bastogne or cut its supply"], ["take Houffalize or La Roche"])


# --- Herbstnebel (reconstructed: ten first-objective towns) --------------------------------------------------


def test_herbstnebel_allied_victory_counts_what_germany_lacks():
    st = init(scenario="herbstnebel")
    assert said(st) == ("Allied", "Allied", "Allied victory", "Germany controls only 0 objective towns",
                        ["take 3 more objective towns for a Draw, 4 for a marginal victory"],
                        ["hold St. Vith", "hold Houffalize", "hold Malmedy", "hold Elsenborn"])
    _hold(st, "German", "Malmedy", "Elsenborn")
    assert said(st) == ("Allied", "Allied", "Allied victory", "Germany controls only 2 objective towns",
                        ["take 1 more objective towns for a Draw, 2 for a marginal victory"],
                        ["hold St. Vith", "hold Houffalize", "hold Rocherath", "hold Monschau"])


def test_herbstnebel_draw_at_three_towns():
    st = _hold(init(scenario="herbstnebel"), "German", "Malmedy", "Elsenborn", "Rocherath")
    assert said(st) == ("Draw", "none", "Draw", "Germany controls 3 objective towns", ["take one more town"],
                        ["hold St. Vith", "hold Houffalize", "hold Monschau", "hold Echternach"])


def test_herbstnebel_marginal_from_four_towns_and_what_a_decisive_victory_needs():
    st = _hold(init(scenario="herbstnebel"), "German", "Malmedy", "Elsenborn", "Rocherath", "Monschau")
    allied = ["hold St. Vith", "hold Houffalize", "hold Echternach", "hold Ettelbruck"]
    assert said(st) == ("Marginal", "German", "German marginal victory", "Germany controls 4 objective towns",
                        ["take 2 more towns", "take St. Vith or Bastogne for a decisive victory"], allied)
    _hold(st, "German", "Bastogne")
    assert said(st) == ("Marginal", "German", "German marginal victory", "Germany controls 5 objective towns",
                        ["take 1 more towns"], allied)
    st = _hold(init(scenario="herbstnebel"), "German", *HERBSTNEBEL[2:8])
    assert said(st) == ("Marginal", "German", "German marginal victory", "Germany controls 6 objective towns",
                        ["take St. Vith or Bastogne for a decisive victory"],
                        ["hold St. Vith", "hold Houffalize", "hold Vielsalm", "hold Bastogne"])


@pytest.mark.parametrize("key", ["St. Vith", "Bastogne"])
def test_herbstnebel_decisive_at_six_towns_with_st_vith_or_bastogne(key):
    st = _hold(init(scenario="herbstnebel"), "German", key, *HERBSTNEBEL[2:7])
    v = said(st)
    assert v[:4] == ("Decisive", "German", "German decisive victory",
                     "Germany controls 6 of the 10 objective towns, with St. Vith or Bastogne")
    assert v[4] == [] and len(v[5]) == 4
    assert said(_hold(st, "German", *HERBSTNEBEL))[3:] == (
        "Germany controls 10 of the 10 objective towns, with St. Vith or Bastogne", [], [])


# --- Extended Campaign (29.0 A/B at any time, then six key towns) --------------------------------------------


def test_extended_counts_the_six_key_towns():
    st = init(scenario="extended")
    assert said(st) == ("Allied", "Allied", "Allied victory", "Germany controls 0 of the 6 objective towns",
                        ["take 1 more of the objective towns for Draw"], [])
    assert victory.evaluate(st).exits == {"A": 0, "B": 0}
    _hold(st, "German", "St. Vith")
    assert said(st) == ("Draw", "none", "Draw", "Germany controls 1 of the 6 objective towns",
                        ["take 1 more of the objective towns for German Tactical Victory"], ["retake St. Vith"])
    _hold(st, "German", "Vielsalm")
    assert said(st) == ("Tactical", "German", "German Tactical Victory", "Germany controls 2 of the 6 objective towns",
                        ["take 1 more of the objective towns for German marginal victory"],
                        ["retake St. Vith", "retake Vielsalm"])
    _hold(st, "German", "Houffalize")
    assert said(st) == ("C", "German", "German marginal victory", "Germany controls 3 of the 6 objective towns", [],
                        ["retake Houffalize", "retake St. Vith", "retake Vielsalm"])
    _hold(st, "German", "La Roche")
    assert said(st)[3:] == ("Germany controls 4 of the 6 objective towns", [],
                            ["retake La Roche", "retake Houffalize", "retake St. Vith"])  # the first three


def test_extended_26_8D_small_solution_tops_at_tactical_victory():
    st = _hold(init("26.8", scenario="extended"), "German", "St. Vith")
    assert said(st) == ("Draw", "none", "Draw", "Germany controls 1 of the 6 objective towns",
                        ["take 1 more of the objective towns for German Tactical Victory"], ["retake St. Vith"])
    _hold(st, "German", "Vielsalm")
    assert said(st) == ("Tactical", "German", "German Tactical Victory", "Germany controls 2 of the 6 objective towns",
                        [], ["retake St. Vith", "retake Vielsalm"])
    _hold(st, "German", "Houffalize")
    assert said(st)[:4] == ("Tactical", "German", "German Tactical Victory",
                            "Germany controls 3 of the 6 objective towns")
    st = init(scenario="extended")
    st.vc_choice = "small_solution"
    _hold(st, "German", "St. Vith", "Vielsalm", "Houffalize")
    assert said(st)[0] == "Tactical"


def test_extended_29_0_A_and_B_at_any_time():
    st = init(scenario="extended")
    _exit(st, "2/1SS", _area_hex(st, "F"), 19)
    _exit(st, "1/1SS", _area_hex(st, "B"), 11)
    assert said(st)[0] == "Allied" and victory.evaluate(st).exits == {"A": 19, "B": 11}
    _exit(st, "Peiper/1SS", _area_hex(st, "H"), 1)
    assert said(st) == ("A", "German", "Antwerp (German decisive victory)",
                        "German attack strength 20 exited off the west edge beyond the Meuse or the north edge west "
                        "of the Ourthe (areas F, G, H, A) (29.0 A)", [], [])
    st = init(scenario="extended")
    _exit(st, "1/1SS", _area_hex(st, "C"), 12)
    assert said(st) == ("B", "German", "Little Slam: Liege (German substantive victory)",
                        "German attack strength 12 exited off the north edge at areas B/C (29.0 B)", [], [])


def test_extended_26_8D_small_solution_ignores_exits():
    st = init("26.8", scenario="extended")
    _exit(st, "1/1SS", _area_hex(st, "C"), 12)
    _exit(st, "2/1SS", _area_hex(st, "A"), 20)
    assert said(st)[0] == "Allied"
    assert victory.evaluate(st).exits == {"A": 20, "B": 12}


def test_extended_a_table_without_towns_counts_the_six_key_towns():
    st = init(scenario="extended")
    sc = st.module.scenarios["extended"]
    scenarios = dict(st.module.scenarios)
    scenarios["extended"] = replace(sc, victory={k: v for k, v in sc.victory.items() if k != "towns"})
    st.module = replace(st.module, scenarios=scenarios)
    assert list(victory.evaluate(st).towns) == ["Bastogne", "Marche", "La Roche", "Houffalize", "St. Vith",
                                                "Vielsalm"]


def test_count_levels_needs_a_last_threshold_of_zero():
    st = init(scenario="extended")
    with pytest.raises(AssertionError, match="^thresholds must end at 0$"):
        victory._count_levels(st, 0, 6, [(1, "Draw", "none", "Draw")], {})


# --- the verdict's text ------------------------------------------------------------------------------------------


def test_the_verdict_text_before_and_at_the_end():
    v = victory.Verdict("campaign", "Draw", "none", "Draw", False, "why",
                        {"German": ["take X", "take Y"], "Allied": ["hold Z"]}, {"X": "Allied", "Z": "German"},
                        {"A": 3, "B": 0})
    assert v.text() == ("If the game ended now: Draw (Draw)\n  why\n  towns: X Allied, Z German\n"
                        "  exited (attack strength): A 3, B 0\n  German needs: take X\n  German needs: take Y\n"
                        "  Allied needs: hold Z")
    assert replace(v, final=True).text() == ("Result: Draw (Draw)\n  why\n  towns: X Allied, Z German\n"
                                             "  exited (attack strength): A 3, B 0")
    assert replace(v, final=True, towns={}, exits={}).text() == "Result: Draw (Draw)\n  why"


# --- Campaign Game and Turning Point: the historical set (29.0 A, B, C; 26.8D Tactical Victory and Draw) ------

EXIT_A = ("exit {} more attack strength off the west edge beyond the Meuse or the north edge west of the Ourthe "
          "(areas F, G, H, A) for A")
EXIT_B = "exit {} more attack strength at areas B/C (Liege) for B"
MEUSE = "a supplied unit west of, or within 4 hexes of, the Meuse"


def _at_the_meuse(st, unit="Peiper/1SS"):
    st.pos[unit] = next(h for h in sorted(st.module.hexes) if victory.near_meuse(st, h) and h not in st.occupancy())
    st.supply[unit] = "supplied"
    return st


def test_29_0_the_german_needs_count_down_the_exit_totals_and_the_towns_for_C():
    st = init()
    _exit(st, "2/1SS", _area_hex(st, "F"), 7)
    _exit(st, "1/1SS", _area_hex(st, "B"), 5)
    draw = ["take St. Vith (with St. Vith and Houffalize a Draw)", "take Houffalize (with St. Vith and Houffalize a Draw)"]
    assert said(st) == ("Allied", "Allied", "Allied victory", "Germany does not hold both St. Vith and Houffalize",
                        [EXIT_A.format(13), EXIT_B.format(7), f"for C: {MEUSE}; take Bastogne; take Marche", *draw],
                        ["hold St. Vith or Houffalize to the end"])
    assert victory.evaluate(st).exits == {"A": 7, "B": 5}
    _at_the_meuse(st)
    assert said(st)[4][2] == "for C: take Bastogne; take Marche"
    _hold(st, "German", "Marche")
    assert said(st)[4][2] == "for C: take Bastogne"
    _hold(st, "German", "St. Vith")
    assert said(st)[4][2:] == ["for C: take Bastogne", draw[1]]
    assert said(st)[5] == ["hold Houffalize to the end"]


def test_29_0_C_a_supplied_german_unit_at_the_meuse_and_bastogne_and_marche():
    st = _at_the_meuse(_hold(init(), "German", "Marche", "Bastogne"))
    _exit(st, "2/1SS", _area_hex(st, "F"), 7)
    _exit(st, "1/1SS", _area_hex(st, "B"), 5)
    assert said(st) == ("C", "German", "German marginal victory",
                        "a supplied German unit at the Meuse and Germany holds Bastogne and Marche (29.0 C)",
                        [EXIT_A.format(13), EXIT_B.format(7)], [])
    st.supply["Peiper/1SS"] = "isolated"
    assert said(st)[0] == "Allied"


@pytest.mark.parametrize("third", ["Bastogne", "Marche"])
def test_26_8D_tactical_victory_names_the_towns_germany_holds(third):
    st = _hold(init(), "German", "St. Vith", "Houffalize", third)
    other = "Marche" if third == "Bastogne" else "Bastogne"
    assert said(st) == ("Tactical", "German", "German Tactical Victory",
                        f"Germany holds St. Vith, Houffalize and {third} (26.8D)",
                        [EXIT_A.format(20), EXIT_B.format(12), f"for C: {MEUSE}; take {other}"],
                        [f"retake {third}", "retake St. Vith", "retake Houffalize"])
    _hold(st, "German", other)
    assert said(st)[3] == "Germany holds St. Vith, Houffalize and Bastogne and Marche (26.8D)"


def test_26_8D_draw_with_st_vith_and_houffalize_only():
    st = _hold(init(), "German", "St. Vith", "Houffalize")
    assert said(st) == ("Draw", "none", "Draw",
                        "Germany holds St. Vith and Houffalize but neither Bastogne nor Marche (26.8D)",
                        [EXIT_A.format(20), EXIT_B.format(12), f"for C: {MEUSE}; take Bastogne; take Marche",
                         "take Bastogne or Marche for a Tactical Victory"], ["retake St. Vith", "retake Houffalize"])


def test_29_0_allied_victory_names_the_key_town_germany_still_lacks():
    st = _hold(init(), "German", "Houffalize")
    assert said(st)[4][3:] == ["take St. Vith (with St. Vith and Houffalize a Draw)"]
    assert said(st)[5] == ["hold St. Vith to the end"]


def test_26_8D_small_solution_needs_only_the_towns():
    st = init("26.8")
    assert said(st) == ("Allied", "Allied", "Allied victory",
                        "Germany does not hold both St. Vith and Houffalize (Small Solution: 26.8D)",
                        ["take St. Vith (with St. Vith and Houffalize a Draw)",
                         "take Houffalize (with St. Vith and Houffalize a Draw)"], ["hold St. Vith or Houffalize to the end"])
    _hold(st, "German", "St. Vith", "Houffalize")
    assert said(st) == ("Draw", "none", "Draw",
                        "Germany holds St. Vith and Houffalize but neither Bastogne nor Marche (26.8D)",
                        ["take Bastogne or Marche for a Tactical Victory"], ["retake St. Vith", "retake Houffalize"])
    _hold(_at_the_meuse(st), "German", "Bastogne", "Marche")
    assert said(st) == ("Tactical", "German", "German Tactical Victory",
                        "Germany holds St. Vith, Houffalize and Bastogne and Marche (26.8D)", [],
                        ["retake Bastogne", "retake Marche", "retake St. Vith", "retake Houffalize"])


def test_26_9B_the_needs_and_the_reason_name_the_south_edge_exit_hexes():
    st = init("26.9")
    assert said(st)[4][0] == "exit 20 more attack strength off hexes 2333-3333 on the south edge (26.9B) for A"
    _exit(st, "16/116Pz", "2833", 20)
    assert said(st) == ("A", "German", "Antwerp (German decisive victory)",
                        "German attack strength 20 exited off hexes 2333-3333 on the south edge (26.9B) (29.0 A)", [], [])


def test_29_0_the_verdict_is_final_once_the_game_is_over():
    st = _hold(init(), "German", "St. Vith", "Houffalize")
    assert victory.evaluate(st).final is False and victory.evaluate(st).scenario == "campaign"
    st.game_over = True
    v = victory.evaluate(st)
    assert v.final and v.text().startswith("Result: Draw (Draw)\n")


@pytest.mark.parametrize("scenario", ["extended", "herbstnebel", "final_fury", "reduction"])
def test_every_scenario_verdict_is_final_once_the_game_is_over(scenario):
    st = init(scenario=scenario)
    assert victory.evaluate(st).final is False and victory.evaluate(st).scenario == scenario
    assert victory.evaluate(st).exits == ({"A": 0, "B": 0} if scenario == "extended" else {})  # 29.0 A/B count there
    st.game_over = True
    assert victory.evaluate(st).final is True


# --- exits, control and the scenario's table ---------------------------------------------------------------------


def test_29_0_exit_groups_A_west_and_north_west_B_north_none_elsewhere():
    st = init()
    m = st.module
    for area, group in [("F", "A"), ("G", "A"), ("H", "A"), ("A", "A"), ("B", "B"), ("C", "B"), ("D", None),
                        ("E", None), ("K", None)]:
        assert victory.exit_group(m, _area_hex(st, area), False) == group, area
    assert victory.exit_group(m, "9999", False) is None and victory.exit_group(m, "9999", True) is None


def test_26_9B_exit_hexes_2333_to_3333_inclusive_on_the_south_edge():
    m = init().module
    assert [victory.exit_group(m, h, True) for h in ("2233", "2333", "2833", "3333", "3433", "2832")] == \
        [None, "A", "A", "A", None, None]
    st = init()
    assert victory.exit_group(m, _area_hex(st, "F"), True) is None  # the west edge no longer counts
    assert victory.exit_group(m, _area_hex(st, "B"), True) == "B"  # Liege still does


def test_10_7_2C_an_exit_counts_only_the_attack_strength_recorded_for_it():
    st = init()
    _exit(st, "2/1SS", _area_hex(st, "F"), 7)
    _exit(st, "1/1SS", _area_hex(st, "D"), 9)  # an exit area of neither group
    st.exited.add("16/116Pz")
    st.exited_at["16/116Pz"] = _area_hex(st, "G")  # exited without a recorded strength (10.7.2C)
    st.pos.pop("16/116Pz", None)
    assert victory.exit_totals(st) == {"A": 7, "B": 0}


def test_29_0_sudden_death_only_in_the_campaign_and_extended_games_and_not_under_26_8D():
    for scenario, sudden in [("campaign", True), ("extended", True), ("turning_point", True), ("herbstnebel", False),
                             ("final_fury", False), ("reduction", False)]:
        st = init(scenario=scenario)
        _exit(st, "2/1SS", _area_hex(st, "F"), 20)
        assert victory.sudden_death(st) is sudden, scenario
    st = init()
    _exit(st, "1/1SS", _area_hex(st, "B"), 11)
    assert not victory.sudden_death(st)
    _exit(st, "2/1SS", _area_hex(st, "F"), 19)
    assert not victory.sudden_death(st)
    _exit(st, "Peiper/1SS", _area_hex(st, "C"), 1)
    assert victory.sudden_death(st)
    st.vc_choice = "small_solution"
    assert not victory.sudden_death(st)
    st = init()
    _exit(st, "2/1SS", _area_hex(st, "F"), 20)
    st.scenario = "no_such_scenario"
    assert not victory.sudden_death(st)


def _with_victory(st, scenario, table):
    sc = st.module.scenarios[scenario]
    scenarios = dict(st.module.scenarios)
    scenarios[scenario] = replace(sc, victory=table)
    st.module = replace(st.module, scenarios=scenarios)
    return st


def test_a_scenario_table_same_as_another_scenario_uses_its_conditions():
    st = _with_victory(init(scenario="turning_point"), "turning_point", {"same_as": "herbstnebel", "towns": ["Malmedy"]})
    assert said(st)[:4] == ("Allied", "Allied", "Allied victory", "Germany controls only 0 objective towns")
    assert list(victory.evaluate(st).towns) == ["Malmedy"]
    st = _with_victory(init(scenario="turning_point"), "turning_point", {"same_as": "no_such_scenario"})
    assert list(victory.evaluate(st).towns) == ["Bastogne", "Marche", "St. Vith", "Houffalize"]  # the historical set


def test_a_scenario_without_a_table_is_judged_by_its_own_id():
    st = init(scenario="reduction")
    scenarios = {k: v for k, v in st.module.scenarios.items() if k != "reduction"}
    st.module = replace(st.module, scenarios=scenarios)
    assert said(st)[:4] == ("German", "German", "German victory", "Germany holds Houffalize and St. Vith")
    assert list(victory.evaluate(st).towns) == SIX


def test_a_herbstnebel_table_without_towns_counts_none():
    st = _with_victory(init(scenario="herbstnebel"), "herbstnebel", {})
    assert said(st)[:4] == ("Allied", "Allied", "Allied victory", "Germany controls only 0 objective towns")
    assert victory.evaluate(st).towns == {}


def test_5_7_control_by_occupation_then_road_control_then_the_army_areas():
    st = init()
    army = next(h for h, hx in sorted(st.module.hexes.items()) if hx.army and h not in st.occupancy())
    behind = next(h for h, hx in sorted(st.module.hexes.items()) if not hx.army and h not in st.occupancy())
    assert victory.hex_control(st, army) == "German" and victory.hex_control(st, behind) == "Allied"  # 6.1A, 5.7C
    st.road_control[army] = "Allied"
    st.road_control[behind] = "German"
    assert victory.hex_control(st, army) == "Allied" and victory.hex_control(st, behind) == "German"  # 5.7D
    st.pos["Hodges"] = behind  # a commander occupies nothing
    assert victory.hex_control(st, behind) == "German"
    st.pos["1/16"] = behind
    assert victory.hex_control(st, behind) == "Allied"


def test_26_19_an_objective_is_a_town_or_a_hex_and_an_unknown_one_is_allied():
    st = init()
    assert victory.objective_control(st, "3013") == victory.hex_control(st, "3013")
    st.road_control["3013"] = "German" if victory.hex_control(st, "3013") == "Allied" else "Allied"
    assert victory.objective_control(st, "3013") == st.road_control["3013"]
    b = st.module.town_hex("Bastogne")
    st.road_control[b] = "German"
    for u in [u for u, h in st.pos.items() if h == b]:
        del st.pos[u]
    assert victory.objective_control(st, "Bastogne") == "German"
    assert victory.objective_control(st, "Nowhere") == "Allied"


def test_29_0_C_needs_a_german_combat_unit_at_the_meuse():
    st = _hold(init(), "German", "Bastogne", "Marche")
    _at_the_meuse(st, "Manteuffel")  # a commander is no unit at the Meuse
    assert said(st)[0] == "Allied"
    _at_the_meuse(st, "1/16")  # nor is an Allied one
    assert said(st)[0] == "Allied"
    _at_the_meuse(st, "1/1SS")
    assert said(st)[0] == "C"


@pytest.mark.parametrize("scenario", ["extended", "herbstnebel", "reduction"])
def test_the_objective_towns_are_those_the_scenario_table_lists(scenario):
    st = _with_victory(init(scenario=scenario), scenario, {"towns": ["Malmedy", "Spa"]})
    assert list(victory.evaluate(st).towns) == ["Malmedy", "Spa"]


# --- the Meuse (29.0 C, 23.0B, 26.10A, 26.13B) ---------------------------------------------------------------


def test_26_10A_west_of_the_meuse_is_the_side_the_river_cuts_off_from_the_german_east():
    st = init()
    # the west bank where the river runs north, the north bank where it runs east to Liege, the
    # loop beyond Fumay; the east and south banks facing them are on the German side
    for h in ("0404", "0220", "0121", "0128", "0903", "1003", "1901", "0101"):
        assert victory.west_of_meuse(st, h), h
    for h in ("0505", "0506", "0507", "0905", "0904", "1004", "1902", "0124", "0221", "0416", "3022", "5801"):
        assert not victory.west_of_meuse(st, h), h


def test_26_10A_a_german_unit_on_the_east_bank_has_not_crossed_the_meuse():
    from darkdec_qt.rules.scenarios.variants import german_crossed_meuse

    st = init()
    st.pos["1/1SS"] = "0505"
    assert not german_crossed_meuse(st)
    st.pos["1/1SS"] = "0404"
    assert german_crossed_meuse(st)


def test_29_0_C_near_the_meuse_counts_hexes_from_either_bank():
    st = init()
    assert victory.near_meuse(st, "0404", 0) and victory.near_meuse(st, "0505", 0)  # bank hexes
    assert victory.near_meuse(st, "0101", 0)  # west of the river, away from it
    assert victory.near_meuse(st, "1010", 4) and not victory.near_meuse(st, "1010", 3)  # four hexes from a bank
    assert victory.near_meuse(st, "1010") and not victory.near_meuse(st, "1110")  # 23.0B's four hexes
    assert not victory.near_meuse(st, "3022")


def test_26_10A_west_of_the_meuse_on_a_map_taller_than_wide():
    from darkdec_qt import hexgrid
    from tests.rules.builder import ScenarioBuilder

    b = ScenarioBuilder(8, 12)
    for r in range(1, 13):
        a = f"04{r:02d}"
        for n in hexgrid.neighbours(a):
            if n.startswith("05"):
                b.river(a, n, "major", bridge=True, name="Meuse")
    st = b.state()
    assert [victory.west_of_meuse(st, h) for h in ("0101", "0406", "0506", "0806")] == [True, True, False, False]


def test_reduction_marginal_with_houffalize_and_st_vith_only():
    st = _clear_westwall(_hold(init(scenario="reduction"), "Allied", "Houffalize", "St. Vith"))
    _hold(st, "German", "Bastogne", "Marche")
    assert said(st)[:4] == ("Marginal", "Allied", "Allied marginal victory", "the Allies hold Houffalize and St. Vith")

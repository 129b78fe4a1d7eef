"""26.0 variants clause by clause, on the functions that enforce them (variants.py): arrival
shifts, set-up, entry hexes, the phase hook's rolls and announcements, the declarations
offered (23.0 conditional forces: test_23_0_conditional_forces.py). Each test builds what it reads itself (``fresh`` set-ups, memos
cleared), so that it sees the code as it is, not a state cached before."""

from __future__ import annotations

import pytest

from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.core.tables import tables
from darkdec_qt.rules.scenarios import variants as var
from darkdec_qt.rules.scenarios.variant_events import ArrivalsShifted, VariantTriggered
from darkdec_qt.rules.scenarios.variants import DeclareAirContention
from tests.rules.conftest_real import at, dice, division, fresh, init, turn
from tests.rules.rules_helpers import force_dice, run


def _triggered(events, rule):
    return [e for e in events if isinstance(e, VariantTriggered) and e.rule == rule]


# --- arrival shifts (26.3, 26.5A, 23.0E) and the set-up (26.17) --------------------------------


def test_26_3_patton_hesitates_delays_only_his_south_edge_divisions_two_turns():
    st = init()
    for u in division(st, "4Arm") + division(st, "80"):
        t = st.pending[u]
        assert var.arrival_shift(st, u, t, ["26.3"]) == t + 2, u
    other = next(u for u in sorted(st.pending) if st.spec(u).side == "Allied"
                 and var.group_of(st, u) not in var.PATTON_SOUTH)
    assert var.arrival_shift(st, other, st.pending[other], ["26.3"]) == st.pending[other]


def test_26_5A_german_reinforcements_four_turns_early_but_not_conditional_optional_or_the_drop():
    st = init()
    regular = "FBB"
    assert var.arrival_shift(st, regular, turn("19DecAM"), ["26.5"]) == turn("19DecAM") - 4
    assert var.arrival_shift(st, regular, 2, ["26.5"]) == 1  # never before the first turn
    conditional = "10/10SS"  # 23.0E: not before the turn printed on the counter
    assert var.arrival_shift(st, conditional, turn("23DecAM"), ["26.5"]) == turn("23DecAM")
    optional = "1/HG"  # 26.16A gives the Eastern Reserves their own date
    assert var.arrival_shift(st, optional, turn("23DecAM"), ["26.5"]) == turn("23DecAM")
    assert var.arrival_shift(st, "vdHeydte", 3, ["26.5"]) == 3  # 26.5B moves the drop, not 26.5A


def test_26_17_the_66th_division_is_due_am_24_december_in_a_fresh_set_up():
    st = fresh("26.17")
    regiments = division(st, "66")
    assert len(regiments) == 3
    assert all(st.pending[u] == turn("24DecAM") for u in regiments)


def _placed_or_waiting(st, unit):
    return st.pos.get(unit), st.to_place.get(unit), unit in st.out_of_play, st.pending.get(unit)


def test_26_4A_the_2nd_division_is_out_of_play_and_26_4B_the_99th_waits_for_its_elsenborn_set_up():
    st = fresh("26.4", setup="free")
    for u in var.SECOND_DIVISION:
        assert _placed_or_waiting(st, u) == (None, None, True, None), u
    for u in var.NINETY_NINTH:
        assert u not in st.pos and st.to_place[u] == "elsenborn3", u
    base = fresh(setup="free")
    assert all(u in base.pos for u in var.SECOND_DIVISION + var.NINETY_NINTH)


def test_26_6A_the_2nd_division_sets_up_west_of_the_our_and_26_6B_the_99th_as_in_26_4():
    st = fresh("26.6", setup="free")
    for u in var.SECOND_DIVISION:
        assert _placed_or_waiting(st, u) == (None, "west_of_our", False, None), u
    assert all(st.to_place[u] == "elsenborn3" for u in var.NINETY_NINTH)


@pytest.mark.parametrize("variant", ["26.7", "26.9"])
def test_26_7_and_26_9A_the_ss_panzer_divisions_wait_for_a_set_up_in_any_army_area(variant):
    st, base = fresh(variant, setup="free"), fresh(setup="free")
    ss = [u for u, s in st.module.units.items() if s.division in var.SS_PANZER]
    assert len(ss) == 6 and all(base.to_place[u] != "any_army" for u in ss)
    assert all(u not in st.pos and st.to_place[u] == "any_army" for u in ss)
    historical, moved = fresh(setup="historical"), fresh(variant, setup="historical")
    assert all(u in historical.pos for u in ss)  # off their historical hexes, placed again
    assert [u for u in ss if moved.pos[u] != historical.pos[u]]


def test_26_18A_the_ii_ss_panzer_corps_sets_up_at_start_instead_of_arriving():
    st = fresh("26.5", "26.16", "26.18", setup="free")
    corps = [u for u, s in st.module.units.items() if s.division in var.II_SS_PANZER_CORPS]
    assert len(corps) == 6
    assert all(u not in st.pending and st.to_place[u] == "any_army" for u in corps)


def test_26_16A_eastern_reserves_due_am_17_december_unshifted_by_26_5A():
    st = fresh("26.5", "26.16")
    reserves = [u for u, s in st.module.units.items() if s.division in var.EASTERN_RESERVES]
    assert len(reserves) == 6 and all(st.pending[u] == turn("17DecAM") for u in reserves)
    assert st.pending["FBB"] == turn("19DecAM") - 4  # the other German reinforcements shift


def test_26_8_set_up_removals_go_out_of_play_the_rest_shift():
    st = fresh("26.8", "26.1")
    assert "1/16" not in st.pending and "1/16" in st.out_of_play
    assert "352/246" not in st.pending and "352/246" in st.out_of_play
    assert st.pending["3Arm/CCA"] == turn("18DecPM") - 1  # 26.1A on every unit after the removals
    assert st.pending["7Arm/CCA"] == init().pending["7Arm/CCA"] - 1


def test_first_turn_is_the_scenarios_first_turn():
    assert var.first_turn(init(scenario="turning_point")) == turn("22DecAM") != 1
    assert var.first_turn(init()) == 1
    from tests.rules.builder import ScenarioBuilder

    built = ScenarioBuilder(4, 4).state(turn="18DecAM")
    built.scenario = "not_in_the_module"
    assert var.first_turn(built) == 1  # a scenario the module lacks starts on turn 1, as initial_state has it


def test_26_8B_C_and_26_12A_removed_reinforcements_never_arrive_others_keep_their_turn():
    st = init()
    for unit, variant in (("1/16", "26.8"), ("352/246", "26.8"), ("35/134", "26.12")):
        assert var.arrival_shift(st, unit, st.pending[unit], [variant]) is None, unit
        assert var.arrival_shift(st, unit, st.pending[unit], []) == st.pending[unit], unit
    assert var.arrival_shift(st, "352/246", 12, ["26.12"]) == 12  # 26.12A removes Allied units only
    assert var.arrival_shift(st, "35/134", 12, ["26.5"]) == 12  # the German variants leave the Allies alone
    assert var.arrival_shift(st, "FBB", 7, ["26.1", "26.2", "26.3"]) == 7  # and the Allied ones Germany


def test_26_1A_one_turn_earlier_never_before_the_first_turn():
    st = init()
    assert var.arrival_shift(st, "1/16", 7, ["26.1"]) == 6
    assert var.arrival_shift(st, "1/16", 1, ["26.1"]) == 1


def test_26_2_through_pm_18_december_one_turn_late_and_not_after():
    st = init()
    pm18 = turn("18DecPM")
    assert var.arrival_shift(st, "3Arm/CCA", pm18, ["26.2"]) == pm18 + 1  # the rulebook's example
    assert var.arrival_shift(st, "1/16", pm18 + 1, ["26.2"]) == pm18 + 1
    assert var.arrival_shift(st, "1/16", 2, ["26.2"]) == 3


# --- 26.15, 26.17: the edge hexes ----------------------------------------------------------------


def test_26_15B_and_26_17_edge_hexes_lie_on_their_edge():
    mod = init().module
    tables(mod).memos.pop("edge_hexes", None)  # computed here, not remembered from an earlier test
    north = var._edge_hexes(mod, "N")
    assert north and all(mod.hexes[h].edge == "N" for h in north)
    assert not set(north) & var.NO_NORTH_ENTRY
    west_roads = var._edge_hexes(mod, "W", roads_only=True)
    assert west_roads and all(mod.hexes[h].edge == "W" and h in mod.road_links for h in west_roads)
    assert set(west_roads) < set(var._edge_hexes(mod, "W"))


# --- 26.18C the Allies' discovery roll -----------------------------------------------------------


def _first_phase_1826():
    st = at(init("26.5", "26.16", "26.18"), "16DecAM")
    assert var.first_turn(st) == st.turn
    return st


def test_26_18C_a_1_to_4_has_no_effect_and_the_die_is_rolled_once():
    st = _first_phase_1826()
    force_dice(st, 3)
    events = run(st, var.phase_hook(st, dice(st)))
    (trig,) = _triggered(events, "26.18C")
    assert "no effect" in trig.detail and not trig.adds
    assert "26.1" not in st.variants and not any(isinstance(e, ArrivalsShifted) for e in events)
    again = var.phase_hook(st, dice(st))
    assert not any(e.kind == "die_rolled" for e in again) and not _triggered(again, "26.18C")


def test_26_18C_a_5_or_6_implements_26_1_once():
    st = _first_phase_1826()
    before = {u: t for u, t in st.pending.items() if st.spec(u).side == "Allied" and not st.spec(u).optional}
    force_dice(st, 5)
    events = run(st, var.phase_hook(st, dice(st)))
    (trig,) = _triggered(events, "26.18C")
    assert trig.adds == "26.1" and "26.1" in st.variants
    assert all(st.pending[u] == max(1, t - 1) for u, t in before.items())
    assert not _triggered(var.phase_hook(st, dice(st)), "26.18C")


def test_26_18C_the_roll_comes_before_play_only_at_germanys_first_supply_phase():
    for code, side, phase in (("17DecAM", "German", Phase.SUPPLY), ("16DecAM", "Allied", Phase.SUPPLY),
                              ("16DecAM", "German", Phase.MOVEMENT)):
        st = at(init("26.5", "26.16", "26.18"), code, side=side, phase=phase)
        events = var.phase_hook(st, dice(st))
        assert not _triggered(events, "26.18C") and not any(e.kind == "die_rolled" for e in events), code
    assert not _triggered(var.phase_hook(at(init(), "16DecAM"), dice(at(init(), "16DecAM"))), "26.18C")


# --- 26.20 the Campaign Game's victory conditions -------------------------------------------------


@pytest.mark.parametrize(("relocated", "told"), [((), False), (("26.7",), True), (("26.9",), True)])
def test_26_20C_relocated_ss_divisions_tell_the_allies_of_luxembourg_from_the_start(relocated, told):
    st = at(init(*relocated), "16DecAM")
    st.vc_choice = "luxembourg"
    events = var.phase_hook(st, dice(st))
    assert bool(_triggered(events, "26.20")) == told
    run(st, events)
    assert var.vc_choice_visible(st, "Allied") == told
    assert not _triggered(var.phase_hook(st, dice(st)), "26.20")  # told once


def test_26_20C_the_start_of_the_campaign_only():
    later = at(init("26.7"), "17DecAM")
    later.vc_choice = "luxembourg"
    assert not _triggered(var.phase_hook(later, dice(later)), "26.20")
    other = at(init("26.7", scenario="herbstnebel"), "16DecAM")
    other.vc_choice = "luxembourg"
    assert not _triggered(var.phase_hook(other, dice(other)), "26.20")
    historical = at(init("26.7"), "16DecAM")
    assert not _triggered(var.phase_hook(historical, dice(historical)), "26.20")


@pytest.mark.parametrize(("choice", "when", "clause"), [("small_solution", "19DecAM", "26.20B"),
                                                        ("luxembourg", "20DecPM", "26.20C")])
def test_26_20B_C_germany_informs_the_allies_on_the_turn_its_choice_names(choice, when, clause):
    early = at(init(), when)
    early.turn -= 1
    early.vc_choice = choice
    assert not _triggered(var.phase_hook(early, dice(early)), "26.20")
    st = at(init(), when)
    st.vc_choice = choice
    (told,) = _triggered(var.phase_hook(st, dice(st)), "26.20")
    assert choice in told.detail and clause in told.detail
    allied = at(init(), when, side="Allied")
    allied.vc_choice = choice
    assert not _triggered(var.phase_hook(allied, dice(allied)), "26.20")


# --- 26.11A the declaration offered --------------------------------------------------------------


def test_26_11A_air_contention_is_offered_to_germany_at_its_supply_phase_in_clear_weather():
    st = at(init("26.11"), "23DecAM")
    st.weather[st.turn] = "clear"
    assert DeclareAirContention() in list(var.withdrawal_commands(st))
    allied = at(init("26.11"), "23DecAM", side="Allied")
    allied.weather[allied.turn] = "clear"
    assert DeclareAirContention() not in list(var.withdrawal_commands(allied))
    moving = at(init("26.11"), "23DecAM", phase=Phase.MOVEMENT)
    moving.weather[moving.turn] = "clear"
    assert DeclareAirContention() not in list(var.withdrawal_commands(moving))
    run(st, var._check_contention(st, DeclareAirContention(), None))
    assert DeclareAirContention() not in list(var.withdrawal_commands(st))  # once a game


# --- arrivals asked during play: 26.14A, 26.20C, 26.10A-B ------------------------------------------


def test_26_14A_no_german_reinforcement_after_am_20_december_itself_included():
    st = init("26.14")
    am20 = turn("20DecAM")
    assert var.arrival_turn(st, "FBB", am20) == am20
    assert var.arrival_turn(st, "FBB", am20 + 1) is None
    assert var.arrival_turn(init(), "FBB", am20 + 1) == am20 + 1
    assert var.arrival_turn(st, "1/16", am20 + 5) == am20 + 5  # the Allies' reinforcements come
    assert var.arrival_turn(st, "FBB", None) is None


def test_26_20C_luxembourg_no_german_reinforcement_after_pm_20_december():
    st = init()
    st.vc_choice = "luxembourg"
    pm20 = turn("20DecPM")
    assert var.arrival_turn(st, "FBB", pm20) == pm20
    assert var.arrival_turn(st, "FBB", pm20 + 1) is None
    st.vc_choice = "small_solution"
    assert var.arrival_turn(st, "FBB", pm20 + 1) == pm20 + 1


def test_26_10A_B_british_wait_for_the_trigger_then_come_no_earlier_than_printed():
    st = init("26.10")
    british, us = "152/51", "1/16"
    assert var.arrival_turn(st, british, 23) is None
    assert var.arrival_turn(st, us, 7) == 7
    st.triggers["26.10"] = 20
    assert var.arrival_turn(st, british, 23) == 23
    assert var.arrival_turn(st, british, 12) == 20
    assert var.arrival_turn(init(), british, 23) == 23


def _alone(st, side):
    """``st`` with only the units of ``side`` on the map kept where they are."""
    for u in [u for u in st.pos if st.spec(u).side != side]:
        del st.pos[u]
    return st


def test_26_10A_a_german_combat_unit_west_of_the_meuse_but_not_a_leader():
    st = at(init("26.10"), "24DecAM")
    west = next(h for h in sorted(st.module.hexes) if var.victory.west_of_meuse(st, h))
    assert not var.german_crossed_meuse(st)
    leader = next(u for u in sorted(st.module.units) if st.spec(u).side == "German" and st.spec(u).is_leader)
    st.pos[leader] = west
    assert not var.german_crossed_meuse(st)
    allied = next(u for u in st.on_map("Allied") if not st.spec(u).is_leader)
    st.pos[allied] = west
    assert not var.german_crossed_meuse(st)
    st.pos["Peiper/1SS"] = west
    assert var.german_crossed_meuse(st)


def test_26_10A_more_than_35_us_units_destroyed_british_do_not_count():
    st = at(init("26.10"), "20DecAM", side="Allied", phase=Phase.MOVEMENT)
    us = sorted(u for u, s in st.module.units.items() if s.nationality == "US")
    british = sorted(u for u, s in st.module.units.items() if s.nationality == "British")
    st.eliminated |= set(us[:35]) | set(british)
    assert var.us_destroyed(st) == 35
    assert not _triggered(var.phase_hook(st, dice(st)), "26.10")
    st.eliminated.add(us[35])
    (trig,) = _triggered(var.phase_hook(st, dice(st)), "26.10")
    assert trig.turn == st.turn + 1  # 26.10B: the following Allied player turn
    st.triggers["26.10"] = trig.turn
    assert not _triggered(var.phase_hook(st, dice(st)), "26.10")  # once
    off = at(init(), "20DecAM", side="Allied", phase=Phase.MOVEMENT)
    off.eliminated |= set(us[:36])
    assert not _triggered(var.phase_hook(off, dice(off)), "26.10")


# --- 26.15, 26.17: where reinforcements enter ------------------------------------------------------


def test_26_15A_allied_units_enter_anywhere_on_their_edge_german_and_unvaried_ones_as_printed():
    st, base = init("26.15"), init()
    printed = ["4401"]
    wide = var.entry_hexes(st, "1/16", printed)
    assert "4401" in wide and set(wide) == set(printed) | set(var._edge_hexes(st.module, "N"))
    assert var.entry_hexes(base, "1/16", printed) == printed
    assert var.entry_hexes(st, "FBB", ["6125"]) == ["6125"]
    assert var.entry_hexes(st, "1/16", []) == []


def test_26_17_the_66th_enters_on_any_west_edge_road_hex_other_allied_units_as_printed():
    st = init("26.17")
    roads = list(var._edge_hexes(st.module, "W", roads_only=True))
    assert var.entry_hexes(st, "66/262", ["0101"]) == roads
    assert var.entry_hexes(init(), "66/262", ["0101"]) == ["0101"]
    assert var.entry_hexes(st, "1/16", ["4401"]) == ["4401"]


# --- 26.20B-C arrivals moved by the choice ----------------------------------------------------------


def test_26_20B_C_choice_changes_only_allied_arrivals_of_the_named_edge_after_the_named_turn():
    st = init()
    # north edge after turn 8 / at turn 8, south edge after PM 21 / at PM 21, a German unit
    st.pending = {"1/16": 9, "30/117": 8, "4Arm/CCA": turn("22DecAM"), "26/101": turn("21DecPM"), "FBB": 20}
    assert [var.entry_edge(st, u) for u in st.pending] == ["N", "N", "S", "S", "E"]
    assert var.choice_changes(st, "small_solution") == [("1/16", 7)]
    assert var.choice_changes(st, "luxembourg") == [("4Arm/CCA", turn("22DecAM") - 3)]
    assert var.choice_changes(st, "historical") == []


# --- 26.19 German reserve commitment -------------------------------------------------------------


def _captured(st, objective):
    h = objective if objective in st.module.hexes else st.module.town_hex(objective)
    for u in [u for u, x in st.pos.items() if x == h]:
        del st.pos[u]
    st.pos["293/18"] = h
    return st


def _released(st):
    return [c for e in var.phase_hook(st, dice(st)) if isinstance(e, ArrivalsShifted) for c in e.changes]


def test_26_19B_a_captured_hex_objective_releases_its_groups_later_units_this_turn():
    st = _captured(at(init("26.19"), "18DecAM"), "3013")
    corps = sorted(u for u in st.pending if st.spec(u).division == "2SS")
    assert corps and all(st.pending[u] > st.turn for u in corps)
    st.pending[corps[0]] = st.turn  # already due: nothing to release
    assert _released(st) == [(u, st.turn) for u in corps[1:]]
    st_vith = _captured(at(init("26.19"), "18DecAM"), "St. Vith")
    assert _released(st_vith) == [("FBB", st_vith.turn)]  # a town objective, an independent unit


def test_26_19_releases_only_at_the_german_supply_phase_after_the_first_turn():
    for code, side, phase in (("18DecAM", "Allied", Phase.SUPPLY), ("18DecAM", "German", Phase.MOVEMENT),
                              ("16DecAM", "German", Phase.SUPPLY)):
        st = _captured(at(init("26.19"), code, side=side, phase=phase), "St. Vith")
        assert _released(st) == [], (code, side, phase)
    assert not _released(_captured(at(init(), "18DecAM"), "St. Vith"))


# --- 26.13A the declarations offered, 26.20A the secret ---------------------------------------------


def test_26_13A_the_withdrawal_and_its_second_pass_are_offered_to_the_allies_in_turn():
    from darkdec_qt.rules.scenarios.montgomery import BeginSecondWithdrawalMove, DeclareWithdrawal

    st = at(init("26.13"), "24DecAM", side="Allied", phase=Phase.MOVEMENT)
    st.moved.clear()
    assert list(var.withdrawal_commands(st)) == [DeclareWithdrawal()]
    assert list(var.withdrawal_commands(at(init(), "24DecAM", side="Allied", phase=Phase.MOVEMENT))) == []
    assert list(var.withdrawal_commands(at(init("26.13"), "24DecAM", side="German", phase=Phase.MOVEMENT))) == []
    run(st, var._check_withdrawal(st, DeclareWithdrawal(), None))
    assert list(var.withdrawal_commands(st)) == [BeginSecondWithdrawalMove()]
    supply = st.clone()
    supply.phase = Phase.SUPPLY
    assert list(var.withdrawal_commands(supply)) == []
    german = st.clone()
    german.side = "German"  # the declaration is the Allies': nothing is offered to Germany
    assert list(var.withdrawal_commands(german)) == []
    st.triggers[f"26.13/2@{st.turn}"] = st.turn
    assert list(var.withdrawal_commands(st)) == []


def test_26_20A_the_choice_is_secret_from_the_allies_until_told_or_the_game_ends():
    st = at(init(), "17DecAM")
    st.vc_choice = "luxembourg"
    assert var.vc_choice_visible(st, "German") and not var.vc_choice_visible(st, "Allied")
    st.triggers["26.20"] = st.turn
    assert var.vc_choice_visible(st, "Allied")
    ended = at(init(), "17DecAM")
    ended.game_over = True
    assert var.vc_choice_visible(ended, "Allied")


def test_29_0_A_B_sudden_death_ends_the_game_once():
    from tests.rules.test_victory import _area_hex, _exit

    st = at(init(), "20DecAM")
    assert not any(e.kind == "game_ended" for e in var.phase_hook(st, dice(st)))
    _exit(st, "Peiper/1SS", _area_hex(st, "B"), 7)
    _exit(st, "1/1SS", _area_hex(st, "C"), 6)
    assert [e.turn for e in var.phase_hook(st, dice(st)) if e.kind == "game_ended"] == [st.turn]
    st.game_over = True
    assert not any(e.kind == "game_ended" for e in var.phase_hook(st, dice(st)))


# --- the phase hook's events word for word (the log narrates them; a saved game records them) ------


def test_26_18C_the_rolls_events_word_for_word():
    from darkdec_qt.rules.core.events import DieRolled

    purpose = "Allied discovery of the II SS Panzer Corps (26.18C)"
    st = _first_phase_1826()
    force_dice(st, 4)
    n = st.dice_count
    assert var.phase_hook(st, dice(st)) == [DieRolled(purpose=purpose, value=4, index=n),
                                           VariantTriggered(rule="26.18C", turn=1, detail="rolled 4: no effect")]
    st = _first_phase_1826()
    force_dice(st, 6)
    n = st.dice_count
    earlier = tuple((u, max(1, t - 1)) for u, t in sorted(st.pending.items())
                    if st.spec(u).side == "Allied" and not st.spec(u).optional)
    assert var.phase_hook(st, dice(st)) == [
        DieRolled(purpose=purpose, value=6, index=n),
        VariantTriggered(rule="26.18C", turn=1, detail="rolled 6: the Allies are warned", adds="26.1"),
        ArrivalsShifted(changes=earlier, reason="26.18C / 26.1A")]


def test_26_20_and_26_10_and_26_19_announcements_word_for_word():
    st = at(init("26.9"), "16DecAM")
    st.vc_choice = "luxembourg"
    assert var.phase_hook(st, dice(st)) == [VariantTriggered(
        rule="26.20", turn=1, detail="the SS divisions were relocated: the Allies know of Operation Luxembourg "
        "from the start (26.20C)")]
    for choice, code, clause in (("small_solution", "19DecAM", "26.20B"), ("luxembourg", "20DecPM", "26.20C")):
        st = at(init(), code)
        st.vc_choice = choice
        assert var.phase_hook(st, dice(st)) == [VariantTriggered(
            rule="26.20", turn=st.turn, detail=f"Germany informs the Allies: {choice} ({clause})")]
    st = at(init("26.10"), "24DecAM")
    st.pos["Peiper/1SS"] = next(h for h in sorted(st.module.hexes) if var.victory.west_of_meuse(st, h))
    assert var.phase_hook(st, dice(st)) == [VariantTriggered(rule="26.10", turn=st.turn,
                                                             detail="XXX Corps is committed (26.10B)")]
    st = _captured(at(init("26.19"), "18DecAM"), "St. Vith")
    assert var.phase_hook(st, dice(st)) == [ArrivalsShifted(changes=(("FBB", st.turn),),
                                                            reason="release objective captured (26.19B)")]

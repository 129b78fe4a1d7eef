"""German fuel shortages (8.7) and Manteuffel's protection (15.6E) pinned clause by clause: each
test names the clause whose behaviour, or whose log line or refusal, a mutant of
darkdec_qt/rules/supply/fuel.py changed unnoticed (packaging/mutation.sh supply.fuel)."""


from darkdec_qt.moduleview import UnitSpec
from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.engine import check, execute
from darkdec_qt.rules.narrate import describe
from darkdec_qt.rules.supply import fuel
from tests.rules.rules_helpers import refusal, run
from tests.rules.test_08_7_fuel import fuel_state


def test_8_7_1B_the_default_takes_as_many_divisions_as_the_roll_calls_for():
    # given two divisions owed and nobody having chosen
    st = fuel_state(shortage=2)
    evs = fuel.auto_events(st)
    # then the engine's default puts two different divisions out of supply, the first as the
    # Allies' choice (8.7.1A) and the second as Germany's (8.7.1B), and nothing more is owed
    depleted = [(e.division, e.chosen_by) for e in evs if e.kind == "fuel_depleted"]
    assert len(depleted) == 2 and depleted[0][0] != depleted[1][0]
    assert [who for _, who in depleted] == ["Allied", "German"]
    run(st, evs)
    assert st.fuel_shortage == 0 and {d for d, _ in depleted} == st.fuel_depleted


def test_15_6E_the_default_allied_choice_passes_over_the_division_manteuffel_shields():
    # given Manteuffel shields 2Pz, which sorts before the only other eligible division, 9Pz
    st = fuel_state(optional=("15",), shortage=1)
    for u in ("a/1SS", "b/1SS", "150Pz", "FBB", "FGB"):
        del st.pos[u]
    execute(st, cm.ProtectFuelDivision(division="2Pz"))
    assert fuel.chooser(st) == "Allied"
    # then the default Allied choice is 9Pz, not the shielded 2Pz
    evs = fuel.auto_events(st)
    assert [(e.division, e.chosen_by) for e in evs if e.kind == "fuel_depleted"] == [("9Pz", "Allied")]


def test_8_7_1A_the_log_says_who_chose_the_division():
    st = fuel_state()
    (e,) = [x for x in check(st, cm.ChooseFuelDivision(division="2Pz", side="Allied")) if x.kind == "fuel_depleted"]
    assert e.chosen_by == "Allied"
    assert describe(e, st.module) == "2Pz runs out of fuel, chosen by the Allied player (8.7)"


def test_8_7_4_and_10_4_8B_out_of_fuel_leaves_strategic_movement_at_no_cost_and_the_log_says_why():
    st = fuel_state()
    st.strategic.add("b/2Pz")
    (left,) = [x for x in check(st, cm.ChooseFuelDivision(division="2Pz", side="Allied"))
               if x.kind == "strategic_left"]
    assert left.unit == "b/2Pz" and left.mp == 0  # no half MA as in 10.4.7A
    assert describe(left, st.module) == "b/2Pz (German) leaves strategic movement (out of fuel (8.7.4, 10.4.8B))"


def test_8_7_1C_a_division_that_is_not_motorized_is_refused_citing_8_7_1C():
    # 18VG: one volksgrenadier unit on the map (8.7.2A would also keep it off; 8.7.1C comes first)
    st = fuel_state()
    err = refusal(st, cm.ChooseFuelDivision(division="18VG", side="Allied"))
    assert err.rule == "8.7.1C" and "not a German motorized division" in str(err)


def test_15_6E_no_designation_without_manteuffel_on_the_map_and_the_refusal_says_so():
    st = fuel_state(optional=("15",))
    del st.pos["Manteuffel"]
    err = refusal(st, cm.ProtectFuelDivision(division="2Pz"))
    assert err.rule == "15.6E"
    assert str(err) == "cannot designate: Manteuffel is not on the map (15.6E)"


def test_8_7_1A_outside_the_german_supply_phase_or_with_nothing_owed_no_division_is_chosen():
    st = fuel_state(shortage=0)
    assert str(refusal(st, cm.ChooseFuelDivision(division="2Pz", side="Allied"))) == \
        "no fuel depletion to choose now (8.7.1A)"
    st = fuel_state(shortage=1)
    st.phase = Phase.MOVEMENT  # the German player turn, a shortage still owed, but not its Supply Phase
    assert refusal(st, cm.ChooseFuelDivision(division="2Pz", side="Allied")).rule == "8.7.1A"


def test_8_7_1A_B_the_refusal_names_the_side_whose_choice_it_is():
    st = fuel_state()
    assert str(refusal(st, cm.ChooseFuelDivision(division="2Pz", side="German"))) == \
        "the Allied side chooses now (8.7.1A)"


def test_8_7_2D_two_eligible_brigades_are_enough_for_the_allied_choice():
    # given no division left to choose, and two of the three brigades still eligible
    st = fuel_state(shortage=1)
    for u in ("a/2Pz", "b/2Pz", "a/1SS", "b/1SS", "a/116", "a/9Pz", "b/9Pz"):
        del st.pos[u]
    st.supply["FGB"] = "unsupplied"
    assert fuel.eligible_brigades(st) == ["150Pz", "FBB"]
    # then the Allies still make the first choice (8.7.1A), naming the pair (8.7.2D)
    assert fuel.chooser(st) == "Allied"
    evs = check(st, cm.ChooseFuelDivision(division="", side="Allied", brigades=("150Pz", "FBB")))
    assert [(e.division, e.chosen_by) for e in evs if e.kind == "fuel_depleted"] == [
        ("150Pz", "Allied"), ("FBB", "Allied")]


def test_8_7_3A_brigades_already_unsupplied_or_isolated_may_not_be_named():
    st = fuel_state()
    st.supply.update({"150Pz": "isolated", "FBB": "unsupplied"})
    assert fuel.eligible_brigades(st) == ["FGB"]
    err = refusal(st, cm.ChooseFuelDivision(division="", side="Allied", brigades=("150Pz", "FGB")))
    assert str(err) == "name two of the three German independent brigades on the map (FGB) (8.7.2D)"


def test_8_7_2D_the_refusal_lists_the_brigades_that_may_be_named():
    st = fuel_state()
    err = refusal(st, cm.ChooseFuelDivision(division="", side="Allied", brigades=("150Pz",)))
    assert str(err) == "name two of the three German independent brigades on the map (150Pz, FBB, FGB) (8.7.2D)"


def _why(st, division, side="Allied"):
    err = refusal(st, cm.ChooseFuelDivision(division=division, side=side))
    return err.rule, str(err).removeprefix(f"division {division} may not be put out of supply: ")


def test_8_7_every_refusal_of_a_division_names_its_clause_and_why():
    st = fuel_state(optional=("15",))
    assert _why(st, "18VG") == ("8.7.1C", "not a German motorized division (8.7.1C)")
    assert _why(st, "116Pz") == ("8.7.2A", "fewer than two units on the map (8.7.2A)")
    # 8.7.3C: a division whose units are all still to come, or gone
    del st.pos["a/116"]
    st.pending["a/116"] = st.module.turn_index["25DecAM"].number
    assert "b/116" in st.pending
    assert _why(st, "116Pz") == ("8.7.3C", "not yet on the map (8.7.3C)")
    gone = fuel_state()
    for u in ("a/9Pz", "b/9Pz"):
        del gone.pos[u]
    assert _why(gone, "9Pz") == ("8.7.3C", "not on the map (8.7.3C)")
    # 8.7.3A: both units already out of supply (two units: 8.7.2A does not apply)
    st.supply.update({"a/9Pz": "unsupplied", "b/9Pz": "isolated"})
    assert _why(st, "9Pz") == ("8.7.3A", "already out of supply (8.7.3A)")
    # 15.6E: shielded from the Allies; 8.7.2B: already chosen this turn
    execute(st, cm.ProtectFuelDivision(division="2Pz"))
    assert _why(st, "2Pz") == ("15.6E", "shielded by Manteuffel (15.6E)")
    execute(st, cm.ChooseFuelDivision(division="1SS", side="Allied"))
    assert _why(st, "1SS", side="German") == ("8.7.2B", "already out of fuel this turn (8.7.2B)")


def test_8_7_2A_a_division_with_one_motorized_unit_and_one_on_foot_is_refused_under_8_7_2A():
    # fuel depletion counts the division's motorized units (8.7.1A "motorized division")
    st = fuel_state()
    st.module.units["v/2Pz"] = UnitSpec(id="v/2Pz", side="German", nationality="Wehrmacht", type="infantry",
                                        full=(2, 2, 4), reduced=None, division="2Pz")
    st.pos["v/2Pz"] = "1505"
    del st.pos["a/2Pz"]
    assert _why(st, "2Pz") == ("8.7.2A", "not eligible (8.7.2A)")

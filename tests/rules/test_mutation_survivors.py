"""Tests written for mutants that survived the rules tests (packaging/mutation_sample.py): each
names the clause whose behaviour, or whose refusal, the mutant changed unnoticed."""

import pytest

from darkdec_qt.rules.combat import commands as cc
from darkdec_qt.rules.combat.advance import legal_advances
from darkdec_qt.rules.core.errors import IllegalAction
from tests.rules.combat_builder import CombatBuilder
from tests.rules.combat_helpers import pending, run


def _air(turn: int | None = None):
    b = CombatBuilder().german("vg", "0605")
    b.road("0505", "0605", "0705", "0805")
    if turn is not None:
        b.turn = turn
    s = b.build()
    s.side = "Allied"
    return s


def _refused(s, command) -> IllegalAction:
    with pytest.raises(IllegalAction) as e:
        run(s, command)
    return e.value


def test_20_4_2F_the_allies_second_mission_on_17_december_and_no_third():
    s = _air(turn=3)
    assert s.turn_code() == "17DecAM"
    n = 0
    for h in ("0505", "0705", "0805"):
        try:
            run(s, cc.Interdict(hex=h))
            n += 1
        except IllegalAction as e:
            assert e.rule == ("20.4.2F" if n else "20.4") and n == (2 if s.air_superiority() else 1)
            break
    else:
        raise AssertionError("three missions on 17 December")


def test_20_4_2E_germany_has_one_air_mission_on_30_december_pm():
    b = CombatBuilder().allied("a", "0605")
    b.road("0505", "0605", "0705")
    b.turn = 30
    s = b.build()
    assert s.turn_code() == "30DecPM"
    run(s, cc.Interdict(hex="0505"))
    assert _refused(s, cc.Interdict(hex="0705")).rule == "20.4.2E"


def test_20_4_2A_only_road_hexes_are_interdicted_and_the_refusal_names_the_hex():
    s = _air()
    err = _refused(s, cc.Interdict(hex="0303"))
    assert (err.rule, err.hex) == ("20.4.2A", "0303")


def test_20_4_an_air_attack_on_a_hex_without_enemy_units_names_the_hex():
    s = _air()
    err = _refused(s, cc.AirAttack(hex="0303"))
    assert (err.rule, err.hex) == ("20.4", "0303")


def test_13_2A_a_second_shock_combat_is_refused_citing_14_3B():
    s = CombatBuilder().german("pz", "0505", type="armor").allied("a", "0605").build()
    from darkdec_qt.rules.core.phases import Phase

    s.phase = Phase.EXPLOITATION
    s.exploited.add("pz")
    s.shock_done.add("pz")
    err = _refused(s, cc.DeclareBattle(attackers=("pz",), defenders=("a",), shock=True))
    assert err.rule == "13.2A" and "14.3B" in str(err) and err.unit == "pz"


def test_13_5_5K_the_counterattack_plan_says_no_drm():
    from darkdec_qt.rules.combat.battle import plan

    s = CombatBuilder().german("g", "0505").allied("a", "0605").build()
    b = pending(s, ("a",), ("g",), "CA", ())
    b = b.with_(kind="counterattack")
    assert plan(s, b).drm_parts == [(0, "no DRM in a counterattack (13.5.5K)")]


def test_13_7_a_unit_that_may_not_advance_is_named_in_the_refusal():
    s = CombatBuilder().german("g", "0505").german("far", "0909").allied("a", "0805").build()
    pending(s, ("g",), ("a",), "D1", (("advance", "German", "0605", 1),), levels=(("0605", 1),))
    err = _refused(s, cc.ChooseAdvance(unit="far", path=("0909", "0605")))
    assert (err.rule, err.unit) == ("13.7", "far")


def test_13_7_1C_and_11_0A_an_advance_may_end_in_a_hex_that_then_holds_three_units():
    # given armor advancing two hexes after a two-hex retreat; 0705 beyond the vacated 0605 holds two
    s = CombatBuilder().german("pz", "0505", type="armor").german("f1", "0705").german("f2", "0705") \
        .allied("a", "0909").build()
    ends = {p[-1] for p in legal_advances(s, "pz", "0605", 2)}
    assert "0705" in ends  # two friends + pz = three (11.0A)
    s2 = CombatBuilder().german("pz", "0505", type="armor").german("f1", "0705").german("f2", "0705") \
        .german("f3", "0705").allied("a", "0909").build()
    assert "0705" not in {p[-1] for p in legal_advances(s2, "pz", "0605", 2)}


def test_16_2_1_a_unit_that_may_not_build_bridges_is_told_why():
    from darkdec_qt.rules.core import commands as cm
    from darkdec_qt.rules.engine import check
    from tests.rules.test_16_bridges import build_map

    st = build_map(unit_type="volksgrenadier", uid="424/212", division="212VG")
    with pytest.raises(IllegalAction) as e:
        check(st, cm.Move(units=("424/212",), path=("0506", "0606"), build_bridge=True))
    assert e.value.reason == "may not build bridges" and e.value.rule == "16.2.1B"


def test_13_battle_pending_names_the_decision_awaited():
    from darkdec_qt.rules.combat.queries import pending as awaited

    s = CombatBuilder().german("g", "0505").allied("a", "0605").build()
    pending(s, ("g",), ("a",), "D1", (("result", "Allied", "0605", 0),), levels=(("0605", 1),))
    p = awaited(s)
    assert (p.what, p.side, p.hex, p.n) == ("result", "Allied", "0605", 0)
    assert {c.option for c in p.options} == {"retreat1", "step1"}


def test_20_4_1B_a_hit_on_a_stack_of_two_motorized_units_lets_germany_choose_the_one_that_loses_a_step():
    from darkdec_qt.rules.combat.queries import pending as awaited
    from tests.rules.combat_helpers import seed_with

    b = CombatBuilder().german("pz1", "0605", type="armor").german("pz2", "0605", type="armor") \
        .german("vg", "0605")
    s = b.build()
    s.side = "Allied"
    s.seed = seed_with(1)
    run(s, cc.AirAttack(hex="0605"))
    assert not s.reduced  # nothing is taken before Germany chooses
    p = awaited(s)
    assert (p.what, p.side, p.hex) == ("air_loss", "German", "0605")
    assert _refused(s, cc.ChooseLosses(units=("vg",))).rule == "20.4.1B"  # motorized if possible
    run(s, cc.ChooseLosses(units=("pz2",)))
    assert s.reduced == {"pz2"} and s.battle is None


def test_8_7_2D_each_pair_of_brigades_is_offered_as_a_choice_naming_no_division():
    from darkdec_qt.rules.choices import _fuel_options
    from darkdec_qt.rules.core import commands as cm
    from tests.rules.test_08_7_fuel import fuel_state

    pairs = [c for c in _fuel_options(fuel_state()) if c.brigades]
    assert pairs == [cm.ChooseFuelDivision(division="", side="Allied", brigades=p)
                     for p in (("150Pz", "FBB"), ("150Pz", "FGB"), ("FBB", "FGB"))]

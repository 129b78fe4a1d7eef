"""15.9A-B Dietrich's incompetency, 13.5.5F-G counterattacks, 20.4.2A-B interdiction rolls."""

import pytest

from darkdec_qt.rules.combat import commands as cc
from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.engine import check
from tests.rules.builder import ScenarioBuilder
from tests.rules.combat_builder import CombatBuilder
from tests.rules.combat_helpers import pending, run, seed_with


def _dietrich(turn: str, phase: Phase = Phase.MOVEMENT, rule: bool = True):
    b = ScenarioBuilder(cols=8, rows=8)
    b.unit("ss", "German", "armor", (6, 4, 6), at="0604", nationality="SS")
    b.unit("pz", "German", "armor", (6, 4, 6), at="0606")
    b.unit("A", "Allied", at="0108")
    return b.state(turn=turn, phase=phase, optional=("15.9",) if rule else ())


def test_15_9A_ss_units_do_not_move_in_the_movement_phases_of_16_december():
    for turn in ("16DecAM", "16DecPM"):
        st = _dietrich(turn)
        with pytest.raises(IllegalAction) as e:
            check(st, cm.Move(units=("ss",), path=("0604", "0504")))
        assert e.value.rule == "15.9A"
        check(st, cm.Move(units=("pz",), path=("0606", "0506")))  # a Wehrmacht unit moves
    check(_dietrich("17DecAM"), cm.Move(units=("ss",), path=("0604", "0504")))
    check(_dietrich("16DecAM", rule=False), cm.Move(units=("ss",), path=("0604", "0504")))


def test_15_9A_ss_reserves_may_still_exploit_on_16_december():
    st = _dietrich("16DecAM", phase=Phase.EXPLOITATION)
    st.optional = st.optional | {"14"}
    st.reserve.add("ss")
    check(st, cm.Move(units=("ss",), path=("0604", "0504")))


def test_15_9B_no_ss_shock_combat_until_after_the_pm_16_december_exploitation_phase():
    def shock(turn: int):
        b = CombatBuilder().german("ss", "0505", a=6, type="armor", nationality="SS").allied("a", "0605")
        b.optional |= {"14", "15.9"}
        b.turn = turn
        s = b.build()
        s.phase = Phase.EXPLOITATION
        s.exploited.add("ss")
        run(s, cc.DeclareBattle(attackers=("ss",), defenders=("a",), shock=True))
        return s

    with pytest.raises(IllegalAction, match=r"15\.9B"):
        shock(2)  # PM 16 December
    assert shock(3).battle is not None  # AM 17 December


def test_13_5_5G_the_counterattacker_chooses_any_or_all_attacking_hexes():
    def ca():
        s = CombatBuilder().german("g1", "0505").german("g2", "0604").allied("a", "0605", a=4).build()
        pending(s, ("g1", "g2"), ("a",), "CA", (("ca", "Allied", "", 0),))
        return s

    for hexes in (("0505",), ("0604",), ("0505", "0604")):
        s = ca()
        evs = run(s, cc.Counterattack(hexes=hexes))
        res = next(e for e in evs if e.kind == "battle_resolved")
        assert res.battle_kind == "counterattack"
        assert set(s.battle.defenders if s.battle else ()) <= {"g1", "g2"}


def test_13_5_5F_counterattackers_without_attack_strength_use_the_lowest_odds():
    s = CombatBuilder().german("g", "0505", d=8).allied("a", "0605", a=0).build()
    pending(s, ("g",), ("a",), "CA", (("ca", "Allied", "", 0),))
    evs = run(s, cc.Counterattack(hexes=("0505",)))
    res = next(e for e in evs if e.kind == "battle_resolved")
    assert res.odds == s.module.charts.crt.odds[0]


def test_20_4_2A_B_one_die_interdicts_the_road_hex_on_1_to_3():
    for roll, hit in ((3, True), (4, False)):
        s = CombatBuilder().german("pz", "0605", type="armor").road("0505", "0605", "0705").build()
        s.side = "Allied"
        s.seed = seed_with(roll)
        evs = run(s, cc.Interdict(hex="0505"))
        assert [e.kind for e in evs].count("die_rolled") == 1
        assert ("0505" in s.interdicted) == hit, roll

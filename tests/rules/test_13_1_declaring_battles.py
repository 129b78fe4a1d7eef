"""13.0-13.1, 7.1.5D, 8.5D, 10.4.5B, 8.4B, 8.5E, 15.1B, 15.5A: declaring battles and strengths."""

import pytest

from darkdec_qt.rules.combat import commands as cc
from darkdec_qt.rules.combat.battle import end_phase_problem, plan
from darkdec_qt.rules.combat.battle_state import BattleState
from darkdec_qt.rules.core.errors import IllegalAction
from tests.rules.combat_builder import CombatBuilder
from tests.rules.combat_helpers import run


def _p(s, att, dfn):
    return plan(s, BattleState(id=1, attacker_side=s.side, attackers=att, defenders=dfn))


def test_13_1A_attacker_must_be_adjacent_to_every_defender():
    s = CombatBuilder().german("g", "0505").allied("a", "0605").allied("b", "0805").build()
    with pytest.raises(IllegalAction, match=r"13\.1A"):
        run(s, cc.DeclareBattle(attackers=("g",), defenders=("a", "b")))


def test_13_1C_whole_stack_must_be_attacked():
    s = CombatBuilder().german("g", "0505").allied("a", "0605").allied("b", "0605").build()
    with pytest.raises(IllegalAction, match=r"13\.1C"):
        run(s, cc.DeclareBattle(attackers=("g",), defenders=("a",)))


def test_13_0B_every_adjacent_enemy_must_be_attacked_before_the_phase_ends():
    # given g attacks a but is also adjacent to b
    s = CombatBuilder().german("g", "0505").german("g2", "0406").allied("a", "0605").allied("b", "0506").build()
    run(s, cc.DeclareBattle(attackers=("g",), defenders=("a",)))
    s.battle = None  # (the battle itself is not the point here)
    # then the Combat Phase cannot end while b, which g2 could still attack, is unattacked
    problem = end_phase_problem(s)
    assert problem is not None and "13.0B" in str(problem) and "b" in str(problem)


def test_13_0B_declaration_refused_when_nobody_else_can_attack_the_other_neighbour():
    s = CombatBuilder().german("g", "0505").allied("a", "0605").allied("b", "0506").build()
    with pytest.raises(IllegalAction, match=r"13\.0B"):
        run(s, cc.DeclareBattle(attackers=("g",), defenders=("a",)))
    run(s, cc.DeclareBattle(attackers=("g",), defenders=("a", "b")))


def test_13_2A_a_unit_attacks_once_per_phase():
    s = CombatBuilder().german("g", "0505").allied("a", "0605").build()
    s.attacked.add("g")
    with pytest.raises(IllegalAction, match=r"13\.2A"):
        run(s, cc.DeclareBattle(attackers=("g",), defenders=("a",)))


def test_13_1E_a_unit_listed_twice_is_refused():
    s = CombatBuilder().german("g", "0505").allied("a", "0605").build()
    with pytest.raises(IllegalAction, match=r"13\.1E"):
        run(s, cc.DeclareBattle(attackers=("g", "g"), defenders=("a",)))


def test_8_5D_isolated_units_may_not_attack():
    b = CombatBuilder().german("g", "0505").allied("a", "0605")
    b.supply["g"] = "isolated"
    s = b.build()
    with pytest.raises(IllegalAction, match=r"8\.5D"):
        run(s, cc.DeclareBattle(attackers=("g",), defenders=("a",)))


def test_13_1B_stacks_combine_and_odds_round_for_the_defender():
    s = CombatBuilder().german("g1", "0505", a=5).german("g2", "0604", a=6).allied("a", "0605", d=4).build()
    p = _p(s, ("g1", "g2"), ("a",))
    assert (p.attack, p.defense, p.odds) == (11, 4, "2:1")


def test_10_4_5B_strategic_movement_attacks_at_half_rounded_up():
    b = CombatBuilder().german("g", "0505", a=5).allied("a", "0605", d=3)
    b.strategic.add("g")
    assert _p(b.build(), ("g",), ("a",)).attack == 3


def test_8_4B_unsupplied_attack_halved_rounded_up():
    b = CombatBuilder().german("g", "0505", a=7).allied("a", "0605", d=3)
    b.supply["g"] = "unsupplied"
    assert _p(b.build(), ("g",), ("a",)).attack == 4


def test_8_5E_isolated_defense_halved():
    b = CombatBuilder().german("g", "0505", a=7).allied("a", "0605", d=5)
    b.supply["a"] = "isolated"
    assert _p(b.build(), ("g",), ("a",)).defense == 3


def test_15_1B_patton_adds_his_option_when_stacked_with_an_attacking_unit():
    b = CombatBuilder().allied("Patton", "0505", a=0, d=0, type="leader", aopt=3, dopt=1)
    b.allied("4A", "0505", a=6).german("g", "0605", d=3)
    b.optional.add("15")
    s = b.build()
    s.side = "Allied"
    assert _p(s, ("Patton", "4A"), ("g",)).attack == 9


def test_15_1B_other_leaders_add_nothing():
    b = CombatBuilder().allied("Hodges", "0505", a=0, d=0, type="leader", aopt=1, dopt=2)
    b.allied("1A", "0505", a=6).german("g", "0605", d=3)
    s = b.build()
    s.side = "Allied"
    assert _p(s, ("Hodges", "1A"), ("g",)).attack == 6


def test_15_5A_leader_alone_defends_at_zero_max_odds():
    s = CombatBuilder().german("g", "0505", a=1).allied("Middleton", "0605", type="leader", dopt=2).build()
    assert _p(s, ("g",), ("Middleton",)).odds == "9:1"


def test_15_2B_defense_option_added_when_stacked():
    s = CombatBuilder().german("g", "0505", a=8).allied("Middleton", "0605", type="leader", dopt=2) \
        .allied("a", "0605", d=2).build()
    assert _p(s, ("g",), ("Middleton", "a")).defense == 4


def test_13_5A_B_odds_clamped_1_3_to_9_1():
    s = CombatBuilder().german("g", "0505", a=30).allied("a", "0605", d=1).build()
    assert _p(s, ("g",), ("a",)).odds == "9:1"
    s2 = CombatBuilder().german("g", "0505", a=1).allied("a", "0605", d=9).build()
    assert _p(s2, ("g",), ("a",)).odds == "1:3"


def test_13_0B_engine_refuses_end_phase_with_an_obligatory_attack():
    from darkdec_qt.rules import engine
    from darkdec_qt.rules.core import commands as cm

    s = CombatBuilder().german("g", "0505").german("g2", "0406").allied("a", "0605").allied("b", "0506").build()
    s.started = True
    engine.execute(s, cc.DeclareBattle(attackers=("g",), defenders=("a",)))
    with pytest.raises(IllegalAction, match=r"7\.1\.5\.1F"):
        engine.check(s, cm.EndPhase())
    s.battle = None
    with pytest.raises(IllegalAction, match=r"13\.0B"):
        engine.check(s, cm.EndPhase())

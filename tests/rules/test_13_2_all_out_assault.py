"""13.2, 7.1.5.2, 15.6: all out assault."""

import pytest

from darkdec_qt.rules.combat import commands as cc
from darkdec_qt.rules.core.errors import IllegalAction
from tests.rules.combat_builder import CombatBuilder
from tests.rules.combat_helpers import run, seed_with


def _setup(leader="Hodges", turn=30):
    b = CombatBuilder().allied(leader, "0404", a=0, d=0, type="leader", aopt=1 if leader != "Patton" else 3, dopt=1)
    b.allied("x", "0505", a=8, d=4).german("g", "0605", d=4).terrain("0605", "woods")
    b.optional.add("15")
    b.turn = turn
    s = b.build()
    s.side = "Allied"
    return s


def test_13_2B_leader_must_have_attackers_in_range():
    s = _setup()
    s.pos["Hodges"] = "1212"
    with pytest.raises(IllegalAction) as e:
        run(s, cc.DeclareBattle(attackers=("x",), defenders=("g",), all_out_assault_leader="Hodges"))
    assert e.value.rule == "13.2B"


def test_13_2_1A_offered_after_an_indecisive_attack_and_13_2_3A_costs_a_step():
    s = _setup()
    # 2:1 normal column roll 10 -> row 11 -> A1; woods attacker level clear 1-1=0 -> A1 hits: not indecisive.
    # roll 9 -> row 10 at 2:1 -> "-": indecisive
    s.seed = seed_with(4, 5)
    run(s, cc.DeclareBattle(attackers=("x",), defenders=("g",), all_out_assault_leader="Hodges"))
    run(s, cc.DefenderDeclares())
    evs = run(s, cc.ResolveBattle())
    assert [e.result for e in evs if e.kind == "battle_resolved"] == ["-"]
    assert s.battle.task[0] == "assault"
    evs = run(s, cc.AllOutAssault(loss="x"))
    assert evs[0].kind == "step_lost" and evs[0].unit == "x"
    res = [e for e in evs if e.kind == "battle_resolved"][0]
    assert res.battle_kind == "assault" and res.odds == "2:1"  # 13.2.2B same odds


def test_13_2_1C_no_assault_after_fire_fight():
    s = _setup()
    s.seed = seed_with(3, 5)  # 8 -> row 9 at 2:1 = FF
    run(s, cc.DeclareBattle(attackers=("x",), defenders=("g",), all_out_assault_leader="Hodges"))
    run(s, cc.DefenderDeclares())
    evs = run(s, cc.ResolveBattle())
    assert [e.result for e in evs if e.kind == "battle_resolved"] == ["FF"]
    run(s, cc.ChooseLosses(units=("g",)))
    run(s, cc.ChooseLosses(units=("x",)))
    assert s.battle is None


def test_15_1A_attack_options_are_limited():
    s = _setup()
    s.leader_uses["Hodges/attack"] = 1
    with pytest.raises(IllegalAction, match=r"15\.1A"):
        run(s, cc.DeclareBattle(attackers=("x",), defenders=("g",), all_out_assault_leader="Hodges"))


def test_13_2B_the_leaders_who_may_reserve_an_all_out_assault():
    from darkdec_qt.rules.combat import assault

    s = _setup()
    assert assault.eligible_leaders(s, ("x",)) == ["Hodges"]  # Hodges (0404) commands x (0505)
    s.leader_uses["Hodges/attack"] = 1  # 15.1A: his one attack option is used
    assert assault.eligible_leaders(s, ("x",)) == []
    s = _setup()
    s.pos["Hodges"] = "1212"  # 15.3: x out of his command range
    assert assault.eligible_leaders(s, ("x",)) == []
    s = _setup()
    s.side = "German"  # only the attacker's own leaders
    assert assault.eligible_leaders(s, ("x",)) == []


def test_13_2_1A_the_assault_is_offered_only_while_the_battle_waits_for_it():
    from darkdec_qt.rules.combat import assault
    from tests.rules.combat_helpers import pending

    s = _setup()
    assert not assault.may_assault(s)
    b = pending(s, ("x",), ("g",), "-", (("assault", "Allied", "0505", 0),))
    assert assault.may_assault(s)
    s.battle = b.with_(tasks=(("advance", "Allied", "0605", 1),))
    assert not assault.may_assault(s)
    s.battle = b.with_(tasks=())
    assert not assault.may_assault(s)

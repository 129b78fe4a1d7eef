"""15.0: commander units."""

import pytest

from darkdec_qt.rules import commanders
from darkdec_qt.rules.combat import commands as cc
from darkdec_qt.rules.core.errors import IllegalAction
from tests.rules.combat_builder import CombatBuilder
from tests.rules.combat_helpers import pending, run


def test_15_3A_range_twice_ma_or_ma_when_adjacent_to_enemy():
    b = CombatBuilder().unit("Hodges", "Allied", "0505", a=0, d=0, m=5, type="leader")
    s = b.build()
    assert commanders.command_range(s, "Hodges") == 10
    b.german("g", "0605")
    assert commanders.command_range(b.build(), "Hodges") == 5


def test_15_8A_british_leader_commands_british_only():
    b = CombatBuilder().unit("Horrocks", "Allied", "0505", type="leader", nationality="British") \
        .allied("us", "0506").unit("br", "Allied", "0504", nationality="British")
    s = b.build()
    assert commanders.may_command(s, "Horrocks", "br") and not commanders.may_command(s, "Horrocks", "us")


def test_15_8A_only_the_british_leader_is_restricted_a_us_leader_commands_british_units():
    # given a US leader with a British unit in range: no clause of 15 forbids it (15.8A names the British leader)
    b = CombatBuilder().unit("Hodges", "Allied", "0505", type="leader", nationality="US", aopt=1) \
        .unit("br", "Allied", "0504", nationality="British", a=6).german("g", "0604")
    b.optional.add("15")
    s = b.build()
    s.side = "Allied"
    assert commanders.may_command(s, "Hodges", "br")
    run(s, cc.DeclareBattle(attackers=("br",), defenders=("g",), all_out_assault_leader="Hodges"))
    assert s.battle is not None


def test_15_8A_the_british_leader_refuses_us_units_with_the_clause():
    b = CombatBuilder().unit("Horrocks", "Allied", "0505", type="leader", nationality="British", aopt=1) \
        .allied("us", "0504", a=6).german("g", "0604")
    b.optional.add("15")
    s = b.build()
    s.side = "Allied"
    with pytest.raises(IllegalAction) as e:
        run(s, cc.DeclareBattle(attackers=("us",), defenders=("g",), all_out_assault_leader="Horrocks"))
    assert e.value.rule == "15.8A"


def test_15_8B_dietrich_does_not_command_non_ss_panzer_divisions():
    b = CombatBuilder().unit("Dietrich", "German", "0505", type="leader", nationality="SS") \
        .unit("pz", "German", "0506", type="armor", division="2Pz") \
        .unit("ss", "German", "0504", type="armor", division="1SS", nationality="SS")
    s = b.build()
    assert not commanders.may_command(s, "Dietrich", "pz") and commanders.may_command(s, "Dietrich", "ss")


def test_15_9A_dietrich_incompetency_ss_may_not_attack_on_16_dec():
    b = CombatBuilder().unit("ss", "German", "0505", nationality="SS").allied("a", "0605")
    b.optional.add("15.9")
    b.turn = 1
    s = b.build()
    with pytest.raises(IllegalAction, match=r"15\.9A"):
        run(s, cc.DeclareBattle(attackers=("ss",), defenders=("a",)))


def test_13_5_1E_full_retreat_unless_a_commander_is_in_range():
    b = CombatBuilder().german("g", "0505").allied("a", "0605")
    b.optional |= {"15", "13.5.1E"}
    s = b.build()
    pending(s, ("g",), ("a",), "D1", (("result", "Allied", "0605", 0),), levels=(("0605", 1),))
    with pytest.raises(IllegalAction, match=r"13\.5\.1E"):
        run(s, cc.ChooseDefenderResult(hex="0605", option="step1", losses=("a",)))


def test_15_2A_defense_option_lets_the_defender_hold():
    b = CombatBuilder().german("g", "0505").allied("a", "0605") \
        .unit("Middleton", "Allied", "0708", a=0, d=0, m=5, type="leader", dopt=2)
    b.optional |= {"15", "13.5.1E"}
    s = b.build()
    pending(s, ("g",), ("a",), "D1", (("result", "Allied", "0605", 0),), levels=(("0605", 1),))
    run(s, cc.ChooseDefenderResult(hex="0605", option="step1", losses=("a",), leader="Middleton"))
    assert s.leader_uses["Middleton/defense"] == 1 and "a" in s.reduced


def test_15_5D_displacement_to_nearest_supplied_unit():
    b = CombatBuilder().unit("Hodges", "Allied", "0505", type="leader").allied("a", "0508").allied("b", "0909")
    assert commanders.displacement_hexes(b.build(), "Hodges") == ["0508"]

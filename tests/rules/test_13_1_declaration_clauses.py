"""The declaration of a battle and the defender's declaration, command by command (13.1,
13.3.3A voluntary reductions, 13.2B the leader reserving an all out assault, 15.1A his attack
options, 14.5E a reserve attacked, 13.6.5 a unit retreated into the hex), and the battle's
turns (7.1.5.1A, 7.1.5.1F) and commands (7.1.5)."""

from __future__ import annotations

import pytest

from darkdec_qt.rules.combat import commands as cc
from darkdec_qt.rules.combat import procedure
from darkdec_qt.rules.core.errors import IllegalAction, MalformedCommand
from tests.rules.combat_builder import CombatBuilder
from tests.rules.combat_helpers import run
from tests.rules.test_13_2_all_out_assault import _setup


def _refusal(s, cmd) -> IllegalAction:
    with pytest.raises(IllegalAction) as e:
        run(s, cmd)
    return e.value


def _two():
    return CombatBuilder().german("g", "0505").german("g2", "0504").allied("a", "0605").build()


# --- 13.3.3A voluntary reductions ---

def test_13_3_3A_the_attacker_may_reduce_only_hexes_its_attackers_occupy_by_no_negative_amount():
    s = _two()
    for red in ((("0605", 1),), (("0504", 1),), (("0505", -1),)):  # the defender's hex; g2 is not attacking
        e = _refusal(s, cc.DeclareBattle(attackers=("g",), defenders=("a",), voluntary_reductions=red))
        assert (e.rule, e.reason) == ("13.3.3A", f"may reduce only its own occupied hexes, not {red[0][0]}")
    run(s, cc.DeclareBattle(attackers=("g",), defenders=("a",), voluntary_reductions=(("0505", 0),)))
    assert s.battle.reductions == (("0505", 0),)


def test_13_3_3A_the_defender_declares_its_own_reductions_after_the_attackers():
    s = _two()
    run(s, cc.DeclareBattle(attackers=("g",), defenders=("a",), voluntary_reductions=(("0505", 1),)))
    for red in ((("0505", 1),), (("0605", -1),)):
        e = _refusal(s, cc.DefenderDeclares(voluntary_reductions=red))
        assert (e.rule, e.reason) == ("13.3.3A", f"may reduce only its own occupied hexes, not {red[0][0]}")
    run(s, cc.DefenderDeclares(voluntary_reductions=(("0605", 0),), integrity=False))
    b = s.battle
    assert b.reductions == (("0505", 1), ("0605", 0)) and b.defender_integrity is False
    assert b.task == ("resolve", "German", "", 0)


# --- 13.1 what the declaration records ---

def test_13_1_the_declaration_names_the_battle_its_sides_units_and_kind_and_the_defender_declares_next():
    s = _two()
    s.battles = 4
    evs = run(s, cc.DeclareBattle(attackers=("g",), defenders=("a",), integrity_choices=("1SS",),
                                  use_armor_superiority=False, ignore_second_bonus_if_ff=True))
    d = [e for e in evs if e.kind == "battle_declared"]
    assert [(e.id, e.attacker_side, e.attackers, e.defenders, e.battle_kind) for e in d] == [
        (5, "German", ("g",), ("a",), "attack")]
    b = s.battle
    assert (b.id, b.attacker_side, b.kind, b.shock, b.aoa_leader) == (5, "German", "attack", False, "")
    assert (b.integrity, b.use_armor, b.ignore_second_bonus_if_ff) == (("1SS",), False, True)
    assert b.tasks == (("declare", "Allied", "", 0),) and b.original_defenders == ("a",)


def test_14_5E_a_reserve_unit_attacked_loses_its_status_at_once():
    s = _two()
    s.reserve.add("a")
    evs = run(s, cc.DeclareBattle(attackers=("g",), defenders=("a",)))
    assert [(e.unit, e.reason) for e in evs if e.kind == "reserve_left"] == [("a", "attacked (14.5E)")]
    assert "a" not in s.reserve


def test_13_6_5_a_unit_retreated_into_the_hex_defends_with_it_but_is_not_an_original_defender():
    s = CombatBuilder().german("g", "0505").allied("a", "0605").allied("r", "0605").build()
    s.retreated_into.add("r")
    run(s, cc.DeclareBattle(attackers=("g",), defenders=("a", "r")))
    assert s.battle.defenders == ("a", "r") and s.battle.original_defenders == ("a",)


# --- 13.2B the leader who reserves an all out assault, 15.1A his options ---

def test_13_2B_the_assault_leader_must_be_a_friendly_leader_on_the_map():
    b = CombatBuilder().allied("Hodges", None, a=0, d=0, type="leader", aopt=1) \
        .unit("Model", "German", "0707", a=0, d=0, type="leader", aopt=1)
    b.allied("x", "0505", a=8, d=4).german("g", "0605", d=4)
    b.optional.add("15")
    s = b.build()
    s.side = "Allied"
    for who in ("Hodges", "x", "Model"):  # off the map, a combat unit, an enemy leader
        e = _refusal(s, cc.DeclareBattle(attackers=("x",), defenders=("g",), all_out_assault_leader=who))
        assert (e.rule, e.reason) == ("13.2B", f"{who} is not a friendly leader on the map")


def test_15_1A_a_leader_without_an_attack_option_left_is_refused_by_name():
    s = _setup()
    s.leader_uses["Hodges/attack"] = 1
    e = _refusal(s, cc.DeclareBattle(attackers=("x",), defenders=("g",), all_out_assault_leader="Hodges"))
    assert (e.rule, e.unit, e.reason) == ("15.1A", "Hodges", "has no attack option left this phase")


def test_13_2B_the_leader_out_of_range_is_named_in_the_refusal():
    s = _setup()
    s.pos["Hodges"] = "1212"
    e = _refusal(s, cc.DeclareBattle(attackers=("x",), defenders=("g",), all_out_assault_leader="Hodges"))
    assert (e.rule, e.unit) == ("13.2B", "Hodges") and e.reason.startswith("does not have x within")


def test_15_1A_the_last_attack_option_is_used_and_logged():
    s = _setup()
    evs = run(s, cc.DeclareBattle(attackers=("x",), defenders=("g",), all_out_assault_leader="Hodges"))
    assert [(e.leader, e.option) for e in evs if e.kind == "leader_option_used"] == [("Hodges", "attack")]
    assert s.leader_uses["Hodges/attack"] == 1 and s.battle.aoa_leader == "Hodges"
    assert s.battle.tasks == (("declare", "German", "", 0),)


# --- 7.1.5.1: the battle's turns, 7.1.5 its commands ---

def test_7_1_5_1A_F_a_battle_command_needs_a_battle_awaiting_it():
    s = _two()
    e = _refusal(s, cc.ResolveBattle())
    assert (e.rule, e.reason) == ("7.1.5.1A", "no battle is being resolved")
    run(s, cc.DeclareBattle(attackers=("g",), defenders=("a",)))
    e = _refusal(s, cc.ResolveBattle())
    assert (e.rule, e.reason) == ("7.1.5.1F",
                                  "the battle awaits 'declare' from the Allied player, not this command")
    run(s, cc.DefenderDeclares())
    assert s.battle.task == ("resolve", "German", "", 0)


def test_7_1_5_a_command_that_is_not_a_battle_or_air_command_is_malformed():
    from darkdec_qt.rules.core import commands as cm

    with pytest.raises(MalformedCommand) as e:
        procedure.check(_two(), cm.EndPhase())
    assert e.value.reason == "'end_phase' is not a combat command"


def test_14_3_a_shock_combat_is_declared_and_recorded_as_one():
    from darkdec_qt.rules.core.phases import Phase

    b = CombatBuilder().german("pz", "0505", a=6, type="armor").allied("a", "0605", d=4)
    b.optional.add("14")
    s = b.build()
    s.phase = Phase.EXPLOITATION
    s.exploited.add("pz")
    evs = run(s, cc.DeclareBattle(attackers=("pz",), defenders=("a",), shock=True))
    assert [e.battle_kind for e in evs if e.kind == "battle_declared"] == ["shock"]
    assert (s.battle.kind, s.battle.shock) == ("shock", True) and s.shock_done == {"pz"}


def test_13_4_and_18_2A_the_battle_rolls_two_named_dice_and_adds_the_drm():
    from tests.rules.combat_helpers import seed_with

    b = CombatBuilder().german("g", "0505", a=8).allied("a", "0605")
    b.turn = 1  # AM 16 December: the German surprise DRM of -1 (18.2A), on the tactical column (13.4)
    s = b.build()
    s.seed = seed_with(4, 5)
    run(s, cc.DeclareBattle(attackers=("g",), defenders=("a",)))
    run(s, cc.DefenderDeclares())
    evs = run(s, cc.ResolveBattle())
    assert [(e.purpose, e.value) for e in evs if e.kind == "die_rolled"] == [("battle 1 die 1", 4),
                                                                            ("battle 1 die 2", 5)]
    assert [(e.column, e.drm, e.roll) for e in evs if e.kind == "battle_resolved"] == [("tactical", -1, 8)]

"""13.0-13.1, 7.1.5D, 8.5D, 10.4.5B, 8.4B, 8.5E, 15.1B, 15.5A: declaring battles and strengths."""

import pytest

from darkdec_qt.rules.combat import commands as cc
from darkdec_qt.rules.combat.battle import check_declare, end_phase_problem, free_to_attack, plan
from darkdec_qt.rules.combat.battle_state import BattleState
from darkdec_qt.rules.core.errors import IllegalAction, MalformedCommand
from darkdec_qt.rules.core.phases import Phase
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


# --- each unit's strength and the reason the battle readout gives for it ---

def _parts(p, which="attack"):
    return {u: (v, why) for u, v, why in (p.attack_parts if which == "attack" else p.defense_parts)}


def test_13_1B_each_attacker_counts_its_printed_strength_and_says_so():
    s = CombatBuilder().german("g1", "0505", a=5).german("g2", "0604", a=6).allied("a", "0605", d=4).build()
    assert _parts(_p(s, ("g1", "g2"), ("a",))) == {"g1": (5, "5 printed"), "g2": (6, "6 printed")}


def test_10_4_5B_and_8_4B_the_halvings_add_up_and_each_is_named():
    b = CombatBuilder().german("g", "0505", a=7).german("h", "0604", a=7).allied("a", "0605", d=4)
    b.strategic.add("g")
    b.supply["g"] = "unsupplied"
    b.supply["h"] = "isolated"
    p = _p(b.build(), ("g", "h"), ("a",))
    assert _parts(p)["g"] == (2, "7 printed, halved: strategic movement (10.4.5B), halved: unsupplied (8.4B)")
    assert _parts(p)["h"] == (4, "7 printed, halved: unsupplied (8.4B)")
    assert p.attack == 6


def test_8_7_4_a_unit_out_of_fuel_attacks_at_half_and_the_reason_names_the_fuel():
    b = CombatBuilder().german("g", "0505", a=7, division="2Pz").allied("a", "0605", d=4)
    s = b.build()
    s.fuel_depleted.add("2Pz")
    assert _parts(_p(s, ("g",), ("a",)))["g"] == (4, "7 printed, halved: out of fuel (8.7.4, 8.4B)")
    del s.supply["g"]  # no supply determination yet (a reinforcement): supplied, so out of fuel too
    assert _parts(_p(s, ("g",), ("a",)))["g"] == (4, "7 printed, halved: out of fuel (8.7.4, 8.4B)")


def test_13_5_5C_a_counterattack_ignores_supply_and_strategic_movement():
    b = CombatBuilder().german("g", "0505", a=7).allied("a", "0605", a=5, d=4)
    b.strategic.add("g")
    b.supply["g"] = "unsupplied"
    s = b.build()
    p = plan(s, BattleState(id=1, attacker_side="German", attackers=("g",), defenders=("a",), kind="counterattack"))
    assert _parts(p)["g"] == (7, "7 printed, supply ignored in a counterattack (13.5.5C)")


def test_14_3_shock_combat_doubles_the_strength_after_the_halvings():
    b = CombatBuilder().german("g", "0505", a=7).allied("a", "0605", d=4)
    b.supply["g"] = "unsupplied"
    s = b.build()
    p = plan(s, BattleState(id=1, attacker_side="German", attackers=("g",), defenders=("a",), shock=True))
    assert _parts(p)["g"] == (8, "7 printed, halved: unsupplied (8.4B), doubled: shock combat (14.3)")


def _patton(**kw):
    b = CombatBuilder().allied("Patton", "0505", a=0, d=0, type="leader", aopt=3, dopt=1)
    b.allied("4A", kw.get("at", "0505"), a=6).allied("4B", "0606", a=2).german("g", "0605", d=3)
    b.allied("Hodges", "0505", a=0, d=0, type="leader", aopt=1, dopt=2)
    b.optional.add("15")
    s = b.build()
    s.side = "Allied"
    return s


def test_15_1B_patton_adds_his_option_only_when_a_combat_unit_of_his_hex_attacks():
    stacked = "attack option stacked with an attacking unit (15.1B)"
    nothing = "leader adds no strength (15.1B)"
    assert _parts(_p(_patton(), ("Patton", "4A", "4B"), ("g",)))["Patton"] == (3, stacked)
    # a unit of his hex that does not attack, or only another leader beside him: nothing
    assert _parts(_p(_patton(), ("Patton", "4B"), ("g",)))["Patton"] == (0, nothing)
    assert _parts(_p(_patton(), ("Patton", "Hodges", "4B"), ("g",)))["Patton"] == (0, nothing)
    assert _parts(_p(_patton(at="0604"), ("Patton", "4A"), ("g",)))["Patton"] == (0, nothing)
    assert _parts(_p(_patton(), ("Hodges", "4A"), ("g",)))["Hodges"] == (0, nothing)


def test_15_1B_a_second_counter_of_patton_is_patton_too():
    b = CombatBuilder().allied("Patton/2", "0505", a=0, d=0, type="leader", aopt=3, dopt=1)
    b.allied("4A", "0505", a=6).german("g", "0605", d=3)
    s = b.build()
    s.side = "Allied"
    assert _parts(_p(s, ("Patton/2", "4A"), ("g",)))["Patton/2"][0] == 3


def test_15_2B_and_15_5A_a_leader_defends_with_his_option_only_beside_a_defending_unit_of_his_hex():
    b = CombatBuilder().german("g", "0505", a=8).allied("Middleton", "0605", type="leader", dopt=2)
    b.allied("a", "0605", d=2).allied("c", "0606", d=3).allied("Hodges", "0605", type="leader", dopt=1)
    s = b.build()
    assert _parts(_p(s, ("g",), ("Middleton", "a")), "defense")["Middleton"] == (
        2, "defense option stacked with a defending unit (15.2B)")
    alone = (0, "leader alone defends at 0 (15.5A)")
    assert _parts(_p(s, ("g",), ("Middleton", "c")), "defense")["Middleton"] == alone
    assert _parts(_p(s, ("g",), ("Middleton", "Hodges")), "defense")["Middleton"] == alone


def test_8_5E_an_isolated_defender_is_halved_and_an_unsupplied_one_is_not():
    b = CombatBuilder().german("g", "0505", a=8).allied("a", "0605", d=5).allied("c", "0605", d=3)
    b.supply["a"] = "isolated"
    b.supply["c"] = "unsupplied"
    p = _p(b.build(), ("g",), ("a", "c"))
    assert _parts(p, "defense") == {"a": (3, "5 halved: isolated (8.5E)"), "c": (3, "3 printed")}
    assert p.defense == 6


def test_13_6_5_a_unit_that_retreated_into_the_hex_adds_no_defense():
    s = CombatBuilder().german("g", "0505", a=8).allied("a", "0605", d=5).allied("r", "0605", d=3).build()
    s.retreated_into.add("r")
    p = _p(s, ("g",), ("a", "r"))
    assert _parts(p, "defense")["r"] == (0, "retreated into the hex: adds no strength (13.6.5)")
    assert p.defense == 5


# --- who may attack now (free_to_attack): each refusal's clause and words ---

def _free(**kw):
    b = CombatBuilder().german("g", "0505").german("ss", "0604", nationality="SS").german("150", "0506") \
        .allied("a", "0605").allied("us", "0705")
    b.turn = kw.pop("turn", 15)
    b.optional |= set(kw.pop("optional", ()))
    b.variants |= set(kw.pop("variants", ()))
    return b.build()


def test_13_0A_13_2A_13_5_5J_8_5D_14_1E_16_2_3A_each_refusal_to_attack_names_its_clause():
    s = _free()
    assert free_to_attack(s, "g") is None
    s.pos.pop("150")
    assert free_to_attack(s, "150") == ("13.0A", "is not on the map")
    cases = [
        (lambda s: s.attacked.add("g"), ("13.2A", "has already attacked this phase")),
        (lambda s: s.ca_obliged.add("g"), ("13.5.5J", "counterattacked this phase and may not attack again")),
        (lambda s: s.supply.__setitem__("g", "isolated"), ("8.5D", "is isolated and may not attack")),
        (lambda s: s.reserve.add("g"), ("14.1E", "is in reserve and may not attack")),
        (lambda s: s.bridges_started.__setitem__(("0505", "0506"), "g"),
         ("16.2.3A", "is building a bridge this player turn and may not take part in combat")),
    ]
    for make, why in cases:
        s = _free()
        make(s)
        assert free_to_attack(s, "g") == why
        assert free_to_attack(s, "ss") is None  # (only the unit concerned)


def test_26_13D_no_allied_attack_in_a_turn_of_montgomerys_withdrawal():
    s = _free(variants=("26.13",))
    s.side = "Allied"
    assert free_to_attack(s, "us") is None
    s.triggers[f"26.13@{s.turn}"] = "declared"
    assert free_to_attack(s, "us") == (
        "26.13D", "may not attack: the Allies are conducting Montgomery's withdrawal this turn")
    assert free_to_attack(s, "g") is None  # the Germans still attack
    s.turn += 1
    assert free_to_attack(s, "us") is None  # only the turn it was declared


def test_15_9A_B_ss_and_150th_units_may_not_attack_on_16_december():
    why_a = ("15.9A", "may not attack on 16 December: Dietrich's tactical incompetency")
    why_b = ("15.9B", "may not make a shock combat before the PM 16 December Exploitation Phase is over")
    for turn in (1, 2):
        s = _free(turn=turn, optional=("15.9",))
        assert free_to_attack(s, "ss") == why_a and free_to_attack(s, "150") == why_a
        assert free_to_attack(s, "ss", shock=True) == why_b
        assert free_to_attack(s, "g") is None  # a Wehrmacht unit
    assert free_to_attack(_free(turn=3, optional=("15.9",)), "ss") is None
    assert free_to_attack(_free(turn=1), "ss") is None  # the optional rule not in use


def test_14_3A_B_and_13_2A_who_may_make_a_shock_combat():
    s = _free()
    s.attacked.add("g")  # attacked in the Combat Phase: shock combat is still open (14.3)
    assert free_to_attack(s, "g", shock=True) == ("14.3A", "did not move in the Exploitation Phase")
    s.exploited.add("g")
    assert free_to_attack(s, "g", shock=True) is None
    s.strategic.add("g")
    assert free_to_attack(s, "g", shock=True) == ("14.3B", "moved in strategic movement")
    s.strategic.discard("g")
    s.shock_done.add("g")
    assert free_to_attack(s, "g", shock=True) == (
        "13.2A", "has already made a shock combat (a unit attacks once a phase, 14.3B)")
    assert free_to_attack(s, "g") == ("13.2A", "has already attacked this phase")


# --- declaring a battle (check_declare): each refusal's clause, unit and words ---

def _declared(s, att, dfn, shock=False):
    """(rule, unit, reason) of check_declare's refusal."""
    with pytest.raises(IllegalAction) as e:
        check_declare(s, att, dfn, shock)
    return e.value.rule, e.value.unit, e.value.reason


def _line():
    return CombatBuilder().german("g", "0505").german("h", "0504").allied("a", "0605").allied("b", "0604")


def test_7_1_5_1G_and_13_0A_14_3A_a_battle_is_declared_in_its_phase_one_at_a_time():
    s = _line().build()
    s.battle = BattleState(id=1, attacker_side="German", attackers=("h",), defenders=("b",))
    assert _declared(s, ("g",), ("a",)) == (
        "7.1.5.1G", None, "cannot declare a battle: another battle is being resolved")
    s = _line().build()
    s.phase = Phase.MOVEMENT
    assert _declared(s, ("g",), ("a",)) == ("13.0A", None, "battles are declared in the combat phase")
    assert _declared(s, ("g",), ("a",), shock=True) == (
        "14.3A", None, "battles are declared in the exploitation phase")
    s.phase = Phase.EXPLOITATION
    assert _declared(s, ("g",), ("a",))[0] == "13.0A"
    s.phase = Phase.COMBAT
    assert _declared(s, ("g",), ("a",), shock=True)[0] == "14.3A"


def test_13_1E_a_battle_needs_both_sides_and_lists_each_unit_once():
    s = _line().build()
    for att, dfn in ((), ("a",)), (("g",), ()):
        with pytest.raises(MalformedCommand) as e:
            check_declare(s, att, dfn)
        assert e.value.reason == "a battle needs attackers and defenders"
    twice = ("13.1E", None, "a unit is listed twice; its strength is never divided")
    assert _declared(s, ("g", "g"), ("a",)) == twice
    assert _declared(s, ("g",), ("a", "a")) == twice


def test_13_0C_only_phasing_units_attack_and_only_enemy_units_on_the_map_defend():
    b = _line().allied("gone", None)
    s = b.build()
    assert _declared(s, ("g", "a"), ("b",)) == ("13.0C", "a", "is not a phasing unit and cannot attack")
    assert _declared(s, ("nobody",), ("a",)) == ("13.0C", "nobody", "is not a phasing unit and cannot attack")
    assert _declared(s, ("g",), ("a", "h")) == ("13.0C", "h", "is not an enemy unit on the map")
    assert _declared(s, ("g",), ("a", "gone")) == ("13.0C", "gone", "is not an enemy unit on the map")


def test_13_2A_a_free_to_attack_refusal_is_raised_with_its_clause_and_unit():
    s = _line().build()
    s.reserve.add("h")
    assert _declared(s, ("g", "h"), ("a",)) == ("14.1E", "h", "is in reserve and may not attack")
    s = _line().build()
    s.defended.add("a")
    assert _declared(s, ("g",), ("a",)) == ("13.2A", "a", "has already defended this phase")


def test_15_1C_leaders_attack_only_with_a_combat_unit_and_14_3B_one_unit_a_shock_combat():
    b = _line().german("Model", "0505", type="leader").german("Dietrich", "0504", type="leader")
    s = b.build()
    assert _declared(s, ("Model", "Dietrich"), ("a",))[0::2] == (
        "15.1C", "leaders attack only with a friendly combat unit")
    s.phase = Phase.EXPLOITATION
    s.exploited |= {"g", "h", "Model"}
    assert _declared(s, ("g", "h"), ("a", "b"), shock=True) == (
        "14.3B", None, "no more than one unit may perform shock combat in a battle")
    s.attacked |= {"g", "Model"}  # attacked in the Combat Phase: shock combat is another matter (14.3B)
    check_declare(s, ("g", "Model"), ("a", "b"), shock=True)  # a leader with it does not count
    s.defended |= {"a", "b"}  # 14.3B: shock combat may fall on units that defended already
    check_declare(s, ("g",), ("a", "b"), shock=True)


def test_13_6_5_a_unit_retreated_into_the_hex_must_be_among_the_defenders():
    s = _line().allied("r", "0605").allied("q", "0605").build()
    s.retreated_into |= {"r", "q"}
    s.defended |= {"a"}
    assert _declared(s, ("g",), ("r",)) == (
        "13.6.5", "q", "retreated into 0605 this phase and must be among its defenders: it adds no strength but "
        "suffers the result of the attack")
    check_declare(s, ("g",), ("r", "q", "b"))  # a, which defended already, is not owed (13.2A)
    s = _line().allied("p", "0605").allied("q", "0605").allied("r", "0605").build()
    s.retreated_into |= {"q", "r"}
    assert _declared(s, ("g",), ("a", "b", "p"))[:2] == ("13.6.5", "q, r")


def test_13_1C_the_units_of_the_hex_left_out_are_named():
    s = _line().allied("c", "0605").allied("d", "0605").build()
    assert _declared(s, ("g",), ("a", "b")) == ("13.1C", "c, d", "in 0605 must be attacked together with the rest "
                                                "of the stack")


def test_13_1A_the_attacker_not_adjacent_is_named():
    s = _line().german("far", "0303").build()
    assert _declared(s, ("g", "far"), ("a",)) == ("13.1A", "far", "in 0303 is not adjacent to defending hex 0605")
    assert _declared(s, ("g", "h"), ("a",)) == ("13.1A", "h", "in 0504 is not adjacent to defending hex 0605")


# --- the battle's plan: each defending hex's level, odds, die roll modifiers ---

def _two_hexes(**kw):
    b = CombatBuilder().german("g", "0505", a=12, type=kw.get("gtype", "infantry")).terrain("0605", "woods")
    b.terrain("0604", "clear", town="Town").allied("a", "0605", d=2, type=kw.get("atype", "infantry"))
    b.allied("b", "0604", d=2).allied("c", "0605", d=2)
    return b


def test_13_3B_C_each_defending_hex_has_its_own_level_and_its_own_modifiers():
    b = _two_hexes()
    b.strategic.add("a")
    s = b.build()
    bs = BattleState(id=1, attacker_side="German", attackers=("g",), defenders=("a", "b", "c"),
                     reductions=(("0604", 1),), minus_one=("0604",))
    p = plan(s, bs)
    assert p.levels == {
        "0605": (1, [(3, "woods (TEC, 13.3.1A)"), (-2, "strategic movement (13.3.2B, 10.4.7B)")]),
        "0604": (2, [(4, "town (TEC, 13.3.1A)"), (-1, "counterattack (13.5.5D-E)"),
                     (-1, "voluntary reduction (13.3.3)")]),
    }
    assert not p.armor_used


def test_13_9_1A_B_armor_superiority_in_every_defending_hex_and_only_when_the_attacker_uses_it():
    s = _two_hexes(gtype="armor").build()
    bs = BattleState(id=1, attacker_side="German", attackers=("g",), defenders=("a", "b", "c"))
    p = plan(s, bs)
    assert p.armor_used
    assert {h: lv for h, (lv, _) in p.levels.items()} == {"0605": 2, "0604": 3}
    assert p.levels["0605"][1][-1] == (-1, "attacker armor superiority (13.9.1A)")
    p = plan(s, bs.with_(use_armor=False))
    assert p.armor_used is False and {h: lv for h, (lv, _) in p.levels.items()} == {"0605": 3, "0604": 4}
    # 13.5.5K: a counterattack takes no armor superiority for the attacker
    p = plan(s, bs.with_(kind="counterattack"))
    assert not p.armor_used and {h: lv for h, (lv, _) in p.levels.items()} == {"0605": 3, "0604": 4}
    s = _two_hexes(atype="armor").build()
    p = plan(s, bs)
    assert not p.armor_used and {h: lv for h, (lv, _) in p.levels.items()} == {"0605": 4, "0604": 5}
    assert p.levels["0604"][1][-1] == (1, "defender armor superiority (13.9.1B)")


def test_13_1B_C_units_no_longer_on_the_map_count_for_neither_side():
    s = _two_hexes().german("h", "0504", a=5).build()
    bs = BattleState(id=1, attacker_side="German", attackers=("g", "h"), defenders=("a", "b", "c"))
    s.pos.pop("h")
    s.pos.pop("c")
    p = plan(s, bs)
    assert (p.attack, p.defense, p.odds) == (12, 4, "3:1")
    assert [u for u, _, _ in p.attack_parts] == ["g"] and [u for u, _, _ in p.defense_parts] == ["a", "b"]


def test_8_5D_an_isolated_attacker_puts_the_battle_on_the_lowest_odds_column():
    b = _two_hexes()
    b.supply["g"] = "isolated"
    s = b.build()
    p = plan(s, BattleState(id=1, attacker_side="German", attackers=("g",), defenders=("a", "b", "c")))
    assert p.odds == s.module.charts.crt.odds[0]
    assert p.attack_parts[-1] == ("", 0, "isolated attackers: lowest odds column (8.5D)")
    b = _two_hexes()
    b.supply["a"] = "isolated"  # an isolated defender does not
    p = plan(b.build(), BattleState(id=1, attacker_side="German", attackers=("g",), defenders=("a", "b", "c")))
    assert p.odds == "2:1" and all(u for u, _, _ in p.attack_parts)


def test_13_5_5K_no_die_roll_modifier_in_a_counterattack():
    s = _two_hexes().build()
    bs = BattleState(id=1, attacker_side="German", attackers=("g",), defenders=("a", "b", "c"), kind="counterattack")
    p = plan(s, bs)
    assert (p.drm, p.drm_parts) == (0, [(0, "no DRM in a counterattack (13.5.5K)")])


# --- 13.0B: every enemy adjacent to an attacking unit must be attacked ---

def _pinned(**kw):
    """g (0505) attacks a (0605); b (0506) is adjacent to g; who else could still attack b?"""
    b = CombatBuilder().german("g", "0505").allied("a", "0605").allied("b", "0506").allied("a2", None)
    for uid, (at, extra) in kw.items():
        b.german(uid, at, **extra)
    return b.build()


def test_13_0B_another_unit_free_to_attack_lets_the_battle_leave_a_neighbour_for_later():
    from darkdec_qt.rules.combat.battle import could_still_be_attacked

    s = _pinned(g2=("0406", {}))
    check_declare(s, ("g",), ("a",))
    assert could_still_be_attacked(s, "b", ("g",))
    assert not could_still_be_attacked(s, "b", ("g", "g2"))  # (its own attackers are busy)
    s.reserve.add("g2")  # 14.1E: a reserve may not attack
    assert not could_still_be_attacked(s, "b", ("g",))
    assert _declared(s, ("g",), ("a",)) == (
        "13.0B", "g", "in 0505 is adjacent to b in 0506, which must be attacked too and no other unit is free to attack it")
    s = _pinned(Model=("0406", {"type": "leader"}))  # a leader cannot attack alone (15.1C)
    assert not could_still_be_attacked(s, "b", ("g",))
    s = CombatBuilder().german("g", "0505").allied("a", "0605").allied("b", "0506").allied("b2", "0406").build()
    assert not could_still_be_attacked(s, "b", ("g",))  # (an Allied neighbour of b cannot attack b)
    s = _pinned()
    s.defended.add("b")  # a neighbour that defended already is not owed
    check_declare(s, ("g",), ("a",))
    s = _pinned()
    s.pos["a2"] = "0506"  # 0506 holds a2, which defended already, and b, which nobody else can attack
    s.defended.add("a2")
    assert _declared(s, ("g",), ("a",))[:2] == ("13.0B", "g")
    s = CombatBuilder().allied("a", "0505").german("g", "0605").allied("a2", "0706").build()
    s.side = "Allied"
    assert could_still_be_attacked(s, "g", ("a",))  # the same for the Allies: a2 is free
    s = _pinned(g2=("0504", {}))  # a friendly neighbour is not an enemy
    check_declare(s, ("g",), ("a", "b"))


def test_13_0B_the_phase_cannot_end_with_an_owed_attack_and_the_refusal_lists_each_one():
    from darkdec_qt.rules.combat.battle import obligatory_attacks

    b = CombatBuilder().german("g", "0505").german("g2", "0406").german("f", "0909")
    b.allied("a", "0605").allied("b", "0506").allied("c", "0404").allied("d", "0405")
    s = b.build()
    s.attacked |= {"g", "f"}
    s.defended |= {"a"}
    # b and d: g2 is free to attack them; c: nobody is (13.5.5J: no further consequence); a defended
    assert sorted(obligatory_attacks(s)) == [("g", "b"), ("g", "d")]
    problem = end_phase_problem(s)
    assert problem.rule == "13.0B" and problem.reason.startswith(
        "cannot end the Combat Phase: every enemy unit adjacent to an attacking unit must be attacked: ")
    assert problem.reason.endswith(("b (adjacent to g); d (adjacent to g)", "d (adjacent to g); b (adjacent to g)"))
    s.phase = Phase.EXPLOITATION  # only the Combat Phase owes it
    assert end_phase_problem(s) is None
    s.phase = Phase.COMBAT
    s.pos.pop("g")  # an attacker eliminated owes nothing
    assert obligatory_attacks(s) == [] and end_phase_problem(s) is None


def test_13_0B_only_the_phasing_sides_attackers_owe_and_at_most_six_are_listed():
    from darkdec_qt.rules.combat.battle import obligatory_attacks

    b = CombatBuilder(rows=16)
    for i in range(7):
        row = f"{2 * i + 2:02d}"
        b.german(f"g{i}", f"05{row}").allied(f"a{i}", f"06{row}").german(f"r{i}", f"07{row}")
    b.allied("ca", "0303").german("x", "0304")
    s = b.build()
    s.attacked |= {f"g{i}" for i in range(7)} | {"ca"}  # ca: an Allied unit that counterattacked
    assert sorted(obligatory_attacks(s)) == sorted((f"g{i}", f"a{i}") for i in range(7))
    text = end_phase_problem(s).reason
    assert text.count("(adjacent to g") == 6 and "a6 (adjacent to g6)" not in text
    assert "a0 (adjacent to g0); a1 (adjacent to g1)" in text


def test_7_1_5_1F_no_phase_ends_while_a_battle_is_being_resolved():
    s = CombatBuilder().german("g", "0505").allied("a", "0605").build()
    s.phase = Phase.EXPLOITATION
    s.battle = BattleState(id=1, attacker_side="German", attackers=("g",), defenders=("a",), shock=True)
    problem = end_phase_problem(s)
    assert (problem.rule, problem.reason) == ("7.1.5.1F", "cannot end the phase: a battle is being resolved")


def test_13_3_2A_the_attackers_hex_level_is_reduced_by_one_and_by_its_own_modifiers():
    from darkdec_qt.rules.combat.battle import attacker_level

    b = CombatBuilder().german("g", "0505").german("h", "0604").allied("a", "0605").terrain("0505", "woods")
    b.terrain("0604", "clear", town="T").river("0604", "0605")
    b.strategic.add("h")
    s = b.build()
    bs = BattleState(id=1, attacker_side="German", attackers=("g", "h"), defenders=("a",), reductions=(("0505", 1),))
    assert attacker_level(s, bs, "0505") == (1, [(3, "woods (TEC, 13.3.1A)"), (-1, "attacking units (13.3.2A)"),
                                                 (-1, "voluntary reduction (13.3.3)")])
    assert attacker_level(s, bs, "0604") == (1, [(4, "town (TEC, 13.3.1A)"), (-1, "attacking units (13.3.2A)"),
                                                 (-2, "strategic movement (13.3.2B, 10.4.7B)")])
    s = CombatBuilder().german("g", "0505").allied("a", "0605").river("0505", "0605").build()
    bs = BattleState(id=1, attacker_side="German", attackers=("g",), defenders=("a",))
    assert attacker_level(s, bs, "0505")[1][0] == (3, "river, all enemies across (13.3.1C)")


# --- a proposed battle explained before it is declared (combat.queries) ---

def _proposal():
    """The 12VG (armor 1/12VG and two infantry regiments) next to the Allied ``a`` in woods (0605)."""
    b = CombatBuilder().terrain("0605", "woods")
    for i, h in enumerate(["0505", "0504", "0604"]):
        b.unit(f"{i + 1}/12VG", "German", h, division="12VG", type="armor" if i == 0 else "infantry")
    return b.allied("a", "0605").allied("c", "0404").build()


ATT = ("1/12VG", "2/12VG", "3/12VG")


def test_13_8A_a_proposed_battle_claims_the_attackers_divisions_unless_told_otherwise():
    from darkdec_qt.rules.combat.queries import proposed_battle

    s = _proposal()
    p = proposed_battle(s, ATT, ("a",))
    assert (p.attack, p.defense, p.odds, p.drm) == (12, 4, "3:1", -1)
    assert p.drm_parts == [(-1, "attack integrity of 12VG (13.8.1; one bonus per attack (13.8.4A))")]
    assert proposed_battle(s, ATT, ("a",), integrity=()).drm == 0


def test_13_3_3_and_13_9_1A_a_proposed_battle_with_a_reduction_or_without_armor_superiority():
    from darkdec_qt.rules.combat.queries import proposed_battle

    s = _proposal()
    p = proposed_battle(s, ATT, ("a",))
    assert p.levels["0605"][0] == 2 and p.armor_used  # woods 3, less one for armor superiority
    assert proposed_battle(s, ATT, ("a",), reductions=(("0605", 1),)).levels["0605"][0] == 1
    p = proposed_battle(s, ATT, ("a",), use_armor=False)
    assert p.levels["0605"][0] == 3 and not p.armor_used


def test_14_3_a_proposed_shock_battle_and_the_attackers_side():
    from darkdec_qt.rules.combat.queries import proposed_battle

    s = _proposal()
    p = proposed_battle(s, ATT, ("a",), shock=True)
    assert (p.attack, p.odds, p.column) == (24, "6:1", "tactical")
    assert proposed_battle(s, ATT, ("a",)).column == "normal"
    s.side = "Allied"  # the attackers' side decides the column, not the side whose turn it is
    assert proposed_battle(s, ATT, ("a",)).column == "normal"
    assert proposed_battle(s, (), ("a",)).column == "tactical"


def test_13_1_the_hexes_a_unit_may_attack_are_the_adjacent_enemy_occupied_ones():
    from darkdec_qt.rules.combat.queries import attackable

    s = _proposal()
    assert attackable(s, "1/12VG") == ["0605", "0404"]
    assert attackable(s, "a") == ["0604", "0505"]
    assert attackable(s, "c") == ["0504", "0505"]
    assert attackable(s, "2/12VG") == ["0404"]
    assert attackable(s, "3/12VG") == ["0605"]


def test_13_4_2_and_14_3_the_plan_names_the_dice_column():
    b = _two_hexes()
    b.turn = 5  # German tactical advantage (18.1A)
    s = b.build()
    bs = BattleState(id=1, attacker_side="German", attackers=("g",), defenders=("a", "b", "c"))
    p = plan(s, bs)
    assert (p.column, p.column_reason) == ("tactical", "German tactical advantage AM 16 - PM 22 Dec (13.4.2, 18.1A)")
    s = _two_hexes().build()  # AM 23 Dec: no German advantage
    assert (plan(s, bs).column, plan(s, bs).column_reason) == ("normal", "normal column")
    p = plan(s, bs.with_(shock=True))
    assert (p.column, p.column_reason) == ("tactical", "shock combat (14.3)")


def test_13_3_1C_a_defending_hex_attacked_only_across_a_river_takes_the_rivers_level():
    s = CombatBuilder().german("g", "0505", a=12).allied("a", "0605", d=2).river("0505", "0605").build()
    p = plan(s, BattleState(id=1, attacker_side="German", attackers=("g",), defenders=("a",)))
    assert p.levels["0605"] == (3, [(3, "river, all enemies across (13.3.1C)")])
    assert p.armor_used is False


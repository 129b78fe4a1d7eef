"""13.5.1 choosing how a result is taken, command by command: who chooses it (13.5.1C), in which
hex (13.3B), among which options (13.5.1B), with which losses (13.5.1C, 13.9.2A), what is logged,
what follows (a retreat of the length chosen, a vacated hex), and 13.5.1E's commander's defense
option (15.2A) with each of its refusals."""

from __future__ import annotations

import pytest

from darkdec_qt.rules.combat import commands as cc
from darkdec_qt.rules.core.errors import IllegalAction
from tests.rules.combat_builder import CombatBuilder
from tests.rules.combat_helpers import pending, run


def _refusal(s, cmd) -> IllegalAction:
    with pytest.raises(IllegalAction) as e:
        run(s, cmd)
    return e.value


def _defender_result(n: int = 0, result: str = "D1", more=None, rule_13_5_1E: bool = False):  # noqa: ANN001
    """The German g (0505) attacked the Allied a (0605); the Allies owe the result in 0605
    (n=0: equal to the level, n=1: greater)."""
    b = CombatBuilder().german("g", "0505").allied("a", "0605")
    if more is not None:
        more(b)
    if rule_13_5_1E:
        b.optional |= {"15", "13.5.1E"}
    s = b.build()
    defenders = tuple(u for u in s.pos if s.side_of(u) == "Allied" and not s.spec(u).is_leader)
    pending(s, ("g",), defenders, result, (("result", "Allied", "0605", n),), levels=(("0605", 1),))
    return s


def _attacker_result(n: int = 0, rule_13_5_1E: bool = False):
    b = CombatBuilder().german("g", "0505").allied("a", "0605")
    if rule_13_5_1E:
        b.optional |= {"15", "13.5.1E"}
    s = b.build()
    pending(s, ("g",), ("a",), "A1", (("result", "German", "0505", n),))
    return s


# --- who, where, which option ---

def test_13_5_1C_the_defender_chooses_the_defenders_result_and_the_attacker_its_own():
    e = _refusal(_defender_result(), cc.ChooseAttackerResult(hex="0605", option="step1", losses=("a",)))
    assert (e.rule, e.reason) == ("13.5.1C", "the Allied player chooses this result, not the German player")
    e = _refusal(_attacker_result(), cc.ChooseDefenderResult(hex="0505", option="step1", losses=("g",)))
    assert (e.rule, e.reason) == ("13.5.1C", "the German player chooses this result, not the Allied player")


def test_13_3B_the_result_is_applied_in_the_hex_whose_turn_it_is():
    e = _refusal(_defender_result(), cc.ChooseDefenderResult(hex="0606", option="step1", losses=("a",)))
    assert (e.rule, e.reason) == ("13.3B", "the result to apply now is in 0605, not 0606")


def test_13_5_1B_the_options_of_a_result_equal_to_or_greater_than_the_level():
    e = _refusal(_defender_result(0), cc.ChooseDefenderResult(hex="0605", option="retreat2"))
    assert (e.rule, e.reason) == ("13.5.1B", "option 'retreat2' not allowed: choose one of retreat1, step1")
    e = _refusal(_defender_result(1, "D3"), cc.ChooseDefenderResult(hex="0605", option="step1", losses=("a",)))
    assert (e.rule, e.reason) == ("13.5.1B",
                                  "option 'step1' not allowed: choose one of retreat2, step2, retreat1_step1")


# --- losses ---

def test_13_5_1C_the_steps_come_from_the_units_in_the_hex_and_the_refusal_names_the_hex():
    s = _defender_result(more=lambda b: b.allied("far", "0707"))
    e = _refusal(s, cc.ChooseDefenderResult(hex="0605", option="step1", losses=("far",)))
    assert (e.rule, e.hex, e.reason) == ("13.5.1C", "0605", "far is not among the units that can take this loss")
    e = _refusal(s, cc.ChooseDefenderResult(hex="0605", option="step1", losses=()))
    assert (e.rule, e.hex, e.reason) == ("13.5.1C", "0605", "1 step loss(es) must be named, not 0")
    e = _refusal(_defender_result(1, "D3"), cc.ChooseDefenderResult(hex="0605", option="step2", losses=("a",)))
    assert e.reason == "2 step loss(es) must be named, not 1"


def test_13_9_2A_an_attacker_that_used_armor_superiority_against_woods_loses_its_armor_first():
    b = CombatBuilder().terrain("0605", "woods").german("pz", "0505", type="armor").german("g", "0505") \
        .allied("a", "0605")
    s = b.build()
    pending(s, ("pz", "g"), ("a",), "A1", (("result", "German", "0505", 0),), armor_used=True)
    e = _refusal(s, cc.ChooseAttackerResult(hex="0505", option="step1", losses=("g",)))
    assert (e.rule, e.hex) == ("13.9.2A", "0505")
    run(s, cc.ChooseAttackerResult(hex="0505", option="step1", losses=("pz",)))
    assert s.reduced == {"pz"}


def test_13_9_2A_an_attacker_that_did_not_use_armor_superiority_chooses_its_losses_freely():
    b = CombatBuilder().terrain("0605", "woods").german("pz", "0505", type="armor").german("g", "0505") \
        .allied("a", "0605")
    s = b.build()
    pending(s, ("pz", "g"), ("a",), "A1", (("result", "German", "0505", 0),), armor_used=False)
    run(s, cc.ChooseAttackerResult(hex="0505", option="step1", losses=("g",)))
    assert s.reduced == {"g"}


# --- what is logged and what follows ---

def test_13_5_1_a_step_taken_in_place_is_logged_under_the_result_and_its_hex():
    s = _defender_result()
    evs = run(s, cc.ChooseDefenderResult(hex="0605", option="step1", losses=("a",)))
    chosen = [e for e in evs if e.kind == "result_chosen"]
    assert [(e.hex, e.side, e.option, e.leader) for e in chosen] == [("0605", "Allied", "step1", "")]
    assert [(e.unit, e.reason) for e in evs if e.kind == "step_lost"] == [("a", "D1 in 0605 (13.5.1)")]
    assert s.battle is None and s.pos["a"] == "0605" and s.reduced == {"a"}


def test_13_5_1_the_attackers_choice_names_no_commander():
    s = _attacker_result()
    evs = run(s, cc.ChooseAttackerResult(hex="0505", option="step1", losses=("g",)))
    assert [(e.side, e.option, e.leader) for e in evs if e.kind == "result_chosen"] == [("German", "step1", "")]


def test_13_5_1B_a_retreat_chosen_is_owed_next_with_its_length_and_the_units_hit():
    s = _defender_result(1, "D3")
    run(s, cc.ChooseDefenderResult(hex="0605", option="retreat1_step1", losses=("a",)))
    b = s.battle
    assert b.task == ("retreat", "Allied", "0605", 1) and b.retreat_len == (("0605", 1),)
    assert b.hit == ("a",) and s.reduced == {"a"}
    s = _defender_result(1, "D3")
    run(s, cc.ChooseDefenderResult(hex="0605", option="retreat2"))
    assert s.battle.task == ("retreat", "Allied", "0605", 2) and s.battle.retreat_len == (("0605", 2),)
    assert s.battle.hit == ()


def test_13_5_1D_a_hex_emptied_by_the_step_losses_is_vacated_and_the_attacker_may_advance():
    s = _defender_result(1, "D3")
    run(s, cc.ChooseDefenderResult(hex="0605", option="step2", losses=("a", "a")))
    b = s.battle
    assert "a" in s.eliminated and b.vacated == (("0605", -1),) and b.hit == ("a",)
    assert b.task == ("advance", "German", "0605", -1)


def test_13_5_1_a_step_taken_in_place_leaves_the_hex_held_and_the_other_hexes_owe_their_results():
    b = CombatBuilder().german("g", "0505").allied("a", "0605").allied("c", "0606")
    s = b.build()
    pending(s, ("g",), ("a", "c"), "D1", (("result", "Allied", "0605", 0), ("result", "Allied", "0606", 0)),
            levels=(("0605", 1), ("0606", 1)))
    run(s, cc.ChooseDefenderResult(hex="0605", option="step1", losses=("a",)))
    assert s.battle.task == ("result", "Allied", "0606", 0) and s.battle.vacated == () and s.battle.hit == ("a",)


# --- 13.5.1E (optional): staying needs a commander's defense option (15.2A) ---

def _middleton(at: str = "0708", dopt: int = 2, m: int = 5):
    return lambda b: b.unit("Middleton", "Allied", at, a=0, d=0, m=m, type="leader", dopt=dopt)


def test_13_5_1E_a_defender_that_stays_without_naming_a_commander_is_refused_in_its_hex():
    s = _defender_result(rule_13_5_1E=True)
    e = _refusal(s, cc.ChooseDefenderResult(hex="0605", option="step1", losses=("a",)))
    assert (e.rule, e.hex, e.reason) == ("13.5.1E", "0605",
                                         "must retreat the full distance: no commander's defense option named")


def test_13_5_1E_a_full_retreat_the_attackers_result_and_the_rule_off_need_no_commander():
    s = _defender_result(rule_13_5_1E=True)
    run(s, cc.ChooseDefenderResult(hex="0605", option="retreat1"))
    assert s.battle.task == ("retreat", "Allied", "0605", 1)
    s = _attacker_result(rule_13_5_1E=True)
    run(s, cc.ChooseAttackerResult(hex="0505", option="step1", losses=("g",)))
    assert s.reduced == {"g"}
    s = _defender_result()
    run(s, cc.ChooseDefenderResult(hex="0605", option="step1", losses=("a",)))
    assert s.reduced == {"a"}


def test_13_5_1E_the_commander_named_must_be_a_friendly_leader_on_the_map():
    def more(b):
        _middleton()(b)
        b.unit("Model", "German", "0709", a=0, d=0, m=5, type="leader", dopt=2)
        b.unit("Bradley", "Allied", None, a=0, d=0, m=5, type="leader", dopt=2)

    s = _defender_result(more=more, rule_13_5_1E=True)
    for who in ("Bradley", "a", "Model"):  # off the map, not a leader, an enemy leader
        e = _refusal(s, cc.ChooseDefenderResult(hex="0605", option="step1", losses=("a",), leader=who))
        assert (e.rule, e.hex, e.reason) == ("13.5.1E", "0605", f"{who} is not a friendly leader on the map")


def test_15_2A_a_commander_without_a_defense_option_left_is_refused_by_name():
    s = _defender_result(more=_middleton(dopt=1), rule_13_5_1E=True)
    s.leader_uses["Middleton/defense"] = 1
    e = _refusal(s, cc.ChooseDefenderResult(hex="0605", option="step1", losses=("a",), leader="Middleton"))
    assert (e.rule, e.unit, e.hex, e.reason) == ("15.2A", "Middleton", "0605",
                                                 "has no defense option left this phase")


def test_15_2A_the_last_defense_option_is_used_and_logged():
    s = _defender_result(more=_middleton(dopt=1), rule_13_5_1E=True)
    evs = run(s, cc.ChooseDefenderResult(hex="0605", option="step1", losses=("a",), leader="Middleton"))
    used = [e for e in evs if e.kind == "leader_option_used"]
    assert [(e.leader, e.option) for e in used] == [("Middleton", "defense")]
    assert [e.leader for e in evs if e.kind == "result_chosen"] == ["Middleton"]
    assert s.leader_uses["Middleton/defense"] == 1 and s.reduced == {"a"}


def test_15_2A_and_15_3A_the_commander_must_have_the_hexs_units_in_range():
    s = _defender_result(more=_middleton(at="1212", m=2), rule_13_5_1E=True)
    e = _refusal(s, cc.ChooseDefenderResult(hex="0605", option="step1", losses=("a",), leader="Middleton"))
    assert (e.rule, e.unit, e.hex) == ("15.2A", "Middleton", "0605")
    assert e.reason == "does not have a within his command range of 4 hexes (15.3A)"


def test_15_2A_only_the_units_of_the_hex_that_stays_need_the_commander():
    # a second defending hex far from Middleton: only 0605's unit must be within his range
    s = _defender_result(more=lambda b: (_middleton()(b), b.allied("c", "0612")), rule_13_5_1E=True)
    run(s, cc.ChooseDefenderResult(hex="0605", option="step1", losses=("a",), leader="Middleton"))
    assert s.reduced == {"a"} and s.leader_uses["Middleton/defense"] == 1


# --- what the client is offered (combat.queries.pending): 13.5.1E's stay-in-place options ---

def _offered(s):
    from darkdec_qt.rules.combat.queries import pending as awaited

    p = awaited(s)
    return p, [(c.option, c.losses, getattr(c, "leader", None)) for c in p.options], \
        [(o, w.rule, w.reason) for o, w in p.absent]


def test_13_5_1E_the_client_is_offered_staying_in_place_with_a_commander_in_range():
    p, options, absent = _offered(_defender_result(more=_middleton(), rule_13_5_1E=True))
    assert (p.side, p.what, p.hex, p.n) == ("Allied", "result", "0605", 0)
    assert options == [("retreat1", (), ""), ("step1", ("a",), "Middleton")] and absent == []
    p, options, absent = _offered(_defender_result(1, "D2", more=_middleton(dopt=1), rule_13_5_1E=True))
    assert options == [("retreat2", (), ""), ("step2", ("a", "a"), "Middleton"),
                       ("retreat1_step1", ("a",), "Middleton")] and absent == []


def test_13_5_1E_every_loss_set_is_offered_with_the_commander():
    p, options, absent = _offered(_defender_result(more=lambda b: (_middleton()(b), b.allied("c", "0605")),
                                                   rule_13_5_1E=True))
    assert [o for o in options if o[0] == "step1"] == [("step1", ("a",), "Middleton"), ("step1", ("c",), "Middleton")]


def test_15_2A_without_a_commander_on_the_map_the_client_is_told_why_it_must_retreat():
    why = "must retreat the full distance: no friendly commander on the map to use a defense option (15.2A)"
    p, options, absent = _offered(_defender_result(rule_13_5_1E=True))
    assert options == [("retreat1", (), "")] and absent == [("step1", "13.5.1E", why)]
    p, options, absent = _offered(_defender_result(1, "D2", rule_13_5_1E=True))
    assert absent == [("step2", "13.5.1E", why), ("retreat1_step1", "13.5.1E", why)]


def test_15_2A_each_commander_that_cannot_help_is_named_with_his_clause_two_at_most():
    def more(b):
        _middleton(at="1212", m=2)(b)  # out of range: the reason names its clause (15.3A)
        b.unit("Hodges", "Allied", "0708", a=0, d=0, m=5, type="leader", dopt=1)  # no option left
        b.unit("Bradley", "Allied", "0709", a=0, d=0, m=5, type="leader", dopt=1)  # no option left

    s = _defender_result(more=more, rule_13_5_1E=True)
    s.leader_uses["Hodges/defense"] = 1
    s.leader_uses["Bradley/defense"] = 1
    p, options, absent = _offered(s)
    assert options == [("retreat1", (), "")]
    (opt, rule, reason), = absent
    from darkdec_qt.rules import commanders

    first, second = commanders.leaders_on_map(s, "Allied")[:2]
    said = {"Middleton": "Middleton does not have a within his command range of 4 hexes (15.3A)",
            "Hodges": "Hodges has no defense option left this phase (15.2A)",
            "Bradley": "Bradley has no defense option left this phase (15.2A)"}
    assert (opt, rule) == ("step1", "13.5.1E")
    assert reason == f"must retreat the full distance: {said[first]}; {said[second]}"


def test_13_5_1E_the_attackers_result_needs_no_commander_and_nothing_is_absent():
    p, options, absent = _offered(_attacker_result(rule_13_5_1E=True))
    assert (p.side, p.hex) == ("German", "0505")
    assert options == [("retreat1", (), None), ("step1", ("g",), None)] and absent == []


def test_13_5_1B_the_pending_decision_outside_a_result_lists_no_absent_options():
    from darkdec_qt.rules.combat.queries import pending as awaited

    s = CombatBuilder().german("g", "0505").allied("a", "0605").build()
    assert awaited(s) is None
    pending(s, ("g",), ("a",), "D1", (("retreat", "Allied", "0605", 1),), levels=(("0605", 1),))
    p = awaited(s)
    assert (p.what, p.n) == ("retreat", 1) and p.options and p.absent == []
    s.battle = s.battle.with_(tasks=())
    assert awaited(s) is None


def test_15_5D_while_a_displaced_leaders_hex_is_owed_no_result_option_is_offered():
    s = _defender_result(more=_middleton(), rule_13_5_1E=True)
    s.displaced["Middleton"] = ("0708", "0709")
    p, options, absent = _offered(s)
    assert (p.what, p.hex) == ("result", "0605") and options == [] and absent == []


def test_13_9_2A_an_option_offered_with_its_armored_losses_is_not_listed_as_absent():
    """The first loss set in name order (the infantry's step) is refused by 13.9.2A, but the option
    is offered with the armored unit's step, so it is not among the options the client lacks."""
    s = CombatBuilder().terrain("0605", "woods").german("inf", "0505").german("pz", "0505", type="armor") \
        .allied("a", "0605").build()
    pending(s, ("inf", "pz"), ("a",), "A1", (("result", "German", "0505", 0),), armor_used=True)
    p, options, absent = _offered(s)
    assert options == [("retreat1", (), None), ("step1", ("pz",), None)] and absent == []


def test_15_3A_a_commander_out_of_range_is_named_with_the_clause_his_refusal_already_cites():
    s = _defender_result(more=lambda b: (_middleton(at="1212", m=2)(b),
                                         b.unit("Model", "German", "0909", a=0, d=0, m=5, type="leader", dopt=2)),
                         rule_13_5_1E=True)
    p, options, absent = _offered(s)
    assert options == [("retreat1", (), "")]
    assert absent == [("step1", "13.5.1E", "must retreat the full distance: Middleton does not have a within his "
                                           "command range of 4 hexes (15.3A)")]  # an enemy leader is not asked

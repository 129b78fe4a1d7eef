"""13.5: applying combat results."""

import pytest

from darkdec_qt.rules.combat import commands as cc
from darkdec_qt.rules.combat import legal as combat_legal
from darkdec_qt.rules.core.errors import IllegalAction
from tests.rules.combat_builder import CombatBuilder
from tests.rules.combat_helpers import pending, run, seed_with


def _two():
    return CombatBuilder().german("g", "0505", a=8).allied("a", "0605", d=4).build()


def test_13_5_1B_equal_level_retreat_one_or_one_step():
    s = _two()
    pending(s, ("g",), ("a",), "D1", (("result", "Allied", "0605", 0),), levels=(("0605", 1),))
    opts = {c.option for c in combat_legal.pending_commands(s)}
    assert opts == {"retreat1", "step1"}
    with pytest.raises(IllegalAction, match=r"13\.5\.1B"):
        run(s, cc.ChooseDefenderResult(hex="0605", option="retreat2"))


def test_13_5_1B_greater_level_three_options():
    s = _two()
    pending(s, ("g",), ("a",), "D3", (("result", "Allied", "0605", 1),), levels=(("0605", 1),))
    opts = {c.option for c in combat_legal.pending_commands(s)}
    assert opts == {"retreat2", "step2", "retreat1_step1"}


def test_13_5_1D_two_steps_eliminate_a_full_strength_unit():
    s = _two()
    pending(s, ("g",), ("a",), "D3", (("result", "Allied", "0605", 1),), levels=(("0605", 1),))
    run(s, cc.ChooseDefenderResult(hex="0605", option="step2", losses=("a", "a")))
    assert "a" in s.eliminated and s.destroyed_count["Allied"] == 1


def test_13_5_1C_losses_must_come_from_the_hex():
    s = _two()
    pending(s, ("g",), ("a",), "D1", (("result", "Allied", "0605", 0),), levels=(("0605", 1),))
    with pytest.raises(IllegalAction):
        run(s, cc.ChooseDefenderResult(hex="0605", option="step1", losses=("g",)))


def test_13_5_1B_result_below_the_level_has_no_effect():
    # given D2 (2:1, normal column, roll 6 -> row 7) against a woods hex (level 3)
    s = CombatBuilder().terrain("0605", "woods").german("g", "0505", a=8).allied("a", "0605", d=4).build()
    s.seed = seed_with(3, 3)
    run(s, cc.DeclareBattle(attackers=("g",), defenders=("a",)))
    run(s, cc.DefenderDeclares())
    evs = run(s, cc.ResolveBattle())
    # then the battle ends with the defender in place
    assert [e.result for e in evs if e.kind == "battle_resolved"] == ["D2"]
    assert s.battle is None and s.pos["a"] == "0605"


def test_13_5_2B_attacker_compares_with_its_level_minus_one():
    s = CombatBuilder().terrain("0505", "rough").german("g", "0505", a=8).allied("a", "0605", d=4).build()
    s.seed = seed_with(6, 4)  # roll 10 at 2:1 -> A1 (row 11)
    run(s, cc.DeclareBattle(attackers=("g",), defenders=("a",)))
    run(s, cc.DefenderDeclares())
    run(s, cc.ResolveBattle())
    # rough 2 - 1 = 1 = A1: equal -> retreat1 / step1
    assert s.battle.task == ("result", "German", "0505", 0)


def test_13_5_3A_split_defender_first_then_attacker():
    s = _two()
    pending(s, ("g",), ("a",), "D3/A1", (("result", "Allied", "0605", 1), ("result", "German", "0505", 1)),
            levels=(("0605", 1),))
    run(s, cc.ChooseDefenderResult(hex="0605", option="step2", losses=("a", "a")))
    assert s.battle.task == ("result", "German", "0505", 1)


def test_13_5_4_bracketed_losses_taken_without_comparison():
    s = CombatBuilder().german("g", "0505", a=8).german("g2", "0604", a=8).allied("a", "0605", d=4).build()
    pending(s, ("g", "g2"), ("a",), "A1[1]", (("mandatory", "German", "", 1),))
    with pytest.raises(IllegalAction, match=r"13\.5\.4"):
        run(s, cc.ChooseLosses(units=("g", "g2")))
    run(s, cc.ChooseLosses(units=("g2",)))
    assert "g2" in s.reduced


def test_13_5_6A_fire_fight_attacker_matches_defense_points():
    # given the defender loses a step of a 4-defense unit reduced to 2 (2 points)
    s = CombatBuilder().german("g", "0505", a=8, d=4).german("g2", "0604", a=3, d=1, reduced=None) \
        .allied("a", "0605", d=4).build()
    pending(s, ("g", "g2"), ("a",), "FF", (("ff_def", "Allied", "", 0),))
    run(s, cc.ChooseLosses(units=("a",)))
    assert s.battle.task == ("ff_att", "German", "", 2)
    # then one point from g2 is not enough
    with pytest.raises(IllegalAction, match=r"13\.5\.6A"):
        run(s, cc.ChooseLosses(units=("g2",)))
    run(s, cc.ChooseLosses(units=("g",)))
    assert "g" in s.reduced and s.battle is None


def test_13_5_5_counterattack_reverses_roles_without_drm():
    s = CombatBuilder().german("g", "0505", a=4, d=4).allied("a", "0605", a=4, d=4).build()
    b = pending(s, ("g",), ("a",), "CA", (("ca", "Allied", "", 0),))
    with pytest.raises(IllegalAction, match=r"13\.5\.5B"):
        run(s, cc.Counterattack(hexes=("0705",)))
    evs = run(s, cc.Counterattack(hexes=("0505",)))
    res = [e for e in evs if e.kind == "battle_resolved"][0]
    assert res.battle_kind == "counterattack" and res.drm == 0 and b.id == res.id
    assert "a" in s.ca_obliged  # 13.5.5J


def test_13_5_5H_uninvolved_units_in_the_counterattacked_hex_are_included():
    s = CombatBuilder().german("g", "0505", a=4, d=4).german("h", "0505", a=4, d=4).allied("a", "0605").build()
    pending(s, ("g",), ("a",), "CA", (("ca", "Allied", "", 0),))
    evs = run(s, cc.Counterattack(hexes=("0505",)))
    res = [e for e in evs if e.kind == "battle_resolved"][0]
    assert res.defense == 8
    assert "h" in s.attacked  # may not attack later this phase


def test_13_5_5C_counterattack_ignores_supply():
    b = CombatBuilder().german("g", "0505", a=4, d=4).allied("a", "0605", a=6, d=4)
    b.supply["a"] = "unsupplied"
    s = b.build()
    pending(s, ("g",), ("a",), "CA", (("ca", "Allied", "", 0),))
    evs = run(s, cc.Counterattack(hexes=("0505",)))
    assert [e for e in evs if e.kind == "battle_resolved"][0].attack == 6


def test_10_4_7B_strategic_marker_removed_on_a_d_result():
    b = CombatBuilder().german("g", "0505", a=30).allied("a", "0605", d=1)
    b.strategic.add("a")
    s = b.build()
    s.seed = seed_with(1, 1)
    run(s, cc.DeclareBattle(attackers=("g",), defenders=("a",)))
    run(s, cc.DefenderDeclares())
    evs = run(s, cc.ResolveBattle())
    assert any(e.kind == "strategic_left" and e.reason == "10.4.7B" for e in evs)
    assert "a" not in s.strategic


def _resolved(terrain: str | None, dice: tuple[int, int], a: int = 6, d: int = 3, attacker_terrain: str | None = None):
    """g (attack ``a``) against x (defense ``d``) in ``terrain``, resolved with ``dice``."""
    b = CombatBuilder().german("g", "0505", a=a, d=4).allied("x", "0605", d=d, a=3)
    if terrain:
        b.terrain("0605", terrain)
    if attacker_terrain:
        b.terrain("0505", attacker_terrain)
    s = b.build()
    s.seed = seed_with(*dice)
    run(s, cc.DeclareBattle(attackers=("g",), defenders=("x",)))
    run(s, cc.DefenderDeclares())
    evs = run(s, cc.ResolveBattle())
    return s, [e.result for e in evs if e.kind == "battle_resolved"][0]


def test_13_5_1B_the_resolution_compares_the_assault_level_with_the_hex_level():
    # given D2 (2:1, normal column, roll 6): equal to rough's level 2, greater than clear's 1
    s, result = _resolved("rough", (1, 5))
    assert result == "D2" and s.battle.task == ("result", "Allied", "0605", 0)
    assert {c.option for c in combat_legal.pending_commands(s)} == {"retreat1", "step1"}
    s, result = _resolved(None, (1, 5))
    assert result == "D2" and s.battle.task == ("result", "Allied", "0605", 1)
    assert {c.option for c in combat_legal.pending_commands(s)} == {"retreat2", "step2", "retreat1_step1"}
    # and D2 below woods' level 3 has no effect
    s, result = _resolved("woods", (1, 5))
    assert result == "D2" and s.battle is None and "x" in s.pos and "x" not in s.reduced


def test_13_5_2B_the_attacker_result_is_compared_with_its_hex_level_less_one():
    # given A1 (2:1, roll 10): the attacker in rough counts 2 - 1 = 1 (equal), in clear 0 (greater)
    s, result = _resolved(None, (4, 6), attacker_terrain="rough")
    assert result == "A1" and s.battle.task == ("result", "German", "0505", 0)
    s, result = _resolved(None, (4, 6))
    assert result == "A1" and s.battle.task == ("result", "German", "0505", 1)
    s, result = _resolved(None, (4, 6), attacker_terrain="woods")  # 3 - 1 = 2 > 1: no effect
    assert result == "A1" and s.battle is None


def test_13_5_4A_the_bracketed_number_of_the_crt_result_is_the_mandatory_loss():
    # given A2[1] rolled at 1:3 (roll 12): one mandatory German step, then A2 against the hex
    s, result = _resolved(None, (6, 6), a=1)
    assert result == "A2[1]"
    assert s.battle.tasks[:2] == (("mandatory", "German", "", 1), ("result", "German", "0505", 1))
    with pytest.raises(IllegalAction, match=r"13\.5\.4A"):
        run(s, cc.ChooseLosses(units=()))
    run(s, cc.ChooseLosses(units=("g",)))
    assert "g" in s.reduced and s.battle.task == ("result", "German", "0505", 1)


def test_13_5_4A_the_bracket_gives_the_number_of_steps():
    from darkdec_qt.rules.combat.crt import parse_result

    assert [parse_result(c).attacker_mandatory for c in ("A1[1]", "A2[2]", "A3[3]")] == [1, 2, 3]
    assert parse_result("D7[1]").defender_mandatory == 1 and parse_result("D7").defender_mandatory == 0

"""13.6: retreat after combat."""

import pytest

from darkdec_qt.rules.combat import commands as cc
from darkdec_qt.rules.combat.retreat import bulge_rule, legal_retreats
from darkdec_qt.rules.core.errors import IllegalAction
from tests.rules.combat_builder import CombatBuilder
from tests.rules.combat_helpers import pending, run, seed_with


def test_13_6A_retreat_path_has_the_full_length():
    s = CombatBuilder().german("g", "0505").allied("a", "0605").build()
    paths = legal_retreats(s, "0605", ("a",), 2)
    assert paths and all(len(p.path) == 3 for p in paths)


def test_13_6B_prefers_hexes_outside_enemy_zoc():
    # given an Allied unit with one neighbour outside the German ZOC
    s = CombatBuilder().german("g", "0505").german("g2", "0705").allied("a", "0605").build()
    for p in legal_retreats(s, "0605", ("a",), 1):
        assert p.zoc_steps == 0


def test_13_6_1A_one_step_per_zoc_hex_for_the_stack():
    # given a unit surrounded by ZOC on every side but not by units
    s = CombatBuilder().german("g", "0503").german("g2", "0507").german("g3", "0804").german("g4", "0206") \
        .german("g5", "0806").allied("a", "0505").build()
    paths = legal_retreats(s, "0505", ("a",), 1)
    assert all(p.steps >= 0 for p in paths)


def test_13_6_4_friendly_units_negate_zoc():
    s = CombatBuilder().german("g", "0505").german("g2", "0705").allied("a", "0605").allied("f", "0604") \
        .build()
    # every neighbour of 0605 except 0604 and ones further away; friendly-occupied ZOC costs no step
    p = [x for x in legal_retreats(s, "0605", ("a",), 1) if x.path[-1] == "0604"]
    assert not p or p[0].zoc_steps == 0


def test_13_6_1B_no_retreat_through_enemy_units_or_off_map_steps_instead():
    # given a unit in the corner hex surrounded by enemies
    s = CombatBuilder().allied("a", "0101").german("g1", "0201").german("g2", "0102").german("g3", "0202").build()
    paths = legal_retreats(s, "0101", ("a",), 2)
    assert paths[0].path == ("0101",) and paths[0].shortfall == 2


def test_13_6_2D_armor_cannot_cross_unbridged_rivers():
    b = CombatBuilder().allied("tk", "0505", type="armor")
    for n in ("0504", "0604", "0605", "0506", "0405", "0404"):
        b.river("0505", n)
    s = b.build()
    assert legal_retreats(s, "0505", ("tk",), 1)[0].shortfall == 1


def test_13_6_2B_infantry_stop_after_crossing_a_river():
    b = CombatBuilder().allied("inf", "0505")
    for n in ("0504", "0604", "0605", "0506", "0405", "0404"):
        b.river("0505", n)
    s = b.build()
    p = legal_retreats(s, "0505", ("inf",), 2)[0]
    assert len(p.path) == 2 and p.shortfall == 0 and p.river_units == ("inf",)


def test_13_6_2C_river_crossing_rolls_a_die_per_unit():
    b = CombatBuilder().german("g", "0605").allied("inf", "0505")
    for n in ("0504", "0604", "0506", "0405", "0404"):
        b.river("0505", n)
    s = b.build()
    s.side = "German"
    pending(s, ("g",), ("inf",), "D1", (("retreat", "Allied", "0505", 1),))
    path = legal_retreats(s, "0505", ("inf",), 1)[0].path
    s.seed = seed_with(1)
    evs = run(s, cc.ChooseRetreat(units=("inf",), path=path))
    assert any(e.kind == "die_rolled" for e in evs) and "inf" in s.reduced


def test_13_6_3_overstacking_costs_a_step_per_hex():
    b = CombatBuilder().german("g", "0505").allied("a", "0605")
    for i in range(3):
        b.allied(f"f{i}", "0705")
    s = b.build()
    p = [x for x in legal_retreats(s, "0605", ("a",), 1) if x.path[-1] == "0705"]
    assert not p or p[0].stack_steps == 1


def test_13_6B_illegal_path_refused_with_the_rule():
    s = CombatBuilder().german("g", "0505").allied("a", "0605").build()
    pending(s, ("g",), ("a",), "D1", (("retreat", "Allied", "0605", 1),))
    with pytest.raises(IllegalAction, match=r"13\.6\.1B"):  # into the enemy: the most specific clause
        run(s, cc.ChooseRetreat(units=("a",), path=("0605", "0505")))


def test_13_6C_allied_unit_south_of_the_bulge_retreats_south_or_west():
    # given German units west of the Allied unit and to its north
    s = CombatBuilder().german("nose", "0206").german("n", "0503").allied("a", "0608").build()
    assert bulge_rule(s, "Allied", "0608") == "south"
    for p in legal_retreats(s, "0608", ("a",), 1):
        end = p.path[-1]
        assert int(end[:2]) < 6 or int(end[2:]) > 8


def test_13_6_5_retreated_unit_adds_no_strength():
    s = CombatBuilder().german("g", "0505").allied("a", "0605").allied("f", "0705").build()
    pending(s, ("g",), ("a",), "D1", (("retreat", "Allied", "0605", 1),))
    run(s, cc.ChooseRetreat(units=("a",), path=("0605", "0705")))
    assert "a" in s.retreated_into


def test_13_6_5_retreated_unit_suffers_the_next_attack_on_its_hex():
    # given a retreated into f's hex after losing a battle
    s = CombatBuilder().german("g", "0505").german("g2", "1212", a=9).allied("a", "0605") \
        .allied("f", "0705", d=3).build()
    pending(s, ("g",), ("a",), "D1", (("retreat", "Allied", "0605", 1),))
    run(s, cc.ChooseRetreat(units=("a",), path=("0605", "0705")))
    s.pos["g2"] = "0805"
    # when g2 attacks f alone, then the battle is refused: a is a defender of the hex
    with pytest.raises(IllegalAction, match=r"13\.6\.5"):
        run(s, cc.DeclareBattle(attackers=("g2",), defenders=("f",)))
    # when g2 attacks the whole hex, a adds nothing (9:3 = 3:1) but takes the result (D3 > clear)
    s.seed = seed_with(3, 4)
    run(s, cc.DeclareBattle(attackers=("g2",), defenders=("f", "a")))
    run(s, cc.DefenderDeclares())
    evs = run(s, cc.ResolveBattle())
    assert [(e.result, e.odds) for e in evs if e.kind == "battle_resolved"] == [("D3", "3:1")]
    run(s, cc.ChooseDefenderResult(hex="0705", option="step2", losses=("a", "a")))
    assert "a" not in s.pos and "f" in s.pos

"""13.3: terrain defense levels."""

from darkdec_qt.rules.combat.battle import plan
from darkdec_qt.rules.combat.battle_state import BattleState
from darkdec_qt.rules.combat.terrain_level import base_level, hex_level
from tests.rules.combat_builder import CombatBuilder


def test_13_3_1A_town_in_woods_stays_4():
    # given a town in a woods hex
    s = CombatBuilder().terrain("0505", "woods", town="Wiltz").build()
    # then its level is the town's four, not woods 3 + town 4
    assert base_level(s, "0505") == (4, "town")


def test_13_3_1A_greatest_feature_westwall_over_woods():
    s = CombatBuilder().terrain("0505", "woods", westwall=True).build()
    assert base_level(s, "0505")[1] == "westwall"


def test_17_1_fortification_makes_clear_4():
    b = CombatBuilder()
    b.fortifications.add("0505")
    s = b.build()
    assert base_level(s, "0505")[0] == 4


def test_13_3_1C_river_only_if_all_enemies_across():
    s = CombatBuilder().river("0505", "0605").build()
    assert base_level(s, "0505", ["0605"])[1] == "river"
    # one attacker not across the river: no river level
    assert base_level(s, "0505", ["0605", "0405"]) == (1, "clear")


def test_13_3_1E_never_above_7():
    s = CombatBuilder().terrain("0505", "clear", westwall=True).river("0505", "0605", kind="major").build()
    lv, reasons = hex_level(s, "0505", ["0605"], armor=1, voluntary=0)
    assert lv <= 7


def test_13_3_2A_attacker_hex_reduced_by_one():
    s = CombatBuilder().terrain("0505", "woods").build()
    assert hex_level(s, "0505", attacking=True)[0] == 2


def test_13_3_2B_strategic_two_levels_and_13_3_2C_not_below_0():
    s = CombatBuilder().terrain("0505", "rough").build()
    assert hex_level(s, "0505", strategic=True)[0] == 0
    s2 = CombatBuilder().terrain("0505", "woods").build()
    assert hex_level(s2, "0505", strategic=True)[0] == 1


def test_13_3_3B_voluntary_reduction_to_minimum_0():
    s = CombatBuilder().terrain("0505", "woods").build()
    assert hex_level(s, "0505", voluntary=2)[0] == 1
    assert hex_level(s, "0505", voluntary=9)[0] == 0


def test_10_4_7B_defender_in_strategic_movement_two_levels_lower_in_plan():
    b = CombatBuilder().terrain("0605", "woods").german("g", "0505").allied("a", "0605")
    b.strategic.add("a")
    s = b.build()
    p = plan(s, BattleState(id=1, attacker_side="German", attackers=("g",), defenders=("a",)))
    assert p.levels["0605"][0] == 1

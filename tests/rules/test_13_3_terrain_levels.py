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


def _with_levels(s, **levels):
    """The state on a module whose TEC gives other defense levels (a module is data: 13.3.1E
    and the caps hold for any module, not only for the bundled one, whose highest level is 5)."""
    from dataclasses import replace

    tec = dict(s.module.charts.tec)
    for feature, level in levels.items():
        tec[feature] = replace(tec[feature], defense=level)
    s.module = replace(s.module, charts=replace(s.module.charts, tec=tec))
    return s


def test_13_3_1C_enemies_across_two_rivers_give_the_lower_river_level():
    # given 0505 behind a minor river (level 3) from 0605 and a major river (level 5) from 0405
    s = CombatBuilder().river("0505", "0605").river("0505", "0405", kind="major").build()
    assert base_level(s, "0505", ["0605", "0405"]) == (3, "river")
    assert base_level(s, "0505", ["0405"]) == (5, "river")
    assert hex_level(s, "0505", ["0605"])[1] == [(3, "river, all enemies across (13.3.1C)")]


def test_13_3_1D_a_westwall_hex_behind_a_major_river_uses_the_westwall_level():
    from darkdec_qt.rules.combat.terrain_level import uses_westwall

    # given the Westwall (5) and a major river (5): the greatest level is a tie, and the hex
    # uses the Westwall level, so the Allies lose armor superiority across the river (13.3.1D)
    s = CombatBuilder().terrain("0505", "clear", westwall=True).river("0505", "0605", kind="major").build()
    assert base_level(s, "0505", ["0605"]) == (5, "westwall")
    assert uses_westwall(s, "0505", ["0605"])
    assert not uses_westwall(CombatBuilder().river("0505", "0605", kind="major").build(), "0505", ["0605"])
    # a river level above the Westwall's: the hex uses the river's, not the Westwall's
    s6 = _with_levels(CombatBuilder().terrain("0505", "clear", westwall=True).river("0505", "0605", kind="major")
                      .build(), river_major=6)
    assert base_level(s6, "0505", ["0605"]) == (6, "river") and not uses_westwall(s6, "0505", ["0605"])


def test_13_3_1E_a_level_above_seven_counts_as_seven_and_armor_superiority_cannot_raise_it():
    s = _with_levels(CombatBuilder().terrain("0505", "clear", westwall=True).build(), westwall=9)
    assert base_level(s, "0505") == (7, "westwall")
    assert hex_level(s, "0505", armor=1) == (7, [(7, "westwall (TEC, 13.3.1A)"),
                                                  (1, "defender armor superiority (13.9.1B)"),
                                                  (-1, "never above 7 (13.3.1E)")])
    s6 = _with_levels(CombatBuilder().terrain("0505", "clear", town="Wiltz").build(), town=6)
    assert hex_level(s6, "0505", armor=1) == (7, [(6, "town (TEC, 13.3.1A)"),
                                                   (1, "defender armor superiority (13.9.1B)")])
    # 13.9.1A: the attacker's armor superiority lowers the level after the cap
    assert hex_level(s, "0505", armor=-1)[0] == 6


def test_13_5_5D_E_a_counterattack_lowers_the_level_by_one():
    s = CombatBuilder().terrain("0505", "woods").build()
    assert hex_level(s, "0505", counterattack=True) == (2, [(3, "woods (TEC, 13.3.1A)"),
                                                            (-1, "counterattack (13.5.5D-E)")])


def test_13_3_2_every_reduction_is_given_with_its_clause_and_the_level_stops_at_0():
    # given woods (3), attacking (-1), counterattacked (-1), in strategic movement (-2), a voluntary
    # reduction of 1 and the attacker's armor superiority (-1): 3 - 6 = -3, raised to 0 (13.3.2C)
    s = CombatBuilder().terrain("0505", "woods").build()
    lv, reasons = hex_level(s, "0505", attacking=True, counterattack=True, strategic=True, voluntary=1, armor=-1)
    assert lv == 0
    assert reasons == [(3, "woods (TEC, 13.3.1A)"), (-1, "attacker armor superiority (13.9.1A)"),
                       (-1, "attacking units (13.3.2A)"), (-1, "counterattack (13.5.5D-E)"),
                       (-2, "strategic movement (13.3.2B, 10.4.7B)"), (-1, "voluntary reduction (13.3.3)"),
                       (3, "not below 0 (13.3.2C)")]
    # exactly 0 is not raised
    assert hex_level(s, "0505", voluntary=3) == (0, [(3, "woods (TEC, 13.3.1A)"),
                                                     (-3, "voluntary reduction (13.3.3)")])


def test_13_3A_a_feature_the_tec_does_not_list_gives_no_level_and_a_hex_with_none_is_level_0():
    from dataclasses import replace

    # given a module whose TEC has no Westwall line and gives clear terrain no defense level
    s = CombatBuilder().terrain("0505", "woods", westwall=True).build()
    tec = {k: v for k, v in s.module.charts.tec.items() if k != "westwall"}
    tec["clear"] = replace(tec["clear"], defense=None)
    s.module = replace(s.module, charts=replace(s.module.charts, tec=tec))
    assert base_level(s, "0505") == (3, "woods")
    assert base_level(s, "0606") == (0, "none")

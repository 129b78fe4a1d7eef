"""13.7: advance after combat."""

from darkdec_qt.rules.combat import commands as cc
from darkdec_qt.rules.combat.advance import advance_length, legal_advances
from tests.rules.combat_builder import CombatBuilder
from tests.rules.combat_helpers import pending, run


def test_13_7_1_lengths_by_type():
    s = CombatBuilder().german("inf", None).german("pg", None, type="armored_infantry") \
        .german("pz", None, type="armor").build()
    assert advance_length(s, "inf", 2) == 1
    assert advance_length(s, "pg", 2) == 2
    assert advance_length(s, "pz", 2) == 3


def test_13_7_6_elimination_lengths():
    s = CombatBuilder().german("inf", None).german("pg", None, type="armored_infantry") \
        .german("pz", None, type="armor").build()
    assert (advance_length(s, "pz", -1), advance_length(s, "pg", -1), advance_length(s, "inf", -1)) == (2, 1, 1)


def test_22_0B_heavy_snow_minus_one_minimum_one():
    b = CombatBuilder().german("pz", None, type="armor").german("inf", None)
    b.turn = 30  # January: heavy snow
    s = b.build()
    assert advance_length(s, "pz", 2) == 2 and advance_length(s, "inf", 1) == 1


def test_13_7_3_first_hex_is_the_vacated_hex():
    s = CombatBuilder().german("pz", "0505", type="armor").build()
    for p in legal_advances(s, "pz", "0605", 2):
        assert p[1] == "0605"


def test_13_7_4D_stop_in_first_marsh_hex():
    s = CombatBuilder().terrain("0605", "marsh").german("pz", "0505", type="armor").build()
    assert max(len(p) for p in legal_advances(s, "pz", "0605", 3)) == 2


def test_13_7_4B_armor_does_not_advance_across_unbridged_river():
    s = CombatBuilder().river("0505", "0605").german("pz", "0505", type="armor").build()
    assert legal_advances(s, "pz", "0605", 2) == []


def test_13_7_4A_infantry_crosses_river_only_from_the_original_hex():
    s = CombatBuilder().river("0605", "0705").german("pg", "0505", type="armored_infantry").build()
    assert all("0705" not in p for p in legal_advances(s, "pg", "0605", 2))


def test_13_7_7_stop_on_entering_enemy_zoc():
    s = CombatBuilder().terrain("0605", "woods").german("pg", "0505", type="armored_infantry") \
        .allied("a", "0705").build()
    assert max(len(p) for p in legal_advances(s, "pg", "0605", 2)) == 2


def test_13_7_7_armor_exception_in_clear_terrain():
    # given clear hexes and an Allied unit whose ZOC covers the vacated hex 0605
    s = CombatBuilder().german("pz", "0505", type="armor").allied("a", "0706").build()
    assert "0605" in s.module.adjacency["0706"]
    # then the armored unit may continue to a second clear hex
    assert any(len(p) == 3 for p in legal_advances(s, "pz", "0605", 2))
    # but not when the first hex is a town
    s2 = CombatBuilder().terrain("0605", "clear", town="T").german("pz", "0505", type="armor") \
        .allied("a", "0706").build()
    assert all(len(p) == 2 for p in legal_advances(s2, "pz", "0605", 2))


def test_13_7_advance_command_moves_the_unit():
    # given a's hex 0605 vacated by a one-hex retreat to 0705
    s = CombatBuilder().german("g", "0505").allied("a", "0705").build()
    pending(s, ("g",), ("a",), "D1", (("advance", "German", "0605", 1),), levels=(("0605", 1),))
    run(s, cc.ChooseAdvance(unit="g", path=("0505", "0605")))
    assert s.pos["g"] == "0605" and s.battle is None

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


def _ends(s, unit, vacated, length):
    return {p[-1] for p in legal_advances(s, unit, vacated, length)}


def test_13_7_4B_armor_advances_over_an_intact_or_a_built_bridge_but_not_a_blown_one():
    s = CombatBuilder().river("0505", "0605", bridge=True).german("pz", "0505", type="armor").build()
    assert "0605" in _ends(s, "pz", "0605", 2)
    s.blown.add(("0505", "0605"))
    assert legal_advances(s, "pz", "0605", 2) == []
    s2 = CombatBuilder().river("0505", "0605").german("pz", "0505", type="armor").build()
    s2.built.add(("0505", "0605"))  # 16.2: a bridge built by engineers
    assert "0605" in _ends(s2, "pz", "0605", 2)


def test_13_7_7_the_armored_exception_is_negated_by_a_bridge_crossed_anywhere_in_the_advance():
    # given the vacated clear hex 0605 in the ZOC of the Allied unit in 0706
    free = CombatBuilder().german("pz", "0505", type="armor").allied("a", "0706").build()
    assert "0705" in _ends(free, "pz", "0605", 2)
    # a bridge into the first hex: the armor stops there
    first = CombatBuilder().river("0505", "0605", bridge=True).german("pz", "0505", type="armor") \
        .allied("a", "0706").build()
    assert _ends(first, "pz", "0605", 2) == {"0605"}
    # a bridge out of the first hex: not that way, but on over clear ground elsewhere
    second = CombatBuilder().river("0605", "0705", bridge=True).german("pz", "0505", type="armor") \
        .allied("a", "0706").build()
    ends = _ends(second, "pz", "0605", 2)
    assert "0705" not in ends and len(ends) > 1


def test_10_2D_an_advance_never_enters_an_enemy_hex_and_15_5D_only_a_combat_unit_displaces_a_lone_leader():
    # given the Allied unit in 0705 next to the vacated clear hex 0605 (the armored exception applies)
    s = CombatBuilder().german("pz", "0505", type="armor").allied("a", "0705").build()
    ends = _ends(s, "pz", "0605", 2)
    assert "0705" not in ends and len(ends) > 1
    # given a lone Allied leader in the vacated hex
    b = CombatBuilder().german("g", "0505").unit("L", "German", "0505", a=0, d=0, m=5, type="leader")
    s = b.unit("Hodges", "Allied", "0605", a=0, d=0, m=5, type="leader").build()
    assert _ends(s, "g", "0605", 1) == {"0605"}  # a combat unit displaces him
    assert legal_advances(s, "L", "0605", 1) == []  # a commander does not


def test_13_7_4A_fords_and_bridges_beyond_the_first_hex():
    # armor crosses a ford next to its original hex (13.7.4B forbids only unbridged rivers)
    s = CombatBuilder().river("0505", "0605", ford=True).german("pz", "0505", type="armor").build()
    assert "0605" in _ends(s, "pz", "0605", 2)
    # a ford beyond the first hex is not crossed; an intact bridge is
    ford = CombatBuilder().river("0605", "0705", ford=True).german("pg", "0505", type="armored_infantry").build()
    assert "0705" not in _ends(ford, "pg", "0605", 2)
    bridge = CombatBuilder().river("0605", "0705", bridge=True).german("pg", "0505", type="armored_infantry").build()
    assert "0705" in _ends(bridge, "pg", "0605", 2)


def test_13_7_4C_along_a_road_armor_advances_through_more_than_one_dense_forest_hex():
    b = CombatBuilder().german("pz", "0505", type="armor").terrain("0605", "dense_forest") \
        .terrain("0705", "dense_forest")
    b.road("0505", "0605", "0705")
    assert ("0505", "0605", "0705") in legal_advances(b.build(), "pz", "0605", 3)


def test_13_7_3_the_vacated_hex_may_lie_in_any_direction():
    s = CombatBuilder().german("g", "0505").build()
    for v in s.module.adjacency["0505"]:
        assert legal_advances(s, "g", v, 1) == [("0505", v)]
    # and on from there in any direction but back (armor, two hexes, open ground, no enemy)
    s = CombatBuilder().german("pz", "0505", type="armor").build()
    for v in s.module.adjacency["0505"]:
        assert _ends(s, "pz", v, 2) == {v, *s.module.adjacency[v]} - {"0505"}


def test_13_7_1_an_advance_never_passes_through_the_same_hex_twice():
    s = CombatBuilder().german("pz", "0505", type="armor").build()
    paths = legal_advances(s, "pz", "0605", 3)
    assert paths and all(len(set(p)) == len(p) for p in paths)


def test_13_7_7_under_the_armored_exception_every_open_second_hex_is_reached_and_no_other():
    # given 0605 in the ZOC of the Allied unit in 0706, and its first other neighbour woods
    s0 = CombatBuilder().build()
    nb = [n for n in s0.module.adjacency["0605"] if n not in ("0505", "0706")]
    s = CombatBuilder().terrain(nb[0], "woods").german("pz", "0505", type="armor").allied("a", "0706").build()
    assert _ends(s, "pz", "0605", 2) == {"0605", *nb[1:]}
    # the same with a bridge from 0605 into nb[0] instead of woods: not that way (negated), every other way
    s = CombatBuilder().river("0605", nb[0], bridge=True).german("pz", "0505", type="armor") \
        .allied("a", "0706").build()
    assert _ends(s, "pz", "0605", 2) == {"0605", *nb[1:]}


def test_13_7_4_out_of_an_enemy_zoc_and_outside_one_an_advance_ignores_terrain():
    # the attacker's own hex in another enemy unit's ZOC; the vacated hex is woods
    s = CombatBuilder().terrain("0605", "woods").german("g", "0505").allied("b", "0404").build()
    assert "0505" in s.module.adjacency["0404"]
    assert legal_advances(s, "g", "0605", 1) == [("0505", "0605")]
    # no enemy near: armor advances on into woods
    s = CombatBuilder().terrain("0705", "woods").german("pz", "0505", type="armor").build()
    assert ("0505", "0605", "0705") in legal_advances(s, "pz", "0605", 2)


def test_15_4A_leaders_count_neither_for_stacking_nor_for_11_4_in_an_advance():
    b = CombatBuilder().german("g", "0505").german("f1", "0605").german("f2", "0605") \
        .unit("L", "German", "0605", a=0, d=0, m=5, type="leader")
    assert _ends(b.build(), "g", "0605", 1) == {"0605"}  # two units and a leader: room for a third
    s = CombatBuilder().allied("brit", "0505", nationality="British") \
        .unit("Hodges", "Allied", "0605", a=0, d=0, m=5, type="leader").build()
    assert _ends(s, "brit", "0605", 1) == {"0605"}  # a US leader does not make a British-US stack

"""13.9: armor superiority."""

from darkdec_qt.rules.combat.armor import armor_must_take_losses, attacker_superiority
from darkdec_qt.rules.combat.battle import plan
from darkdec_qt.rules.combat.battle_state import BattleState
from tests.rules.combat_builder import CombatBuilder


def _plan(s, att, dfn, **kw):
    return plan(s, BattleState(id=1, attacker_side="German", attackers=att, defenders=dfn, **kw))


def test_13_9_1A_armor_against_town_gives_3():
    # given a German armored unit attacking US infantry in a town
    s = CombatBuilder().terrain("0605", "clear", town="Clervaux").german("pz", "0505", type="armor") \
        .allied("inf", "0605").build()
    # then the town's level 4 drops to 3
    assert _plan(s, ("pz",), ("inf",)).levels["0605"][0] == 3


def test_13_9_1A_superiority_is_at_the_attackers_discretion():
    s = CombatBuilder().terrain("0605", "clear", town="T").german("pz", "0505", type="armor") \
        .allied("inf", "0605").build()
    assert _plan(s, ("pz",), ("inf",), use_armor=False).levels["0605"][0] == 4


def test_13_9_1B_defender_armor_superiority_adds_one():
    s = CombatBuilder().terrain("0605", "woods").german("vg", "0505").allied("tk", "0605", type="armor").build()
    assert _plan(s, ("vg",), ("tk",)).levels["0605"][0] == 4


def test_13_9_1C_not_across_unbridged_river():
    s = CombatBuilder().river("0505", "0605").german("pz", "0505", type="armor").allied("inf", "0605").build()
    ok, why = attacker_superiority(s, ("pz",), ("inf",), "0605")
    assert not ok and "13.9.1C" in why


def test_13_9_1C_not_into_marsh():
    s = CombatBuilder().terrain("0605", "marsh").german("pz", "0505", type="armor").allied("inf", "0605").build()
    assert not attacker_superiority(s, ("pz",), ("inf",), "0605")[0]


def test_13_9_1C_bridged_river_allows_superiority():
    s = CombatBuilder().river("0505", "0605", bridge=True).german("pz", "0505", type="armor") \
        .allied("inf", "0605").build()
    assert attacker_superiority(s, ("pz",), ("inf",), "0605")[0]


def test_13_9_1D_defender_keeps_superiority_in_marsh():
    s = CombatBuilder().terrain("0605", "marsh").german("vg", "0505").allied("tk", "0605", type="armor").build()
    assert _plan(s, ("vg",), ("tk",)).levels["0605"][0] == 3


def test_13_9_1E_negated_by_adjacent_friendly_engineer():
    s = CombatBuilder().german("pz", "0505", type="armor").allied("inf", "0605") \
        .allied("eng", "0705", type="engineer").build()
    ok, why = attacker_superiority(s, ("pz",), ("inf",), "0605")
    assert not ok and "13.9.1E" in why


def test_13_3_1D_westwall_negates_allied_armor_across_river():
    b = CombatBuilder().terrain("0605", "clear", westwall=True).river("0505", "0605", bridge=True)
    s = b.allied("tk", "0505", type="armor").german("vg", "0605").build()
    s.side = "Allied"
    ok, why = attacker_superiority(s, ("tk",), ("vg",), "0605")
    assert not ok and "13.3.1D" in why


def test_13_9_2A_armor_takes_losses_against_woods():
    s = CombatBuilder().terrain("0605", "woods").build()
    assert armor_must_take_losses(s, ("0605",), True)
    assert not armor_must_take_losses(s, ("0605",), False)
    s2 = CombatBuilder().build()
    assert not armor_must_take_losses(s2, ("0605",), True)


def _att(b):
    """attacker_superiority of the German ``pz`` (0505) against the Allied ``inf`` (0605)."""
    return attacker_superiority(b.build(), ("pz",), ("inf",), "0605")


def _base(**kw):
    return CombatBuilder().german("pz", "0505", type="armor", **kw).allied("inf", "0605")


def test_13_9_1A_superiority_needs_an_armor_unit_among_the_attackers():
    assert _att(_base()) == (True, "armored attacker against defenders without armor (13.9.1A)")
    for t in ("armored_infantry", "armored_cavalry", "infantry"):
        b = CombatBuilder().german("pz", "0505", type=t).allied("inf", "0605")
        assert _att(b) == (False, "no attacking armored unit"), t
    # one armor unit among several attackers is enough
    s = _base().german("vg", "0604").build()
    assert attacker_superiority(s, ("vg", "pz"), ("inf",), "0605")[0]
    assert attacker_superiority(s, ("pz", "vg"), ("inf",), "0605")[0]


def test_13_9_any_armor_unit_among_the_defenders_denies_the_attacker_superiority():
    s = _base().allied("tk", "0605", type="armor").build()
    for dfn in (("inf", "tk"), ("tk", "inf")):
        assert attacker_superiority(s, ("pz",), dfn, "0605") == (
            False, "the defenders include an armored unit (13.9)")


def test_13_9_1C_not_into_marsh_says_so():
    assert _att(_base().terrain("0605", "marsh")) == (False, "defending hex 0605 is marsh (13.9.1C)")


def test_13_9_1C_one_armor_unit_not_across_the_river_is_enough():
    b = _base().german("pz2", "0604", type="armor").river("0505", "0605")
    s = b.build()
    assert attacker_superiority(s, ("pz", "pz2"), ("inf",), "0605")[0]
    assert attacker_superiority(s, ("pz",), ("inf",), "0605") == (
        False, "all attacking armored units attack across an unbridged river (13.9.1C)")
    for kw in (dict(ford=True), dict(bridge=True)):
        assert _att(_base().river("0505", "0605", **kw))[0], kw


def test_13_9_1C_a_blown_bridge_is_unbridged_and_a_built_one_bridged():
    s = _base().river("0505", "0605", bridge=True).build()
    key = s.module.hexside("0505", "0605").key
    s.blown.add(key)
    assert not attacker_superiority(s, ("pz",), ("inf",), "0605")[0]
    s = _base().river("0505", "0605").build()
    s.built.add(key)
    assert attacker_superiority(s, ("pz",), ("inf",), "0605")[0]


def test_13_3_1D_westwall_only_for_german_defenders_and_only_across_a_river():
    b = CombatBuilder().terrain("0605", "clear", westwall=True).river("0505", "0605", bridge=True)
    b.allied("tk", "0505", type="armor").allied("tk2", "0604", type="armor").german("vg", "0605")
    s = b.build()
    s.side = "Allied"
    # one armored unit not across the river keeps the superiority
    assert attacker_superiority(s, ("tk", "tk2"), ("vg",), "0605")[0]
    # without a river the Westwall does not stop it
    b = CombatBuilder().terrain("0605", "clear", westwall=True).allied("tk", "0505", type="armor").german("vg", "0605")
    s = b.build()
    s.side = "Allied"
    assert attacker_superiority(s, ("tk",), ("vg",), "0605")[0]
    # an Allied defender in a Westwall hex is no Westwall defender (13.3.1D)
    b = CombatBuilder().terrain("0605", "clear", westwall=True).river("0505", "0605", bridge=True)
    assert _att(b.german("pz", "0505", type="armor").allied("inf", "0605"))[0]


def test_13_9_1E_friendly_armor_or_engineer_with_or_adjacent_to_the_defenders():
    for t in ("armor", "engineer"):
        ok, why = _att(_base().allied("x", "0706", type=t))
        assert (ok, why) == (False, "x (armored or engineer) is with or adjacent to the defenders (13.9.1E)"), t
    ok, why = attacker_superiority(_base().allied("x", "0605", type="engineer").build(), ("pz",), ("inf",), "0605")
    assert (ok, why) == (False, "x (armored or engineer) is with or adjacent to the defenders (13.9.1E)")
    # two hexes away, another type, or the attacker's own engineers: no effect
    assert _att(_base().allied("x", "0805", type="engineer"))[0]
    assert _att(_base().allied("x", "0706", type="armored_infantry"))[0]
    assert _att(_base().german("x", "0706", type="engineer"))[0]
    assert _att(_base().german("x", "0605", type="engineer"))[0]


def test_13_9_2A_armor_takes_losses_against_each_covering_terrain():
    for build in (lambda b: b.terrain("0605", "dense_forest"), lambda b: b.terrain("0605", "clear", town="T"),
                  lambda b: b.terrain("0605", "clear", westwall=True)):
        s = build(CombatBuilder()).build()
        assert armor_must_take_losses(s, ("0505", "0605"), True)
        assert not armor_must_take_losses(s, ("0505", "0605"), False)
        assert not armor_must_take_losses(s, ("0505",), True)
    s = CombatBuilder().build()
    s.fortifications.add("0605")
    assert armor_must_take_losses(s, ("0505", "0605"), True)
    assert not armor_must_take_losses(CombatBuilder().terrain("0605", "rough").build(), ("0605",), True)

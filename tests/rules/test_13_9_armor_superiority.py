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

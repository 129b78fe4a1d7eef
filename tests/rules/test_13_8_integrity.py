"""13.8: divisional integrity."""

from darkdec_qt.rules.combat import integrity
from darkdec_qt.rules.combat.battle import drm
from darkdec_qt.rules.combat.battle_state import BattleState
from tests.rules.combat_builder import CombatBuilder


def _div(b, side, div, hexes, **kw):
    for i, h in enumerate(hexes):
        b.unit(f"{i + 1}/{div}", side, h, division=div, **kw)
    return b


def _drm(s, att, dfn, claimed=None):
    return drm(s, BattleState(id=1, attacker_side=s.side, attackers=att, defenders=dfn,
                              integrity=tuple(claimed or ())))


def test_13_8_1A_all_components_attacking_minus_one():
    b = _div(CombatBuilder(), "German", "12VG", ["0505", "0504", "0604"]).allied("a", "0605")
    s = b.build()
    att = ("1/12VG", "2/12VG", "3/12VG")
    assert integrity.attack_divisions(s, att) == ["12VG"]
    assert _drm(s, att, ("a",), ["12VG"])[0] == -1


def test_13_8_1B_missing_component_no_bonus():
    b = _div(CombatBuilder(), "German", "12VG", ["0505", "0504", "0101"]).allied("a", "0605")
    s = b.build()
    assert integrity.attack_divisions(s, ("1/12VG", "2/12VG")) == []


def test_13_8A_bonus_is_optional():
    b = _div(CombatBuilder(), "German", "12VG", ["0505", "0504", "0604"]).allied("a", "0605")
    s = b.build()
    assert _drm(s, ("1/12VG", "2/12VG", "3/12VG"), ("a",), [])[0] == 0


def test_13_8_2_defense_all_units_adjacent_plus_one():
    b = _div(CombatBuilder(), "Allied", "28", ["0605", "0606", "0706"]).german("g", "0505")
    s = b.build()
    assert integrity.defense_divisions(s, ("g",), ("1/28",)) == ["28"]
    assert _drm(s, ("g",), ("1/28",))[0] == 1


def test_13_8_2_spread_division_no_bonus():
    b = _div(CombatBuilder(), "Allied", "28", ["0605", "0606", "0909"]).german("g", "0505")
    assert integrity.defense_divisions(b.build(), ("g",), ("1/28",)) == []


def test_13_8_3_unsupplied_units_count():
    b = _div(CombatBuilder(), "German", "12VG", ["0505", "0504", "0604"]).allied("a", "0605")
    b.supply["3/12VG"] = "unsupplied"
    assert integrity.attack_divisions(b.build(), ("1/12VG", "2/12VG", "3/12VG")) == ["12VG"]


def test_13_8_5A_fuhrer_begleit_alone_has_integrity():
    b = _div(CombatBuilder(), "German", "FBB", ["0505"]).allied("a", "0605")
    assert integrity.attack_divisions(b.build(), ("1/FBB",)) == ["FBB"]


def test_13_8_5B_two_unit_divisions():
    b = _div(CombatBuilder(), "German", "3PzG", ["0505", "0504"]).allied("a", "0605")
    assert integrity.attack_divisions(b.build(), ("1/3PzG", "2/3PzG")) == ["3PzG"]


def test_13_8_5C_airborne_three_of_four():
    b = _div(CombatBuilder(), "Allied", "101", ["0605", "0606", "0706", "1111"]).german("g", "0505")
    s = b.build()
    assert integrity.required(s, "101") == 3
    assert integrity.defense_divisions(s, ("g",), ("1/101",)) == ["101"]


def test_13_8_6_double_integrity_nullifies():
    b = _div(CombatBuilder(), "German", "12VG", ["0505", "0504", "0405"])
    b = _div(b, "Allied", "28", ["0605", "0606", "0706"])
    s = b.build()
    d, parts = _drm(s, ("1/12VG", "2/12VG", "3/12VG"), ("1/28",), ["12VG"])
    assert d == 0 and any("13.8.6" in why for _, why in parts)


def test_13_8_7_no_bonus_with_british_and_us_together():
    b = CombatBuilder().german("g", "0505")
    b.unit("1/53", "Allied", "0605", division="53", nationality="British")
    b.unit("2/53", "Allied", "0605", division="53", nationality="British")
    b.unit("3/53", "Allied", "0605", division="53", nationality="British")
    b.unit("us", "Allied", "0605", nationality="US")
    s = b.build()
    assert integrity.defense_divisions(s, ("g",), ("1/53", "2/53", "3/53", "us")) == []


def test_13_8_4A_one_bonus_per_attack():
    b = _div(CombatBuilder(), "German", "12VG", ["0505", "0504", "0604"])
    b = _div(b, "German", "FBB", ["0505"]).allied("a", "0605")
    s = b.build()
    d, _ = _drm(s, ("1/12VG", "2/12VG", "3/12VG", "1/FBB"), ("a",), ["12VG", "FBB"])
    assert d == -1


def test_13_8_4_1_german_extra_bonus_within_manteuffels_range():
    b = _div(CombatBuilder(), "German", "12VG", ["0505", "0504", "0604"])
    b = _div(b, "German", "FBB", ["0505"]).allied("a", "0605")
    b.unit("Manteuffel", "German", "0404", type="leader", aopt=3, dopt=1)
    b.optional.add("15")
    b.turn = 5
    s = b.build()
    d, _ = _drm(s, ("1/12VG", "2/12VG", "3/12VG", "1/FBB"), ("a",), ["12VG", "FBB"])
    assert d == -2


def test_13_8_4_2_allied_extra_bonus_in_clear_weather_with_patton():
    b = _div(CombatBuilder(), "Allied", "4Arm", ["0505", "0504", "0604"])
    b = _div(b, "Allied", "26", ["0505", "0504", "0604"]).german("g", "0605")
    b.unit("Patton", "Allied", "0404", type="leader", aopt=3, dopt=1)
    b.optional.add("15")
    s = b.build()
    s.side = "Allied"
    att = ("1/4Arm", "2/4Arm", "3/4Arm", "1/26", "2/26", "3/26")
    assert _drm(s, att, ("g",), ["4Arm", "26"])[0] == -2


def test_18_1C_no_integrity_on_16_december_from_historical_positions():
    b = _div(CombatBuilder(), "German", "12VG", ["0505", "0504", "0604"]).allied("a", "0605")
    b.turn = 1
    b.variants.add(integrity.HISTORICAL_POSITIONS)
    s = b.build()
    assert integrity.attack_divisions(s, ("1/12VG", "2/12VG", "3/12VG")) == []


def test_18_2A_surprise_minus_one_not_added_to_integrity():
    b = _div(CombatBuilder(), "German", "12VG", ["0505", "0504", "0604"]).allied("a", "0605")
    b.turn = 1
    s = b.build()
    assert _drm(s, ("1/12VG", "2/12VG", "3/12VG"), ("a",), ["12VG"])[0] == -1
    assert _drm(s, ("1/12VG",), ("a",), [])[0] == -1


def _99th_on_its_setup_hexes():
    """The 99th's three units scattered, each on the hex its counter was set up on (13.8B)."""
    from dataclasses import replace

    b = CombatBuilder().german("g", "0505")
    for i, h in enumerate(["0605", "0909", "1111"]):
        b.unit(f"99/{i}", "Allied", h, division="99")
    s = b.build()
    units = dict(s.module.units)
    for u in ("99/0", "99/1", "99/2"):
        units[u] = replace(units[u], setup=s.pos[u])
    object.__setattr__(s.module, "units", units)
    return s


def test_13_8B_99th_has_integrity_in_its_initial_setup():
    s = _99th_on_its_setup_hexes()
    assert integrity.defense_divisions(s, ("g",), ("99/0",)) == ["99"]


# --- the die roll modifiers of a battle and the reason given for each ---

def _manteuffel(turn=5):
    b = _div(CombatBuilder(), "German", "12VG", ["0505", "0504", "0604"])
    b = _div(b, "German", "FBB", ["0505"]).allied("a", "0605")
    b.unit("Manteuffel", "German", "0404", type="leader", aopt=3, dopt=1)
    b.optional.add("15")
    b.turn = turn
    return b.build()


GERMANS = ("1/12VG", "2/12VG", "3/12VG", "1/FBB")
EXTRA = "German extra bonus within Manteuffel's range (13.8.4.1)"
ONE = "one bonus per attack (13.8.4A)"


def test_13_8_4_1_two_bonuses_are_named_and_an_all_out_assault_gets_one():
    s = _manteuffel()
    assert _drm(s, GERMANS, ("a",), ["12VG", "FBB"]) == (
        -2, [(-1, f"attack integrity of 12VG (13.8.4; {EXTRA})"), (-1, f"attack integrity of FBB (13.8.4; {EXTRA})")])
    one = (-1, [(-1, f"attack integrity of 12VG (13.8.1; {ONE})")])
    bs = BattleState(id=1, attacker_side="German", attackers=GERMANS, defenders=("a",), integrity=("12VG", "FBB"))
    assert drm(s, bs, assault=True) == one
    assert drm(s, bs.with_(kind="assault")) == one


def test_13_8_1B_a_division_claimed_without_all_its_components_gives_nothing():
    s = _manteuffel()
    assert _drm(s, ("1/12VG", "2/12VG", "1/FBB"), ("a",), ["12VG", "FBB"]) == (
        -1, [(-1, f"attack integrity of FBB (13.8.1; {EXTRA})")])


def test_18_2A_surprise_is_named_and_is_not_added_to_integrity():
    s = _manteuffel(turn=1)
    assert _drm(s, ("1/FBB",), ("a",)) == (-1, [(-1, "surprise, AM 16 December (18.2A)")])
    assert _drm(s, ("1/FBB",), ("a",), ["FBB"]) == (
        -1, [(-1, f"attack integrity of FBB (13.8.1; {EXTRA})"), (0, "surprise not added to integrity (18.2A)")])
    assert _drm(s, GERMANS, ("a",), ["12VG", "FBB"])[0] == -2  # two bonuses: nothing said of surprise
    assert len(_drm(s, GERMANS, ("a",), ["12VG", "FBB"])[1]) == 2
    s.side = "Allied"  # the Allies have no surprise
    assert drm(s, BattleState(id=1, attacker_side="Allied", attackers=("a",), defenders=("1/FBB",),
                              defender_integrity=False)) == (0, [])
    s = _manteuffel(turn=2)
    assert _drm(s, ("1/FBB",), ("a",)) == (0, [])


def test_13_8_2_and_13_8_6_defense_integrity_is_named_declined_or_nullified():
    b = _div(CombatBuilder(), "German", "12VG", ["0505", "0504", "0405"])
    b = _div(b, "Allied", "28", ["0605", "0606", "0706"])
    s = b.build()
    att = ("1/12VG", "2/12VG", "3/12VG")
    assert _drm(s, att, ("1/28",)) == (1, [(1, "defense integrity of 28 (13.8.2)")])
    bs = BattleState(id=1, attacker_side="German", attackers=att, defenders=("1/28",), defender_integrity=False)
    assert drm(s, bs) == (0, [])
    assert _drm(s, att, ("1/28",), ["12VG"]) == (0, [
        (-1, f"attack integrity of 12VG (13.8.1; {ONE})"), (1, "defense integrity of 28 (13.8.2)"),
        (0, "double integrity: the bonuses nullify (13.8.6)")])


def test_13_8_6_double_attack_integrity_against_defense_integrity_leaves_minus_one():
    b = _div(CombatBuilder(), "German", "12VG", ["0505", "0504", "0604"])
    b = _div(_div(b, "German", "FBB", ["0505"]), "Allied", "28", ["0605", "0606", "0706"])
    b.unit("Manteuffel", "German", "0404", type="leader", aopt=3, dopt=1)
    b.optional.add("15")
    b.turn = 5
    s = b.build()
    d, parts = _drm(s, GERMANS, ("1/28",), ["12VG", "FBB"])
    assert d == -1 and parts[-1] == (0, "double integrity: the bonuses nullify (13.8.6)")


# --- each condition of 13.8 alone ---

def test_13_8_7_and_18_1C_why_integrity_is_blocked():
    b = _div(CombatBuilder(), "German", "12VG", ["0505", "0504", "0604"]).allied("a", "0605")
    b.unit("br", "Allied", "0706", nationality="British")
    s = b.build()
    att = ("1/12VG", "2/12VG", "3/12VG")
    assert integrity.blocked(s, att, ("a",), "German") is None
    assert integrity.blocked(s, att, ("a", "br"), "Allied") == "British and US units in the same battle (13.8.7)"
    assert integrity.blocked(s, ("a", "br"), att, "Allied") == "British and US units in the same battle (13.8.7)"
    assert integrity.blocked(s, att, ("br",), "Allied") is None
    assert integrity.blocked(s, att, ("a", "br"), "German") is None  # 13.8.7 concerns the Allies only
    for where in ("variants", "optional"):
        b.turn = 1
        b.variants, b.optional = set(), set()
        getattr(b, where).add(integrity.HISTORICAL_POSITIONS)
        s = b.build()
        why = "no divisional integrity on 16 December from the historical assault positions (18.1C)"
        assert integrity.blocked(s, att, ("a",), "German") == why, where
        assert integrity.blocked(s, ("a",), att, "Allied") == why, where
        b.turn = 2  # PM 16 December still
        assert integrity.blocked(b.build(), att, ("a",), "German") == why
        b.turn = 3  # 17 December
        assert integrity.blocked(b.build(), att, ("a",), "German") is None
    b.turn, b.variants, b.optional = 1, set(), set()
    assert integrity.blocked(b.build(), att, ("a",), "German") is None  # other starts on 16 December


def test_13_8_7_an_allied_attack_with_british_and_us_units_has_no_integrity():
    b = _div(CombatBuilder(), "Allied", "28", ["0505", "0504", "0604"]).german("g", "0605")
    b.unit("br", "Allied", "0706", nationality="British")
    s = b.build()
    s.side = "Allied"
    att = ("1/28", "2/28", "3/28")
    assert integrity.attack_divisions(s, att, ("g",)) == ["28"]
    assert integrity.attack_divisions(s, att + ("br",), ("g",)) == []
    assert integrity.attack_divisions(s, ()) == []


def test_13_8_1_and_14_3_a_reserve_within_three_hexes_counts_as_present():
    def state(rule14: bool, shock_far: str = "0807"):
        b = _div(CombatBuilder(), "German", "12VG", ["0505", "0504", shock_far]).allied("a", "0605")
        if rule14:
            b.optional.add("14")
        s = b.build()
        s.reserve.add("3/12VG")
        return s

    att = ("1/12VG", "2/12VG")
    assert integrity.attack_divisions(state(True), att, ("a",)) == ["12VG"]  # 0807 is 2 hexes from 0605
    assert integrity.attack_divisions(state(False), att, ("a",)) == []
    assert integrity.attack_divisions(state(False), att, ("a",), shock=True) == ["12VG"]
    assert integrity.attack_divisions(state(True, "0905"), att, ("a",)) == ["12VG"]  # 3 hexes
    assert integrity.attack_divisions(state(True, "1005"), att, ("a",)) == []  # 4 hexes
    s = state(True)
    s.reserve.discard("3/12VG")
    assert integrity.attack_divisions(s, att, ("a",)) == []
    s = state(True)
    del s.pos["3/12VG"]
    assert integrity.attack_divisions(s, att, ("a",)) == []
    assert integrity.attack_divisions(state(True), att, ()) == []  # no defenders to be near


def test_13_8_2_a_division_of_two_hexes_two_apart_has_no_integrity_and_one_must_be_attacked():
    b = _div(CombatBuilder(), "Allied", "28", ["0605", "0605", "0705"]).german("g", "0505")
    s = b.build()
    assert integrity.defense_divisions(s, ("g",), ("1/28",)) == ["28"]
    assert integrity.defense_divisions(s, ("g",), ("3/28",)) == ["28"]
    assert integrity.defense_divisions(s, ("g",), ()) == []
    b = _div(CombatBuilder(), "Allied", "28", ["0605", "0606", "0805"]).german("g", "0505")
    assert integrity.defense_divisions(b.build(), ("g",), ("1/28",)) == []
    b = _div(CombatBuilder(), "Allied", "28", ["0605", "0606", "0706"]).german("g", "0505").allied("x", "0604")
    assert integrity.defense_divisions(b.build(), ("g",), ("x",)) == []  # none of the 28th attacked
    b = _div(CombatBuilder(), "Allied", "28", ["0605", "0606", "0706"]).german("g", "0505")
    s = b.build()
    del s.pos["3/28"]  # a component off the map: not all of it is there
    assert integrity.defense_divisions(s, ("g",), ("1/28",)) == []


def test_13_8B_the_99th_needs_every_unit_on_its_setup_hex():
    s = _99th_on_its_setup_hexes()
    s.pos["99/2"] = "1110"  # moved off its setup hex
    assert integrity.defense_divisions(s, ("g",), ("99/0",)) == []
    del s.pos["99/2"]  # eliminated: the others are on their hexes, but not all three
    assert integrity.defense_divisions(s, ("g",), ("99/0",)) == []


def test_13_8_4_the_bonuses_allowed_and_why():
    one = (1, "one bonus per attack (13.8.4A)")

    def german(turn=5, at="0404", optional=("15",)):
        b = _div(CombatBuilder(), "German", "12VG", ["0505", "0504", "0604"]).allied("a", "0605")
        b.unit("Manteuffel", "German", at, type="leader", aopt=3, dopt=1, m=3)
        b.optional |= set(optional)
        b.turn = turn
        return b.build()

    att = ("1/12VG", "2/12VG", "3/12VG")
    assert integrity.max_attack_bonuses(german(), att) == (
        2, "German extra bonus within Manteuffel's range (13.8.4.1)")
    assert integrity.max_attack_bonuses(german(), att, assault=True) == one
    assert integrity.max_attack_bonuses(german(), ()) == one
    assert integrity.max_attack_bonuses(german(turn=20), att) == one  # after the tactical advantage
    assert integrity.max_attack_bonuses(german(at="1212"), att) == one  # out of his range
    assert integrity.max_attack_bonuses(german(optional=()), att) == one  # no leaders without rule 15

    def allied(weather="clear", at="0404", name="Patton"):
        b = _div(CombatBuilder(), "Allied", "4Arm", ["0505", "0504", "0604"]).german("g", "0605")
        b.unit(name, "Allied", at, type="leader", aopt=3, dopt=1, m=3)
        b.optional.add("15")
        s = b.build()
        s.side = "Allied"
        if weather != "clear":
            s.turn = 5  # overcast
        return s

    att = ("1/4Arm", "2/4Arm", "3/4Arm")
    assert integrity.max_attack_bonuses(allied(), att) == (2, "Allied extra bonus within Patton's range (13.8.4.2)")
    assert integrity.max_attack_bonuses(allied(), att, assault=True) == one
    assert integrity.max_attack_bonuses(allied("overcast"), att) == one
    assert integrity.max_attack_bonuses(allied(at="1212"), att) == one
    assert integrity.max_attack_bonuses(allied(name="Hodges"), att) == one


def test_14_3_a_component_in_reserve_near_the_defenders_counts_for_integrity_in_a_shock_combat():
    b = _div(CombatBuilder(), "German", "12VG", ["0505", "0504", "0404"]).allied("a", "0605")
    s = b.build()
    s.reserve.add("3/12VG")
    bs = BattleState(id=1, attacker_side="German", attackers=("1/12VG", "2/12VG"), defenders=("a",),
                     integrity=("12VG",))
    assert drm(s, bs)[0] == 0  # a standard attack without the reserves rule
    assert drm(s, bs.with_(shock=True))[0] == -1


def test_13_8_4_1_the_proposed_battle_shows_both_bonuses_of_a_standard_attack():
    from darkdec_qt.rules.combat.queries import proposed_battle

    p = proposed_battle(_manteuffel(), GERMANS, ("a",))
    assert p.drm == -2  # not an all out assault (13.8.4.1)


def test_13_8_4A_an_all_out_assault_planned_takes_one_integrity_bonus():
    from darkdec_qt.rules.combat.battle import plan

    s = _manteuffel()
    bs = BattleState(id=1, attacker_side="German", attackers=GERMANS, defenders=("a",), integrity=("12VG", "FBB"))
    assert plan(s, bs).drm == -2
    assert plan(s, bs, assault=True).drm == -1


def test_13_8_2_and_13_8_5C_the_attacked_unit_must_be_one_of_the_adjacent_components():
    b = _div(CombatBuilder(), "Allied", "101", ["0605", "0606", "0706", "1111"]).german("g", "1011")
    s = b.build()
    assert integrity.defense_divisions(s, ("g",), ("4/101",)) == []  # the three together were not attacked
    assert integrity.defense_divisions(s, ("g",), ("4/101", "1/101")) == ["101"]


def test_13_8B_and_13_8_2_the_99th_and_another_division_defending_together_both_have_integrity():
    from dataclasses import replace

    b = CombatBuilder().german("g", "0505")
    for i, h in enumerate(["0605", "0909", "1111"]):
        b.unit(f"99/{i}", "Allied", h, division="99")
    b = _div(b, "Allied", "9Arm", ["0604", "0704", "0705"])
    s = b.build()
    units = dict(s.module.units)
    for u in ("99/0", "99/1", "99/2"):
        units[u] = replace(units[u], setup=s.pos[u])
    object.__setattr__(s.module, "units", units)
    assert integrity.defense_divisions(s, ("g",), ("99/0", "1/9Arm")) == ["99", "9Arm"]

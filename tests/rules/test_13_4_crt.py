"""13.4-13.5: dice columns, DRMs and result codes."""

from darkdec_qt.rules.combat import crt
from darkdec_qt.rules.combat.crt import parse_result
from tests.rules.combat_builder import CombatBuilder


def test_13_5_result_codes_parse():
    assert parse_result("-").no_effect
    assert parse_result("D4").defender == 4
    r = parse_result("D3/A1")
    assert (r.defender, r.attacker, r.split) == (3, 1, True)
    assert parse_result("A2[1]").attacker_mandatory == 1 and parse_result("A2[1]").attacker == 2
    assert parse_result("D7[1]").defender_mandatory == 1
    assert parse_result("[1]A1").attacker_mandatory == 1
    assert parse_result("CA").counterattack and parse_result("FF").fire_fight


def test_every_real_crt_code_parses():
    s = CombatBuilder().build()
    for code in s.module.charts.crt.results.values():
        parse_result(code)


def test_13_4_1C_odds_rounded_in_defenders_favour():
    s = CombatBuilder().build()
    assert crt.odds_column(s, 5, 3) == "1:1"
    assert crt.odds_column(s, 2, 5) == "1:3"
    assert crt.odds_column(s, 8, 3) == "2:1"
    assert crt.odds_column(s, 3, 4) == "1:2"


def test_13_4_2_german_tactical_column_am16_to_pm22():
    b = CombatBuilder()
    b.turn = 14  # PM 22 Dec
    assert crt.dice_column(b.build(), "German")[0] == "tactical"
    b.turn = 15
    assert crt.dice_column(b.build(), "German")[0] == "normal"


def test_20_3A_allies_tactical_on_clear_turns_after_pm22():
    b = CombatBuilder()
    b.turn = 15  # AM 23 Dec, clear
    assert crt.dice_column(b.build(), "Allied")[0] == "tactical"
    b.turn = 30
    assert crt.dice_column(b.build(), "Allied")[0] == "normal"


def test_20_3B_germany_loses_the_column_after_clear_weather():
    b = CombatBuilder()
    b.turn = 10
    b.weather[5] = "clear"
    assert crt.dice_column(b.build(), "German")[0] == "normal"


def test_14_3_shock_combat_always_tactical():
    assert crt.dice_column(CombatBuilder().build(), "German", shock=True)[0] == "tactical"


def test_18_2A_surprise_on_am16_only():
    b = CombatBuilder()
    b.turn = 1
    assert crt.surprise(b.build(), "German")
    assert not crt.surprise(b.build(), "Allied")
    b.turn = 2
    assert not crt.surprise(b.build(), "German")


def test_13_5A_B_odds_beyond_the_table_use_its_end_columns():
    s = CombatBuilder().build()
    assert [crt.odds_column(s, a, d) for a, d in ((9, 1), (10, 1), (40, 4), (8, 1), (4, 4), (7, 4))] == \
        ["9:1", "9:1", "9:1", "8:1", "1:1", "1:1"]
    assert [crt.odds_column(s, a, d) for a, d in ((1, 2), (1, 3), (1, 4), (1, 10), (3, 8))] == \
        ["1:2", "1:3", "1:3", "1:3", "1:3"]


def test_15_5A_no_defense_is_the_highest_odds_and_13_5_5F_no_attack_strength_the_lowest():
    s = CombatBuilder().build()
    assert crt.odds_column(s, 5, 0) == "9:1" and crt.odds_column(s, 0, 0) == "9:1"
    assert crt.odds_column(s, 0, 5) == "1:3" and crt.odds_column(s, 1, 1) == "1:1"


def test_13_5_an_empty_or_spaced_code_reads_as_the_table_prints_it_and_an_unknown_one_is_refused():
    import pytest

    assert parse_result("").no_effect and parse_result(" - ").code == "-"
    r = parse_result(" D3/A1 ")
    assert (r.code, r.defender, r.attacker, r.defender_mandatory, r.attacker_mandatory) == ("D3/A1", 3, 1, 0, 0)
    assert not parse_result("D4").split and not parse_result("A1").split and not parse_result("D4").no_effect
    assert parse_result("A3").attacker == 3 and parse_result("A3").defender == 0
    assert (parse_result("CA").code, parse_result("FF").code) == ("CA", "FF")
    with pytest.raises(ValueError, match="unknown CRT result 'X2'"):
        parse_result("X2")


def test_13_4_1D_the_roll_is_read_on_the_dice_column_then_the_odds_column():
    s = CombatBuilder().build()
    t = s.module.charts.crt
    for column in ("normal", "tactical"):
        for roll in range(t.roll_min, t.roll_max + 1):
            assert crt.lookup(s, "3:1", column, roll) == t.result("3:1", column, roll)


def test_13_4_2_a_module_without_a_tactical_column_reads_the_normal_one():
    from dataclasses import replace

    s = CombatBuilder().build()
    t = s.module.charts.crt
    normal = replace(t, dice={k: v for k, v in t.dice.items() if k[0] == "normal"})
    s.module = replace(s.module, charts=replace(s.module.charts, crt=normal))
    assert [crt.lookup(s, "2:1", "tactical", r) for r in range(t.roll_min, t.roll_max + 1)] == \
        [t.result("2:1", "normal", r) for r in range(t.roll_min, t.roll_max + 1)]


def test_26_11B_luftwaffe_contention_on_23_december_keeps_the_german_tactical_column_that_day_only():
    b = CombatBuilder()
    b.variants.add("26.11")
    for turn, contested, tactical in ((15, True, True), (16, True, True), (15, False, False), (17, True, False)):
        b.turn = turn
        s = b.build()
        if contested:
            s.weather[-turn] = "contested"
        assert (crt.dice_column(s, "German")[0] == "tactical") is tactical, (turn, contested)
    b.variants.clear()
    b.turn = 15
    s = b.build()
    s.weather[-15] = "contested"
    assert crt.dice_column(s, "German")[0] == "normal"  # 26.11B applies only with the variant


def test_20_3A_no_allied_tactical_column_before_23_december_nor_while_the_luftwaffe_contests_the_air():
    b = CombatBuilder()
    b.turn = 14
    b.weather[14] = "clear"
    assert crt.dice_column(b.build(), "Allied") == ("normal", "normal column")
    b.turn = 15
    s = b.build()
    s.weather[-15] = "contested"
    assert crt.dice_column(s, "Allied")[0] == "normal"
    assert crt.dice_column(b.build(), "Allied") == \
        ("tactical", "Allied tactical advantage, clear weather after PM 22 Dec (13.4.2, 20.3A)")


def test_13_4_2_the_column_is_given_with_its_clause():
    b = CombatBuilder()
    b.turn = 1
    assert crt.dice_column(b.build(), "German") == \
        ("tactical", "German tactical advantage AM 16 - PM 22 Dec (13.4.2, 18.1A)")
    assert crt.dice_column(b.build(), "German", shock=True) == ("tactical", "shock combat (14.3)")
    assert crt.dice_column(b.build(), "Allied") == ("normal", "normal column")


def test_26_1B_no_surprise_when_the_allies_were_warned():
    b = CombatBuilder()
    b.turn = 1
    b.variants.add("26.1")
    assert not crt.surprise(b.build(), "German")


def test_20_3B_clear_weather_this_turn_ends_the_german_column_now_and_a_later_clear_turn_does_not():
    b = CombatBuilder()
    b.turn = 10
    b.weather[10] = "clear"
    assert crt.dice_column(b.build(), "German")[0] == "normal"
    b.weather = {11: "clear"}
    assert crt.dice_column(b.build(), "German")[0] == "tactical"


def test_20_3B_a_clear_turn_printed_on_the_calendar_ends_the_german_column_without_a_weather_roll():
    from dataclasses import replace

    b = CombatBuilder()
    b.turn = 10
    s = b.build()
    turns = tuple(replace(t, weather="clear") if t.number == 5 else t for t in s.module.turns)
    s.module = replace(s.module, turns=turns)
    assert not s.weather and crt.dice_column(s, "German")[0] == "normal"


def test_26_11B_contention_before_23_december_does_not_restore_a_column_lost_to_clear_weather():
    # given clear weather on AM 21 Dec (20.3B: Germany loses the column for the rest of the game),
    # then Luftwaffe contention on PM 22 Dec: 26.11B extends the column only on the 23 December turn
    b = CombatBuilder()
    b.variants.add("26.11")
    b.turn = 14
    b.weather[11] = "clear"
    s = b.build()
    s.weather[-14] = "contested"
    assert crt.dice_column(s, "German")[0] == "normal"


def test_13_4_2_a_module_without_a_normal_or_tactical_column_reads_the_column_it_has():
    from dataclasses import replace

    s = CombatBuilder().build()
    t = s.module.charts.crt
    rolls = range(t.roll_min, t.roll_max + 1)
    # only a tactical column: every roll is read there
    only = replace(t, dice={k: v for k, v in t.dice.items() if k[0] == "tactical"})
    s.module = replace(s.module, charts=replace(s.module.charts, crt=only))
    assert [crt.lookup(s, "2:1", "normal", r) for r in rolls] == [t.result("2:1", "tactical", r) for r in rolls]
    # a normal column and another that sorts before it: a missing column still reads the normal one
    two = replace(t, dice={("advantage" if k[0] == "tactical" else k[0], k[1]): v for k, v in t.dice.items()})
    s.module = replace(s.module, charts=replace(s.module.charts, crt=two))
    assert [crt.lookup(s, "2:1", "tactical", r) for r in rolls] == [t.result("2:1", "normal", r) for r in rolls]


def _odds_columns(s, cols):
    from dataclasses import replace

    s.module = replace(s.module, charts=replace(s.module.charts, crt=replace(s.module.charts.crt, odds=cols)))
    return s


def test_13_5A_B_the_odds_stop_at_nine_to_one_and_one_to_three_even_on_a_table_printing_more_columns():
    s = _odds_columns(CombatBuilder().build(), ("1:4", "1:3", "1:2", "1:1", "2:1", "3:1", "4:1", "5:1", "6:1",
                                                "7:1", "8:1", "9:1", "10:1"))
    assert crt.odds_column(s, 10, 1) == "9:1" and crt.odds_column(s, 1, 4) == "1:3"


def test_13_4_1C_a_table_with_fewer_columns_reads_its_end_columns():
    s = _odds_columns(CombatBuilder().build(), ("1:2", "1:1", "2:1", "3:1", "4:1", "5:1", "6:1"))
    assert [crt.odds_column(s, a, d) for a, d in ((8, 1), (6, 1), (1, 3), (1, 2), (3, 3))] == \
        ["6:1", "6:1", "1:2", "1:2", "1:1"]

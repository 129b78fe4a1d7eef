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

"""20.4.2D: an air attack on German units on a road hex and the interdiction of that road
hex count as one mission."""

import pytest

from darkdec_qt.rules.combat import commands as cc
from darkdec_qt.rules.core.errors import IllegalAction
from tests.rules.combat_builder import CombatBuilder
from tests.rules.combat_helpers import run, seed_with


def _state():
    b = CombatBuilder().german("pz", "0605", type="armor").german("vg", "0605").german("off", "0608")
    b.road("0505", "0605", "0705")
    s = b.build()
    s.side = "Allied"
    s.seed = seed_with(6, 6, 6)  # misses: no battle task in between
    return s


def test_20_4_2D_given_air_attack_on_road_hex_when_interdicting_same_hex_then_one_mission():
    s = _state()
    run(s, cc.AirAttack(hex="0605"))
    run(s, cc.Interdict(hex="0605"))
    assert s.air_used[s.turn] == 1


def test_20_4_2D_given_interdiction_first_when_attacking_units_there_then_one_mission():
    s = _state()
    run(s, cc.Interdict(hex="0605"))
    run(s, cc.AirAttack(hex="0605"))
    assert s.air_used[s.turn] == 1


def test_20_4_2D_given_air_attack_when_interdicting_another_hex_then_no_mission_left():
    s = _state()
    run(s, cc.AirAttack(hex="0605"))
    with pytest.raises(IllegalAction, match=r"20\.4"):
        run(s, cc.Interdict(hex="0705"))


def test_20_4_2D_given_target_off_road_then_no_free_interdiction():
    s = _state()
    run(s, cc.AirAttack(hex="0608"))
    with pytest.raises(IllegalAction, match=r"20\.4"):
        run(s, cc.Interdict(hex="0605"))


def test_20_4_2D_pair_is_used_once():
    s = _state()
    run(s, cc.AirAttack(hex="0605"))
    run(s, cc.Interdict(hex="0605"))
    with pytest.raises(IllegalAction, match=r"20\.4"):
        run(s, cc.Interdict(hex="0605"))
    with pytest.raises(IllegalAction, match=r"20\.4"):
        run(s, cc.AirAttack(hex="0605"))

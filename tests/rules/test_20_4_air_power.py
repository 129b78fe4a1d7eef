"""20.4: Allied tactical air power."""

import pytest

from darkdec_qt.rules.airpower import air_drm, missions
from darkdec_qt.rules.combat import commands as cc
from darkdec_qt.rules.core.errors import IllegalAction
from tests.rules.combat_builder import CombatBuilder
from tests.rules.combat_helpers import run, seed_with


def _state(**kw):
    b = CombatBuilder().german("pz", "0605", type="armor").german("vg", "0605")
    b.road("0505", "0605", "0705")
    s = b.build()
    s.side = "Allied"
    return s


def test_20_4_1D_drm_capped_at_plus_one():
    s = CombatBuilder().terrain("0605", "woods").german("vg", "0605").build()
    assert air_drm(s, "0605")[0] == 1


def test_20_4_1D_strategic_target_minus_one():
    b = CombatBuilder().german("pz", "0605", type="armor")
    b.strategic.add("pz")
    assert air_drm(b.build(), "0605")[0] == -1


def test_20_4_1A_hit_on_1_2_and_20_4_1B_german_chooses_a_motorized_unit():
    s = _state()
    s.seed = seed_with(1)
    run(s, cc.AirAttack(hex="0605"))
    # only the motorized unit may be chosen
    assert "pz" in s.reduced


def test_20_4_one_mission_per_clear_turn():
    s = _state()
    s.seed = seed_with(6)
    run(s, cc.AirAttack(hex="0605"))
    with pytest.raises(IllegalAction, match=r"20\.4"):
        run(s, cc.AirAttack(hex="0605"))


def test_20_4_no_mission_in_overcast_weather():
    b = CombatBuilder().german("vg", "0605")
    b.turn = 30
    s = b.build()
    s.side = "Allied"
    assert missions(s, "Allied") == 0


def test_20_4_2E_F_german_mission_30_dec_pm_and_allied_extra_17_dec_am():
    b = CombatBuilder()
    b.turn = 30  # 30DecPM
    s = b.build()
    assert s.turn_code() == "30DecPM" and missions(s, "German") == 1
    b.turn = 3
    assert missions(b.build(), "Allied") == 1


def test_20_4_2C_interdiction_lasts_a_turn():
    s = _state()
    s.seed = seed_with(2)
    run(s, cc.Interdict(hex="0505"))
    assert s.interdicted["0505"] == s.turn + 1


def test_20_4_1C_reduced_units_never_chosen():
    b = CombatBuilder().german("vg", "0605", is_reduced=True)
    s = b.build()
    s.side = "Allied"
    s.seed = seed_with(1)
    run(s, cc.AirAttack(hex="0605"))
    assert "vg" in s.pos

"""13.5: the battle as fought (rules.battle_readout): odds, column, roll and CRT row of
the resolution, and what a result does to each hex, with its rule."""

from __future__ import annotations

from darkdec_qt.rules.combat import readout as ro
from darkdec_qt.rules.combat.events import BattleResolved, UnitRetreated
from tests.rules.combat_builder import CombatBuilder
from tests.rules.combat_helpers import pending


def _state():
    return CombatBuilder().german("g", "0505").allied("a", "0605").build()


def test_13_5_1B_assault_level_below_the_defense_level_has_no_effect():
    s = _state()
    b = pending(s, ("g",), ("a",), "D1", (), levels=(("0605", 2),))
    lines = ro.result_effects(s, b)
    assert lines == ["D1 against level 2 in 0605: no effect on the defenders — the assault level is below the "
                     "terrain defense level (13.5.1B)"]
    b = pending(s, ("g",), ("a",), "D2", (), levels=(("0605", 2),))
    assert "retreat one hex or lose one step (13.5.1B)" in ro.result_effects(s, b)[0]


def test_as_fought_reads_the_resolution_not_the_survivors():
    s = _state()
    b = pending(s, ("g",), ("a",), "D1", (), levels=(("0605", 2),))  # odds 3:1, normal column
    e = BattleResolved(id=1, battle_kind="attack", attack=9, defense=3, odds="3:1", column="normal", drm=-1,
                       roll=7, result="D1")
    f = ro.as_fought(s, b, [e])
    assert (f.attack, f.defense, f.odds, f.roll, f.result) == (9, 3, "3:1", 7, "D1")
    assert f.row == s.module.charts.crt.row_for("normal", 7)
    assert ro.as_fought(s, b, []).odds == "3:1" and ro.as_fought(s, b, []).roll is None


def test_13_5_2B_attacker_hex_as_at_the_roll():
    s = _state()
    b = pending(s, ("g",), ("a",), "A1", ())
    e = BattleResolved(id=1, battle_kind="attack", attack=1, defense=3, odds="1:3", column="normal", drm=0,
                       roll=12, result="A1")
    s.pos["g"] = "0405"  # the attacker retreated after the roll
    events = [e, UnitRetreated(unit="g", path=("0505", "0405"))]
    assert ro.attacker_hexes_at_roll(s, b, events) == ["0505"]
    assert "in 0505" in ro.result_effects(s, b, events)[0] and "13.5.2B" in ro.result_effects(s, b, events)[0]

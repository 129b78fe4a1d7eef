"""13.6B priority 4: motorized units retreat to the hex with the lowest MP cost;
11.4: British and US units stack only when forced by combat, and must unstack by the end of
the next Allied Movement Phase or be eliminated."""

import pytest

from darkdec_qt.rules import engine
from darkdec_qt.rules.combat.advance import legal_advances
from darkdec_qt.rules.combat.retreat import legal_retreats, motorized_cost
from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.movement.stacking import end_of_movement_eliminations
from tests.rules.combat_builder import CombatBuilder

AROUND = ('0504', '0604', '0605', '0506', '0405', '0404')


def _woods_around(b: CombatBuilder, but: str) -> CombatBuilder:
    for h in AROUND:
        if h != but:
            b.terrain(h, "woods")
    return b


def test_13_6B_given_motorized_unit_then_retreats_to_the_cheapest_hex():
    s = _woods_around(CombatBuilder().german("pz", "0505", type="armor"), but="0404").build()
    ends = {p.path[-1] for p in legal_retreats(s, "0505", ("pz",), 1)}
    assert ends == {"0404"}  # even west: priority 4 before priority 5


def test_13_6B_given_infantry_then_the_mp_cost_does_not_filter():
    s = _woods_around(CombatBuilder().german("vg", "0505"), but="0404").build()
    ends = {p.path[-1] for p in legal_retreats(s, "0505", ("vg",), 1)}
    assert ends == set(AROUND)


def test_13_6B_road_counts_at_road_rate():
    b = _woods_around(CombatBuilder().german("pz", "0505", type="armor"), but="0404").road("0505", "0605")
    s = b.build()
    assert motorized_cost(s, "0505", "0605") == 1 == motorized_cost(s, "0505", "0404")
    assert {p.path[-1] for p in legal_retreats(s, "0505", ("pz",), 1)} == {"0404", "0605"}


def test_13_6B_priority_4_after_zoc_priorities():
    # the clear hex is in an enemy ZOC without friends: the woods outside it come first
    b = _woods_around(CombatBuilder().german("pz", "0505", type="armor"), but="0404").allied("a", "0304")
    s = b.build()
    ends = {p.path[-1] for p in legal_retreats(s, "0505", ("pz",), 1)}
    assert "0404" not in ends and ends


def _br_us():
    return CombatBuilder().allied("us", "0505").allied("br", "0605", nationality="British")


def test_11_4_given_movement_then_british_may_not_end_with_us():
    b = _br_us()
    b.side = "Allied"
    s = b.build()
    s.phase, s.started = Phase.MOVEMENT, True
    with pytest.raises(IllegalAction, match=r"11\.4"):
        engine.check(s, cm.Move(units=("br",), path=("0605", "0505")))


def test_11_4_given_retreat_with_other_hexes_then_no_mixed_stack():
    s = _br_us().build()
    ends = {p.path[-1] for p in legal_retreats(s, "0605", ("br",), 1)}
    assert ends and "0505" not in ends


def test_11_4_given_retreat_with_no_other_path_then_mixed_stack_allowed():
    b = _br_us()
    for h in ('0604', '0705', '0706', '0606', '0506'):  # neighbours of 0605 other than 0505
        b.german(f"g{h}", h)
    s = b.build()
    ends = {p.path[-1] for p in legal_retreats(s, "0605", ("br",), 1)}
    assert ends == {"0505"}


def test_11_4_mixed_stack_eliminated_at_end_of_next_allied_movement_unless_unstacked():
    b = CombatBuilder().allied("us", "0505").allied("br", "0505", nationality="British", a=2, d=2)
    s = b.build()
    evs = end_of_movement_eliminations(s, "Allied")
    assert [e.unit for e in evs] == ["br"] and "11.0C" in evs[0].reason
    s.pos["br"] = "0605"  # unstacked during the Movement Phase
    assert end_of_movement_eliminations(s, "Allied") == []
    assert end_of_movement_eliminations(s, "German") == []


def test_11_4_advance_after_combat_never_makes_a_mixed_stack():
    b = CombatBuilder().allied("br", "0505", nationality="British").allied("us", "0706")
    b.side = "Allied"
    s = b.build()
    assert all(p[-1] != "0706" for p in legal_advances(s, "br", "0605", 2))
    s.pos.pop("us")
    apply_ok = any(p[-1] == "0706" for p in legal_advances(s, "br", "0605", 2))
    assert apply_ok

"""Optional 12.3 (armored ZOCs) and 12.4 (150th Panzer Brigade infiltration)."""

import pytest

from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.core.tables import TICKS
from darkdec_qt.rules.core.zoc import zoc_hexes, zoc_of_unit
from darkdec_qt.rules.engine import check, execute
from darkdec_qt.rules.movement.move import legal_destinations
from tests.rules.builder import ScenarioBuilder
from tests.rules.rules_helpers import force_dice


def armor_map(kind="armor", optional=("12.3",)):
    b = ScenarioBuilder()
    b.terrain("0604", "dense_forest").terrain("0504", "marsh").terrain("0405", "dense_forest")
    b.road("0505", "0405", road="R")
    b.river("0505", "0605", "minor")  # unbridged
    b.river("0505", "0506", "minor", bridge=True)
    b.unit("Pz", "German", kind, (6, 5, 8), (3, 3, 8), at="0505")
    return b.state(optional=optional)


def test_12_3A_armor_zoc_stops_at_unbridged_rivers_dense_forest_and_marsh_except_by_road():
    st = armor_map()
    z = zoc_of_unit(st, "Pz")
    assert "0605" not in z  # unbridged river hexside
    assert "0604" not in z and "0504" not in z  # dense forest, marsh
    assert "0405" in z  # dense forest entered along a road (12.3A example)
    assert "0506" in z and "0404" in z  # bridged river, clear hex


def test_12_3A_blown_bridge_is_unbridged():
    st = armor_map()
    st.blown.add(("0505", "0506"))
    assert "0506" not in zoc_of_unit(st, "Pz")


def test_12_3B_armored_cavalry_and_armored_infantry_unaffected_and_the_rule_is_optional():
    for kind in ("armored_cavalry", "armored_infantry"):
        assert {"0605", "0604", "0504"} <= zoc_of_unit(armor_map(kind), "Pz")
    assert {"0605", "0604", "0504"} <= zoc_of_unit(armor_map(optional=()), "Pz")


def infiltration(turn="17DecAM", optional=("12.4",), uid="150Pz"):
    b = ScenarioBuilder(12, 6)
    b.unit(uid, "German", "armor", (4, 3, 8), (2, 2, 8), at="1003")
    b.unit("a/1", "Allied", at="0804")  # ZOC covers 0803 ...
    b.unit("a/2", "Allied", at="0604")  # ... and 0603
    return b.state(turn=turn, optional=optional)


PATH = ("1003", "0903", "0803", "0703", "0603", "0503")


def test_12_1A_without_the_option_the_brigade_stops_in_the_first_zoc():
    st = infiltration(optional=())
    with pytest.raises(IllegalAction) as e:
        check(st, cm.Move(units=("150Pz",), path=PATH))
    assert e.value.rule == "12.1A"


def test_12_4B_C_a_die_for_each_zoc_left_success_continues():
    st = infiltration()
    force_dice(st, 3, 3)  # AM 17 December succeeds on 1-3
    ev = execute(st, cm.Move(units=("150Pz",), path=PATH[:5]))
    tries = [e for e in ev if e.kind == "infiltration_attempted"]
    assert [t.hex for t in tries] == ["0803"] and tries[0].success
    assert st.pos["150Pz"] == "0603" and st.infiltrations == 1
    st2 = infiltration()
    force_dice(st2, 3, 2)
    ev = execute(st2, cm.Move(units=("150Pz",), path=PATH))  # leaves a second ZOC: a second die
    assert [t.hex for t in ev if t.kind == "infiltration_attempted"] == ["0803", "0603"]
    assert st2.pos["150Pz"] == "0503" and st2.infiltrations == 2


def test_12_4B_failure_stops_the_brigade_in_the_zoc():
    st = infiltration(turn="17DecPM")
    force_dice(st, 3)  # PM 17 December: only 1-2
    ev = execute(st, cm.Move(units=("150Pz",), path=PATH[:5]))
    assert [e.success for e in ev if e.kind == "infiltration_attempted"] == [False]
    assert st.pos["150Pz"] == "0803"


def test_12_4D_three_attempts_per_game_and_none_after_pm_18_december():
    st = infiltration()
    st.infiltrations = 3
    with pytest.raises(IllegalAction) as e:
        check(st, cm.Move(units=("150Pz",), path=PATH[:5]))
    assert e.value.rule == "12.1A"
    late = infiltration(turn="19DecAM")
    with pytest.raises(IllegalAction) as e:
        check(late, cm.Move(units=("150Pz",), path=PATH[:5]))
    assert e.value.rule == "12.1A"


def test_12_4_only_the_150th_and_the_module_id_150Pz_is_recognised():
    other = infiltration(uid="1/Pz")
    with pytest.raises(IllegalAction):
        check(other, cm.Move(units=("1/Pz",), path=PATH[:5]))
    assert other.phase is Phase.MOVEMENT


def test_12_0B_for_supply_a_zoc_stops_only_at_the_river_hexside_whichever_side_it_is():
    from darkdec_qt import hexgrid
    from darkdec_qt.rules.core.zoc import zoc_hexes

    for n in hexgrid.neighbours("0505"):
        b = ScenarioBuilder()
        b.river("0505", n, "minor")
        b.unit("G", "German", "infantry", (4, 4, 4), (2, 2, 4), at="0505")
        st = b.state()
        others = set(hexgrid.neighbours("0505")) - {n}
        assert zoc_hexes(st, "German", for_supply=True) == others
        assert zoc_of_unit(st, "G", for_supply=True) == others
        assert zoc_hexes(st, "German") == others | {n}  # 12.0B: across rivers otherwise


def test_12_0A_leaders_and_12_2_units_in_strategic_movement_exert_no_zoc():
    b = ScenarioBuilder()
    b.unit("L", "German", "leader", (0, 0, 5), None, at="0505")
    b.unit("G", "German", "infantry", (4, 4, 4), (2, 2, 4), at="0808")
    st = b.state()
    assert zoc_of_unit(st, "L") == set() and zoc_of_unit(st, "G")
    st.strategic.add("G")
    assert zoc_of_unit(st, "G") == set()


def test_12_3A_the_side_s_zoc_follows_the_option_and_a_bridge_blown_between_two_questions():
    from darkdec_qt.rules.core.zoc import zoc_hexes

    st = armor_map()
    z = zoc_hexes(st, "German")
    assert "0605" not in z and "0604" not in z and "0506" in z
    st.blown.add(("0505", "0506"))
    assert "0506" not in zoc_hexes(st, "German")
    assert {"0605", "0604", "0506"} <= zoc_hexes(armor_map(optional=()), "German")


def _zocs_left(st, path):
    """How many enemy ZOC hexes a path leaves after its first hex (12.1A: each needs a 12.4 attempt)."""
    z = zoc_hexes(st, "Allied")
    return sum(1 for h in path[1:-1] if h in z)


def test_12_4A_D_the_destinations_plan_one_infiltration_per_attempt_left():
    # given the brigade with one attempt left (two of three used, 12.4D)
    st = infiltration()
    st.infiltrations = 2
    one = legal_destinations(st, "150Pz")
    # then its destinations may leave one enemy ZOC on the way, never two
    assert max(_zocs_left(st, p) for _, p in one.values()) == 1
    # and 0704, in a ZOC itself, is reached through another ZOC for 3 MP
    cost, path = one["0704"]
    assert cost == 3 * TICKS and _zocs_left(st, path) == 1
    # when no attempt is left, no destination leaves a ZOC and 0704 costs 4 MP, around the ZOCs
    st.infiltrations = 3
    none = legal_destinations(st, "150Pz")
    assert max(_zocs_left(st, p) for _, p in none.values()) == 0
    assert none["0704"][0] == 4 * TICKS

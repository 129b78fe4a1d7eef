"""Supply (8.0) and stacking (11.0)."""

from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.movement.stacking import end_of_movement_eliminations
from darkdec_qt.rules.supply import determination as supply
from tests.rules.builder import ScenarioBuilder


def _map():
    # a west-east road on row 05 from the west edge (Allied source)
    b = ScenarioBuilder(12, 10)
    b.road(*[f"{c:02d}05" for c in range(1, 8)], road="R")
    return b


def _state_of(st, unit):
    return {u: s for u, s, _, _ in supply.determine(st, "Allied")}[unit]


def test_8_2B_supplied_along_road_and_three_hexes_off_road():
    b = _map()
    b.unit("1/A", "Allied", at="0705").unit("2/A", "Allied", at="0708").unit("3/A", "Allied", at="0709")
    st = b.state(side="Allied", phase=Phase.SUPPLY)
    assert _state_of(st, "1/A") == "supplied"
    assert _state_of(st, "2/A") == "supplied"  # three hexes off the road
    assert _state_of(st, "3/A") == "unsupplied"  # four hexes


def test_8_2D_friendly_unit_negates_zoc_for_supply():
    b = ScenarioBuilder(12, 10)
    b.road(*[f"{c:02d}05" for c in range(1, 12)], road="R")
    # Germans north and south of the road at column 05 cut it with ZOC
    # a German unit north of the road puts road hexes 0405-0605 in its ZOC
    b.unit("9/G", "German", at="0504")
    b.unit("1/A", "Allied", at="1105")
    b.edge("1105", None)
    st = b.state(side="Allied", phase=Phase.SUPPLY)
    assert _state_of(st, "1/A") == "unsupplied"  # 8.2B blocked by enemy ZOC
    # friendly units on the road hexes negate the ZOC (8.2D)
    st.pos.update({"2/A": "0405", "3/A": "0505", "4/A": "0605"})
    st.module.units.update({u: st.module.units["1/A"].__class__(id=u, side="Allied", nationality="US",
                                                                   type="infantry", full=(1, 1, 1), reduced=None)
                            for u in ("2/A", "3/A", "4/A")})
    assert _state_of(st, "1/A") == "supplied"


def test_16_1E_blown_bridge_cuts_supply_road():
    b = ScenarioBuilder(14, 10)
    b.road(*[f"{c:02d}05" for c in range(1, 13)], road="R")
    b.river("0605", "0705", "minor", bridge=True)
    for r in range(1, 11):
        if r != 5:
            b.river(f"06{r:02d}", f"07{r:02d}", "minor")
    b.unit("1/A", "Allied", at="1205")
    b.edge("1205", None).edge("1301", None)
    st = b.state(side="Allied", phase=Phase.SUPPLY)
    assert _state_of(st, "1/A") == "supplied"
    st.blown.add(("0605", "0705"))
    assert _state_of(st, "1/A") == "unsupplied"


def _encircled(turn: str):
    b = ScenarioBuilder(16, 12)
    b.unit("1/A", "Allied", at="0806")
    for i, h in enumerate(["0804", "1005", "1007", "0808", "0607", "0605"]):
        b.unit(f"{i}/G", "German", at=h)
    return b.state(turn=turn, side="Allied", phase=Phase.SUPPLY)


def test_8_5A_isolated_when_surrounded_far_and_unsupplied():
    st = _encircled("18DecAM")
    assert _state_of(st, "1/A") == "isolated"


def test_8_5B_allied_never_isolated_in_clear_weather():
    st = _encircled("24DecAM")
    assert _state_of(st, "1/A") == "unsupplied"


def test_8_5C_unit_adjacent_to_map_edge_never_isolated():
    b = ScenarioBuilder(10, 10)
    b.unit("1/A", "Allied", at="0102")
    for i, h in enumerate(["0201", "0202", "0103"]):
        b.unit(f"{i}/G", "German", at=h)
    st = b.state(side="Allied", phase=Phase.SUPPLY)
    assert _state_of(st, "1/A") == "unsupplied"


def test_15_5C_leaders_never_out_of_supply():
    st = _encircled("18DecAM")
    from darkdec_qt.moduleview import UnitSpec

    st.module.units["Cdr"] = UnitSpec(id="Cdr", side="Allied", nationality="US", type="leader", full=(0, 0, 6),
                                      reduced=None)
    st.pos["Cdr"] = "0806"
    assert _state_of(st, "Cdr") == "supplied"


def test_11_0C_overstacked_units_eliminated_at_end_of_movement():
    b = ScenarioBuilder()
    for i in range(4):
        b.unit(f"{i}/A", "Allied", full=(i + 1, 4, 5), at="0505")
    st = b.state(side="Allied")
    ev = end_of_movement_eliminations(st, "Allied")
    assert [e.unit for e in ev] == ["0/A"]


def test_11_4_british_and_us_may_not_stack():
    from darkdec_qt.rules.core import commands as cm
    from darkdec_qt.rules.core.errors import IllegalAction
    from darkdec_qt.rules.engine import check

    b = ScenarioBuilder()
    b.unit("1/A", "Allied", at="0505").unit("29/11", "Allied", nationality="British", at="0405")
    st = b.state(side="Allied")
    try:
        check(st, cm.Move(units=("29/11",), path=("0405", "0505")))
    except IllegalAction as e:
        assert e.rule == "11.4"
    else:
        raise AssertionError("British entered a US hex")


def test_11_0A_no_more_than_three_units_while_moving():
    import pytest

    from darkdec_qt.rules.core import commands as cm
    from darkdec_qt.rules.core.errors import IllegalAction
    from darkdec_qt.rules.engine import check

    b = ScenarioBuilder()
    for i in range(3):
        b.unit(f"{i}/A", "Allied", at="0505")
    b.unit("x/A", "Allied", at="0405")
    st = b.state(side="Allied")
    with pytest.raises(IllegalAction) as e:
        check(st, cm.Move(units=("x/A",), path=("0405", "0505")))
    assert e.value.rule == "11.0A"


def test_11_0A_no_passing_through_a_full_hex():
    import pytest

    from darkdec_qt.rules.core import commands as cm
    from darkdec_qt.rules.core.errors import IllegalAction
    from darkdec_qt.rules.engine import check

    # given three Allied units in 0505, between x/A and 0605
    b = ScenarioBuilder()
    for i in range(3):
        b.unit(f"{i}/A", "Allied", at="0505")
    b.unit("x/A", "Allied", at="0405")
    st = b.state(side="Allied")
    # when x/A moves through 0505 without stopping, then "at any time" refuses it there
    with pytest.raises(IllegalAction) as e:
        check(st, cm.Move(units=("x/A",), path=("0405", "0505", "0605")))
    assert e.value.rule == "11.0A" and e.value.hex == "0505"


def test_11_0C_left_to_the_engine_the_units_kept_are_those_with_the_most_attack_plus_defense():
    # given four units whose attack + defense and attack + movement rank them differently
    b = ScenarioBuilder()
    for uid, full in (("a/A", (2, 6, 3)), ("b/A", (5, 2, 8)), ("c/A", (4, 4, 4)), ("d/A", (3, 5, 4))):
        b.unit(uid, "Allied", full=full, at="0505")
    st = b.state(side="Allied")
    # then the weakest by attack + defense (b/A, 7) goes, not by attack + movement (a/A, 5)
    assert [e.unit for e in end_of_movement_eliminations(st, "Allied")] == ["b/A"]


def test_11_3B_left_to_the_engine_a_unit_in_strategic_movement_does_not_end_the_phase_with_another():
    for strong in ("s/A", "o/A"):
        b = ScenarioBuilder()
        b.unit("s/A", "Allied", full=(6, 6, 5) if strong == "s/A" else (1, 1, 5), at="0505")
        b.unit("o/A", "Allied", full=(6, 6, 5) if strong == "o/A" else (1, 1, 5), at="0505")
        st = b.state(side="Allied")
        st.strategic.add("s/A")
        # the stronger is kept and the other eliminated, whichever of them is in strategic movement
        weak = "o/A" if strong == "s/A" else "s/A"
        assert [e.unit for e in end_of_movement_eliminations(st, "Allied")] == [weak]

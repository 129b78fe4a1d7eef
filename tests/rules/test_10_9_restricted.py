"""10.9 Restricted Allied units: activation, release, the Meuse and Semois lines."""

import pytest

from darkdec_qt import hexgrid
from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core.apply import apply
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.events import RestrictedReleased, UnitEliminated, UnitReformed
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.engine import check, execute
from darkdec_qt.rules.movement import restricted
from tests.rules.builder import ScenarioBuilder
from tests.rules.rules_helpers import refusal


def meuse_map(turn="24DecAM", german_at="1209"):
    b = ScenarioBuilder(14, 10)
    for r in range(1, 11):
        for a in (f"04{r:02d}",):
            for n in hexgrid.neighbours(a):
                if n.startswith("05"):
                    b.river(a, n, "major", bridge=True, name="Meuse")
    for r in range(5, 11):
        for n in hexgrid.neighbours(f"07{r:02d}"):
            if n.startswith("08") and int(n[2:]) >= 5:
                b.river(f"07{r:02d}", n, "minor", bridge=True, name="Semois")
    b.unit("Br1", "Allied", "infantry", (4, 4, 5), nationality="British", division="43", arrival="23DecAM",
           at="0303")
    b.unit("29Arm", "Allied", "armor", (4, 4, 8), (2, 2, 8), nationality="British", arrival="21DecAM", at="0203")
    b.unit("Eng", "Allied", "engineer", (2, 2, 5), (1, 1, 5), arrival="20DecAM", at="0706")
    b.unit("1107", "Allied", "engineer", (2, 2, 5), (1, 1, 5), at="0707")  # at start: not restricted
    b.unit("11Arm/CCA", "Allied", "armor", (4, 4, 8), (2, 2, 8), division="11Arm", arrival="23DecAM",
           restricted=True, at="0606")
    b.unit("17/507", "Allied", "parachute", (4, 4, 5), (2, 2, 5), division="17", arrival="25DecAM",
           restricted=True, at="0609")
    b.unit("g/1", "German", at=german_at)
    st = b.state(turn=turn, side="Allied", phase=Phase.MOVEMENT)
    return st


def test_10_9A_2A_which_units_are_restricted():
    st = meuse_map()
    assert all(restricted.is_restricted_unit(st, u) for u in ("Br1", "29Arm", "Eng", "11Arm/CCA", "17/507"))
    assert not restricted.is_restricted_unit(st, "1107")  # not a reinforcement
    assert not restricted.is_restricted_unit(st, "g/1")


def test_10_9B_may_move_on_its_entry_turn_then_not_until_activated():
    st = meuse_map()
    with pytest.raises(IllegalAction) as e:
        check(st, cm.Move(units=("Br1",), path=("0303", "0302")))
    assert e.value.rule == "10.9B"
    st.entered_turn["Br1"] = st.turn
    check(st, cm.Move(units=("Br1",), path=("0303", "0302")))


def test_10_9_1A_activated_by_a_supplied_german_within_three_hexes_of_the_west_bank():
    st = meuse_map(german_at="0705")  # three hexes from the west-bank hex 0405
    check(st, cm.Move(units=("Br1",), path=("0303", "0302")))
    st.supply["g/1"] = "unsupplied"
    with pytest.raises(IllegalAction) as e:
        check(st, cm.Move(units=("Br1",), path=("0303", "0302")))
    assert e.value.rule == "10.9B"
    far = meuse_map(german_at="0805")  # four hexes
    with pytest.raises(IllegalAction):
        check(far, cm.Move(units=("Br1",), path=("0303", "0302")))


def test_10_9_1A_activated_units_still_may_not_cross_the_meuse():
    st = meuse_map(german_at="0705")
    with pytest.raises(IllegalAction) as e:
        check(st, cm.Move(units=("Br1",), path=("0303", "0403", "0503")))
    assert e.value.rule == "10.9B" and "Meuse" in str(e.value)


def test_10_9_1B_released_when_more_than_35_allied_units_destroyed_counting_reformed_ones():
    st = meuse_map(german_at="0705")
    st.destroyed_count["Allied"] = 34
    apply(st, UnitEliminated(unit="1107"))
    assert st.destroyed_count["Allied"] == 35 and not restricted.is_released(st, "Br1")
    with pytest.raises(IllegalAction):
        check(st, cm.Move(units=("Br1",), path=("0303", "0403", "0503")))
    apply(st, UnitReformed(unit="1107", type="infantry", hex="0101"))
    apply(st, UnitEliminated(unit="1107"))  # destroyed again: 36 destructions in all
    assert restricted.is_released(st, "Br1") and restricted.is_released(st, "Eng")
    check(st, cm.Move(units=("Br1",), path=("0303", "0403", "0503")))


def test_10_9_1C_29th_armoured_released_within_four_hexes_of_a_supplied_german_at_movement_start():
    st = meuse_map(german_at="0603")
    assert hexgrid.distance("0203", "0603") == 4
    ev = restricted.automatic_releases(st)
    assert [e.unit for e in ev] == ["29Arm"]
    far = meuse_map(german_at="0703")  # five hexes
    assert restricted.automatic_releases(far) == []
    st.supply["g/1"] = "unsupplied"
    assert restricted.automatic_releases(st) == []
    st.supply["g/1"] = "supplied"
    apply(st, ev[0])
    check(st, cm.Move(units=("29Arm",), path=("0203", "0303", "0403", "0503")))


def test_10_9_2A_us_units_may_not_cross_the_semois_british_may():
    st = meuse_map(german_at="0705")
    with pytest.raises(IllegalAction) as e:
        check(st, cm.Move(units=("Eng",), path=("0706", "0806")))
    assert e.value.rule == "10.9B" and "Semois" in str(e.value)
    st.pos["Br1"] = "0708"
    check(st, cm.Move(units=("Br1",), path=("0708", "0808")))
    check(st, cm.Move(units=("1107",), path=("0707", "0807")))  # an unrestricted engineer


@pytest.mark.parametrize("turn,released", [
    ("28DecPM", set()), ("29DecAM", {"11Arm/CCA"}), ("31DecPM", {"11Arm/CCA"}), ("1JanAM", {"11Arm/CCA", "17/507"}),
])
def test_10_9_2B_automatic_release_dates(turn, released):
    st = meuse_map(turn=turn)
    assert {e.unit for e in restricted.automatic_releases(st)} == released


def test_10_9_2B_release_happens_at_the_start_of_the_allied_movement_phase():
    st = meuse_map(turn="29DecAM")
    st.phase = Phase.REPLACEMENT
    execute(st, cm.EndPhase())
    assert "11Arm/CCA" in st.released and "17/507" not in st.released


def test_10_9_2C_one_voluntary_us_release_per_am_turn_from_3_january():
    st = meuse_map(turn="2JanAM")
    with pytest.raises(IllegalAction) as e:
        check(st, cm.ReleaseRestricted("Eng"))
    assert e.value.rule == "10.9.2C"
    st = meuse_map(turn="3JanAM")
    with pytest.raises(IllegalAction):
        check(st, cm.ReleaseRestricted("Br1"))  # British: never voluntarily
    execute(st, cm.ReleaseRestricted("Eng"))
    assert "Eng" in st.released
    st.released.discard("17/507")
    with pytest.raises(IllegalAction) as e:
        check(st, cm.ReleaseRestricted("17/507"))
    assert "one voluntary release" in str(e.value)
    pm = meuse_map(turn="3JanPM")
    with pytest.raises(IllegalAction):
        check(pm, cm.ReleaseRestricted("17/507"))
    st.turn = st.module.turn_index["4JanAM"].number  # the next AM game turn: one more
    execute(st, cm.ReleaseRestricted("17/507"))


def _released_already():
    st = meuse_map(turn="3JanAM")
    execute(st, cm.ReleaseRestricted("Eng"))
    st.turn = st.module.turn_index["4JanAM"].number
    return st


def _one_this_turn():
    st = meuse_map(turn="3JanAM")
    execute(st, cm.ReleaseRestricted("Eng"))
    st.released.discard("17/507")
    return st


def _german_turn():
    st = meuse_map(turn="3JanAM")
    st.side = "German"
    return st


def _many_destroyed():
    st = meuse_map(turn="3JanAM")
    st.destroyed_count["Allied"] = 36  # 10.9.1B: every restricted unit is released
    return st


@pytest.mark.parametrize("state,unit,text", [
    (lambda: meuse_map(turn="3JanAM"), "nobody", "unknown unit 'nobody' (10.9.2C)"),
    (lambda: meuse_map(turn="3JanAM"), "Br1", "Br1 is not a restricted US unit (10.9.2C)"),
    (lambda: meuse_map(turn="3JanAM"), "1107", "1107 is not a restricted US unit (10.9.2C)"),
    (lambda: meuse_map(turn="3JanAM"), "g/1", "g/1 is not a restricted US unit (10.9.2C)"),
    (_released_already, "Eng", "Eng is already released (10.9.2C)"),
    (_many_destroyed, "Eng", "Eng is already released (10.9.2C)"),
    (lambda: meuse_map(turn="2JanAM"), "Eng", "Eng may be released voluntarily only on Allied AM turns from 3 January "
                                             "(10.9.2C)"),
    (lambda: meuse_map(turn="3JanPM"), "Eng", "Eng may be released voluntarily only on Allied AM turns from 3 January "
                                             "(10.9.2C)"),
    (_german_turn, "Eng", "Eng may be released voluntarily only on Allied AM turns from 3 January (10.9.2C)"),
    (_one_this_turn, "17/507", "17/507 cannot be released: one voluntary release per AM game turn (10.9.2C)"),
])
def test_10_9_2C_each_voluntary_release_refusal_names_the_unit_and_the_clause(state, unit, text):
    e = refusal(state(), cm.ReleaseRestricted(unit))
    assert (str(e), e.rule, e.unit) == (text, "10.9.2C", None if unit == "nobody" else unit)


def test_10_9_2C_the_voluntary_release_event():
    st = meuse_map(turn="3JanAM")
    assert check(st, cm.ReleaseRestricted("Eng")) == [
        RestrictedReleased(unit="Eng", reason="voluntary release (10.9.2C)", voluntary=True)]


def test_10_9_1B_a_released_unit_moves_without_a_german_near_the_meuse():
    st = meuse_map()  # the German unit far from the Meuse: nothing activates Br1
    assert not restricted.is_activated(st, "Br1")
    st.released.add("Br1")
    assert restricted.is_activated(st, "Br1")
    check(st, cm.Move(units=("Br1",), path=("0303", "0302")))


def test_10_9_1A_the_west_side_of_the_meuse_only_where_it_has_a_west_side():
    """A stretch of the river between two hexes of one column runs east-west: neither bank is its west side."""
    b = ScenarioBuilder(10, 10)
    b.river("0404", "0504", "major", name="Meuse")  # a north-south stretch: 0404 is west of it
    b.river("0707", "0708", "major", name="Meuse")  # an east-west stretch
    b.unit("g/1", "German", at="0909")
    st = b.state(turn="24DecAM", side="Allied", phase=Phase.MOVEMENT)
    assert restricted.meuse_west_hexes(st) == {"0404"}

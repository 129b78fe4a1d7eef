"""Movement (10.0-10.5, 12.1, 21.0) on synthetic maps."""

import pytest

from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.core.tables import TICKS
from darkdec_qt.rules.engine import check, execute
from darkdec_qt.rules.movement import move as movement
from tests.rules.builder import ScenarioBuilder
from tests.rules.rules_helpers import refusal


def test_10_4_4A_allied_infantry_strategic_example():
    # given an Allied 3-4-5 in strategic movement: dense forest, woods with road, 15 road hexes, woods
    b = ScenarioBuilder(cols=22, rows=6)
    row = [f"{c:02d}03" for c in range(2, 22)]
    b.terrain(row[1], "dense_forest").terrain(row[2], "woods").terrain(row[18], "woods")
    b.road(*row[2:18], road="N4")
    b.unit("1/A", "Allied", "infantry", (3, 4, 5), at=row[0])
    st = b.state(side="Allied")
    st.strategic.add("1/A")
    path = tuple(row[:19])
    # when it moves along the example path
    events = check(st, cm.Move(units=("1/A",), path=path))
    # then it spends exactly its 25 strategic MPs (5 MP)
    assert events[-1].mp == 5 * TICKS
    # and one hex further is too far
    b2 = tuple(row[:20])
    with pytest.raises(IllegalAction) as e:
        check(st, cm.Move(units=("1/A",), path=b2))
    assert e.value.rule == "10.2B"


def test_10_4_2B_allied_infantry_pays_fifth_mp_on_road():
    b = ScenarioBuilder(cols=30, rows=4)
    row = [f"{c:02d}02" for c in range(1, 30)]
    b.road(*row, road="N4")
    b.unit("1/A", "Allied", "infantry", (3, 4, 2), at=row[0])
    st = b.state(side="Allied")
    st.strategic.add("1/A")
    d = movement.legal_destinations(st, "1/A")
    assert d[row[10]][0] == 10 * TICKS // 5
    assert row[10] in d and d[row[10]][0] == 60


def test_10_4_2B_motorized_pays_third_and_german_infantry_half():
    b = ScenarioBuilder(cols=30, rows=4)
    row = [f"{c:02d}02" for c in range(1, 30)]
    b.road(*row, road="N4")
    b.unit("1/Pz", "German", "armor", (6, 5, 2), at=row[0])
    b.unit("1/VG", "German", "volksgrenadier", (3, 3, 2), at="0104")
    b.road("0104", "0204", "0304", "0404", "0504", road="X")
    st = b.state(side="German")
    st.strategic |= {"1/Pz", "1/VG"}
    d = movement.legal_destinations(st, "1/Pz")
    assert d[row[6]][0] == 2 * TICKS and row[7] not in d  # 6 road hexes for 2 MP
    assert movement.legal_destinations(st, "1/VG")["0504"][0] == 4 * TICKS // 2


def test_10_4_1D_entering_strategic_costs_half_printed_ma_rounded_up():
    b = ScenarioBuilder()
    b.road("0303", "0403", road="R")
    b.unit("1/A", "Allied", "infantry", (3, 4, 5), at="0303")
    st = b.state(side="Allied")
    ev = execute(st, cm.EnterStrategic("1/A"))
    assert ev[0].mp == 3 * TICKS and "1/A" in st.strategic


def test_10_4_1A_not_sole_occupant_cannot_enter_strategic():
    b = ScenarioBuilder()
    b.road("0303", "0403", road="R")
    b.unit("1/A", "Allied", at="0303").unit("2/A", "Allied", at="0303")
    st = b.state(side="Allied")
    with pytest.raises(IllegalAction) as e:
        check(st, cm.EnterStrategic("1/A"))
    assert e.value.rule == "10.4.1A"


def test_10_4_3C_strategic_units_not_adjacent_along_road():
    b = ScenarioBuilder()
    b.road("0203", "0303", "0403", "0503", road="R")
    b.unit("1/A", "Allied", at="0203").unit("2/A", "Allied", at="0503")
    st = b.state(side="Allied")
    st.strategic |= {"1/A", "2/A"}
    with pytest.raises(IllegalAction) as e:
        check(st, cm.Move(units=("1/A",), path=("0203", "0303", "0403")))
    assert e.value.rule == "10.4.3C"


def test_10_4_8C_two_unconnected_roads_strategic_may_not_switch():
    # given hex 0503 holding road A (west-east) and road B (north-south), unconnected
    b = ScenarioBuilder()
    b.road("0303", "0403", "0503", "0603", road="A")
    b.road("0501", "0502", "0503", "0504", "0505", road="B")
    b.crossing("0503", "A", "B")
    b.unit("1/A", "Allied", "infantry", (3, 4, 5), at="0403")
    st = b.state(side="Allied")
    st.strategic.add("1/A")
    with pytest.raises(IllegalAction) as e:
        check(st, cm.Move(units=("1/A",), path=("0403", "0503", "0504")))
    assert e.value.rule == "10.4.8C"
    # a unit in normal movement pays the non-road terrain cost of 0503 when switching
    st.strategic.clear()
    ev = check(st, cm.Move(units=("1/A",), path=("0403", "0503", "0504")))
    assert ev[-1].mp == (1 + 1 + (1 - 1)) * TICKS  # clear hex: terrain cost equals road cost
    b2 = ScenarioBuilder()
    b2.terrain("0503", "woods")
    b2.road("0303", "0403", "0503", "0603", road="A")
    b2.road("0501", "0502", "0503", "0504", "0505", road="B")
    b2.crossing("0503", "A", "B")
    b2.unit("1/A", "Allied", "infantry", (3, 4, 5), at="0403")
    st2 = b2.state(side="Allied")
    ev = check(st2, cm.Move(units=("1/A",), path=("0403", "0503", "0504")))
    assert ev[-1].mp == (1 + (3 - 1) + 1) * TICKS


def test_10_4_8C_roads_with_different_ids_meeting_in_a_junction_connect():
    # given roads A and B meeting in woods hex 0503 with no crossing listed: a junction
    b = ScenarioBuilder()
    b.terrain("0503", "woods")
    b.road("0303", "0403", "0503", "0603", road="A")
    b.road("0501", "0502", "0503", "0504", "0505", road="B")
    b.unit("1/A", "Allied", "infantry", (3, 4, 5), at="0403")
    st = b.state(side="Allied")
    # when moving from road A onto road B through the junction, then road rate all along
    ev = check(st, cm.Move(units=("1/A",), path=("0403", "0503", "0504")))
    assert ev[-1].mp == 2 * TICKS
    st.strategic.add("1/A")
    check(st, cm.Move(units=("1/A",), path=("0403", "0503", "0504")))  # allowed in strategic movement too


def test_21_0A_dense_forest_costs_3_in_freeze():
    b = ScenarioBuilder()
    b.terrain("0404", "dense_forest")
    b.unit("1/A", "Allied", "infantry", (3, 4, 5), at="0304")
    st = b.state(turn="25DecAM", side="Allied")
    assert check(st, cm.Move(units=("1/A",), path=("0304", "0404")))[-1].mp == 3 * TICKS
    st_snow = b.state(turn="30DecAM", side="Allied")
    assert check(st_snow, cm.Move(units=("1/A",), path=("0304", "0404")))[-1].mp == 4 * TICKS


def test_10_2A_always_one_hex():
    b = ScenarioBuilder()
    b.terrain("0404", "dense_forest")
    b.unit("1/Pz", "German", "armor", (6, 5, 4), at="0304")
    st = b.state(side="German")
    assert check(st, cm.Move(units=("1/Pz",), path=("0304", "0404")))[-1].mp == 6 * TICKS
    st.mp_spent["1/Pz"] = TICKS
    st.moved.add("1/Pz")
    with pytest.raises(IllegalAction) as e:
        check(st, cm.Move(units=("1/Pz",), path=("0304", "0404")))
    assert e.value.rule == "10.2B"


def test_10_2D_never_enter_enemy_hex():
    b = ScenarioBuilder()
    b.unit("1/A", "Allied", at="0304").unit("9/G", "German", at="0404")
    st = b.state(side="Allied")
    with pytest.raises(IllegalAction) as e:
        check(st, cm.Move(units=("1/A",), path=("0304", "0404")))
    assert e.value.rule == "10.2D"


def test_12_1A_stop_on_entering_enemy_zoc_and_10_2F_no_zoc_to_zoc():
    b = ScenarioBuilder()
    b.unit("1/A", "Allied", at="0204").unit("9/G", "German", at="0504")
    st = b.state(side="Allied")
    # 0404 is in the German ZOC: entering stops
    with pytest.raises(IllegalAction) as e:
        check(st, cm.Move(units=("1/A",), path=("0204", "0304", "0404", "0405")))
    assert e.value.rule == "12.1A"
    execute(st, cm.Move(units=("1/A",), path=("0204", "0304", "0404")))
    assert "1/A" in st.stopped
    # next turn, from ZOC to ZOC is forbidden, but withdrawing is allowed
    st.stopped.clear()
    st.mp_spent.clear()
    st.moved.clear()
    with pytest.raises(IllegalAction) as e2:
        check(st, cm.Move(units=("1/A",), path=("0404", "0505")))
    assert e2.value.rule == "10.2F" and str(e2.value).startswith("1/A cannot enter 0505: enemy ZOC")
    msg = movement.why_illegal(st, "1/A", "0504")
    assert msg and "(10.2D)" in msg
    assert "0505" in movement.legal_destinations(st, "1/A")  # out of the ZOC, then back in (10.2F)
    assert "0304" in movement.legal_destinations(st, "1/A")


def test_10_5_1_road_march_only_for_sole_occupant_and_not_stacks():
    b = ScenarioBuilder()
    b.terrain(["0303", "0403", "0503"], "woods")
    b.road("0303", "0403", "0503", road="R")
    b.unit("1/A", "Allied", "infantry", (3, 4, 5), at="0303")
    b.unit("2/A", "Allied", "infantry", (3, 4, 5), at="0303")
    st = b.state(side="Allied")
    assert check(st, cm.Move(units=("1/A",), path=("0303", "0403")))[-1].mp == 3 * TICKS  # 11.2A leaving shared hex
    st.pos["2/A"] = "0703"
    assert check(st, cm.Move(units=("1/A",), path=("0303", "0403", "0503")))[-1].mp == 2 * TICKS
    st.pos["2/A"] = "0303"
    ev = check(st, cm.Move(units=("1/A", "2/A"), path=("0303", "0403")))  # 11.1A stacks pay terrain
    assert ev[-1].mp == 3 * TICKS


def test_10_5_3_bridge_costs_2_without_road_march():
    b = ScenarioBuilder()
    b.river("0303", "0403", "minor", bridge=True)
    b.road("0303", "0403", road="R")
    b.unit("1/A", "Allied", at="0303").unit("2/A", "Allied", at="0303")
    st = b.state(side="Allied")
    assert check(st, cm.Move(units=("1/A", "2/A"), path=("0303", "0403")))[-1].mp == (1 + 2) * TICKS
    st.pos["2/A"] = "0808"
    assert check(st, cm.Move(units=("1/A",), path=("0303", "0403")))[-1].mp == 1 * TICKS
    st.blown.add(("0303", "0403"))  # 16.1E blown bridge: the river costs
    assert check(st, cm.Move(units=("1/A",), path=("0303", "0403")))[-1].mp == (1 + 1) * TICKS


def test_8_4B_unsupplied_halves_ma_and_20_1A_clear_weather():
    b = ScenarioBuilder()
    b.unit("1/Pz", "German", "armor", (6, 5, 7), at="0304")
    st = b.state(side="German")
    assert movement.movement_allowance(st, "1/Pz") == 7
    st.supply["1/Pz"] = "unsupplied"
    assert movement.movement_allowance(st, "1/Pz") == 4
    st2 = b.state(turn="24DecAM", side="German")
    assert movement.movement_allowance(st2, "1/Pz") == 6
    assert movement.movement_allowance(st2, "1/Pz", strategic=True) == 5


def test_legal_destinations_matches_check():
    b = ScenarioBuilder(12, 10)
    b.terrain(["0504", "0505", "0605"], "woods").terrain("0606", "dense_forest")
    b.road("0102", "0202", "0302", "0402", "0503", "0603", "0704", road="R")
    b.unit("1/A", "Allied", at="0402").unit("9/G", "German", at="0808")
    st = b.state(side="Allied")
    for h, (cost, path) in movement.legal_destinations(st, "1/A").items():
        assert check(st, cm.Move(units=("1/A",), path=path))[-1].mp == cost, h


def test_reaction_phase_moves_reserves_at_half_ma():
    b = ScenarioBuilder()
    b.unit("1/A", "Allied", "infantry", (3, 4, 5), at="0304")
    st = b.state(side="German", phase=Phase.REACTION, optional=("14",))
    st.reserve.add("1/A")
    d = movement.legal_destinations(st, "1/A")
    assert max(c for c, _ in d.values()) == 3 * TICKS


def test_11_1A_10_2B_a_stack_of_two_classes_pays_and_stops_by_its_slower_class():
    # given an armored and an infantry unit stacked, rough costing 3 MP motorized and 2 infantry
    b = ScenarioBuilder(12, 8)
    b.terrain("0404", "rough")
    b.unit("Pz", "German", "armor", (6, 5, 4), at="0304").unit("VG", "German", "infantry", (3, 4, 5), at="0304")
    st = b.state(side="German")
    d = movement.legal_destinations(st, ("Pz", "VG"))
    # then the rough hex costs the stack the motorized cost
    assert d["0404"][0] == 3 * TICKS
    # and the stack goes as far as the armor's 4 MP, not the infantry's 5
    assert "0704" in d and "0804" not in d
    assert "0804" in movement.legal_destinations(st, "VG")


def test_10_4_8C_a_crossing_hex_is_listed_at_its_cheapest_cost_whichever_road_reaches_it_later():
    # given woods hex 0403 where road A (0303-0403-0503) crosses road B (0402-0403-0404) unconnected
    b = ScenarioBuilder()
    b.terrain("0403", "woods")
    b.road("0303", "0403", "0503", road="A").road("0402", "0403", "0404", road="B")
    b.crossing("0403", "A", "B")
    b.unit("1/A", "Allied", "infantry", (3, 4, 5), at="0303")
    st = b.state(side="Allied")
    # when a unit on road A may reach 0403 along A (1 MP) or by 0402 and road B (2 MP)
    cost, path = movement.legal_destinations(st, "1/A")["0403"]
    # then the destination is offered at 1 MP, the path along road A
    assert (cost, path) == (1 * TICKS, ("0303", "0403"))


def test_10_2A_every_neighbour_too_dear_for_the_ma_is_still_a_destination():
    # given a fresh 4-MP armored unit beside three dense forest hexes (6 MP each)
    b = ScenarioBuilder()
    forest = ["0303", "0403", "0404"]
    b.terrain(forest, "dense_forest")
    b.unit("Pz", "German", "armor", (6, 5, 4), at="0304")
    st = b.state(side="German")
    d = movement.legal_destinations(st, "Pz")
    # then each of them is a one-hex move at its full cost (10.2A)
    assert {h: d[h][0] for h in forest} == {h: 6 * TICKS for h in forest}


def test_11_1A_a_stack_of_two_classes_is_offered_its_cheapest_path_round_a_river():
    # given armor and infantry stacked in 0304, an unbridged minor river between 0304 and 0404
    b = ScenarioBuilder()
    b.river("0304", "0404", "minor")
    b.unit("Pz", "German", "armor", (6, 5, 4), at="0304").unit("VG", "German", "infantry", (3, 4, 5), at="0304")
    st = b.state(side="German")
    # when crossing costs the armor 3 MP and going round by 0403 costs both 2 MP
    cost, path = movement.legal_destinations(st, ("Pz", "VG"))["0404"]
    # then the stack is offered a way round (by 0403 or 0305, 2 MP either), not across the river
    assert cost == 2 * TICKS and len(path) == 3 and path[1] in ("0403", "0305")


def test_10_4_8C_the_destinations_charge_the_terrain_cost_of_a_crossing_left_by_the_other_road():
    # given dense forest everywhere, road A (0303-0603) crossing road B (0501-0505) unconnected in 0503
    b = ScenarioBuilder(terrain="dense_forest")
    b.road("0303", "0403", "0503", "0603", road="A").road("0501", "0502", "0503", "0504", "0505", road="B")
    b.crossing("0503", "A", "B")
    b.unit("1/A", "Allied", "infantry", (3, 4, 5), at="0403")
    st = b.state(side="Allied")
    d = movement.legal_destinations(st, "1/A")
    # then leaving 0503 by road B is no short cut: 1 + 1 + (4 - 1) = 5 MP to 0504, which costs 4 MP
    # straight through the forest, and 5 MP to 0505 behind it
    assert check(st, cm.Move(units=("1/A",), path=("0403", "0503", "0504")))[-1].mp == 5 * TICKS
    assert (d["0504"][0], d["0505"][0]) == (4 * TICKS, 5 * TICKS)


def _crossing(terrain: str, turn: str = "17DecAM", friend: bool = False, clear_cost: int = 1):
    """Road A (0303-0603) and road B (0501-0505) unconnected in 0503 of ``terrain``; 1/A in 0403 on
    road A (with 2/A beside it if ``friend``)."""
    b = ScenarioBuilder()
    b.tec["clear"] = ({"motorized": clear_cost, "infantry": clear_cost}, 1)
    if friend:
        b.unit("2/A", "Allied", at="0403")
    b.terrain("0503", terrain)
    b.road("0303", "0403", "0503", "0603", road="A").road("0501", "0502", "0503", "0504", "0505", road="B")
    b.crossing("0503", "A", "B")
    b.unit("1/A", "Allied", "infantry", (3, 4, 6), at="0403")
    return b.state(turn=turn, side="Allied")


def test_10_4_8C_and_21_0A_in_the_freeze_leaving_a_crossing_by_the_other_road_costs_the_frozen_terrain():
    switch = ("0403", "0503", "0504")
    # woods 3 MP, 2 in the freeze: 1 + 1 + (2 - 1)
    assert check(_crossing("woods", "25DecAM"), cm.Move(units=("1/A",), path=switch))[-1].mp == 3 * TICKS
    # rough 2 MP, 1 in the freeze: no more than the road rate, 1 + 1 + 0
    assert check(_crossing("rough", "25DecAM"), cm.Move(units=("1/A",), path=switch))[-1].mp == 2 * TICKS
    assert check(_crossing("rough"), cm.Move(units=("1/A",), path=switch))[-1].mp == 3 * TICKS
    # a clear hex keeps its cost in the freeze (here 2 MP, so that it shows): 1 + 1 + (2 - 1)
    assert check(_crossing("clear", "25DecAM", clear_cost=2), cm.Move(units=("1/A",), path=switch))[-1].mp == 3 * TICKS


def test_10_4_8C_a_strategic_unit_may_follow_its_road_through_a_crossing_or_leave_it_off_road():
    st = _crossing("clear")
    st.strategic.add("1/A")
    check(st, cm.Move(units=("1/A",), path=("0403", "0503", "0603")))  # on along road A
    check(st, cm.Move(units=("1/A",), path=("0403", "0503", "0602")))  # off the roads
    assert refusal(st, cm.Move(units=("1/A",), path=("0403", "0503", "0504"))).rule == "10.4.8C"


def test_10_4_8C_a_crossing_entered_at_its_terrain_cost_is_left_by_either_road_at_the_road_rate():
    # given 1/A sharing 0403 with another unit, so it enters the woods crossing 0503 at the woods cost (11.2A)
    st = _crossing("woods", friend=True)
    ev = check(st, cm.Move(units=("1/A",), path=("0403", "0503", "0504")))
    # then it leaves by road B at 1 MP: it did not come in by road A at the road rate
    assert ev[-1].mp == (3 + 1) * TICKS

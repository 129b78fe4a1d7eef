"""10.0-10.5 movement, 11.1-11.3 stacking and 12.0-12.2 ZOCs: the clauses the other movement
tests do not name, each on a small map through the engine's check."""

import pytest

from darkdec_qt import hexgrid
from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.core.tables import TICKS
from darkdec_qt.rules.core.zoc import zoc_hexes
from darkdec_qt.rules.engine import check, execute
from darkdec_qt.rules.supply import determination as supply
from tests.rules.builder import ScenarioBuilder
from tests.rules.rules_helpers import cursor

ROW = [f"{c:02d}04" for c in range(1, 13)]


def _b(cols: int = 12, rows: int = 8) -> ScenarioBuilder:
    return ScenarioBuilder(cols=cols, rows=rows)


def _refused(st, command) -> IllegalAction:
    with pytest.raises(IllegalAction) as e:
        check(st, command)
    return e.value


def test_10_0C_units_move_through_and_stack_with_friendly_units():
    b = _b().unit("G", "German", at="0204").unit("F", "German", at="0304").unit("F2", "German", at="0404")
    b.unit("A", "Allied", at="1208")
    st = b.state()
    execute(st, cm.Move(units=("G",), path=("0204", "0304", "0404")))
    assert st.units_at("0404") == ["F2", "G"] or sorted(st.units_at("0404")) == ["F2", "G"]


def test_10_0D_unused_mp_are_not_carried_into_the_next_movement_phase():
    b = _b().road(*ROW, road="N1").unit("G", "German", "infantry", (4, 4, 5), at="1204")
    b.unit("A", "Allied", at="0108")
    st = b.state(turn="19DecAM", side="German", phase=Phase.MOVEMENT)
    execute(st, cm.Move(units=("G",), path=("1204", "1104")))  # 1 of 5 MP spent
    for _ in range(14):
        execute(st, cm.EndPhase())
    assert (st.side, st.phase) == ("German", Phase.MOVEMENT) and st.mp_spent.get("G", 0) == 0
    check(st, cm.Move(units=("G",), path=tuple(ROW[10:4:-1])))  # five hexes: the full MA again
    err = _refused(st, cm.Move(units=("G",), path=tuple(ROW[10:3:-1])))  # not 5 + 4 left over
    assert err.rule == "10.2B"


def test_10_0B_and_10_2C_units_move_in_any_direction_but_hex_by_adjacent_hex():
    b = _b().unit("G", "German", at="0604").unit("A", "Allied", at="1208")
    st = b.state()
    for n in hexgrid.neighbours("0604"):
        check(st, cm.Move(units=("G",), path=("0604", n)))
    assert _refused(st, cm.Move(units=("G",), path=("0604", "0804"))).rule == "10.2C"


def test_10_2E_a_hex_costs_its_most_expensive_terrain_feature():
    b = _b().terrain("0504", "woods").town("0504", "Xville").unit("G", "German", "infantry", (4, 4, 5), at="0604")
    b.unit("A", "Allied", at="1208")
    st = b.state()
    tec = st.module.charts.tec
    ev = check(st, cm.Move(units=("G",), path=("0604", "0504")))
    assert ev[0].mp == max(tec["woods"].cost["infantry"], tec["town"].cost["infantry"]) * TICKS


def test_10_2G_units_move_only_in_their_movement_reaction_or_exploitation_phases():
    b = _b().unit("G", "German", at="0604").unit("A", "Allied", at="1208")
    for phase in (Phase.SUPPLY, Phase.REPLACEMENT, Phase.COMBAT, Phase.CONSTRUCTION):
        st = b.state(phase=phase)
        assert _refused(st, cm.Move(units=("G",), path=("0604", "0504"))).rule == "10.2G"
    st = b.state(side="Allied", phase=Phase.MOVEMENT)  # nor in the enemy's movement phase
    assert _refused(st, cm.Move(units=("G",), path=("0604", "0504"))).rule == "10.2G"


def test_10_4_1C_a_unit_in_strategic_movement_exploits_at_the_strategic_rate():
    b = _b().road(*ROW, road="N1").unit("G", "German", "armor", (6, 4, 4), at="1204").unit("A", "Allied", at="0108")
    st = b.state(phase=Phase.EXPLOITATION, optional=("14",))
    st.reserve.add("G")
    st.strategic.add("G")
    ev = execute(st, cm.Move(units=("G",), path=tuple(ROW[11:2:-1])))  # eight road hexes: 8/3 MP of 4
    assert ev[0].mp == 8 * TICKS // 3 and "G" in st.strategic


def test_10_4_3A_and_12_2_a_unit_in_strategic_movement_has_no_zoc_and_may_not_enter_one():
    b = _b().road(*ROW, road="N1").unit("G", "German", "armor", (6, 4, 6), at="1204")
    b.unit("A", "Allied", at="0503")
    st = b.state()
    st.strategic.add("G")
    ezoc = zoc_hexes(st, "Allied")
    target = next(h for h in ROW if h in ezoc)
    path = tuple(ROW[11:ROW.index(target) - 1:-1])
    err = _refused(st, cm.Move(units=("G",), path=path))
    assert err.rule in ("10.4.3A", "12.2")
    st.pos["G"] = "0903"
    assert zoc_hexes(st, "German") == set()  # no ZOC while in strategic movement
    st.strategic.discard("G")
    assert zoc_hexes(st, "German") == set(hexgrid.neighbours("0903"))


def test_10_4_4B_german_infantry_in_strategic_movement_off_road():
    b = _b().terrain("0504", "dense_forest").terrain("0604", "woods").terrain("0704", "rough")
    b.unit("G", "German", "infantry", (4, 4, 4), at="0804").unit("A", "Allied", at="0108")
    st = b.state()
    st.strategic.add("G")
    ev = check(st, cm.Move(units=("G",), path=("0804", "0704", "0604", "0504")))
    assert ev[0].mp == (1 + 2 + 2) * TICKS // 2  # rough 1, woods 2, dense forest 2 strategic MP; 1/2 MP each


def test_10_4_7A_leaving_strategic_movement_costs_half_the_ma_before_moving():
    b = _b().road(*ROW, road="N1").unit("G", "German", "armor", (6, 4, 5), at="1204").unit("A", "Allied", at="0108")
    st = b.state()
    st.strategic.add("G")
    ev = execute(st, cm.LeaveStrategic("G"))
    assert ev[0].mp == 3 * TICKS and "G" not in st.strategic
    st2 = b.state()
    st2.strategic.add("G")
    execute(st2, cm.Move(units=("G",), path=("1204", "1104")))
    assert _refused(st2, cm.LeaveStrategic("G")).rule == "10.4.7A"


def test_10_4_8A_a_strategic_unit_starting_in_an_enemy_zoc_must_first_leave_strategic_movement():
    b = _b().road(*ROW, road="N1").unit("G", "German", "armor", (6, 4, 6), at="0604").unit("A", "Allied", at="0504")
    st = b.state()
    st.strategic.add("G")
    assert _refused(st, cm.Move(units=("G",), path=("0604", "0704"))).rule == "10.4.8A"
    execute(st, cm.LeaveStrategic("G"))
    check(st, cm.Move(units=("G",), path=("0604", "0704")))


def test_10_4_8B_a_strategic_unit_judged_unsupplied_loses_the_status():
    b = _b().unit("G", "German", "armor", (6, 4, 6), at="0604").unit("A", "Allied", at="0108")  # no road: no supply
    st = b.state(phase=Phase.SUPPLY)
    st.strategic.add("G")
    events = supply.supply_phase_events(st, cursor(st))
    kinds = [(e.kind, getattr(e, "unit", "")) for e in events]
    assert ("strategic_left", "G") in kinds
    assert kinds.index(("strategic_left", "G")) < kinds.index(("supply_determined", "G"))


def test_10_5_2B_road_march_and_off_road_movement_in_one_phase():
    b = _b().road("0904", "0804", "0704", road="N1").terrain(["0904", "0804", "0704", "0604"], "woods")
    b.unit("G", "German", "infantry", (4, 4, 5), at="0904").unit("A", "Allied", at="0108")
    st = b.state()
    ev = check(st, cm.Move(units=("G",), path=("0904", "0804", "0704", "0604")))
    woods = st.module.charts.tec["woods"].cost["infantry"]
    assert ev[0].mp == (1 + 1 + woods) * TICKS


def test_11_1B_C_a_unit_leaves_its_stack_and_moves_on_within_three_units_per_hex():
    b = _b().unit("slow", "German", "infantry", (4, 4, 2), at="0904").unit("fast", "German", "infantry", (4, 4, 5),
                                                                           at="0904")
    b.unit("F1", "German", at="0704").unit("A", "Allied", at="0108")
    st = b.state()
    execute(st, cm.Move(units=("slow", "fast"), path=("0904", "0804", "0704")))  # 3 units in 0704 then
    assert _refused(st, cm.Move(units=("slow",), path=("0704", "0604"))).rule == "10.2B"
    execute(st, cm.Move(units=("fast",), path=("0704", "0604", "0504")))
    assert st.pos["fast"] == "0504" and st.pos["slow"] == "0704"
    b2 = _b().unit("G", "German", at="0904").unit("F1", "German", at="0804").unit("F2", "German", at="0804")
    b2.unit("F3", "German", at="0804").unit("A", "Allied", at="0108")
    assert _refused(b2.state(), cm.Move(units=("G",), path=("0904", "0804"))).rule == "11.0A"


def test_11_3A_markers_do_not_count_for_stacking():
    b = _b().unit("G", "German", at="0904")
    for i in range(2):
        b.unit(f"F{i}", "German", at="0804")
    b.unit("A", "Allied", at="0108")
    st = b.state()
    st.fortifications.add("0804")
    st.supply["F0"] = "unsupplied"
    execute(st, cm.Move(units=("G",), path=("0904", "0804")))
    assert len(st.units_at("0804")) == 3


def test_11_3B_a_unit_in_strategic_movement_must_end_the_movement_phase_alone():
    b = _b().road(*ROW, road="N1").unit("G", "German", "armor", (6, 4, 6), at="1204")
    b.unit("F", "German", at="0904").unit("A", "Allied", at="0108")
    st = b.state()
    st.strategic.add("G")
    assert _refused(st, cm.Move(units=("G",), path=("1204", "1104", "1004", "0904"))).rule == "11.3B"
    check(st, cm.Move(units=("G",), path=("1204", "1104", "1004", "0904", "0804")))  # passing over is allowed


def test_12_0A_B_a_zoc_covers_the_six_neighbours_across_rivers_and_into_any_terrain():
    b = _b().unit("G", "German", at="0604").unit("A", "Allied", at="0108")
    n = hexgrid.neighbours("0604")
    b.river("0604", n[0], "major").terrain(n[1], "dense_forest").terrain(n[2], "marsh")
    st = b.state()
    assert zoc_hexes(st, "German") == set(n)


def test_20_4_2C_an_interdicted_road_hex_is_entered_and_left_as_a_non_road_hex():
    # given a woods road 0404-0504-0604-0704, 0604 interdicted
    b = _b().terrain(["0404", "0504", "0604", "0704"], "woods").road("0404", "0504", "0604", "0704", road="N1")
    b.unit("G", "German", "infantry", (4, 4, 9), at="0404").unit("A", "Allied", at="1208")
    st = b.state()
    st.interdicted["0604"] = st.turn
    woods = st.module.charts.tec["woods"].cost["infantry"]
    # then the road rate holds up to 0504, entering and leaving 0604 costs the woods
    ev = check(st, cm.Move(units=("G",), path=("0404", "0504", "0604", "0704")))
    assert [e.mp for e in ev if e.kind == "unit_moved"] == [(1 + woods + woods) * TICKS]


def test_11_2A_no_road_rate_into_a_road_hex_holding_a_friendly_unit():
    b = _b().terrain(["0404", "0504", "0604"], "woods").road("0404", "0504", "0604", road="N1")
    b.unit("G", "German", "infantry", (4, 4, 5), at="0404").unit("F", "German", at="0504")
    b.unit("A", "Allied", at="1208")
    st = b.state()
    woods = st.module.charts.tec["woods"].cost["infantry"]
    assert check(st, cm.Move(units=("G",), path=("0404", "0504")))[-1].mp == woods * TICKS


def test_10_5_1_road_march_needs_no_friendly_road_only_strategic_movement_does_10_4_2A():
    # given a woods road last entered by the Allies
    b = _b().terrain(["0404", "0504", "0604"], "woods").road("0404", "0504", "0604", road="N1")
    b.unit("G", "German", "infantry", (4, 4, 5), at="0404").unit("A", "Allied", at="1208")
    st = b.state()
    for h in ("0504", "0604"):
        st.road_control[h] = "Allied"
    # then a German unit in road march still pays 1 MP a road hex
    assert check(st, cm.Move(units=("G",), path=("0404", "0504", "0604")))[-1].mp == 2 * TICKS


def test_21_0A_freeze_lowers_rough_to_one_mp_and_leaves_clear_hexes_alone():
    # given a TEC where clear costs 2 MP (the clause's exception shows), rough 2 MP for infantry
    b = _b().terrain("0504", "rough")
    b.tec["clear"] = ({"motorized": 2, "infantry": 2}, 1)
    b.unit("G", "German", "infantry", (4, 4, 5), at="0604").unit("A", "Allied", at="1208")
    st = b.state(turn="25DecAM")
    # then in the freeze rough costs 2 - 1 = 1 MP and clear its full 2 MP
    assert check(st, cm.Move(units=("G",), path=("0604", "0504")))[-1].mp == 1 * TICKS
    assert check(st, cm.Move(units=("G",), path=("0604", "0704")))[-1].mp == 2 * TICKS


def test_10_2E_a_ford_replaces_the_river_cost_with_its_own():
    # given a major river (3 MP for infantry) with a ford (+1 MP) between 0604 and 0504
    b = _b().river("0604", "0504", "major", ford=True)
    b.unit("G", "German", "infantry", (4, 4, 5), at="0604").unit("A", "Allied", at="1208")
    st = b.state()
    ford = st.module.charts.tec["ford"].cost["infantry"]
    assert check(st, cm.Move(units=("G",), path=("0604", "0504")))[-1].mp == (1 + ford) * TICKS == 2 * TICKS


def test_10_2E_prohibited_terrain_and_a_prohibited_river_are_refused_each_in_its_own_words():
    # given marsh (no motorized entry) at 0504 and an unbridged major river between 0604 and 0704
    b = _b().terrain("0504", "marsh").river("0604", "0704", "major")
    b.unit("Pz", "German", "armor", (6, 4, 6), at="0604").unit("A", "Allied", at="1208")
    st = b.state()
    terrain = _refused(st, cm.Move(units=("Pz",), path=("0604", "0504")))
    river = _refused(st, cm.Move(units=("Pz",), path=("0604", "0704")))
    assert (terrain.rule, river.rule) == ("10.2E", "10.2E")
    assert "terrain prohibited" in str(terrain) and "river hexside prohibited" in str(river)


def test_10_4_4B_german_infantry_in_strategic_movement_pays_marsh_at_its_normal_cost():
    # given a German infantry unit in strategic movement beside a marsh hex
    b = _b().terrain("0504", "marsh").unit("G", "German", "infantry", (4, 4, 4), at="0604")
    b.unit("A", "Allied", at="1208")
    st = b.state()
    st.strategic.add("G")
    marsh = st.module.charts.tec["marsh"].cost["infantry"]
    # then marsh (not one of 10.4.4B's four terrains) costs its TEC cost in strategic MPs
    assert check(st, cm.Move(units=("G",), path=("0604", "0504")))[-1].mp == marsh * TICKS // 2


def test_11_0A_a_stack_of_three_moves_into_an_empty_hex_but_not_onto_a_fourth_unit():
    b = _b().unit("G1", "German", at="0604").unit("G2", "German", at="0604").unit("G3", "German", at="0604")
    b.unit("F", "German", at="0404").unit("A", "Allied", at="1208")
    st = b.state()
    three = ("G1", "G2", "G3")
    execute(st, cm.Move(units=three, path=("0604", "0504")))
    assert sorted(st.units_at("0504")) == list(three)
    assert _refused(st, cm.Move(units=three, path=("0504", "0404"))).rule == "11.0A"

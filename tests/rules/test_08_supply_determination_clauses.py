"""Supply determination (8.2-8.7) pinned clause by clause: each test names the clause whose
behaviour, or whose explanation, a mutant of darkdec_qt/rules/supply/determination.py changed
unnoticed (packaging/mutation.sh supply.determination)."""

from darkdec_qt import hexgrid
from darkdec_qt.moduleview import UnitSpec
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.narrate import describe
from darkdec_qt.rules.supply import determination as supply
from tests.rules.builder import ScenarioBuilder
from tests.rules.rules_helpers import cursor, force_dice
from tests.rules.test_08_6_surrender import determine, pocket
from tests.rules.test_08_7_fuel import fuel_state


def _rolls(events):
    return [e for e in events if e.kind == "die_rolled"]


def _supply_of(st, unit, side="Allied"):
    return {u: s for u, s, _, _ in supply.determine(st, side)}[unit]


# --- 8.2 ---------------------------------------------------------------------------------


def test_8_2B_an_enemy_unit_on_the_road_cuts_it_even_where_friendly_units_negate_its_zoc():
    # given a road from the west edge (an Allied source, 8.3A) east along row 05, a German unit
    # on it at 0505 and Allied units on the road hexes either side negating its ZOC (8.2D)
    b = ScenarioBuilder(14, 10)
    b.road(*[f"{c:02d}05" for c in range(1, 12)], road="R")
    b.unit("9/G", "German", at="0505")
    b.unit("w/A", "Allied", at="0405").unit("e/A", "Allied", at="0605").unit("1/A", "Allied", at="1105")
    st = b.state(side="Allied", phase=Phase.SUPPLY)
    # then the road is still interrupted by the enemy unit itself: 1/A, six hexes beyond, is unsupplied
    assert _supply_of(st, "w/A") == "supplied"
    assert _supply_of(st, "1/A") == "unsupplied"
    del st.pos["9/G"]
    assert _supply_of(st, "1/A") == "supplied"


def test_12_0B_8_2B_an_enemy_zoc_does_not_cut_a_supply_road_across_a_river():
    # given a road along row 05 and a German unit at 0504 beside it, every hexside between
    # the German unit and the road being a river
    b = ScenarioBuilder(14, 10)
    road = [f"{c:02d}05" for c in range(1, 12)]
    b.road(*road, road="R")
    for n in hexgrid.neighbours("0504"):
        if n in road:
            b.river("0504", n, "minor")
    b.unit("9/G", "German", at="0504").unit("1/A", "Allied", at="1105")
    st = b.state(side="Allied", phase=Phase.SUPPLY)
    # then its ZOC does not extend across the river for tracing supply (12.0B): 1/A is supplied
    assert _supply_of(st, "1/A") == "supplied"


def test_16_1E_a_blown_bridge_cuts_only_its_own_branch_of_a_road_fork():
    # given a road from the west edge to a fork at 0508, one branch north to 0503 and one east
    # to 1108, each leaving the fork over a bridged minor river
    north = ["0508", "0507", "0506", "0505", "0504", "0503"]
    east = ["0508", "0608", "0708", "0808", "0908", "1008", "1108"]
    for cut, kept, far_cut, far_kept in ((north, east, "0503", "1108"), (east, north, "1108", "0503")):
        b = ScenarioBuilder(16, 16)
        b.road("0108", "0208", "0308", "0408", "0508", road="W")
        b.road(*north, road="N").road(*east, road="E")
        b.river("0508", "0507", "minor", bridge=True).river("0508", "0608", "minor", bridge=True)
        b.unit("n/A", "Allied", at="0503").unit("e/A", "Allied", at="1108")
        st = b.state(side="Allied", phase=Phase.SUPPLY)
        # when the bridge of one branch is blown (16.1E)
        st.blown.add(hexgrid.hexside_key(cut[0], cut[1]))
        by_hex = {"0503": "n/A", "1108": "e/A"}
        # then the unit beyond it is unsupplied and the unit on the other branch still supplied
        assert _supply_of(st, by_hex[far_cut]) == "unsupplied"
        assert _supply_of(st, by_hex[far_kept]) == "supplied", kept


# --- 8.5C ------------------------------------------------------------------------------


def test_8_5C_a_unit_on_the_border_of_the_map_is_explained_by_8_5C_even_where_no_edge_is_coded():
    # given a unit on the west border hex 0106 of a map whose hex carries no map-edge code
    # (a module need not code every border hex: only supply-source edges matter to 8.3)
    b = ScenarioBuilder(10, 10)
    b.edge("0106", None)
    b.unit("1/A", "Allied", at="0106")
    for i, h in enumerate(["0105", "0107", "0206", "0205"]):
        b.unit(f"{i}/G", "German", at=h)
    st = b.state(turn="19DecAM", side="Allied", phase=Phase.SUPPLY)
    assert len(st.module.adjacency["0106"]) < 6
    # then it is unsupplied, never isolated, and the determination cites 8.5C
    ((u, state, reason, count),) = [r for r in supply.determine(st, "Allied") if r[0] == "1/A"]
    assert state == "unsupplied" and count == 0
    assert "8.5C" in reason


# --- 8.6 surrender -----------------------------------------------------------------------


def test_8_6B_E_each_group_of_stacks_rolls_separately_after_a_group_of_two_hexes():
    # given a group of two contiguous isolated stacks (0606, 0607) and a separate stack (1010),
    # every unit isolated for the third consecutive time
    st = pocket(allied_hexes=("0606", "0607", "1010"))
    st.isolated_count.update({"0/P": 2, "1/P": 2, "2/P": 2})
    force_dice(st, 1, 1)
    events = determine(st)
    # then each group rolls once (8.6E), and both surrender on their 1
    assert len(_rolls(events)) == 2
    assert {"0/P", "1/P", "2/P"} <= st.surrendered


def test_8_6E_a_group_not_yet_isolated_three_times_does_not_keep_the_next_group_from_rolling():
    # given the first group (in hex order) holds a unit isolated only once, the second is ripe
    st = pocket(allied_hexes=("0606", "0607", "1010"))
    st.isolated_count.update({"0/P": 2, "1/P": 0, "2/P": 2})
    force_dice(st, 1)
    events = determine(st)
    # then only the second group rolls, and its unit surrenders
    assert len(_rolls(events)) == 1 and "1010" not in _rolls(events)[0].purpose
    assert "2/P" in _rolls(events)[0].purpose
    assert st.surrendered == {"2/P"} and {"0/P", "1/P"} <= set(st.pos)


def test_8_6J_an_elite_group_does_not_keep_the_next_group_from_rolling():
    # given the first group holds a glider unit (8.6J: it never surrenders), the second is ripe
    st = pocket(allied_hexes=("0606", "0607", "1010"), types={"0607": "glider"})
    st.isolated_count.update({"0/P": 3, "1/P": 3, "2/P": 2})
    force_dice(st, 1)
    events = determine(st)
    assert len(_rolls(events)) == 1
    assert st.surrendered == {"2/P"} and {"0/P", "1/P"} <= set(st.pos)


def test_8_6E_the_roll_names_each_unit_of_the_group_once_and_each_surrenders_once():
    st = pocket(allied_hexes=("0606", "0607"))
    st.isolated_count.update({"0/P": 2, "1/P": 2})
    force_dice(st, 1)
    events = determine(st)
    (roll,) = _rolls(events)
    assert roll.purpose == "surrender of 0/P, 1/P (8.6E)"
    gone = [e for e in events if e.kind == "unit_eliminated"]
    assert sorted(e.unit for e in gone) == ["0/P", "1/P"]
    # the elimination says why, with its clause
    assert all(e.surrendered and e.reason.startswith("surrendered") and e.reason.endswith("(8.6E)")
               for e in gone)


def test_8_6E_15_5C_a_leader_in_the_pocket_neither_counts_for_the_group_nor_surrenders():
    # given a leader stacked with a unit isolated for the third consecutive time
    st = pocket()
    st.module.units["Cdr"] = UnitSpec(id="Cdr", side="Allied", nationality="US", type="leader",
                                      full=(0, 0, 6), reduced=None)
    st.pos["Cdr"] = "0606"
    st.isolated_count["0/P"] = 2
    force_dice(st, 1)
    events = determine(st)
    # then the leader is never isolated (15.5C), so the stack is still "entirely" of units
    # isolated three times (8.6E): it rolls, the unit surrenders and the leader does not
    assert st.supply["Cdr"] == "supplied"
    assert len(_rolls(events)) == 1 and "Cdr" not in _rolls(events)[0].purpose
    assert st.surrendered == {"0/P"} and "Cdr" in st.pos


# --- 10.4.8B ------------------------------------------------------------------------------


def test_10_4_8B_leaving_strategic_movement_when_judged_out_of_supply_costs_no_movement_points():
    # given a German unit in strategic movement with no road to a source (no supply)
    b = ScenarioBuilder(10, 10)
    b.unit("G", "German", "armor", (6, 4, 6), at="0604").unit("A", "Allied", at="0108")
    st = b.state(phase=Phase.SUPPLY)
    st.strategic.add("G")
    events = supply.supply_phase_events(st, cursor(st))
    (left,) = [e for e in events if e.kind == "strategic_left"]
    # then the marker comes off without the half MA of 10.4.7A, and the log says why (10.4.8B)
    assert left.unit == "G" and left.mp == 0
    assert describe(left, st.module) == "G (German) leaves strategic movement (out of supply (10.4.8B))"
    # and the determination itself is logged with its reason and clause (8.4A)
    (det,) = [e for e in events if e.kind == "supply_determined"]
    assert describe(det, st.module).startswith("G (German) is unsupplied: no supply line to a source (8.4A)")


# --- 8.7 fuel ------------------------------------------------------------------------------


def test_15_6E_the_protected_division_is_left_out_but_the_divisions_after_it_are_not():
    st = fuel_state()
    st.fuel_protected = "2Pz"  # sorts before 9Pz
    allied = supply.fuel_eligible_divisions(st, "Allied")
    assert "2Pz" not in allied and "9Pz" in allied
    assert "2Pz" in supply.fuel_eligible_divisions(st, "German")


def test_8_7_3A_a_division_already_out_of_supply_is_left_out_but_the_divisions_after_it_are_not():
    st = fuel_state()
    st.supply.update({"a/2Pz": "unsupplied", "b/2Pz": "isolated"})
    eligible = supply.fuel_eligible_divisions(st, "German")
    assert "2Pz" not in eligible and "9Pz" in eligible
    st.supply["b/2Pz"] = "supplied"  # 8.7.3B: partially out of supply is eligible
    assert "2Pz" in supply.fuel_eligible_divisions(st, "German")



def _fuel_roll(st, value):
    force_dice(st, value)
    events = supply.supply_phase_events(st, cursor(st))
    (roll,) = [e for e in events if e.kind == "die_rolled"]
    (count,) = [e.count for e in events if e.kind == "fuel_shortage_set"]
    return roll, count


def test_8_7_the_fuel_roll_is_logged_as_the_fuel_depletion_roll():
    st = fuel_state(shortage=0)
    roll, _ = _fuel_roll(st, 4)
    assert roll.purpose == "fuel depletion (8.7)"
    assert describe(roll, st.module) == "die rolled for fuel depletion (8.7): 4"


def test_8_7_a_roll_the_module_table_does_not_list_puts_no_division_out_of_supply():
    # given a module whose Fuel Depletion Table lists only the rolls that take divisions (1-3)
    b = ScenarioBuilder(12, 10)
    b.fuel = tuple(r for r in b.fuel if r.roll <= 3)
    listed = {r.roll: r.value for r in b.fuel}
    b.unit("a/2Pz", "German", "armor", (6, 5, 8), (3, 3, 8), division="2Pz", at="0605")
    b.unit("b/2Pz", "German", "armor", (6, 5, 8), (3, 3, 8), division="2Pz", at="0606")
    st = b.state(turn="20DecAM", side="German", phase=Phase.SUPPLY)
    assert _fuel_roll(st, 2)[1] == listed[2] > 0
    # then a roll of 5, which it does not list, puts none out of supply
    assert _fuel_roll(st, 5)[1] == 0


def test_8_7_6_from_10_january_one_division_is_added_to_what_the_table_gives():
    for turn, extra in (("9JanPM", 0), ("10JanAM", 1)):
        st = fuel_state(turn=turn, shortage=0)
        table = {r.roll: r.value for r in st.module.charts.fuel_depletion}
        assert table[1] > 0
        assert _fuel_roll(st, 1)[1] == table[1] + extra, turn


# --- 8.4-8.5: what each determination says, and the isolation count (8.6H) ---------------


def _encircled(turn="18DecAM"):
    """1/A at 0806 ringed at two hexes by German units whose ZOCs cover its six neighbours; a
    road from the south edge (an Allied source, 8.3A) up column 08 to 0809."""
    b = ScenarioBuilder(16, 12)
    b.road("0812", "0811", "0810", "0809", road="S")
    b.unit("1/A", "Allied", at="0806")
    for i, h in enumerate(["0804", "1005", "1007", "0808", "0607", "0605"]):
        b.unit(f"{i}/G", "German", at=h)
    return b


def _said(st, side="Allied"):
    return {u: (s, reason, n) for u, s, reason, n in supply.determine(st, side)}


def test_8_4A_8_5_8_6H_15_5C_19_3_each_determination_says_why_and_keeps_no_count_unless_isolated():
    b = _encircled()
    b.unit("p/A", "Allied", "parachute", at="0306").unit("r/A", "Allied", at="0811")
    b.unit("e/A", "Allied", at="0101").unit("o/A", "Allied", at="1410")
    st = b.state(turn="18DecAM", side="Allied", phase=Phase.SUPPLY)
    st.module.units["Cdr"] = UnitSpec(id="Cdr", side="Allied", nationality="US", type="leader",
                                      full=(0, 0, 6), reduced=None)
    st.pos["Cdr"] = "0806"
    st.paradropped["p/A"] = st.turn
    st.isolated_count.update({u: 2 for u in ("1/A", "p/A", "r/A", "e/A", "o/A", "Cdr")})
    said = _said(st)
    assert said["Cdr"] == ("supplied", "leaders are never out of supply (15.5C)", 0)
    assert said["p/A"] == ("supplied", "paradropped: supplied through PM 18 December (19.3)", 0)
    assert said["r/A"] == ("supplied", "traces supply from 0811 to a friendly road and source (8.2)", 0)
    assert said["e/A"] == ("unsupplied", "no supply line; adjacent to the map edge, never isolated (8.5C)", 0)
    assert said["o/A"] == ("unsupplied", "no supply line to a source (8.4A); not isolated: not surrounded", 0)
    assert said["1/A"] == ("isolated", "no supply line, surrounded, >3 hexes from supplied units (8.5A)", 3)
    clear = b.state(turn="24DecAM", side="Allied", phase=Phase.SUPPLY)
    clear.isolated_count["1/A"] = 2
    assert _said(clear)["1/A"] == ("unsupplied", "would be isolated, but clear weather (8.5B, 20.2)", 2)


def test_8_5A_isolated_only_more_than_three_hexes_from_a_supplied_combat_unit():
    for at, leader, expect in (("0809", False, "unsupplied"), ("0810", False, "isolated"),
                               ("0809", True, "isolated")):
        b = _encircled()
        if not leader:
            b.unit("f/A", "Allied", at=at)
        st = b.state(turn="18DecAM", side="Allied", phase=Phase.SUPPLY)
        if leader:
            st.module.units["f/A"] = UnitSpec(id="f/A", side="Allied", nationality="US", type="leader",
                                              full=(0, 0, 6), reduced=None)
            st.pos["f/A"] = at
        said = _said(st)
        assert said["f/A"][0] == "supplied" and hexgrid.distance("0806", at) in (3, 4)
        assert said["1/A"][0] == expect, (at, leader)
        if expect == "unsupplied":
            assert said["1/A"][1].endswith("not isolated: within 3 hexes of a supplied unit")


def test_8_5A_surrounded_by_enemy_units_without_zocs_is_surrounded():
    # given a unit whose six neighbours hold German units in strategic movement (no ZOC, 12.2)
    st = pocket(optional=())
    st.strategic.update(u for u in st.pos if u.endswith("/R"))
    # then all six adjacent hexes are enemy occupied: it is isolated (8.5A)
    assert _said(st)["0/P"][0] == "isolated"

"""Clauses of 7.1.5, 8 (supply), 9 (replacements), 16 (bridges), 20-22 (weather) that no other
test names, each checked through the engine on a small map."""

import pytest

from darkdec_qt.rules.combat import commands as cc
from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.core.tables import TICKS
from darkdec_qt.rules.engine import check, execute
from darkdec_qt.rules.supply import determination as supply
from tests.rules.builder import ScenarioBuilder
from tests.rules.combat_builder import CombatBuilder
from tests.rules.combat_helpers import pending, run
from tests.rules.test_09_replacements import repl_state
from tests.rules.test_16_bridges import bridge_map


def _supply(st, side: str) -> dict[str, str]:
    return {u: s for u, s, _, _ in supply.determine(st, side)}


def test_7_1_5C_combat_is_optional_for_the_phasing_player():
    b = ScenarioBuilder(cols=8, rows=8).unit("G", "German", at="0404").unit("A", "Allied", at="0504")
    st = b.state(turn="19DecAM", phase=Phase.COMBAT)
    execute(st, cm.EndPhase())  # adjacent enemies, no attack: the phase may end
    assert st.phase is Phase.EXPLOITATION


def test_8_2C_the_off_road_part_of_a_supply_line_crosses_any_terrain_but_no_enemy_zoc():
    from darkdec_qt import hexgrid

    def build(germans: list[str]) -> ScenarioBuilder:
        b = ScenarioBuilder(cols=12, rows=10).road(*[f"{c:02d}05" for c in range(1, 8)], road="R")
        b.terrain(["0706", "0707", "0606", "0607"], "dense_forest")  # any terrain is fine off road
        b.unit("A", "Allied", at="0708")
        for i, h in enumerate(germans):
            b.unit(f"G{i}", "German", at=h)
        return b

    st = build([]).state(side="Allied", phase=Phase.SUPPLY)
    assert _supply(st, "Allied")["A"] == "supplied"
    ring = [h for h in st.module.hexes if hexgrid.distance(h, "0708") == 2]
    germans: list[str] = []
    for h in ring:  # enemy units two hexes away until every neighbour of A is in an enemy ZOC
        if set(hexgrid.neighbours("0708")) <= {n for g in germans for n in hexgrid.neighbours(g)}:
            break
        germans.append(h)
    st2 = build(germans).state(side="Allied", phase=Phase.SUPPLY)
    assert _supply(st2, "Allied")["A"] != "supplied"


def test_8_3A_B_allied_sources_are_roads_off_the_north_south_and_west_edges_german_off_the_east():
    for road, allied_source in (
            ([f"{c:02d}05" for c in range(1, 7)], True),  # west edge
            ([f"06{r:02d}" for r in range(1, 6)], True),  # north edge
            ([f"06{r:02d}" for r in range(5, 11)], True),  # south edge
            ([f"{c:02d}05" for c in range(6, 13)], False)):  # east edge
        for side, unit_side_source in (("Allied", allied_source), ("German", not allied_source)):
            b = ScenarioBuilder(cols=12, rows=10).road(*road, road="R").unit("U", side, at="0605")
            st = b.state(phase=Phase.SUPPLY)
            assert (_supply(st, side)["U"] == "supplied") == unit_side_source, (road[0], side)


def test_9_1C_a_refitted_unit_moves_normally_in_the_next_movement_phase():
    st = repl_state()
    st.reduced.add("1/2")
    execute(st, cm.Refit("1/2"))
    execute(st, cm.EndPhase())
    assert st.phase is Phase.MOVEMENT
    ev = check(st, cm.Move(units=("1/2",), path=("0505", "0605", "0705", "0805")))
    assert ev[0].mp == 3 * TICKS


def test_16_0C_some_bridges_start_blown_and_16_1F_blown_bridges_stay_blown():
    st = bridge_map(phase=Phase.CONSTRUCTION)
    assert ("0507", "0607") in st.blown  # demolished at the start of the game
    st.blown.add(("0505", "0605"))
    for _ in range(14):
        execute(st, cm.EndPhase())
    assert {("0507", "0607"), ("0505", "0605")} <= set(st.blown)


def test_16_2_3B_an_advance_after_combat_does_not_build_a_bridge():
    s = CombatBuilder().river("0505", "0605").german("g", "0505").allied("a", "0705").build()
    pending(s, ("g",), ("a",), "D1", (("advance", "German", "0605", 1),), levels=(("0605", 1),))
    run(s, cc.ChooseAdvance(unit="g", path=("0505", "0605")))
    assert s.pos["g"] == "0605" and not s.built and not s.bridges_started


def test_20_1B_no_german_motorized_unit_enters_strategic_movement_in_clear_weather():
    b = ScenarioBuilder(cols=8, rows=8).road("0204", "0304", road="R")
    b.unit("P", "German", "armor", (6, 4, 6), at="0204").unit("A", "Allied", at="0808")
    st = b.state(turn="24DecAM")  # clear in the calendar
    with pytest.raises(IllegalAction) as e:
        check(st, cm.EnterStrategic("P"))
    assert e.value.rule == "20.1B"
    check(b.state(turn="22DecAM"), cm.EnterStrategic("P"))  # overcast


def test_21_0B_the_freeze_lasts_through_pm_28_december_and_22_0A_snow_ends_it():
    b = ScenarioBuilder(cols=8, rows=8).terrain("0304", "woods")
    b.unit("G", "German", "infantry", (4, 4, 5), at="0204").unit("A", "Allied", at="0808")
    woods = 3  # the builder's TEC

    def cost(turn: str) -> int:
        return check(b.state(turn=turn), cm.Move(units=("G",), path=("0204", "0304")))[0].mp

    assert cost("23DecPM") == woods * TICKS
    assert cost("24DecAM") == cost("28DecPM") == (woods - 1) * TICKS
    assert cost("29DecAM") == cost("5JanPM") == woods * TICKS

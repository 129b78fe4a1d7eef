"""16.2 bridge construction pinned clause by clause: each test names the clause whose behaviour,
or whose refusal (clause, unit, hex and words), a mutant of darkdec_qt/rules/engineering/bridges.py
changed unnoticed (packaging/mutation.sh engineering.bridges)."""

import dataclasses
from types import SimpleNamespace

import pytest

from darkdec_qt.moduleview import Marker
from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core import events as ev
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.core.tables import TICKS
from darkdec_qt.rules.engine import check, execute
from darkdec_qt.rules.engineering import bridges
from tests.rules.conftest_real import init
from tests.rules.rules_helpers import refusal
from tests.rules.test_16_bridges import build_map

BUILD = cm.Move(units=("B",), path=("0506", "0606"), build_bridge=True)  # over the unbridged major river
REBUILD = cm.Move(units=("B",), path=("0507", "0607"), build_bridge=True)  # over the demolished bridge


def _said(err: IllegalAction) -> tuple[str, str, str | None, str | None]:
    return str(err), err.rule, err.unit, err.hex


def _refused_directly(st, units, path) -> IllegalAction:
    with pytest.raises(IllegalAction) as e:
        bridges.check_build_move(st, units, path)
    return e.value


def _with_markers(st, **limits: int):
    """``st`` with the module's bridge markers replaced: side -> limit."""
    markers = {f"{side.lower()}_bridge": Marker(kind=f"{side.lower()}_bridge", side=side, limit=n)
               for side, n in limits.items()}
    st.module = dataclasses.replace(st.module, markers=markers)
    return st


def test_16_2_2A_the_built_move_spends_the_whole_ma_and_starts_the_bridge():
    st = build_map()
    evs = check(st, BUILD)
    assert evs == [ev.UnitMoved(unit="B", path=("0506", "0606"), mp=8 * TICKS, stopped=False),
                   ev.BridgeStarted(a="0506", b="0606", unit="B")]


def test_16_2_2A_one_unit_moving_one_hex_across_the_river():
    st = build_map()
    err = refusal(st, cm.Move(units=("B",), path=("0506", "0606", "0607"), build_bridge=True))
    assert _said(err) == ("one unit builds a bridge by moving one hex across the river (16.2.2A)", "16.2.2A",
                          None, None)
    st.pos["Other"] = "0506"
    err = _refused_directly(st, ("B", "Other"), ("0506", "0606"))
    assert err.rule == "16.2.2A" and err.unit is None


def test_16_2_3B_bridges_are_built_only_by_movement_in_the_movement_phase():
    st = build_map()
    st.phase = Phase.EXPLOITATION
    err = _refused_directly(st, ("B",), ("0506", "0606"))
    assert _said(err) == ("B bridges are built by movement in the Movement Phase (16.2.3B)", "16.2.3B", "B", None)


def test_16_2_1A_B_the_refusal_names_the_sides_clause():
    st = build_map(unit_type="volksgrenadier", uid="424/212", division="212VG")
    err = _refused_directly(st, ("424/212",), ("0506", "0606"))
    assert _said(err) == ("424/212 may not build bridges (16.2.1B)", "16.2.1B", "424/212", None)
    st = build_map(side="Allied", unit_type="leader", uid="Ldr")  # leaders build no bridges
    err = _refused_directly(st, ("Ldr",), ("0506", "0606"))
    assert _said(err) == ("Ldr may not build bridges (16.2.1A)", "16.2.1A", "Ldr", None)


def test_16_2_a_bridge_is_built_only_across_an_unbridged_river_hexside():
    st = build_map()
    err = refusal(st, cm.Move(units=("B",), path=("0506", "0505"), build_bridge=True))  # no river
    assert _said(err) == ("B 0506-0505 is not an unbridged river hexside (16.2)", "16.2", "B", None)
    st = build_map()
    st.blown.discard(("0507", "0607"))  # the bridge stands again
    st.pos["B"] = "0507"
    err = refusal(st, REBUILD)
    assert _said(err) == ("B 0507-0607 is not an unbridged river hexside (16.2)", "16.2", "B", None)


@pytest.mark.parametrize("mark", ["mp_spent", "moved", "strategic"])
def test_16_2_2A_a_unit_that_moved_spent_mps_or_is_in_strategic_movement_may_not_build(mark):
    st = build_map()
    if mark == "mp_spent":
        st.mp_spent["B"] = TICKS
    else:
        getattr(st, mark).add("B")
    err = _refused_directly(st, ("B",), ("0506", "0606"))
    assert _said(err) == ("B must begin the Movement Phase adjacent to the hexside and spend its entire MA (16.2.2A)",
                          "16.2.2A", "B", None)


def test_10_2D_a_bridge_is_not_built_into_an_enemy_occupied_hex():
    st = build_map()
    st.pos["E"] = "0606"
    err = refusal(st, BUILD)
    assert _said(err) == ("B cannot enter 0606: occupied by enemy units (10.2D)", "10.2D", "B", "0606")


def test_10_2F_12_1A_building_across_from_enemy_zoc_to_enemy_zoc():
    st = build_map()
    st.pos["E"] = "0507"  # next to both banks
    err = refusal(st, BUILD)
    assert _said(err) == ("B cannot enter 0606: enemy ZOC to enemy ZOC (10.2F)", "10.2F", "B", "0606")
    st = build_map()
    st.pos["E"] = "0706"  # next to the far bank only: the builder enters the ZOC and stops (12.1A)
    assert check(st, BUILD)[0].stopped
    st = build_map()
    st.pos["E"] = "0405"  # next to the near bank only: leaving a ZOC without entering another
    assert not check(st, BUILD)[0].stopped


def test_11_0A_the_builder_may_make_a_stack_of_three_not_four():
    st = _stacked(2)  # two friendly units already across: the builder is the third
    assert check(st, BUILD)[1].kind == "bridge_started"
    st = _stacked(3)
    err = refusal(st, BUILD)
    assert _said(err) == ("B cannot enter 0606: more than three units in the hex (11.0A)", "11.0A", "B", "0606")


def _stacked(n: int):
    from tests.rules.builder import ScenarioBuilder

    b = ScenarioBuilder(12, 10)
    b.river("0506", "0606", "major", name="Ourthe")
    b.unit("B", "German", "armor", (5, 4, 8), (2, 2, 8), at="0506")
    for i in range(n):
        b.unit(f"S{i}", "German", "volksgrenadier", at="0606")
    b.unit("E", "Allied", at="1110")
    return b.state(turn="20DecAM", side="German", phase=Phase.MOVEMENT)


def test_16_2_4C_germany_counts_markers_used_and_bridges_under_construction():
    # no marker used yet, six German bridges under construction: the seventh may start
    st = build_map()
    st.bridge_markers.clear()
    st.bridges_started.update({(f"01{i:02d}", f"02{i:02d}"): "Other" for i in range(1, 7)})
    check(st, BUILD)
    # a seventh under construction: none left
    st.bridges_started[("0110", "0210")] = "Other"
    err = refusal(st, BUILD)
    assert _said(err) == ("B no German bridge marker left (7) (16.2.4C)", "16.2.4C", "B", None)
    # six markers used and one under construction: none left either
    st = build_map()
    st.bridge_markers["German"] = 6
    st.bridges_started[("0101", "0201")] = "Other"
    assert refusal(st, BUILD).rule == "16.2.4C"


def test_16_2_4C_germany_needs_a_marker_to_rebuild_a_demolished_bridge():
    st = build_map()
    st.pos["B"] = "0507"
    st.bridge_markers["German"] = 7
    err = refusal(st, REBUILD)
    assert _said(err) == ("B no German bridge marker left (7) (16.2.4C)", "16.2.4C", "B", None)


def test_16_2_4A_B_the_allied_counter_mix_limits_new_bridges_not_rebuilt_ones():
    st = _with_markers(build_map(side="Allied", unit_type="infantry"), Allied=2, German=7)
    st.bridge_markers["Allied"] = 1
    check(st, BUILD)  # one marker left
    st.bridge_markers["Allied"] = 2
    err = refusal(st, BUILD)
    assert _said(err) == ("B no Allied bridge marker left (2) (16.2.4A)", "16.2.4A", "B", None)
    st.pos["B"] = "0507"
    assert check(st, REBUILD)[1].kind == "bridge_started"  # 16.2.4B: a rebuilt bridge needs no marker


def test_16_2_4A_without_a_counter_mix_limit_the_allies_build_any_number():
    st = build_map(side="Allied", unit_type="infantry")
    assert bridges._limit(st, "Allied") is None
    st.bridge_markers["Allied"] = 50
    assert check(st, BUILD)[1].kind == "bridge_started"


def test_16_2_4_the_limits_are_the_modules_bridge_markers():
    st = init()
    assert bridges._limit(st, "Allied") == 6 and bridges._limit(st, "German") == 7
    st = _with_markers(build_map(), German=5)
    assert bridges._limit(st, "German") == 5 and bridges._limit(st, "Allied") is None


def test_16_2_4C_seven_german_bridges_when_the_module_has_no_german_marker():
    no_markers = SimpleNamespace(module=SimpleNamespace(markers={}))
    assert bridges._limit(no_markers, "German") == bridges.GERMAN_BRIDGE_LIMIT == 7
    assert bridges._limit(no_markers, "Allied") is None


def test_15_5D_building_a_bridge_into_a_lone_enemy_leader_displaces_it():
    from tests.rules.builder import ScenarioBuilder

    b = ScenarioBuilder(12, 10)
    b.river("0506", "0606", "major", name="Ourthe")
    b.unit("B", "German", "armor", (5, 4, 8), (2, 2, 8), at="0506")
    b.unit("L", "Allied", "leader", (0, 0, 8), None, at="0606")
    b.unit("A", "Allied", at="1008")
    st = b.state(turn="20DecAM", side="German", phase=Phase.MOVEMENT, optional=("15",))  # leaders: rule 15
    evs = check(st, BUILD)
    assert [e.kind for e in evs] == ["unit_moved", "bridge_started", "leader_displaced"]
    assert (evs[2].unit, evs[2].from_hex, evs[2].to_hex) == ("L", "0606", "1008")


def test_16_2_2B_only_the_phasing_sides_bridges_are_completed():
    st = build_map()
    st.phase = Phase.CONSTRUCTION
    st.pos["A"] = "0909"
    # an Allied bridge begun (sorting first) beside a German one: only the German is completed
    st.bridges_started[("0101", "0201")] = "E"
    st.bridges_started[("0506", "0606")] = "B"
    assert bridges.completed_events(st) == [ev.BridgeBuilt(a="0506", b="0606", side="German", marker=True)]


def test_16_2_4B_an_allied_bridge_in_a_new_location_uses_a_marker():
    st = build_map(side="Allied", unit_type="infantry")
    execute(st, BUILD)
    st.phase = Phase.CONSTRUCTION
    assert bridges.completed_events(st) == [ev.BridgeBuilt(a="0506", b="0606", side="Allied", marker=True)]
    st = build_map(side="Allied", unit_type="infantry")
    st.pos["B"] = "0507"
    execute(st, REBUILD)
    st.phase = Phase.CONSTRUCTION
    assert bridges.completed_events(st) == [ev.BridgeBuilt(a="0507", b="0607", side="Allied", marker=False)]


def test_16_1F_16_2_a_blown_bridge_is_no_bridge_until_rebuilt_and_a_built_one_is():
    st = build_map()
    assert not bridges.has_bridge(st, "0507", "0607")  # demolished at the start (16.0C)
    assert not bridges.has_bridge(st, "0607", "0507")
    assert not bridges.has_bridge(st, "0506", "0606")  # no bridge ever
    st.built.add(("0507", "0607"))
    assert bridges.has_bridge(st, "0607", "0507")
    st.built.add(("0506", "0606"))
    assert bridges.has_bridge(st, "0606", "0506")
    st = build_map()
    st.blown.discard(("0507", "0607"))
    assert bridges.has_bridge(st, "0607", "0507")  # a printed bridge stands until blown


def test_16_2_2B_the_bridge_is_built_only_when_the_construction_phase_begins():
    st = build_map()
    execute(st, BUILD)
    for phase in (Phase.REACTION, Phase.COMBAT, Phase.EXPLOITATION):
        execute(st, cm.EndPhase())
        assert st.phase is phase and not bridges.has_bridge(st, "0506", "0606"), phase
    execute(st, cm.EndPhase())
    assert st.phase is Phase.CONSTRUCTION and bridges.has_bridge(st, "0506", "0606")

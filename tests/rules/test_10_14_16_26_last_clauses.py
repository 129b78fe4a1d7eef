"""Held-off unit types (10.7.3A), historical reserves exploiting on 16 December (14.6B), new
bridges and roads (16.2.3C), British restrictions under variant 26.10 (26.10C)."""

import pytest

from darkdec_qt import hexgrid
from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.core.tables import TICKS
from darkdec_qt.rules.engine import check, execute
from darkdec_qt.rules.movement import move as movement
from darkdec_qt.rules.movement import restricted
from darkdec_qt.rules.scenarios.setup import initial_state
from tests.rules.builder import ScenarioBuilder
from tests.rules.conftest_real import at, init, real_module
from tests.rules.test_10_7_exits import west_edge


def test_10_7_3A_the_allies_may_hold_off_units_of_any_type():
    st = west_edge()
    st.module.units["R1"] = st.module.units["R1"].__class__(  # make one due reinforcement armor
        **{**{f: getattr(st.module.units["R1"], f) for f in st.module.units["R1"].__dataclass_fields__},
           "type": "armor"})
    execute(st, cm.Exit("1/Pz"))
    st.side, st.turn = "Allied", st.module.turn_index["23DecAM"].number
    st.exit_markers.clear()
    execute(st, cm.HoldOff("R1"))  # an armored unit
    execute(st, cm.HoldOff("R2"))  # an infantry unit
    assert {"R1", "R2"} <= st.held_off


def test_14_6B_historical_reserves_may_exploit_on_am_16_december():
    st = initial_state(real_module(), "campaign", "1", optional=("14", "14.6"), variants=(), setup="historical")
    st.turn, st.side, st.phase, st.started = 1, "German", Phase.EXPLOITATION, True
    movers = [u for u in sorted(st.reserve) if movement.legal_destinations(st, u)]
    assert movers, "no historical reserve may exploit"
    u = movers[0]
    dest = next(iter(movement.legal_destinations(st, u)))
    assert dest != st.pos[u]
    st2 = st.clone()
    st2.phase = Phase.MOVEMENT
    with pytest.raises(IllegalAction):  # but not in the movement phase (7.1.3.1B)
        check(st2, cm.Move(units=(u,), path=(st.pos[u], hexgrid.neighbours(st.pos[u])[0])))


def test_16_2_3C_a_new_bridge_does_not_join_roads_that_were_not_connected():
    b = ScenarioBuilder(cols=10, rows=8).terrain(["0505", "0605"], "woods")
    b.road("0305", "0405", "0505", road="W").road("0605", "0705", "0805", road="E")
    b.river("0505", "0605", "minor")
    b.unit("A", "Allied", "infantry", (3, 4, 5), at="0505").unit("G", "German", at="1008")
    st = b.state(side="Allied")
    st.built.add(hexgrid.hexside_key("0505", "0605"))
    ev = check(st, cm.Move(units=("A",), path=("0505", "0605")))
    tec = st.module.charts.tec
    assert ev[0].mp == (tec["woods"].cost["infantry"] + tec["bridge"].cost["infantry"]) * TICKS  # not 1 MP


def test_26_10C_british_reinforcements_released_by_26_10_are_still_restricted():
    st = at(init("26.10"), "26DecAM", side="Allied", phase=Phase.MOVEMENT)
    british = sorted(u for u, s in st.module.units.items() if s.nationality == "British" and s.arrival
                     and not s.is_leader)
    u = british[0]
    st.triggers["26.10"] = st.turn - 2
    st.pos[u] = next(h for h, x in st.module.hexes.items() if x.edge == "W" and not x.town)
    st.entered_turn[u] = st.turn - 1
    assert restricted.is_restricted_unit(st, u)
    assert not restricted.is_activated(st, u)  # no German near the Meuse, few Allied losses
    with pytest.raises(IllegalAction) as e:
        restricted.check_may_move(st, u)
    assert e.value.rule == "10.9B"


def test_16_2_4A_allied_bridges_at_new_sites_are_limited_by_the_bridge_counters():
    from darkdec_qt.moduleview import Marker
    from tests.rules.test_16_bridges import build_map

    st = build_map(side="Allied", unit_type="infantry")
    markers = dict(st.module.markers)
    markers["allied_bridge"] = Marker(kind="allied_bridge", side="Allied", limit=2)
    object.__setattr__(st.module, "markers", markers)
    st.bridge_markers["Allied"] = 2  # the counter mix is used up
    with pytest.raises(IllegalAction) as e:
        check(st, cm.Move(units=("B",), path=("0506", "0606"), build_bridge=True))  # a new site
    assert e.value.rule == "16.2.4A"
    st.pos["B"] = "0507"  # rebuilding a demolished bridge needs no counter (16.2.4B)
    check(st, cm.Move(units=("B",), path=("0507", "0607"), build_bridge=True))
    st.bridge_markers["Allied"] = 1
    st.pos["B"] = "0506"
    check(st, cm.Move(units=("B",), path=("0506", "0606"), build_bridge=True))

"""16.0 Bridges: demolition (16.1) and construction (16.2)."""

import pytest

from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core.apply import apply
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.events import PhaseBegan
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.core.tables import TICKS
from darkdec_qt.rules.engine import check, execute
from darkdec_qt.rules.engineering import bridges
from tests.rules.builder import ScenarioBuilder
from tests.rules.rules_helpers import force_dice

# bridge hexside 0505|0605 on a road; 0505 is the west bank


def bridge_map(turn="18DecAM", side="Allied", phase=Phase.CONSTRUCTION, enemy_at="0805", **kw):
    b = ScenarioBuilder(12, 10)
    b.road("0305", "0405", "0505", "0605", "0705", road="R")
    b.river("0505", "0605", "minor", bridge=True, name="Ourthe")
    b.river("0506", "0606", "minor", name="Ourthe")  # unbridged
    b.river("0507", "0607", "minor", name="Ourthe", bridge=True, demolished=True)
    b.unit("Adj", "Allied", at="0505")
    b.unit("Near", "Allied", at="0404")  # one hex from 0505
    b.unit("Far", "Allied", at="0303")
    b.unit("Eng", "Allied", "engineer", (2, 2, 5), (1, 1, 5), at="0405")
    b.unit("G", "German", at=enemy_at)
    return b.state(turn=turn, side=side, phase=phase, **kw)


def blow(st, unit, a="0505", b="0605"):
    return execute(st, cm.BlowBridge(unit, a, b))


def test_16_1D_roll_1_to_3_blows_4_to_6_no_effect():
    st = bridge_map()
    force_dice(st, 4)
    ev = blow(st, "Near")  # not adjacent, not an engineer: no DRM
    assert "bridge_blown" not in [e.kind for e in ev]
    st = bridge_map()
    force_dice(st, 3)
    blow(st, "Near")
    assert ("0505", "0605") in st.blown
    assert not bridges.has_bridge(st, "0505", "0605")


def test_16_1D_minus_one_when_adjacent_or_an_allied_engineer():
    for unit in ("Adj", "Eng"):
        st = bridge_map()
        force_dice(st, 4)
        blow(st, unit)
        assert ("0505", "0605") in st.blown, unit


def test_16_1D_one_attempt_per_bridge_per_player_turn():
    st = bridge_map()
    force_dice(st, 6)
    blow(st, "Near")
    with pytest.raises(IllegalAction) as e:
        check(st, cm.BlowBridge("Adj", "0505", "0605"))
    assert e.value.rule == "16.1D"
    apply(st, PhaseBegan(turn=st.turn + 1, side="Allied", phase="construction"))
    check(st, cm.BlowBridge("Adj", "0505", "0605"))


def test_16_1A_range_and_an_enemy_within_two_hexes():
    st = bridge_map()
    with pytest.raises(IllegalAction) as e:
        check(st, cm.BlowBridge("Far", "0505", "0605"))  # two hexes from the bridge hexes
    assert e.value.rule == "16.1A"
    quiet = bridge_map(enemy_at="1105")  # no enemy within two hexes of the bridge
    with pytest.raises(IllegalAction) as e:
        check(quiet, cm.BlowBridge("Near", "0505", "0605"))
    assert e.value.rule == "16.1A"
    check(quiet, cm.BlowBridge("Adj", "0505", "0605"))  # 16.1B: adjacent units always eligible


def test_16_1A_bridge_hex_occupied_by_the_enemy():
    st = bridge_map(enemy_at="0605")
    del st.pos["Adj"]
    st.pos["Near"] = "0706"  # one hex from 0605 only
    with pytest.raises(IllegalAction) as e:
        check(st, cm.BlowBridge("Near", "0505", "0605"))
    assert e.value.rule == "16.1A"


def test_16_1C_G_H_19_4_who_and_when():
    st = bridge_map(phase=Phase.MOVEMENT)
    with pytest.raises(IllegalAction) as e:
        check(st, cm.BlowBridge("Adj", "0505", "0605"))
    assert e.value.rule == "16.1C"
    for attr in ("unsupplied", "isolated"):
        st = bridge_map()
        st.supply["Adj"] = attr
        with pytest.raises(IllegalAction) as e:
            check(st, cm.BlowBridge("Adj", "0505", "0605"))
        assert e.value.rule == "16.1G"
    for marker in ("reserve", "strategic"):
        st = bridge_map()
        getattr(st, marker).add("Adj")
        with pytest.raises(IllegalAction) as e:
            check(st, cm.BlowBridge("Adj", "0505", "0605"))
        assert e.value.rule == "16.1G"
    st = bridge_map(turn="16DecPM")
    with pytest.raises(IllegalAction) as e:
        check(st, cm.BlowBridge("Adj", "0505", "0605"))
    assert e.value.rule == "16.1H"
    st = bridge_map(turn="17DecAM", side="German", enemy_at="0705")
    st.paradropped["G"] = st.turn
    st.pos["G"] = "0605"
    st.pos["Adj"] = "0504"
    with pytest.raises(IllegalAction) as e:
        check(st, cm.BlowBridge("G", "0505", "0605"))
    assert e.value.rule == "19.4"


def test_16_1E_blown_bridge_hexside_costs_as_an_unbridged_river():
    st = bridge_map(phase=Phase.MOVEMENT)
    del st.pos["G"]
    before = check(st, cm.Move(units=("Adj",), path=("0505", "0605")))[-1].mp
    st.blown.add(("0505", "0605"))
    after = check(st, cm.Move(units=("Adj",), path=("0505", "0605")))[-1].mp
    assert before == 1 * TICKS and after == (1 + 1) * TICKS  # road lost; minor river +1 (builder TEC)


def build_map(side="German", unit_type="armor", uid="B", division=None):
    b = ScenarioBuilder(12, 10)
    b.river("0506", "0606", "major", name="Ourthe")  # unbridged, prohibited to motorized
    b.river("0507", "0607", "minor", name="Ourthe", bridge=True, demolished=True)
    b.unit(uid, side, unit_type, (5, 4, 8), (2, 2, 8), at="0506", division=division)
    b.unit("Other", side, "armored_infantry", at="0505")  # motorized: no major river without a bridge
    b.unit("E", "Allied" if side == "German" else "German", at="1110")
    return b.state(turn="20DecAM", side=side, phase=Phase.MOVEMENT)


def test_16_2_2A_the_builder_crosses_spending_its_entire_ma_bridge_built_in_construction_phase():
    st = build_map()
    with pytest.raises(IllegalAction):
        check(st, cm.Move(units=("B",), path=("0506", "0606")))  # major river without a bridge
    ev = execute(st, cm.Move(units=("B",), path=("0506", "0606"), build_bridge=True))
    assert ev[0].mp == 8 * TICKS and st.pos["B"] == "0606"
    with pytest.raises(IllegalAction) as e:
        check(st, cm.Move(units=("B",), path=("0606", "0607")))
    assert e.value.rule == "16.2.2A"
    # 16.2.2B: not usable by other units in this Movement Phase
    assert not bridges.has_bridge(st, "0506", "0606")
    with pytest.raises(IllegalAction):
        check(st, cm.Move(units=("Other",), path=("0505", "0506", "0606")))
    for _ in range(4):  # reaction, combat, exploitation, construction
        execute(st, cm.EndPhase())
    assert st.phase is Phase.CONSTRUCTION and bridges.has_bridge(st, "0506", "0606")
    assert st.bridge_markers["German"] == 1


def test_16_2_2A_must_begin_the_phase_adjacent_not_after_moving():
    st = build_map()
    st.pos["B"] = "0406"
    execute(st, cm.Move(units=("B",), path=("0406", "0506")))
    with pytest.raises(IllegalAction) as e:
        check(st, cm.Move(units=("B",), path=("0506", "0606"), build_bridge=True))
    assert e.value.rule == "16.2.2A"
    st2 = build_map()
    with pytest.raises(IllegalAction):
        check(st2, cm.Move(units=("B",), path=("0506", "0505"), build_bridge=True))  # no river there


def test_16_2_1_eligible_units():
    assert bridges.may_build(build_map(side="Allied", unit_type="infantry"), "B")  # A any Allied unit
    assert bridges.may_build(build_map(), "B")  # B German armor
    assert not bridges.may_build(build_map(unit_type="armored_infantry"), "B")
    assert not bridges.may_build(build_map(unit_type="volksgrenadier", uid="424/212", division="212VG"), "424/212")
    # C: the 15th regiment of the 5th Fallschirmjäger and the 423rd of the 212th (module ids)
    assert bridges.may_build(build_map(unit_type="parachute", uid="15/5FJ", division="5FJ"), "15/5FJ")
    assert bridges.may_build(build_map(unit_type="volksgrenadier", uid="423/212", division="212VG"), "423/212")
    assert not bridges.may_build(build_map(unit_type="parachute", uid="14/5FJ", division="5FJ"), "14/5FJ")
    st = build_map(unit_type="volksgrenadier", uid="424/212", division="212VG")
    with pytest.raises(IllegalAction) as e:
        check(st, cm.Move(units=("424/212",), path=("0506", "0606"), build_bridge=True))
    assert e.value.rule == "16.2.1B"


def test_16_2_4C_germany_limited_to_seven_bridges_even_rebuilding():
    st = build_map()
    st.bridge_markers["German"] = 7
    with pytest.raises(IllegalAction) as e:
        check(st, cm.Move(units=("B",), path=("0506", "0606"), build_bridge=True))
    assert e.value.rule == "16.2.4C"
    st.bridge_markers["German"] = 6
    st.pos["B"] = "0507"  # a demolished bridge: still needs a German marker
    execute(st, cm.Move(units=("B",), path=("0507", "0607"), build_bridge=True))
    from darkdec_qt.rules.engineering.bridges import completed_events
    st.phase = Phase.CONSTRUCTION
    assert completed_events(st)[0].marker


def test_16_2_4B_allied_rebuilt_bridges_need_no_marker():
    st = build_map(side="Allied", unit_type="infantry")
    st.pos["B"] = "0507"
    execute(st, cm.Move(units=("B",), path=("0507", "0607"), build_bridge=True))
    st.phase = Phase.CONSTRUCTION
    ev = bridges.completed_events(st)
    assert ev[0].kind == "bridge_built" and not ev[0].marker


def test_16_2_a_restricted_unit_may_not_bridge_a_closed_river():
    b = ScenarioBuilder(12, 10)
    b.river("0506", "0606", "major", name="Meuse")
    b.unit("Br", "Allied", "infantry", nationality="British", arrival="23DecAM", at="0606")
    st = b.state(turn="24DecAM", side="Allied")
    st.entered_turn["Br"] = st.turn
    with pytest.raises(IllegalAction) as e:
        check(st, cm.Move(units=("Br",), path=("0606", "0506"), build_bridge=True))
    assert e.value.rule == "10.9B"
    assert (str(e.value), e.value.unit, e.value.hex) == (
        "Br cannot bridge the Meuse: restricted unit not released (10.9B)", "Br", "0506")

"""17.0 Fortifications: where and by whom they are built; 17.2 durability; 18.3D."""

import pytest

from darkdec_qt.rules import engine
from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.engine import check, execute
from tests.rules.builder import ScenarioBuilder
from tests.rules.rules_helpers import cursor


def fort_map(turn="18DecAM", side="Allied", phase=Phase.CONSTRUCTION):
    b = ScenarioBuilder(10, 8)
    b.town("0303", "Town").terrain("0305", "dense_forest").terrain("0604", "woods")
    b.unit("T", "Allied", at="0303").unit("D", "Allied", at="0305").unit("W", "Allied", at="0604")
    b.unit("Z", "Allied", at="0807").unit("Arm", "Allied", "armor", (5, 4, 8), (2, 2, 8), at="0202")
    b.unit("G", "German", at="0808")
    return b.state(turn=turn, side=side, phase=phase)


def test_17_0A_not_in_town_or_dense_forest():
    st = fort_map()
    for u in ("T", "D"):
        with pytest.raises(IllegalAction) as e:
            check(st, cm.BuildFortification(u))
        assert e.value.rule == "17.0A"
    execute(st, cm.BuildFortification("W"))
    assert "0604" in st.fortifications


def test_17_0B_not_in_enemy_zoc_not_moved_or_fought_not_isolated():
    st = fort_map()
    with pytest.raises(IllegalAction) as e:
        check(st, cm.BuildFortification("Z"))  # next to G
    assert e.value.rule == "17.0B"
    for mark in ("moved", "attacked"):
        st = fort_map()
        getattr(st, mark).add("W")
        with pytest.raises(IllegalAction) as e:
            check(st, cm.BuildFortification("W"))
        assert e.value.rule == "17.0B"
    st = fort_map()
    st.supply["W"] = "isolated"
    with pytest.raises(IllegalAction) as e:
        check(st, cm.BuildFortification("W"))
    assert e.value.rule == "17.0B"
    st.supply["W"] = "unsupplied"  # unsupplied units may build
    check(st, cm.BuildFortification("W"))


def test_17_0C_one_fortification_per_hex_and_only_in_the_construction_phase():
    st = fort_map()
    execute(st, cm.BuildFortification("W"))
    with pytest.raises(IllegalAction) as e:
        check(st, cm.BuildFortification("W"))
    assert e.value.rule == "17.0C"
    st = fort_map(phase=Phase.MOVEMENT)
    with pytest.raises(IllegalAction) as e:
        check(st, cm.BuildFortification("W"))
    assert e.value.rule == "7.1.7C"


def test_17_2_vacant_fortifications_are_removed_at_the_end_of_a_movement_phase():
    st = fort_map(phase=Phase.MOVEMENT)
    st.fortifications |= {"0604", "0505"}
    ev = engine.end_of_phase_events(st, cursor(st))
    assert [(e.kind, e.hex) for e in ev if e.kind == "fortification_removed"] == [("fortification_removed", "0505")]
    execute(st, cm.Move(units=("W",), path=("0604", "0504")))
    execute(st, cm.EndPhase())
    assert st.fortifications == set()


def test_17_2_not_removed_at_the_end_of_other_phases():
    st = fort_map(phase=Phase.COMBAT)
    st.fortifications.add("0505")
    assert not [e for e in engine.end_of_phase_events(st, cursor(st)) if e.kind == "fortification_removed"]


def test_18_3D_units_not_permitted_to_move_on_16_december_may_not_fortify():
    st = fort_map(turn="16DecAM")
    with pytest.raises(IllegalAction) as e:
        check(st, cm.BuildFortification("W"))
    assert e.value.rule == "18.3D"
    st.was_attacked.add("W")
    check(st, cm.BuildFortification("W"))
    pm = fort_map(turn="16DecPM")
    pm.pos["Arm"] = "0202"
    check(pm, cm.BuildFortification("Arm"))  # 18.3C: armor may move on PM 16 December

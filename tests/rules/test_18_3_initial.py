"""18.3 Restricted Allied movement on 16 December."""

import pytest

from darkdec_qt.rules import engine
from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.engine import check, execute
from darkdec_qt.rules.movement import move as movement
from tests.rules.builder import ScenarioBuilder


def dec16(turn="16DecAM"):
    b = ScenarioBuilder(10, 8)
    b.unit("Inf", "Allied", "infantry", at="0303")
    b.unit("Arm", "Allied", "armor", (5, 4, 8), (2, 2, 8), at="0503")
    b.unit("Cav", "Allied", "armored_cavalry", (3, 3, 8), (1, 1, 8), at="0505")
    b.unit("G", "German", at="0808")
    return b.state(turn=turn, side="Allied", phase=Phase.MOVEMENT)


def test_18_3B_only_units_attacked_by_germany_may_move():
    st = dec16()
    for u, dest in (("Inf", "0302"), ("Arm", "0502"), ("Cav", "0504")):
        with pytest.raises(IllegalAction) as e:
            check(st, cm.Move(units=(u,), path=(st.pos[u], dest)))
        assert e.value.rule == "18.3B"
    assert movement.legal_destinations(st, "Inf") == {}


def test_18_3B_activated_infantry_moves_one_hex_per_turn():
    st = dec16()
    st.was_attacked.add("Inf")
    with pytest.raises(IllegalAction) as e:
        check(st, cm.Move(units=("Inf",), path=("0303", "0302", "0301")))
    assert e.value.rule == "18.3B"
    execute(st, cm.Move(units=("Inf",), path=("0303", "0302")))
    with pytest.raises(IllegalAction) as e:
        check(st, cm.Move(units=("Inf",), path=("0302", "0301")))  # a second one-hex move
    assert e.value.rule == "18.3B"
    assert all(len(c.path) == 2 for c in engine.legal_commands(st) if c.kind == "move" and c.units == ("Inf",))


def test_18_3C_armor_and_armored_cavalry_move_normally_from_pm_16_december():
    st = dec16(turn="16DecPM")
    execute(st, cm.Move(units=("Arm",), path=("0503", "0502", "0501")))
    execute(st, cm.Move(units=("Cav",), path=("0505", "0504", "0404")))
    with pytest.raises(IllegalAction):
        check(st, cm.Move(units=("Inf",), path=("0303", "0302")))


def test_18_3B_normal_movement_from_am_17_december():
    st = dec16(turn="17DecAM")
    execute(st, cm.Move(units=("Inf",), path=("0303", "0302", "0301")))

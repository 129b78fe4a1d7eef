"""19.0 The German parachute drop (von der Heydte)."""

import pytest

from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.engine import check, execute
from darkdec_qt.rules.movement import reinforcements
from darkdec_qt.rules.supply import determination as supply
from tests.rules.builder import ScenarioBuilder
from tests.rules.rules_helpers import force_dice


def drop_map(turn="17DecAM", phase=Phase.MOVEMENT):
    b = ScenarioBuilder(10, 8)
    b.terrain("0404", "woods").town("0606", "Town")
    b.unit("vdHeydte", "German", "parachute", (1, 1, 4), None, arrival="17DecAM", entry=("drop",))
    b.unit("3/FJ", "German", "parachute", (3, 4, 4), (1, 2, 4), at="0901")
    b.unit("A", "Allied", at="0303")
    return b.state(turn=turn, side="German", phase=phase)


def test_19_2A_clear_terrain_not_enemy_occupied_nor_enemy_zoc():
    st = drop_map()
    for h, why in (("0404", "clear"), ("0303", "enemy"), ("0304", "ZOC")):
        with pytest.raises(IllegalAction) as e:
            check(st, cm.Paradrop("vdHeydte", h))
        assert e.value.rule == "19.2A" and why in str(e.value), h
    check(st, cm.Paradrop("vdHeydte", "0606"))  # a town in clear terrain is clear (erratum 4.1.2B)
    force_dice(st, 1)
    ev = execute(st, cm.Paradrop("vdHeydte", "0505"))
    assert ev[-1].result == "full" and st.pos["vdHeydte"] == "0505"


def test_19_2A_before_movement_and_19_1_only_am_17_december():
    st = drop_map()
    with pytest.raises(IllegalAction) as e:  # the player chooses: no movement before the drop ...
        check(st, cm.Move(units=("3/FJ",), path=("0901", "0801")))
    assert e.value.rule == "19.2A"
    st.mp_spent["3/FJ"] = 30  # ... and a drop after movement is refused
    with pytest.raises(IllegalAction) as e:
        check(st, cm.Paradrop("vdHeydte", "0505"))
    assert e.value.rule == "19.2A"
    with pytest.raises(IllegalAction) as e:
        check(drop_map(turn="17DecPM"), cm.Paradrop("vdHeydte", "0505"))
    assert e.value.rule == "19.1"


def test_19_2B_paradrop_table_decides_the_fate():
    for roll, fate in ((4, "reduced"), (6, "eliminated")):
        st = drop_map()
        force_dice(st, roll)
        execute(st, cm.Paradrop("vdHeydte", "0505"))
        if fate == "eliminated":
            assert "vdHeydte" in st.eliminated and "vdHeydte" not in st.pos
        else:
            assert "vdHeydte" in st.reduced


def test_19_2C_may_not_move_the_turn_dropped_2D_only_von_der_heydte():
    st = drop_map()
    force_dice(st, 1)
    execute(st, cm.Paradrop("vdHeydte", "0505"))
    with pytest.raises(IllegalAction) as e:
        check(st, cm.Move(units=("vdHeydte",), path=("0505", "0605")))
    assert e.value.rule == "19.2C"
    with pytest.raises(IllegalAction) as e:
        check(drop_map(), cm.Paradrop("3/FJ", "0505"))
    assert e.value.rule == "19.2D"


def test_19_1_the_drop_is_mandatory_and_never_an_edge_reinforcement():
    """The player chooses: Germany picks the hex; the phase does not end (nor
    does movement begin) before the drop, and legal_commands offers every drop hex."""
    from darkdec_qt.rules import engine

    st = drop_map()
    assert reinforcements.due_units(st) == []
    with pytest.raises(IllegalAction) as e:
        check(st, cm.EndPhase())
    assert e.value.rule == "19.2A"
    offered = {c.hex for c in engine.legal_commands(st) if isinstance(c, cm.Paradrop)}
    assert {"0505", "0808", "0101"} <= offered and "0304" not in offered and "0404" not in offered
    force_dice(st, 1)
    execute(st, cm.Paradrop("vdHeydte", "0808"))
    execute(st, cm.EndPhase())
    assert "vdHeydte" in st.paradropped and "vdHeydte" not in st.pending
    assert st.pos.get("vdHeydte") == "0808"


def test_19_3_supplied_through_pm_18_december():
    st = drop_map(phase=Phase.SUPPLY)
    st.pos["vdHeydte"] = "0505"
    st.paradropped["vdHeydte"] = st.module.turn_index["17DecAM"].number
    for turn, state in (("17DecPM", "supplied"), ("18DecPM", "supplied"), ("19DecAM", "unsupplied")):
        st.turn = st.module.turn_index[turn].number
        res = {u: s for u, s, _, _ in supply.determine(st, "German")}
        assert res["vdHeydte"] == state, turn  # no roads: otherwise unsupplied

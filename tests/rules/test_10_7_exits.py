"""10.7 Exiting the map and 10.7.2C-10.7.3 Allied units held off the map."""

import pytest

from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.engine import check, execute
from darkdec_qt.rules.movement import exits
from tests.rules.builder import ScenarioBuilder
from tests.rules.rules_helpers import refusal


def west_edge(side="German", turn="22DecAM", **kw):
    b = ScenarioBuilder(12, 10)
    b.road("0105", "0205", "0305", road="W5").entry("0105", "G")
    b.road("0108", "0208", road="W8")  # road edge hex without an entry code
    b.road("1105", "1205", road="E5").entry("1205", "P")
    b.unit("1/Pz", "German", "armor", (6, 5, 8), (3, 3, 8), at="0105")
    b.unit("2/Pz", "German", "armor", (5, 5, 8), (3, 3, 8), at="0108")
    b.unit("3/Pz", "German", "armor", (4, 4, 8), (2, 2, 8), at="1205")
    b.unit("R1", "Allied", "infantry", (4, 4, 5), arrival="23DecAM", entry=("G",))
    b.unit("R2", "Allied", "infantry", (3, 4, 5), arrival="23DecAM", entry=("G",))
    b.unit("R3", "Allied", "infantry", (3, 4, 5), arrival="24DecAM", entry=("G",))
    b.unit("1/A", "Allied", at="0909")
    return b.state(turn=turn, side=side, phase=Phase.MOVEMENT, **kw)


def test_10_7A_D_exit_at_an_allied_road_entry_hex_2A_removed_not_eliminated():
    st = west_edge()
    ev = execute(st, cm.Exit("1/Pz"))
    assert ev[0].kind == "unit_exited" and ev[0].edge == "W" and ev[0].owed == 6
    assert "1/Pz" in st.exited and "1/Pz" not in st.eliminated and "1/Pz" not in st.pos
    assert st.hold_off_owed == {"W": 6} and "0105" in st.exit_markers  # 10.6.3B


def test_10_7D_B_not_from_other_hexes_nor_the_east_edge_and_7A_only_germany():
    st = west_edge()
    with pytest.raises(IllegalAction) as e:
        check(st, cm.Exit("2/Pz"))  # road edge hex, but no entry code
    assert e.value.rule == "10.7D"
    with pytest.raises(IllegalAction) as e:
        check(st, cm.Exit("3/Pz"))  # east edge
    assert e.value.rule == "10.7D"
    st2 = west_edge(side="Allied")
    st2.pos["1/A"] = "0105"
    del st2.pos["1/Pz"]
    with pytest.raises(IllegalAction) as e:
        check(st2, cm.Exit("1/A"))
    assert e.value.rule == "10.7A"


def test_10_7C_exit_costs_movement_points():
    st = west_edge()
    st.mp_spent["1/Pz"] = 8 * 30
    st.moved.add("1/Pz")
    with pytest.raises(IllegalAction) as e:
        check(st, cm.Exit("1/Pz"))
    assert e.value.rule == "10.7C"


def test_10_7_2C_only_supplied_units_create_a_debt():
    st = west_edge()
    st.supply["1/Pz"] = "unsupplied"
    ev = execute(st, cm.Exit("1/Pz"))
    assert ev[0].owed == 0 and not st.hold_off_owed.get("W")
    st = west_edge()
    st.fuel_depleted.add("1/Pz")  # 8.7.4: fuel depletion is being unsupplied
    assert check(st, cm.Exit("1/Pz"))[0].owed == 0


def allied_turn_after_exit(turn="23DecAM"):
    st = west_edge()
    execute(st, cm.Exit("1/Pz"))
    st.side, st.turn = "Allied", st.module.turn_index[turn].number
    st.exit_markers.clear()  # (so that only the debt matters below)
    return st


def test_10_7_2C_reinforcements_of_that_edge_may_not_enter_while_the_debt_is_unpaid():
    st = allied_turn_after_exit()
    with pytest.raises(IllegalAction) as e:
        check(st, cm.EnterReinforcement("R1", ("0105",)))
    assert e.value.rule == "10.7.2C"
    execute(st, cm.HoldOff("R1"))
    execute(st, cm.HoldOff("R2"))  # 4 + 3 >= 6
    assert st.hold_off_owed["W"] == 0 and {"R1", "R2"} <= st.held_off


def test_10_7_2C_held_off_as_soon_as_possible_at_the_end_of_the_movement_phase():
    """The player chooses: the Allies pick the units held off; the phase may not
    end while the debt can be paid."""
    from darkdec_qt.rules import engine

    st = allied_turn_after_exit()
    with pytest.raises(IllegalAction) as e:
        check(st, cm.EndPhase())
    assert e.value.rule == "10.7.2C"
    offered = {c.unit for c in engine.legal_commands(st) if isinstance(c, cm.HoldOff)}
    assert {"R1", "R2"} <= offered
    execute(st, cm.HoldOff("R2"))
    execute(st, cm.HoldOff("R1"))
    while True:  # any other due unit must now enter (10.6.3A)
        try:
            check(st, cm.EndPhase())
            break
        except IllegalAction as e:
            assert e.rule == "10.6.3A"
            nxt = next(c for c in engine.legal_commands(st) if isinstance(c, cm.EnterReinforcement))
            execute(st, nxt)
    execute(st, cm.EndPhase())
    assert st.held_off == {"R1", "R2"} and st.hold_off_owed["W"] == 0
    assert "R1" not in st.pos and "R2" not in st.pos


def test_10_7_3B_held_off_units_never_enter():
    st = allied_turn_after_exit()
    execute(st, cm.HoldOff("R1"))
    execute(st, cm.HoldOff("R2"))
    st.turn = st.module.turn_index["24DecAM"].number
    with pytest.raises(IllegalAction) as e:
        check(st, cm.EnterReinforcement("R1", ("0105",)))
    assert e.value.rule == "10.6A"
    execute(st, cm.EnterReinforcement("R3", ("0105",)))  # the debt is paid: others enter


def test_10_7_3C_no_more_reinforcements_from_that_edge_nothing_owed():
    st = allied_turn_after_exit()
    st.pending.clear()
    assert exits.hold_off_candidates(st) == []
    execute(st, cm.EndPhase())
    with pytest.raises(IllegalAction) as e:
        check(st, cm.HoldOff("R1"))
    assert e.value.rule == "10.7.2C"


def test_10_7_2C_only_an_edge_with_a_debt_holds_units_off():
    st = west_edge(side="Allied", turn="23DecAM")  # no German exit yet
    assert exits.hold_off_candidates(st) == []
    assert refusal(st, cm.HoldOff("R1")).rule == "10.7.2C"


def test_10_7_2C_a_debt_of_one_point_is_owed_and_a_paid_debt_no_longer():
    st = allied_turn_after_exit()
    st.hold_off_owed["W"] = 1
    assert [u for u, _ in exits.hold_off_candidates(st)] == ["R1", "R2"]
    st.hold_off_owed["W"] = 3
    execute(st, cm.HoldOff("R2"))  # attack strength 3: paid exactly
    assert st.hold_off_owed["W"] == 0 and exits.hold_off_candidates(st) == []
    e = refusal(st, cm.HoldOff("R1"))
    assert (str(e), e.rule, e.unit) == (
        "R1 cannot be held off: not a due reinforcement of an edge where Germans exited (10.7.2C)", "10.7.2C", "R1")

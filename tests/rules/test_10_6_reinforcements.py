"""10.6 Reinforcements: entry, strategic entry, blocking and delay (10.6.3); 20.1C."""

import pytest

from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.core.tables import TICKS
from darkdec_qt.rules.engine import check, execute
from darkdec_qt.rules.movement import move as movement
from tests.rules.builder import ScenarioBuilder


def north_edge(turn="18DecAM", side="Allied", **unit_kw):
    b = ScenarioBuilder(14, 12)
    b.road(*[f"05{r:02d}" for r in range(1, 12)], road="N5")
    b.road("0301", "0302", "0303", road="N3")
    b.road("0801", "0802", road="N8")
    b.entry("0501", "A").entry("1201", "A")
    b.road("1201", "1202", road="N12")
    b.unit("R/A", "Allied", "infantry", (3, 4, 5), arrival="18DecAM", entry=("A",), **unit_kw)
    b.unit("g/1", "German", at="1010")
    return b.state(turn=turn, side=side, phase=Phase.MOVEMENT)


def test_10_6_1A_B_enter_at_a_coded_entry_hex_which_is_the_first_hex_of_movement():
    st = north_edge()
    ev = execute(st, cm.EnterReinforcement("R/A", ("0501", "0502", "0503")))
    assert [e.kind for e in ev] == ["unit_entered", "unit_moved"]
    assert st.pos["R/A"] == "0503" and st.mp_spent["R/A"] == 3 * TICKS  # entry hex + 2 road hexes
    st2 = north_edge()
    with pytest.raises(IllegalAction) as e:
        check(st2, cm.EnterReinforcement("R/A", ("0801",)))
    assert e.value.rule == "10.6.1A"


def test_10_6A_only_when_due_and_in_the_owners_movement_phase():
    with pytest.raises(IllegalAction) as e:
        check(north_edge(turn="17DecAM"), cm.EnterReinforcement("R/A", ("0501",)))
    assert e.value.rule == "10.6A"
    st = north_edge()
    st.phase = Phase.COMBAT
    with pytest.raises(IllegalAction) as e:
        check(st, cm.EnterReinforcement("R/A", ("0501",)))
    assert e.value.rule == "10.6.1A"


def test_10_6_3B_blocked_by_occupation_not_by_zoc():
    st = north_edge()
    st.pos["g/1"] = "0501"
    with pytest.raises(IllegalAction) as e:
        check(st, cm.EnterReinforcement("R/A", ("0501",)))
    assert e.value.rule == "10.6.3B"
    st.pos["g/1"] = "0602"  # its ZOC covers 0502, next to the entry hex: entry is not blocked
    ev = check(st, cm.EnterReinforcement("R/A", ("0501", "0502")))
    assert ev[-1].stopped
    with pytest.raises(IllegalAction) as e:
        check(st, cm.EnterReinforcement("R/A", ("0501", "0502", "0503")))
    assert e.value.rule == "12.1A"


def test_10_6_3B_german_exit_markers_block_allied_entry():
    st = north_edge()
    st.exit_markers.add("0501")
    with pytest.raises(IllegalAction) as e:
        check(st, cm.EnterReinforcement("R/A", ("0501",)))
    assert e.value.rule == "10.6.3B"
    check(st, cm.EnterReinforcement("R/A", ("1201",)))  # another hex of its entry area


def test_10_6_3A_reinforcements_may_not_be_withheld():
    """The player chooses: the phase does not end with a due unit that may enter;
    its owner enters it where they choose, the engine does not place it."""
    from darkdec_qt.rules import engine

    st = north_edge()
    with pytest.raises(IllegalAction) as e:
        check(st, cm.EndPhase())
    assert e.value.rule == "10.6.3A" and e.value.unit == "R/A"
    offered = [c for c in engine.legal_commands(st) if isinstance(c, cm.EnterReinforcement)]
    assert {c.path[0] for c in offered} >= {"0501"}
    execute(st, cm.EnterReinforcement("R/A", ("0501",)))
    execute(st, cm.EndPhase())
    assert st.pos["R/A"] == "0501" and "R/A" not in st.pending


def test_10_6_3C_blocked_entry_delays_one_turn_to_the_next_road_hex_west():
    st = north_edge()
    st.exit_markers |= {"0501", "1201"}
    from darkdec_qt.rules.choices import ChooseDelayedEntry

    execute(st, ChooseDelayedEntry("R/A", "0301"))  # the owner's choice (test_10_6_3C_delayed_entry)
    execute(st, cm.EndPhase())
    assert "R/A" not in st.pos
    assert st.pending["R/A"] == st.module.turn_index["18DecPM"].number
    assert st.entry_hex["R/A"] == "0301"  # the road hex west of 0501 on the north edge, not 0801
    nxt = north_edge(turn="18DecPM")
    nxt.pending, nxt.entry_hex, nxt.exit_markers = dict(st.pending), dict(st.entry_hex), set(st.exit_markers)
    with pytest.raises(IllegalAction):
        check(nxt, cm.EnterReinforcement("R/A", ("0501",)))
    execute(nxt, cm.EnterReinforcement("R/A", ("0301", "0302")))


def test_10_6_2_entry_in_strategic_movement_with_full_ma_and_starred_units_may_not():
    st = north_edge()
    ev = execute(st, cm.EnterReinforcement("R/A", tuple(f"05{r:02d}" for r in range(1, 12)), strategic=True))
    assert "R/A" in st.strategic and st.pos["R/A"] == "0511"
    assert ev[-1].mp == 11 * TICKS // 5  # 10.6.2B / 10.4.2C: 1/5 MP per road hex, no entry cost
    starred = north_edge(star=True)
    with pytest.raises(IllegalAction) as e:
        check(starred, cm.EnterReinforcement("R/A", ("0501",), strategic=True))
    assert e.value.rule == "10.6.2C"
    check(starred, cm.EnterReinforcement("R/A", ("0501",)))


def test_11_0A_full_entry_hex():
    b = ScenarioBuilder(8, 6)
    b.road("0501", "0502", road="N5").entry("0501", "A")
    b.unit("R/A", "Allied", arrival="18DecAM", entry=("A",))
    for u in ("x1", "x2", "x3"):
        b.unit(u, "Allied", at="0501")
    st = b.state(turn="18DecAM", side="Allied", phase=Phase.MOVEMENT)
    with pytest.raises(IllegalAction) as e:
        check(st, cm.EnterReinforcement("R/A", ("0501",)))
    assert e.value.rule == "11.0A"


def clear_weather_german():
    b = ScenarioBuilder(20, 8)
    row = [f"{c:02d}04" for c in range(20, 0, -1)]
    b.road(*row, road="E")
    b.entry("2004", "P")
    b.unit("R/Pz", "German", "armor", (6, 5, 8), (3, 3, 8), arrival="24DecAM", entry=("P",))
    return b.state(turn="24DecAM", side="German", phase=Phase.MOVEMENT), row


def test_20_1C_german_reinforcements_may_enter_in_strategic_movement_in_clear_weather():
    st, row = clear_weather_german()
    # 20.1A: MA 8 - 2 = 6 in strategic movement: 18 road hexes at 1/3 MP
    ev = execute(st, cm.EnterReinforcement("R/Pz", tuple(row[:18]), strategic=True))
    assert ev[-1].mp == 6 * TICKS and "R/Pz" in st.strategic
    with pytest.raises(IllegalAction):
        check(clear_weather_german()[0], cm.EnterReinforcement("R/Pz", tuple(row[:19]), strategic=True))


def test_20_1C_once_out_of_strategic_movement_it_may_not_reenter_while_clear():
    st, row = clear_weather_german()
    execute(st, cm.EnterReinforcement("R/Pz", (row[0],), strategic=True))
    st.strategic.discard("R/Pz")  # left it (e.g. 10.4.7B)
    st.mp_spent.clear()
    st.moved.clear()
    with pytest.raises(IllegalAction) as e:
        check(st, cm.EnterStrategic("R/Pz"))
    assert e.value.rule == "20.1B"
    st.turn = st.module.turn_index["27DecPM"].number  # overcast again
    check(st, cm.EnterStrategic("R/Pz"))
    assert movement.movement_allowance(st, "R/Pz", strategic=True) == 8

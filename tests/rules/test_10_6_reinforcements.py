"""10.6 Reinforcements: entry, strategic entry, blocking and delay (10.6.3); 20.1C."""

import pytest

from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core import events
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.core.tables import TICKS
from darkdec_qt.rules.engine import check, execute
from darkdec_qt.rules.movement import move as movement
from darkdec_qt.rules.movement import reinforcements as rf
from tests.rules.builder import ScenarioBuilder
from tests.rules.rules_helpers import refusal


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


def entry_hex_with(*occupants: tuple[str, str]):
    """Area A at 0501 with the given (unit, type) Allied occupants; due: R/A and the leader Ldr."""
    b = ScenarioBuilder(8, 6)
    b.road("0501", "0502", road="N5").entry("0501", "A")
    b.unit("R/A", "Allied", arrival="18DecAM", entry=("A",))
    b.unit("Ldr", "Allied", "leader", (0, 0, 5), None, arrival="18DecAM", entry=("A",))
    for u, t in occupants:
        b.unit(u, "Allied", t, (0, 0, 5) if t == "leader" else (3, 4, 5), None, at="0501")
    return b.state(turn="18DecAM", side="Allied", phase=Phase.MOVEMENT, optional=("15",))


def test_11_0A_15_4A_two_units_in_the_entry_hex_leave_room_for_a_third_and_leaders_do_not_count():
    st = entry_hex_with(("x1", "infantry"), ("x2", "infantry"), ("Hodges", "leader"))
    assert rf.open_entry_hexes(st, "R/A") == ["0501"]  # two units (the leader does not count) + one = three
    execute(st, cm.EnterReinforcement("R/A", ("0501",)))


def test_11_0A_15_4A_a_leader_enters_a_full_entry_hex():
    st = entry_hex_with(("x1", "infantry"), ("x2", "infantry"), ("x3", "infantry"))
    assert rf.open_entry_hexes(st, "R/A") == []
    assert refusal(st, cm.EnterReinforcement("R/A", ("0501",))).rule == "11.0A"
    assert rf.open_entry_hexes(st, "Ldr") == ["0501"]
    execute(st, cm.EnterReinforcement("Ldr", ("0501",)))


def test_10_6_1A_only_the_hexes_coded_with_the_units_own_entry_area():
    b = ScenarioBuilder(10, 6)
    b.road("0301", "0302", road="N3").road("0501", "0502", road="N5")
    b.entry("0301", "B").entry("0501", "A")
    b.unit("R/A", "Allied", arrival="18DecAM", entry=("A",))
    st = b.state(turn="18DecAM", side="Allied", phase=Phase.MOVEMENT)
    assert rf.entry_hexes(st, "R/A") == ["0501"]
    assert refusal(st, cm.EnterReinforcement("R/A", ("0301",))).rule == "10.6.1A"  # area B's hex


def end_phase_events(st):
    """The events EndPhase gives, with the phase-change bookkeeping left out."""
    return [e for e in check(st, cm.EndPhase()) if e.kind in ("unit_entered", "reinforcement_delayed")]


def test_10_6_3A_a_due_unit_no_command_can_enter_is_placed_on_its_first_open_entry_hex():
    """The defaults of end_of_movement_events: armour due at two marsh road hexes, each with a
    friendly unit (no road march into them, 10.2E prohibits the marsh): no EnterReinforcement is
    accepted, so the phase may end, and the units are not withheld (10.6.3A)."""
    b = ScenarioBuilder(10, 6)
    b.road("0501", "0502", road="N5").road("0701", "0702", road="N7").entry("0501", "A").entry("0701", "A")
    b.terrain(["0501", "0701"], "marsh")
    for u in ("M1", "M2"):
        b.unit(u, "Allied", "armor", (4, 4, 8), (2, 2, 8), arrival="18DecAM", entry=("A",))
    b.unit("x1", "Allied", at="0501").unit("x2", "Allied", at="0701")
    st = b.state(turn="18DecAM", side="Allied", phase=Phase.MOVEMENT)
    assert rf.open_entry_hexes(st, "M1") == ["0501", "0701"]
    assert refusal(st, cm.EnterReinforcement("M1", ("0501",))).rule == "10.2E"
    assert end_phase_events(st) == [events.UnitEntered(unit="M1", hex="0501", strategic=False),
                                    events.UnitEntered(unit="M2", hex="0501", strategic=False)]


def test_10_6_3C_blocked_with_no_other_road_hex_on_the_edge_it_waits_at_its_own_hex_next_turn():
    b = ScenarioBuilder(8, 6)
    b.road("0501", "0502", road="N5").entry("0501", "A")
    b.unit("R/A", "Allied", arrival="18DecAM", entry=("A",))
    b.unit("g/1", "German", at="0501")
    st = b.state(turn="18DecAM", side="Allied", phase=Phase.MOVEMENT)
    assert rf.delay_alternatives(st, "R/A") == []
    assert end_phase_events(st) == [events.ReinforcementDelayed(unit="R/A", turn=st.turn + 1, hex="0501")]


def test_10_6_1A_a_unit_whose_entry_area_is_on_no_hex_of_the_map_waits_a_turn():
    b = ScenarioBuilder(8, 6)
    b.road("0501", "0502", road="N5").entry("0501", "A")
    b.unit("R/Z", "Allied", arrival="18DecAM", entry=("Z",))
    st = b.state(turn="18DecAM", side="Allied", phase=Phase.MOVEMENT)
    assert end_phase_events(st) == [events.ReinforcementDelayed(unit="R/Z", turn=st.turn + 1, hex="")]


def _phase(st, phase):
    st.phase = phase
    return st


def _at(st, unit, h):
    st.pos[unit] = h
    return st


def _owed(st):
    st.hold_off_owed["N"] = 4
    return st


def _marsh():
    b = ScenarioBuilder(8, 6)
    b.road("0501", "0502", road="N5").entry("0501", "A").terrain("0501", "marsh")
    b.unit("R/A", "Allied", "armor", (4, 4, 8), (2, 2, 8), arrival="18DecAM", entry=("A",))
    b.unit("x1", "Allied", at="0501")
    return b.state(turn="18DecAM", side="Allied", phase=Phase.MOVEMENT)


@pytest.mark.parametrize("state,unit,path,strategic,text,rule,hex_", [
    (north_edge, "nobody", ("0501",), False, "unknown unit 'nobody'", "", None),
    (lambda: _phase(north_edge(), Phase.COMBAT), "R/A", ("0501",), False,
     "R/A reinforcements enter in the owner's Movement Phase (10.6.1A)", "10.6.1A", None),
    (lambda: north_edge(turn="17DecAM"), "R/A", ("0501",), False,
     "R/A is not a reinforcement due this turn (10.6A)", "10.6A", None),
    (north_edge, "R/A", (), False, "R/A needs an entry hex (10.6.1A)", "10.6.1A", None),
    (north_edge, "R/A", ("0801",), False,
     "R/A cannot enter at 0801: not one of its entry hexes ['0501', '1201'] (10.6.1A)", "10.6.1A", "0801"),
    (lambda: _at(north_edge(), "g/1", "0501"), "R/A", ("0501",), False,
     "R/A cannot enter at 0501: blocked by enemy units or a German exit marker (10.6.3B)", "10.6.3B", "0501"),
    (lambda: _owed(north_edge()), "R/A", ("0501",), False,
     "R/A cannot enter at 0501: Allied units must be held off the N edge for German exits (4 attack strength "
     "still owed) (10.7.2C)", "10.7.2C", "0501"),
    (lambda: north_edge(star=True), "R/A", ("0501",), True,
     "R/A is starred: may not enter in strategic movement (10.6.2C)", "10.6.2C", None),
    (_marsh, "R/A", ("0501",), False, "R/A cannot enter 0501: prohibited terrain (10.2E)", "10.2E", "0501"),
    (lambda: _at(north_edge(), "g/1", "0601"), "R/A", ("0501", "0502"), False,
     "R/A cannot continue from 0501: entered an enemy ZOC (12.1A)", "12.1A", "0501"),
    (lambda: _at(north_edge(), "g/1", "0601"), "R/A", ("0501",), True,
     "R/A cannot enter 0501 in strategic movement: enemy ZOC (12.2)", "12.2", "0501"),
])
def test_10_6_each_entry_refusal_names_the_unit_the_hex_and_its_clause(state, unit, path, strategic, text, rule,
                                                                         hex_):
    e = refusal(state(), cm.EnterReinforcement(unit, path, strategic=strategic))
    assert (str(e), e.rule, e.hex) == (text, rule, hex_)
    assert e.unit == (unit if rule else None)


def test_11_0A_the_full_entry_hex_refusal_reads_whole():
    st = entry_hex_with(("x1", "infantry"), ("x2", "infantry"), ("x3", "infantry"))
    e = refusal(st, cm.EnterReinforcement("R/A", ("0501",)))
    assert (str(e), e.unit, e.hex) == ("R/A cannot enter at 0501: more than three units in the hex (11.0A)", "R/A",
                                       "0501")


def rough_entry(*kw_units: tuple[str, str]):
    """Area A at the rough road hex 0501 (road 1 MP, terrain 2 MP for infantry); due: R/A, the leader Ldr."""
    b = ScenarioBuilder(8, 8)
    b.road("0501", "0502", "0503", road="N5").entry("0501", "A").terrain("0501", "rough")
    b.unit("R/A", "Allied", arrival="18DecAM", entry=("A",))
    b.unit("Ldr", "Allied", "leader", (0, 0, 5), None, arrival="18DecAM", entry=("A",))
    for u, h in kw_units:
        b.unit(u, "Allied", at=h)
    return b.state(turn="18DecAM", side="Allied", phase=Phase.MOVEMENT, optional=("15",))


def entry_mp(st, unit, path=("0501",), strategic=False):
    return check(st, cm.EnterReinforcement(unit, path, strategic=strategic))[-1].mp


def test_10_6_1B_10_5_the_entry_hex_costs_the_road_rate():
    assert entry_mp(rough_entry(), "R/A") == TICKS
    assert entry_mp(rough_entry(), "R/A", ("0501", "0502", "0503")) == 3 * TICKS


def test_11_2A_with_a_friendly_unit_in_the_entry_hex_it_costs_the_terrain():
    st = rough_entry(("x", "0501"))
    assert entry_mp(st, "R/A") == 2 * TICKS
    assert entry_mp(st, "R/A", ("0501", "0502")) == 3 * TICKS  # 11.2A also when leaving it


def test_15_4B_a_leader_enters_over_a_friendly_unit_at_the_road_rate():
    """(old) The entry hex cost the leader its terrain, as for any unit, when a friend stood there."""
    st = rough_entry(("x", "0501"))
    assert entry_mp(st, "Ldr") == TICKS
    assert entry_mp(st, "Ldr", ("0501", "0502")) == 2 * TICKS


def test_20_4_2C_an_interdicted_entry_hex_costs_the_terrain():
    st = rough_entry()
    st.interdicted["0501"] = st.turn
    assert entry_mp(st, "R/A") == 2 * TICKS


def test_10_4_2A_in_strategic_movement_an_entry_hex_of_enemy_road_control_costs_the_terrain():
    st = rough_entry()
    assert entry_mp(st, "R/A", strategic=True) == TICKS // 5  # 10.4.2C: 1/5 MP per friendly road hex
    st.road_control["0501"] = "German"
    assert entry_mp(st, "R/A", strategic=True) == 2 * TICKS // 5  # the rough terrain at strategic rates

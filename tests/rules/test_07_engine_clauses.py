"""The engine's own refusals and automatic work pinned clause by clause: each test names the clause
whose refusal (clause, unit and words) or whose behaviour a mutant of darkdec_qt/rules/engine.py
changed unnoticed (packaging/mutation.sh engine)."""

from types import SimpleNamespace

from darkdec_qt.rules import engine
from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core import events as ev
from darkdec_qt.rules.core.errors import MalformedCommand
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.core.tables import TICKS
from darkdec_qt.rules.engine import check
from tests.rules.builder import ScenarioBuilder
from tests.rules.rules_helpers import refusal
from tests.rules.test_16_bridges import bridge_map


def _road_map(side: str = "German", phase: Phase = Phase.MOVEMENT):
    b = ScenarioBuilder(10, 8)
    b.road("0303", "0403", "0503", "0603")
    b.unit("A", "German", "volksgrenadier", (3, 4, 5), (2, 2, 5), at="0403")
    b.unit("E", "Allied", at="0808")
    return b.state(turn="20DecAM", side=side, phase=phase)


def test_7_2F_nothing_is_done_once_the_game_is_over():
    st = _road_map()
    st.game_over = True
    err = refusal(st, cm.EndPhase())
    assert (str(err), err.rule) == ("the game is over (7.2F)", "7.2F")
    assert engine.end_phase_refusal(st).rule == "7.2F"
    assert list(engine.legal_commands(st)) == []


def test_6_0H_the_game_waits_for_start_game():
    st = _road_map()
    st.started = False
    err = refusal(st, cm.EnterStrategic("A"))
    assert type(err) is MalformedCommand and (str(err), err.rule) == ("the game has not started (StartGame)", "")
    evs = check(st, cm.StartGame())
    assert evs[0] == ev.PhaseBegan(turn=st.turn, side="German", phase="movement")
    assert list(engine.legal_commands(st)) == [cm.StartGame()]
    st.to_place = {"A": ("0403",)}  # 6.0H: a unit still to set up
    assert list(engine.legal_commands(st)) == []


def test_a_command_the_engine_does_not_know_is_malformed():
    st = _road_map()
    err = refusal(st, SimpleNamespace(kind="no_such_command"))
    assert type(err) is MalformedCommand and str(err) == "unknown command 'no_such_command'"
    err = refusal(st, cm.EnterStrategic("Nobody"))
    assert type(err) is MalformedCommand and str(err) == "unknown unit 'Nobody'"


def test_10_4_1A_a_unit_off_the_map_or_out_of_its_movement_phase_does_not_enter_strategic_movement():
    st = _road_map()
    del st.pos["A"]
    err = refusal(st, cm.EnterStrategic("A"))
    assert (str(err), err.rule, err.unit) == ("A is not on the map (10.4.1A)", "10.4.1A", "A")
    st = _road_map(phase=Phase.COMBAT)
    err = refusal(st, cm.EnterStrategic("A"))
    assert (str(err), err.rule, err.unit) == ("A cannot do this in the German combat phase (10.4.1A)", "10.4.1A", "A")
    st = _road_map(side="Allied")  # the Allied Movement Phase: a German unit gives no command
    err = refusal(st, cm.EnterStrategic("A"))
    assert str(err) == "A cannot do this in the Allied movement phase (10.4.1A)"


def test_10_4_1D_strategic_movement_costs_half_the_printed_ma_rounded_up():
    st = _road_map()
    assert check(st, cm.EnterStrategic("A")) == [ev.StrategicEntered(unit="A", mp=3 * TICKS)]


def test_16_1D_the_die_comes_from_the_games_dice_source_at_the_games_count():
    asked: list[int] = []

    def source(value):
        def roll(index: int) -> int:
            asked.append(index)
            return value
        return roll

    st = bridge_map()
    evs = check(st, cm.BlowBridge("Near", "0505", "0605"), source(3))
    assert asked == [st.dice_count] and [e.kind for e in evs] == ["die_rolled", "bridge_attempted", "bridge_blown"]
    evs = check(st, cm.BlowBridge("Near", "0505", "0605"), source(4))
    assert [e.kind for e in evs] == ["die_rolled", "bridge_attempted"]

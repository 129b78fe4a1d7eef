"""The engine's own refusals and automatic work pinned clause by clause: each test names the clause
whose refusal (clause, unit and words) or whose behaviour a mutant of darkdec_qt/rules/engine.py
changed unnoticed (packaging/mutation.sh engine)."""

import random
from types import SimpleNamespace

from darkdec_qt import hexgrid
from darkdec_qt.rules import engine
from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core import events as ev
from darkdec_qt.rules.core.errors import MalformedCommand
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.core.tables import TICKS
from darkdec_qt.rules.engine import check
from darkdec_qt.rules.movement import move as movement
from tests.rules.builder import ScenarioBuilder
from tests.rules.rules_helpers import cursor, refusal
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


def _eight_german_units():
    b = ScenarioBuilder(14, 10)
    b.road("0202", "0302", "0402")
    for i, h in enumerate(("0202", "0204", "0206", "0208", "0502", "0505", "0508", "0702")):
        b.unit(f"G{i}", "German", "volksgrenadier", (3, 4, 5), (2, 2, 5), at=h)
    b.unit("E", "Allied", at="1306")
    return b.state(turn="20DecAM", side="German", phase=Phase.MOVEMENT)


def _moves(commands) -> dict[str, list[tuple[str, ...]]]:
    out: dict[str, list[tuple[str, ...]]] = {}
    for c in commands:
        if c.kind == "move":
            out.setdefault(c.units[0], []).append(c.path)
    return out


def test_7_1_3_every_unit_and_destination_is_listed_without_a_random_sample():
    st = _eight_german_units()
    cmds = list(engine.legal_commands(st))
    assert cmds[0] == cm.EndPhase()
    assert cm.EnterStrategic("G0") in cmds  # the one unit on a road
    assert [c for c in cmds if c.kind == "enter_strategic"] == [cm.EnterStrategic("G0")]
    moves = _moves(cmds)
    assert sorted(moves) == [f"G{i}" for i in range(8)]
    for u, paths in moves.items():
        dests = movement.legal_destinations(st, (u,))
        assert sorted(paths) == sorted(p for _, p in dests.values()), u


def test_7_1_3_self_play_samples_six_units_and_always_offers_the_move_closest_to_the_enemy():
    st = _eight_german_units()
    near = engine.enemy_distance(st, "Allied")
    for seed in range(3):
        for per_unit in (1, 3):
            moves = _moves(engine.legal_commands(st, rng=random.Random(seed), per_unit=per_unit))
            assert len(moves) == 6, (seed, per_unit)
            for u, paths in moves.items():
                dests = movement.legal_destinations(st, (u,))
                best = min(dests, key=lambda h: (near[h], h))
                assert len(paths) == per_unit and len(set(paths)) == per_unit
                assert dests[best][1] in paths, (seed, u)


def test_7_1_3_self_play_with_no_enemy_on_the_map_or_no_move_left_offers_no_move():
    st = _eight_german_units()
    del st.pos["E"]
    moves = _moves(engine.legal_commands(st, rng=random.Random(0), per_unit=2))
    assert len(moves) == 6 and all(len(p) == 2 for p in moves.values())
    st = _eight_german_units()
    st.stopped.update(st.pos)  # 12.1A: nobody may move
    cmds = list(engine.legal_commands(st, rng=random.Random(0)))
    assert cmds[0] == cm.EndPhase() and not _moves(cmds)


def test_enemy_distance_counts_hexes_from_the_nearest_enemy_unit_and_follows_the_units():
    st = _eight_german_units()
    near = engine.enemy_distance(st, "Allied")
    assert near["1306"] == 0 and near["1206"] == 1 and near["1106"] == 2 and near["0202"] == hexgrid.distance("0202", "1306")
    assert engine.enemy_distance(st, "Allied") == near  # asked again: the same answer
    st.pos["E"] = "0909"
    moved = engine.enemy_distance(st, "Allied")
    assert moved["0909"] == 0 and moved["1306"] == hexgrid.distance("1306", "0909")
    assert engine.enemy_distance(st, "German")["0202"] == 0


def test_enemy_distance_never_answers_from_another_modules_map():
    st = _eight_german_units()
    sources = frozenset({"1306"})
    engine._NEAR_CACHE[(id(st.module), sources)] = (object(), {"1306": 99})  # a freed module's id reused
    assert engine.enemy_distance(st, "Allied")["1306"] == 0


def test_10_6_3A_11_0C_17_2_the_end_of_a_movement_phase_does_all_its_work_in_order():
    b = ScenarioBuilder(14, 12)
    b.road("0501", "0502", "0503", road="N5")
    b.entry("0501", "A")
    b.unit("R/A", "Allied", "infantry", (3, 4, 5), arrival="18DecAM", entry=("A",))
    for i in range(4):
        b.unit(f"S{i}", "Allied", at="0808")
    b.unit("g/1", "German", at="1010")
    st = b.state(turn="18DecAM", side="Allied", phase=Phase.MOVEMENT)
    st.fortifications.add("0303")
    evs = engine.end_of_phase_events(st, cursor(st))
    # 10.6.3A the reinforcement not withheld is placed, 11.0C the fourth unit of the stack is
    # eliminated, 17.2B the vacant fortification is removed: every one of them, in that order
    assert [(e.kind, getattr(e, "unit", getattr(e, "hex", None))) for e in evs] == [
        ("unit_entered", "R/A"), ("unit_eliminated", "S3"), ("fortification_removed", "0303")]


def test_24_0_the_weather_is_rolled_when_the_german_supply_phase_begins():
    b = ScenarioBuilder(10, 8)
    b.unit("A", "German", at="0403").unit("E", "Allied", at="0808")
    st = b.state(turn="22DecAM", side="German", phase=Phase.SUPPLY, optional=("24",))
    evs = engine.start_of_phase_events(st, cursor(st))
    assert [e.kind for e in evs if e.kind in ("die_rolled", "weather_set")][:2] == ["die_rolled", "weather_set"]

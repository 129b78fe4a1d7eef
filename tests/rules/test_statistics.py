"""The game's statistics by turn (game/statistics.py): steps lost (5.1D), objective towns held,
the verdict's margin, units on the map, exits (10.7), read one event at a time, and what fog of
war (25.0) lets a side see of them."""

from darkdec_qt.game.selfplay import selfplay
from darkdec_qt.game.statistics import Statistics, series
from darkdec_qt.rules.combat import events as ce
from darkdec_qt.rules.combat.battle_state import BattleState
from darkdec_qt.rules.core import events as ev
from darkdec_qt.rules.core.apply import apply
from darkdec_qt.rules.core.phases import Phase
from tests.rules.builder import ScenarioBuilder


def small_front():
    b = ScenarioBuilder(10, 10)
    for h, name in (("0303", "Bastogne"), ("0505", "St. Vith"), ("0707", "Houffalize"), ("0909", "Marche")):
        b.town(h, name)
    b.road("0105", "0205", road="W5").entry("0105", "G")
    b.unit("G1", "German", "infantry", (4, 4, 5), (2, 2, 5), at="0202")
    b.unit("G2", "German", "infantry", (2, 2, 5), None, at="0202")  # one step only
    b.unit("G3", "German", "armor", (6, 5, 8), (3, 3, 8), at="0505")
    b.unit("Pz", "German", "armor", (6, 5, 8), (3, 3, 8), at="0105")
    b.unit("A1", "Allied", "infantry", (3, 4, 5), (2, 2, 5), at="0303")
    b.unit("A2", "Allied", "infantry", (3, 4, 5), (2, 2, 5), at="0707")
    return b.state(turn="17DecAM", side="German", phase=Phase.MOVEMENT)


def battle(attacker="German", defenders=("A2",)):
    data = BattleState(id=1, attacker_side=attacker, attackers=("G3",), defenders=defenders).to_json()
    return [ce.BattleDeclared(id=1, attacker_side=attacker, attackers=("G3",), defenders=defenders),
            ce.BattleStage(data=data)]


def scripted():
    """Two game turns of a small front, written out: what the log says, turn by turn."""
    return [
        ev.PhaseBegan(turn=3, side="German", phase="movement"),  # 17 Dec AM
        ev.UnitEliminated(unit="G2", reason="surrendered (8.6E)", surrendered=True),  # 1 step, not announced
        ev.StepLost(unit="G1", reason="air attack (20.4.1)"),  # 1 step, announced (the Allies flew it)
        *battle(),
        ev.UnitEliminated(unit="A2", reason="DE (13.5.1)"),  # 2 steps in a battle: announced
        ce.BattleEnded(id=1),
        ev.UnitExited(unit="Pz", hex="0105", edge="W", owed=6),
        ev.PhaseBegan(turn=4, side="Allied", phase="movement"),  # 17 Dec PM
        ev.StepLost(unit="A1", reason="overstacked"),  # 1 step, not announced
        ev.UnitEliminated(unit="G1", reason="overstacked in 0202 (11.0C)"),  # reduced: 1 step, not announced
    ]


def test_scripted_game_figures_by_turn_match_the_log():
    st = small_front()
    stats = Statistics(st)
    stats.extend(scripted())
    f = stats.figures()
    assert [(t.turn, t.code) for t in f] == [(3, "17DecAM"), (4, "17DecPM")]
    assert f[0].steps_lost == {"German": 2, "Allied": 2} and f[0].announced == {"German": 1, "Allied": 2}
    assert f[1].steps_lost == {"German": 1, "Allied": 1} and f[1].announced == {"German": 0, "Allied": 0}
    end3, now = f[0].at_end, f[1].at_end
    assert f[0].end == 8 and f[1].end is None
    assert end3.units == {"German": 2, "Allied": 1} and end3.stacks == {"German": 2, "Allied": 1}
    # G3 stands in St. Vith; Houffalize was A2's, now empty: the Allies last held it (5.7C, no road)
    assert end3.towns == {"German": 1, "Allied": 3}
    assert end3.exited == {"German": 1, "Allied": 0} and end3.exit_strength == {"A": 6, "B": 0}  # area G: A
    assert end3.level == "Allied" and end3.margin == -1
    assert now.units == {"German": 1, "Allied": 1}


def test_series_cumulative_and_what_fog_of_war_shows_each_side():
    stats = Statistics(small_front())
    stats.extend(scripted())
    full = series(stats.figures())
    steps = {s.side: s.points for s in full["steps"].series}
    assert steps == {"German": ((3, 2.0), (4, 3.0)), "Allied": ((3, 2.0), (4, 3.0))}
    assert full["steps"].labels == {3: "17DecAM", 4: "17DecPM"}
    # 25.0: the Allied player learns of German losses in battles and air attacks only
    allied = series(stats.figures(), "Allied")
    steps = {s.name: s.points for s in allied["steps"].series}
    assert steps == {"German (announced)": ((3, 1.0), (4, 1.0)), "Allied": ((3, 2.0), (4, 3.0))}
    units = {s.name: s.points for s in allied["units"].series}
    assert units == {"German stacks": ((3, 2.0), (4, 1.0)), "Allied": ((3, 1.0), (4, 1.0))}
    assert "25.0A" in allied["units"].note and not full["units"].note
    margin = allied["margin"].series[0].points
    assert margin == ((3, -1.0), (4, -1.0)) and allied["margin"].levels == {-1: "Allied"}


def test_reading_one_event_at_a_time_equals_reading_the_whole_log_and_the_replay_position(module):
    game = selfplay(module, "campaign", 3, turns=3)
    events = game.events
    whole = Statistics(game.initial)
    whole.extend(events)
    live = Statistics(game.initial)
    for k in range(0, len(events) + 1, 37):
        live.sync(events[:k])
    live.sync(events)
    assert live.figures() == whole.figures()
    # steps lost by side and turn: every StepLost a step, every elimination the steps it had left
    s, by_turn = game.initial.clone(), {}
    for e in events:
        if e.kind in ("step_lost", "unit_eliminated") and not module.units[e.unit].is_leader:
            n = 1 if e.kind == "step_lost" or module.units[e.unit].reduced is None or e.unit in s.reduced else 2
            key = (s.turn, module.units[e.unit].side)
            by_turn[key] = by_turn.get(key, 0) + n
        apply(s, e)
    got = {(t.turn, side): n for t in whole.figures() for side, n in t.steps_lost.items() if n}
    assert got == by_turn and got
    # the moment after i events: as if the log stopped there
    for i in (1, len(events) // 2, len(events) - 5):
        cut = Statistics(game.initial)
        cut.extend(events[:i])
        assert whole.at(i) == cut.figures()
        assert whole.at(i, game.state_at(i)) == cut.figures()
    last = whole.figures()[-1].at_end
    assert last.units["German"] == sum(1 for u in game.state.pos if module.units[u].side == "German"
                                       and not module.units[u].is_leader)


def test_an_undone_tail_is_forgotten_and_the_new_one_read(module):
    game = selfplay(module, "campaign", 5, turns=2)
    events = game.events
    phase = max(i for i, e in enumerate(events) if e.kind == "phase_began") + 1
    stats = Statistics(game.initial)
    stats.sync(events)
    undone = events[:phase]  # back to the last phase's start (undo stops there)
    stats.sync(undone)
    fresh = Statistics(game.initial)
    fresh.extend(undone)
    assert stats.figures() == fresh.figures()
    replaced = undone + [ev.StepLost(unit=next(u for u in game.state.pos
                                                if module.units[u].side == "Allied"), reason="test")]
    stats.sync(events)
    stats.sync(replaced)
    fresh.extend(replaced[len(undone):])
    assert stats.figures() == fresh.figures()
    assert stats.figures()[-1].steps_lost["Allied"] == fresh.figures()[-1].steps_lost["Allied"]

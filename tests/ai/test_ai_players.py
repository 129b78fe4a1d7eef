"""The computer opponent plays every scenario, variant and optional rule with
commands the engine accepts, handles every decision kind it meets, and narrates.

CI plays every scenario, every group of the Campaign's variants, and Herbstnebel and the
Campaign with every optional rule, each as a whole game to its verdict at the lowest level
(both sides; about 3.5 minutes in all); stronger levels play whole games in
benchmarks/ai.py (docs/ai.md)."""

from __future__ import annotations

import collections

import pytest

from darkdec_qt.ai import tournament as tn
from darkdec_qt.ai.base import RandomPlayer, decider
from darkdec_qt.ai.match import Record, new_game, play
from darkdec_qt.ai.players import AIPlayer, make_player
from darkdec_qt.game.session import Game
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.notes import Note
from darkdec_qt.rules.narrate import describe


def _play(module, scenario: str, turns: int | None, variants=None, optional=None, level: str = "easy",
          seed: str = "1", kinds: collections.Counter | None = None) -> tuple[Game, Record]:
    """``turns`` game turns from the scenario's first (None: the whole game); ``kinds``
    counts the kinds of the commands the players issue."""
    g = new_game(module, scenario, seed, variants=variants, optional=optional)
    players = {"German": make_player(f"ai:{level}", "g"), "Allied": make_player(f"ai:{level}", "a")}
    first = module.turn(module.scenarios[scenario].first_turn).number
    rec = play(g, players, until_turn=None if turns is None else first + turns,
               on_command=None if kinds is None else lambda game, cmd: kinds.update([cmd.kind]))
    return g, rec


def _whole_game(module, scenario: str, variants=None, optional=None) -> None:
    """The AI on both sides plays ``scenario`` to its verdict with commands the engine
    accepts only, and the log replays to the same state."""
    from darkdec_qt.rules.scenarios.victory import evaluate

    g, rec = _play(module, scenario, None, variants=variants, optional=optional)
    assert rec.illegal == []
    assert g.state.game_over and evaluate(g.state).final
    replayed = Game.from_log(module, scenario, "1", g.log_dicts(), optional=optional, variants=variants)
    assert replayed.state.state_hash() == g.state.state_hash()


@pytest.mark.slow
@pytest.mark.parametrize("scenario", ["reduction", "extended", "turning_point", "final_fury", "campaign",
                                      "herbstnebel"])  # the longest first (pytest_collection_modifyitems)
def test_ai_plays_every_scenario_to_its_end_with_legal_commands_only(module, scenario):
    _whole_game(module, scenario)


def _groups() -> list[tuple[str, ...]]:
    """The Campaign's variants packed into groups the engine accepts together
    (options.check_choices), each variant in exactly one group."""
    from darkdec_qt.rules.core.options import VARIANTS, check_choices

    groups: list[list[str]] = []
    todo = ["26.5", "26.16", "26.18"] + [v for v in VARIANTS if v not in ("26.5", "26.16", "26.18")]
    for v in todo:
        for g in groups:
            try:
                check_choices(set(), set(g) | {v})
            except IllegalAction:
                continue
            g.append(v)
            break
        else:
            groups.append([v])
    for g in groups:
        check_choices(set(), set(g))
    return [tuple(g) for g in groups]


VARIANT_GROUPS = _groups()


@pytest.mark.slow
@pytest.mark.parametrize("variants", VARIANT_GROUPS, ids=["+".join(v) for v in VARIANT_GROUPS])
def test_ai_plays_the_campaign_to_its_end_with_every_variant(module, variants):
    _whole_game(module, "campaign", variants=variants)


@pytest.mark.slow
@pytest.mark.parametrize("scenario", ["herbstnebel", "campaign"])
def test_ai_plays_to_the_end_with_every_optional_rule(module, scenario):
    _whole_game(module, scenario, optional=tuple(module.scenarios[scenario].optional_rules))


def test_every_decision_kind_met_was_handled_by_the_ai(module):
    """Over a whole Herbstnebel game (about a second): movement, battles from both sides of
    the table (the defender's declarations and result choices), notes, each issued by the
    AI and accepted by the engine. It plays its own game, so it holds whichever test process
    (pytest-xdist worker) runs it."""
    kinds: collections.Counter = collections.Counter()
    _, rec = _play(module, "herbstnebel", None, kinds=kinds)
    assert rec.illegal == []
    for kind in ("start_game", "end_phase", "move", "declare_battle", "defender_declares", "resolve_battle",
                 "choose_defender_result", "note"):
        assert kinds[kind] > 0, (kind, dict(kinds))


def test_the_ai_narrates_its_plan_and_battles_in_the_log(module):
    g, _ = _play(module, "herbstnebel", 1, level="normal")
    notes = [describe(e, module) for e in g.events if e.kind == "note_made"]
    assert any(n.startswith("German note: 16DecAM: German push toward") for n in notes), notes
    battles = [n for n in notes if n.startswith("German note: attack ")]
    assert battles and all(" at " in n and "% to force it): " in n for n in battles)
    declared = sum(1 for b in g.batches if b.command.kind == "declare_battle")
    assert declared >= len(battles)


def test_a_note_changes_nothing_and_replays_identically(module):
    g = new_game(module, "herbstnebel", "3")
    from darkdec_qt.rules.core.commands import StartGame

    g.execute(StartGame())
    before = g.state.state_hash()
    events = g.execute(Note(side="German", text="  push  toward St. Vith "))
    assert [e.kind for e in events] == ["note_made"] and events[0].text == "push toward St. Vith"
    assert g.state.state_hash() == before
    back = Game.from_log(module, "herbstnebel", "3", g.log_dicts())
    assert back.state.state_hash() == before and back.batches[-1].command == g.batches[-1].command
    with pytest.raises(IllegalAction):
        g.execute(Note(side="Soviet", text="x"))
    with pytest.raises(IllegalAction):
        g.execute(Note(side="Allied", text="   "))


def test_decider_follows_the_battle_task_and_the_reaction_phase(module):
    g = new_game(module, "herbstnebel", "1")
    assert decider(g.state) == "German"  # set-up and start belong to the German player
    p = {"German": make_player("ai:easy", "g"), "Allied": make_player("ai:easy", "a")}
    seen = set()

    def watch(game, cmd):
        s = game.state
        if s.battle is not None and s.battle.task and s.battle.task[0] == "declare":
            seen.add(decider(s))

    play(g, p, until_turn=2, on_command=watch)
    assert seen == {"Allied"}  # the defender declares (13.3.3A) although the Germans are phasing


def test_make_player_names_and_refuses_unknown_players():
    assert make_player("random").name == "random"
    assert make_player("greedy").name == "greedy"
    assert make_player("ai").name == "ai:normal"
    assert isinstance(make_player("ai:hard"), AIPlayer)
    assert isinstance(make_player("random"), RandomPlayer)
    with pytest.raises(ValueError):
        make_player("ai:godlike")
    with pytest.raises(ValueError):
        make_player("minimax")


def test_wilson_interval_and_elo_known_values():
    lo, hi = tn.wilson(8, 10)
    assert lo == pytest.approx(0.4902, abs=1e-3) and hi == pytest.approx(0.9433, abs=1e-3)
    lo, hi = tn.wilson(0, 20)
    assert lo == 0.0 and hi == pytest.approx(0.1611, abs=1e-3)
    assert tn.elo(0.75) == pytest.approx(190.85, abs=0.1)
    assert tn.elo(0.5) == 0.0
    assert tn.elo(1.0, 20) == pytest.approx(400 * __import__("math").log10(20.5 / 0.5), abs=0.1)


def test_tournament_table_counts_sides_and_draws():
    jobs = tn.jobs_for("A", "B", "herbstnebel", 4)
    assert [j.german for j in jobs] == ["A", "B", "A", "B"]
    res = [tn.GameResult(jobs[0], "German", "Marginal", 1, 0, 6), tn.GameResult(jobs[1], "German", "C", 1, 0, 6),
           tn.GameResult(jobs[2], "none", "Draw", 1, 0, 6), tn.GameResult(jobs[3], "Allied", "Allied", 1, 0, 6)]
    st = tn.standings(res, "A", "B")["A"]
    assert (st["German"].wins, st["German"].draws, st["German"].losses) == (1, 1, 0)
    assert (st["Allied"].wins, st["Allied"].losses) == (1, 1)
    assert st["all"].score == 2.5
    assert "Wilson" in tn.table(res, "A", "B", "herbstnebel")
    # the margin: A won Marginal as German (+1), drew (0); as Allied it conceded a C (-1) and won (+1)
    assert tn.margins(res, "A") == {"German": 0.5, "Allied": 0.0, "all": 0.25}
    big = tn.GameResult(jobs[1], "German", "Decisive", 1, 0, 6)
    assert tn.margin(big) == 2 and tn.margins([big], "A") == {"Allied": -2.0, "all": -2.0}
    assert "margin" in tn.table(res, "A", "B", "herbstnebel")


def test_ai_sets_up_freely_near_the_historical_positions_and_plays(module):
    """6.1 free set-up: the AI places each German unit on the legal hex nearest its 6.2
    historical position (one PlaceUnit each, every one accepted by 6.1A-E), not the
    engine's first-legal-hex fill (AutoSetup), which puts the 1st SS on the north edge."""
    from darkdec_qt import hexgrid
    from darkdec_qt.rules.scenarios.setup import HISTORICAL_SETUP_TURN

    g = new_game(module, "herbstnebel", "2", setup="free")
    waiting = set(g.state.to_place)
    assert waiting and not g.state.started
    players = {"German": make_player("ai:easy", "g"), "Allied": make_player("ai:easy", "a")}
    rec = play(g, players, until_turn=2)
    assert rec.illegal == [] and g.state.turn == 2 and not g.state.to_place
    hist = module.historical_positions(HISTORICAL_SETUP_TURN)
    placed = [b.command for b in g.batches if b.command.kind == "place_unit"]
    assert {c.unit for c in placed} == {u for u in waiting if u in hist}
    first = {c.unit: c.hex for c in placed}
    # 6.1B/C push some units east of their assault position, never far
    assert max(hexgrid.distance(h, hist[u]) for u, h in first.items()) <= 5
    assert hexgrid.distance(first["1/1SS"], hist["1/1SS"]) <= 3
    auto = new_game(module, "herbstnebel", "2", setup="auto").state
    assert hexgrid.distance(auto.pos["1/1SS"], hist["1/1SS"]) > 5  # what the AI no longer does


def test_history_facts_agree_with_the_verdict(module):
    from darkdec_qt.ai import history
    from darkdec_qt.rules.scenarios.victory import evaluate

    g, _ = _play(module, "campaign", 2, seed="5")
    f = history.facts(g)
    v = evaluate(g.state)
    assert f["st_vith_end"] == v.towns["St. Vith"] and f["bastogne_end"] == v.towns["Bastogne"]
    assert f["verdict"] == v.level and f["last_turn"] == g.state.turn_code()
    assert (f["st_vith_falls"] is None) == (f["st_vith_last_fall"] is None)
    if f["st_vith_end"] == "German":
        assert f["st_vith_last_fall"] is not None
    assert f["west_hex"] in module.hexes


def test_an_exit_hex_wants_a_garrison_while_a_panzer_march_away(module):
    """29.0 B: a German unit nine hexes from the empty exit 3901 (area C, the Eupen road)
    is one road march from leaving the map there; the Allied local score already asks for
    a garrison (at six hexes, the old watch, the exits fell unmanned), a town does not."""
    from darkdec_qt import hexgrid
    from darkdec_qt.ai import evaluation
    from darkdec_qt.ai import geography as geo
    from darkdec_qt.ai.local_score import EXIT_WATCH, TOWN_WATCH, LocalScore
    from darkdec_qt.rules import engine

    s = new_game(module, "campaign", "3").state
    far = [h for h in module.hexes if hexgrid.distance(h, "3901") == 9 and not module.hexes[h].army]
    german = next(u for u in sorted(s.on_map("German")) if not s.spec(u).is_leader)
    s.pos[german] = far[0]
    for u in [x for x in s.on_map("Allied") if hexgrid.distance(s.pos[x], "3901") <= 1]:
        s.pos[u] = "2020"  # nobody in or next to the exit
    ally = next(u for u in sorted(s.on_map("Allied")) if not s.spec(u).is_leader)
    near = engine.enemy_distance(s, "German")
    assert TOWN_WATCH < near["3901"] <= EXIT_WATCH
    tg = evaluation.targets(s)
    ctx = LocalScore(s, ally, "Allied", "German", geo.hex_sides(s), tg, {}, {}, near)
    neighbour = min((n for n in module.adjacency["3901"] if not module.hexes[n].entry), key=lambda n: n)
    assert ctx.score("3901") >= ctx.score(neighbour) + 20  # the garrison bonus (24)

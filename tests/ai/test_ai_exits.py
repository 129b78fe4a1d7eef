"""The Allied AI bars the north-edge exits (29.0 B, the Little Slam: 12 German attack points
off the map at areas B/C win the Campaign at once). Each test puts units on the real
Campaign map around exit 3901 (area C, the Eupen road over the Hohes Venn) and 3301."""

from __future__ import annotations

import pytest

from darkdec_qt import hexgrid
from darkdec_qt.ai import evaluation
from darkdec_qt.ai import geography as geo
from darkdec_qt.ai import threat as th
from darkdec_qt.ai.match import new_game
from darkdec_qt.rules.core.phases import Phase

EXIT = "3901"


def _clear(module):
    """A Campaign state with no unit within 6 hexes of the north-edge exits 3301/3901."""
    s = new_game(module, "campaign", "3").state
    for u in list(s.pos):
        if min(hexgrid.distance(s.pos[u], e) for e in ("3301", EXIT)) <= 6:
            s.pos[u] = "2020" if s.spec(u).side == "Allied" else "4520"
    return s


def _units(s, side, n):
    return [u for u in sorted(s.on_map(side)) if not s.spec(u).is_leader and s.strength(u)[0] > 0][:n]


def _next_to(module, h, n=1):
    return sorted(x for x in module.adjacency[h] if not module.hexes[x].entry)[:n]


def test_the_evaluation_counts_germans_on_an_exit_hex_and_at_an_empty_one(module):
    """29.0 B: Germans on an exit hex leave the map in their next move (W_POISED a point);
    next to an exit nobody holds they are one hex from it (W_AT_DOOR); an Allied garrison
    in the hex takes the second away."""
    s = _clear(module)
    occ = geo.hex_sides(s)
    assert evaluation.exit_threat(s, occ) == 0.0
    g = _units(s, "German", 1)[0]
    att = s.strength(g)[0]
    s.pos[g] = EXIT
    assert evaluation.exit_threat(s, geo.hex_sides(s)) == pytest.approx(evaluation.W_POISED * att)
    door = _next_to(module, EXIT)[0]
    s.pos[g] = door
    at_door = evaluation.exit_threat(s, geo.hex_sides(s))
    assert at_door >= evaluation.W_AT_DOOR * att  # (more if the hex also touches another exit)
    before = evaluation.german_score(s)
    ally = _units(s, "Allied", 1)[0]
    s.pos[ally] = EXIT
    assert evaluation.exit_threat(s, geo.hex_sides(s)) == pytest.approx(at_door - evaluation.W_AT_DOOR * att)
    assert evaluation.german_score(s) < before - evaluation.W_AT_DOOR * att  # the garrison is worth it


def test_an_exit_whose_defence_is_under_a_third_of_the_attack_in_reach_is_short(module):
    s = _clear(module)
    ally = _units(s, "Allied", 1)[0]
    s.pos[ally] = EXIT
    d = s.strength(ally)[1]
    germans = _units(s, "German", 12)
    far = [h for h in sorted(module.hexes) if hexgrid.distance(h, EXIT) == 3 and not module.hexes[h].entry
           and geo.distances(module, (EXIT,)).get(h, 99) <= th.REACH]
    assert far
    for g in germans:
        s.pos[g] = far[0]
    attack = sum(s.strength(g)[0] for g in germans)
    assert attack > th.HOLD_ODDS * d  # a stack the garrison cannot hold
    assert th.attack_within(s, EXIT) == attack and th.defence_at(s, EXIT) == d
    assert EXIT in th.short(s, [EXIT, "3301"]) and "3301" not in th.short(s, [EXIT, "3301"])
    for g in germans[1:]:
        s.pos[g] = "4520"  # one German left: the garrison suffices
    if s.strength(germans[0])[0] <= th.HOLD_ODDS * d:
        assert th.short(s, [EXIT]) == []


def test_a_second_unit_joins_an_exit_garrison_the_enemy_in_reach_would_throw_out(module):
    """Before, a garrison of one got 8 (one more unit) and a third got nothing, whatever
    stood in front of it: 3901 was held by one regiment against 40 attack points."""
    from darkdec_qt.ai.local_score import LocalScore
    from darkdec_qt.rules import engine

    s = _clear(module)
    first, second = _units(s, "Allied", 2)
    s.pos[first] = EXIT
    g = _units(s, "German", 12)
    spot = next(h for h in sorted(module.hexes) if hexgrid.distance(h, EXIT) == 3 and not module.hexes[h].entry
                and geo.distances(module, (EXIT,)).get(h, 99) <= th.REACH)

    def score_with(germans):
        for x in g:
            s.pos[x] = "4520"
        for x in germans:
            s.pos[x] = spot
        tg = evaluation.targets(s)
        near = engine.enemy_distance(s, "German")
        ctx = LocalScore(s, second, "Allied", "German", geo.hex_sides(s), tg, {}, {}, near)
        return ctx.score(EXIT)

    weak = score_with(g[:1])
    strong = score_with(g)
    assert th.attack_within(s, EXIT) > th.HOLD_ODDS * s.strength(first)[1]
    assert strong - weak >= 14.0 - 0.01 - 4.0  # the short-garrison bonus (less any adjacency terms)


def test_the_allies_send_troops_to_the_exit_that_is_short_not_to_the_one_held(module):

    s = _clear(module)
    s.side, s.phase = "Allied", Phase.MOVEMENT
    a1, a2, a3 = _units(s, "Allied", 3)
    for a in (a1, a2, a3):
        s.pos[a] = "3301"
    g = _units(s, "German", 12)
    spot = next(h for h in sorted(module.hexes) if hexgrid.distance(h, EXIT) == 3 and hexgrid.distance(h, "3301") >= 5
                and not module.hexes[h].entry and geo.distances(module, (EXIT,)).get(h, 99) <= th.REACH)
    for x in g:
        s.pos[x] = spot
    need = th.allied_need(s)
    assert EXIT in th.short(s, [EXIT, "3301"])
    assert need[EXIT] == 0 and need.get("3301", 99) > 0


def test_an_allied_attack_on_germans_standing_on_an_exit_is_worth_their_attack_points(module):
    from darkdec_qt.ai.battles import candidates

    s = _clear(module)
    s.side, s.phase, s.started = "Allied", Phase.COMBAT, True
    g = _units(s, "German", 2)
    for x in g:
        s.pos[x] = EXIT
    allies = _units(s, "Allied", 3)
    door = _next_to(module, EXIT)[0]
    for a in allies:
        s.pos[a] = door
    cands = [c for c in candidates(s, {}, {}) if c.target == EXIT]
    assert cands and "exit road" in cands[0].why
    poised = sum(s.strength(x)[0] for x in g)
    assert str(poised) in cands[0].why
    c = cands[0]
    worth = 3.0 + 10.0 + evaluation.W_EXIT * evaluation.W_POISED * poised  # a plain battle's 3, the exit's
    assert c.value >= c.p_win * worth - 2.0 * c.att_loss - 1e-9


def test_an_exit_the_enemy_could_win_by_comes_a_road_march_before_a_short_town(module):
    """29.0 A/B are sudden death: with enough German attack within a road march of an exit
    to win the game there, the Allied need map starts that exit a road march
    (SUDDEN_DEATH_LEAD) ahead of a town that is short as well, so only troops a road march
    nearer the town still go to it (before, every short hex pulled alike and the north
    edge stayed at three or four units against 60-80 attack points while greedy marched on
    3901: seed 841 of benchmarks/results/ai-allied-vs-greedy-campaign-2026-12-02-708250f.jsonl)."""

    s = _clear(module)
    s.side, s.phase = "Allied", Phase.MOVEMENT
    bastogne = module.town_hex("Bastogne")
    germans = _units(s, "German", 16)
    by_exit, by_town = germans[:12], germans[12:]
    spot = next(h for h in sorted(module.hexes) if hexgrid.distance(h, EXIT) == 3 and not module.hexes[h].entry
                and geo.distances(module, (EXIT,)).get(h, 99) <= th.REACH)
    near_town = next(h for h in sorted(module.hexes) if hexgrid.distance(h, bastogne) == 2
                     and geo.distances(module, (bastogne,)).get(h, 99) <= th.REACH)
    for x in by_town:
        s.pos[x] = near_town
    for x in by_exit:
        s.pos[x] = spot
    threatened = [EXIT, bastogne]
    threat = th.threats(s, threatened)
    assert set(th.short(s, threatened, threat)) == {EXIT, bastogne}
    assert threat[EXIT] >= th.points_left(s, EXIT) == 12  # the Little Slam in reach
    assert th.decisive(s, threatened, threat) == [EXIT]
    need = th.allied_need(s)
    lead = th.SUDDEN_DEATH_LEAD
    assert need[EXIT] == 0 and need[bastogne] == lead
    # too little in reach of the exit to win there: both short hexes pull alike again
    weak = [x for x in by_exit if s.strength(x)[0] <= 3][:1] or by_exit[:1]
    for x in by_exit:
        s.pos[x] = "4520" if x not in weak else spot
    threat = th.threats(s, threatened)
    assert threat[EXIT] < th.points_left(s, EXIT) and EXIT in th.short(s, threatened, threat)
    assert th.decisive(s, threatened, threat) == []
    need = th.allied_need(s)
    assert need[EXIT] == 0 and need[bastogne] == 0


def test_an_exit_at_areas_b_c_still_needs_the_little_slams_12_under_operation_luxembourg(module):
    """26.9B replaces only level A's exit hexes: an exit at 3901 (area C) still counts for
    29.0 B (victory.exit_group, the grouping exit_totals uses), so 12 points in reach of it
    are decisive there, not 20."""
    s = new_game(module, "campaign", "3", variants=("26.9",)).state
    assert EXIT in geo.exit_hexes(s)
    assert th.points_left(s, EXIT) == 12
    lux = [h for h in geo.exit_hexes(s) if module.hexes[h].row == 33]
    assert lux and all(th.points_left(s, h) == 20 for h in lux)
    assert th.decisive(s, [EXIT], {EXIT: 12}) == [EXIT] and th.decisive(s, [EXIT], {EXIT: 11}) == []

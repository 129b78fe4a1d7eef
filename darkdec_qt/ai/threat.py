"""Where the Allies are short (29.0 B, the Little Slam): the German attack strength within a
road march of an exit hex or objective town, against the Allied defence on it and next to
it. The Allies send troops where the defence falls short of a third of the attack that can
reach it (no battle at 3:1 or more), not to every threatened hex alike: against a German
army that marches everything on the nearest exit (greedy's Germans, 30-52 points off the
map at 3901 in one move, benchmarks/results/ai-vs-greedy-campaign-exit-watch-2026-12-01-b0fc766.jsonl) a regiment an exit is lost."""

from __future__ import annotations

from collections.abc import Iterable

from darkdec_qt.ai import evaluation
from darkdec_qt.ai import geography as geo
from darkdec_qt.rules import engine
from darkdec_qt.rules.core.state import GameState
from darkdec_qt.rules.scenarios import victory

REACH = 10  # march cost (geography.distances) from which a German unit strikes a hex next turn
HOLD_ODDS = 3  # a held hex wants defence of at least a third of the attack that can reach it
SUDDEN_DEATH_LEAD = 10  # march points by which an exit that could end the game comes before a short town


def attack_within(s: GameState, h: str, side: str = "German", reach: int = REACH) -> int:
    """``side``'s attack strength on the map within march cost ``reach`` of ``h``."""
    dist = geo.distances(s.module, (h,))
    units = s.module.units
    return sum(s.strength(u)[0] for u, x in s.pos.items()
               if units[u].side == side and not units[u].is_leader and dist.get(x, geo.FAR) <= reach)


def defence_at(s: GameState, h: str, side: str = "Allied", but: str = "") -> int:
    """``side``'s defence strength on ``h`` and next to it (the garrison and what bars the
    hexes around it), less unit ``but``."""
    near = {h, *s.module.adjacency.get(h, ())}
    units = s.module.units
    return sum(s.strength(u)[1] for u, x in s.pos.items()
               if x in near and u != but and units[u].side == side and not units[u].is_leader)


def threats(s: GameState, hexes: Iterable[str]) -> dict[str, int]:
    """Hex -> German attack within a road march of it."""
    return {h: attack_within(s, h) for h in hexes}


def short(s: GameState, hexes: Iterable[str], threat: dict[str, int] | None = None) -> list[str]:
    """The hexes whose Allied defence on and next to them is under a third of the German
    attack that can reach them."""
    threat = threat if threat is not None else threats(s, hexes)
    return sorted(h for h in hexes if threat.get(h, 0) > 0 and defence_at(s, h) * HOLD_ODDS < threat[h])


THRESHOLD = {"A": victory.EXIT_A_POINTS, "B": victory.EXIT_B_POINTS}  # 29.0 A/B


def points_left(s: GameState, h: str, done: dict[str, int] | None = None) -> int | None:
    """The attack strength still to exit for the victory that an exit by hex ``h`` counts
    for (``victory.exit_group``: 29.0 B, 12 at areas B/C; 29.0 A, 20 across the Meuse or,
    26.9B, by the Luxembourg hexes), less what has left already (``done``, the
    ``victory.exit_totals``); None where an exit there counts for neither."""
    g = victory.exit_group(s.module, h, victory._luxembourg(s))
    if g is None:
        return None
    done = done if done is not None else victory.exit_totals(s)
    return THRESHOLD[g] - done[g]


def decisive(s: GameState, hexes: Iterable[str], threat: dict[str, int]) -> list[str]:
    """The exit hexes of ``hexes`` where the attack within a road march could win the game
    at once (29.0 A/B are sudden death) if it left the map there."""
    exits = set(geo.exit_hexes(s))
    done = victory.exit_totals(s)
    out = []
    for h in hexes:
        left = points_left(s, h, done) if h in exits else None
        if left is not None and threat.get(h, 0) >= max(1, left):
            out.append(h)
    return sorted(out)


def allied_need(s: GameState) -> dict[str, int]:
    """March cost to where the Allies need troops: the Allied-held objectives nearest the
    Germans (towns within 8 hexes, the 29.0 A/B exit hexes within 10); of those, the ones
    whose defence falls short of the attack that can reach them, when there are such. A
    short exit by which that attack could win the game at once (``decisive``) starts a
    road march (SUDDEN_DEATH_LEAD) ahead of the other short hexes: only troops that much
    nearer a short town still go there. Against greedy's Germans, who march everything on
    the nearest exit, the Allies scored 63-1-16 over seeds 801-880 before and 69-3-8 after;
    with the exit as the only goal (no lead for the towns) 55-2-17 over 74 of them."""
    tg = evaluation.targets(s)
    near = engine.enemy_distance(s, "German")
    exits = [h for h in geo.exit_hexes(s) if near.get(h, 99) <= 10]  # 29.0 A/B: bar the roads out
    threatened = [h for h in tg.allied_hold if near.get(h, 99) <= 8] + exits or list(tg.allied_hold) \
        or list(tg.allied_take) or list(tg.towns.values())
    threat = threats(s, threatened)
    lacking = short(s, threatened, threat)
    first = set(decisive(s, lacking, threat))
    lacking = lacking or threatened
    if first:  # 29.0 A/B: an exit the enemy could win the game by comes a road march first
        return geo.distances_from(s.module, {h: 0 if h in first else SUDDEN_DEATH_LEAD for h in lacking})
    return geo.distances(s.module, lacking)

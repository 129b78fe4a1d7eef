"""Battle candidates and their value: for every enemy hex next to free friendly units, the
battle of all of them against it, its odds and dice column from the engine's own query
(battle_queries.proposed_battle), the chance of beating the hex's level on the CRT, and
what taking the hex is worth (an objective, the road toward one)."""

from __future__ import annotations

from dataclasses import dataclass

from darkdec_qt.ai import evaluation
from darkdec_qt.ai import geography as geo
from darkdec_qt.rules import engine
from darkdec_qt.rules.combat import commands as cc
from darkdec_qt.rules.combat import crt
from darkdec_qt.rules.combat.battle import free_to_attack, may_defend
from darkdec_qt.rules.combat.queries import proposed_battle
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.phases import Phase, other_side
from darkdec_qt.rules.core.state import GameState

TWO_D6 = {r: (6 - abs(r - 7)) / 36 for r in range(2, 13)}
STEP_VALUE = 2.0


@dataclass
class Candidate:
    command: cc.DeclareBattle
    target: str  # the defending hex
    odds: str
    p_win: float  # the assault level reaches the hex's level (13.5.1)
    p_big: float  # exceeds it: two retreats or steps
    att_loss: float  # expected attacker step losses (A results, fire fights)
    value: float
    why: str
    road: float = 0.0  # what opening the road is worth (the static evaluation does not see it)


def outcome(state: GameState, odds: str, column: str, drm: int, level: int, att_level: int) -> tuple[float, float, float]:
    """(P(defender result >= its level), P(>), expected attacker steps) over 2d6 + DRM."""
    win = big = loss = 0.0
    for r, p in TWO_D6.items():
        res = crt.parse_result(crt.lookup(state, odds, column, r + drm))
        if res.defender and res.defender >= level:
            win += p
            if res.defender > level:
                big += p
        if res.attacker:
            loss += p * (1.0 if res.attacker >= att_level else 0.3) + p * res.attacker_mandatory
        loss += p * res.defender_mandatory * 0  # the defender's, not ours
        if res.fire_fight:
            loss += p * 1.0
            win += p * 0.3
        if res.counterattack:
            loss += p * 0.7
    return win, big, loss


def candidates(state: GameState, take: dict[str, int], towns: dict[str, str],
               garrisons: bool = True) -> list[Candidate]:
    """Every one-hex battle the engine accepts now (engine.check), valued; with
    ``garrisons`` (the AI, not the greedy baseline) no battle empties a held hex."""
    if state.battle is not None or state.phase not in (Phase.COMBAT, Phase.EXPLOITATION):
        return []
    shock = state.phase is Phase.EXPLOITATION
    side = state.side
    enemy = other_side(side)
    units = state.module.units
    adj = state.module.adjacency
    free = [u for u in state.on_map(side) if not units[u].is_leader and free_to_attack(state, u, shock) is None]
    occ = state.occupancy()
    by_target: dict[str, list[str]] = {}
    for u in free:
        for n in adj.get(state.pos[u], ()):
            if any(units[e].side == enemy for e in occ.get(n, ())):
                by_target.setdefault(n, []).append(u)
    town_at = {h: t for t, h in towns.items()}
    hold = held_hexes(state, side, towns) if garrisons else frozenset()
    out: list[Candidate] = []
    for n, atts in sorted(by_target.items()):
        defenders = tuple(e for e in sorted(occ.get(n, ())) if units[e].side == enemy and may_defend(state, e, shock))
        if not defenders:
            continue
        groups = [tuple(sorted(atts))] if not shock else [(u,) for u in sorted(atts)]
        for g in groups:
            g = keep_garrisons(state, g, hold, occ)
            if not g:
                continue
            cmd = cc.DeclareBattle(attackers=g, defenders=defenders, shock=shock,
                                   integrity_choices=tuple(sorted({d for x in g if (d := units[x].division)})))
            try:
                engine.check(state, cmd)
            except IllegalAction:
                continue
            c = _value(state, cmd, n, take, town_at)
            if c is not None:
                out.append(c)
    out.sort(key=lambda c: -c.value)
    return out


def held_hexes(state: GameState, side: str, towns: dict[str, str]) -> frozenset[str]:
    """The hexes ``side`` must not leave empty: the objective towns it controls and, for
    the Allies, the exit hexes of Germany's 29.0 A/B victories."""
    occ = geo.hex_sides(state)
    out = {h for h in towns.values() if geo.control(state, h, occ) == side}
    if side == "Allied":
        out |= set(geo.exit_hexes(state))
    return frozenset(out)


def keep_garrisons(state: GameState, group: tuple[str, ...], hold: frozenset[str],
                   occ: dict[str, list[str]]) -> tuple[str, ...]:
    """The attackers less one defender in each held hex the battle would otherwise empty:
    an attacker's retreat (A results, 13.5) must not hand an objective town or an exit hex
    to the enemy (the Allied garrisons of the north-edge exits attacked out of them and the
    Little Slam followed, benchmarks/results/ai-history-campaign-50-2026-12-01-d71b04b.jsonl)."""
    units = state.module.units
    stay: set[str] = set()
    for h in {state.pos[u] for u in group} & hold:
        mine = [u for u in occ.get(h, ()) if units[u].side == units[group[0]].side and not units[u].is_leader]
        if mine and all(u in group for u in mine):
            stay.add(max(mine, key=lambda u: (state.strength(u)[1], u)))
    return tuple(u for u in group if u not in stay)


def _value(state: GameState, cmd: cc.DeclareBattle, n: str, take: dict[str, int],
           town_at: dict[str, str]) -> Candidate | None:
    p = proposed_battle(state, cmd.attackers, cmd.defenders, integrity=cmd.integrity_choices, shock=cmd.shock)
    level = p.levels.get(n, (1, []))[0]
    win, big, loss = outcome(state, p.odds, p.column, p.drm, level, max(1, level - 1))
    worth = 3.0
    road = 0.0
    why = ""
    if n in town_at:
        worth += 10.0
        why = f"takes {town_at[n]}"
    elif state.side == "Allied" and n in geo.exit_hexes(state):
        # 29.0 A/B: the Germans on an exit hex leave the map in their next move; each point
        # counts toward a sudden German victory (evaluation.W_POISED)
        poised = sum(state.strength(e)[0] for e in cmd.defenders if not state.spec(e).is_leader)
        worth += 10.0 + evaluation.W_EXIT * evaluation.W_POISED * poised
        why = f"throws the enemy off the exit road at {n} (29.0 B: {poised} attack points about to leave the map)"
    elif take:
        here = min(take.get(state.pos[u], geo.FAR) for u in cmd.attackers)
        if take.get(n, geo.FAR) < here:
            worth += 4.0
            road = 4.0
            why = _road_words(state, n, take, town_at)
    d_strength = sum(state.strength(e)[1] for e in cmd.defenders if not state.spec(e).is_leader)
    worth += 0.2 * d_strength
    value = win * worth + big * STEP_VALUE - loss * STEP_VALUE
    if not why:
        why = "wears down " + ", ".join(cmd.defenders[:2])
    return Candidate(cmd, n, p.odds, win, big, loss, value, why, road * win)


def _road_words(state: GameState, h: str, take: dict[str, int], town_at: dict[str, str]) -> str:
    """'opens the N30 toward Marche': the road out of ``h`` that leads closer to the target."""
    mod = state.module
    best = None
    for n, roads in mod.road_links.get(h, {}).items():
        if take.get(n, geo.FAR) < take.get(h, geo.FAR) and roads:
            best = sorted(roads)[0]
            break
    goal = _nearest_town(state, h, town_at)
    road = f"the {best}" if best else "the way"
    return f"opens {road} toward {goal}" if goal else f"opens {road} west"


def _nearest_town(state: GameState, h: str, town_at: dict[str, str]) -> str:
    from darkdec_qt import hexgrid

    if not town_at:
        return ""
    t = min(town_at, key=lambda x: (hexgrid.distance(h, x), x))
    return town_at[t]

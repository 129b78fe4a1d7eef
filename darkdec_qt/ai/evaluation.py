"""A game-aware static evaluation, from Germany's point of view (the Allies use its
negative): the scenario's victory towns held (and threatened), German exits and the
Meuse (Campaign), material (combat strength on the map, so step losses count), supply,
and the German units' march distance to what they still have to take."""

from __future__ import annotations

from dataclasses import dataclass

from darkdec_qt.ai import geography as geo
from darkdec_qt.rules.core.state import GameState
from darkdec_qt.rules.scenarios import victory

W_TOWN = 12.0  # an objective town held
W_THREAT = 3.0  # an empty objective town next to an enemy unit
W_EXIT = 2.0  # per exited attack point (20 wins the Campaign outright)
W_POISED = 0.75  # of W_EXIT, per German attack point standing on an exit hex (it leaves next move)
W_AT_DOOR = 0.4  # of W_EXIT, per German attack point next to an exit hex nobody holds
W_STRENGTH = 0.6  # per attack + defense point on the map
W_UNSUPPLIED = 1.5
W_MARCH = 0.08  # per march-cost unit between a German unit and its nearest objective
MARCH_CAP = 40


@dataclass
class Targets:
    """What each side goes for now: hexes Germany still has to take (towns, exits, the
    Meuse) and the towns each side holds."""

    towns: dict[str, str]  # name -> hex
    german_take: tuple[str, ...]
    allied_take: tuple[str, ...]
    allied_hold: tuple[str, ...]

    def take(self, side: str) -> tuple[str, ...]:
        return self.german_take if side == "German" else self.allied_take


def targets(state: GameState) -> Targets:
    occ = geo.hex_sides(state)
    towns = geo.town_hexes(state)
    g_take = [h for h in towns.values() if geo.control(state, h, occ) != "German"]
    a_take = [h for h in towns.values() if geo.control(state, h, occ) == "German"]
    a_hold = [h for h in towns.values() if geo.control(state, h, occ) == "Allied"]
    g_take += geo.exit_hexes(state)
    if not g_take:
        g_take += geo.meuse_hexes(state)
    if not g_take:  # every town German: hold them (the march term then pulls to the towns)
        g_take = list(towns.values())
    return Targets(towns, tuple(sorted(set(g_take))), tuple(sorted(a_take)), tuple(sorted(a_hold)))


def german_score(state: GameState, tg: Targets | None = None) -> float:
    tg = tg or targets(state)
    units = state.module.units
    occ = geo.hex_sides(state)
    adj = state.module.adjacency
    s = 0.0
    for h in tg.towns.values():
        ctl = geo.control(state, h, occ)
        sign = 1.0 if ctl == "German" else -1.0
        s += sign * W_TOWN
        if h not in occ:
            enemy = "Allied" if ctl == "German" else "German"
            if any(occ.get(n) == enemy for n in adj.get(h, ())):
                s -= sign * W_THREAT
    if state.exited_at:
        e = victory.exit_totals(state)
        s += W_EXIT * (e["A"] + e["B"])
    s += W_EXIT * exit_threat(state, occ)
    dist = geo.distances(state.module, tg.german_take) if tg.german_take else {}
    for u, h in state.pos.items():
        spec = units[u]
        if spec.is_leader:
            continue
        a, d, _ = state.strength(u)
        sign = 1.0 if spec.side == "German" else -1.0
        s += sign * W_STRENGTH * (a + d)
        if not state.is_supplied(u):  # 8.7.4: out of fuel too
            s -= sign * W_UNSUPPLIED
        if spec.side == "German" and dist:
            s -= W_MARCH * min(dist.get(h, MARCH_CAP), MARCH_CAP)
    return s


def exit_threat(state: GameState, occ: dict[str, str]) -> float:
    """German attack points about to leave the map (29.0 A/B, 10.7): those standing on an
    exit hex count W_POISED each (they exit in their next Movement Phase unless thrown
    out), those next to an exit hex nobody holds W_AT_DOOR (one hex and off). Without it
    the evaluation let a lone garrison retreat out of its exit hex rather than lose a
    step, and saw no harm in the Germans walking into an exit hex (the Little Slams of
    benchmarks/results/ai-vs-greedy-campaign-exit-watch-2026-12-01-b0fc766.jsonl: 30 points left 3901 in one move)."""
    exits = geo.exit_hexes(state)
    if not exits:
        return 0.0
    att: dict[str, int] = {}
    for u, h in state.pos.items():
        spec = state.module.units[u]
        if spec.side == "German" and not spec.is_leader:
            att[h] = att.get(h, 0) + state.strength(u)[0]
    adj = state.module.adjacency
    t = 0.0
    for h in exits:
        if occ.get(h) == "German":
            t += W_POISED * att.get(h, 0)
        elif h not in occ:
            t += W_AT_DOOR * sum(att.get(n, 0) for n in adj.get(h, ()))
    return t


def score(state: GameState, side: str, tg: Targets | None = None) -> float:
    g = german_score(state, tg)
    return g if side == "German" else -g

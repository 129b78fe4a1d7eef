"""The AI's policies for the choices the rulebook gives a player outside the move-and-fight
loop: fuel (8.7.1), hold-offs (10.7.2C), overstacking (11.0C), displaced leaders (15.5D),
conditional units (23.0B), replacements (9.0C-D), reserves (14), air missions (20.4.1 /
20.4.2), Montgomery's withdrawal (26.13) and the victory conditions (26.20A).

Each policy picks among the commands the engine offers (``engine.check``, the registry
generators, the engine's queries) by what the evaluation cares about (the objectives and
exits still to take, the front, strength on the map) and returns a ``Choice``: the command
and the reason the AI writes in the log as a note (players.py). None: nothing to decide.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from darkdec_qt.ai import evaluation
from darkdec_qt.ai import geography as geo
from darkdec_qt.ai.base import _after, _ok
from darkdec_qt.rules import engine
from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core.commands import Command
from darkdec_qt.rules.core.phases import Phase, other_side
from darkdec_qt.rules.core.state import GameState


@dataclass(frozen=True)
class Choice:
    command: Command
    why: str  # the note in the log


def _offered(state: GameState, kind: str) -> list[Command]:
    """The choices the engine offers now (rules/choices.py's registry generator)."""
    from darkdec_qt.rules.choices import choices

    return [c for c in choices(state, None) if c.kind == kind]


def _worth(state: GameState, u: str) -> int:
    """What a unit brings to the fight: its attack + defense strength now."""
    if state.spec(u).is_leader:
        return 0
    a, d, _ = state.strength(u)
    return a + d


def _front_weight(near: dict[str, int], h: str) -> float:
    """Units at the front matter most (in contact 3, within a move 2, behind 1)."""
    d = near.get(h, 99)
    return 3.0 if d <= 1 else 2.0 if d <= 4 else 1.0


def _names(units: Iterable[str]) -> str:
    return ", ".join(units)


# --- 26.20A ------------------------------------------------------------------------------

CHOICES_2620 = ("historical", "small_solution", "luxembourg")
SMALL_CAP = 2 * evaluation.W_TOWN  # 26.8D: Germany can win no more than a Tactical Victory


def victory_conditions(state: GameState) -> Choice | None:
    """26.20A: each of the three plans applied to a copy, rated by the evaluation (what
    Germany has to take and how far its units are from it), less the Allied strength that
    arrives earlier under it (26.20B-C, weighed by the turns gained) and, for the Small
    Solution, the victories it forbids (26.8D)."""
    from darkdec_qt.rules.scenarios.variants import ChooseVictoryConditions, choice_changes

    rated = []
    for c in CHOICES_2620:
        cmd = ChooseVictoryConditions(choice=c)
        t = _after(state, cmd)
        if t is None:
            continue
        v = evaluation.german_score(t)
        early = sum(_worth(state, u) * max(0, state.pending.get(u, t2) - t2) for u, t2 in choice_changes(state, c))
        v -= evaluation.W_STRENGTH * early / 4  # a point arriving 4 turns earlier ~ a point on the map
        if c == "small_solution":
            v -= SMALL_CAP
        rated.append((v, c, cmd))
    if not rated:
        return None
    rated.sort(key=lambda r: (-r[0], CHOICES_2620.index(r[1])))
    v, c, cmd = rated[0]
    others = ", ".join(f"{o} {ov:+.0f}" for ov, o, _ in rated[1:])
    return Choice(cmd, f"victory conditions (26.20A): {c} ({v:+.0f}; {others})")


# --- 8.7.1 -------------------------------------------------------------------------------


def _fuel_units(state: GameState, cmd: cm.ChooseFuelDivision) -> list[str]:
    if cmd.brigades:
        return [b for b in cmd.brigades if b in state.pos]
    return [u for u in state.on_map("German") if state.spec(u).division == cmd.division]


def fuel_stake(state: GameState, units: list[str], near: dict[str, int], take: dict[str, int]) -> float:
    """What Germany loses when these units run dry: the strength of the supplied ones,
    weighted by the front (in contact, within a move) and by their nearness to what
    Germany still has to take."""
    v = 0.0
    for u in units:
        if not state.is_supplied(u):
            continue  # 8.7.4: out of supply (or fuel) already, nothing more lost
        h = state.pos[u]
        goal = 1.5 if take.get(h, 99) <= 8 else 1.0
        v += _worth(state, u) * _front_weight(near, h) * goal
    return v


def fuel(state: GameState, side: str) -> Choice | None:
    """8.7.1A: the Allies name the German division that matters most (the strongest at the
    front, nearest the objectives); 8.7.1B: Germany names the one that matters least."""
    opts = [c for c in _offered(state, "choose_fuel_division") if c.side == side]
    if not opts:
        return None
    near = engine.enemy_distance(state, "Allied")
    tg = evaluation.targets(state)
    take = geo.distances(state.module, tg.german_take) if tg.german_take else {}
    rated = sorted(((fuel_stake(state, _fuel_units(state, c), near, take), c) for c in opts),
                   key=lambda r: (r[0], r[1].division, r[1].brigades))
    v, best = rated[-1] if side == "Allied" else rated[0]
    what = best.division or " and ".join(best.brigades)
    if side == "Allied":
        return Choice(best, f"fuel (8.7.1A): {what} out of fuel, the German spearhead ({v:.0f})")
    return Choice(best, f"fuel (8.7.1B): {what} goes without fuel, the least needed now ({v:.0f})")


# --- 10.7.2C -----------------------------------------------------------------------------


def hold_off(state: GameState, need: dict[str, int]) -> Choice | None:
    """10.7.2C: the debt (attack points exited on an edge) is paid by holding off due
    reinforcements of that edge. Keep what the defense needs: hold off the unit that pays
    the debt at the least defensive value (a single unit that clears it if one does), the
    ones entering far from the threatened objectives first."""
    from darkdec_qt.rules.movement import exits, reinforcements

    cands = [(u, e) for u, e in exits.hold_off_candidates(state) if state.hold_off_owed.get(e, 0) > 0]
    if not cands:
        return None

    def keep(u: str) -> float:
        a, d, _ = state.strength(u)
        hexes = reinforcements.entry_hexes(state, u)
        dist = min((need.get(h, 40) for h in hexes), default=40)
        return d + 0.5 * a + (2.0 if state.spec(u).is_motorized else 0.0) + max(0.0, 10 - dist) * 0.3

    rated = []
    for u, e in cands:
        a = state.strength(u)[0]
        owed = state.hold_off_owed[e]
        clears = a >= owed
        cost = keep(u) if clears else keep(u) / max(1, a)
        rated.append((not clears, cost, u, e, a, owed))
    if any(not r[0] for r in rated):
        rated = [r for r in rated if not r[0]]
    rated.sort()
    for _, _cost, u, e, a, owed in rated:
        if _ok(state, cmd := cm.HoldOff(u)):
            kept = sorted(x for x, _ in cands if x != u)
            return Choice(cmd, f"hold-off (10.7.2C): {owed} attack owed on the {e} edge: {u} ({a}) stays off"
                               + (f", keeping {_names(kept[:3])}" if kept else ""))
    return None


# --- 10.6.3C ------------------------------------------------------------------------------


def delayed_entry(state: GameState, side: str, goal: dict[str, int]) -> Choice | None:
    """10.6.3C: a reinforcement whose entry hexes are all blocked enters next turn from the
    next unblocked road hex its owner picks: the one nearest where the side wants troops
    (the threatened objectives for the Allies, what Germany must take), farthest from the
    enemy that blocked it when the goal does not tell them apart."""
    from darkdec_qt.rules.choices import ChooseDelayedEntry, delayed_entry_owed
    from darkdec_qt.rules.movement import reinforcements

    owed = [(u, alts) for u, alts in delayed_entry_owed(state) if state.side_of(u) == side]
    if not owed:
        return None
    near = engine.enemy_distance(state, other_side(side))
    u, alts = owed[0]
    rated = sorted(alts, key=lambda h: (goal.get(h, 99), -near.get(h, 99), h))
    for h in rated:
        if _ok(state, cmd := ChooseDelayedEntry(unit=u, hex=h)):
            blocked = ", ".join(reinforcements.entry_hexes(state, u))
            return Choice(cmd, f"{u}'s entry {blocked} blocked (10.6.3C): it enters next turn at {h}, "
                               f"{goal.get(h, '?')} march points from where it is needed")
    return None


# --- 11.0C -------------------------------------------------------------------------------


def overstack(state: GameState, side: str, near: dict[str, int]) -> Choice | None:
    """11.0C: a hex over the stacking limits: the weakest unit steps out if some hex takes
    it (the one nearest the front), else the weakest is the one eliminated."""
    from darkdec_qt.rules.choices import EliminateOverstacked
    from darkdec_qt.rules.core.errors import IllegalAction
    from darkdec_qt.rules.movement import move as movement
    from darkdec_qt.rules.movement.stacking import stack_problems

    problems = stack_problems(state, side)
    if not problems:
        return None
    h, us = min(problems.items())
    order = sorted(us, key=lambda u: (_worth(state, u), state.spec(u).is_motorized, u))
    for u in order:
        try:
            dests = movement.legal_destinations(state, (u,))
        except IllegalAction:
            continue
        for d, (_c, path) in sorted(dests.items(), key=lambda it: (near.get(it[0], 99), it[0])):
            if d == h or near.get(d, 99) < 1:
                continue
            cmd = cm.Move(units=(u,), path=path)
            t = _after(state, cmd)
            if t is not None and d not in stack_problems(t, side) and h not in stack_problems(t, side):
                return Choice(cmd, f"overstacked {h} (11.0C): {u} steps out to {d} rather than be eliminated")
    for u in order:
        if _ok(state, cmd := EliminateOverstacked(unit=u)):
            kept = [x for x in us if x != u]
            return Choice(cmd, f"overstacked {h} (11.0C): {u} ({_worth(state, u)}) eliminated, the weakest; "
                               f"keeps {_names(kept)}")
    return None


# --- 15.5D -------------------------------------------------------------------------------


def leader_reach(state: GameState, leader: str, h: str, near: dict[str, int]) -> tuple[float, float]:
    """(friendly strength within the leader's command range from ``h``, weighted by the
    front (15.3A: twice his MA), the strength stacked in ``h``)."""
    from darkdec_qt import hexgrid
    from darkdec_qt.rules import commanders

    side = state.side_of(leader)
    ma = state.spec(leader).full[2]
    cover = sum(_worth(state, u) * _front_weight(near, state.pos[u]) for u in state.on_map(side)
                if not state.spec(u).is_leader and hexgrid.distance(h, state.pos[u]) <= 2 * ma
                and commanders.may_command(state, leader, u))
    here = sum(_worth(state, u) for u in state.units_at(h) if state.side_of(u) == side)
    return cover, here


def displaced_leader(state: GameState, side: str) -> Choice | None:
    """15.5D: a displaced leader goes to the equidistant friendly stack where his command
    reaches the most strength near the enemy (he adds to battles there), the stronger
    stack (his own safety) breaking ties."""
    for leader, alts in sorted(state.displaced.items()):
        if leader not in state.pos or state.side_of(leader) != side or not alts:
            continue
        near = engine.enemy_distance(state, other_side(side))
        for h in sorted(alts, key=lambda h: (leader_reach(state, leader, h, near), h), reverse=True):
            cmd = cm.RelocateDisplacedLeader(unit=leader, hex=h)
            if _ok(state, cmd):
                cover, _here = leader_reach(state, leader, h, near)
                return Choice(cmd, f"{leader} displaced (15.5D): to {h}, where his command reaches "
                                   f"{cover:.0f} weighted strength")
    return None


# --- 23.0B -------------------------------------------------------------------------------


def conditional_units(state: GameState, side: str) -> Choice | None:
    """23.0B: the side selects the conditional units its rolls commit: the strongest (the
    motorized first: they reach the threatened Meuse in time), among the selections the
    engine offers."""
    from darkdec_qt.rules.scenarios import variants

    committed = variants.committed_this_turn(state, side)
    if not committed or state.triggers.get(f"{variants.CONDITIONAL_CHOSEN}{side}") == state.turn:
        return None
    if any(u not in state.pending for u in committed):
        return None  # one has entered: the selection is made

    def value(u: str) -> float:
        a, d, m = state.spec(u).full
        return a + d + (0.5 * m if state.spec(u).is_motorized else 0.0)

    pool = sorted(set(variants.conditional_pool(state, side)) | set(committed), key=lambda u: (-value(u), u))
    want = tuple(sorted(pool[: len(committed)]))
    for units in (want, tuple(sorted(committed))):
        cmd = variants.ChooseConditionalUnits(units=units)
        if _ok(state, cmd):
            return Choice(cmd, f"conditional forces (23.0B): {_names(units)}, the strongest available "
                               f"({sum(value(u) for u in units):.0f})")
    return None


# --- 9.0C-D ------------------------------------------------------------------------------


def replacement(state: GameState, side: str, need: dict[str, int]) -> Choice | None:
    """9.0C-D: spend replacements where a replacement buys the most strength at the front:
    a refit (one replacement: the reduced unit's lost step) or a reform (two replacements:
    the destroyed unit back, reduced, in the town 9.1F gives, nearest where it is needed)."""
    from darkdec_qt.rules import replacements as rp

    near = engine.enemy_distance(state, other_side(side))
    rated: list[tuple[float, str, Command, str]] = []
    for u in state.on_map(side):
        if u not in state.reduced or state.spec(u).reduced is None:
            continue
        cmd = cm.Refit(u)
        if _ok(state, cmd):
            gain = sum(state.spec(u).full[:2]) - sum(state.spec(u).reduced[:2])
            rated.append((gain * _front_weight(near, state.pos[u]), u, cmd, f"refit {u} (+{gain})"))
    gone = [u for u in sorted(state.eliminated) if state.side_of(u) == side and state.spec(u).reduced is not None
            and (k := rp.replacement_type(state, u)) is not None and state.replacements.get(f"{side}/{k}", 0) >= 2
            and u not in state.surrendered]
    gone.sort(key=lambda u: -sum(state.spec(u).reduced[:2]))  # the strongest few (reform_hexes is a search)
    for u in gone[:3]:
        hexes = sorted(rp.reform_hexes(state, u), key=lambda h: (need.get(h, 99), h))
        for h in hexes[:4]:
            cmd = cm.Reform(unit=u, hex=h)
            if _ok(state, cmd):
                gain = sum(state.spec(u).reduced[:2])
                rated.append((gain / 2 * (1.5 if need.get(h, 99) <= 10 else 1.0), u, cmd,
                              f"reform {u} at {h} (+{gain} for two)"))
                break
    if not rated:
        return None
    rated.sort(key=lambda r: (-r[0], r[1]))
    v, _u, cmd, words = rated[0]
    return Choice(cmd, f"replacements (9.0): {words}, the most strength at the front a replacement buys ({v:.1f})")


# --- 14 ----------------------------------------------------------------------------------

MAX_RESERVES = 10  # 14.5D


def reserve(state: GameState, side: str, near: dict[str, int], stayed: Iterable[str]) -> Choice | None:
    """14.1: once its moves are made, a side puts in reserve the units that stayed out of
    contact but within reach of it (2-6 hexes from the enemy): Germany's move in the
    Exploitation Phase and may strike a shock attack where the battles opened the line
    (14.2-14.3); the Allies' move in the Reaction Phase, against a breakthrough (14.4). A
    unit that stayed put loses nothing by it (it could not attack from there). Motorized
    and strongest first, up to ten (14.5D)."""
    if not state.has_rule("14") or state.phase is not Phase.MOVEMENT:
        return None
    have = sum(1 for x in state.reserve if state.side_of(x) == side)
    if have >= MAX_RESERVES:
        return None
    cands = [u for u in stayed if u in state.pos and u not in state.reserve and not state.spec(u).is_leader
             and 2 <= near.get(state.pos[u], 99) <= 6 and u not in state.moved and not state.mp_spent.get(u)]
    cands.sort(key=lambda u: (not state.spec(u).is_motorized, -_worth(state, u), u))
    for u in cands:
        cmd = cm.EnterReserve(u)
        if _ok(state, cmd):
            why = ("to exploit and strike a shock attack where the line breaks (14.2-14.3)" if side == "German"
                   else "to react against a breakthrough (14.4)")
            return Choice(cmd, f"reserve (14.1): {u}, {near.get(state.pos[u])} hexes behind the front, {why}")
    return None


def leave_reserve_worth(state: GameState, u: str) -> bool:
    """14.5B: a reserve unit leaves reserve in its own Movement Phase only to make a move
    (the caller weighs the move on a copy)."""
    return state.phase is Phase.MOVEMENT and u in state.reserve and u not in state.reserve_placed


# --- 20.4 --------------------------------------------------------------------------------


def _attack_value(state: GameState, h: str) -> float:
    """20.4.1: the chance of a hit (a 1-2 after the DRM) times the step it costs."""
    from darkdec_qt.rules import airpower

    pool = airpower.air_loss_pool(state, h)
    if not pool:
        return 0.0
    drm, _ = airpower.air_drm(state, h)
    p = max(0, min(6, 2 - drm)) / 6
    step = max(sum(state.spec(u).full[:2]) - sum((state.spec(u).reduced or (0, 0, 0))[:2]) for u in pool)
    return p * step * evaluation.W_STRENGTH


def road_value(state: GameState, h: str, enemy: str, take: dict[str, int]) -> float:
    """20.4.2: how much the enemy's march needs road hex ``h``: its motorized units within
    four hexes behind it (farther from their objectives than ``h``), more at a junction."""
    from darkdec_qt import hexgrid

    if not state.module.is_road_hex(h) or h in state.interdicted:
        return 0.0
    own = [u for u in state.units_at(h) if state.side_of(u) != enemy]
    if own:
        return 0.0
    movers = 0
    for u in state.on_map(enemy):
        s = state.spec(u)
        if s.is_leader or not s.is_motorized:
            continue
        p = state.pos[u]
        if 0 <= hexgrid.distance(p, h) <= 4 and (not take or take.get(h, 99) <= take.get(p, 99)):
            movers += 1
    if not movers:
        return 0.0
    junction = len(state.module.road_links.get(h, {})) >= 3
    return 0.4 * min(movers, 4) + (0.4 if junction else 0.0)


def air_mission(state: GameState, side: str, take_enemy: dict[str, int]) -> Choice | None:
    """20.4: one mission a clear turn: an air attack where a hit is likeliest and costs
    the most (20.4.1) or the interdiction of the road hex the enemy's motorized units need
    next (20.4.2, a 1-3); an attack on a road hex is followed by the free interdiction of
    that hex (20.4.2D) when the road matters."""
    from darkdec_qt.rules import airpower
    from darkdec_qt.rules.combat import commands as cc

    if state.battle is not None:
        return None
    enemy = other_side(side)
    used = state.air_used.get(state.turn, 0)
    hit = [h for k, t in state.air_targets.items() if t == state.turn and k.startswith("attack:")
           for h in (k.partition(":")[2],)]
    for h in hit:  # 20.4.2D: the second of the pair is free
        if road_value(state, h, enemy, take_enemy) > 0 and airpower.paired_free(state, h, "interdiction") \
                and _ok(state, cmd := cc.Interdict(hex=h)):
            return Choice(cmd, f"air (20.4.2D): interdict {h} too, the road under the attack")
    if airpower.missions(state, side) <= used:
        return None
    stacks = sorted({state.pos[u] for u in state.on_map(enemy) if not state.spec(u).is_leader})
    attacks = sorted(((_attack_value(state, h), h) for h in stacks), key=lambda r: (-r[0], r[1]))
    roads = set()
    for h in stacks:
        roads.add(h)
        roads.update(state.module.adjacency.get(h, ()))
    for _ in range(2):
        roads.update(n for x in list(roads) for n in state.module.adjacency.get(x, ()))
    inter = sorted(((0.5 * road_value(state, h, enemy, take_enemy), h) for h in roads),
                   key=lambda r: (-r[0], r[1]))
    best_a = attacks[0] if attacks else (0.0, "")
    best_i = inter[0] if inter else (0.0, "")
    if best_i[0] > best_a[0] and best_i[0] > 0 and _ok(state, cmd := cc.Interdict(hex=best_i[1])):
        return Choice(cmd, f"air (20.4.2): interdict {best_i[1]}, the road the enemy armor needs next "
                           f"({best_i[0]:.1f} against an air attack's {best_a[0]:.1f})")
    for v, h in attacks[:5]:
        if _ok(state, cmd := cc.AirAttack(hex=h)):
            return Choice(cmd, f"air (20.4.1): attack {h} ({v:.1f})")
    return None


# --- 26.13 -------------------------------------------------------------------------------


def montgomery(state: GameState) -> Choice | None:
    """26.13: the Allies withdraw behind the rivers only when the line is breaking: a
    German unit within reach of the Meuse (the Campaign's last objective) or a third of
    the Allied combat units out of supply; the double move saves them. Otherwise they
    stand (a withdrawal gives up the towns and forbids attacks, 26.13D)."""
    from darkdec_qt.rules.scenarios.montgomery import DeclareWithdrawal

    cmd = DeclareWithdrawal()
    if not _ok(state, cmd):
        return None
    allied = [u for u in state.on_map("Allied") if not state.spec(u).is_leader]
    cut = [u for u in allied if not state.is_supplied(u)]
    meuse = geo.meuse_hexes(state)
    d = geo.distances(state.module, meuse) if meuse else {}
    close = min((d.get(state.pos[u], 99) for u in state.on_map("German") if not state.spec(u).is_leader),
                default=99)
    if allied and 3 * len(cut) >= len(allied):
        return Choice(cmd, f"Montgomery's withdrawal (26.13): {len(cut)} of {len(allied)} units cut off: "
                           "fall back behind the rivers")
    if close <= 6:
        return Choice(cmd, f"Montgomery's withdrawal (26.13): Germans {close} march points from the Meuse: "
                           "fall back to hold the river")
    return None

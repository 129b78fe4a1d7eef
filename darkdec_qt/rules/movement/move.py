"""10.0-10.5: movement costs, restrictions, strategic movement and road march.

Costs are kept in integer ticks (1 MP = ``TICKS`` = 30) so that the 1/3, 1/2 and 1/5
MP road costs of strategic movement (10.4.2) are exact. In strategic movement a unit
has ``k`` strategic MPs per MP (k = 3 motorized, 2 German infantry, 5 Allied infantry);
each connected friendly road hex costs one strategic MP and off-road hexes cost their
normal terrain cost in strategic MPs (10.4.4A example: an Allied 3-4-5 has 25 strategic
MPs: dense forest 4 + woods 3 + 15 road hexes + woods 3). See docs/rules-interpretations.md.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from dataclasses import dataclass, field

from darkdec_qt.rules.combat.terrain_level import base_level
from darkdec_qt.rules.core.errors import IllegalAction, MalformedCommand
from darkdec_qt.rules.core.phases import MOVING_PHASES, Phase, acting_side, other_side
from darkdec_qt.rules.core.state import GameState
from darkdec_qt.rules.core.tables import TICKS, Side, Tables, half_up, tables
from darkdec_qt.rules.core.zoc import zoc_hexes
from darkdec_qt.rules.movement import restricted
from darkdec_qt.rules.movement.restricted import closed_rivers
from darkdec_qt.rules.movement.withdrawals import is_150th_brigade
from darkdec_qt.rules.opening import initial
from darkdec_qt.rules.scenarios.montgomery import (
    line_distance,
    montgomery_withdrawal,
    withdrawal_search_limits,
)

EMPTY: frozenset[str] = frozenset()
# 10.4.4B: German infantry in strategic movement off road (rule text, not a chart)
GERMAN_INF_STRATEGIC_OFFROAD = {"clear": 1, "rough": 1, "woods": 2, "dense_forest": 2}

# step error codes -> (rule, message); "{b}" is the hex entered
ERRORS: dict[int, tuple[str, str]] = {
    1: ("10.2D", "cannot enter {b}: occupied by enemy units"),
    2: ("10.2F", "cannot enter {b}: enemy ZOC, may not move from one enemy ZOC to another"),
    3: ("12.2", "cannot enter {b}: units in strategic movement may not enter enemy ZOCs"),
    4: ("10.4.3C", "cannot enter {b}: adjacent along a road to another friendly unit in strategic movement"),
    5: ("11.0A", "cannot enter {b}: more than three units in the hex"),
    6: ("10.2E", "cannot enter {b}: terrain prohibited"),
    7: ("10.2E", "cannot cross into {b}: river hexside prohibited without a bridge"),
    8: ("10.4.8C", "cannot leave by a second unconnected road into {b} in strategic movement"),
    9: ("10.9B", "cannot cross the {river} into {b}: restricted unit not released"),
    10: ("10.2B", "cannot enter {b}: not enough movement points"),
    11: ("12.1A", "cannot continue to {b}: units must stop on entering an enemy ZOC"),
    12: ("10.2C", "cannot enter {b}: not adjacent"),
}


@dataclass(slots=True)
class MoveContext:
    state: GameState
    side: str
    units: tuple[str, ...]
    classes: tuple[str, ...]
    budgets: tuple[int, ...]  # ticks left per class (min over the units of that class)
    strategic: bool
    tick: int  # ticks per (strategic) MP
    german_inf: bool
    road_ok: bool  # 11.1A: stacks never use the road march rate
    ignore_friends: bool  # 15.4B leaders move over friendly units at road rate
    n_moving: int
    enemy_occ: set[str]
    zoc: set[str]
    friends: dict[str, int]
    strat_forbidden: set[str]
    freeze: bool
    fresh: bool  # 10.2A: may always move one hex
    start: str
    in_roads: frozenset[str]
    disengage: bool  # optional 10.3
    closed_rivers: frozenset[str]  # 10.9B
    infiltrator: bool = False
    infil_left: int = 0  # 12.4: infiltration attempts the search may plan (0: none)
    allowed: Callable[[str], bool] | None = None  # 26.13: hexes a withdrawing unit's path may use
    t: Tables = field(default=None)  # type: ignore[assignment]
    stacks: dict[str, list[str]] | None = None  # friendly units by hex beside the movers (for _end_ok)


def printed_ma(state: GameState, unit: str) -> int:
    return state.strength(unit)[2]


def movement_allowance(state: GameState, unit: str, strategic: bool | None = None) -> int:
    """The MA in MP this phase: 20.1A clear weather German motorized -2 strategic / -1
    other; 8.4B unsupplied and 8.5E isolated halve it (rounded up; leaders never, 15.5C);
    8.7.4 fuel depletion = unsupplied; 14.4C half in the Reaction Phase."""
    spec = state.module.units[unit]
    ma = printed_ma(state, unit)
    if strategic is None:
        strategic = unit in state.strategic
    if state.air_superiority() and spec.side == "German" and spec.is_motorized:  # 20.1A, 26.11A
        ma -= 2 if strategic else 1
    if not state.is_supplied(unit):
        ma = half_up(ma)  # 8.4B, 8.5E, 8.7.4
    if state.phase is Phase.REACTION:
        ma = half_up(ma)  # 14.4C
    return max(ma, 0)


def strategic_factor(state: GameState, unit: str) -> int:
    """10.4.2B-C: strategic MPs per MP: 3 motorized, 2 German infantry, 5 Allied infantry."""
    spec = state.module.units[unit]
    if spec.is_motorized:
        return 3
    return 2 if spec.side == "German" else 5


def remaining_ticks(state: GameState, unit: str) -> int:
    return movement_allowance(state, unit) * TICKS - state.mp_spent.get(unit, 0)


def _friend_counts(state: GameState, side: str, movers: tuple[str, ...]) -> dict[str, int]:
    units = state.module.units
    out: dict[str, int] = {}
    for u, h in state.pos.items():
        s = units[u]
        if s.side == side and not s.is_leader and u not in movers:
            out[h] = out.get(h, 0) + 1
    return out


def make_context(state: GameState, units: tuple[str, ...], *, strategic: bool | None = None,
                 start: str | None = None, fresh: bool | None = None) -> MoveContext:
    mod = state.module
    specs = [mod.units[u] for u in units]
    side = specs[0].side
    enemy = other_side(side)
    if strategic is None:
        strategic = len(units) == 1 and units[0] in state.strategic
    classes = tuple(sorted({s.unit_class for s in specs}))
    budgets = tuple(
        min(movement_allowance(state, u, strategic) * TICKS - state.mp_spent.get(u, 0)
            for u, s in zip(units, specs, strict=True) if s.unit_class == c)
        for c in classes
    )
    k = strategic_factor(state, units[0]) if strategic else 1
    start = start or state.pos[units[0]]
    enemy_occ = {h for u, h in state.pos.items() if mod.units[u].side == enemy}
    if not all(s.is_leader for s in specs):  # 15.5D: combat units move into or through lone leaders
        from darkdec_qt.rules.commanders import lone_leader_hexes

        enemy_occ -= lone_leader_hexes(state, enemy)
    zoc = zoc_hexes(state, enemy)
    forbidden: set[str] = set()
    if strategic:  # 10.4.3C
        t = tables(mod)
        for u in state.strategic:
            if u in units or u not in state.pos or mod.units[u].side != side:
                continue
            h = state.pos[u]
            for sd in t.sides[h]:
                if sd.roads:
                    forbidden.add(sd.b)

    leaders_only = all(s.is_leader for s in specs)
    return MoveContext(
        state=state, side=side, units=units, classes=classes, budgets=budgets, strategic=strategic,
        tick=TICKS // k, german_inf=strategic and side == "German" and not specs[0].is_motorized,
        road_ok=len(units) == 1, ignore_friends=leaders_only,
        n_moving=sum(1 for s in specs if not s.is_leader), enemy_occ=enemy_occ, zoc=zoc,
        friends=_friend_counts(state, side, units), strat_forbidden=forbidden,
        freeze=state.ground_now() == "freeze",
        fresh=fresh if fresh is not None else all(state.mp_spent.get(u, 0) == 0 and u not in state.moved for u in units),
        start=start, in_roads=frozenset(state.last_roads.get(units[0], ())) if len(units) == 1 else EMPTY,
        disengage=_must_disengage(state, start, zoc, enemy_occ),
        closed_rivers=closed_rivers(state, units),
        infiltrator=False, t=tables(mod),
    )


def _must_disengage(state: GameState, start: str, zoc: set[str], enemy_occ: set[str]) -> bool:
    """Optional 10.3: leaving an enemy ZOC costs one extra MP unless the hex has a terrain
    defense level of at least four, fortifications included and rivers counted when all
    adjacent enemy units are across river hexsides (10.3B, 13.3.1C)."""
    if not state.has_rule("10.3") or start not in zoc:
        return False
    from darkdec_qt import hexgrid

    adjacent = [n for n in hexgrid.neighbours(start) if n in enemy_occ]
    return base_level(state, start, adjacent)[0] < 4


def step(ctx: MoveContext, a: str, sd: Side, in_roads: frozenset[str]) -> tuple[tuple[int, ...], frozenset[str], int]:
    """Cost of moving from ``a`` across hexside ``sd``: (ticks per class, roads entered by
    at road rate, error code 0 = legal)."""
    b = sd.b
    if b in ctx.enemy_occ:
        return (), EMPTY, 1
    if sd.river_name and sd.river_name in ctx.closed_rivers:
        return (), EMPTY, 9
    zoc = ctx.zoc
    if a in zoc and b in zoc and not ctx.infiltrator:
        return (), EMPTY, 2
    strategic = ctx.strategic
    if strategic:
        if b in zoc:
            return (), EMPTY, 3
        if b in ctx.strat_forbidden:
            return (), EMPTY, 4
    friends = ctx.friends
    if friends.get(b, 0) + ctx.n_moving > 3:
        return (), EMPTY, 5
    s = ctx.state
    t = ctx.t
    roads = sd.roads
    if roads and (a in s.interdicted or b in s.interdicted or (sd.river and (not sd.bridge or sd.key in s.blown))):
        roads = EMPTY  # 20.4.2C interdiction, 16.1E blown bridges
    use_road = bool(roads) and ctx.road_ok and (
        ctx.ignore_friends or (friends.get(a, 0) == 0 and friends.get(b, 0) == 0))  # 10.5.1B, 11.2
    if use_road and strategic and s.road_control.get(b, ctx.side) != ctx.side:
        use_road = False  # 10.4.2A friendly roads only
    # 10.4.8C: roads meeting in a hex connect unless the module lists them as a crossing
    switch = False
    if use_road and in_roads:
        mod = s.module
        if a in mod.crossings:
            switch = not any(mod.roads_connect(a, r_in, r_out) for r_in in in_roads for r_out in roads)
            if switch and strategic:
                return (), EMPTY, 8
    costs = []
    hexes = t.hexes
    for c in ctx.classes:
        if use_road:
            cost = ctx.tick if strategic else (t.road_cost[c] or 1) * TICKS
            if switch:  # 10.4.8C: the hex left costs its non-road terrain cost
                hc = t.hex_cost[c][a] or 0
                if ctx.freeze and hexes[a].terrain != "clear":
                    hc = max(1, hc - 1)
                cost += max(0, hc * TICKS - (t.road_cost[c] or 1) * TICKS)
        else:
            hc = t.hex_cost[c][b]
            if hc is None:
                return (), EMPTY, 6
            terr = hexes[b].terrain
            if ctx.german_inf and terr in GERMAN_INF_STRATEGIC_OFFROAD:
                hc = GERMAN_INF_STRATEGIC_OFFROAD[terr]
            if ctx.freeze and terr != "clear":  # 21.0A
                hc = max(1, hc - 1)
            sc = 0
            if sd.river:
                if (sd.bridge and sd.key not in s.blown) or sd.key in s.built:
                    sc = t.bridge_cost[c] or 0  # 10.5.3
                elif sd.ford:
                    sc = t.ford_cost[c] or 0
                else:
                    rc = t.river_cost[c][sd.river]
                    if rc is None:
                        return (), EMPTY, 7
                    sc = rc
            cost = (hc + sc) * ctx.tick
        if ctx.disengage and a == ctx.start and c != "motorized":
            cost += TICKS  # 10.3A: armored, armored cavalry and armored infantry are exempt
        costs.append(cost)
    return tuple(costs), (roads if use_road else EMPTY), 0


def _fits(spent: tuple[int, ...], budgets: tuple[int, ...]) -> bool:
    return all(x <= b for x, b in zip(spent, budgets, strict=True))


def search(ctx: MoveContext) -> dict[str, tuple[int, tuple[str, ...]]]:
    """Dijkstra over (hex, road entered by): every hex the units may end in, with the
    cheapest cost (ticks, the largest over the unit classes) and a path."""
    t = ctx.t
    budgets = ctx.budgets
    single = len(budgets) == 1
    b0 = budgets[0]
    start = ctx.start
    zero = tuple(0 for _ in budgets)
    counter = 0
    heap: list = [(0, counter, start, ctx.in_roads, zero, 0)]
    Node = tuple[str, frozenset[str], int]  # hex, roads entered by, 12.4 infiltration attempts used
    parent: dict[Node, Node | None] = {(start, ctx.in_roads, 0): None}
    best: dict[Node, int] = {(start, ctx.in_roads, 0): 0}
    result: dict[str, tuple[int, tuple[str, ...]]] = {}
    zoc = ctx.zoc
    crossings = ctx.state.module.crossings
    while heap:
        prio, _, h, roads_in, spent, used = heapq.heappop(heap)
        node = (h, roads_in, used)
        if best.get(node, -1) != prio:
            continue
        if h != start and h not in result:
            path = []
            n: Node | None = node
            while n is not None:
                path.append(n[0])
                n = parent[n]
            result[h] = (max(spent), tuple(reversed(path)))
        if h != start and not (spent[0] <= b0 if single else _fits(spent, budgets)):
            continue  # 10.2A one-hex move ends movement
        infiltrating = h != start and h in zoc
        if infiltrating and used >= ctx.infil_left:
            continue  # 12.1A stop in enemy ZOC (12.4A-D: unless an infiltration attempt is left)
        ctx.infiltrator = infiltrating
        for sd in t.sides[h]:
            costs, out_roads, err = step(ctx, h, sd, roads_in)
            if err:
                continue
            if single:
                new = (spent[0] + costs[0],)
                fits = new[0] <= b0
            else:
                new = tuple(a + b for a, b in zip(spent, costs, strict=True))
                fits = _fits(new, budgets)
            if not fits and not (h == start and ctx.fresh):
                continue
            if ctx.allowed is not None and not ctx.allowed(sd.b):
                continue  # 26.13B/E: the path of a withdrawing unit keeps to its river position
            if sd.b not in crossings:
                out_roads = EMPTY  # the road entered by matters only in a crossing hex (10.4.8C)
            key = (sd.b, out_roads, used + infiltrating)
            p = new[0] if single else max(x * 1_000_000 // max(b, 1) for x, b in zip(new, budgets, strict=True))
            if p < best.get(key, 1 << 60):
                best[key] = p
                parent[key] = node
                counter += 1
                heapq.heappush(heap, (p, counter, sd.b, out_roads, new, used + infiltrating))
        ctx.infiltrator = False
    return result


def legal_destinations(state: GameState, units: tuple[str, ...] | list[str] | str,
                       strategic: bool | None = None) -> dict[str, tuple[int, tuple[str, ...]]]:
    """Hexes ``units`` (one unit or a stack in one hex) may move to now, with the cost in
    ticks (1 MP = movement.TICKS) and a cheapest path. Empty if they may not move."""
    if isinstance(units, str):
        units = (units,)
    units = tuple(units)
    try:
        check_can_move(state, units)
    except IllegalAction:
        return {}
    ctx = make_context(state, units, strategic=strategic)
    ctx.infil_left = infiltration_attempts_left(state, units)
    dests = _one_hex_moves(state, units, ctx)
    if dests is None and "26.13" in state.variants:
        dests = _withdrawal_search(state, units, ctx)
    if dests is None:
        dests = search(ctx)

    # whole_move_problem has something to say only with an 18.3B limit or on a 26.13 withdrawal turn
    whole = any(initial.max_hexes(state, u) is not None for u in units) or _withdrawing(state)
    german_zoc = ctx.zoc if ctx.side == "Allied" else None  # the same set, already made
    return {h: v for h, v in dests.items()
            if _end_ok(ctx, h) is None and (not whole or whole_move_problem(state, units, v[1], german_zoc) is None)}


def _withdrawing(state: GameState) -> bool:
    if "26.13" not in state.variants:
        return False

    return montgomery_withdrawal(state)


def _one_hex_moves(state: GameState, units: tuple[str, ...],
                   ctx: MoveContext) -> dict[str, tuple[int, tuple[str, ...]]] | None:
    """18.3B: a unit limited to one hex moves straight into a neighbour, judged as ``check``
    judges that path (``walk``); the cheapest path to a neighbour may be longer (round an
    unbridged river by a bridge) and would hide a legal one-hex move. None when no limit."""
    if all(initial.max_hexes(state, u) != 1 for u in units):
        return None
    out: dict[str, tuple[int, tuple[str, ...]]] = {}
    for sd in ctx.t.sides.get(ctx.start, ()):
        path = (ctx.start, sd.b)
        try:
            costs, _ = walk(ctx, path)
        except IllegalAction:
            continue
        out[sd.b] = (max(costs[-1]), path)  # ticks, the largest over the unit classes, as search gives
    return out


def _withdrawal_search(state: GameState, units: tuple[str, ...],
                       ctx: MoveContext) -> dict[str, tuple[int, tuple[str, ...]]] | None:
    """26.13B/E: the destinations by paths that keep to a river position's distance (one
    search per position the unit may head for), or None when the move is not so limited."""
    limits = withdrawal_search_limits(state, units)
    if limits is None:
        return None
    out: dict[str, tuple[int, tuple[str, ...]]] = {}
    for name, d0 in limits:
        memo: dict[str, int] = {}

        def dist(h: str, name: str = name, memo: dict[str, int] = memo) -> int:
            if h not in memo:
                memo[h] = line_distance(state, name, h)
            return memo[h]

        ctx.allowed = lambda h, d0=d0, dist=dist: dist(h) <= d0
        for h, v in search(ctx).items():
            if dist(h) < d0 and (h not in out or v[0] < out[h][0]):
                out[h] = v
    ctx.allowed = None
    return out


def infiltration_attempts_left(state: GameState, units: tuple[str, ...]) -> int:
    """12.4: the 150th Panzer Brigade moving alone, the optional rule in use, may still try to
    leave enemy ZOCs entered this phase (three attempts a game, 12.4D, on the turns of the
    table)."""
    if (len(units) != 1 or not state.has_rule("12.4") or not is_150th_brigade(state.module.units[units[0]])
            or units[0] in state.strategic or state.turn_code() not in state.module.charts.infiltration):
        return 0
    return max(0, 3 - state.infiltrations)


def one_hex_limit(state: GameState, units: tuple[str, ...], path: tuple[str, ...]) -> IllegalAction | None:
    """18.3B: an Allied infantry unit activated on 16 December moves at most one hex, once."""
    for u in units:
        limit = initial.max_hexes(state, u)
        if limit is not None and (len(path) - 1 > limit or u in state.moved):
            return IllegalAction(f"may move only {limit} hex on 16 December", rule="18.3B", unit=u, hex=path[-1])
    return None


def whole_move_problem(state: GameState, units: tuple[str, ...], path: tuple[str, ...],
                       german_zoc: set[str] | None = None) -> IllegalAction | None:
    """The limits on a whole move beside its steps and end hex, shared by ``check`` and the
    queries (one source of truth): 18.3B one hex on 16 December, 26.13B-C/E Montgomery's
    withdrawal direction. ``german_zoc``: zoc_hexes(state, "German"), when the caller has it."""
    err = one_hex_limit(state, units, path)
    if err is None and "26.13" in state.variants:
        from darkdec_qt.rules.scenarios.montgomery import withdrawal_move_problem

        err = withdrawal_move_problem(state, units, path, german_zoc)
    return err


def _end_ok(ctx: MoveContext, h: str) -> IllegalAction | None:
    """End-of-move checks: 11.4 British and US never stack; 11.3B one unit with a
    strategic movement marker per hex."""
    s = ctx.state
    mod = s.module
    if ctx.stacks is None:  # one pass over the units per context, not one per destination
        ctx.stacks = {}
        for u, hh in s.pos.items():
            if u not in ctx.units and mod.units[u].side == ctx.side:
                ctx.stacks.setdefault(hh, []).append(u)
    others = ctx.stacks.get(h, ())
    nats = {mod.units[u].nationality for u in others} | {mod.units[u].nationality for u in ctx.units}
    if "British" in nats and "US" in nats:
        return IllegalAction(f"cannot end in {h}: British and US units may not stack together",
                             rule="11.4", unit=ctx.units[0], hex=h)
    combat_others = [u for u in others if not mod.units[u].is_leader]
    if combat_others and (ctx.strategic or any(u in s.strategic for u in combat_others)):
        return IllegalAction(f"cannot end in {h}: a unit in strategic movement must be alone in its hex",
                             rule="11.3B", unit=ctx.units[0], hex=h)
    return None


def check_can_move(state: GameState, units: tuple[str, ...]) -> None:
    """Layer 1: may these units move at all in this phase?"""
    if not units:
        raise MalformedCommand("no unit given")
    mod = state.module
    for u in units:
        if u not in mod.units:
            raise MalformedCommand(f"unknown unit {u!r}")
        if u not in state.pos:
            raise IllegalAction("is not on the map", rule="10.0A", unit=u)
    side = mod.units[units[0]].side
    hexes = {state.pos[u] for u in units}
    if len(hexes) > 1:
        raise IllegalAction("a stack must start in one hex", rule="11.1A", unit=units[0])
    if len(set(units)) != len(units):
        raise MalformedCommand("unit listed twice", unit=units[0])

    if state.phase not in MOVING_PHASES:
        raise IllegalAction(f"cannot move in the {state.phase.value} phase", rule="10.2G", unit=units[0])
    if side != acting_side(state.side, state.phase):
        raise IllegalAction(f"cannot move: it is not the {side} side's phase", rule="10.2G", unit=units[0])
    if state.displaced:  # 15.5D: a displaced leader's hex is chosen before anything else
        from darkdec_qt.rules.commanders import relocation_owed

        raise relocation_owed(state)  # type: ignore[misc]
    if state.phase is Phase.MOVEMENT and initial.paradrop_due(state):
        if initial.drop_owed(state):
            raise IllegalAction("von der Heydte's drop comes before movement (19.1 mandatory): pick his hex first",
                                rule="19.2A", unit=units[0])
    for u in units:
        if mod.units[u].side != side:
            raise IllegalAction("cannot stack with enemy units", rule="10.2D", unit=u)
        if state.phase is Phase.MOVEMENT and u in state.reserve:
            raise IllegalAction("is in reserve: it moves only in Reaction or Exploitation", rule="7.1.3.1B", unit=u)
        if state.phase in (Phase.REACTION, Phase.EXPLOITATION) and u not in state.reserve \
                and u not in state.mp_spent:  # 14.5C: a reserve that moved this phase moves on, as in 10.2
            raise IllegalAction(f"only reserves move in the {state.phase.value} phase",
                                rule="14.4A" if state.phase is Phase.REACTION else "14.2A", unit=u)
        if state.phase is Phase.REACTION and u in state.strategic:
            raise IllegalAction("reserves may not react in strategic movement", rule="14.4D", unit=u)
        if u in state.stopped:
            raise IllegalAction("has entered an enemy ZOC and must stop", rule="12.1A", unit=u)
        if state.paradropped.get(u) == state.turn:
            raise IllegalAction("may not move on the turn it is dropped", rule="19.2C", unit=u)
        if any(u == bu for bu in state.bridges_started.values()):
            raise IllegalAction("spent its entire MA building a bridge", rule="16.2.2A", unit=u)
        if u in state.strategic and len(units) > 1:
            raise IllegalAction("units in strategic movement move alone (one marked unit per hex)", rule="11.3B",
                                unit=u)
        restricted.check_may_move(state, u)
        initial.check_may_move(state, u)
    if any(u in state.strategic for u in units) and state.pos[units[0]] in zoc_hexes(state, other_side(side)):
        raise IllegalAction(f"in {state.pos[units[0]]} begins in an enemy ZOC in strategic movement and must leave it first",
                            rule="10.4.8A", unit=units[0], hex=state.pos[units[0]])


def walk(ctx: MoveContext, path: tuple[str, ...],
         infiltration_ok: bool = False) -> tuple[list[tuple[int, ...]], frozenset[str]]:
    """Validate ``path`` step by step; return the cumulative costs after each step (and
    the roads the last hex was entered by) or
    raise IllegalAction naming the rule. With ``infiltration_ok`` (12.4) continuing out of
    an entered enemy ZOC is allowed; the caller rolls for each such step."""
    t = ctx.t
    unit = ctx.units[0]
    spent = tuple(0 for _ in ctx.budgets)
    roads_in = ctx.in_roads
    out = []
    for i in range(1, len(path)):
        a, b = path[i - 1], path[i]
        if i > 1 and a in ctx.zoc and not infiltration_ok:
            raise IllegalAction(ERRORS[11][1].format(b=b), rule=ERRORS[11][0], unit=unit, hex=b)
        sd = next((x for x in t.sides.get(a, ()) if x.b == b), None)
        if sd is None:
            raise IllegalAction(f"cannot move from {a} to {b}: not adjacent", rule="10.2C", unit=unit, hex=b)
        ctx.infiltrator = infiltration_ok and i > 1
        costs, roads_in, err = step(ctx, a, sd, roads_in)
        ctx.infiltrator = False
        if err:
            rule, msg = ERRORS[err]
            raise IllegalAction(msg.format(b=b, river=sd.river_name), rule=rule, unit=unit, hex=b)
        spent = tuple(x + c for x, c in zip(spent, costs, strict=True))
        if not _fits(spent, ctx.budgets) and not (i == 1 and ctx.fresh and len(path) == 2):
            raise IllegalAction(ERRORS[10][1].format(b=b) + f" ({max(spent)/TICKS:g} MP needed)",
                                rule=ERRORS[10][0], unit=unit, hex=b)
        out.append(spent)
    return out, roads_in


def why_illegal(state: GameState, units: tuple[str, ...] | str, dest: str) -> str | None:
    """None if ``units`` may move to ``dest`` now, else the reason (with the rule)."""
    if isinstance(units, str):
        units = (units,)
    units = tuple(units)
    try:
        check_can_move(state, units)
    except IllegalAction as e:
        return str(e)
    if dest in legal_destinations(state, units):
        return None
    ctx = make_context(state, units)
    ctx.infil_left = infiltration_attempts_left(state, units)
    dests = search(ctx)
    if dest in dests:
        err = _end_ok(ctx, dest) or whole_move_problem(state, units, dests[dest][1])
        return str(err) if err else None
    # the most telling reason: a step into dest from a reachable neighbour
    t = ctx.t
    reasons: list[str] = []
    for sd in t.sides.get(dest, ()):
        n = sd.b
        if n != ctx.start and n not in dests:
            continue
        back = next((x for x in t.sides[n] if x.b == dest), None)
        if back is None:
            continue
        _, _, err = step(ctx, n, back, EMPTY)
        if not err and n != ctx.start and n in ctx.zoc:
            err = 11
        if err:
            rule, msg = ERRORS[err]
            reasons.append(f"{units[0]} {msg.format(b=dest, river=back.river_name)} ({rule})")
    if reasons:
        return sorted(reasons, key=lambda r: "(12.1A)" in r)[0]
    return f"{units[0]} cannot reach {dest}: not enough movement points (10.2B)"

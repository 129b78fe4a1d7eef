"""Step losses and retreat paths decided in advance by a standing order (13.5.4, 13.5.6A, 13.6), as
a PBEM player writes them on the order sheet:

- ``least_losses``: the steps a side must lose are taken from its combat units before its leaders
  (15.5B), eliminating the fewest units (5.1D), then losing the least defense strength, then the
  least attack strength; a fire fight's attacker (13.5.6A) first takes the fewest steps that meet
  the defender's loss.
- ``retreat_by_priorities``: a stack retreats together along the legal path (the engine keeps to
  13.6B priorities 1-4 hex by hex, 13.6C and 11.4) with the fewest step losses (13.6.1A-B, 13.6.3),
  then the fewest units rolling for an unbridged river (13.6.2C), then 13.6B priority 5 (German units
  generally east; Allied units north, south or west), then into the best terrain (13.3.1A), then
  farthest from the enemy (``retreat_key``).

Each gives a choice only when exactly one ranks first; on a tie the player chooses by hand: the
program never picks beyond what its player signed."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from itertools import combinations_with_replacement, islice

from darkdec_qt import hexgrid
from darkdec_qt.rules.combat import losses
from darkdec_qt.rules.combat.retreat import RetreatPath, legal_retreats
from darkdec_qt.rules.combat.terrain_level import base_level
from darkdec_qt.rules.core.state import GameState

MAX_STEPS = 6  # a fire fight's attacker rarely needs more; beyond it the player chooses by hand
MAX_SETS = 20000  # loss sets looked at, at most (bounded work on every hop); beyond it, by hand


def _step_cost(state: GameState, unit: str, nth: int) -> tuple[int, int]:
    """(defense, attack) strength the ``nth`` step (0: first) taken from ``unit`` costs it."""
    spec = state.spec(unit)
    if nth == 0 and unit not in state.reduced and spec.reduced is not None:
        return spec.full[1] - spec.reduced[1], spec.full[0] - spec.reduced[0]
    s = state.strength(unit) if nth == 0 else spec.reduced or spec.full
    return s[1], s[0]


def loss_key(state: GameState, units: tuple[str, ...]) -> tuple[int, int, int, int]:
    """How much a loss set costs by ``least_losses``: steps from leaders, units eliminated, defense
    strength lost, attack strength lost (lower first)."""
    c = Counter(units)
    leaders = sum(k for u, k in c.items() if state.spec(u).is_leader)
    eliminated = sum(1 for u, k in c.items() if k >= losses.steps_left(state, u))
    costs = [_step_cost(state, u, i) for u, k in c.items() for i in range(k)]
    return leaders, eliminated, sum(d for d, _ in costs), sum(a for _, a in costs)


class _TooMany(Exception):
    """More loss sets than the order weighs (``MAX_SETS``): the player chooses by hand."""


def _sets(state: GameState, pool: list[str], n: int, budget: list[int]) -> Iterator[tuple[str, ...]]:
    """The sets of ``n`` steps from ``pool`` (a unit at most as often as it has steps), counting every
    set looked at against ``budget`` (bounded work on every hop, whatever the battle)."""
    for combo in combinations_with_replacement(sorted(pool), n):
        budget[0] -= 1
        if budget[0] < 0:
            raise _TooMany
        if all(combo.count(u) <= losses.steps_left(state, u) for u in set(combo)):
            yield combo


def _armor_first(state: GameState, units: tuple[str, ...], firsts: list[str], need: int) -> bool:
    """13.9.2A: the armored units take the losses while they have steps."""
    if not firsts:
        return True
    avail = sum(losses.steps_left(state, u) for u in firsts)
    return sum(1 for u in units if u in firsts) >= min(need, avail)


def _only_first(ranked: list[tuple[tuple[int, ...], tuple[str, ...]]]) -> tuple[str, ...] | None:
    if not ranked:
        return None
    ranked.sort(key=lambda kv: kv[0])
    if len(ranked) > 1 and ranked[0][0] == ranked[1][0]:
        return None  # a tie: the player chooses
    return ranked[0][1]


def least_losses(state: GameState, pool: list[str], n: int, firsts: list[str] = ()) -> tuple[str, ...] | None:
    """The loss set of ``n`` steps (or every step left) from ``pool`` that ``least_losses`` ranks
    first, or None on a tie. ``firsts``: armored units that must take the losses (13.9.2A)."""
    pool = [u for u in pool if u in state.pos]
    n = min(n, sum(losses.steps_left(state, u) for u in pool))
    if n == 0:
        return ()
    try:
        ranked = [(loss_key(state, c), c) for c in _sets(state, pool, n, [MAX_SETS])
                  if _armor_first(state, c, list(firsts), n)]
    except _TooMany:
        return None
    return _only_first(ranked)


def only_loss_set(state: GameState, pool: list[str], n: int) -> tuple[str, ...] | None:
    """The loss set of ``n`` steps (or every step left) from ``pool`` when it is the only one."""
    pool = [u for u in pool if u in state.pos]
    try:
        sets = list(islice(_sets(state, pool, min(n, sum(losses.steps_left(state, u) for u in pool)), [MAX_SETS]), 2))
    except _TooMany:
        return None
    return sets[0] if len(sets) == 1 else None


def fire_fight_losses(state: GameState, pool: list[str], need: int, firsts: list[str] = ()) -> tuple[str, ...] | None:
    """13.5.6A, the attacker: the fewest steps whose defense strength lost (``losses.defense_lost``,
    as the engine counts it) is at least ``need`` (or every step left), ranked then by ``loss_key``;
    None on a tie."""
    pool = [u for u in pool if u in state.pos]
    total = sum(losses.steps_left(state, u) for u in pool)
    budget = [MAX_SETS]
    try:
        for k in range(1, min(total, MAX_STEPS) + 1):
            ranked = [(loss_key(state, c), c) for c in _sets(state, pool, k, budget)
                      if (sum(losses.defense_lost(state, u) for u in c) >= need or k == total)
                      and _armor_first(state, c, list(firsts), k)]
            if ranked:
                return _only_first(ranked)
    except _TooMany:
        return None
    return None


def _eastward(state: GameState, side: str, start: str, p: RetreatPath) -> int:
    """13.6B priority 5, lower first: German units generally east (the end hex's column the
    farthest east), Allied units north, south or west (any end hex not east of the start ranks
    first; an eastward one by how far)."""
    dcol = int(p.path[-1][:2]) - int(start[:2])
    return -dcol if side == "German" else max(0, dcol)


def _enemy_distance(state: GameState, side: str, h: str) -> int:
    """Hexes from ``h`` to the nearest enemy combat unit."""
    return min((hexgrid.distance(h, x) for u, x in state.pos.items()
                if state.side_of(u) != side and not state.spec(u).is_leader), default=99)


def retreat_key(state: GameState, start: str, side: str, p: RetreatPath) -> tuple[int, int, int, int, int]:
    """How ``retreat_by_priorities`` ranks a legal path (lower first): step losses, units rolling for
    an unbridged river, 13.6B priority 5, then the end hex's terrain defense level (13.3.1A, higher
    first) and its distance from the nearest enemy combat unit (farther first)."""
    end = p.path[-1]
    return (p.steps, len(p.river_units), _eastward(state, side, start, p), -base_level(state, end)[0],
            -_enemy_distance(state, side, end))


def retreat_by_priorities(state: GameState, start: str, units: tuple[str, ...], length: int) -> RetreatPath | None:
    """The retreat path of ``units`` from ``start`` that ``retreat_by_priorities`` ranks first among
    the legal ones, or None on a tie."""
    side = state.side_of(units[0])
    key: Callable[[RetreatPath], tuple[int, ...]] = lambda p: retreat_key(state, start, side, p)  # noqa: E731
    paths = sorted(legal_retreats(state, start, units, length), key=key)
    if not paths or (len(paths) > 1 and key(paths[0]) == key(paths[1])):
        return None
    return paths[0]

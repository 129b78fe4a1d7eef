"""5.1D step losses and elimination (the Destroyed Units Box); 13.5.6 defense-strength
equivalents for fire fights."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from darkdec_qt.rules.core import events as ev
from darkdec_qt.rules.core.state import GameState


def steps_left(state: GameState, unit: str) -> int:
    if unit not in state.pos:
        return 0
    spec = state.spec(unit)
    return 1 if (spec.reduced is None or unit in state.reduced) else 2


def step_events(state: GameState, units: Iterable[str], reason: str,
                already: Counter[str] | None = None) -> list[ev.Event]:
    """A step from each listed unit in order (a unit may be listed twice): StepLost, or
    UnitEliminated when it has no step left (5.1D)."""
    taken: Counter[str] = Counter(already or {})
    out: list[ev.Event] = []
    for u in units:
        left = steps_left(state, u) - taken[u]
        if left <= 0:
            continue
        taken[u] += 1
        if left == 1:
            out.append(ev.UnitEliminated(unit=u, reason=reason))
        else:
            out.append(ev.StepLost(unit=u, reason=reason))
    return out


def defense_lost(state: GameState, unit: str) -> int:
    """13.5.6A: defense points a step costs: full - reduced, or what is left."""
    spec = state.spec(unit)
    if unit in state.reduced or spec.reduced is None:
        return state.strength(unit)[1]
    return spec.full[1] - spec.reduced[1]


def check_losses(state: GameState, pool: Iterable[str], units: tuple[str, ...], n: int,
                 must_first: Iterable[str] = (), rule: str = "13.5.1C") -> tuple[str, str] | None:
    """(rule, reason) unless ``units`` names exactly ``n`` steps (or every step left) from ``pool``;
    ``must_first`` (13.9.2A armored units) must be used while they have steps. ``rule``: the
    clause that asks for these losses."""
    pool = [u for u in pool if u in state.pos]
    avail = sum(steps_left(state, u) for u in pool)
    need = min(n, avail)
    c = Counter(units)
    for u, k in c.items():
        if u not in pool:
            return rule, f"{u} is not among the units that can take this loss"
        if k > steps_left(state, u):
            return rule, f"{u} has only {steps_left(state, u)} step(s)"
    if len(units) != need:
        return rule, f"{need} step loss(es) must be named, not {len(units)}"
    firsts = [u for u in must_first if u in pool]
    if firsts:
        first_avail = sum(steps_left(state, u) for u in firsts)
        used = sum(k for u, k in c.items() if u in firsts)
        if used < min(need, first_avail):
            return "13.9.2A", "losses must be taken by the participating armored units"
    return None

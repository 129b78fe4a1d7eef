"""11.0: stacking."""

from __future__ import annotations

from darkdec_qt.rules.core import events as ev
from darkdec_qt.rules.core.state import GameState

LIMIT = 3  # 11.0A


def stack_problems(state: GameState, side: str) -> dict[str, list[str]]:
    """Hexes of ``side`` breaking 11.0A (more than three units, leaders free 15.4A),
    11.3B (a unit in strategic movement not alone) or 11.4 (British with US)."""
    units = state.module.units
    occ: dict[str, list[str]] = {}
    for u, h in state.pos.items():
        if units[u].side == side and not units[u].is_leader:
            occ.setdefault(h, []).append(u)
    out = {}
    for h, us in occ.items():
        nats = {units[u].nationality for u in us}
        if len(us) > LIMIT or (len(us) > 1 and any(u in state.strategic for u in us)) or {"British", "US"} <= nats:
            out[h] = sorted(us)
    return out


def end_of_movement_eliminations(state: GameState, side: str) -> list[ev.Event]:
    """11.0C: units unable to comply are eliminated at the end of the friendly Movement
    Phase; the owner chooses which. Without a choice recorded the engine keeps the
    strongest units (highest attack+defense, then id) and eliminates the rest."""
    units = state.module.units
    out: list[ev.Event] = []
    for h, us in sorted(stack_problems(state, side).items()):
        ranked = sorted(us, key=lambda u: (-(state.strength(u)[0] + state.strength(u)[1]), u))
        keep: list[str] = []
        for u in ranked:
            nats = {units[k].nationality for k in keep} | {units[u].nationality}
            strat_conflict = keep and (u in state.strategic or any(k in state.strategic for k in keep))
            if len(keep) < LIMIT and not ({"British", "US"} <= nats) and not strat_conflict:
                keep.append(u)
            else:
                out.append(ev.UnitEliminated(unit=u, reason=f"overstacked in {h} at end of Movement Phase (11.0C)"))
    return out

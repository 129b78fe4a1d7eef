"""Standing orders: opt-in defaults by which the non-deciding player lets the mover's program take
a decision for it, cutting a hop. They are applied only where they determine one command and that
command needs no die (no unseen die, no open choice); the receiver re-derives each one."""

from __future__ import annotations

from darkdec_qt.rules.combat.commands import (
    ChooseAttackerResult,
    ChooseDefenderResult,
    ChooseRetreat,
    DeclineAdvance,
    DefenderDeclares,
)
from darkdec_qt.rules.core.commands import Command, EndPhase
from darkdec_qt.rules.core.phases import Phase, acting_side
from darkdec_qt.rules.core.state import GameState

ORDERS: dict[str, str] = {
    "no_reaction": "no reaction movement: end my Reaction Phase at once (7.1.4)",
    "default_declaration": "defender's declaration: no voluntary reductions, integrity as the engine "
                           "offers (13.3.3A)",
    "prefer_retreat": "take a retreat rather than a step loss where legal, when it leaves one way to retreat "
                      "(13.5.1)",
    "no_advance": "no advance after combat as the attacker: decline it at once (13.7; fewer files, and no "
                  "ground taken after a battle)",
}


def parse_orders(names: list[str] | tuple[str, ...]) -> dict[str, bool]:
    unknown = [n for n in names if n not in ORDERS]
    if unknown:
        raise ValueError(f"unknown standing order {unknown[0]!r}; known: {', '.join(ORDERS)}")
    return {n: True for n in sorted(set(names))}


def standing_command(state: GameState, orders: dict[str, bool], side: str) -> Command | None:
    """The one command ``side``'s standing orders give in ``state``, or None."""
    from darkdec_qt.rules.combat.legal import pending_commands

    b = state.battle
    if state.displaced:  # 15.5D: the owner of a displaced leader picks its hex first
        return None
    if b is None or b.task is None:
        if (orders.get("no_reaction") and state.started and state.phase is Phase.REACTION
                and acting_side(state.side, state.phase) == side):
            return EndPhase()
        return None
    what, task_side, _h, _n = b.task
    if task_side != side:
        return None
    if what == "declare" and orders.get("default_declaration"):
        return DefenderDeclares()
    if what == "advance" and orders.get("no_advance"):
        return DeclineAdvance()
    if orders.get("prefer_retreat"):
        cands = pending_commands(state)
        if what == "result":
            retreats = [c for c in cands if isinstance(c, ChooseDefenderResult | ChooseAttackerResult)
                        and c.option in ("retreat1", "retreat2")]
            return retreats[0] if len(retreats) == 1 else None
        if what == "retreat":
            paths = [c for c in cands if isinstance(c, ChooseRetreat)]
            return paths[0] if len(paths) == 1 else None
    return None

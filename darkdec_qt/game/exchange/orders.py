"""Standing orders: opt-in defaults by which the non-deciding player lets the mover's program take
a decision for it, cutting a hop. They are applied only where they determine one command and that
command needs no die (no unseen die, no open choice); the receiver re-derives each one."""

from __future__ import annotations

from darkdec_qt.game.exchange.allocation import (
    fire_fight_losses,
    least_losses,
    only_loss_set,
    retreat_by_priorities,
)
from darkdec_qt.rules.combat.commands import (
    ChooseAdvance,
    ChooseAttackerResult,
    ChooseDefenderResult,
    ChooseLosses,
    ChooseRetreat,
    DeclineAdvance,
    DefenderDeclares,
)
from darkdec_qt.rules.combat.procedure import armor_first, side_units
from darkdec_qt.rules.combat.retreat import legal_retreats
from darkdec_qt.rules.core.commands import Command, EndPhase
from darkdec_qt.rules.core.phases import Phase, acting_side
from darkdec_qt.rules.core.state import GameState

ORDERS: dict[str, str] = {
    "no_reaction": "no reaction movement: end my Reaction Phase at once (7.1.4)",
    "default_declaration": "defender's declaration: no voluntary reductions, integrity as the engine "
                           "offers (13.3.3A)",
    "prefer_retreat": "take a retreat rather than a step loss where legal, when it leaves one way to retreat "
                      "(13.5.1)",
    "no_advance": "no advance after combat: decline it at once, as the attacker and, unless a defender's "
                  "advance order says otherwise, as the defender (13.7; fewer files, and no ground taken)",
    "defender_no_advance": "as the defender, no advance after combat into a hex the attackers left (13.7.5): "
                           "decline it at once",
    "defender_advance": "as the defender, advance after combat one hex into a hex the attackers left (13.7.5) "
                        "with one unit: the first combat unit of the battle's defenders that may; the others stay",
    "least_losses": "step losses (13.5.4, 13.5.6A, 13.6.1A): from combat units before leaders, eliminating the "
                    "fewest units, losing the least strength; ties by hand",
    "retreat_by_priorities": "retreat paths (13.6B): the stack together, fewest step losses, then east (German) or "
                             "not east (Allied), then the best terrain; ties by hand",
}

# orders of which a player may sign one at most: they answer the same moment differently
EXCLUSIVE: tuple[tuple[str, ...], ...] = (("defender_no_advance", "defender_advance"),)


def conflict(names: set[str] | dict[str, bool]) -> str | None:
    """Why a set of standing orders cannot be signed together (None when it can)."""
    for group in EXCLUSIVE:
        both = [n for n in group if n in names]
        if len(both) > 1:
            return f"the standing orders {both[0]!r} and {both[1]!r} exclude each other: choose one"
    return None


def parse_orders(names: list[str] | tuple[str, ...]) -> dict[str, bool]:
    unknown = [n for n in names if n not in ORDERS]
    if unknown:
        raise ValueError(f"unknown standing order {unknown[0]!r}; known: {', '.join(ORDERS)}")
    why = conflict(set(names))
    if why is not None:
        raise ValueError(why)
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
    if what == "advance" and b.defender_side == side and (orders.get("defender_advance")
                                                          or orders.get("defender_no_advance")):
        return _defender_advance(state, orders, _h)
    if what == "advance" and orders.get("no_advance"):
        return DeclineAdvance()
    if what in ("mandatory", "ff_def", "ff_att") and orders.get("least_losses"):
        return _losses(state, what, side, _n)
    if what == "retreat" and (orders.get("retreat_by_priorities") or orders.get("least_losses")):
        return _retreat(state, orders, side, _h, _n)
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


def _defender_advance(state: GameState, orders: dict[str, bool], h: str) -> Command | None:
    """13.7.5 by the defender's order: decline, or one combat unit advances one hex into ``h`` (the
    first of the battle's defenders that may, in the battle's order), then the others decline. None
    (the defender chooses by hand) when no combat unit may: the program never picks for the player
    beyond the order it signed."""
    if orders.get("defender_no_advance"):
        return DeclineAdvance()
    from darkdec_qt.rules.combat.legal import pending_commands

    b = state.battle
    assert b is not None
    if any(state.pos.get(u) == h for u in b.advanced):
        return DeclineAdvance()  # the order's unit has advanced: the others stay
    for c in pending_commands(state):
        if isinstance(c, ChooseAdvance) and len(c.path) == 2 and c.path[1] == h and not state.spec(c.unit).is_leader:
            return c
    return None


def _pool(state: GameState, side: str) -> list[str]:
    assert state.battle is not None
    return list(side_units(state, state.battle, side))


def _losses(state: GameState, what: str, side: str, n: int) -> Command | None:
    """``least_losses`` for a bracketed loss (13.5.4) or a fire fight (13.5.6A); 13.9.2A armored
    units first where the engine requires it (``procedure.armor_first``)."""
    assert state.battle is not None
    pool = _pool(state, side)
    firsts = armor_first(state, state.battle, side, pool)
    if what == "ff_att":
        units = fire_fight_losses(state, pool, n, firsts)
    else:
        units = least_losses(state, pool, 1 if what == "ff_def" else n, firsts)
    return None if units is None else ChooseLosses(units=units)


def _retreat(state: GameState, orders: dict[str, bool], side: str, h: str, n: int) -> Command | None:
    """A stack's retreat (13.6): the path ``retreat_by_priorities`` ranks first (without it, the only
    legal path), its step losses where one set of units may take them (without ``least_losses``) or
    the set that order ranks first."""
    units = tuple(u for u in _pool(state, side) if state.pos[u] == h)
    if not units:
        return None
    if orders.get("retreat_by_priorities"):
        path = retreat_by_priorities(state, h, units, n)
    else:
        paths = legal_retreats(state, h, units, n)
        path = paths[0] if len(paths) == 1 else None
    if path is None:
        return None
    if orders.get("least_losses"):
        taken = least_losses(state, list(units), path.steps)
    else:
        taken = only_loss_set(state, list(units), path.steps)
    return None if taken is None else ChooseRetreat(units=units, path=path.path, losses=taken)

"""Legal combat commands (for the client and for random self-play): the choices owed to
the battle in progress, or the battles that may be declared now."""

from __future__ import annotations

from itertools import combinations_with_replacement

from darkdec_qt.rules.combat import commands as cc
from darkdec_qt.rules.combat import losses
from darkdec_qt.rules.combat import procedure as combat
from darkdec_qt.rules.combat.advance import advance_length, legal_advances
from darkdec_qt.rules.combat.battle import check_declare, free_to_attack, may_defend
from darkdec_qt.rules.combat.retreat import legal_retreats
from darkdec_qt.rules.core.commands import Command
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.phases import Phase, other_side
from darkdec_qt.rules.core.registry import COMBAT, register_generator
from darkdec_qt.rules.core.state import GameState


def _loss_sets(state: GameState, pool: list[str], n: int) -> list[tuple[str, ...]]:
    avail = sum(losses.steps_left(state, u) for u in pool)
    n = min(n, avail)
    out = []
    for combo in combinations_with_replacement(sorted(pool), n):
        if all(combo.count(u) <= losses.steps_left(state, u) for u in set(combo)):
            out.append(combo)
    return out


def _valid(state: GameState, cmd: Command) -> bool:
    try:
        combat.check(state, cmd)
    except IllegalAction:
        return False
    return True


def pending_commands(state: GameState) -> list[Command]:
    b = state.battle
    if b is None or b.task is None or state.displaced:  # 15.5D: a displaced leader's hex comes first
        return []
    what, side, h, n = b.task
    cands: list[Command] = []
    if what == "declare":
        cands = [cc.DefenderDeclares()]
    elif what == "resolve":
        cands = [cc.ResolveBattle()]
    elif what == "result":
        pool = [u for u in (b.defenders if side == b.defender_side else b.attackers) if state.pos.get(u) == h]
        klass = cc.ChooseDefenderResult if side == b.defender_side else cc.ChooseAttackerResult
        for opt in combat.OPTIONS[n]:
            for ls in _loss_sets(state, pool, combat.STEPS[opt]):
                cands.append(klass(hex=h, option=opt, losses=ls))
    elif what == "retreat":
        pool = tuple(u for u in (b.defenders if side == b.defender_side else b.attackers) if state.pos.get(u) == h)
        for p in legal_retreats(state, h, pool, n)[:4]:
            for ls in _loss_sets(state, list(pool), p.steps)[:3]:
                cands.append(cc.ChooseRetreat(units=pool, path=p.path, losses=ls))
    elif what in ("mandatory", "ff_def", "ff_att", "air_loss"):
        pool = list(b.defenders) if what == "air_loss" else [
            u for u in (b.defenders if side == b.defender_side else b.attackers) if u in state.pos]
        sizes = [1] if what in ("ff_def", "air_loss") else ([n] if what == "mandatory" else range(1, 4))
        for k in sizes:
            for ls in _loss_sets(state, pool, k):
                cands.append(cc.ChooseLosses(units=ls))
    elif what == "ca":
        hexes = sorted({state.pos[u] for u in b.attackers if u in state.pos})
        cands = [cc.Counterattack(hexes=(x,)) for x in hexes] + [cc.Counterattack(hexes=tuple(hexes))]
    elif what == "assault":
        cands = [cc.DeclineAssault()] + [cc.AllOutAssault(loss=u) for u in b.attackers
                                         if u in state.pos and not state.spec(u).is_leader]
    elif what == "advance":
        cands = [cc.DeclineAdvance()]
        for u in combat._advancers(state, b, side, h):
            for p in legal_advances(state, u, h, advance_length(state, u, n)):
                cands.append(cc.ChooseAdvance(unit=u, path=p))
    return [c for c in cands if _valid(state, c)]


def declarable_battles(state: GameState) -> list[Command]:
    """Battles whose attackers are all the free units adjacent to one defender group, and
    single-unit battles."""
    if state.battle is not None:
        return []
    shock = state.phase is Phase.EXPLOITATION
    if state.phase is not Phase.COMBAT and not shock:
        return []
    enemy = other_side(state.side)
    out: list[Command] = []
    seen: set[tuple[tuple[str, ...], tuple[str, ...]]] = set()
    occ: dict[str, list[str]] | None = None  # hex -> units, as units_at gives them (built once)
    for u in state.on_map(state.side):
        if state.spec(u).is_leader or free_to_attack(state, u, shock) is not None:
            continue
        here = state.pos[u]
        if occ is None:
            occ = {h: sorted(us) for h, us in state.occupancy().items()}
        dh = [n for n in state.module.adjacency.get(here, ()) if any(
            state.side_of(e) == enemy and may_defend(state, e, shock) for e in occ.get(n, ()))]
        if not dh:
            continue
        defenders = tuple(e for n in sorted(dh) for e in occ.get(n, ()) if state.side_of(e) == enemy
                          and may_defend(state, e, shock))
        groups = [(u,)]
        if not shock:
            group = [v for v in state.on_map(state.side) if not state.spec(v).is_leader
                     and free_to_attack(state, v) is None
                     and all(n in state.module.adjacency.get(state.pos[v], ()) for n in dh)]
            groups.append(tuple(sorted(group)))
        for g in groups:
            key = (g, defenders)
            if key in seen:
                continue
            seen.add(key)
            try:
                check_declare(state, g, defenders, shock)
            except IllegalAction:
                continue
            out.append(cc.DeclareBattle(attackers=g, defenders=defenders, shock=shock,
                                        integrity_choices=tuple(sorted({d for x in g if (d := state.spec(x).division)}))))
    return out


def legal_combat_commands(state: GameState) -> list[Command]:
    if state.battle is not None:
        return pending_commands(state)
    return declarable_battles(state)


@register_generator(rank=COMBAT)
def combat_commands(state: GameState, rng: object = None) -> list[Command]:
    """The battle procedure's candidates for ``legal_commands`` (13.0)."""
    return legal_combat_commands(state)

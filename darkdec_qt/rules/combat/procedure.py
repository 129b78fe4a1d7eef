"""7.1.5 and 13.0-13.7: the battle procedure as commands.

``check(state, cmd) -> events`` validates a combat command and returns its events
(never mutating the state; dice drawn from a ``DiceCursor``); ``legal_commands(state)``
offers the legal combat choices; ``deciding_side(state)`` says who owes the next one.
Results are applied hex by hex (13.3B), defender first (13.5.3A); every decision
(loss allocation, retreat path, advance) is a command in the log.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from darkdec_qt.rules import airpower, commanders
from darkdec_qt.rules.combat import commands as cc
from darkdec_qt.rules.combat import crt, losses
from darkdec_qt.rules.combat import events as ce
from darkdec_qt.rules.combat.advance import advance_length, legal_advances
from darkdec_qt.rules.combat.armor import armor_must_take_losses, is_armored
from darkdec_qt.rules.combat.battle import (
    allied_extra_bonus_used,
    attacker_level,
    check_declare,
    defender_hexes,
    end_phase_problem,
    plan,
)
from darkdec_qt.rules.combat.battle_state import BattleState, Task
from darkdec_qt.rules.combat.retreat import legal_retreats, loss_clause, river_loss_on
from darkdec_qt.rules.commanders import relocation_owner
from darkdec_qt.rules.core import events as ev
from darkdec_qt.rules.core import registry
from darkdec_qt.rules.core.apply import apply
from darkdec_qt.rules.core.commands import Command
from darkdec_qt.rules.core.dice import DiceCursor
from darkdec_qt.rules.core.errors import IllegalAction, MalformedCommand
from darkdec_qt.rules.core.phases import other_side
from darkdec_qt.rules.core.state import GameState

Events = list[ev.Event]
OPTIONS = {0: ("retreat1", "step1"), 1: ("retreat2", "step2", "retreat1_step1")}
STEPS = {"retreat1": 0, "step1": 1, "retreat2": 0, "step2": 2, "retreat1_step1": 1}
RETREAT = {"retreat1": 1, "step1": 0, "retreat2": 2, "step2": 0, "retreat1_step1": 1}
STAY_OPTIONS = frozenset({"step1", "step2", "retreat1_step1"})


def deciding_side(state: GameState) -> str | None:
    """The side owing the next decision before play goes on: the owner of a displaced
    leader (15.5D, commanders.relocation_owner), else the side a battle's task names."""
    if state.displaced:
        return relocation_owner(state)
    b = state.battle
    if b is None or b.task is None:
        return None
    return b.task[1]


def side_units(state: GameState, b: BattleState, side: str) -> tuple[str, ...]:
    if side == b.attacker_side:
        return tuple(u for u in b.attackers if u in state.pos)
    return tuple(u for u in b.defenders if u in state.pos)


def armor_first(state: GameState, b: BattleState, side: str, pool: Iterable[str]) -> list[str]:
    """13.9.2A: the units of ``pool`` that must take the attacker's losses while they have steps
    (its armored units, when armor superiority made them); none for the defender."""
    if side == b.attacker_side and armor_must_take_losses(state, tuple(defender_hexes(state, b)), b.armor_used):
        return [u for u in pool if is_armored(state, u)]
    return []


def _hex_units(state: GameState, b: BattleState, side: str, h: str) -> list[str]:
    return [u for u in side_units(state, b, side) if state.pos[u] == h]


# --- progression ---------------------------------------------------------------------------

def _after(state: GameState, b: BattleState, events: Events, sim: GameState) -> BattleState | None:
    """Pop automatic tasks; add advance/assault tasks when the results are done; None when
    the battle is over."""
    while True:
        t = b.task
        if t is None:
            return None
        what, side, h, n = t
        if what == "result":
            if not _hex_units(sim, b, side, h):
                b = b.pop()
                continue
            return b
        if what in ("retreat",) and not _hex_units(sim, b, side, h):
            b = b.pop()
            continue
        if what == "mandatory" and not side_units(sim, b, side):
            b = b.pop()
            continue
        if what == "ff_att" and not side_units(sim, b, side):
            b = b.pop()
            continue
        if what == "done":
            b = b.pop(*_advance_tasks(sim, b), *(_assault_task(sim, b) or _second_assault_task(sim, b)))
            continue
        if what == "advance" and not _advancers(sim, b, side, h):
            b = b.pop()
            continue
        return b


def _advance_tasks(state: GameState, b: BattleState) -> list[Task]:
    """13.7/13.7.5: the victors of each vacated hex may advance into it: the attacker into
    defender hexes, the defender into attacker hexes."""
    out: list[Task] = []
    dhexes = dict(b.levels)
    for h, n in b.vacated:
        winner = b.attacker_side if h in dhexes else b.defender_side
        loser = other_side(winner)
        if not any(state.side_of(u) == loser for u in state.units_at(h)):
            out.append(("advance", winner, h, n))
    return out


def _advancers(state: GameState, b: BattleState, side: str, h: str) -> list[str]:
    """13.7.5: the victors of the battle adjacent to the vacated hex ``h``; 13.5.3B: not a unit
    that retreated to fulfil the result (it takes a step loss if it means to advance);
    13.6.5: not a unit retreated into the hex; 13.5.5H/I: only the units of this battle."""
    if side == b.attacker_side:
        pool = b.attackers
    else:
        pool = b.original_defenders or b.defenders
    return [u for u in pool if u in state.pos and u not in b.retreated and u not in b.advanced
            and u not in state.retreated_into and h in state.module.adjacency.get(state.pos[u], ())]


def _assault_task(state: GameState, b: BattleState) -> list[Task]:
    """13.2.1: indecisive, not after FF/CA; 15.6 a second one with Manteuffel/Patton, whatever
    integrity bonuses this or another attack of the phase used (15.6D)."""
    if not b.aoa_leader or b.kind not in ("attack", "assault") or b.hit:
        return []
    r = crt.parse_result(b.result)
    if r.counterattack or r.fire_fight or not side_units(state, b, b.attacker_side):
        return []
    allowed = 1
    lead = state.spec(b.aoa_leader).id.split("/")[0] if b.aoa_leader in state.module.units else ""
    if (lead == "Manteuffel" and crt.german_tactical_period(state)) or (lead == "Patton" and state.is_clear()):
        allowed = 2
    return [("assault", b.attacker_side, "", 0)] if b.assaults < allowed else []


def _second_assault_task(state: GameState, b: BattleState) -> list[Task]:
    """15.6C: Manteuffel's or Patton's second all out assault when the initial attack and the
    first assault "failed to affect the defender": no defending unit lost a step or
    retreated. Losses of the attacker in the first assault (its mandatory step, 13.2.3A, and
    any A result) do not bar it (docs/rules-interpretations.md); 13.2.1C still applies."""
    if not b.aoa_leader or b.kind != "assault" or b.assaults != 1:
        return []
    if set(b.hit) & (set(b.defenders) | set(b.original_defenders)):
        return []
    r = crt.parse_result(b.result)
    if r.counterattack or r.fire_fight or not side_units(state, b, b.attacker_side):
        return []
    lead = state.spec(b.aoa_leader).id.split("/")[0] if b.aoa_leader in state.module.units else ""
    if (lead == "Manteuffel" and crt.german_tactical_period(state)) or (lead == "Patton" and state.is_clear()):
        return [("assault", b.attacker_side, "", 0)]
    return []


def _finish(state: GameState, b: BattleState, events: Events) -> Events:
    sim = _simulate(state, events)
    nb = _after(state, b, events, sim)
    if nb is None:
        events.append(ce.BattleEnded(id=b.id))
    else:
        events.append(ce.BattleStage(data=nb.to_json()))
    return events


def _simulate(state: GameState, events: Events) -> GameState:
    s = state.clone()
    for e in events:
        if e.kind not in ("battle_stage", "battle_ended"):
            apply(s, e)
    return s


# --- resolution -------------------------------------------------------------------------------

def _resolve(state: GameState, b: BattleState, dice: DiceCursor, pre: Events | None = None,
             odds: str | None = None) -> Events:
    events: Events = list(pre or [])
    sim = _simulate(state, events)
    p = plan(sim, b, assault=b.kind == "assault")
    if odds:
        p.odds = odds  # 13.2.2B the same odds
    d1, e1 = dice.roll(f"battle {b.id} die 1")
    d2, e2 = dice.roll(f"battle {b.id} die 2")
    roll = d1 + d2 + p.drm
    code = crt.lookup(sim, p.odds, p.column, roll)
    r = crt.parse_result(code)
    notes = tuple(why for _, why in p.drm_parts) + (p.column_reason,)
    if r.fire_fight and b.ignore_second_bonus_if_ff and allied_extra_bonus_used(sim, b, b.kind == "assault"):
        roll += 1  # 13.8.4.2B: the second bonus ignored at the attacker's option
        p.drm += 1
        code = crt.lookup(sim, p.odds, p.column, roll)
        r = crt.parse_result(code)
        notes += ("second Allied integrity bonus ignored: it gave a fire fight (13.8.4.2B)",)
    events += [e1, e2, ce.BattleResolved(id=b.id, battle_kind=b.kind, attack=p.attack, defense=p.defense,
                                         odds=p.odds, column=p.column, drm=p.drm, roll=roll, result=code,
                                         notes=notes)]
    levels = tuple((h, lv) for h, (lv, _) in sorted(p.levels.items()))
    dside, aside = b.defender_side, b.attacker_side
    if r.defender or r.defender_mandatory:  # 10.4.7B
        for u in side_units(sim, b, dside):
            if u in sim.strategic:
                events.append(ev.StrategicLeft(unit=u, mp=0, reason="10.4.7B"))
    tasks: list[Task] = []
    if r.counterattack:
        tasks.append(("ca", dside, "", 0))
    elif r.fire_fight:
        tasks.append(("ff_def", dside, "", 0))
    else:
        if r.defender_mandatory:
            tasks.append(("mandatory", dside, "", r.defender_mandatory))
        for h, lv in levels:
            if r.defender > lv:
                tasks.append(("result", dside, h, 1))
            elif r.defender and r.defender == lv:
                tasks.append(("result", dside, h, 0))
        if r.attacker_mandatory:
            tasks.append(("mandatory", aside, "", r.attacker_mandatory))
        if r.attacker:
            for h in sorted({sim.pos[u] for u in side_units(sim, b, aside)}):
                lv, _ = attacker_level(sim, b, h)
                if b.kind == "counterattack" or h in b.minus_one:
                    lv = max(0, lv)
                if r.attacker > lv:
                    tasks.append(("result", aside, h, 1))
                elif r.attacker == lv:
                    tasks.append(("result", aside, h, 0))
    tasks.append(("done", "", "", 0))
    nb = b.with_(odds=p.odds, column=p.column, drm=p.drm, result=code, levels=levels,
                 armor_used=p.armor_used, tasks=tuple(tasks))
    return _finish(state, nb, events)


def _hit(b: BattleState, units: tuple[str, ...] | list[str]) -> BattleState:
    return b.with_(hit=tuple(sorted(set(b.hit) | set(units))))


def _vacate(sim: GameState, b: BattleState, h: str, side: str, n: int) -> tuple[BattleState, Events]:
    out: Events = []
    if not any(sim.side_of(u) == side for u in sim.units_at(h)):
        if h not in dict(b.vacated):
            b = b.with_(vacated=b.vacated + ((h, n),))
        if h in sim.fortifications:
            out.append(ev.FortificationRemoved(hex=h, reason="vacated as a result of combat (17.2B)"))
    return b, out


def _task(state: GameState, what: tuple[str, ...]) -> tuple[BattleState, Task]:
    b = state.battle
    if b is None or b.task is None:
        raise IllegalAction("no battle is being resolved", rule="7.1.5.1A")
    if b.task[0] not in what:
        raise IllegalAction(f"the battle awaits {b.task[0]!r} from the {b.task[1]} player, not this command",
                            rule="7.1.5.1F")
    return b, b.task


def _c_declare(state: GameState, cmd: cc.DeclareBattle, dice: DiceCursor) -> Events:
    check_declare(state, cmd.attackers, cmd.defenders, cmd.shock)
    for h, n in cmd.voluntary_reductions:
        if not any(state.pos.get(u) == h for u in cmd.attackers) or n < 0:
            raise IllegalAction(f"may reduce only its own occupied hexes, not {h}", rule="13.3.3A")
    events: Events = []
    lead = cmd.all_out_assault_leader
    if lead:
        if lead not in state.pos or not state.spec(lead).is_leader or state.side_of(lead) != state.side:
            raise IllegalAction(f"{lead} is not a friendly leader on the map", rule="13.2B")
        if commanders.options_left(state, lead, "attack") <= 0:
            raise IllegalAction("has no attack option left this phase", rule="15.1A", unit=lead)
        refusal = commanders.command_refusal(state, lead, cmd.attackers, "13.2B")
        if refusal is not None:
            raise IllegalAction(refusal[1], rule=refusal[0], unit=lead)
        events.append(ce.LeaderOptionUsed(leader=lead, option="attack"))
    bid = state.battles + 1
    events.append(ce.BattleDeclared(id=bid, attacker_side=state.side, attackers=cmd.attackers,
                                    defenders=cmd.defenders, battle_kind="shock" if cmd.shock else "attack"))
    for u in cmd.defenders:
        if u in state.reserve:
            events.append(ev.ReserveLeft(unit=u, reason="attacked (14.5E)"))
    b = BattleState(id=bid, attacker_side=state.side, attackers=cmd.attackers, defenders=cmd.defenders,
                    kind="shock" if cmd.shock else "attack", reductions=cmd.voluntary_reductions,
                    integrity=cmd.integrity_choices, use_armor=cmd.use_armor_superiority, aoa_leader=lead,
                    shock=cmd.shock, tasks=(("declare", other_side(state.side), "", 0),),
                    ignore_second_bonus_if_ff=cmd.ignore_second_bonus_if_ff,
                    original_defenders=tuple(u for u in cmd.defenders if u not in state.retreated_into))
    events.append(ce.BattleStage(data=b.to_json()))
    return events


def _c_defender(state: GameState, cmd: cc.DefenderDeclares, dice: DiceCursor) -> Events:
    b, _ = _task(state, ("declare",))
    for h, n in cmd.voluntary_reductions:
        if not any(state.pos.get(u) == h for u in b.defenders) or n < 0:
            raise IllegalAction(f"may reduce only its own occupied hexes, not {h}", rule="13.3.3A")
    nb = b.with_(reductions=b.reductions + tuple(cmd.voluntary_reductions), defender_integrity=cmd.integrity)
    return [ce.BattleStage(data=nb.pop(("resolve", b.attacker_side, "", 0)).to_json())]


def _c_resolve(state: GameState, cmd: cc.ResolveBattle, dice: DiceCursor) -> Events:
    b, _ = _task(state, ("resolve",))
    return _resolve(state, b.pop(), dice)


def _c_result(state: GameState, cmd: cc.ChooseDefenderResult | cc.ChooseAttackerResult,
              dice: DiceCursor) -> Events:
    b, (_, side, h, n) = _task(state, ("result",))
    want = b.defender_side if isinstance(cmd, cc.ChooseDefenderResult) else b.attacker_side
    if side != want:
        raise IllegalAction(f"the {side} player chooses this result, not the {want} player", rule="13.5.1C")
    if cmd.hex != h:
        raise IllegalAction(f"the result to apply now is in {h}, not {cmd.hex}", rule="13.3B")
    if cmd.option not in OPTIONS[n]:
        raise IllegalAction(f"option {cmd.option!r} not allowed: choose one of {', '.join(OPTIONS[n])}",
                            rule="13.5.1B")
    events: Events = []
    leader = getattr(cmd, "leader", "")
    if side == b.defender_side and cmd.option in STAY_OPTIONS and state.has_rule("13.5.1E"):
        units = _hex_units(state, b, side, h)
        if not leader:
            raise IllegalAction("must retreat the full distance: no commander's defense option named",
                                rule="13.5.1E", hex=h)
        if leader not in state.pos or not state.spec(leader).is_leader or state.side_of(leader) != side:
            raise IllegalAction(f"{leader} is not a friendly leader on the map", rule="13.5.1E", hex=h)
        if commanders.options_left(state, leader, "defense") <= 0:
            raise IllegalAction("has no defense option left this phase", rule="15.2A", unit=leader, hex=h)
        refusal = commanders.command_refusal(state, leader, units, "15.2A")
        if refusal is not None:
            raise IllegalAction(refusal[1], rule=refusal[0], unit=leader, hex=h)
        events.append(ce.LeaderOptionUsed(leader=leader, option="defense"))
    pool = _hex_units(state, b, side, h)
    why = losses.check_losses(state, pool, cmd.losses, STEPS[cmd.option], armor_first(state, b, side, pool), "13.5.1C")
    if why:
        raise IllegalAction(why[1], rule=why[0], hex=h)
    events.append(ce.ResultChosen(hex=h, side=side, option=cmd.option, leader=leader))
    events += losses.step_events(state, cmd.losses, f"{b.result} in {h} (13.5.1)")
    b = _hit(b, cmd.losses)
    sim = _simulate(state, events)
    r = RETREAT[cmd.option]
    if r:
        b = b.with_(retreat_len=b.retreat_len + ((h, r),))
        b = b.pop(("retreat", side, h, r))
    else:
        b = b.pop()
        b, more = _vacate(sim, b, h, side, -1)
        events += more
    return _finish(state, b, events)


def _c_retreat(state: GameState, cmd: cc.ChooseRetreat, dice: DiceCursor) -> Events:
    b, (_, side, h, n) = _task(state, ("retreat",))
    pending = _hex_units(state, b, side, h)
    if not cmd.units or any(u not in pending for u in cmd.units):
        raise IllegalAction(f"only the units of the battle in {h} retreat now: {', '.join(pending)}",
                            rule="13.3B", hex=h)
    paths = {p.path: p for p in legal_retreats(state, h, cmd.units, n)}
    p = paths.get(tuple(cmd.path))
    if p is None:
        from darkdec_qt.rules.combat.refusals import retreat_clause  # the most specific clause

        best = next(iter(paths))
        rule, why = retreat_clause(state, h, tuple(cmd.units), tuple(cmd.path), n)
        raise IllegalAction(f"retreat path {'-'.join(cmd.path)} is not legal: {why}; e.g. "
                            f"{'-'.join(best)}", rule=rule, hex=h)
    why = losses.check_losses(state, cmd.units, cmd.losses, p.steps, (), loss_clause(state, tuple(cmd.units), p))
    if why:
        raise IllegalAction(why[1], rule=why[0], hex=h)
    events: Events = losses.step_events(state, cmd.losses, "retreat losses (13.6.1A, 13.6.1B, 13.6.3)")
    sim = _simulate(state, events)
    for u in cmd.units:
        if u not in sim.pos:
            continue
        if u in p.river_units:
            v, e = dice.roll(f"river crossing {u}")
            events.append(e)
            if v <= river_loss_on(state, u):
                events += losses.step_events(sim, [u], f"retreat across an unbridged river, rolled {v} (13.6.2C)")
                sim = _simulate(state, events)
        if u in sim.pos and len(p.path) > 1:
            events.append(ce.UnitRetreated(unit=u, path=p.path))
    b = _hit(b, cmd.units).with_(retreated=b.retreated + tuple(cmd.units))
    sim = _simulate(state, events)
    if not _hex_units(sim, b, side, h):
        b = b.pop()
    b, more = _vacate(sim, b, h, side, n)
    return _finish(state, b, events + more)


def _c_losses(state: GameState, cmd: cc.ChooseLosses, dice: DiceCursor) -> Events:
    b, (what, side, h, n) = _task(state, ("mandatory", "ff_def", "ff_att", "air_loss"))
    if what == "air_loss":
        from darkdec_qt.rules.airpower import air_loss_pool
        pool = air_loss_pool(state, h)
        if len(cmd.units) != 1 or cmd.units[0] not in pool:
            raise IllegalAction(f"choose one of {', '.join(pool)} (motorized if possible, never a reduced unit)",
                                rule="20.4.1C" if any(u in state.reduced for u in cmd.units) else "20.4.1B",
                                hex=h)
        events = losses.step_events(state, cmd.units, "air attack (20.4.1)")
        return events + [ce.BattleEnded(id=b.id)]
    pool = side_units(state, b, side)
    need = 1 if what == "ff_def" else n
    if what == "ff_att":
        got = sum(losses.defense_lost(state, u) for u in cmd.units)
        total = sum(losses.steps_left(state, u) for u in pool)
        if got < n and len(cmd.units) < total:
            raise IllegalAction(f"the attacker must lose at least {n} defense points (13.5.6A)", rule="13.5.6A")
        need = len(cmd.units)
    why = losses.check_losses(state, pool, cmd.units, need, armor_first(state, b, side, pool),
                              "13.5.4A" if what == "mandatory" else "13.5.6A")
    if why:
        raise IllegalAction(why[1], rule=why[0])
    cite = "13.5.4" if what == "mandatory" else "13.5.6"
    events = losses.step_events(state, cmd.units, f"{b.result} ({cite})")
    b = _hit(b, cmd.units)
    sim = _simulate(state, events)
    if what == "ff_def":
        b = b.pop(("ff_att", b.attacker_side, "", sum(losses.defense_lost(state, u) for u in cmd.units)))
    else:
        b = b.pop()
    hexes = {state.pos[u] for u in cmd.units}
    for hx in sorted(hexes):
        b, more = _vacate(sim, b, hx, side, -1)
        events += more
    return _finish(state, b, events)


def _c_counterattack(state: GameState, cmd: cc.Counterattack, dice: DiceCursor) -> Events:
    """13.5.5A-B, G-H: the defenders of the battle counterattack some or all of the attacking
    hexes, with the other units there included. 13.5.5I: on a counterattack's CA the battle's
    defenders are the units counterattacked, so only they counterattack again; original
    attackers that were not counterattacked take no further part."""
    b, (_, side, _, _) = _task(state, ("ca",))
    targets = sorted({state.pos[u] for u in side_units(state, b, b.attacker_side)})
    if not cmd.hexes or any(h not in targets for h in cmd.hexes):
        raise IllegalAction(f"counterattack hexes must be among {', '.join(targets)} (13.5.5B, G)", rule="13.5.5B")
    attackers = side_units(state, b, b.defender_side)
    involved = set(b.attackers)
    defenders = tuple(u for h in sorted(cmd.hexes) for u in state.units_at(h) if state.side_of(u) != side)
    hexes = set(cmd.hexes) | {state.pos[u] for u in attackers}
    events: Events = [ce.CounterattackDeclared(side=side, hexes=tuple(sorted(cmd.hexes)), attackers=attackers,
                                               defenders=defenders)]
    nb = BattleState(id=b.id, attacker_side=side, attackers=attackers, defenders=defenders, kind="counterattack",
                     reductions=b.reductions, minus_one=tuple(sorted(hexes | set(b.minus_one))),
                     original_defenders=tuple(u for u in defenders if u in involved))
    return _resolve(state, nb, dice, events)


def _c_assault(state: GameState, cmd: cc.AllOutAssault | cc.DeclineAssault, dice: DiceCursor) -> Events:
    b, _ = _task(state, ("assault",))
    if isinstance(cmd, cc.DeclineAssault):
        return _finish(state, b.pop(), [])
    if cmd.loss not in side_units(state, b, b.attacker_side) or state.spec(cmd.loss).is_leader:
        raise IllegalAction("the mandatory step must come from an attacking unit (13.2.3A)", rule="13.2.3A",
                            unit=cmd.loss)
    events = losses.step_events(state, [cmd.loss], "all out assault mandatory loss (13.2.3A)")
    nb = b.pop().with_(kind="assault", assaults=b.assaults + 1, vacated=(), retreat_len=())
    return _resolve(state, nb, dice, events, odds=b.odds)


def _c_advance(state: GameState, cmd: cc.ChooseAdvance | cc.DeclineAdvance, dice: DiceCursor) -> Events:
    b, (_, side, h, n) = _task(state, ("advance",))
    if isinstance(cmd, cc.DeclineAdvance):
        return _finish(state, b.pop(), [])
    if side == b.attacker_side and cmd.unit in b.retreated:  # _advancers leaves out units that retreated
        raise IllegalAction(f"retreated to fulfil this battle's result, so it may not advance into {h}: an "
                            "attacker that means to advance takes the result as a step loss", rule="13.5.3B",
                            unit=cmd.unit)
    if cmd.unit not in _advancers(state, b, side, h):
        raise IllegalAction(f"may not advance into {h} (13.7, 13.5.5H, 13.6.5)", rule="13.7", unit=cmd.unit)
    length = advance_length(state, cmd.unit, n)
    if tuple(cmd.path) not in legal_advances(state, cmd.unit, h, length):
        from darkdec_qt.rules.combat.refusals import advance_clause  # the most specific clause

        rule, why = advance_clause(state, cmd.unit, h, tuple(cmd.path), length)
        raise IllegalAction(f"cannot advance along {'-'.join(cmd.path)}: {why}", rule=rule, unit=cmd.unit)
    b = b.with_(advanced=b.advanced + (cmd.unit,))
    events: Events = [ce.UnitAdvanced(unit=cmd.unit, path=tuple(cmd.path))]
    events += commanders.displacement_events(state, (cmd.unit,), tuple(cmd.path))  # 15.5D
    return _finish(state, b, events)


CHECKERS: dict[str, Callable[[GameState, Command, DiceCursor], Events]] = {
    "declare_battle": _c_declare,  # type: ignore[dict-item]
    "defender_declares": _c_defender,  # type: ignore[dict-item]
    "resolve_battle": _c_resolve,  # type: ignore[dict-item]
    "choose_defender_result": _c_result,  # type: ignore[dict-item]
    "choose_attacker_result": _c_result,  # type: ignore[dict-item]
    "choose_retreat": _c_retreat,  # type: ignore[dict-item]
    "choose_losses": _c_losses,  # type: ignore[dict-item]
    "counterattack": _c_counterattack,  # type: ignore[dict-item]
    "all_out_assault": _c_assault,  # type: ignore[dict-item]
    "decline_assault": _c_assault,  # type: ignore[dict-item]
    "choose_advance": _c_advance,  # type: ignore[dict-item]
    "decline_advance": _c_advance,  # type: ignore[dict-item]
}


def check(state: GameState, cmd: Command, dice: DiceCursor | None = None) -> Events:
    """Validate a combat command and return its events (the state is not changed)."""
    dice = dice or DiceCursor(state.seed, state.dice_count)
    if cmd.kind in airpower.CHECKERS:
        return airpower.CHECKERS[cmd.kind](state, cmd, dice)
    fn = CHECKERS.get(cmd.kind)
    if fn is None:
        raise MalformedCommand(f"{cmd.kind!r} is not a combat command")
    return fn(state, cmd, dice)


# --- registration with the engine (registry.py) --------------------------------------------

def _register() -> None:
    for kind, fn in CHECKERS.items():
        registry.CHECKERS[kind] = fn
    for kind, fn in airpower.CHECKERS.items():
        registry.CHECKERS[kind] = fn
    if not any(getattr(g, "_combat_guard", False) for g in registry.GUARDS):
        def guard(state: GameState, cmd: Command) -> IllegalAction | None:
            """7.1.5D/13.0B: the Combat Phase ends only when the obligatory attacks are made
            (a guard, so that engine.end_phase_refusal knows it too)."""
            return end_phase_problem(state) if cmd.kind == "end_phase" else None

        guard._combat_guard = True  # type: ignore[attr-defined]
        registry.register_guard(guard, registry.COMBAT)

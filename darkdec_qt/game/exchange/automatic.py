"""Automatic steps: the commands a player's program gives without asking anyone, the same on both
sides (the receiver re-derives every one), and the battle plan.

In order of precedence, for the side that decides (``decisions.decider``):

1. its **battle plan**: battles its player declared at once (13.0D: the attacker resolves its
   battles one at a time, in the order it wishes; a plan fixes that order in advance), each
   declared when the previous battle is over, then perhaps the end of the Combat Phase. A plan is
   signed in its author's segment and lives until its Combat Phase is over: each segment signs what
   is left of both plans (``plan``: its author's, ``plan_left``: the opponent's, which the receiver
   checks); a player who declares a battle or ends the phase by hand in its own segment drops its
   old plan (its choices inside a battle keep it). An entry the engine refuses when its turn comes (its units retreated, were
   eliminated or must counterattack, 13.5.5J) ends the plan: the decision goes back to its player.
   A plan may also carry, after a battle's declaration, its **advance decided in advance** (13.7):
   ``choose_advance`` entries (the units that advance if a defender hex is vacated, each with its
   path from its own hex into the vacated one) or one ``decline_advance`` (advance with none), as a
   PBEM player writes on the order sheet. When that battle offers the attacker an advance into hex
   H, the first of its entries into H is given; with none into H (the group names other hexes or
   its units have advanced), the advance is declined. An entry the engine refuses (the unit
   retreated, was eliminated, or the path is blocked now) ends the plan like any other: the
   attacker chooses by hand, never the engine. A battle over without an advance skips its group;
2. its **standing orders** (``orders``), where they give one command that needs no open die;
3. a **forced step** (``forced``): the only command it may give.

**Chained dice.** A segment whose author reveals a secret begins with the *chain*: the pending
command is resolved (``fairdice.resolving``), then every automatic step runs, on both sides and
for the author too (by the standing orders the author signed in its *previous* segment), with the
dice ``fairdice.chained`` of the same revealed secret and the opponent's last nonce, until a
player must decide. No choice in the chain is made by a player who knows its dice: the plan and
the opponent's orders were signed before the secret was revealed, and the author's orders
before the opponent's nonce was drawn. The chain is obligatory and exact: a segment that stops it
early, or gives another command inside it, is refused. After the chain, the author decides by
hand, and a command that needs a die is left pending for the opponent to resolve, as before.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from darkdec_qt.game.exchange import fairdice
from darkdec_qt.game.exchange.decisions import decider
from darkdec_qt.game.exchange.forced import forced_command
from darkdec_qt.game.exchange.orders import standing_command
from darkdec_qt.game.exchange.segment import MAX_PLAN, PLAN_KINDS
from darkdec_qt.rules import engine
from darkdec_qt.rules.combat.commands import ChooseAdvance, DeclineAdvance
from darkdec_qt.rules.core.commands import Command
from darkdec_qt.rules.core.dice import DicePending, DiceSource
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.events import Event
from darkdec_qt.rules.core.phases import Phase, acting_side
from darkdec_qt.rules.core.state import GameState


def stamp(state: GameState) -> tuple[int, str, str]:
    """The moment a plan belongs to: game turn, player turn, phase."""
    return (state.turn, state.side, state.phase.value)


@dataclass
class Plan:
    """A side's battle plan, as signed, and what is left of it."""

    side: str
    moment: tuple[int, str, str]
    entries: list[Command] = field(default_factory=list)


def plan_refusal(state: GameState, side: str, cmds: list[Command]) -> IllegalAction | None:
    """Why ``cmds`` cannot be ``side``'s battle plan now (None when they can): battle declarations,
    perhaps ending with the end of the phase, by the attacker in its own Combat Phase (13.0D), with
    no unit in two battles (13.1E, 13.2A). Each declaration is checked against the engine when its
    turn comes."""
    if state.phase is not Phase.COMBAT or acting_side(state.side, state.phase) != side:
        return IllegalAction("a battle plan is made by the attacker in its own Combat Phase", rule="13.0D")
    if len(cmds) > MAX_PLAN:
        return IllegalAction(f"a battle plan of at most {MAX_PLAN} entries", rule="13.0D")
    used: set[str] = set()
    b = state.battle
    battle: tuple[set[str], set[str]] | None = None  # the attackers and defender hexes an advance group follows
    if b is not None and b.attacker_side == side:
        battle = (set(b.attackers), {state.pos[u] for u in b.defenders if u in state.pos} | {h for h, _ in b.levels})
    group: list[Command] = []
    for n, c in enumerate(cmds):
        if c.kind not in PLAN_KINDS or (c.kind == "end_phase" and n != len(cmds) - 1):
            return IllegalAction("a battle plan holds battle declarations, each perhaps followed by its advance "
                                 "decided in advance, perhaps ending with the end of the Combat Phase", rule="13.0D")
        if isinstance(c, ChooseAdvance | DeclineAdvance):
            refusal = _advance_refusal(c, battle, group)
            if refusal is not None:
                return IllegalAction(f"entry {n + 1} of the plan: {refusal}", rule="13.7")
            group.append(c)
            continue
        group = []
        if c.kind == "declare_battle":
            battle = (set(c.attackers), {state.pos[u] for u in c.defenders if u in state.pos})  # type: ignore[attr-defined]
        units = set(getattr(c, "attackers", ())) | set(getattr(c, "defenders", ()))
        if units & used:
            return IllegalAction(f"unit {sorted(units & used)[0]} is in two battles of the plan: a unit attacks or "
                                 "defends once per Combat Phase", rule="13.2A")
        used |= units
    for n, c in enumerate(cmds):
        if state.battle is None and c.kind == "declare_battle":
            try:
                engine.check(state, c)
            except IllegalAction as exc:
                return IllegalAction(f"battle {n + 1} of the plan: {exc}", rule=exc.rule)
    return None


def _advance_refusal(c: Command, battle: tuple[set[str], set[str]] | None, group: list[Command]) -> str | None:
    """Why an advance entry cannot follow ``group`` (the entries before it for the same battle)."""
    if battle is None:
        return "an advance decided in advance follows the declaration of its battle"
    if isinstance(c, DeclineAdvance):
        return None if not group else "'no advance' is the only advance entry of its battle"
    assert isinstance(c, ChooseAdvance)
    if any(isinstance(g, DeclineAdvance) for g in group):
        return "'no advance' is the only advance entry of its battle"
    if c.unit not in battle[0]:
        return f"unit {c.unit} is not an attacker of its battle: only they advance (13.5.5H)"
    if any(isinstance(g, ChooseAdvance) and g.unit == c.unit for g in group):
        return f"unit {c.unit} advances once"
    if len(c.path) < 2 or c.path[1] not in battle[1]:
        return f"the advance of {c.unit} does not enter a hex of its battle's defenders"
    return None


def _advance_entry(entries: list[Command], h: str) -> Command | None:
    """The advance decided in advance into ``h``, from the group at the head of ``entries`` (removed
    when given): the first ``choose_advance`` into ``h``, else no advance; None without a group."""
    n = 0
    while n < len(entries) and isinstance(entries[n], ChooseAdvance | DeclineAdvance):
        c = entries[n]
        if isinstance(c, ChooseAdvance) and len(c.path) > 1 and c.path[1] == h:
            entries.pop(n)
            if not any(isinstance(g, ChooseAdvance) for g in entries[:n] + entries[n:_group_end(entries, n)]):
                entries.insert(0, DeclineAdvance())  # the group's advances are made: the others decline
            return c
        n += 1
    return DeclineAdvance() if n else None


def _group_end(entries: list[Command], n: int) -> int:
    while n < len(entries) and isinstance(entries[n], ChooseAdvance | DeclineAdvance):
        n += 1
    return n


def _skip_advances(entries: list[Command]) -> None:
    """Drop the advance group at the head of ``entries``: its battle is over."""
    while entries and isinstance(entries[0], ChooseAdvance | DeclineAdvance):
        entries.pop(0)


def plan_commands(entries: list[dict[str, Any]]) -> list[Command]:
    return [Command.from_dict(d) for d in entries]


@dataclass
class Step:
    """An automatic step: who gives it (``plan``, ``orders``, ``forced``), the command, and its
    events (None: it needs a die no revealed secret covers, and is left pending)."""

    by: str
    cmd: Command
    events: list[Event] | None


def left(plan: Plan | None, state: GameState) -> list[Command]:
    """What is left of ``plan`` in ``state``: nothing once its Combat Phase is over."""
    if plan is None or stamp(state) != plan.moment:
        return []
    entries = list(plan.entries)
    if state.battle is None:
        _skip_advances(entries)
    return entries


def next_step(state: GameState, author: str, orders: dict[str, dict[str, bool]], plans: dict[str, Plan],
              dice: DiceSource | None) -> Step | None:
    """The next automatic step in ``author``'s segment, or None when a player decides (or the game is
    over). ``dice``: the chained dice while the chain runs (the author's own decisions are then
    automatic too, where its orders or a forced step give them); None after it (the author decides
    its own moments by hand; a step that needs a die is left pending). A plan entry the engine
    refuses ends that plan (its entries are cleared)."""
    if state.game_over or not state.started:
        return None
    who = decider(state)
    if who is None or (who == author and dice is None):
        return None
    roll = dice or fairdice.unseen
    plan = plans.get(who)
    if plan is not None and state.battle is None:
        _skip_advances(plan.entries)  # a battle over without an advance
    b = state.battle
    if (plan is not None and plan.side == who and b is not None and b.task is not None and b.task[0] == "advance"
            and b.task[1] == who and not state.displaced and stamp(state) == plan.moment):
        cmd = _advance_entry(plan.entries, b.task[2])
        if cmd is not None:
            try:
                return Step("plan", cmd, engine.check(state, cmd, dice=roll))
            except (DicePending, IllegalAction):
                plan.entries.clear()  # the advance decided in advance is illegal now: its player chooses by hand
    if (plan is not None and plan.side == who and plan.entries and state.battle is None and not state.displaced
            and stamp(state) == plan.moment):
        cmd = plan.entries[0]
        try:
            events = engine.check(state, cmd, dice=roll)
        except (DicePending, IllegalAction):
            plan.entries.clear()  # the plan no longer fits: its player decides again
        else:
            plan.entries.pop(0)
            return Step("plan", cmd, events)
    cmd = standing_command(state, orders.get(who, {}), who)
    if cmd is not None:
        try:
            return Step("orders", cmd, engine.check(state, cmd, dice=roll))
        except (DicePending, IllegalAction):
            pass
    cmd = forced_command(state, who)
    if cmd is None:
        return None
    try:
        return Step("forced", cmd, engine.check(state, cmd, dice=roll))
    except DicePending:
        return Step("forced", cmd, None)  # the die is the other side's to resolve, as for its own command
    except IllegalAction:
        return None

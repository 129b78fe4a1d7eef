"""The player chooses: where the rulebook gives a player a choice, the
engine waits for that player's command instead of picking in their place.

Each choice is (1) a command with its checker, (2) offered by ``legal_commands`` (a
registry generator) and (3) owed: a guard refuses to end the phase (or, for the drop that
comes before movement, to move) while the choice can still be made.

- 11.0C: the owner selects the units eliminated for breaking the stacking limits
  (11.0A three units, 11.3B strategic movement markers, 11.4 British with US):
  ``EliminateOverstacked``.
- 19.1/19.2A: the mandatory drop of von der Heydte, before movement, on a hex Germany picks:
  ``Paradrop``.
- 10.6.3A: reinforcements may not be withheld: each due unit with an open entry hex enters
  where its owner picks (``EnterReinforcement``).
- 10.6.3C: when every scheduled entry hex of a due reinforcement is blocked, its owner picks
  the road hex it enters from next turn among the next unblocked ones
  (``ChooseDelayedEntry``), owed when there are several.
- 10.7.2C: the Allies pick which reinforcements of an edge they hold off (``HoldOff``).
- 8.7.1A-B: the Allied, then the German player names the divisions out of fuel
  (``ChooseFuelDivision``).
- 15.5D: the owner of a displaced leader picks among the equidistant hexes
  (``RelocateDisplacedLeader``); the leader waits in its hex and the choice is owed at once:
  every other command is refused until it is made, and the owner decides
  (``commanders.relocation_owner``, which combat.deciding_side reports).
- 23.0B: the side selects which conditional units its 1-2 rolls commit
  (``ChooseConditionalUnits``; the engine's counter-order pick is only a proposal, which the
  side may confirm by choosing it), owed before the phase ends unless one has entered.
The engine's end-of-phase defaults (stacking.end_of_movement_eliminations,
reinforcements.end_of_movement_events, fuel.auto_events) remain only for what no command
can still settle; 10.7.2C has none (while a debt can be paid the phase does not end).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations
from typing import ClassVar

from darkdec_qt.rules.commanders import relocation_owed, relocation_owner  # noqa: F401  (15.5D, the client asks here)
from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core import events as ev
from darkdec_qt.rules.core.errors import IllegalAction, MalformedCommand
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.core.registry import (
    OWED,
    accepted,
    register_checker,
    register_generator,
    register_guard,
)
from darkdec_qt.rules.core.state import GameState
from darkdec_qt.rules.movement import reinforcements
from darkdec_qt.rules.movement.stacking import LIMIT, stack_problems
from darkdec_qt.rules.opening import initial
from darkdec_qt.rules.opening.initial import drop_owed
from darkdec_qt.rules.scenarios import variants
from darkdec_qt.rules.supply import fuel
from darkdec_qt.rules.supply.determination import fuel_eligible_divisions

# commands that are movement in the Movement Phase (19.2A: the drop comes before them)
MOVEMENT_KINDS = frozenset({"move", "enter_strategic", "leave_strategic", "enter_reserve", "leave_reserve",
                            "enter_reinforcement", "exit", "end_phase"})


def _accepted(state: GameState, cmd: cm.Command) -> bool:
    return accepted(state, cmd)


# --- 11.0C ------------------------------------------------------------------------------


@cm.Command.register
@dataclass(frozen=True, slots=True)
class EliminateOverstacked(cm.Command):
    """11.0C: the owner selects a unit eliminated because its hex breaks the stacking limits."""

    kind: ClassVar[str] = "eliminate_overstacked"
    unit: str


def stack_rule(state: GameState, units: list[str]) -> str:
    """The clause a stack breaks: 11.0A more than three units, 11.4 British with US, 11.3B
    a unit in strategic movement not alone."""
    nats = {state.module.units[u].nationality for u in units}
    if len(units) > LIMIT:
        return "11.0A"
    if {"British", "US"} <= nats:
        return "11.4"
    return "11.3B"


@register_checker("eliminate_overstacked")
def _check_eliminate(state: GameState, cmd: EliminateOverstacked, dice: object) -> list[ev.Event]:
    u = cmd.unit
    if u not in state.module.units or u not in state.pos:
        raise IllegalAction(f"{u!r} is not on the map", rule="11.0C")
    side = state.module.units[u].side
    if state.phase is not Phase.MOVEMENT or side != state.side:
        raise IllegalAction("a side eliminates its overstacked units in its own Movement Phase", rule="11.0C", unit=u)
    h = state.pos[u]
    us = stack_problems(state, side).get(h)
    if not us or u not in us:
        raise IllegalAction(f"{h} keeps the stacking limits: nothing to eliminate", rule="11.0C", unit=u, hex=h)
    return [ev.UnitEliminated(unit=u, reason=f"overstacked in {h} ({stack_rule(state, us)}), "
                                              f"chosen by its owner (11.0C)")]


# --- 10.6.3C ----------------------------------------------------------------------------


@cm.Command.register
@dataclass(frozen=True, slots=True)
class ChooseDelayedEntry(cm.Command):
    """10.6.3C: the owner picks the road hex a blocked reinforcement enters from next turn."""

    kind: ClassVar[str] = "choose_delayed_entry"
    unit: str
    hex: str


@register_checker("choose_delayed_entry")
def _check_delayed_entry(state: GameState, cmd: ChooseDelayedEntry, dice: object) -> list[ev.Event]:
    u = cmd.unit
    if u not in state.module.units:
        raise MalformedCommand(f"unknown unit {u!r}")
    if state.phase is not Phase.MOVEMENT or state.module.units[u].side != state.side:
        raise IllegalAction("a blocked reinforcement is rerouted in its owner's Movement Phase", rule="10.6.3C",
                            unit=u)
    if u not in reinforcements.due_units(state):
        raise IllegalAction("is not a reinforcement due this turn", rule="10.6A", unit=u)
    if not reinforcements.all_blocked(state, u):
        free = [h for h in reinforcements.entry_hexes(state, u) if not reinforcements.is_blocked(state, u, h)]
        raise IllegalAction(f"may enter at {', '.join(free)}: a reinforcement whose entry hex is not blocked may "
                            "not be withheld", rule="10.6.3A", unit=u)
    alts = reinforcements.delay_alternatives(state, u)
    if cmd.hex not in alts:
        raise IllegalAction(f"enters next turn at the next unblocked road hex: one of {', '.join(alts) or 'none'}, "
                            f"not {cmd.hex}", rule="10.6.3C", unit=u, hex=cmd.hex)
    return [ev.ReinforcementDelayed(unit=u, turn=state.turn + 1, hex=cmd.hex)]


def delayed_entry_owed(state: GameState) -> list[tuple[str, list[str]]]:
    """10.6.3C: the due units whose scheduled hexes are all blocked and which have several
    road hexes to choose from for next turn, with those hexes."""
    out = []
    for u in reinforcements.due_units(state):
        if reinforcements.all_blocked(state, u) and len(alts := reinforcements.delay_alternatives(state, u)) > 1:
            out.append((u, alts))
    return out


# --- the guards -------------------------------------------------------------------------


def _owed_choice(state: GameState, cmd: cm.Command) -> IllegalAction | None:
    """A choice the acting player still owes before ``cmd`` (None: nothing owed)."""
    if state.displaced and cmd.kind not in ("relocate_displaced_leader", "note"):
        return relocation_owed(state)
    if cmd.kind in MOVEMENT_KINDS and state.side == "German" and drop_owed(state):
        return IllegalAction("von der Heydte's drop comes before movement (19.1 mandatory): pick his hex first",
                             rule="19.2A")
    if cmd.kind != "end_phase":
        return None
    if state.phase is Phase.MOVEMENT:
        if (units := conditional_selection_owed(state)):
            return IllegalAction(f"cannot end the Movement Phase: select the conditional units your roll commits "
                                 f"(proposed: {', '.join(units)})", rule="23.0B")
        problems = stack_problems(state, state.side)
        if problems:
            h, us = min(problems.items())
            return IllegalAction(f"cannot end the Movement Phase: {h} breaks the stacking limits "
                                 f"({stack_rule(state, us)}): move units out or choose which to eliminate "
                                 f"({', '.join(us)})", rule="11.0C", hex=h)
        from darkdec_qt.rules.movement import exits

        debts = [(u, e) for u, e in exits.hold_off_candidates(state) if state.hold_off_owed.get(e, 0) > 0]
        if debts and state.side == "Allied":
            u, e = debts[0]
            return IllegalAction(f"cannot end the Movement Phase: {state.hold_off_owed[e]} attack strength is owed "
                                 f"on the {e} edge: choose the reinforcements held off (e.g. {u})", rule="10.7.2C")
        if (blocked := delayed_entry_owed(state)):
            u, alts = blocked[0]
            return IllegalAction(f"cannot end the Movement Phase: every entry hex of {u} is blocked (10.6.3B): "
                                 f"choose the road hex it enters from next turn ({', '.join(alts)})",
                                 rule="10.6.3C", unit=u)
        for u in reinforcements.due_units(state):
            if any(_accepted(state, cm.EnterReinforcement(unit=u, path=(h,)))
                   for h in reinforcements.open_entry_hexes(state, u)):
                return IllegalAction(f"cannot end the Movement Phase: {u} is due and may not be withheld: "
                                     f"enter it where you choose", rule="10.6.3A", unit=u)
    if state.phase is Phase.SUPPLY and state.side == "German" and state.fuel_shortage > 0:
        opts = list(_fuel_options(state))
        if opts:
            who = opts[0].side
            return IllegalAction(f"cannot end the Supply Phase: the {who} player names the "
                                 f"{'first' if who == 'Allied' else 'next'} division out of fuel",
                                 rule="8.7.1A" if who == "Allied" else "8.7.1B")
    return None


register_guard(_owed_choice, OWED)


# --- what legal_commands offers -------------------------------------------------------------


def _fuel_options(state: GameState) -> Iterator[cm.Command]:
    who = fuel.chooser(state)
    for d in fuel_eligible_divisions(state, who):
        c = cm.ChooseFuelDivision(division=d, side=who)
        if _accepted(state, c):
            yield c
    brig = fuel.eligible_brigades(state)
    for a, b in combinations(brig, 2):
        c = cm.ChooseFuelDivision(division="", side=who, brigades=(a, b))
        if _accepted(state, c):
            yield c


def conditional_selection_owed(state: GameState) -> list[str]:
    """23.0B: the units this turn's 1-2 rolls committed by default while the side has not yet
    made (or confirmed) its own selection and none of them has entered; [] otherwise."""
    if not state.has_rule("23") or state.phase is not Phase.MOVEMENT:
        return []
    committed = variants.committed_this_turn(state, state.side)
    if not committed or any(u not in state.pending for u in committed) \
            or state.triggers.get(f"{variants.CONDITIONAL_CHOSEN}{state.side}") == state.turn:
        return []
    return committed


def _conditional_options(state: GameState, rng: random.Random | None) -> list[cm.Command]:
    if not state.has_rule("23") or state.phase is not Phase.MOVEMENT:
        return []
    committed = variants.committed_this_turn(state, state.side)
    if not committed or any(u not in state.pending for u in committed):
        return []
    pool = sorted(set(variants.conditional_pool(state, state.side)) | set(committed))
    combos = list(combinations(pool, len(committed)))[:200]
    if rng is not None:
        combos = rng.sample(combos, min(2, len(combos)))
    if conditional_selection_owed(state) and tuple(committed) not in combos:
        combos.append(tuple(committed))  # confirming the proposal is a selection too
    return [c for units in combos if _accepted(state, c := variants.ChooseConditionalUnits(units=units))]


@register_generator(rank=OWED)
def choices(state: GameState, rng: random.Random | None = None) -> Iterator[cm.Command]:
    """The choices the rulebook gives a player now, each accepted by ``check``."""
    if state.phase is Phase.MOVEMENT:
        for _h, us in sorted(stack_problems(state, state.side).items()):
            for u in us:
                yield EliminateOverstacked(unit=u)
        if initial.paradrop_due(state):
            u = initial.paradrop_unit(state)
            hexes = initial.drop_hexes(state)
            if rng is not None:
                hexes = rng.sample(hexes, min(3, len(hexes)))
            for h in hexes:
                if _accepted(state, c := cm.Paradrop(unit=str(u), hex=h)):
                    yield c
        for u in reinforcements.due_units(state):  # 10.6.3A: the hex the guard knows, if the engine's
            opens = reinforcements.open_entry_hexes(state, u)  # first two (legal_commands) are refused
            if opens[:2] and not any(_accepted(state, cm.EnterReinforcement(unit=u, path=(h,))) for h in opens[:2]):
                for h in opens[2:]:
                    if _accepted(state, c := cm.EnterReinforcement(unit=u, path=(h,))):
                        yield c
                        break
        for u in reinforcements.due_units(state):  # 10.6.3C
            if reinforcements.all_blocked(state, u):
                for h in reinforcements.delay_alternatives(state, u):
                    if _accepted(state, c := ChooseDelayedEntry(unit=u, hex=h)):
                        yield c
        if state.side == "Allied":
            from darkdec_qt.rules.movement import exits

            for u, e in exits.hold_off_candidates(state):
                if state.hold_off_owed.get(e, 0) > 0 and _accepted(state, c := cm.HoldOff(u)):
                    yield c
        yield from _conditional_options(state, rng)
    if state.phase is Phase.SUPPLY and state.side == "German" and state.fuel_shortage > 0:
        yield from _fuel_options(state)
    yield from relocations(state)


def relocations(state: GameState) -> Iterator[cm.Command]:
    """15.5D: each hex a displaced leader's owner may choose, accepted by ``check``."""
    for leader, alts in sorted(state.displaced.items()):
        for h in alts:
            if _accepted(state, c := cm.RelocateDisplacedLeader(unit=leader, hex=h)):
                yield c

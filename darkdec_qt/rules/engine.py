"""The engine: ``check`` (validate a command into events, never mutating), ``execute``
(check then apply), ``legal_commands`` and the automatic work of phase changes.

Live play, replay and an opponent's file all go through the same ``apply`` of the same
events (Wesnoth's synced context); dice are drawn only in ``check`` and recorded.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from darkdec_qt.rules import commanders, moments, replacements, weather
from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core import events as ev
from darkdec_qt.rules.core.apply import apply
from darkdec_qt.rules.core.commands import Command
from darkdec_qt.rules.core.dice import DiceCursor, DiceSource
from darkdec_qt.rules.core.errors import IllegalAction, MalformedCommand
from darkdec_qt.rules.core.events import Event
from darkdec_qt.rules.core.phases import MOVING_PHASES, Phase, acting_side, next_phase, other_side
from darkdec_qt.rules.core.registry import (  # noqa: F401
    CHECKERS,
    GENERATORS,
    GUARDS,
    PHASE_HOOKS,
    PRESTART,
    install_check,
    register_checker,
    register_generator,
)
from darkdec_qt.rules.core.state import GameState
from darkdec_qt.rules.core.tables import TICKS, half_up
from darkdec_qt.rules.engineering import bridges, fortifications
from darkdec_qt.rules.movement import move as movement
from darkdec_qt.rules.movement import (
    reinforcements,
    restricted,
    stacking,
    withdrawals,  # rules engine I: 10.8B/C withdrawals are owed
)
from darkdec_qt.rules.opening import initial
from darkdec_qt.rules.reserves import (
    adjacency_losses,  # 14.5E, whatever moved the units
    adjacent_to_enemy,
    historical_setup_problem,
)
from darkdec_qt.rules.supply import determination as supply
from darkdec_qt.rules.supply import (
    fuel,  # rules engine I: 8.7.1-8.7.3, 8.7.2D and 15.6E live in fuel.py  # rules engine I: 8.7.1B default choice (fuel.py)
)

_CHECKERS = CHECKERS
_GENERATORS = GENERATORS


def check(state: GameState, command: Command, dice: DiceSource | None = None) -> list[Event]:
    """Validate ``command``; return the events it causes or raise IllegalAction. ``dice``: the
    die source (default: the hot-seat dice seeded by ``state.seed``; file exchange plugs in its
    commit-reveal dice, which may raise DicePending)."""
    fn = _CHECKERS.get(command.kind)
    if (problem := _refusal_before(state, command)) is not None:
        raise problem
    if fn is None:
        raise MalformedCommand(f"unknown command {command.kind!r}")
    events = fn(state, command, DiceCursor(state.seed, state.dice_count, dice))

    return events + adjacency_losses(state, events)


def _refusal_before(state: GameState, command: Command) -> IllegalAction | None:
    """The refusals ``check`` judges before a command's own checker (None: none applies)."""
    if state.game_over:
        return IllegalAction("the game is over", rule="7.2F")
    # (scenarios) registry.PRESTART: set-up commands (PlaceUnit, 26.20A choice) come before StartGame
    if not state.started and command.kind != "start_game" and command.kind not in PRESTART:
        return MalformedCommand("the game has not started (StartGame)")
    if command.kind not in _CHECKERS:
        return None
    for guard in GUARDS:  # choices owed by a player (choices.py)
        if (problem := guard(state, command)) is not None:
            return problem
    return None


def end_phase_refusal(state: GameState) -> IllegalAction | None:
    """Why ``check`` refuses EndPhase now, or None when it accepts it: the same refusals,
    without computing the phase change (legal_commands offers EndPhase only when None)."""
    return _refusal_before(state, cm.EndPhase()) or withdrawals.end_phase_problem(state)


def execute(state: GameState, command: Command) -> list[Event]:
    events = check(state, command)
    for e in events:
        apply(state, e)
    return events


# --- helpers ---------------------------------------------------------------------


def _unit(state: GameState, unit: str) -> None:
    if unit not in state.module.units:
        raise MalformedCommand(f"unknown unit {unit!r}")


def _own_moving_phase(state: GameState, unit: str, phases: tuple[Phase, ...], rule: str) -> None:
    _unit(state, unit)
    if unit not in state.pos:
        raise IllegalAction("is not on the map", rule=rule, unit=unit)
    if state.phase not in phases or state.module.units[unit].side != acting_side(state.side, state.phase):
        raise IllegalAction(f"cannot do this in the {state.side} {state.phase.value} phase", rule=rule, unit=unit)


def half_ma_ticks(state: GameState, unit: str) -> int:
    """10.4.1D / 10.4.7A: half the printed MA, fractions rounded up."""
    return half_up(movement.printed_ma(state, unit)) * TICKS


# --- movement ---------------------------------------------------------------------


@register_checker("move")
def _check_move(state: GameState, cmd: cm.Move, dice: DiceCursor) -> list[Event]:  # type: ignore[override]
    units = tuple(cmd.units)
    movement.check_can_move(state, units)
    path = tuple(cmd.path)
    if len(path) < 2 or path[0] != state.pos[units[0]]:
        raise IllegalAction(f"path must start at {state.pos[units[0]]} and enter a hex", rule="10.2C", unit=units[0])
    if cmd.build_bridge:
        from darkdec_qt.rules.engineering import bridges

        return bridges.check_build_move(state, units, path)
    err0 = movement.one_hex_limit(state, units, path)  # 18.3B (shared with legal_destinations)
    if err0:
        raise err0
    ctx = movement.make_context(state, units)
    left = movement.infiltration_attempts_left(state, units)  # 12.4 (shared with legal_destinations)
    infil = left > 0
    costs, roads = movement.walk(ctx, path, infiltration_ok=infil)
    out: list[Event] = []
    if infil:  # 12.4: a die for every attempt to leave an entered enemy ZOC
        needed = [h for h in path[1:-1] if h in ctx.zoc]
        if len(needed) > left:  # judged before any die, so the answer never depends on the dice
            raise IllegalAction("has no infiltration attempt left", rule="12.4D", unit=units[0], hex=needed[left])
        for i in range(1, len(path) - 1):
            if path[i] in ctx.zoc:
                value, roll = dice.roll(f"infiltration of {units[0]} from {path[i]} (12.4)")
                ok = value <= state.module.charts.infiltration.get(state.turn_code(), 0)
                out += [roll, ev.InfiltrationAttempted(unit=units[0], hex=path[i], success=ok)]
                if not ok:
                    path, costs, roads = path[: i + 1], costs[:i], frozenset()
                    break
    err = movement._end_ok(ctx, path[-1])
    if err:
        raise err
    if "26.13" in state.variants:
        from darkdec_qt.rules.scenarios.montgomery import withdrawal_move_problem

        err = withdrawal_move_problem(state, units, path)  # 26.13B-C, E
        if err:
            raise err
    spent = costs[-1]
    stopped = path[-1] in ctx.zoc
    for u in units:
        c = state.module.units[u].unit_class
        out.append(ev.UnitMoved(unit=u, path=path, mp=spent[ctx.classes.index(c)], stopped=stopped,
                                roads=tuple(sorted(roads)) if len(units) == 1 else ()))
    out += commanders.displacement_events(state, units, path)  # 15.5D
    return out


@register_checker("enter_strategic")
def _check_enter_strategic(state: GameState, cmd: cm.EnterStrategic, dice: DiceCursor) -> list[Event]:  # type: ignore[override]
    """10.4.1A over 10.4.4C (docs/rules-interpretations.md): a unit enters strategic movement
    only as the sole occupant of a road hex; 10.4.4C lets a unit already marked begin its turn
    off the road and move on in strategic movement (10.4.4A), and reinforcements enter in it."""
    u = cmd.unit
    if state.phase is Phase.EXPLOITATION:
        raise IllegalAction("may not enter strategic movement in the Exploitation Phase", rule="14.2B", unit=u)
    _own_moving_phase(state, u, (Phase.MOVEMENT,), "10.4.1A")
    s = state.module.units[u]
    h = state.pos[u]
    if u in state.strategic:
        raise IllegalAction("is already in strategic movement", rule="10.4.1E", unit=u)
    if u in state.reserve:
        raise IllegalAction("is in reserve: may not enter strategic movement", rule="10.4.1B", unit=u)
    if h not in state.module.road_links or h in state.interdicted:
        raise IllegalAction(f"in {h} is not on a road hex", rule="10.4.1A", unit=u, hex=h)

    if (err := moments.strategic_entry_problem(state, u)) is not None:  # sole occupant, no enemy ZOC:
        raise err  # judged at the beginning of the Movement Phase (moments.py)
    if not state.is_supplied(u):  # 8.7.4: out of fuel is unsupplied
        raise IllegalAction("is marked unsupplied or isolated", rule="10.4.1A", unit=u)
    if state.mp_spent.get(u, 0) or u in state.moved:
        raise IllegalAction("must enter strategic movement before spending MPs", rule="10.4.1D", unit=u)
    if state.air_superiority() and s.side == "German" and s.is_motorized:  # 20.1B, 26.11A
        raise IllegalAction("German motorized units may not enter strategic movement in clear weather",
                            rule="20.1B", unit=u)
    restricted.check_may_move(state, u)
    initial.check_may_move(state, u)
    return [ev.StrategicEntered(unit=u, mp=half_ma_ticks(state, u))]


@register_checker("leave_strategic")
def _check_leave_strategic(state: GameState, cmd: cm.LeaveStrategic, dice: DiceCursor) -> list[Event]:  # type: ignore[override]
    u = cmd.unit
    _own_moving_phase(state, u, (Phase.MOVEMENT,), "10.4.7A")
    if u not in state.strategic:
        raise IllegalAction("is not in strategic movement", rule="10.4.7A", unit=u)
    if state.mp_spent.get(u, 0) or u in state.moved:
        raise IllegalAction("must leave strategic movement before spending MPs", rule="10.4.7A", unit=u)
    return [ev.StrategicLeft(unit=u, mp=half_ma_ticks(state, u), reason="10.4.7A")]


@register_checker("enter_reserve")
def _check_enter_reserve(state: GameState, cmd: cm.EnterReserve, dice: DiceCursor) -> list[Event]:  # type: ignore[override]
    u = cmd.unit
    if not state.has_rule("14"):
        raise IllegalAction("reserves are an optional rule not in use", rule="14.1A", unit=u)
    _own_moving_phase(state, u, (Phase.MOVEMENT,), "14.1E")
    s = state.module.units[u]
    if u in state.reserve:
        raise IllegalAction("is already in reserve", rule="14.1E", unit=u)

    if (err := historical_setup_problem(state, u)) is not None:  # 6.2B (14.6A excepted)
        raise err
    if u in state.moved or state.mp_spent.get(u, 0) and u not in state.strategic:
        raise IllegalAction("has already moved this turn", rule="7.1.3.1A", unit=u)

    if moments.was_in_enemy_zoc(state, u):  # at the start of the player turn (moments.py)
        raise IllegalAction(f"in {state.pos[u]} began the turn in an enemy ZOC", rule="14.1D", unit=u,
                            hex=state.pos[u])

    if adjacent_to_enemy(state, u):
        raise IllegalAction(f"in {state.pos[u]} is adjacent to an enemy unit and would lose the status at once",
                            rule="14.5E", unit=u, hex=state.pos[u])
    if sum(1 for x in state.reserve if state.module.units[x].side == s.side) >= 10:
        raise IllegalAction("no more than ten reserve units", rule="14.5D", unit=u)
    return [ev.ReserveEntered(unit=u)]


@register_checker("leave_reserve")
def _check_leave_reserve(state: GameState, cmd: cm.LeaveReserve, dice: DiceCursor) -> list[Event]:  # type: ignore[override]
    u = cmd.unit
    _own_moving_phase(state, u, (Phase.MOVEMENT,), "14.5B")
    if u not in state.reserve:
        raise IllegalAction("is not in reserve", rule="14.5B", unit=u)
    if u in state.reserve_placed:
        raise IllegalAction("was placed in reserve this player turn", rule="14.1E", unit=u)
    return [ev.ReserveLeft(unit=u, reason="14.5B")]


@register_checker("enter_reinforcement")
def _check_reinf(state: GameState, cmd: cm.EnterReinforcement, dice: DiceCursor) -> list[Event]:  # type: ignore[override]
    return reinforcements.check_enter(state, cmd.unit, tuple(cmd.path), cmd.strategic)


@register_checker("paradrop")
def _check_paradrop(state: GameState, cmd: cm.Paradrop, dice: DiceCursor) -> list[Event]:  # type: ignore[override]
    return initial.check_paradrop(state, cmd.unit, cmd.hex, dice)


@register_checker("release_restricted")
def _check_release(state: GameState, cmd: cm.ReleaseRestricted, dice: DiceCursor) -> list[Event]:  # type: ignore[override]
    return restricted.check_voluntary_release(state, cmd.unit)


@register_checker("relocate_displaced_leader")
def _check_relocate(state: GameState, cmd: cm.RelocateDisplacedLeader, dice: DiceCursor) -> list[Event]:  # type: ignore[override]
    """15.5D: the owning side's choice among equidistant relocation hexes."""
    _unit(state, cmd.unit)
    return commanders.check_relocate(state, cmd.unit, cmd.hex)


@register_checker("choose_fuel_division")
def _check_fuel(state: GameState, cmd: cm.ChooseFuelDivision, dice: DiceCursor) -> list[Event]:  # type: ignore[override]

    return fuel.check_choose(state, cmd)


# --- phases -------------------------------------------------------------------------


@register_checker("start_game")
def _check_start(state: GameState, cmd: cm.StartGame, dice: DiceCursor) -> list[Event]:  # type: ignore[override]
    if state.started:
        raise MalformedCommand("the game has already started")
    if state.to_place:  # (scenarios) freesetup.py
        raise IllegalAction(f"{len(state.to_place)} units still to be set up, e.g. {min(state.to_place)}",
                            rule="6.0H")
    scratch = state.clone()
    first = ev.PhaseBegan(turn=state.turn, side=state.side, phase=state.phase.value)
    apply(scratch, first)
    return [first] + start_of_phase_events(scratch, dice)


@register_checker("end_phase")
def _check_end_phase(state: GameState, cmd: cm.EndPhase, dice: DiceCursor) -> list[Event]:  # type: ignore[override]

    problem = withdrawals.end_phase_problem(state)  # (as end_phase_refusal)
    if problem is not None:
        raise problem
    scratch = state.clone()
    out: list[Event] = []

    def emit(events: list[Event]) -> None:
        for e in events:
            apply(scratch, e)
            out.append(e)

    emit(end_of_phase_events(scratch, dice))
    emit([ev.PhaseEnded(turn=scratch.turn, side=scratch.side, phase=scratch.phase.value)])
    turn, side, phase = next_phase(scratch.turn, scratch.side, scratch.phase)
    last = scratch.module.turn_index.get(scratch.module.scenarios[scratch.scenario].last_turn) \
        if scratch.scenario in scratch.module.scenarios else None
    if (last is not None and turn > last.number) or turn > len(scratch.module.turns):
        emit([ev.GameEnded(turn=scratch.turn)])
        return out
    emit([ev.PhaseBegan(turn=turn, side=side, phase=phase.value)])
    emit(start_of_phase_events(scratch, dice))
    return out


def end_of_phase_events(state: GameState, dice: DiceCursor) -> list[Event]:
    """Automatic work when the current phase ends (events computed on ``state``, which the
    caller applies as it goes)."""
    out: list[Event] = []
    ph = state.phase
    if ph is Phase.SUPPLY and state.side == "German":
        out += fuel.auto_events(state)  # 8.7.1B: the divisions still owed (none when nothing is owed)
    if ph is Phase.MOVEMENT:
        # 10.7.2C: no hold-off default: the Allies choose (choices._owed_choice refuses to end the
        # phase while a debt can be paid). Rules engine I: each step sees the previous ones' events.
        tmp = state.clone()

        def add(events: list[Event]) -> None:
            for e in events:
                apply(tmp, e)
                out.append(e)

        add(reinforcements.end_of_movement_events(tmp))
        out += stacking.end_of_movement_eliminations(tmp, state.side)  # 11.0C
    if ph in MOVING_PHASES:
        tmp = state.clone()
        for e in out:
            apply(tmp, e)
        out += fortifications.durability_events(tmp)  # 17.2
    return out  # (14.5E reserves next to enemy units: reserves.adjacency_losses, after every command)


def start_of_phase_events(state: GameState, dice: DiceCursor) -> list[Event]:
    """Automatic work when a phase begins: weather (24.0), supply determination (7.1.1),
    replacements received (9.4), restricted releases (10.9), bridges completed (16.2.2B)."""
    out: list[Event] = []

    def emit(events: list[Event]) -> None:
        for e in events:
            apply(state, e)
            out.append(e)

    ph = state.phase
    if ph is Phase.SUPPLY:
        if state.side == "German":
            emit(weather.turn_start_events(state, dice))
        emit(supply.supply_phase_events(state, dice))
    elif ph is Phase.REPLACEMENT:
        emit(replacements.received_events(state))
    elif ph is Phase.MOVEMENT:
        emit(restricted.automatic_releases(state))
    elif ph is Phase.CONSTRUCTION:
        emit(bridges.completed_events(state))
    for hook in PHASE_HOOKS:  # (scenarios/variants) 23.0B rolls, 26.10, 26.18C, 26.19, 26.20
        emit(hook(state, dice))
    return out


# --- legal commands -------------------------------------------------------------------


def legal_commands(state: GameState, rng: random.Random | None = None, per_unit: int = 4,
                   max_units: int = 6) -> Iterator[Command]:
    """A representative set of legal commands for the acting side, each accepted by
    ``check``: EndPhase first when the phase may end (``end_phase_refusal``). While a
    displaced leader waits (15.5D) only its owner's choices. With ``rng`` a random sample of
    units and destinations is drawn (for random self-play); without it every unit and
    destination is listed."""
    if state.game_over:
        return
    if not state.started:  # the set-up commands (freesetup, 26.20A) are the client's and AutoSetup's
        if _ok(state, cm.StartGame()):
            yield cm.StartGame()
        return
    if state.displaced:  # 15.5D: the owner's choice comes before anything else (choices.py)
        from darkdec_qt.rules.choices import relocations

        yield from relocations(state)
        return
    if end_phase_refusal(state) is None:
        yield cm.EndPhase()
    side = acting_side(state.side, state.phase)
    units = state.module.units
    mine = [u for u in sorted(state.pos) if units[u].side == side]
    if state.phase in MOVING_PHASES:
        if state.phase is Phase.MOVEMENT:
            for u in reinforcements.due_units(state):
                for h in reinforcements.open_entry_hexes(state, u)[:2]:
                    for strat in (False, True):
                        cmd = cm.EnterReinforcement(unit=u, path=(h,), strategic=strat)
                        if _ok(state, cmd):
                            yield cmd
        from darkdec_qt.rules.scenarios.montgomery import montgomery_withdrawal, withdrawal_move_problem

        withdrawing = "26.13" in state.variants and montgomery_withdrawal(state)
        near: dict[str, int] | None = None
        pool = mine if rng is None else rng.sample(mine, min(max_units, len(mine)))
        for u in pool:
            if state.phase is Phase.MOVEMENT:
                for c in (cm.EnterStrategic(u), cm.LeaveStrategic(u), cm.EnterReserve(u)):
                    if _ok(state, c):
                        yield c
            dests = movement.legal_destinations(state, (u,))
            items = sorted(dests.items())
            if rng is not None:
                sample = rng.sample(items, min(per_unit, len(items)))
                if items and not withdrawing:  # self-play: always offer the move closest to the enemy
                    if near is None:
                        near = enemy_distance(state, other_side(side))
                    far = 10**6
                    best = min(items, key=lambda it: (near.get(it[0], far), it[0]))
                    if best not in sample and near.get(best[0], far) < near.get(state.pos[u], far):
                        sample = sample[: max(0, per_unit - 1)] + [best]
                items = sample
            for _h, (_cost, path) in items:
                # (engine II) 18.3B: once combat activates an Allied unit on 16 Dec it moves one hex
                lim = initial.max_hexes(state, u)
                if lim is not None and (len(path) - 1 > lim or u in state.moved):
                    continue
                if withdrawing and withdrawal_move_problem(state, (u,), path) is not None:
                    continue  # 26.13B-C, E
                yield cm.Move(units=(u,), path=path)
    for gen in _GENERATORS:
        yield from gen(state, rng)


_NEAR_CACHE: dict[tuple[int, frozenset[str]], tuple[object, dict[str, int]]] = {}


def enemy_distance(state: GameState, enemy: str) -> dict[str, int]:
    """Hexes -> distance in hexes (through the map's adjacency) to the nearest unit of
    ``enemy``: a multi-source breadth-first search, for self-play's preference. The result
    depends only on the map and the hexes ``enemy`` occupies, so the last few are kept
    (self-play and the AI ask again for the same positions); callers must not change it."""
    from collections import deque

    units = state.module.units
    sources = frozenset(h for u, h in state.pos.items() if units[u].side == enemy)
    key = (id(state.module), sources)
    hit = _NEAR_CACHE.get(key)
    if hit is not None and hit[0] is state.module:  # (the module itself guards against a reused id)
        return hit[1]
    adj = state.module.adjacency
    dist: dict[str, int] = dict.fromkeys(sources, 0)
    queue: deque[str] = deque(sorted(sources))
    while queue:
        h = queue.popleft()
        d = dist[h] + 1
        for n in adj.get(h, ()):
            if n not in dist:
                dist[n] = d
                queue.append(n)
    if len(_NEAR_CACHE) > 16:
        _NEAR_CACHE.clear()
    _NEAR_CACHE[key] = (state.module, dist)
    return dist


def _ok(state: GameState, cmd: Command) -> bool:
    try:
        check(state, cmd)
        return True
    except IllegalAction:
        return False


# modules that register their commands' checkers
from darkdec_qt.rules import choices as _choices  # noqa: E402,F401  (the player chooses)
from darkdec_qt.rules import moments as _moments  # noqa: E402,F401  (moments)
from darkdec_qt.rules import replacements as _repl  # noqa: E402,F401

# --- combat (engine II): battle/air checkers, the 13.0B EndPhase guard, combat generator ---
from darkdec_qt.rules.combat import legal as _combat_legal  # noqa: E402,F401  (registers its generator)
from darkdec_qt.rules.combat import procedure as _combat  # noqa: E402
from darkdec_qt.rules.core import notes as _notes  # noqa: E402,F401  (a player's note in the log)
from darkdec_qt.rules.engineering import bridges as _bridges  # noqa: E402,F401
from darkdec_qt.rules.engineering import fortifications as _forts  # noqa: E402,F401
from darkdec_qt.rules.movement import exits as _exits  # noqa: E402,F401
from darkdec_qt.rules.movement import withdrawals as _wd  # noqa: E402,F401
from darkdec_qt.rules.scenarios import freesetup as _freesetup  # noqa: E402,F401  (scenarios: 6.0H set-up)
from darkdec_qt.rules.scenarios import variants as _variants  # noqa: E402,F401  (scenarios: 23, 26)
from darkdec_qt.rules.supply import fuel as _fuel  # noqa: E402,F401  (rules engine I: 15.6E)

_combat._register()
install_check(check)  # the chapters ask whether a command they offer would be accepted

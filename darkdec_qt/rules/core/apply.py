"""``apply(state, event)``: the only function that changes a GameState.

One handler per event kind; the chapters add theirs with ``register_handler`` (combat's extend
some of these: importing the rules package registers them, see ``darkdec_qt/rules/__init__.py``).
Handlers never roll dice and never decide: everything they need is in the event.
"""

from __future__ import annotations

from collections.abc import Callable

from darkdec_qt import hexgrid
from darkdec_qt.rules.core import events as ev
from darkdec_qt.rules.core.events import Event
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.core.state import GameState

Handler = Callable[[GameState, Event], None]
_HANDLERS: dict[str, Handler] = {}


def register_handler(kind: str) -> Callable[[Handler], Handler]:
    def deco(fn: Handler) -> Handler:
        _HANDLERS[kind] = fn
        return fn

    return deco


def apply(state: GameState, event: Event) -> None:
    try:
        handler = _HANDLERS[event.kind]
    except KeyError:
        raise ValueError(f"no handler for event kind {event.kind!r}") from None
    handler(state, event)


def _h(kind: str) -> Callable[[Handler], Handler]:
    return register_handler(kind)


def _remove_from_map(s: GameState, unit: str) -> None:
    s.pos.pop(unit, None)
    s.strategic.discard(unit)
    s.reserve.discard(unit)
    s.supply.pop(unit, None)
    s.supply_reason.pop(unit, None)
    s.isolated_count.pop(unit, None)
    s.mp_spent.pop(unit, None)
    s.last_roads.pop(unit, None)
    s.stopped.discard(unit)
    s.displaced.pop(unit, None)


@_h("phase_began")
def _phase_began(s: GameState, e: ev.PhaseBegan) -> None:  # type: ignore[override]
    new_player_turn = e.side != s.side or e.turn != s.turn or not s.started
    s.started = True
    s.turn, s.side, s.phase = e.turn, e.side, Phase(e.phase)
    s.mp_spent.clear()
    s.last_roads.clear()
    s.stopped.clear()
    if new_player_turn:
        s.moved.clear()
        s.attacked.clear()
        s.bridge_attempts.clear()
        s.refitted.clear()
        s.reserve_placed.clear()
    if e.side == "German" and e.phase == Phase.SUPPLY.value:
        s.fuel_depleted.clear()  # 7.1.1C: until the next German supply phase
        s.fuel_protected = ""  # rules engine I: 15.6E is designated anew each fuel roll
    for h, until in list(s.interdicted.items()):
        if until < s.turn:
            del s.interdicted[h]


@_h("phase_ended")
def _phase_ended(s: GameState, e: ev.PhaseEnded) -> None:  # type: ignore[override]
    pass


@_h("die_rolled")
def _die(s: GameState, e: ev.DieRolled) -> None:  # type: ignore[override]
    s.dice_count = max(s.dice_count, e.index + 1)


@_h("unit_moved")
def _moved(s: GameState, e: ev.UnitMoved) -> None:  # type: ignore[override]
    side = s.module.units[e.unit].side
    s.pos[e.unit] = e.path[-1]
    s.mp_spent[e.unit] = s.mp_spent.get(e.unit, 0) + e.mp
    s.last_roads[e.unit] = tuple(e.roads)
    s.moved.add(e.unit)
    s.reserve.discard(e.unit)  # 14.5C
    if e.stopped:
        s.stopped.add(e.unit)
    for h in e.path[1:]:  # 5.7D: the last unit to enter a road controls it
        if h in s.road_control:
            s.road_control[h] = side


@_h("strategic_entered")
def _strat_in(s: GameState, e: ev.StrategicEntered) -> None:  # type: ignore[override]
    s.strategic.add(e.unit)
    s.mp_spent[e.unit] = s.mp_spent.get(e.unit, 0) + e.mp


@_h("strategic_left")
def _strat_out(s: GameState, e: ev.StrategicLeft) -> None:  # type: ignore[override]
    s.strategic.discard(e.unit)
    if e.mp:
        s.mp_spent[e.unit] = s.mp_spent.get(e.unit, 0) + e.mp


@_h("reserve_entered")
def _res_in(s: GameState, e: ev.ReserveEntered) -> None:  # type: ignore[override]
    s.reserve.add(e.unit)
    s.reserve_placed.add(e.unit)


@_h("reserve_left")
def _res_out(s: GameState, e: ev.ReserveLeft) -> None:  # type: ignore[override]
    s.reserve.discard(e.unit)


@_h("supply_determined")
def _supply(s: GameState, e: ev.SupplyDetermined) -> None:  # type: ignore[override]
    s.supply[e.unit] = e.state
    s.supply_reason[e.unit] = e.reason
    if e.count:
        s.isolated_count[e.unit] = e.count
    else:
        s.isolated_count.pop(e.unit, None)


@_h("fuel_shortage_set")
def _fuel_n(s: GameState, e: ev.FuelShortageSet) -> None:  # type: ignore[override]
    s.fuel_shortage = e.count


@_h("fuel_depleted")
def _fuel(s: GameState, e: ev.FuelDepleted) -> None:  # type: ignore[override]
    s.fuel_depleted.add(e.division)
    s.fuel_shortage = max(0, s.fuel_shortage - 1)


@_h("fuel_division_protected")
def _fuel_protect(s: GameState, e: ev.FuelDivisionProtected) -> None:  # type: ignore[override]
    s.fuel_protected = e.division  # rules engine I: 15.6E


@_h("unit_entered")
def _entered(s: GameState, e: ev.UnitEntered) -> None:  # type: ignore[override]
    s.pending.pop(e.unit, None)
    s.entry_hex.pop(e.unit, None)
    s.pos[e.unit] = e.hex
    s.entered_turn[e.unit] = s.turn
    s.moved.add(e.unit)
    if e.strategic:
        s.strategic.add(e.unit)
    if e.reduced:
        s.reduced.add(e.unit)
    s.mp_spent[e.unit] = 0
    if e.hex in s.road_control:
        s.road_control[e.hex] = s.module.units[e.unit].side


@_h("reinforcement_delayed")
def _delayed(s: GameState, e: ev.ReinforcementDelayed) -> None:  # type: ignore[override]
    s.pending[e.unit] = e.turn
    if e.hex:
        s.entry_hex[e.unit] = e.hex


@_h("step_lost")
def _step(s: GameState, e: ev.StepLost) -> None:  # type: ignore[override]
    s.reduced.add(e.unit)


@_h("unit_eliminated")
def _elim(s: GameState, e: ev.UnitEliminated) -> None:  # type: ignore[override]
    side = s.module.units[e.unit].side
    _remove_from_map(s, e.unit)
    s.reduced.discard(e.unit)
    s.eliminated.add(e.unit)
    if e.surrendered:
        s.surrendered.add(e.unit)
    s.destroyed_count[side] = s.destroyed_count.get(side, 0) + 1


@_h("unit_exited")
def _exited(s: GameState, e: ev.UnitExited) -> None:  # type: ignore[override]
    _remove_from_map(s, e.unit)
    s.exited.add(e.unit)
    s.exit_markers.add(e.hex)
    s.exited_at[e.unit] = e.hex  # (victory.py) where it left the map
    s.exit_points[e.unit] = e.owed  # (victory.py) attack strength if exited in supply (10.7.2C)
    if e.owed:
        s.hold_off_owed[e.edge] = s.hold_off_owed.get(e.edge, 0) + e.owed


@_h("unit_held_off")
def _held(s: GameState, e: ev.UnitHeldOff) -> None:  # type: ignore[override]
    s.pending.pop(e.unit, None)
    s.held_off.add(e.unit)
    s.hold_off_owed[e.edge] = max(0, s.hold_off_owed.get(e.edge, 0) - e.strength)


@_h("unit_withdrawn")
def _withdrawn(s: GameState, e: ev.UnitWithdrawn) -> None:  # type: ignore[override]
    _remove_from_map(s, e.unit)
    s.pending.pop(e.unit, None)
    s.withdrawn.add(e.unit)


@_h("bridge_attempted")
def _battempt(s: GameState, e: ev.BridgeAttempted) -> None:  # type: ignore[override]
    s.bridge_attempts.add(hexgrid.hexside_key(e.a, e.b))


@_h("bridge_blown")
def _blown(s: GameState, e: ev.BridgeBlown) -> None:  # type: ignore[override]
    k = hexgrid.hexside_key(e.a, e.b)
    s.blown.add(k)
    s.built.discard(k)


@_h("bridge_started")
def _bstart(s: GameState, e: ev.BridgeStarted) -> None:  # type: ignore[override]
    s.bridges_started[hexgrid.hexside_key(e.a, e.b)] = e.unit


@_h("bridge_built")
def _built(s: GameState, e: ev.BridgeBuilt) -> None:  # type: ignore[override]
    k = hexgrid.hexside_key(e.a, e.b)
    s.bridges_started.pop(k, None)
    s.blown.discard(k)
    s.built.add(k)
    if e.marker:
        s.bridge_markers[e.side] = s.bridge_markers.get(e.side, 0) + 1


@_h("fortification_built")
def _fort(s: GameState, e: ev.FortificationBuilt) -> None:  # type: ignore[override]
    s.fortifications.add(e.hex)


@_h("fortification_removed")
def _unfort(s: GameState, e: ev.FortificationRemoved) -> None:  # type: ignore[override]
    s.fortifications.discard(e.hex)


@_h("replacements_received")
def _repl(s: GameState, e: ev.ReplacementsReceived) -> None:  # type: ignore[override]
    key = f"{e.side}/{e.type}"
    s.replacements[key] = s.replacements.get(key, 0) + e.count


@_h("unit_refitted")
def _refit(s: GameState, e: ev.UnitRefitted) -> None:  # type: ignore[override]
    side = s.module.units[e.unit].side
    key = f"{side}/{e.type}"
    s.replacements[key] = s.replacements.get(key, 0) - 1
    s.reduced.discard(e.unit)


@_h("unit_reformed")
def _reform(s: GameState, e: ev.UnitReformed) -> None:  # type: ignore[override]
    side = s.module.units[e.unit].side
    key = f"{side}/{e.type}"
    s.replacements[key] = s.replacements.get(key, 0) - 2
    s.eliminated.discard(e.unit)
    s.pos[e.unit] = e.hex
    if s.module.units[e.unit].reduced is not None:
        s.reduced.add(e.unit)
    s.refitted.add(e.unit)
    s.entered_turn.setdefault(e.unit, s.turn)


@_h("restricted_activated")
def _act(s: GameState, e: ev.RestrictedActivated) -> None:  # type: ignore[override]
    s.activated.add(e.unit)


@_h("restricted_released")
def _rel(s: GameState, e: ev.RestrictedReleased) -> None:  # type: ignore[override]
    s.released.add(e.unit)
    if e.voluntary:
        s.voluntary_release_turns.add(s.turn)


@_h("paradropped")
def _para(s: GameState, e: ev.Paradropped) -> None:  # type: ignore[override]
    s.pending.pop(e.unit, None)
    s.paradropped[e.unit] = s.turn
    if e.result == "eliminated":
        s.eliminated.add(e.unit)
        side = s.module.units[e.unit].side
        s.destroyed_count[side] = s.destroyed_count.get(side, 0) + 1
        return
    s.pos[e.unit] = e.hex
    s.entered_turn[e.unit] = s.turn
    s.moved.add(e.unit)
    if e.result == "reduced":
        s.reduced.add(e.unit)


@_h("weather_set")
def _weather(s: GameState, e: ev.WeatherSet) -> None:  # type: ignore[override]
    s.weather[e.turn] = e.weather


@_h("road_interdicted")
def _interdict(s: GameState, e: ev.RoadInterdicted) -> None:  # type: ignore[override]
    s.interdicted[e.hex] = e.until_turn


@_h("infiltration_attempted")
def _infil(s: GameState, e: ev.InfiltrationAttempted) -> None:  # type: ignore[override]
    s.infiltrations += 1


@_h("leader_displaced")
def _displaced(s: GameState, e: ev.LeaderDisplaced) -> None:  # type: ignore[override]
    if e.to_hex:  # relocated (a log of an older version may list alternatives it no longer owes)
        s.pos[e.unit] = e.to_hex
        s.displaced.pop(e.unit, None)
    else:  # 15.5D: the owner's choice among ``alternatives`` is owed; the leader waits in its hex
        s.displaced[e.unit] = tuple(e.alternatives)


@_h("game_ended")
def _ended(s: GameState, e: ev.GameEnded) -> None:  # type: ignore[override]
    s.game_over = True


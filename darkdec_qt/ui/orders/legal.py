"""The orders a player may give besides moving and fighting, as the engine allows them
now: for a unit (strategic movement, reserve, bridges, fortification, exit, withdrawal,
release, paradrop) and for the side (fuel depletion, victory conditions, air missions,
variants, set-up). Every candidate is validated by ``engine.check``; nothing here
decides a rule, it only lists the commands a menu could offer."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from darkdec_qt import hexgrid
from darkdec_qt.rules import choices, engine
from darkdec_qt.rules.combat import commands as cc
from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core.commands import Command
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.phases import acting_side
from darkdec_qt.rules.core.state import GameState
from darkdec_qt.rules.opening import initial
from darkdec_qt.rules.scenarios import freesetup, variants


@dataclass
class Order:
    """One menu entry: either a command, or a hex to pick among ``targets``."""

    key: str
    label: str
    command: Command | None = None
    targets: dict[str, Command] = field(default_factory=dict)
    prompt: str = ""


def why(state: GameState, command: Command) -> str | None:
    """The engine's reason (with its rule) why ``command`` is illegal now, or None."""
    try:
        engine.check(state, command)
    except IllegalAction as exc:
        return str(exc)
    return None


def legal(state: GameState, command: Command) -> bool:
    return why(state, command) is None


def _neighbours(state: GameState, h: str) -> list[str]:
    return [n for n in hexgrid.neighbours(h) if n in state.module.hexes]


# --- per unit -----------------------------------------------------------------------------
UNIT_TOGGLES: tuple[tuple[str, str, Callable[[str], Command]], ...] = (
    ("enter_strategic", "Enter strategic movement", cm.EnterStrategic),
    ("leave_strategic", "Leave strategic movement", cm.LeaveStrategic),
    ("enter_reserve", "Enter reserve", cm.EnterReserve),
    ("leave_reserve", "Leave reserve", cm.LeaveReserve),
    ("build_fortification", "Build fortification", cm.BuildFortification),
    ("exit", "Exit the map", cm.Exit),
    ("hold_off", "Hold off the map", cm.HoldOff),
    ("withdraw", "Withdraw", cm.Withdraw),
    ("release_restricted", "Release restricted unit", cm.ReleaseRestricted),
    ("refit", "Refit (replacement)", cm.Refit),
    ("eliminate_overstacked", "Eliminate (overstacked, the owner's choice, 11.0C)", choices.EliminateOverstacked),
)


def blow_targets(state: GameState, unit: str) -> dict[str, Command]:
    """The hexes across a hexside whose bridge ``unit`` may try to blow."""
    h = state.pos.get(unit)
    if h is None:
        return {}
    return {n: c for n in _neighbours(state, h) if legal(state, c := cm.BlowBridge(unit=unit, a=h, b=n))}


def bridge_build_targets(state: GameState, units: tuple[str, ...]) -> dict[str, Command]:
    """The hexes ``units`` may move into building a bridge (7.2)."""
    h = state.pos.get(units[0]) if units else None
    if h is None:
        return {}
    return {n: c for n in _neighbours(state, h)
            if legal(state, c := cm.Move(units=units, path=(h, n), build_bridge=True))}


def paradrop_targets(state: GameState) -> dict[str, Command]:
    u = initial.paradrop_unit(state)
    if u is None or not initial.paradrop_due(state):
        return {}
    return {h: c for h in sorted(state.module.hexes) if legal(state, c := cm.Paradrop(unit=u, hex=h))}


def unit_orders(state: GameState, units: tuple[str, ...]) -> list[Order]:
    """The legal orders for the selected unit(s) (single-unit orders use the first)."""
    if not units or units[0] not in state.pos:
        return []
    u = units[0]
    out = [Order(k, f"{label}: {u}", command=c) for k, label, make in UNIT_TOGGLES if legal(state, c := make(u))]
    if t := blow_targets(state, u):
        out.append(Order("blow_bridge", f"Blow a bridge: {u}…", targets=t,
                         prompt=f"Click the hex across the bridge {u} is to blow"))
    if t := {h: c for h in state.displaced.get(u, ()) if h != state.pos.get(u)
             and legal(state, c := cm.RelocateDisplacedLeader(unit=u, hex=h))}:
        out.append(Order("relocate_leader", f"Relocate displaced leader {u}…", targets=t,
                         prompt=f"Click the hex {u} goes to (15.5D: the nearest friendly units)"))
    if t := bridge_build_targets(state, units):
        out.append(Order("build_bridge", f"Build a bridge and cross: {', '.join(units)}…", targets=t,
                         prompt="Click the hex across the river to bridge"))
    return out


def hex_orders(state: GameState, h: str) -> list[Order]:
    """Orders about a hex itself: air attack and interdiction (20.4), reform (9.1F)."""
    out = []
    for key, label, make in (("air_attack", "Air attack on", cc.AirAttack), ("interdict", "Interdict", cc.Interdict)):
        if legal(state, c := make(hex=h)):
            out.append(Order(key, f"{label} {h}", command=c))
    for u in sorted(state.eliminated):
        if legal(state, c := cm.Reform(unit=u, hex=h)):
            out.append(Order("reform", f"Reform {u} in {h}", command=c))
    return out


# --- for the side -----------------------------------------------------------------------
def fuel_orders(state: GameState) -> list[Order]:
    """8.7: the divisions (or 8.7.2D brigade pairs) the choosing side may name now."""
    if state.fuel_shortage <= 0:
        return []
    units = state.module.units
    divisions = sorted({s.division for s in units.values() if s.division and s.side == "German"})
    out = []
    for side in ("Allied", "German"):
        for d in divisions:
            if legal(state, c := cm.ChooseFuelDivision(division=d, side=side)):
                out.append(Order("fuel", f"{side}: {d} runs out of fuel", command=c))
        from darkdec_qt.rules.supply import fuel

        brig = fuel.eligible_brigades(state)
        for i, a in enumerate(brig):
            for b in brig[i + 1:]:
                if legal(state, c := cm.ChooseFuelDivision(division="", side=side, brigades=(a, b))):
                    out.append(Order("fuel", f"{side}: brigades {a} and {b} run out of fuel", command=c))
    for d in divisions:
        if legal(state, c := cm.ProtectFuelDivision(division=d)):
            out.append(Order("protect_fuel", f"Manteuffel protects {d} (15.6E)", command=c))
    return out


def vc_orders(state: GameState) -> list[Order]:
    """26.20A: Germany's secret choice of victory conditions, before play."""
    return [Order("vc", f"Victory conditions: {ch.replace('_', ' ')}", command=c)
            for ch in variants.VC_CHOICES if legal(state, c := variants.ChooseVictoryConditions(choice=ch))]


def vc_text(state: GameState, viewer: str) -> str:
    """What ``viewer`` may know of the 26.20A choice."""
    if not state.vc_choice:
        return ""
    if variants.vc_choice_visible(state, viewer):
        return f"German victory conditions: {state.vc_choice.replace('_', ' ')} (26.20A)"
    return "German victory conditions: secret (26.20A)"


def side_orders(state: GameState) -> list[Order]:
    out = fuel_orders(state) + vc_orders(state)
    for key, label, c in (("air_contention", "Declare Luftwaffe air contention (26.11)", variants.DeclareAirContention()),
                          ("montgomery", "Declare Montgomery's withdrawal (26.13)", variants.DeclareWithdrawal())):
        if legal(state, c):
            out.append(Order(key, label, command=c))
    if t := paradrop_targets(state):
        out.append(Order("paradrop", f"Paradrop {initial.paradrop_unit(state)}…", targets=t,
                         prompt="Click a highlighted hex to drop von der Heydte (19.2)"))
    if state.to_place:
        for side in ("Allied", "German"):
            if any(state.module.units[u].side == side for u in state.to_place):
                out.append(Order("auto_setup", f"Set up the remaining {side} units automatically",
                                 command=freesetup.AutoSetup(side=side)))
    if not state.started and not state.to_place:
        out.append(Order("start", "Start the game", command=cm.StartGame()))
    return out


def owed_orders(state: GameState) -> list[Order]:
    """The choices the rulebook gives a player that the engine waits for now (the player
    chooses, rules/choices.py), for the Arriving dock: 15.5D a displaced leader's hex (the owner's,
    before anything else), 10.6.3C a blocked reinforcement's road hex for next turn, 10.7.2C
    the reinforcements held off, 11.0C the units eliminated for stacking, 19.1 the drop.
    Each is accepted by ``engine.check``; an order with ``targets`` is a hex to click."""
    units = state.module.units
    out: list[Order] = []
    for leader, alts in sorted(state.displaced.items()):
        t = {h: c for h in alts if legal(state, c := cm.RelocateDisplacedLeader(unit=leader, hex=h))}
        if t:
            out.append(Order("relocate_leader", f"{units[leader].side}: place the displaced leader {leader} "
                             f"({' or '.join(t)}, 15.5D)…", targets=t,
                             prompt=f"{units[leader].side} player: click the hex {leader} goes to "
                                    "(15.5D: the nearest supplied friendly units)"))
    if state.displaced:
        return out  # 15.5D: nothing else may be done first
    for u, alts in choices.delayed_entry_owed(state):  # (a single next hex is no choice: 10.6.3C)
        t = {h: c for h in alts if legal(state, c := choices.ChooseDelayedEntry(unit=u, hex=h))}
        if t:
            out.append(Order("delayed_entry", f"{u}: entry blocked; choose its road hex for next turn "
                             f"({' or '.join(t)}, 10.6.3C)…", targets=t,
                             prompt=f"Click the road hex {u} enters from next turn (10.6.3C)"))
    from darkdec_qt.rules.movement import exits

    for u, edge in exits.hold_off_candidates(state):
        if legal(state, c := cm.HoldOff(u)):
            out.append(Order("hold_off", f"Hold {u} off the map ({edge} edge, "
                             f"{state.hold_off_owed.get(edge, 0)} owed, 10.7.2C)", command=c))
    if state.phase.value == "movement":
        from darkdec_qt.rules.movement.stacking import stack_problems

        for h, us in sorted(stack_problems(state, state.side).items()):
            for u in us:
                if legal(state, c := choices.EliminateOverstacked(u)):
                    out.append(Order("eliminate_overstacked", f"Eliminate {u} (overstacked in {h}, 11.0C)",
                                     command=c))
    if choices.drop_owed(state):
        out.append(Order("paradrop", f"Drop {initial.paradrop_unit(state)} (19.1, before any movement)…",
                         prompt="Click a highlighted hex to drop von der Heydte (19.2)"))
    return out


def conditional_choice(state: GameState) -> tuple[int, list[str], list[str]]:
    """23.0B: (how many units the side's 1-2 rolls commit this turn, the units it may select
    from, the proposed ones) while it may still select; (0, [], []) otherwise."""
    if not state.has_rule("23") or state.phase.value != "movement":
        return 0, [], []
    committed = variants.committed_this_turn(state, state.side)
    if not committed or any(u not in state.pending for u in committed):
        return 0, [], []
    pool = sorted(set(variants.conditional_pool(state, state.side)) | set(committed))
    return len(committed), pool, committed


def air_targets(state: GameState, kind: str) -> dict[str, Command]:
    """Hexes for an air attack (enemy units) or an interdiction (any hex) (20.4)."""
    make = cc.AirAttack if kind == "air_attack" else cc.Interdict
    side = acting_side(state.side, state.phase)
    units = state.module.units
    if kind == "air_attack":
        cands = sorted({h for u, h in state.pos.items() if units[u].side != side})
    else:
        cands = sorted(state.module.hexes)
    out: dict[str, Command] = {}
    for h in cands:
        if legal(state, c := make(hex=h)):
            out[h] = c
    return out


def setup_targets(state: GameState, unit: str) -> dict[str, Command]:
    """6.1: the hexes where ``unit`` may be set up (freesetup.legal_hexes)."""
    return {h: freesetup.PlaceUnit(unit=unit, hex=h) for h in freesetup.legal_hexes(state, unit)}

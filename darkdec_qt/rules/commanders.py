"""15.0 commander units (optional rule "15"): command range and option capabilities."""

from __future__ import annotations

from darkdec_qt import hexgrid
from darkdec_qt.rules.phases import other_side
from darkdec_qt.rules.state import GameState

ATTACK_STRENGTH_LEADERS = frozenset({"Patton", "Manteuffel"})  # 15.1B
SS_NATIONS = frozenset({"SS"})


def leaders_on_map(state: GameState, side: str) -> list[str]:
    if not state.has_rule("15"):
        return []
    return [u for u in state.on_map(side) if state.spec(u).is_leader]


def command_range(state: GameState, leader: str) -> int:
    """15.3A: twice the MA, or the MA when adjacent to an enemy unit; 15.3B range ignores
    terrain, supply, enemy units and ZOCs."""
    ma = state.spec(leader).full[2]
    here = state.pos[leader]
    enemy = other_side(state.side_of(leader))
    for n in state.module.adjacency.get(here, ()):
        if any(state.side_of(u) == enemy for u in state.units_at(n)):
            return ma
    return 2 * ma


def in_range(state: GameState, leader: str, unit: str) -> bool:
    return leader in state.pos and unit in state.pos and (
        hexgrid.distance(state.pos[leader], state.pos[unit]) <= command_range(state, leader))


def may_command(state: GameState, leader: str, unit: str) -> bool:
    """15.8A the British leader commands British units only; 15.8B the 6th Panzer Army
    leader (Dietrich) may not command non-SS armored or armored infantry divisions."""
    lspec, uspec = state.spec(leader), state.spec(unit)
    if lspec.nationality == "British" and uspec.nationality != "British":
        return False
    if lspec.nationality == "US" and uspec.nationality == "British":
        return False
    if lspec.id.startswith("Dietrich") and uspec.type in ("armor", "armored_infantry") and uspec.division \
            and uspec.nationality not in SS_NATIONS:
        return False
    return True


def commands_all(state: GameState, leader: str, units: tuple[str, ...] | list[str]) -> bool:
    return all(in_range(state, leader, u) and may_command(state, leader, u)
               for u in units if not state.spec(u).is_leader)


def options_left(state: GameState, leader: str, which: str) -> int:
    """15.1A/15.2A: the number of battles a leader may make eligible this Combat Phase."""
    spec = state.spec(leader)
    total = spec.attack_option if which == "attack" else spec.defense_option
    return total - state.leader_uses.get(f"{leader}/{which}", 0)


def is_named(state: GameState, leader: str, name: str) -> bool:
    return state.spec(leader).id.split("/")[0] == name


def leader_named(state: GameState, name: str) -> str | None:
    for u in state.pos:
        s = state.spec(u)
        if s.is_leader and s.id.split("/")[0] == name and state.has_rule("15"):
            return u
    return None


def displacement_hexes(state: GameState, leader: str) -> list[str]:
    """15.5D: the nearest supplied friendly combat units' hexes (the owner chooses)."""
    side = state.side_of(leader)
    here = state.pos[leader]
    cands = [state.pos[u] for u in state.on_map(side)
             if not state.spec(u).is_leader and state.supply.get(u, "supplied") == "supplied"]
    if not cands:
        return []
    best = min(hexgrid.distance(here, h) for h in cands)
    return sorted({h for h in cands if hexgrid.distance(here, h) == best})

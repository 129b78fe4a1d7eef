"""15.0 commander units (optional rule "15"): command range and option capabilities."""

from __future__ import annotations

from darkdec_qt import hexgrid
from darkdec_qt.rules.core import events as ev
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.phases import other_side
from darkdec_qt.rules.core.state import GameState

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


def restriction(state: GameState, leader: str, unit: str) -> str | None:
    """The clause of 15.8 that forbids ``leader`` to command ``unit``, or None. 15.8A: the
    British leader commands British units only; 15.8B: the 6th Panzer Army leader (Dietrich)
    may not command non-SS armored or armored infantry divisions. No clause restricts a US
    leader (docs/rules-interpretations.md)."""
    lspec, uspec = state.spec(leader), state.spec(unit)
    if lspec.nationality == "British" and uspec.nationality != "British":
        return "15.8A"
    if lspec.id.startswith("Dietrich") and uspec.type in ("armor", "armored_infantry") and uspec.division \
            and uspec.nationality not in SS_NATIONS:
        return "15.8B"
    return None


def may_command(state: GameState, leader: str, unit: str) -> bool:
    """15.8A-B: may ``leader`` command ``unit`` at all (range apart)?"""
    return restriction(state, leader, unit) is None


def command_refusal(state: GameState, leader: str, units: tuple[str, ...] | list[str],
                    range_rule: str) -> tuple[str, str] | None:
    """(rule, reason) why ``leader`` does not command every unit of ``units``, or None: a 15.8
    restriction first, then command range (``range_rule``: the clause that asks for it, 13.2B
    or 15.1A for an all out assault, 15.2A for the defense option; 15.3A gives the range)."""
    combat = [u for u in units if not state.spec(u).is_leader]
    for u in combat:
        rule = restriction(state, leader, u)
        if rule is not None:
            what = "British units only" if rule == "15.8A" else "no non-SS armored or armored infantry division"
            return rule, f"may not command {u}: {what}"
    far = [u for u in combat if not in_range(state, leader, u)]
    if far:
        rng = command_range(state, leader) if leader in state.pos else 0
        return range_rule, f"does not have {', '.join(far)} within his command range of {rng} hexes (15.3A)"
    return None


def commands_all(state: GameState, leader: str, units: tuple[str, ...] | list[str]) -> bool:
    return command_refusal(state, leader, units, "15.3A") is None


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


def displacement_hexes(state: GameState, leader: str, exclude: frozenset[str] | set[str] = frozenset()) -> list[str]:
    """15.5D: the nearest supplied friendly combat units' hexes (the owner chooses);
    distance in hexes, ignoring terrain, enemy units and enemy ZOCs. ``exclude``: hexes
    not eligible (those the enemy's move or advance passes through)."""
    side = state.side_of(leader)
    here = state.pos[leader]
    cands = [state.pos[u] for u in state.on_map(side)
             if not state.spec(u).is_leader and state.is_supplied(u)  # 8.7.4: not out of fuel
             and state.pos[u] not in exclude]
    if not cands:
        return []
    best = min(hexgrid.distance(here, h) for h in cands)
    return sorted({h for h in cands if hexgrid.distance(here, h) == best})


def lone_leaders(state: GameState, hex_id: str, side: str) -> list[str]:
    """15.5D: ``side``'s leaders in ``hex_id`` not stacked with a friendly combat unit."""
    here = [u for u, h in state.pos.items() if h == hex_id and state.side_of(u) == side]
    if any(not state.spec(u).is_leader for u in here):
        return []
    return sorted(here)


def lone_leader_hexes(state: GameState, side: str) -> set[str]:
    """Hexes holding only ``side``'s leaders (15.5D: enemy combat units may enter them)."""
    units = state.module.units
    combat: set[str] = set()
    leaders: set[str] = set()
    for u, h in state.pos.items():
        s = units[u]
        if s.side == side:
            (leaders if s.is_leader else combat).add(h)
    return leaders - combat


def displacement_events(state: GameState, movers: tuple[str, ...] | list[str], path: tuple[str, ...]) -> list:
    """15.5D: the events displacing the enemy leaders alone in the hexes ``movers`` enter
    along ``path`` (path[0] their start hex), when at least one mover is a combat unit
    (not a commander). Each leader goes to the nearest supplied friendly combat unit or
    stack. When several are equidistant the owning side chooses: the event has no
    ``to_hex``, the leader stays where it was overrun and the choice is owed before anything
    else is done (``RelocateDisplacedLeader``; ``relocation_owner``). With no supplied
    friendly combat unit on the map the leader is eliminated (interpretation)."""
    if not movers or all(state.spec(u).is_leader for u in movers):
        return []
    enemy = other_side(state.side_of(movers[0]))
    out: list = []
    passed = frozenset(path[1:])
    for h in path[1:]:
        for leader in lone_leaders(state, h, enemy):
            dests = displacement_hexes(state, leader, exclude=passed)
            if not dests:
                out.append(ev.UnitEliminated(unit=leader, reason="displaced with no supplied friendly combat unit "
                                                                 "on the map (15.5D)"))
            elif len(dests) == 1:
                out.append(ev.LeaderDisplaced(unit=leader, from_hex=h, to_hex=dests[0]))
            else:
                out.append(ev.LeaderDisplaced(unit=leader, from_hex=h, to_hex="", alternatives=tuple(dests)))
    return out


def check_relocate(state: GameState, unit: str, hex_id: str) -> list:
    """15.5D: the owner's choice among the equidistant relocation hexes, owed at once."""
    alts = state.displaced.get(unit)
    if not alts:
        raise IllegalAction("is not a displaced leader waiting for its owner's choice of hex", rule="15.5D",
                            unit=unit)
    if hex_id not in alts:
        raise IllegalAction(f"may be relocated only to one of {', '.join(alts)} (the nearest supplied friendly "
                            "combat units)", rule="15.5D", unit=unit, hex=hex_id)
    if any(state.side_of(u) != state.side_of(unit) for u in state.units_at(hex_id)):
        raise IllegalAction(f"{hex_id} is no longer held by friendly units", rule="15.5D", unit=unit, hex=hex_id)
    return [ev.LeaderDisplaced(unit=unit, from_hex=state.pos[unit], to_hex=hex_id)]


# --- 15.5D: the relocation a displaced leader's owner owes ------------------------------------


def relocation_owner(state: GameState) -> str | None:
    """15.5D: the side owing the choice of hex of a displaced leader (None: nothing owed)."""
    for leader in sorted(state.displaced):
        if leader in state.module.units:
            return state.module.units[leader].side
    return None


def relocation_owed(state: GameState) -> IllegalAction | None:
    """15.5D: the refusal of anything but the relocation while a displaced leader waits."""
    if not state.displaced:
        return None
    leader, alts = min(state.displaced.items())
    return IllegalAction(f"the {relocation_owner(state)} player first relocates the displaced leader {leader} "
                         f"to one of {', '.join(alts)} (the nearest supplied friendly combat units)",
                         rule="15.5D", unit=leader)

"""13.8: divisional integrity.

A division's size is the number of the module's (non-leader) units with that
``UnitSpec.division``: one for the Führer Begleit Brigade, two for 3PzG/15PzG/17SS/Guards,
four for the 82nd/101st Airborne, who need only three of the four (13.8.5C).
"""

from __future__ import annotations

from itertools import combinations

from darkdec_qt import hexgrid
from darkdec_qt.rules import commanders
from darkdec_qt.rules.combat.crt import german_tactical_period
from darkdec_qt.rules.core.state import GameState

HISTORICAL_POSITIONS = "historical_positions"  # variant/option flag: 6.2 historical assault positions


def division_units(state: GameState, division: str) -> list[str]:
    return sorted(u for u, s in state.module.units.items() if s.division == division and not s.is_leader)


def required(state: GameState, division: str) -> int:
    """13.8.5: all components, except 3 of 4 for the four-unit airborne divisions."""
    n = len(division_units(state, division))
    return 3 if n == 4 else n


def _british_and_us(state: GameState, units: tuple[str, ...]) -> bool:
    nats = {state.spec(u).nationality for u in units}
    return "British" in nats and "US" in nats


def blocked(state: GameState, attackers: tuple[str, ...], defenders: tuple[str, ...], side: str) -> str | None:
    """Why ``side`` may not claim integrity in this battle, or None."""
    if state.current_turn().date.endswith("12-16") and (
            HISTORICAL_POSITIONS in state.variants or HISTORICAL_POSITIONS in state.optional):
        return "no divisional integrity on 16 December from the historical assault positions (18.1C)"
    if side == "Allied" and _british_and_us(state, attackers + defenders):
        return "British and US units in the same battle (13.8.7)"
    return None


def attack_divisions(state: GameState, attackers: tuple[str, ...], defenders: tuple[str, ...] = (),
                     shock: bool = False) -> list[str]:
    """13.8.1: divisions with all their components attacking (13.8.3: unsupplied and
    isolated units count). 14.3 (last clause): with reserves in use, units of the division
    in reserve within three hexes of the defenders count as present, in a standard attack
    as the clause says, and in a shock combat (docs/rules-interpretations.md)."""
    if not attackers:
        return []
    side = state.side_of(attackers[0])
    if blocked(state, attackers, defenders, side):
        return []
    out = []
    divs = sorted({d for u in attackers if (d := state.spec(u).division)})
    dhexes = {state.pos[u] for u in defenders if u in state.pos}
    for d in divs:
        members = set(division_units(state, d))
        present = members & set(attackers)
        if shock or state.has_rule("14"):
            present |= {u for u in members if u in state.reserve and u in state.pos
                        and any(hexgrid.distance(state.pos[u], h) <= 3 for h in dhexes)}
        if len(present) >= required(state, d):
            out.append(d)
    return out


def _pairwise_adjacent(hexes: list[str]) -> bool:
    return all(hexgrid.distance(a, b) <= 1 for a, b in combinations(hexes, 2))


def defense_divisions(state: GameState, attackers: tuple[str, ...], defenders: tuple[str, ...]) -> list[str]:
    """13.8.2: a defending division whose units are all in one hex or adjacent to one another
    (read pairwise, docs/rules-interpretations.md) and at least one of them attacked.
    13.8B: the US 99th has integrity in the initial setup (all units on their setup hexes)."""
    if not defenders:
        return []
    side = state.side_of(defenders[0])
    if blocked(state, attackers, defenders, side):
        return []
    out = []
    for d in sorted({d for u in defenders if (d := state.spec(u).division)}):
        members = [u for u in division_units(state, d) if u in state.pos]
        need = required(state, d)
        if d == "99" and all(state.spec(u).setup == state.pos[u] for u in members) and len(members) >= need:
            out.append(d)
            continue
        for group in combinations(members, need):
            if _pairwise_adjacent([state.pos[u] for u in group]) and set(group) & set(defenders):
                out.append(d)
                break
    return out


def max_attack_bonuses(state: GameState, attackers: tuple[str, ...], assault: bool = False) -> tuple[int, str]:
    """13.8.4A one bonus per attack; 13.8.4.1/18.1B German extra bonus in the German
    tactical advantage period within Manteuffel's range; 13.8.4.2A Allied extra bonus in
    clear weather within Patton's range; neither in an all out assault."""
    if assault or not attackers:
        return 1, "one bonus per attack (13.8.4A)"
    side = state.side_of(attackers[0])
    if side == "German" and german_tactical_period(state):
        m = commanders.leader_named(state, "Manteuffel")
        if m and commanders.commands_all(state, m, attackers):
            return 2, "German extra bonus within Manteuffel's range (13.8.4.1)"
    if side == "Allied" and state.is_clear():
        p = commanders.leader_named(state, "Patton")
        if p and commanders.commands_all(state, p, attackers):
            return 2, "Allied extra bonus within Patton's range (13.8.4.2)"
    return 1, "one bonus per attack (13.8.4A)"

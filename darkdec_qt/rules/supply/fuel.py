"""8.7 German fuel shortages: the choices (8.7.1-8.7.3) and Manteuffel's protection (15.6E).

The die roll itself is part of the supply phase (supply.supply_phase_events); the engine's
``choose_fuel_division`` checker and the end-of-phase default delegate here.
"""

from __future__ import annotations

from darkdec_qt.rules import commanders
from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core import events as ev
from darkdec_qt.rules.core.apply import apply
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.core.registry import register_checker
from darkdec_qt.rules.core.state import GameState
from darkdec_qt.rules.supply.determination import fuel_eligible_divisions


def _rolling(state: GameState) -> bool:
    return state.turn >= state.turn_number("20DecAM")  # 8.7


def independent_brigades(state: GameState) -> list[str]:
    """8.7.2D: the three German independent brigades (150Pz, FBB, FGB in the module): German
    motorized units with no division or forming a one-unit division of their own (13.8.5A)."""
    units = state.module.units
    return sorted(u for u, s in units.items() if s.side == "German" and s.is_motorized
                  and (s.division is None or s.division == u))


def eligible_brigades(state: GameState) -> list[str]:
    """Brigades that may be named: on the map (8.7.3C), not already depleted, and not all
    already out of supply (8.7.3A applied to a brigade)."""
    return [b for b in independent_brigades(state) if b in state.pos and b not in state.fuel_depleted
            and state.supply.get(b) not in ("unsupplied", "isolated")]


def chooser(state: GameState) -> str:
    """8.7.1A the Allies choose the first division (if they have any choice left, 15.6E may
    leave them none); 8.7.1B Germany the others."""
    if state.fuel_depleted:
        return "German"
    if fuel_eligible_divisions(state, "Allied") or len(eligible_brigades(state)) >= 2:
        return "Allied"
    return "German"


def check_choose(state: GameState, cmd: cm.ChooseFuelDivision) -> list[ev.Event]:
    if state.phase is not Phase.SUPPLY or state.side != "German" or state.fuel_shortage <= 0:
        raise IllegalAction("no fuel depletion to choose now", rule="8.7.1A")
    who = chooser(state)
    if cmd.side != who:
        raise IllegalAction(f"the {who} side chooses now", rule="8.7.1A" if who == "Allied" else "8.7.1B")
    if cmd.brigades:  # 8.7.2D
        brig = list(dict.fromkeys(cmd.brigades))
        ok = eligible_brigades(state)
        if len(brig) != 2 or len(cmd.brigades) != 2 or any(b not in ok for b in brig):
            raise IllegalAction(f"name two of the three German independent brigades on the map ({', '.join(ok)})",
                                rule="8.7.2D")
        return (depletion_events(state, brig[0], cmd.side) + depletion_events(state, brig[1], cmd.side)
                + [ev.FuelShortageSet(count=state.fuel_shortage - 1)])
    if cmd.division not in fuel_eligible_divisions(state, who):
        rule, why = ineligible_clause(state, cmd.division, who)
        raise IllegalAction(f"division {cmd.division} may not be put out of supply: {why}", rule=rule)
    return depletion_events(state, cmd.division, cmd.side)


def depletion_events(state: GameState, name: str, chosen_by: str) -> list[ev.Event]:
    """8.7.2C: the division (or independent brigade) ``name`` is out of supply; 8.7.4 with
    10.4.8B: its units in strategic movement lose the marker, as units judged out of supply do
    (docs/rules-interpretations.md)."""
    units = state.module.units
    strategic = [u for u in sorted(state.strategic)
                 if units[u].side == "German" and (u == name or units[u].division == name)]
    return [ev.FuelDepleted(division=name, chosen_by=chosen_by),
            *(ev.StrategicLeft(unit=u, mp=0, reason="out of fuel (8.7.4, 10.4.8B)") for u in strategic)]


def auto_events(state: GameState) -> list[ev.Event]:
    """8.7.1B: divisions not chosen by the end of the phase: the engine picks the remaining
    ones in alphabetical order (a deterministic default); 8.7.5 none left: no further effect."""
    out: list[ev.Event] = []
    tmp = state.clone()
    while tmp.fuel_shortage > 0:
        elig = fuel_eligible_divisions(tmp, chooser(tmp))
        es = depletion_events(tmp, elig[0], chooser(tmp)) if elig else [ev.FuelShortageSet(count=0)]
        for e in es:
            apply(tmp, e)
        out += es
    return out


def ineligible_clause(state: GameState, division: str, who: str) -> tuple[str, str]:
    """The most specific clause that keeps ``division`` off the fuel choice (8.7.1)."""
    units = state.module.units
    members = [u for u, s in units.items() if s.division == division and s.side == "German"]
    if not members or not any(units[u].is_motorized for u in members):
        return "8.7.1C", "not a German motorized division"
    on_map = [u for u in members if u in state.pos]
    if not on_map:
        return "8.7.3C", "not yet on the map" if any(u in state.pending for u in members) else "not on the map"
    if division in state.fuel_depleted:
        return "8.7.2B", "already out of fuel this turn"
    if who == "Allied" and division == state.fuel_protected:
        return "15.6E", "shielded by Manteuffel"
    if len(on_map) < 2:
        return "8.7.2A", "fewer than two units on the map"
    if all(state.supply.get(u) in ("unsupplied", "isolated") for u in on_map):
        return "8.7.3A", "already out of supply"
    return "8.7.2A", "not eligible"


def protectable(state: GameState, division: str) -> str | None:
    """Why ``division`` may not be shielded by Manteuffel now (None: it may)."""
    units = state.module.units
    members = [u for u in state.pos if units[u].division == division and units[u].side == "German"]
    if not members or not any(units[u].is_motorized for u in members):
        return f"{division} is not a German motorized division on the map"
    if any(units[u].nationality == "SS" for u in members):
        return f"{division} is an SS division"
    m = commanders.leader_named(state, "Manteuffel")
    if m is None:
        return "Manteuffel is not on the map"
    if not all(commanders.in_range(state, m, u) for u in members):
        return f"{division} is not entirely within Manteuffel's command range"
    return None


@register_checker("protect_fuel_division")
def check_protect(state: GameState, cmd: cm.ProtectFuelDivision, dice: object) -> list[ev.Event]:
    """15.6E: once Germany rolls on the Fuel Depletion Table it may designate one non-SS
    motorized division within Manteuffel's present command range that the Allies cannot
    choose; designated in the German Supply Phase, before the Allied choice."""
    if not state.has_rule("15"):
        raise IllegalAction("commander units are an optional rule not in use", rule="15.6E")
    if state.phase is not Phase.SUPPLY or state.side != "German" or not _rolling(state):
        raise IllegalAction("designated in the German Supply Phase once fuel depletion rolls begin (20 Dec AM)",
                            rule="15.6E")
    if state.fuel_protected:
        raise IllegalAction(f"{state.fuel_protected} is already designated", rule="15.6E")
    if state.fuel_depleted:
        raise IllegalAction("the Allies have already chosen", rule="15.6E")
    why = protectable(state, cmd.division)
    if why:
        raise IllegalAction(f"cannot designate: {why}", rule="15.6E")
    return [ev.FuelDivisionProtected(division=cmd.division)]

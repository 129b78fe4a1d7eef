"""9.0: replacements: tracks, rates (9.4), refit and reform (9.1)."""

from __future__ import annotations

from darkdec_qt import hexgrid
from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core import events as ev
from darkdec_qt.rules.core.errors import IllegalAction, MalformedCommand
from darkdec_qt.rules.core.phases import Phase, other_side
from darkdec_qt.rules.core.registry import register_checker
from darkdec_qt.rules.core.state import GameState
from darkdec_qt.rules.core.zoc import zoc_hexes


def received_events(state: GameState) -> list[ev.Event]:
    """9.4: replacements added to the phasing side's track in its Replacement Phase."""
    side = state.side
    return [ev.ReplacementsReceived(side=side, type=k, count=n) for k, n in scheduled(state, side, state.turn)]


def scheduled(state: GameState, side: str, t: int) -> list[tuple[str, int]]:
    """9.4: the replacements (type, count) ``side`` receives in its Replacement Phase of game turn ``t``."""
    ampm = state.module.turns[min(t, len(state.module.turns)) - 1].ampm
    out: list[tuple[str, int]] = []
    if side == "Allied":
        if t >= state.turn_number("19DecPM") and ampm == "PM":  # 9.4.1A
            out.append(("motorized", 1))
        if t >= state.turn_number("2JanAM"):  # 9.4.1C
            out.append(("infantry", 2 if ampm == "AM" else 1))
        elif t >= state.turn_number("24DecPM"):  # 9.4.1B
            out.append(("infantry", 1))
    elif t >= state.turn_number("27DecAM") and ampm == "AM":  # 9.4.2
        out.append(("infantry", 1))
    return out


def replacement_type(state: GameState, unit: str) -> str | None:
    """9.0B: motorized for armor types; infantry for infantry types and leaders;
    None for engineers, British and French units (9.1D)."""
    s = state.module.units[unit]
    if s.type == "engineer" or s.nationality in ("British", "French"):
        return None
    return "motorized" if s.is_motorized else "infantry"


def _phase_ok(state: GameState, unit: str) -> None:
    if unit not in state.module.units:
        raise MalformedCommand(f"unknown unit {unit!r}")
    if state.phase is not Phase.REPLACEMENT or state.module.units[unit].side != state.side:
        raise IllegalAction("replacements are used in the owner's Replacement Phase", rule="9.1A", unit=unit)


@register_checker("refit")
def check_refit(state: GameState, cmd: cm.Refit, dice: object) -> list[ev.Event]:
    u = cmd.unit
    _phase_ok(state, u)
    kind = replacement_type(state, u)
    if kind is None:
        raise IllegalAction("is not replaceable", rule="9.1D", unit=u)
    if u not in state.pos or u not in state.reduced:
        raise IllegalAction("is not a reduced unit on the map", rule="9.0C", unit=u)
    if u in state.refitted:
        raise IllegalAction("was reformed this turn; refit on a later turn", rule="9.0E", unit=u)
    if state.pos[u] in zoc_hexes(state, other_side(state.side)):
        raise IllegalAction(f"in {state.pos[u]} is in an enemy ZOC", rule="9.1A", unit=u, hex=state.pos[u])
    if not state.is_supplied(u):
        why = "is out of fuel (8.7.4)" if state.supply_status(u) == "unsupplied" and state.out_of_fuel(u) \
            else "is unsupplied or isolated"
        raise IllegalAction(why, rule="9.1B", unit=u)
    if state.replacements.get(f"{state.side}/{kind}", 0) < 1:
        raise IllegalAction(f"no {kind} replacement left", rule="9.0C", unit=u)
    return [ev.UnitRefitted(unit=u, type=kind)]


def reform_hexes(state: GameState, unit: str) -> list[str]:
    """9.1F: the nearest friendly controlled town to a unit of the parent division, at
    least three hexes from the nearest enemy unit; 9.1G: otherwise the east (German) or
    west (Allied) map edge."""
    mod = state.module
    s = mod.units[unit]
    enemy = [h for u, h in state.pos.items() if mod.units[u].side != s.side]
    friends = [h for u, h in state.pos.items() if mod.units[u].side == s.side]
    occ: dict[str, int] = {}
    for u, h in state.pos.items():
        if mod.units[u].side == s.side and not mod.units[u].is_leader:
            occ[h] = occ.get(h, 0) + 1

    def ok(h: str) -> bool:
        return h not in enemy and occ.get(h, 0) < 3 and all(hexgrid.distance(h, e) >= 3 for e in enemy)

    div = [state.pos[u] for u in state.pos if s.division and mod.units[u].division == s.division]
    if div:
        towns = [h for h, hx in mod.hexes.items() if hx.town and state.road_control.get(h, s.side) == s.side and ok(h)]
        if towns:
            best = min(min(hexgrid.distance(t, d) for d in div) for t in towns)
            return sorted(t for t in towns if min(hexgrid.distance(t, d) for d in div) == best)
    edge = "E" if s.side == "German" else "W"
    del friends
    return sorted(h for h, hx in mod.hexes.items() if hx.edge == edge and ok(h))


@register_checker("reform")
def check_reform(state: GameState, cmd: cm.Reform, dice: object) -> list[ev.Event]:
    u = cmd.unit
    _phase_ok(state, u)
    kind = replacement_type(state, u)
    if kind is None:
        raise IllegalAction("is not replaceable", rule="9.1D", unit=u)
    if u not in state.eliminated:
        raise IllegalAction("is not destroyed", rule="9.0D", unit=u)
    if u in state.surrendered:
        raise IllegalAction("surrendered: may not be replaced", rule="9.1E", unit=u)
    if state.replacements.get(f"{state.side}/{kind}", 0) < 2:
        raise IllegalAction(f"needs two {kind} replacements", rule="9.0D", unit=u)
    legal = reform_hexes(state, u)
    if cmd.hex not in legal:
        raise IllegalAction(f"cannot be placed at {cmd.hex}: must be placed at one of {legal[:6]}",
                            rule="9.1F", unit=u, hex=cmd.hex)
    return [ev.UnitReformed(unit=u, type=kind, hex=cmd.hex)]

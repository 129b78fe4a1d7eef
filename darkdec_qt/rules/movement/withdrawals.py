"""10.8: withdrawals.

10.8B (and the optional 10.8C) are obligations: the owner's Movement Phase may not end
while a unit owed is still in play (``end_phase_problem``, called by the engine's EndPhase
checker). 10.8D (Dietrich) is permitted, never forced.

The optional paragraphs of 10.8B come with the optional rule "10.8" (options.py): the
withdrawal is not required while Germany is presently winning (``victory.evaluate`` of the
moment: its winner is Germany), and for each unit of the 10th Armored Division already
destroyed another armored regiment must be removed in its place. Which one is the Allied
player's choice (any US armor unit of another division: the 10th's combat commands are
US armor regiments, docs/rules-interpretations.md): ``substitute_candidates`` are offered as
Withdraw commands and the phase may not end while a substitute is owed.
"""

from __future__ import annotations

import re

from darkdec_qt.moduleview import UnitSpec
from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core import events as ev
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.core.registry import register_checker, register_generator
from darkdec_qt.rules.core.state import GameState
from darkdec_qt.rules.movement.restricted import _div_number
from darkdec_qt.rules.scenarios import victory


def _on_or_after(state: GameState, code: str) -> bool:
    return state.turn >= state.turn_number(code)


def is_150th_brigade(spec: UnitSpec) -> bool:
    """The 150th Panzer Brigade (10.8C, 12.4): module id "150Pz" ("150/..." also accepted)."""
    return spec.side == "German" and spec.is_motorized and re.match(r"150(?!\d)", spec.id) is not None


def is_10th_armored(spec: UnitSpec) -> bool:
    return spec.side == "Allied" and spec.nationality == "US" and _div_number(spec) == 10 and spec.is_motorized


def is_substitute(spec: UnitSpec) -> bool:
    """Optional 10.8B: "another armored regiment": a US armor unit of another division."""
    return spec.side == "Allied" and spec.nationality == "US" and spec.type == "armor" and not is_10th_armored(spec)


def _options_10_8(state: GameState) -> bool:
    return state.has_rule("10.8") and _on_or_after(state, "26DecPM")


def waived(state: GameState) -> bool:
    """Optional 10.8B: the withdrawal is not required while Germany is presently winning."""
    if not _options_10_8(state):
        return False

    return victory.evaluate(state).winner == "German"


def substitutes_owed(state: GameState) -> int:
    """Optional 10.8B: armored regiments still to remove in place of destroyed units of the
    10th Armored Division (destroyed ones less substitutes already withdrawn)."""
    if not _options_10_8(state):
        return 0
    units = state.module.units
    lost = sum(1 for u in state.eliminated if is_10th_armored(units[u]))
    given = sum(1 for u in state.withdrawn if is_substitute(units[u]))
    return max(0, lost - given)


def substitute_candidates(state: GameState) -> list[str]:
    """The units the Allied player may choose among for an owed substitute (on the map or
    still to arrive, not held off), when one is owed in this Allied Movement Phase."""
    if state.phase is not Phase.MOVEMENT or state.side != "Allied" or not substitutes_owed(state) or waived(state):
        return []
    units = state.module.units
    return [u for u in sorted(set(state.pos) | set(state.pending))
            if is_substitute(units[u]) and u not in state.held_off]


def withdrawal_rule(state: GameState, unit: str) -> str | None:
    """The rule under which ``unit`` may be withdrawn now, or None."""
    s = state.module.units[unit]
    if is_10th_armored(s) and _on_or_after(state, "26DecPM"):
        return "10.8B"
    if is_substitute(s) and substitutes_owed(state):
        return "10.8B"  # (optional) in place of a destroyed unit of the 10th Armored
    # (scenarios) the optional-rule toggle is "10.8" (options.py); "10.8C" kept for old states
    if (state.has_rule("10.8") or state.has_rule("10.8C")) and is_150th_brigade(s) and _on_or_after(state, "27DecAM"):
        return "10.8C"
    if s.is_leader and "dietrich" in unit.lower() and _on_or_after(state, "21JanAM"):
        return "10.8D"
    return None


def scheduled(state: GameState, unit: str) -> tuple[str, int] | None:
    """The rule and the first game turn ``unit`` is due to leave the map (10.8B the 10th
    Armored from PM 26 December; optional 10.8C the 150th Panzer Brigade on AM 27 December;
    10.8D Dietrich may leave from AM 21 January), or None; the same dates as ``withdrawal_rule``."""
    s = state.module.units[unit]
    if is_10th_armored(s):
        return "10.8B", state.turn_number("26DecPM")
    if (state.has_rule("10.8") or state.has_rule("10.8C")) and is_150th_brigade(s):
        return "10.8C", state.turn_number("27DecAM")
    if s.is_leader and "dietrich" in unit.lower():
        return "10.8D", state.turn_number("21JanAM")
    return None


def owed(state: GameState) -> list[str]:
    """Units the phasing side must withdraw in this Movement Phase: 10.8B the US 10th
    Armored Division "on or as soon as possible after PM 26 December"; optional 10.8C the
    150th Panzer Brigade on AM 27 December (if already destroyed, nothing is owed)."""
    if state.phase is not Phase.MOVEMENT:
        return []
    out = []
    for u in sorted(set(state.pos) | set(state.pending)):
        s = state.module.units[u]
        if s.side != state.side or u in state.held_off or is_substitute(s):
            continue  # (a substitute is the player's choice: substitute_candidates)
        if withdrawal_rule(state, u) in ("10.8B", "10.8C"):
            out.append(u)
    if out and any(withdrawal_rule(state, u) == "10.8B" for u in out) and waived(state):
        out = [u for u in out if withdrawal_rule(state, u) != "10.8B"]  # (optional) Germany is winning
    return out


def end_phase_problem(state: GameState) -> IllegalAction | None:
    units = owed(state)
    if units:
        rule = withdrawal_rule(state, units[0]) or "10.8B"
        return IllegalAction(f"cannot end the Movement Phase: must first withdraw {', '.join(units)}", rule=rule)
    if substitute_candidates(state):
        return IllegalAction("cannot end the Movement Phase: a unit of the 10th Armored Division was destroyed, so "
                             "another armored regiment must be withdrawn in its place (choose one)", rule="10.8B")
    return None


@register_checker("withdraw")
def check_withdraw(state: GameState, cmd: cm.Withdraw, dice: object) -> list[ev.Event]:
    """10.8A: simply removed by the owner in its Movement Phase (no route needed)."""
    u = cmd.unit
    if u not in state.module.units or (u not in state.pos and u not in state.pending):
        raise IllegalAction(f"{u!r} is not in play", rule="10.8A")
    if state.phase is not Phase.MOVEMENT or state.module.units[u].side != state.side:
        raise IllegalAction("withdraws in the owner's Movement Phase", rule="10.8A", unit=u)
    if withdrawal_rule(state, u) is None:
        raise IllegalAction("is not subject to withdrawal now", rule="10.8A", unit=u)
    return [ev.UnitWithdrawn(unit=u)]


@register_generator
def _withdrawals(state: GameState, rng: object = None):  # type: ignore[no-untyped-def]
    for u in owed(state) + substitute_candidates(state):
        yield cm.Withdraw(u)

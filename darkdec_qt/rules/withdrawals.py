"""10.8: withdrawals.

10.8B (and the optional 10.8C) are obligations: the owner's Movement Phase may not end
while a unit owed is still in play (``end_phase_problem``, called by the engine's EndPhase
checker). 10.8D (Dietrich) is permitted, never forced.
"""

from __future__ import annotations

import re

from darkdec_qt.moduleview import UnitSpec
from darkdec_qt.rules import commands as cm
from darkdec_qt.rules import events as ev
from darkdec_qt.rules.errors import IllegalAction
from darkdec_qt.rules.phases import Phase
from darkdec_qt.rules.registry import register_checker, register_generator
from darkdec_qt.rules.restricted import _div_number
from darkdec_qt.rules.state import GameState


def _on_or_after(state: GameState, code: str) -> bool:
    return state.turn >= state.turn_number(code)


def is_150th_brigade(spec: UnitSpec) -> bool:
    """The 150th Panzer Brigade (10.8C, 12.4): module id "150Pz" ("150/..." also accepted)."""
    return spec.side == "German" and spec.is_motorized and re.match(r"150(?!\d)", spec.id) is not None


def is_10th_armored(spec: UnitSpec) -> bool:
    return spec.side == "Allied" and spec.nationality == "US" and _div_number(spec) == 10 and spec.is_motorized


def withdrawal_rule(state: GameState, unit: str) -> str | None:
    """The rule under which ``unit`` may be withdrawn now, or None."""
    s = state.module.units[unit]
    if is_10th_armored(s) and _on_or_after(state, "26DecPM"):
        return "10.8B"
    # (scenarios) the optional-rule toggle is "10.8" (options.py); "10.8C" kept for old states
    if (state.has_rule("10.8") or state.has_rule("10.8C")) and is_150th_brigade(s) and _on_or_after(state, "27DecAM"):
        return "10.8C"
    if s.is_leader and "dietrich" in unit.lower() and _on_or_after(state, "21JanAM"):
        return "10.8D"
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
        if s.side != state.side or u in state.held_off:
            continue
        if withdrawal_rule(state, u) in ("10.8B", "10.8C"):
            out.append(u)
    return out


def end_phase_problem(state: GameState) -> IllegalAction | None:
    units = owed(state)
    if not units:
        return None
    rule = withdrawal_rule(state, units[0]) or "10.8"
    return IllegalAction(f"cannot end the Movement Phase: must first withdraw {', '.join(units)}", rule=rule)


@register_checker("withdraw")
def check_withdraw(state: GameState, cmd: cm.Withdraw, dice: object) -> list[ev.Event]:
    """10.8A: simply removed by the owner in its Movement Phase (no route needed)."""
    u = cmd.unit
    if u not in state.module.units or (u not in state.pos and u not in state.pending):
        raise IllegalAction(f"{u!r} is not in play", rule="10.8A")
    if state.phase is not Phase.MOVEMENT or state.module.units[u].side != state.side:
        raise IllegalAction("withdraws in the owner's Movement Phase", rule="10.8A", unit=u)
    if withdrawal_rule(state, u) is None:
        raise IllegalAction("is not subject to withdrawal now", rule="10.8", unit=u)
    return [ev.UnitWithdrawn(unit=u)]


@register_generator
def _withdrawals(state: GameState, rng: object = None):  # type: ignore[no-untyped-def]
    for u in owed(state):
        yield cm.Withdraw(u)

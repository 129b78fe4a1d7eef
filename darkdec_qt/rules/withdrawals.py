"""10.8: withdrawals."""

from __future__ import annotations

from darkdec_qt.rules import commands as cm
from darkdec_qt.rules import events as ev
from darkdec_qt.rules.errors import IllegalAction
from darkdec_qt.rules.phases import Phase
from darkdec_qt.rules.registry import register_checker
from darkdec_qt.rules.restricted import _div_number
from darkdec_qt.rules.state import GameState


def _on_or_after(state: GameState, code: str) -> bool:
    t = state.module.turn_index.get(code)
    return t is not None and state.turn >= t.number


def withdrawal_rule(state: GameState, unit: str) -> str | None:
    """The rule under which ``unit`` may be withdrawn now, or None."""
    s = state.module.units[unit]
    if s.side == "Allied" and s.nationality == "US" and _div_number(s) == 10 and s.is_motorized \
            and _on_or_after(state, "26DecPM"):
        return "10.8B"
    if state.has_rule("10.8C") and s.side == "German" and s.id.split("/")[0] == "150" and _on_or_after(state, "27DecAM"):
        return "10.8C"
    if s.is_leader and "dietrich" in unit.lower() and _on_or_after(state, "21JanAM"):
        return "10.8D"
    return None


@register_checker("withdraw")
def check_withdraw(state: GameState, cmd: cm.Withdraw, dice: object) -> list[ev.Event]:
    """10.8A: simply removed by the owner in its Movement Phase."""
    u = cmd.unit
    if u not in state.module.units or (u not in state.pos and u not in state.pending):
        raise IllegalAction(f"{u!r} is not in play", rule="10.8A")
    if state.phase is not Phase.MOVEMENT or state.module.units[u].side != state.side:
        raise IllegalAction("withdraws in the owner's Movement Phase", rule="10.8A", unit=u)
    if withdrawal_rule(state, u) is None:
        raise IllegalAction("is not subject to withdrawal now", rule="10.8", unit=u)
    return [ev.UnitWithdrawn(unit=u)]

"""13.2 and 7.1.5.2: all out assault (second combat); 15.6 Manteuffel's and Patton's second.

Declared with the battle (``DeclareBattle.all_out_assault_leader``, 13.2B: every
attacker within the leader's command range, 15.3); offered after an indecisive result
(13.2.1A) that was neither a fire fight nor a counterattack (13.2.1C); the attacker then
names the unit taking the mandatory step (``AllOutAssault.loss``, 13.2.3A) and the same
attack is rolled again at the same odds (13.2.2B). The machinery is in combat/procedure.py.
"""

from __future__ import annotations

from darkdec_qt.rules import commanders
from darkdec_qt.rules.core.state import GameState


def eligible_leaders(state: GameState, attackers: tuple[str, ...]) -> list[str]:
    """13.2B/15.1A/15.3/15.8: leaders who may reserve an all out assault for this battle."""
    out = []
    for lead in commanders.leaders_on_map(state, state.side):
        if commanders.options_left(state, lead, "attack") > 0 and commanders.commands_all(state, lead, attackers):
            out.append(lead)
    return out


def may_assault(state: GameState) -> bool:
    b = state.battle
    return b is not None and b.task is not None and b.task[0] == "assault"

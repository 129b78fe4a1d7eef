"""18.2B shown while it can still be met: Germany must make a minimum of five attacks on
the AM 16 December game turn. The client shows "attacks required / made / possible"
from the start of that German player turn (so the movement can prepare the attacks)
to the end of its Combat Phase, where ``battle.end_phase_problem`` enforces it.

``possible`` counts the Allied-occupied hexes next to a German unit free to attack
(13.2A, 8.5D, 14.1E, 15.9A...): each can be the target of one battle. ``enforced`` is
the number the Combat Phase refusal demands (``battle.attacks_owed_on_16_december``):
the attacks still owed while at least one further attack can be declared."""

from __future__ import annotations

from dataclasses import dataclass

from darkdec_qt.rules.combat.battle import FIRST_TURN_ATTACKS, could_still_be_attacked
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.core.state import GameState

FIRST_TURN = "16DecAM"
BEFORE_COMBAT_END = (Phase.SUPPLY, Phase.REPLACEMENT, Phase.MOVEMENT, Phase.REACTION, Phase.COMBAT)


@dataclass(frozen=True, slots=True)
class AttackObligation:
    required: int
    made: int
    possible: tuple[str, ...]  # Allied hexes a German unit free to attack is next to

    @property
    def owed(self) -> int:
        return max(0, self.required - self.made)

    @property
    def enforced(self) -> int:
        """What ending the Combat Phase now would be refused for (18.2B)."""
        return self.owed if self.possible else 0

    def text(self) -> str:
        return (f"18.2B attacks: {self.required} required · {self.made} made · "
                f"{len(self.possible)} possible")


def attackable_hexes(state: GameState) -> tuple[str, ...]:
    """Allied-occupied hexes with an undefended unit next to a German unit free to attack."""
    out = set()
    for e in state.on_map("Allied"):
        if e not in state.defended and could_still_be_attacked(state, e, ()):
            out.add(state.pos[e])
    return tuple(sorted(out))


def first_turn_obligation(state: GameState) -> AttackObligation | None:
    """The 18.2B obligation of the German player turn of AM 16 December, until the end of
    its Combat Phase; None at any other time."""
    if state.side != "German" or state.phase not in BEFORE_COMBAT_END or state.current_turn().code != FIRST_TURN:
        return None
    return AttackObligation(FIRST_TURN_ATTACKS, state.battles, attackable_hexes(state))


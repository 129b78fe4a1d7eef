"""Forced steps: a command that is the only one the deciding side may give, which the program of
the player holding the game gives on that side's behalf instead of sending a file for it. The
receiver re-derives each one (``forced_command`` must give the same command in the same state).

Forced are:

- 13.0D / 13.4: resolving a battle once every choice before the die is made (the battle's task is
  ``resolve``: the attacker's only command). When it needs a die it is left pending, and the side it
  belongs to resolves it with its committed secret, as for its own command: fair either way.
- A battle task with exactly one possible answer: declining an advance after combat no unit can
  make (13.6), declining an all-out assault no unit can make (13.2.1), the counterattack against the
  one hex the attackers hold (13.5.5A-B: it is obligatory; with one hex there is nothing to choose).
- A phase end with nothing owed: the deciding side's only legal command is to end its phase
  (``engine.legal_commands`` lists every unit and destination, without sampling, and offers
  nothing but EndPhase), outside the moving phases of the side's own player turn.
"""

from __future__ import annotations

from itertools import islice

from darkdec_qt.rules.core.commands import Command, EndPhase
from darkdec_qt.rules.core.phases import Phase, acting_side
from darkdec_qt.rules.core.state import GameState

# phases whose commands legal_commands enumerates in full for the side acting in them
_PHASE_ENDS = frozenset({Phase.SUPPLY, Phase.REPLACEMENT, Phase.REACTION, Phase.CONSTRUCTION})
_SINGLE_ANSWER = ("advance", "assault", "ca")  # tasks whose answers pending_commands lists in full when one


def forced_command(state: GameState, side: str) -> Command | None:
    """The only command ``side`` may give in ``state`` when it is forced, else None."""
    if state.game_over or not state.started or state.displaced:
        return None
    from darkdec_qt.rules import engine
    from darkdec_qt.rules.combat.commands import ResolveBattle
    from darkdec_qt.rules.combat.legal import pending_commands

    b = state.battle
    if b is not None:
        if b.task is None:
            return None
        what, task_side, _h, _n = b.task
        if task_side != side:
            return None
        if what == "resolve":
            return ResolveBattle()
        if what in _SINGLE_ANSWER:
            cands = {repr(c.to_dict()): c for c in pending_commands(state)}  # the same command offered twice
            return next(iter(cands.values())) if len(cands) == 1 else None
        return None
    if state.phase not in _PHASE_ENDS or acting_side(state.side, state.phase) != side:
        return None
    if state.phase is Phase.SUPPLY and state.fuel_shortage > 0:
        return None  # 8.7.1: a division out of fuel is still to be named
    first = list(islice(engine.legal_commands(state), 2))
    return EndPhase() if first == [EndPhase()] else None

"""Who decides what in a game by files: the deciding side of each moment (13.x battle tasks, the
acting side of the phase, 8.7.1 fuel), the owner of a command that names its side, and the
decision in a player's words."""

from __future__ import annotations

from darkdec_qt.rules.combat.procedure import deciding_side
from darkdec_qt.rules.core.commands import Command
from darkdec_qt.rules.core.phases import Phase, acting_side
from darkdec_qt.rules.core.state import GameState

TASKS = {"declare": "defender's declaration", "resolve": "resolve the battle", "result": "choose the battle result",
         "retreat": "choose a retreat", "mandatory": "choose the bracketed losses", "ff_def": "choose losses",
         "ff_att": "choose losses", "ca": "counterattack or not", "advance": "advance after combat or not",
         "assault": "all-out assault or not", "air_loss": "choose the air attack loss"}




def decider(state: GameState) -> str | None:
    """Who must give the next command: the side owing a battle decision (13.x tasks), else the
    acting side of the phase (7.1.4A); the German player starts the game; None when it is over."""
    if state.game_over:
        return None
    if not state.started:
        return "German"
    side = deciding_side(state)
    if side:
        return side
    if state.battle is not None:
        return state.battle.attacker_side
    return _fuel_chooser(state) or acting_side(state.side, state.phase)


def _fuel_chooser(state: GameState) -> str | None:
    """8.7.1A-B: while a division out of fuel is still to be named in the German Supply Phase, the
    player who names it (the Allied player first) decides."""
    if state.phase is Phase.SUPPLY and state.side == "German" and state.fuel_shortage > 0:
        from darkdec_qt.rules.choices import _fuel_options

        for c in _fuel_options(state):
            return str(c.side)
    return None


def owner(state: GameState, cmd: Command) -> str | None:
    """The side a command belongs to when the command names it (8.7.1 fuel, 15.5D a displaced
    leader, a player's note): only that side may give it, whoever acts."""
    if cmd.kind in ("choose_fuel_division", "note"):
        return str(getattr(cmd, "side", "")) or None
    if cmd.kind == "relocate_displaced_leader":
        spec = state.module.units.get(str(getattr(cmd, "unit", "")))
        return spec.side if spec is not None else None
    return None


def decision(state: GameState) -> str:
    """What the decider must decide, in a player's words."""
    if state.game_over:
        return "the game is over"
    if not state.started:
        return "start the game"
    b = state.battle
    if b is not None and b.task is not None:
        what, _side, h, _n = b.task
        where = h or (state.pos.get(b.defenders[0], "") if b.defenders else "")
        return f"{TASKS.get(what, what)}, battle at {where}" if where else TASKS.get(what, what)
    return f"turn {state.turn}, {state.side} player turn, {state.phase.value} phase"


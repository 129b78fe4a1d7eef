"""What every player shares: who decides now, the engine's yes or no, the one-ply look on a
copy, the random self-play policy and the AI's levels (players.py builds on these)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from darkdec_qt.game.selfplay import _order
from darkdec_qt.game.session import Game
from darkdec_qt.rules import engine
from darkdec_qt.rules.combat import procedure as combat
from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core.apply import apply
from darkdec_qt.rules.core.commands import Command
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.phases import Phase, acting_side
from darkdec_qt.rules.core.state import GameState


def decider(state: GameState) -> str:
    """The side whose decision the game waits for: the German player sets up (6.1, 26.20A),
    a battle waits for the side its task names, the fuel choice for its chooser (8.7.1A-B),
    else the acting side (7.1.4A)."""
    if not state.started:
        return "German"
    side = combat.deciding_side(state)
    if side:
        return side
    if state.battle is not None:
        return state.battle.attacker_side
    if state.phase is Phase.SUPPLY and state.side == "German" and state.fuel_shortage > 0:
        from darkdec_qt.rules.supply import fuel

        return fuel.chooser(state)  # 8.7.1A: the Allies name the first division out of fuel
    return acting_side(state.side, state.phase)


def _ok(state: GameState, cmd: Command) -> bool:
    try:
        engine.check(state, cmd)
        return True
    except IllegalAction:
        return False


def _prestart(state: GameState) -> Command:
    """A free set-up (6.1): each unit on the legal hex nearest its historical assault
    position (6.2's table, data/historical.csv), Allies first (6.0H); units without one are
    left to the engine's ``AutoSetup``, whose first-legal-hex fill would otherwise put the
    1st SS on the north edge by Monschau."""
    from darkdec_qt import hexgrid
    from darkdec_qt.rules.scenarios.freesetup import AutoSetup, PlaceUnit, legal_hexes
    from darkdec_qt.rules.scenarios.setup import HISTORICAL_SETUP_TURN

    if not state.to_place:
        return cm.StartGame()
    units = state.module.units
    hist = state.module.historical_positions(HISTORICAL_SETUP_TURN)
    first = min(state.to_place, key=lambda u: (units[u].side != "Allied", u))
    side = units[first].side
    for u in sorted(x for x in state.to_place if units[x].side == side and x in hist):
        legal = legal_hexes(state, u)
        if legal:
            return PlaceUnit(unit=u, hex=min(legal, key=lambda h: (hexgrid.distance(h, hist[u]), h)))
    return AutoSetup(side=side)


def _after(s: GameState, cmd: cm.Command) -> GameState | None:
    """The state after ``cmd`` on a copy (the one-ply look), None if the engine refuses it.
    The copy rolls dice of its own (another seed): a look at a move that infiltrates
    (12.4), a retreat across a river (13.6.2C) or a counterattack must not read the roll
    the game will make (the engine's legality never depends on the dice)."""
    t = s.clone()
    t.seed = f"{s.seed}/look"
    try:
        events = engine.check(t, cmd)
    except IllegalAction:
        return None
    for e in events:
        apply(t, e)
    return t


class Player:
    name = "player"

    def choose(self, game: Game) -> Command:  # pragma: no cover - interface
        raise NotImplementedError


class RandomPlayer(Player):
    """game/selfplay.py's policy: random legal commands favouring battles and contact."""

    name = "random"

    def __init__(self, seed: int | str = 0, end_bias: float = 0.15):
        self.rng = random.Random(f"random/{seed}")
        self.end_bias = end_bias

    def choose(self, game: Game) -> Command:
        s = game.state
        if not s.started:
            return _prestart(s)
        cands = list(engine.legal_commands(s, rng=self.rng))
        for cmd in _order(s, cands, self.rng, self.end_bias):
            if _ok(s, cmd):
                return cmd
        for cmd in engine.legal_commands(s):
            if _ok(s, cmd):
                return cmd
        return cm.EndPhase()


@dataclass(frozen=True)
class Level:
    name: str
    unit_share: float  # share of units weighed each moving phase (the rest stay put)
    max_dests: int  # destinations weighed per unit, the nearest to the objective first
    battle_threshold: float  # a battle's value must exceed this
    strategic: bool  # weigh strategic movement for units far from the enemy
    lookahead: bool  # weigh a move by the one-ply evaluation as well as the local score
    lookahead_k: int = 0  # how many of the best-scored destinations the one-ply look weighs
    battle_k: int = 0  # how many of the best battles (by the CRT estimate) are fought out on copies
    battle_samples: int = 0  # dice streams per battle fought out (battle_look.py)
    look_budget: float = 0.0  # seconds per player turn for fighting battles out; then the CRT estimate


LEVELS = {
    "easy": Level("easy", 0.5, 12, 1.5, False, False),
    "normal": Level("normal", 1.0, 60, 0.8, True, True, 4),
    "hard": Level("hard", 1.0, 60, 0.8, True, True, 4, battle_k=5, battle_samples=8, look_budget=20.0),
}

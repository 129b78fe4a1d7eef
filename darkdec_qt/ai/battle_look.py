"""The hard level's deeper look at a battle: the battle is fought out on copies of the
state, each with its own dice stream (a different seed: the AI never peeks at the game's
own dice), every choice inside it made by the AI's in-battle policy for the side the
engine asks, and the static evaluation read after it. The mean change over the samples
replaces the CRT estimate of battles.py, so what happens after the roll counts: retreat
paths or their absence, the advance into a town, counterattacks, fire fights, the losses
each side chooses.
"""

from __future__ import annotations

from darkdec_qt.ai import evaluation
from darkdec_qt.ai.base import _after
from darkdec_qt.rules import engine
from darkdec_qt.rules.combat.legal import pending_commands
from darkdec_qt.rules.core.apply import apply
from darkdec_qt.rules.core.commands import Command
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.state import GameState

MAX_TASKS = 40  # a battle never needs more decisions than this; a guard, not a rule


RESULT_CHOICES = ("choose_defender_result", "choose_attacker_result")  # 13.5: retreat or lose steps


def battle_choice(s: GameState, opts: list[Command], side: str, tg: evaluation.Targets, limit: int = 24,
                  follow: bool = True) -> Command:
    """Inside a battle: each option the engine offers applied to a copy, the static
    evaluation picks the best for ``side``; the all-out assault (13.2) is declined. A
    result choice (13.5: retreat or lose steps) is followed to the battle's end first
    (the retreat and the enemy's advance, each side choosing by the same look): right
    after the choice nothing has moved yet, and a garrison chose to retreat out of its
    exit hex rather than lose a step, the Germans advanced into it and left the map."""
    what = s.battle.task[0] if s.battle and s.battle.task else ""
    if len(opts) == 1 or what == "assault":
        return opts[0]
    best, best_v = opts[0], None
    for cmd in opts[:limit]:
        t = _after(s, cmd)
        if t is None:
            continue
        if follow and cmd.kind in RESULT_CHOICES and t.battle is not None:
            t = finish(t, tg) or t
        v = evaluation.score(t, side, tg)
        if best_v is None or v > best_v:
            best, best_v = cmd, v
    return best


def finish(t: GameState, tg: evaluation.Targets, limit: int = 8) -> GameState | None:
    """The rest of the battle on the copy ``t`` (its own dice), every choice by the one-ply
    look of the side the engine asks; None if the engine refuses a step."""
    from darkdec_qt.ai.base import decider

    try:
        for _ in range(MAX_TASKS):
            opts = pending_commands(t) if t.battle is not None else []
            if not opts:
                return t
            cmd = battle_choice(t, opts, decider(t), tg, limit, follow=False)
            for e in engine.check(t, cmd):
                apply(t, e)
    except IllegalAction:
        return None
    return t if t.battle is None else None


def fought_out_choice(s: GameState, opts: list[Command], side: str, tg: evaluation.Targets, samples: int,
                      k: int = 4) -> Command:
    """Hard, inside a battle: the best ``k`` options by the one-ply look are each fought
    out to the battle's end (``samples`` dice streams) and the one with the best mean
    evaluation afterwards is taken: holding a town at the cost of a step rather than
    retreating and letting the attacker advance into it, which the one-ply look (nothing
    has moved yet when the retreat is chosen) cannot see."""
    what = s.battle.task[0] if s.battle and s.battle.task else ""
    if len(opts) == 1 or what == "assault":
        return opts[0]
    ranked = []
    for cmd in opts[:24]:
        t = _after(s, cmd)
        if t is not None:
            ranked.append((evaluation.score(t, side, tg), cmd))
    ranked.sort(key=lambda r: -r[0])
    best, best_v = (ranked[0][1] if ranked else opts[0]), None
    for _v, cmd in ranked[:k]:
        g = expected_gain(s, cmd, side, samples)
        if g is not None and (best_v is None or g > best_v):
            best, best_v = cmd, g
    return best


def fight_out(s: GameState, declare: Command, seed: str, tg: evaluation.Targets, limit: int = 8) -> GameState | None:
    """The state after ``declare`` and the whole battle it starts, on a copy with dice
    seeded by ``seed``; None if the engine refuses a step."""
    from darkdec_qt.ai.base import decider

    t = s.clone()
    t.seed = seed
    try:
        for e in engine.check(t, declare):
            apply(t, e)
        for _ in range(MAX_TASKS):
            if t.battle is None:
                return t
            opts = pending_commands(t)
            if not opts:
                return t
            cmd = battle_choice(t, opts, decider(t), tg, limit)
            for e in engine.check(t, cmd):
                apply(t, e)
    except IllegalAction:
        return None
    return t if t.battle is None else None


def expected_gain(s: GameState, declare: Command, side: str, samples: int) -> float | None:
    """The mean change of the static evaluation (``side``'s view) after the battle, over
    ``samples`` dice streams; None if it cannot be fought out."""
    tg = evaluation.targets(s)
    base = evaluation.score(s, side, tg)
    total, n = 0.0, 0
    for i in range(samples):
        t = fight_out(s, declare, f"{s.seed}/look/{s.turn}/{s.battles}/{i}", tg)
        if t is None:
            continue
        total += evaluation.score(t, side, tg) - base
        n += 1
    return total / n if n else None

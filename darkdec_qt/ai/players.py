"""Players: ``choose(game) -> Command`` for the side that decides now.

``RandomPlayer`` is the self-play policy (game/selfplay.py: random legal commands with a
pull toward contact). ``GreedyPlayer`` is the tournament baseline: attack at the best odds
available, move every unit toward the nearest objective. ``AIPlayer`` is the computer
opponent, a candidate-action player in the manner of Wesnoth's AI: in each phase it
considers a few kinds of action (withdrawals owed, reinforcements, exits, unit moves,
battles, refits, bridges, air) and takes the best-rated one, rating unit moves and battle
choices with a one-ply look at the resulting state (evaluation.py). Its levels differ in
thinking budget (how many units and destinations it weighs). Every command it issues is
one the engine offered or accepted (``engine.check``); for decision kinds it has no opinion
on it ends the phase or, when that is not allowed, falls back to the random policy.
"""

from __future__ import annotations

import random
import time

from darkdec_qt.ai import decisions as dc
from darkdec_qt.ai import evaluation
from darkdec_qt.ai import geography as geo
from darkdec_qt.ai import threat as th
from darkdec_qt.ai.base import LEVELS, Player, RandomPlayer, _after, _ok, _prestart, decider
from darkdec_qt.ai.battles import Candidate, candidates
from darkdec_qt.ai.local_score import LocalScore
from darkdec_qt.game.session import Game
from darkdec_qt.rules import engine
from darkdec_qt.rules.combat.legal import pending_commands
from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core.commands import Command
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.notes import Note
from darkdec_qt.rules.core.phases import MOVING_PHASES, Phase, acting_side, other_side
from darkdec_qt.rules.core.state import GameState
from darkdec_qt.rules.movement import move as movement
from darkdec_qt.rules.movement import reinforcements


class _Phase:
    """What the AI remembers within one phase: the units still to weigh, its plan note."""

    def __init__(self, key: tuple, todo: list[str]):
        self.key = key
        self.todo = todo
        self.noted = False
        self.tried: set[tuple] = set()
        self.moved: list[str] = []
        self.cache: dict[str, tuple[int, object]] = {}
        self.said: set[str] = set()  # the decision kinds already explained in a note this phase
        self.stayed: list[str] = []  # units weighed that did not move (reserve candidates, 14.1)


class AIPlayer(Player):
    """The computer opponent (see the module docstring)."""

    def __init__(self, level: str = "normal", seed: int | str = 0, *, narrate: bool = True, greedy: bool = False):
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; one of {', '.join(LEVELS)}")
        self.level = LEVELS[level]
        self.name = "greedy" if greedy else f"ai:{level}"
        self.greedy = greedy
        self.narrate = narrate and not greedy
        self.rng = random.Random(f"ai/{seed}")
        self.fallback = RandomPlayer(seed)
        self.phase: _Phase | None = None
        self.pending_note: str | None = None
        self._queued: list[Command] = []  # commands decided together, issued next (a note's, a move's)
        self._look: tuple[tuple[int, str], float] = ((0, ""), 0.0)  # (game turn, phasing side), seconds looked
        self.think_times: list[tuple[int, str, float]] = []  # (turn, side, seconds) per player turn

    # --- entry point ---------------------------------------------------------------
    def choose(self, game: Game) -> Command:
        s = game.state
        if not s.started:
            return self._setup(s)
        while self._queued:  # the command a note announced, the move after leaving reserve
            q = self._queued.pop(0)
            if _ok(s, q):
                return q
        if s.displaced:  # 15.5D: owed at once by the leader's owner (the decider), before anything else
            c = None if self.greedy else dc.displaced_leader(s, decider(s))
            return self._say_now(s, c) if c is not None else self._end(game)
        if s.battle is not None:
            return self._battle_task(s)
        ph = s.phase
        cmd: Command | None = None
        if ph is Phase.SUPPLY:
            cmd = self._supply(s)
        elif ph is Phase.REPLACEMENT:
            cmd = self._replacements(s)
        elif ph in MOVING_PHASES:
            cmd = self._moving(s)
        elif ph is Phase.COMBAT:
            cmd = self._combat(s)
        elif ph is Phase.CONSTRUCTION:
            cmd = self._construction(s)
        if cmd is not None and self.pending_note and self.narrate:
            text, self.pending_note = self.pending_note, None
            note = Note(side=decider(s), text=text)
            if _ok(s, note):
                self._queued.insert(0, cmd)
                return note
        if cmd is not None:
            return cmd
        return self._end(game)

    def _say_now(self, s: GameState, c: dc.Choice) -> Command:
        """A decision outside the phase's own work (15.5D): its note first, then the command."""
        if self.narrate and _ok(s, note := Note(side=decider(s), text=c.why)):
            self._queued.insert(0, c.command)
            return note
        return c.command

    def _say(self, s: GameState, c: dc.Choice, kind: str) -> Command:
        """Issue a decision's command with its reason as the note before it (once a phase
        for each kind of decision)."""
        ph = self._phase_memory(s, [])
        if self.narrate and kind not in ph.said:
            ph.said.add(kind)
            self.pending_note = f"{self.pending_note}; {c.why}" if self.pending_note else c.why
        return c.command

    def _end(self, game: Game) -> Command:
        s = game.state
        if _ok(s, cm.EndPhase()):
            return cm.EndPhase()
        from darkdec_qt.rules.core.registry import GENERATORS

        for gen in GENERATORS:  # what is owed first (10.8B withdrawals, 10.7.2C hold-offs, 8.7.1 fuel...)
            for cmd in gen(s, None):
                if _ok(s, cmd):
                    return cmd
        for cmd in engine.legal_commands(s):  # then anything the engine lists
            if cmd.kind != "end_phase" and _ok(s, cmd):
                return cmd
        return self.fallback.choose(game)

    def _setup(self, s: GameState) -> Command:
        from darkdec_qt.rules.scenarios.variants import ChooseVictoryConditions

        if not self.greedy and "26.20A" not in s.triggers and _ok(s, ChooseVictoryConditions(choice="historical")):
            c = dc.victory_conditions(s)  # 26.20A: the plan the evaluation rates best
            if c is not None:
                return self._say(s, c, "26.20A")
        return _prestart(s)

    # --- phases ---------------------------------------------------------------------
    def _supply(self, s: GameState) -> Command | None:
        if s.fuel_shortage > 0 and not self.greedy and (c := dc.fuel(s, decider(s))) is not None:
            return self._say(s, c, "8.7.1")  # 8.7.1A-B
        if s.side == "German" and not self.greedy:
            from darkdec_qt.rules.scenarios.variants import DeclareAirContention

            if _ok(s, DeclareAirContention()):  # 26.11A: take the Allied air away in clear weather
                return DeclareAirContention()
        return None

    def _replacements(self, s: GameState) -> Command | None:
        side = acting_side(s.side, s.phase)
        if not self.greedy:  # 9.0C-D: refit or reform, where a replacement buys the most
            c = dc.replacement(s, side, self._goal(s, side))
            return self._say(s, c, "9.0") if c is not None else None
        reduced = [u for u in s.on_map(side) if u in s.reduced]
        if not reduced:
            return None
        near = engine.enemy_distance(s, other_side(side))
        for u in sorted(reduced, key=lambda u: (near.get(s.pos[u], 99), u)):
            if _ok(s, cm.Refit(u)):
                return cm.Refit(u)
        return None

    def _construction(self, s: GameState) -> Command | None:
        if self.greedy or s.side != "Allied":
            return None
        ph = self._phase_memory(s, [])
        towns = set(geo.town_hexes(s).values())
        near = engine.enemy_distance(s, "German")
        from darkdec_qt.rules.engineering import bridges

        for u in s.on_map("Allied"):
            h = s.pos[u]
            if s.spec(u).is_leader:
                continue
            if h in towns and near.get(h, 99) <= 3 and ("fort", u) not in ph.tried:
                ph.tried.add(("fort", u))
                if _ok(s, cm.BuildFortification(u)):
                    return cm.BuildFortification(u)
            for n in s.module.adjacency.get(h, ()):  # 16.1: blow a bridge the Germans are about to use
                if near.get(n, 99) > 1 or not bridges.has_bridge(s, h, n) or ("blow", h, n) in ph.tried:
                    continue
                ph.tried.add(("blow", h, n))
                cmd = cm.BlowBridge(u, h, n)
                if _ok(s, cmd):
                    return cmd
        return None

    def _phase_memory(self, s: GameState, todo: list[str]) -> _Phase:
        key = (s.turn, s.side, s.phase.value)
        if self.phase is None or self.phase.key != key:
            self.phase = _Phase(key, todo)
        return self.phase

    # --- moving ---------------------------------------------------------------------
    def _moving(self, s: GameState) -> Command | None:
        side = acting_side(s.side, s.phase)
        fresh = self.phase is None or self.phase.key != (s.turn, s.side, s.phase.value)
        ph = self._phase_memory(s, [])
        tg = evaluation.targets(s)
        take = geo.distances(s.module, tg.take(side)) if tg.take(side) else {}
        if fresh:
            ph.todo = self._unit_order(s, side, take)
        if s.phase is Phase.MOVEMENT and not self.greedy:
            cmd = self._owed_choices(s, side)
            if cmd is not None:
                return cmd
        if s.phase is Phase.MOVEMENT:
            from darkdec_qt.rules.movement.withdrawals import owed, substitute_candidates

            due = [cm.Withdraw(u) for u in owed(s) or substitute_candidates(s)]
            if due:  # 10.8: the unit farthest from the enemy goes
                near = self._near(s, other_side(side))
                return max(due, key=lambda c: (near.get(s.pos.get(c.unit, ""), 99), c.unit))
        if s.phase is Phase.MOVEMENT:
            cmd = self._paradrop(s, side, take)
            if cmd is not None:
                return cmd
            cmd = self._reinforcement(s, side, take)
            if cmd is not None:
                ph.todo.append(cmd.unit)  # 10.6.1B: it moves on from its entry hex this phase
                return cmd
        if side == "German":
            for u in s.on_map("German"):
                if s.pos[u] in tg.german_take and ("exit", u) not in ph.tried:
                    ph.tried.add(("exit", u))
                    if _ok(s, cm.Exit(u)):
                        return cm.Exit(u)
        while ph.todo:
            u = ph.todo.pop(0)
            if u not in s.pos:
                continue
            if dc.leave_reserve_worth(s, u):  # 14.5B: leaves reserve only for a move worth making
                t = _after(s, cm.LeaveReserve(u))
                move = self._best_move(t, u, side, tg, take) if t is not None else None
                if move is not None:
                    self._queued.append(move)
                    ph.moved.append(u)
                    return cm.LeaveReserve(u)
                ph.stayed.append(u)
                continue
            cmd = self._strategic(s, u, side, tg, take) or self._best_move(s, u, side, tg, take)
            if cmd is None:
                ph.stayed.append(u)
            if cmd is not None:
                if cmd.kind == "enter_strategic":
                    ph.todo.insert(0, u)  # it moves next, at its strategic rate (10.4)
                ph.moved.append(u)
                if not ph.noted and self.narrate and s.phase is Phase.MOVEMENT:
                    ph.noted = True
                    self.pending_note = self._plan_words(s, side, tg)
                return cmd
        if s.phase is Phase.MOVEMENT and not self.greedy:
            return self._after_moves(s, side, ph)
        return None

    def _owed_choices(self, s: GameState, side: str) -> Command | None:
        """What the Movement Phase owes before the moves: 26.13 declared (or not) first,
        23.0B conditional units, 11.0C a hex a retreat overstacked, 10.7.2C hold-offs,
        10.6.3C blocked reinforcements' road hexes."""
        if side == "Allied" and "26.13" in s.variants and not s.moved and (c := dc.montgomery(s)) is not None:
            return self._say(s, c, "26.13")
        if (c := dc.conditional_units(s, side)) is not None:
            return self._say(s, c, "23.0B")
        if not s.moved and (c := dc.overstack(s, side, self._near(s, other_side(side)))) is not None:
            return self._say(s, c, "11.0C")  # a retreat left a hex over the limits: step out while free to
        if side == "Allied" and s.hold_off_owed and (c := dc.hold_off(s, self._goal(s, side))) is not None:
            return self._say(s, c, "10.7.2C")
        if (c := dc.delayed_entry(s, side, self._goal(s, side))) is not None:
            return self._say(s, c, "10.6.3C")
        return None

    def _after_moves(self, s: GameState, side: str, ph: _Phase) -> Command | None:
        """Once every unit was weighed: overstacked hexes (11.0C), reserves (14.1), the
        second move of Montgomery's withdrawal (26.13A)."""
        near = self._near(s, other_side(side))
        if (c := dc.overstack(s, side, near)) is not None:
            return self._say(s, c, "11.0C")
        if (c := dc.reserve(s, side, near, ph.stayed)) is not None:
            ph.stayed.remove(c.command.unit)
            return self._say(s, c, "14.1")
        if side == "Allied" and "26.13" in s.variants:
            from darkdec_qt.rules.scenarios.montgomery import BeginSecondWithdrawalMove

            if _ok(s, BeginSecondWithdrawalMove()):  # 26.13A: every unit moves a second time
                ph.todo = self._unit_order(s, side, {})
                return BeginSecondWithdrawalMove()
        return None

    def _goal(self, s: GameState, side: str) -> dict[str, int]:
        """March cost to where the side wants its troops: Germany what it must take, the
        Allies the threatened objectives and exits."""
        if side == "Allied":
            return self._cached(s, "need", th.allied_need)
        tg = evaluation.targets(s)
        return geo.distances(s.module, tg.german_take) if tg.german_take else {}

    REFRESH = 6  # commands between recomputing the distance maps within a phase

    def _cached(self, s: GameState, name: str, fn):  # noqa: ANN001, ANN202
        ph = self._phase_memory(s, [])
        n = len(ph.moved)
        hit = ph.cache.get(name)
        if hit is None or n - hit[0] >= self.REFRESH:
            hit = (n, fn(s))
            ph.cache[name] = hit
        return hit[1]

    def _near(self, s: GameState, enemy: str) -> dict[str, int]:
        return self._cached(s, f"near/{enemy}", lambda st: engine.enemy_distance(st, enemy))

    def _unit_order(self, s: GameState, side: str, take: dict[str, int]) -> list[str]:
        units = [u for u in s.on_map(side) if not s.spec(u).is_leader]
        near = engine.enemy_distance(s, other_side(side))
        units.sort(key=lambda u: (near.get(s.pos[u], 99), -sum(s.strength(u)[:2]), u))
        if self.level.unit_share < 1.0:
            k = max(1, int(len(units) * self.level.unit_share))
            units = sorted(self.rng.sample(units, k), key=units.index)
        leaders = [u for u in s.on_map(side) if s.spec(u).is_leader]
        return units + leaders

    def _paradrop(self, s: GameState, side: str, take: dict[str, int]) -> Command | None:
        """19.1-19.2: von der Heydte drops before any movement on a clear hex astride the
        Allied roads toward the objectives, near enough to the German front to be relieved
        (the engine would otherwise drop it on the first legal hex in map order)."""
        from darkdec_qt import hexgrid
        from darkdec_qt.rules.opening import initial

        if side != "German" or self.greedy or not initial.paradrop_due(s) or not take:
            return None
        u = initial.paradrop_unit(s)
        if u is None:
            return None
        mod = s.module
        germans = [s.pos[x] for x in s.on_map("German") if not s.spec(x).is_leader]
        allied_near = self._near(s, "Allied")

        def rank(h: str) -> tuple:
            front = min((hexgrid.distance(h, g) for g in germans), default=99)
            return (take.get(h, 99) + 2 * front + (0 if h in mod.road_links else 6), h)

        cands = [h for h, hx in mod.hexes.items() if hx.terrain == "clear" and not hx.town and not hx.westwall
                 and allied_near.get(h, 0) >= 2]
        for h in sorted(cands, key=rank)[:60]:
            cmd = cm.Paradrop(unit=u, hex=h)
            if _ok(s, cmd):
                return cmd
        return None

    def _reinforcement(self, s: GameState, side: str, take: dict[str, int]) -> Command | None:
        for u in reinforcements.due_units(s):
            if s.spec(u).side != side:
                continue
            hexes = reinforcements.open_entry_hexes(s, u)
            if side == "Allied":  # where troops are needed; of equals (two exits) the nearer the enemy
                need = self._cached(s, "need", th.allied_need)
                near = self._near(s, "German")
                hexes = sorted(hexes, key=lambda h: (need.get(h, 99), near.get(h, 99), h))
            elif take:
                hexes = sorted(hexes, key=lambda h: take.get(h, 99))
            for h in hexes:
                cmd = cm.EnterReinforcement(unit=u, path=(h,), strategic=False)
                if _ok(s, cmd):
                    return cmd
        return None

    def _best_move(self, s: GameState, u: str, side: str, tg: evaluation.Targets,
                   take: dict[str, int]) -> Command | None:
        try:
            dests = movement.legal_destinations(s, (u,))
        except IllegalAction:
            return None
        if not dests:
            return None
        enemy = other_side(side)
        occ = geo.hex_sides(s)
        here = s.pos[u]
        full = geo.full_hexes(s, side)
        items = [(h, path) for h, (_c, path) in dests.items() if h != here and h not in full]  # 11.0A
        lim = self._limit(s, u)
        if lim is not None:
            items = [(h, p) for h, p in items if len(p) - 1 <= lim]
        if "26.13" in s.variants:
            from darkdec_qt.rules.scenarios.montgomery import montgomery_withdrawal, withdrawal_move_problem

            if montgomery_withdrawal(s):
                items = [(h, p) for h, p in items if withdrawal_move_problem(s, (u,), p) is None]
        if not items:
            return None
        need = self._cached(s, "need", th.allied_need) if side == "Allied" else {}
        near = self._near(s, enemy)
        threats = self._cached(s, "threat", lambda st: th.threats(st, geo.exit_hexes(st))) if side == "Allied" else None
        ctx = LocalScore(s, u, side, enemy, occ, tg, take, need, near, threats)
        if self.greedy:
            items.sort(key=lambda it: (take.get(it[0], 99) if take else near.get(it[0], 99), it[0]))
            best_h, best_p = items[0]
            if (take.get(best_h, 99) if take else near.get(best_h, 99)) >= \
                    (take.get(here, 99) if take else near.get(here, 99)):
                return None
            return cm.Move(units=(u,), path=best_p)
        key = (lambda it: take.get(it[0], 99)) if side == "German" and take else \
            (lambda it: min(need.get(it[0], 99), 3 * near.get(it[0], 99)))
        items.sort(key=lambda it: (key(it), it[0]))
        items = items[: self.level.max_dests]
        stay = ctx.score(here)
        scored = sorted(((ctx.score(h), h, p) for h, p in items), key=lambda t: (-t[0], t[1]))
        if self.level.lookahead:
            scored = self._lookahead(s, u, side, scored[: self.level.lookahead_k], tg)
        for sc, _h, p in scored[:4]:
            if sc <= stay + 0.5:
                return None
            cmd = cm.Move(units=(u,), path=p)
            if _ok(s, cmd):
                return cmd
        return None

    def _strategic(self, s: GameState, u: str, side: str, tg: evaluation.Targets,
                   take: dict[str, int]) -> Command | None:
        """10.4: a unit far from the enemy enters strategic movement when that gets it
        further toward its goal (weighed on a scratch copy of the state)."""
        if not self.level.strategic or self.greedy or s.phase is not Phase.MOVEMENT or u in s.strategic:
            return None
        if self._near(s, other_side(side)).get(s.pos[u], 0) < 8:
            return None
        cmd = cm.EnterStrategic(u)
        t = _after(s, cmd)
        if t is None:
            return None
        goal = take if side == "German" and take else self._cached(s, "need", th.allied_need)
        if not goal:
            return None

        def best(st: GameState) -> int:
            try:
                d = movement.legal_destinations(st, (u,))
            except IllegalAction:
                return 99
            return min((goal.get(h, 99) for h in d), default=99)

        if best(t) + 3 < best(s):
            return cmd
        return None

    def _lookahead(self, s: GameState, u: str, side: str, scored: list, tg: evaluation.Targets) -> list:
        """Add half the change of the one-ply evaluation to each destination's local score."""
        out = []
        base = evaluation.score(s, side, tg)
        for sc, h, p in scored:
            t = _after(s, cm.Move(units=(u,), path=p))
            if t is not None:
                out.append((sc + 0.5 * (evaluation.score(t, side, tg) - base), h, p))
        out.sort(key=lambda x: (-x[0], x[1]))
        return out

    @staticmethod
    def _limit(s: GameState, u: str) -> int | None:
        from darkdec_qt.rules.opening import initial

        return initial.max_hexes(s, u)

    def _plan_words(self, s: GameState, side: str, tg: evaluation.Targets) -> str:
        town_at = {h: t for t, h in tg.towns.items()}
        if side == "German":
            goals = [town_at[h] for h in tg.german_take if h in town_at]
            near = engine.enemy_distance(s, "Allied")
            goals.sort(key=lambda t: near.get(tg.towns[t], 99))
            exits = [h for h in tg.german_take if h not in town_at]
            aim = ", ".join(goals[:3]) or ("the exits beyond the Meuse" if exits else "holding what we took")
            return f"{s.turn_code()}: German push toward {aim}" + (
                f"; exits at {', '.join(exits[:2])}" if exits and not goals else "")
        threatened = sorted(tg.allied_hold, key=lambda h: engine.enemy_distance(s, "German").get(h, 99))
        hold = ", ".join(town_at.get(h, h) for h in threatened[:3])
        retake = ", ".join(town_at.get(h, h) for h in tg.allied_take[:2])
        words = f"{s.turn_code()}: Allied line covering {hold or 'the rear'}"
        if retake:
            words += f"; counterattack toward {retake}"
        return words

    # --- combat ---------------------------------------------------------------------
    def _combat(self, s: GameState) -> Command | None:
        side = s.side
        tg = evaluation.targets(s)
        take = geo.distances(s.module, tg.take(side)) if tg.take(side) else {}
        if not self.greedy:  # 20.4: an air attack or an interdiction, where it helps most
            c = dc.air_mission(s, side, self._goal(s, other_side(side)) if side == "Allied" else {})
            if c is not None:
                return self._say(s, c, c.command.kind)
        cands = candidates(s, take, tg.towns, garrisons=not self.greedy)
        if not cands:
            return None
        if self.greedy:
            best = max(cands, key=lambda c: (c.p_win, c.target))
            return best.command if best.p_win >= 0.3 else None
        if self._may_look(s):
            t0 = time.perf_counter()
            cmd = self._fought_out(s, side, cands)
            self._looked(t0)
            return cmd
        best = cands[0]
        if best.value < self.level.battle_threshold:
            return None
        if self.narrate:
            self.pending_note = self._battle_words(s, best)
        return best.command

    def _may_look(self, s: GameState) -> bool:
        """Hard: battles are fought out on copies while this player's look budget for the
        current player turn (its own battles and its defence in the other's) lasts."""
        if not self.level.battle_samples:
            return False
        if self._look[0] != (s.turn, s.side):
            self._look = ((s.turn, s.side), 0.0)
        return self._look[1] < self.level.look_budget

    def _looked(self, t0: float) -> None:
        key, spent = self._look
        self._look = (key, spent + time.perf_counter() - t0)

    def _fought_out(self, s: GameState, side: str, cands: list[Candidate]) -> Command | None:
        """Hard: the best few battles by the CRT estimate are fought out on copies of the
        state (battle_look.py) and rated by the CRT estimate plus the mean gain of the
        evaluation after the battle (retreats blocked, towns entered, losses chosen). It
        attacks whenever normal would (the look orders those battles, it never vetoes
        one: the evaluation cannot value a retreat forced without losses) and also where
        the fought-out gain lifts a battle the CRT estimate undervalues over the threshold."""
        from darkdec_qt.ai.battle_look import expected_gain

        t = self.level.battle_threshold
        rated = []
        for c in cands[: self.level.battle_k]:
            if c.value < 0:
                break
            g = expected_gain(s, c.command, side, self.level.battle_samples)
            v = c.value + (g or 0.0)
            if c.value >= t or v >= t + 1.0:
                rated.append((v, g, c))
        if not rated:
            return None
        v, g, best = max(rated, key=lambda r: (r[0], r[2].target))
        if self.narrate:
            looked = f"; fought out {self.level.battle_samples} times: {g:+.1f}" if g is not None else ""
            self.pending_note = f"{self._battle_words(s, best)}{looked}"
        return best.command

    @staticmethod
    def _battle_words(s: GameState, c: Candidate) -> str:
        where = c.target
        return f"attack {where} at {c.odds} ({round(100 * c.p_win)}% to force it): {c.why}"

    def _battle_task(self, s: GameState) -> Command:
        opts = pending_commands(s)
        if not opts:
            return cm.EndPhase()
        if len(opts) == 1:
            return opts[0]
        if self.greedy:
            return opts[0]
        from darkdec_qt.ai.battle_look import battle_choice, fought_out_choice

        side, tg = decider(s), evaluation.targets(s)
        if self._may_look(s):
            t0 = time.perf_counter()
            cmd = fought_out_choice(s, opts, side, tg, self.level.battle_samples // 2)
            self._looked(t0)
            return cmd
        return battle_choice(s, opts, side, tg)  # all-out assault declined


def make_player(spec: str, seed: int | str = 0) -> Player:
    """``random``, ``greedy``, ``ai`` or ``ai:easy|normal|hard``."""
    if spec == "random":
        return RandomPlayer(seed)
    if spec == "greedy":
        return AIPlayer("normal", seed, greedy=True)
    if spec == "ai" or spec.startswith("ai:"):
        return AIPlayer(spec.partition(":")[2] or "normal", seed)
    raise ValueError(f"unknown player {spec!r}: random, greedy, ai:easy, ai:normal or ai:hard")

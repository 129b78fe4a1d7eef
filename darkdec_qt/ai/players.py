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

from darkdec_qt.ai import evaluation
from darkdec_qt.ai import geography as geo
from darkdec_qt.ai.base import LEVELS, Player, RandomPlayer, _after, _ok, _prestart, decider
from darkdec_qt.ai.battles import Candidate, candidates
from darkdec_qt.game.session import Game
from darkdec_qt.rules import commands as cm
from darkdec_qt.rules import engine, movement, reinforcements
from darkdec_qt.rules.combat_legal import pending_commands
from darkdec_qt.rules.commands import Command
from darkdec_qt.rules.errors import IllegalAction
from darkdec_qt.rules.notes import Note
from darkdec_qt.rules.phases import MOVING_PHASES, Phase, acting_side, other_side
from darkdec_qt.rules.state import GameState


class _Phase:
    """What the AI remembers within one phase: the units still to weigh, its plan note."""

    def __init__(self, key: tuple, todo: list[str]):
        self.key = key
        self.todo = todo
        self.noted = False
        self.tried: set[tuple] = set()
        self.moved: list[str] = []
        self.cache: dict[str, tuple[int, object]] = {}


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
        self._queued: Command | None = None
        self.think_times: list[tuple[int, str, float]] = []  # (turn, side, seconds) per player turn

    # --- entry point ---------------------------------------------------------------
    def choose(self, game: Game) -> Command:
        s = game.state
        if not s.started:
            return self._setup(s)
        if self._queued is not None:  # the command a note announced
            q, self._queued = self._queued, None
            if _ok(s, q):
                return q
        if s.displaced:  # 15.5D: a displaced leader's owner picks its hex before anything else
            return self._end(game)
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
                self._queued = cmd
                return note
        if cmd is not None:
            return cmd
        return self._end(game)

    def _end(self, game: Game) -> Command:
        s = game.state
        if _ok(s, cm.EndPhase()):
            return cm.EndPhase()
        from darkdec_qt.rules.registry import GENERATORS

        for gen in GENERATORS:  # what is owed first (10.8B withdrawals, 10.7.2C hold-offs, 8.7.1 fuel...)
            for cmd in gen(s, None):
                if _ok(s, cmd):
                    return cmd
        for cmd in engine.legal_commands(s):  # then anything the engine lists
            if cmd.kind != "end_phase" and _ok(s, cmd):
                return cmd
        return self.fallback.choose(game)

    def _setup(self, s: GameState) -> Command:
        from darkdec_qt.rules.variants import ChooseVictoryConditions

        if not self.greedy and "26.20A" not in s.triggers and s.vc_choice is None:
            cmd = ChooseVictoryConditions(choice="historical")  # 26.20A: the full objectives
            if _ok(s, cmd):
                return cmd
        return _prestart(s)

    # --- phases ---------------------------------------------------------------------
    def _supply(self, s: GameState) -> Command | None:
        if s.side == "German" and not self.greedy:
            from darkdec_qt.rules.variants import DeclareAirContention

            if _ok(s, DeclareAirContention()):  # 26.11A: take the Allied air away in clear weather
                return DeclareAirContention()
        return None

    def _replacements(self, s: GameState) -> Command | None:
        side = acting_side(s.side, s.phase)
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
        from darkdec_qt.rules import bridges

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
            if s.phase is Phase.SUPPLY or s.phase is Phase.MOVEMENT:
                self._turn_start = time.perf_counter()
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
        if s.phase is Phase.MOVEMENT:
            from darkdec_qt.rules.withdrawals import owed

            due = [cm.Withdraw(u) for u in owed(s)]
            if due:  # 10.8: the unit farthest from the enemy goes
                near = self._near(s, other_side(side))
                return max(due, key=lambda c: (near.get(s.pos.get(c.unit, ""), 99), c.unit))
        if s.phase is Phase.MOVEMENT:
            cmd = self._paradrop(s, side, take)
            if cmd is not None:
                return cmd
            cmd = self._reinforcement(s, side, take)
            if cmd is not None:
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
            cmd = self._strategic(s, u, side, tg, take) or self._best_move(s, u, side, tg, take)
            if cmd is not None:
                if cmd.kind == "enter_strategic":
                    ph.todo.insert(0, u)  # it moves next, at its strategic rate (10.4)
                ph.moved.append(u)
                if not ph.noted and self.narrate and s.phase is Phase.MOVEMENT:
                    ph.noted = True
                    self.pending_note = self._plan_words(s, side, tg)
                return cmd
        return None

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
        from darkdec_qt.rules import initial

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
            if side == "Allied":
                need = self._cached(s, "need", self._allied_need)
                hexes = sorted(hexes, key=lambda h: need.get(h, 99))
            elif take:
                hexes = sorted(hexes, key=lambda h: take.get(h, 99))
            for h in hexes[:3]:
                cmd = cm.EnterReinforcement(unit=u, path=(h,), strategic=False)
                if _ok(s, cmd):
                    return cmd
        return None

    def _allied_need(self, s: GameState) -> dict[str, int]:
        """March cost to the Allied-held objectives nearest the Germans (where the Allies
        need troops)."""
        tg = evaluation.targets(s)
        near = engine.enemy_distance(s, "German")
        exits = [h for h in geo.exit_hexes(s) if near.get(h, 99) <= 10]  # 29.0 A/B: bar the roads out
        threatened = [h for h in tg.allied_hold if near.get(h, 99) <= 8] + exits or list(tg.allied_hold) \
            or list(tg.allied_take) or list(tg.towns.values())
        return geo.distances(s.module, threatened)

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
        items = [(h, path) for h, (_c, path) in dests.items() if h != here]
        lim = self._limit(s, u)
        if lim is not None:
            items = [(h, p) for h, p in items if len(p) - 1 <= lim]
        if "26.13" in s.variants:
            from darkdec_qt.rules.montgomery import montgomery_withdrawal, withdrawal_move_problem

            if montgomery_withdrawal(s):
                items = [(h, p) for h, p in items if withdrawal_move_problem(s, (u,), p) is None]
        if not items:
            return None
        need = self._cached(s, "need", self._allied_need) if side == "Allied" else {}
        near = self._near(s, enemy)
        ctx = _Ctx(s, u, side, enemy, occ, tg, take, need, near)
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
        goal = take if side == "German" and take else self._cached(s, "need", self._allied_need)
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
        from darkdec_qt.rules import initial

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
        air = self._air(s, side)
        if air is not None:
            return air
        cands = candidates(s, take, tg.towns)
        if not cands:
            return None
        if self.greedy:
            best = max(cands, key=lambda c: (c.p_win, c.target))
            return best.command if best.p_win >= 0.3 else None
        best = cands[0]
        if best.value < self.level.battle_threshold:
            return None
        if self.narrate:
            self.pending_note = self._battle_words(s, best)
        return best.command

    def _air(self, s: GameState, side: str) -> Command | None:
        if self.greedy or s.battle is not None:
            return None
        from darkdec_qt.rules import airpower
        from darkdec_qt.rules import combat_commands as cc

        if airpower.missions(s, side) <= s.air_used.get(s.turn, 0):
            return None
        enemy = other_side(side)
        occ: dict[str, float] = {}
        for u in s.on_map(enemy):
            if not s.spec(u).is_leader:
                occ[s.pos[u]] = occ.get(s.pos[u], 0) + sum(s.strength(u)[:2])
        for h in sorted(occ, key=lambda h: (-occ[h], h))[:5]:
            cmd = cc.AirAttack(hex=h)
            if _ok(s, cmd):
                return cmd
        return None

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
        side = decider(s)
        if self.greedy:
            return opts[0]
        what = s.battle.task[0] if s.battle and s.battle.task else ""
        if what == "assault":
            return opts[0]  # decline: the extra step is rarely worth it
        tg = evaluation.targets(s)
        best, best_v = opts[0], None
        for cmd in opts[:24]:
            t = _after(s, cmd)
            if t is None:
                continue
            v = evaluation.score(t, side, tg)
            if best_v is None or v > best_v:
                best, best_v = cmd, v
        return best


class _Ctx:
    """The local score of a unit's destination: toward what its side must take, into
    objective towns, next to enemy units it can beat (Germany) or in front of the objectives
    the enemy threatens (the Allies), in good defensive terrain."""

    def __init__(self, s: GameState, u: str, side: str, enemy: str, occ: dict[str, str],
                 tg: evaluation.Targets, take: dict[str, int], need: dict[str, int], near: dict[str, int]):
        self.s, self.u, self.side, self.enemy, self.occ = s, u, side, enemy, occ
        self.tg, self.take, self.need, self.near = tg, take, need, near
        self.adj = s.module.adjacency
        self.town_hexes = set(tg.towns.values())
        if side == "Allied":  # the exits Germany's level A/B victories need are held like towns
            self.town_hexes |= set(geo.exit_hexes(s))
        occupancy = s.occupancy()
        self.garrison = {h: sum(1 for x in occupancy.get(h, ()) if x != u and not s.spec(x).is_leader)
                         for h in self.town_hexes}
        a, d, _ = s.strength(u)
        self.att, self.dfn = a, d
        self.enemy_def: dict[str, int] = {}
        for x in s.on_map(enemy):
            if not s.spec(x).is_leader:
                h = s.pos[x]
                self.enemy_def[h] = self.enemy_def.get(h, 0) + s.strength(x)[1]

    def score(self, h: str) -> float:
        s = self.s
        sc = 0.0
        if self.take:
            sc -= 1.0 * min(self.take.get(h, 40), 40)
            if h in self.tg.take(self.side):
                sc += 30.0
        adj_enemy = [n for n in self.adj.get(h, ()) if n in self.enemy_def]
        terrain = geo.TERRAIN_STEP.get(s.module.hexes[h].terrain, 2) + (2 if s.module.hexes[h].town else 0)
        if self.side == "German":
            for n in adj_enemy:
                d = self.enemy_def[n]
                if d <= self.att * 2:
                    sc += 3.0 + (6.0 if n in self.town_hexes else 0.0)
        else:
            if h in self.town_hexes and self.near.get(h, 99) <= 6:
                sc += 24.0 if self.garrison.get(h, 0) == 0 else (8.0 if self.garrison.get(h, 0) == 1 else 0.0)
            sc -= 0.6 * min(self.need.get(h, 40), 40)
            if adj_enemy:
                sc += 2.0 + 0.5 * terrain
                strong = sum(self.enemy_def.get(n, 0) for n in adj_enemy)
                if strong > 4 * max(1, self.dfn) and h not in self.town_hexes:
                    sc -= 4.0
            elif self.near.get(h, 99) == 2:
                sc += 3.0 + 0.5 * terrain
        return sc


def make_player(spec: str, seed: int | str = 0) -> Player:
    """``random``, ``greedy``, ``ai`` or ``ai:easy|normal|hard``."""
    if spec == "random":
        return RandomPlayer(seed)
    if spec == "greedy":
        return AIPlayer("normal", seed, greedy=True)
    if spec == "ai" or spec.startswith("ai:"):
        return AIPlayer(spec.partition(":")[2] or "normal", seed)
    raise ValueError(f"unknown player {spec!r}: random, greedy, ai:easy, ai:normal or ai:hard")

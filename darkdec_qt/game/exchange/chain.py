"""A verified chain of segments and the game it describes: every segment's signature, link,
revealed secret and commands checked (each command re-executed through the checked engine,
``engine.check``, as in live play), the dice of a pending command resolved by commit-reveal
(``fairdice``). The local player's draft is added on top by ``protocol.ExchangeGame``.
See docs/file-exchange.md.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from darkdec_qt.game.exchange import fairdice
from darkdec_qt.game.exchange.automatic import Plan, left, next_step, stamp
from darkdec_qt.game.exchange.decisions import decider, decision, owner
from darkdec_qt.game.exchange.errors import ExchangeError
from darkdec_qt.game.exchange.player import Me
from darkdec_qt.game.exchange.segment import parse
from darkdec_qt.game.exchange.signing import Signed, fingerprint, verify
from darkdec_qt.game.session import Batch, Game
from darkdec_qt.moduleview import Module
from darkdec_qt.rules import engine
from darkdec_qt.rules.core.commands import Command
from darkdec_qt.rules.core.dice import DicePending, DiceSource
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.events import Event
from darkdec_qt.rules.core.phases import other_side
from darkdec_qt.rules.core.state import GameState

Progress = Callable[[int, int], None]
"""Called before each segment is verified with (segments done, segments in all); it may raise
(ExchangeError kind ``cancelled``) to stop: a refused or stopped file leaves the game as it was."""

_BY = {"plan": "battle plan", "orders": "standing orders", "forced": "forced step"}
_BAD_INPUT = (KeyError, ValueError, TypeError, AttributeError, IndexError, RecursionError)

# initial states by set-up (building one places every unit: worth keeping within a process)
_INITIAL: dict[tuple[Any, ...], tuple[Module, GameState]] = {}


def _clone(g: Game) -> Game:
    c = Game.__new__(Game)
    c.module, c.initial, c.state, c.batches = g.module, g.initial, g.state.clone(), list(g.batches)
    return c


class Chain:
    """A verified chain of segments and the game it describes."""

    def __init__(self, module: Module):
        self.module = module
        self.segments: list[Signed] = []
        self.bodies: list[dict[str, Any]] = []
        self.game: Game | None = None
        self.keys: dict[str, str] = {}
        self.commits: dict[str, str] = {}
        self.counts: dict[str, int] = {"German": 0, "Allied": 0}
        self.orders: dict[str, dict[str, bool]] = {}
        self.pending: tuple[dict[str, Any], int, str] | None = None  # command, its segment, its nonce
        self.plans: dict[str, Plan] = {}  # the battle plans in force (``automatic``)
        self.me: Me | None = None
        self.draft: Game | None = None
        self.draft_batches: list[dict[str, Any]] = []
        self.draft_pending: Command | None = None
        self.draft_pending_forced = False  # the pending command is a forced step of the opponent's
        self.draft_plan: list[Command] | None = None  # the battle plan I made in the draft
        self._plans: dict[str, Plan] = {}  # the plans, as the draft uses them up
        self._by_hand = False  # the draft holds a command of mine given by hand
        self._chained: Callable[[], DiceSource] | None = None  # the dice of the draft's next chained step
        self.recheck = True
        self.last = True
        self.signatures = True


    @classmethod
    def from_segments(cls, module: Module, segments: list[Signed], *, recheck: bool = True,
                      signatures: bool = True, progress: Progress | None = None) -> Chain:
        """Verify a whole chain. ``recheck=False`` (the player's own local copy, each segment of which
        was fully verified when it was accepted): signatures, links, secrets and every segment's
        state hash are checked, but the recorded events are applied instead of re-executed."""
        xg = cls(module)
        xg.recheck = recheck
        xg.signatures = signatures  # False: the caller vouches for the chain (the owner's sealed local copy)
        for i, s in enumerate(segments):
            if progress is not None:
                progress(i, len(segments))
            xg.last = i == len(segments) - 1
            xg._accept(s)
        xg.recheck, xg.last, xg.signatures = True, True, True
        return xg

    @staticmethod
    def _new_game(module: Module, st: dict[str, Any], seq: int) -> Game:
        if st["module_hash"] != module.meta.content_hash:
            raise ExchangeError(f"segment {seq}: the game was set up on module {st['module_hash'][:12]} "
                                f"({st['module_name']}); the module at hand is {module.meta.content_hash[:12]}",
                                kind="tampered", segment=seq)
        if st["scenario"] not in module.scenarios:
            raise ExchangeError(f"segment {seq}: unknown scenario {st['scenario']!r}", kind="malformed", segment=seq)
        key = (id(module), st["scenario"], st["seed"], tuple(st["optional"]), tuple(st["variants"]), st["setup"])
        cached = _INITIAL.get(key)
        if cached is not None and cached[0] is module:
            g = Game.__new__(Game)
            g.module, g.initial, g.state, g.batches = module, cached[1], cached[1].clone(), []
            return g
        try:
            game = Game(module, st["scenario"], st["seed"], optional=tuple(st["optional"]),
                        variants=tuple(st["variants"]) or None, setup=st["setup"], start=False)
        except (IllegalAction, *_BAD_INPUT) as exc:
            raise ExchangeError(f"segment {seq}: the set-up cannot be played: {exc}", kind="malformed",
                                segment=seq) from None
        if game.state.to_place:
            raise ExchangeError(f"segment {seq}: a free set-up (6.0H) is not offered in file exchange",
                                kind="malformed", segment=seq)
        if len(_INITIAL) > 8:
            _INITIAL.clear()
        _INITIAL[key] = (module, game.initial)
        return game

    @property
    def game_id(self) -> str:
        return str(self.bodies[0]["game"])

    @property
    def setup(self) -> dict[str, Any]:
        return dict(self.bodies[0]["setup"])

    @property
    def creator(self) -> str:
        return str(self.bodies[0]["author"])

    def author_of(self, seq: int) -> str:
        return self.creator if seq % 2 == 0 else other_side(self.creator)

    def next_author(self) -> str:
        return self.author_of(len(self.segments))

    @property
    def state(self) -> GameState:
        """The live state: the local draft if one is open, else the verified game."""
        g = self.draft or self.game
        assert g is not None
        return g.state

    def copy(self) -> Chain:
        c = type(self)(self.module)
        c.segments, c.bodies = list(self.segments), list(self.bodies)
        c.game = _clone(self.game) if self.game is not None else None
        c.keys, c.commits, c.counts = dict(self.keys), dict(self.commits), dict(self.counts)
        c.orders = {k: dict(v) for k, v in self.orders.items()}
        c.pending = self.pending
        c.plans = self._live_plans()
        return c


    # --- verification ---------------------------------------------------------------------
    def _accept(self, signed: Signed) -> None:
        """Verify the next segment completely and apply it; raise ExchangeError naming the first bad item."""
        seq = len(self.segments)
        known = self.keys.get(self.author_of(seq)) if seq else None
        if known is not None and self.signatures:
            # the signature first, with the key already bound to the game: nothing unsigned is parsed or
            # executed; a failure is parsed (linear, bounded) only to name what is wrong
            try:
                verify(signed, known, seq)
            except ExchangeError:
                self._header(parse(signed, seq), seq)
                raise
        body = parse(signed, seq, sealed=not self.signatures)
        self._header(body, seq)
        if self.signatures and known is None:
            verify(signed, body["key"], seq)
        author = body["author"] if seq == 0 else self.author_of(seq)
        if self.counts[author]:
            if body["reveal"] is None or not fairdice.opens(body["reveal"], self.commits[author]):
                raise ExchangeError(f"segment {seq}: the revealed secret of the {author} player does not open the "
                                    f"commitment made in their previous segment", segment=seq)
        elif body["reveal"] is not None:
            raise ExchangeError(f"segment {seq}: reveals a secret that was never committed", segment=seq)
        if seq == 0:
            self.game = self._new_game(self.module, body["setup"], 0)
            if body["batches"] or body["pending"] is not None:
                raise ExchangeError("segment 0 (the invitation) may carry no command", kind="malformed", segment=0)
        assert self.game is not None
        self._run(body, seq, author)
        self.segments.append(signed)
        self.bodies.append(body)
        self.keys.setdefault(author, body["key"])
        self.commits[author] = body["commit"]
        self.counts[author] += 1
        self.orders[author] = dict(body["orders"])
        own = [self._command(d, seq, f"plan {n}") for n, d in enumerate(body.get("plan", []))]
        rest = [self._command(d, seq, f"plan {n}") for n, d in enumerate(body.get("plan_left", []))]
        other = self.plans.get(other_side(author))
        self.plans = {}
        if own:
            self.plans[author] = Plan(author, stamp(self.game.state), own)
        if rest and other is not None:
            self.plans[other.side] = Plan(other.side, other.moment, rest)

    def _header(self, body: dict[str, Any], seq: int) -> None:
        """The checks of a segment's header against the chain held: number, game, author, link, key."""
        if body["seq"] != seq:
            raise ExchangeError(f"segment {seq}: found segment {body['seq']} in its place: segments deleted or "
                                "reordered", kind="tampered", segment=seq)
        if seq and body["game"] != self.game_id:
            raise ExchangeError(f"segment {seq} belongs to another game ({body['game'][:8]}), not {self.game_id[:8]}",
                                kind="other_game", segment=seq)
        author = body["author"] if seq == 0 else self.author_of(seq)
        if body["author"] != author:
            raise ExchangeError(f"segment {seq}: claims to be by the {body['author']} player, but the {author} "
                                "player writes it (segments alternate): appended or reordered", segment=seq)
        if seq and body["prev"] != self.segments[-1].digest:
            raise ExchangeError(f"segment {seq} does not follow segment {seq - 1} (its link names another "
                                "predecessor): deleted, reordered or from another branch", segment=seq)
        if author in self.keys and body["key"] != self.keys[author]:
            raise ExchangeError(f"segment {seq} is signed by the foreign key {fingerprint(body['key'])}, not the "
                                f"{author} player's key {fingerprint(self.keys[author])} bound to this game",
                                kind="forged", segment=seq)
        if seq == 1 and body["key"] == self.keys.get(self.creator):
            raise ExchangeError("segment 1: both players cannot use the same key", kind="forged", segment=seq)

    def _run(self, body: dict[str, Any], seq: int, author: str) -> None:
        game = self.game
        assert game is not None
        batches = body["batches"]
        start = 0
        if self.pending is not None:
            cmd_d, pseq, pnonce = self.pending
            if not batches or batches[0]["by"] != "resolve" or batches[0]["command"] != cmd_d:
                raise ExchangeError(f"segment {seq}: does not begin by resolving the pending command of segment "
                                    f"{pseq}", segment=seq)
            self._replay(game, batches[0], fairdice.resolving(self.game_id, pseq, pnonce, body["reveal"]), seq, 0)
            start = 1
        chain = self._chain(body, seq)
        plan = self._live_plans()
        for i in range(start, len(batches)):
            b = batches[i]
            if b["by"] == "resolve":
                raise ExchangeError(f"segment {seq}, command {i}: resolves nothing pending", segment=seq)
            if not self.recheck:  # the owner's local copy: every segment was verified when it was accepted
                self._replay(game, b, fairdice.unseen, seq, i)
                continue
            st = game.state
            who = decider(st)
            if chain is not None:
                dice = chain(i + 1 - start)
                step = next_step(st, author, self.orders, plan, dice)
                if step is not None:
                    if b["by"] != step.by or b["command"] != step.cmd.to_dict():
                        raise ExchangeError(f"segment {seq}, command {i}: after the revealed secret the automatic steps "
                                            f"run until a player must decide, and here the automatic step is the {who} "
                                            f"player's {step.cmd.kind} ({_BY[step.by]}), not this "
                                            f"{b['command'].get('kind')} ({b['by']})",
                                            kind="out_of_turn", segment=seq)
                    self._replay(game, b, dice, seq, i)
                    continue
                chain = None
            note = b["by"] == "self" and _is_note(b["command"])  # a note changes nothing: at any time
            if (who != author or b["by"] != "self") and not note:
                self._check_automatic(b, st, who, author, plan, seq, i)
            else:
                mine = owner(st, self._command(b["command"], seq, i))
                if mine is not None and mine != author:
                    raise ExchangeError(f"segment {seq}, command {i}: the {author} player gave the {mine} player's "
                                        "choice", kind="out_of_turn", segment=seq)
            self._replay(game, b, fairdice.unseen, seq, i)
        if self.recheck and body["pending"] is None and not game.state.game_over and (
                chain is not None or decider(game.state) != author):
            dice = chain(len(batches) + 1 - start) if chain is not None else None
            step = next_step(game.state, author, self.orders, plan, dice)
            if step is not None and (chain is not None or body["v"] >= 2):
                raise ExchangeError(f"segment {seq}: stops before the automatic steps are done: the "
                                    f"{decider(game.state)} player's {step.cmd.kind} ({_BY[step.by]}) is next",
                                    kind="out_of_turn", segment=seq)
        if self.recheck and [c.to_dict() for c in left(plan.get(other_side(author)), game.state)] != body.get(
                "plan_left", []):
            raise ExchangeError(f"segment {seq}: what it says is left of the {other_side(author)} player's battle plan "
                                "is not what its commands leave", segment=seq)
        self.pending = None
        if body["pending"] is not None:
            if seq == 0:
                raise ExchangeError("segment 0 may not leave a command pending", kind="malformed", segment=0)
            who = decider(game.state)
            step = next_step(game.state, author, self.orders, plan, None) if self.recheck and who != author else None
            if who != author and self.recheck and (step is None or step.events is not None
                                                   or step.cmd.to_dict() != body["pending"]):
                raise ExchangeError(f"segment {seq}: leaves a command pending when the {decider(game.state)} player "
                                    "must decide", kind="out_of_turn", segment=seq)
            cmd = self._command(body["pending"], seq, len(batches))
            if not self.recheck:
                self.pending = (body["pending"], seq, body["nonce"])
                return
            try:
                engine.check(game.state, cmd, dice=fairdice.unseen)
            except DicePending:
                pass
            except (IllegalAction, *_BAD_INPUT) as exc:
                raise ExchangeError(f"segment {seq}, pending command ({cmd.kind}): is illegal: {exc}",
                                    segment=seq) from None
            else:
                raise ExchangeError(f"segment {seq}, pending command ({cmd.kind}): needs no die, so it may not be "
                                    "left pending", segment=seq)
            try:
                engine.check(game.state, cmd)  # legality with any dice (the seeded ones)
            except (IllegalAction, *_BAD_INPUT) as exc:
                raise ExchangeError(f"segment {seq}, pending command ({cmd.kind}): is illegal: {exc}",
                                    segment=seq) from None
            self.pending = (body["pending"], seq, body["nonce"])
        elif seq and not game.state.game_over and decider(game.state) == author:
            raise ExchangeError(f"segment {seq}: ends while its author, the {author} player, still must decide "
                                f"({decision(game.state)})", kind="malformed", segment=seq)
        if not self.recheck and not self.last:
            return  # a signed segment of the local copy: its state is checked once, at the end
        if body["state_hash"] == game.state.state_hash() and body["turn"] != game.state.turn:
            raise ExchangeError(f"segment {seq}: claims game turn {body['turn']!r}, but its commands end in game turn "
                                f"{game.state.turn}", segment=seq)
        if body["state_hash"] != game.state.state_hash() or body["turn"] != game.state.turn:
            raise ExchangeError(f"segment {seq}: the state it claims ({body['state_hash'][:12]}) is not the state its "
                                f"commands give ({game.state.state_hash()[:12]})", segment=seq)

    def _chain(self, body: dict[str, Any], seq: int) -> Callable[[int], DiceSource] | None:
        """The chained dice of a segment (``automatic``): from protocol version 2, when its author
        reveals a secret, against the nonce of the segment before."""
        if body["v"] < 2 or body["reveal"] is None or not seq:
            return None
        game, nonce, reveal = self.game_id, self.bodies[seq - 1]["nonce"], body["reveal"]
        return lambda k: fairdice.chained(game, seq - 1, k, nonce, reveal)

    def _live_plans(self) -> dict[str, Plan]:
        """The battle plans in force, for the next segment (copies: they are used up)."""
        return {s: Plan(p.side, p.moment, list(p.entries)) for s, p in self.plans.items()}

    def _check_automatic(self, b: dict[str, Any], st: GameState, who: str, author: str, plan: dict[str, Plan],
                         seq: int, i: int) -> None:
        """A command given while the other side decides must be the automatic step, exactly (after the
        chain, the author's own moments are never automatic)."""
        step = next_step(st, author, self.orders, plan, None) if who != author else None
        if step is not None and step.events is not None and b["by"] == step.by and b["command"] == step.cmd.to_dict():
            return
        if b["by"] == "self":
            raise ExchangeError(f"segment {seq}, command {i}: the {author} player gave a command when the {who} "
                                f"player must decide ({decision(st)})", kind="out_of_turn", segment=seq)
        if b["by"] == "orders":
            raise ExchangeError(f"segment {seq}, command {i}: is not what the {who} player's standing orders give "
                                f"here", segment=seq)
        if b["by"] == "plan":
            raise ExchangeError(f"segment {seq}, command {i}: is not the next step of the {who} player's battle plan "
                                f"here ({decision(st)})", kind="out_of_turn", segment=seq)
        raise ExchangeError(f"segment {seq}, command {i}: is not a forced step of the {who} player here "
                            f"({decision(st)})", kind="out_of_turn", segment=seq)

    @staticmethod
    def _command(d: dict[str, Any], seq: int, i: int | str) -> Command:
        try:
            return Command.from_dict(d)
        except _BAD_INPUT as exc:
            raise ExchangeError(f"segment {seq}, command {i}: is malformed: {exc}", kind="malformed",
                                segment=seq) from None

    def _replay(self, game: Game, b: dict[str, Any], dice: DiceSource, seq: int, i: int) -> None:
        cmd = self._command(b["command"], seq, i)
        where = f"segment {seq}, command {i} ({cmd.kind})"
        if not self.recheck:
            self._apply_recorded(game, cmd, b["events"], where, seq)
            return
        try:
            produced = engine.check(game.state, cmd, dice=dice)
        except DicePending as exc:
            raise ExchangeError(f"{where}: rolls a die ({exc.purpose}) that no commit-reveal covers; it should have "
                                "been left pending", segment=seq) from None
        except (IllegalAction, *_BAD_INPUT) as exc:
            raise ExchangeError(f"{where}: is illegal: {exc}", segment=seq) from None
        stored = b["events"]
        for k, e in enumerate(produced):
            d = e.to_dict()
            if k >= len(stored) or d != stored[k]:
                rec = stored[k] if k < len(stored) else "nothing"
                raise ExchangeError(f"{where}, event {k}: does not reproduce: recorded {rec}, the engine gives {d}",
                                    segment=seq)
        if len(stored) != len(produced):
            raise ExchangeError(f"{where}, event {len(produced)}: recorded but not produced by the engine",
                                segment=seq)
        from darkdec_qt.rules.core.apply import apply

        for e in produced:
            apply(game.state, e)
        game.batches.append(Batch(cmd, list(produced)))

    @staticmethod
    def _apply_recorded(game: Game, cmd: Command, stored: list[dict[str, Any]], where: str, seq: int) -> None:
        from darkdec_qt.rules.core.apply import apply

        try:
            events = [Event.from_dict(d) for d in stored]
            for e in events:
                apply(game.state, e)
        except _BAD_INPUT as exc:
            raise ExchangeError(f"{where}: its events cannot be applied: {exc}", segment=seq) from None
        game.batches.append(Batch(cmd, events))

    # --- receiving ------------------------------------------------------------------------
    def receive(self, rows: list[tuple[int, Signed]], progress: Progress | None = None) -> list[int]:
        """Take the segments of a received file; returns the new segment numbers. Refuses (leaving this
        game unchanged) an older file, a file of another game, a fork or equivocation, and any bad segment."""
        if not rows or rows[0][0] != 0:
            raise ExchangeError("the file has no invitation (segment 0)", kind="malformed", segment=0)
        if rows[0][1] != self.segments[0]:
            head = parse(rows[0][1], 0)
            if head["game"] != self.game_id:
                raise ExchangeError(f"this file belongs to another game ({head['game'][:8]}), "
                                    f"not to game {self.game_id[:8]}",
                                    kind="other_game", segment=0)
            self._diverged(0, rows[0][1])
        for (a, _), (b, _) in zip(rows[1:], rows[2:]):
            if b != a + 1:
                raise ExchangeError(f"segment {a + 1} is missing from the file (it jumps from {a} to {b})",
                                    kind="tampered", segment=a + 1)
        held = len(self.segments)
        if len(rows) > 1 and rows[1][0] > held:
            raise ExchangeError(f"segment {held} is missing from the file (it begins at {rows[1][0]}): a file was "
                                "skipped or lost; ask your opponent to send the whole game "
                                "(darkdec exchange send GAME --full, or File > Send with the whole game)",
                                kind="tampered", segment=held)
        for n, s in rows[1:]:
            if n < held and s != self.segments[n]:
                self._diverged(n, s)
        new = [(n, s) for n, s in rows if n >= held]
        if not new:
            raise ExchangeError(f"an older file: it ends at segment {rows[-1][0]}, and this game already holds "
                                f"segments up to {held - 1}; nothing new", kind="replayed", segment=rows[-1][0])
        trial = self.copy()
        for k, (_n, s) in enumerate(new):
            if progress is not None:
                progress(k, len(new))
            trial._accept(s)
        self.__dict__.update({k: v for k, v in trial.__dict__.items()
                              if k not in ("me", "draft", "draft_batches", "draft_pending", "draft_plan", "_plans", "_by_hand", "_chained")})
        return [n for n, _ in new]

    def receive_first(self, rows: list[tuple[int, Signed]], progress: Progress | None = None) -> None:
        """The first file of a game (the invitation, or a whole game): verify every segment."""
        for n, s in rows:
            if n != len(self.segments):
                raise ExchangeError(f"segment {len(self.segments)} is missing from the file", kind="tampered",
                                    segment=len(self.segments))
            if progress is not None:
                progress(n, len(rows))
            self._accept(s)

    def _diverged(self, n: int, s: Signed) -> None:
        held = self.bodies[n]
        author = held["author"]
        try:
            verify(s, self.keys[author], n)
        except ExchangeError:
            raise ExchangeError(f"segment {n} differs from the one this game holds and is not signed by its "
                                f"author, the {author} player: altered", kind="tampered", segment=n) from None
        err = ExchangeError(f"equivocation: the {author} player signed two different versions of segment {n} "
                            "(two continuations of the same moment)", kind="equivocation", segment=n,
                            versions=(self.segments[n].raw, s.raw))
        err.signed = (self.segments[n], s, self.keys[author])  # the proof: both versions verify with one key
        raise err


def _is_note(d: Any) -> bool:
    """A player's note (rules/core/notes.py): it changes nothing, so its author may write it whoever
    decides; ``owner`` still refuses one written in the other player's name."""
    return isinstance(d, dict) and d.get("kind") == "note"

"""The file-exchange game: a chain of signed segments, verified by re-executing every command
through the checked engine (the same ``engine.check`` as live play), with the dice of each
pending command resolved by commit-reveal (``fairdice``). See docs/file-exchange.md.

Segment 0 (the invitation) carries the set-up, the creator's key and first commitment, and no
command. Segments then alternate between the players. A segment ends when the decision passes
to the other player, at a command that needs a die (it is left *pending* and resolved first
thing in the other player's next segment), or at the end of the game.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from darkdec_qt.game.exchange import fairdice
from darkdec_qt.game.exchange.errors import ExchangeError
from darkdec_qt.game.exchange.forced import forced_command
from darkdec_qt.game.exchange.orders import standing_command
from darkdec_qt.game.exchange.segment import VERSION, parse
from darkdec_qt.game.exchange.signing import Signed, fingerprint, public_hex, sign, verify
from darkdec_qt.game.session import Batch, Game
from darkdec_qt.moduleview import Module
from darkdec_qt.rules import engine
from darkdec_qt.rules.combat.procedure import deciding_side
from darkdec_qt.rules.core.commands import Command
from darkdec_qt.rules.core.dice import DicePending, DiceSource
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.events import Event
from darkdec_qt.rules.core.phases import Phase, acting_side, other_side
from darkdec_qt.rules.core.state import GameState

Progress = Callable[[int, int], None]
"""Called before each segment is verified with (segments done, segments in all); it may raise
(ExchangeError kind ``cancelled``) to stop: a refused or stopped file leaves the game as it was."""

_BAD_INPUT = (KeyError, ValueError, TypeError, AttributeError, IndexError, RecursionError)

TASKS = {"declare": "defender's declaration", "resolve": "resolve the battle", "result": "choose the battle result",
         "retreat": "choose a retreat", "mandatory": "choose the bracketed losses", "ff_def": "choose losses",
         "ff_att": "choose losses", "ca": "counterattack or not", "advance": "advance after combat or not",
         "assault": "all-out assault or not", "air_loss": "choose the air attack loss"}


# initial states by set-up (building one places every unit: worth keeping within a process)
_INITIAL: dict[tuple[Any, ...], tuple[Module, GameState]] = {}


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
    leader): only that side may give it, whoever acts."""
    if cmd.kind == "choose_fuel_division":
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


@dataclass
class Me:
    """The local player: side, signing key, the per-game master secret (it seals the local copy),
    standing orders, and the secret behind each of its commitments (``secrets[m]``: the ``m``-th,
    hex). A fresh random secret is drawn for every commitment and kept with the game, so a home
    restored from a backup commits new secrets, never ones the opponent has seen opened.
    ``secrets=None``: a game begun before that, whose secrets derive from the master."""

    side: str
    key: Ed25519PrivateKey
    master: bytes
    orders: dict[str, bool] = field(default_factory=dict)
    secrets: dict[int, str] | None = None

    def secret(self, game: str, m: int) -> str | None:
        """The secret behind my ``m``-th commitment, None when this copy of the game does not hold it."""
        if self.secrets is None:
            return fairdice.secret(self.master, game, m)
        return self.secrets.get(m)

    def commit(self, game: str, m: int) -> str:
        """Draw the fresh secret of my ``m``-th commitment; its commitment."""
        if self.secrets is None:
            return fairdice.commitment(fairdice.secret(self.master, game, m))
        self.secrets[m] = fairdice.fresh()
        return fairdice.commitment(self.secrets[m])


def _clone(g: Game) -> Game:
    c = Game.__new__(Game)
    c.module, c.initial, c.state, c.batches = g.module, g.initial, g.state.clone(), list(g.batches)
    return c


class ExchangeGame:
    """A verified chain of segments, the game it describes, and the local player's draft."""

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
        self.me: Me | None = None
        self.draft: Game | None = None
        self.draft_batches: list[dict[str, Any]] = []
        self.draft_pending: Command | None = None
        self.draft_pending_forced = False  # the pending command is a forced step of the opponent's
        self.recheck = True
        self.last = True
        self.signatures = True

    # --- creating and reading ---------------------------------------------------------
    @classmethod
    def create(cls, module: Module, me: Me, game_id: str, scenario: str, optional: tuple[str, ...] = (),
               variants: tuple[str, ...] = (), setup: str = "auto") -> ExchangeGame:
        """The invitation (segment 0): set-up, the creator's key and first commitment."""
        body = {"v": VERSION, "game": game_id, "seq": 0, "prev": "", "author": me.side, "key": public_hex(me.key),
                "reveal": None, "commit": me.commit(game_id, 0), "nonce": fairdice.fresh(), "orders": dict(me.orders), "batches": [],
                "pending": None, "turn": 0, "state_hash": "", "time": int(time.time()),
                "setup": {"scenario": scenario, "seed": game_id, "optional": sorted(optional),
                          "variants": sorted(variants), "setup": setup, "module_hash": module.meta.content_hash,
                          "module_name": module.meta.name}}
        game = cls._new_game(module, body["setup"], 0)
        body["turn"], body["state_hash"] = game.state.turn, game.state.state_hash()
        xg = cls(module)
        xg._accept(sign(body, me.key))
        return xg

    @classmethod
    def from_segments(cls, module: Module, segments: list[Signed], *, recheck: bool = True,
                      signatures: bool = True, progress: Progress | None = None) -> ExchangeGame:
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

    def copy(self) -> ExchangeGame:
        c = ExchangeGame(self.module)
        c.segments, c.bodies = list(self.segments), list(self.bodies)
        c.game = _clone(self.game) if self.game is not None else None
        c.keys, c.commits, c.counts = dict(self.keys), dict(self.commits), dict(self.counts)
        c.orders = {k: dict(v) for k, v in self.orders.items()}
        c.pending = self.pending
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
        body = parse(signed, seq)
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
        for i in range(start, len(batches)):
            b = batches[i]
            st = game.state
            who = decider(st)
            if b["by"] == "resolve":
                raise ExchangeError(f"segment {seq}, command {i}: resolves nothing pending", segment=seq)
            if b["by"] == "self" and who != author:
                raise ExchangeError(f"segment {seq}, command {i}: the {author} player gave a command when the {who} "
                                    f"player must decide ({decision(st)})", kind="out_of_turn", segment=seq)
            if b["by"] == "self":
                mine = owner(st, self._command(b["command"], seq, i))
                if mine is not None and mine != author:
                    raise ExchangeError(f"segment {seq}, command {i}: the {author} player gave the {mine} player's "
                                        "choice", kind="out_of_turn", segment=seq)
            if b["by"] == "forced" and self.recheck:
                want = forced_command(st, who) if who not in (None, author) else None
                if want is None or want.to_dict() != b["command"]:
                    raise ExchangeError(f"segment {seq}, command {i}: is not a forced step of the {who} player "
                                        f"here ({decision(st)})", kind="out_of_turn", segment=seq)
            if b["by"] == "orders" and self.recheck:
                other = other_side(author)
                want = standing_command(st, self.orders.get(other, {}), other) if who == other else None
                if want is None or want.to_dict() != b["command"]:
                    raise ExchangeError(f"segment {seq}, command {i}: is not what the {other} player's standing "
                                        "orders give here", segment=seq)
            self._replay(game, b, fairdice.unseen, seq, i)
        self.pending = None
        if body["pending"] is not None:
            if seq == 0:
                raise ExchangeError("segment 0 may not leave a command pending", kind="malformed", segment=0)
            who = decider(game.state)
            forced = forced_command(game.state, who) if who not in (None, author) else None
            if who != author and (forced is None or forced.to_dict() != body["pending"]):
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

    @staticmethod
    def _command(d: dict[str, Any], seq: int, i: int) -> Command:
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
                              if k not in ("me", "draft", "draft_batches", "draft_pending")})
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

    # --- the local player's segment -------------------------------------------------------
    def begin(self, me: Me) -> None:
        """Open the local draft: resolve the opponent's pending command with my next secret, then
        apply the opponent's standing orders where they decide."""
        if self.next_author() != me.side:
            raise ExchangeError(f"waiting for the {self.next_author()} player's file", kind="out_of_turn")
        if me.side in self.keys and public_hex(me.key) != self.keys[me.side]:
            raise ExchangeError(f"this game is bound to another {me.side} key ({fingerprint(self.keys[me.side])})",
                                kind="forged")
        assert self.game is not None
        self.me, self.draft, self.draft_batches, self.draft_pending = me, _clone(self.game), [], None
        self.draft_pending_forced = False
        if self.pending is not None:
            cmd_d, pseq, pnonce = self.pending
            cmd = Command.from_dict(cmd_d)
            dice = fairdice.resolving(self.game_id, pseq, pnonce, self._reveal() or "")
            self._draft_exec(cmd, "resolve", dice)
        self._standing()

    def _reveal(self) -> str | None:
        assert self.me is not None
        m = self.counts[self.me.side]
        if not m:
            return None
        secret = self.me.secret(self.game_id, m - 1)
        if secret is None:
            seq = max(i for i, b in enumerate(self.bodies) if b["author"] == self.me.side)
            raise ExchangeError(f"the secret behind your commitment in segment {seq} is not in this copy of the game: "
                                "it is older than the last file you sent (restored from a backup, or copied from "
                                "another computer). Put back the newer copy of the game folder to play on; this copy "
                                "cannot open that commitment", kind="restored", segment=seq)
        return secret

    def _draft_exec(self, cmd: Command, by: str, dice: DiceSource) -> list[Event]:
        assert self.draft is not None
        events = engine.check(self.draft.state, cmd, dice=dice)
        from darkdec_qt.rules.core.apply import apply

        for e in events:
            apply(self.draft.state, e)
        self.draft.batches.append(Batch(cmd, list(events)))
        self.draft_batches.append({"by": by, "command": cmd.to_dict(), "events": [e.to_dict() for e in events]})
        return events

    def _standing(self) -> None:
        assert self.draft is not None and self.me is not None
        while not self.draft.state.game_over and self.draft_pending is None:
            who = decider(self.draft.state)
            if who is None or who == self.me.side:
                return
            cmd = standing_command(self.draft.state, self.orders.get(who, {}), who)
            if cmd is not None:
                try:
                    engine.check(self.draft.state, cmd, dice=fairdice.unseen)
                except (DicePending, IllegalAction):
                    cmd = None
                else:
                    self._draft_exec(cmd, "orders", fairdice.unseen)
                    continue
            cmd = forced_command(self.draft.state, who)
            if cmd is None:
                return
            try:
                self._draft_exec(cmd, "forced", fairdice.unseen)
            except DicePending:  # the die is the other side's to resolve, as for its own command
                self.draft_pending, self.draft_pending_forced = cmd, True
            except IllegalAction:
                return

    def can_play(self) -> bool:
        return (self.draft is not None and self.me is not None and self.draft_pending is None
                and len(self.segments) > 0 and decider(self.draft.state) == self.me.side)

    def play(self, cmd: Command) -> list[Event]:
        """The local player's command: executed when it needs no die; else checked and left pending
        (the segment must then be sent). Raises IllegalAction (the engine's refusal)."""
        if self.draft is None or self.me is None:
            raise ExchangeError(f"waiting for the {self.next_author()} player's file", kind="out_of_turn")
        if self.draft_pending is not None:
            raise IllegalAction("a command waits for its die: send the file to the opponent", rule="file exchange")
        who = decider(self.draft.state)
        if who != self.me.side:
            raise IllegalAction(f"the {who} player decides now ({decision(self.draft.state)})", rule="file exchange")
        mine = owner(self.draft.state, cmd)
        if mine is not None and mine != self.me.side:
            raise IllegalAction(f"this is the {mine} player's choice", rule="file exchange")
        try:
            events = self._draft_exec(cmd, "self", fairdice.unseen)
        except DicePending:
            engine.check(self.draft.state, cmd)  # legal whatever the die (raises IllegalAction)
            self.draft_pending = cmd
            return []
        self._standing()
        return events

    def must_send(self) -> bool:
        if self.draft is None or self.me is None:
            return False
        return (self.draft_pending is not None or self.draft.state.game_over
                or decider(self.draft.state) != self.me.side)

    def seal(self) -> Signed:
        """Sign the local draft as the next segment, verify it as the opponent will, and close it."""
        if self.draft is None or self.me is None:
            raise ExchangeError("no segment is open", kind="out_of_turn")
        if not self.must_send():
            raise ExchangeError(f"you still must decide: {decision(self.draft.state)}", kind="out_of_turn")
        me, seq = self.me, len(self.segments)
        st = self.draft.state
        body = {"v": VERSION, "game": self.game_id, "seq": seq, "prev": self.segments[-1].digest, "author": me.side,
                "key": public_hex(me.key), "reveal": self._reveal(),
                "commit": me.commit(self.game_id, self.counts[me.side]), "nonce": fairdice.fresh(),
                "orders": dict(me.orders),
                "batches": self.draft_batches,
                "pending": self.draft_pending.to_dict() if self.draft_pending is not None else None,
                "turn": st.turn, "state_hash": st.state_hash(), "time": int(time.time())}
        signed = sign(body, me.key)
        self._accept(signed)
        self.draft, self.draft_batches, self.draft_pending = None, [], None
        return signed

    # --- status ---------------------------------------------------------------------------
    def waiting(self, viewer: str, now: float | None = None) -> tuple[str, float] | None:
        """Who has been waiting since when (seconds since 1970), by the signed creation time of the
        last segment: ``viewer``'s opponent waits for ``viewer`` when the next segment is ``viewer``'s,
        else ``viewer`` waits. None when the game is over or the last segment carries no time."""
        if not self.bodies or self.state.game_over and self.draft is None:
            return None
        t = self.bodies[-1].get("time")
        if not isinstance(t, int):
            return None
        nxt = self.next_author()
        return (other_side(nxt), float(t))

    def status(self, viewer: str) -> str:
        """Whose move it is and what they must decide, for the player ``viewer``."""
        st = self.state
        if st.game_over:
            return "the game is over" + ("; send the last file to your opponent" if self.draft is not None else "")
        if self.draft is not None and self.me is not None and self.me.side == viewer:
            if self.draft_pending is not None:
                return (f"send the file to the {other_side(viewer)} player: your {self.draft_pending.kind.replace('_', ' ')}"
                        " needs their secret for its die")
            who = decider(st)
            if who != viewer and len(self.segments) == 1 and not self.draft_batches:
                return (f"send the file to the {who} player: it binds your key and commits your first secret, "
                        f"which the dice of their first commands need; they must decide ({decision(st)})")
            if who != viewer:
                return f"send the file to the {who} player: they must decide ({decision(st)})"
            return f"your move ({viewer}): {decision(st)}"
        nxt = self.next_author()
        if nxt == viewer:
            return f"your move ({viewer}): open the file to continue"
        if self.pending is not None:
            kind = str(self.pending[0].get("kind", "command")).replace("_", " ")
            return f"waiting for the {nxt} player: their file reveals the die of your {kind}"
        who = decider(st) or nxt
        if who != nxt:
            return f"waiting for the {nxt} player's file"
        return f"waiting for the {nxt} player: {decision(st)}"


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

from darkdec_qt.game.exchange import fairdice
from darkdec_qt.game.exchange.automatic import left, next_step, plan_refusal
from darkdec_qt.game.exchange.chain import Chain, Progress, _clone
from darkdec_qt.game.exchange.decisions import TASKS, decider, decision, owner
from darkdec_qt.game.exchange.errors import ExchangeError
from darkdec_qt.game.exchange.player import Me
from darkdec_qt.game.exchange.segment import VERSION
from darkdec_qt.game.exchange.signing import Signed, fingerprint, public_hex, sign
from darkdec_qt.game.session import Batch
from darkdec_qt.moduleview import Module
from darkdec_qt.rules import engine
from darkdec_qt.rules.core.commands import Command
from darkdec_qt.rules.core.dice import DicePending, DiceSource
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.events import Event
from darkdec_qt.rules.core.phases import other_side

__all__ = ["TASKS", "Chain", "ExchangeGame", "Me", "Progress", "decider", "decision", "owner"]  # who decides: decisions


class ExchangeGame(Chain):
    """A verified chain of segments, the game it describes, and the local player's draft."""

    # --- creating and reading ---------------------------------------------------------
    @classmethod
    def create(cls, module: Module, me: Me, game_id: str, scenario: str, optional: tuple[str, ...] = (),
               variants: tuple[str, ...] = (), setup: str = "auto") -> ExchangeGame:
        """The invitation (segment 0): set-up, the creator's key and first commitment."""
        body = {"v": VERSION, "game": game_id, "seq": 0, "prev": "", "author": me.side, "key": public_hex(me.key),
                "reveal": None, "commit": me.commit(game_id, 0), "nonce": fairdice.fresh(), "orders": dict(me.orders), "batches": [],
                "pending": None, "plan": [], "plan_left": [], "turn": 0, "state_hash": "", "time": int(time.time()),
                "setup": {"scenario": scenario, "seed": game_id, "optional": sorted(optional),
                          "variants": sorted(variants), "setup": setup, "module_hash": module.meta.content_hash,
                          "module_name": module.meta.name}}
        game = cls._new_game(module, body["setup"], 0)
        body["turn"], body["state_hash"] = game.state.turn, game.state.state_hash()
        xg = cls(module)
        xg._accept(sign(body, me.key))
        return xg

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
        self.draft_plan, self._plans, self._chained, self._by_hand = None, self._live_plans(), None, False
        if self.pending is not None:
            cmd_d, pseq, pnonce = self.pending
            cmd = Command.from_dict(cmd_d)
            dice = fairdice.resolving(self.game_id, pseq, pnonce, self._reveal() or "")
            self._draft_exec(cmd, "resolve", dice)
        if self.counts[me.side] and len(self.segments) > 1:
            try:
                reveal = self._reveal()
            except ExchangeError:
                reveal = None  # a restored home: sealing says what happened
            if reveal is not None:
                seq, nonce, start = len(self.segments) - 1, self.bodies[-1]["nonce"], len(self.draft_batches)
                self._chained = lambda: fairdice.chained(self.game_id, seq, len(self.draft_batches) - start + 1,
                                                         nonce, reveal)
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
        return self._record(cmd, by, engine.check(self.draft.state, cmd, dice=dice))

    def _record(self, cmd: Command, by: str, events: list[Event]) -> list[Event]:
        assert self.draft is not None
        from darkdec_qt.rules.core.apply import apply

        for e in events:
            apply(self.draft.state, e)
        self.draft.batches.append(Batch(cmd, list(events)))
        self.draft_batches.append({"by": by, "command": cmd.to_dict(), "events": [e.to_dict() for e in events]})
        return events

    def _standing(self) -> None:
        """The automatic steps (``automatic``): the chain with its dice first, then the opponent's plan,
        standing orders and forced steps where the opponent decides."""
        assert self.draft is not None and self.me is not None
        while not self.draft.state.game_over and self.draft_pending is None:
            dice = self._chained() if self._chained is not None else None
            step = next_step(self.draft.state, self.me.side, self.orders, self._plans, dice)
            if step is None:
                self._chained = None  # a player must decide: the chain is over
                return
            if step.events is None:  # the die is the other side's to resolve, as for its own command
                self.draft_pending, self.draft_pending_forced = step.cmd, True
                return
            self._record(step.cmd, step.by, step.events)

    def set_plan(self, cmds: list[Command]) -> None:
        """My battle plan (``automatic``), sent with this segment: battles the opponent's program declares
        for me in their next segment, in order, each when the previous one is over (13.0D), perhaps
        ending with the end of my Combat Phase. Raises IllegalAction naming the clause."""
        if self.draft is None or self.me is None:
            raise ExchangeError(f"waiting for the {self.next_author()} player's file", kind="out_of_turn")
        refusal = plan_refusal(self.draft.state, self.me.side, list(cmds))
        if refusal is not None:
            raise refusal
        self.draft_plan = list(cmds)

    def play_battles(self, cmds: list[Command]) -> list[Event]:
        """Declare several battles at once: the first now (and resolved, once every choice before its die
        is made), the others as my plan (``set_plan``)."""
        if not cmds:
            return []
        if self.draft is not None and self.me is not None:
            refusal = plan_refusal(self.draft.state, self.me.side, list(cmds))
            if refusal is not None:
                raise refusal
        events = self.play(cmds[0])
        self.set_plan(list(cmds[1:]))
        b = self.state.battle
        if self.can_play() and b is not None and b.task is not None and b.task[0] == "resolve":
            from darkdec_qt.rules.combat.commands import ResolveBattle

            events += self.play(ResolveBattle())  # every choice before the die is made (13.4): roll it
        return events

    def can_play(self) -> bool:
        return (self.draft is not None and self.me is not None and self.draft_pending is None
                and len(self.segments) > 0 and decider(self.draft.state) == self.me.side)

    def play(self, cmd: Command) -> list[Event]:
        """The local player's command: executed when it needs no die; else checked and left pending
        (the segment must then be sent). Raises IllegalAction (the engine's refusal). A note of the
        local player goes into the open segment whoever decides, even after a command left pending:
        it changes nothing and travels with the segment."""
        if self.draft is None or self.me is None:
            raise ExchangeError(f"waiting for the {self.next_author()} player's file", kind="out_of_turn")
        if cmd.kind == "note":
            if owner(self.draft.state, cmd) != self.me.side:
                raise IllegalAction(f"a note is written by you, the {self.me.side} player", rule="file exchange")
            return self._draft_exec(cmd, "self", fairdice.unseen)
        if self.draft_pending is not None:
            raise IllegalAction("a command waits for its die: send the file to the opponent", rule="file exchange")
        who = decider(self.draft.state)
        if who != self.me.side:
            raise IllegalAction(f"the {who} player decides now ({decision(self.draft.state)})", rule="file exchange")
        mine = owner(self.draft.state, cmd)
        if mine is not None and mine != self.me.side:
            raise IllegalAction(f"this is the {mine} player's choice", rule="file exchange")
        if self.draft.state.battle is None or cmd.kind in ("declare_battle", "end_phase"):
            self._by_hand = True  # my old plan is dropped: I decide (a choice within a battle keeps it)
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
                "plan": [c.to_dict() for c in self._my_plan()],
                "plan_left": [c.to_dict() for c in left(self._plans.get(other_side(me.side)), st)],
                "turn": st.turn, "state_hash": st.state_hash(), "time": int(time.time())}
        signed = sign(body, me.key)
        self._accept(signed)
        self.draft, self.draft_batches, self.draft_pending, self.draft_plan = None, [], None, None
        return signed

    def _my_plan(self) -> list[Command]:
        """The plan I sign: the one I made in this segment, else what is left of my old one unless I
        decided by hand."""
        assert self.draft is not None and self.me is not None
        if self.draft_plan is not None:
            return self.draft_plan
        return [] if self._by_hand else left(self._plans.get(self.me.side), self.draft.state)

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


"""A player's home for file exchange: the signing key, the per-game secrets and the local copy of
each game, in the user data directory (``platformdirs``; tests pass a temporary root). Glue between
the protocol (``darkdec_qt.game.exchange``) and the file (``darkdec_qt.model.exchangefile``).

Layout of ``<root>``:
  identity.pem                 Ed25519 private key (0600), created on first use
  games/<game id>/secret       the per-game master secret: it seals the local copy (0600)
  games/<game id>/secrets.json the fresh random secret behind each of my commitments (0600; a game
                               begun before fresh secrets has none and derives them from ``secret``)
  games/<game id>/player.json  my side and standing orders
  games/<game id>/local.ddx    every segment so far (the local game)
  games/<game id>/draft.json   my commands not yet sent
  games/<game id>/module.sqlite  the game's module (a copy: a program update never strands a game)

Beside ``<root>``, outside every game folder, ``<root>-ledger.json`` records the last segment sent
in each game (number, digest, time): a game folder put back from a backup is older than it, and
is refused with what happened and what to do, before it can commit anything twice.
"""

from __future__ import annotations

import hmac
import json
import os
import re
import secrets
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import (
    BestAvailableEncryption,
    Encoding,
    NoEncryption,
    PrivateFormat,
    load_pem_private_key,
)

from darkdec_qt.exchangeevidence import verify_evidence as verify_evidence  # re-exported
from darkdec_qt.exchangemodule import ModuleNotAccepted as ModuleNotAccepted  # re-exported
from darkdec_qt.exchangemodule import check_module, file_digest, loaded_module
from darkdec_qt.exchangesecrets import load_secrets as _load_secrets
from darkdec_qt.exchangesecrets import save_secrets as _save_secrets
from darkdec_qt.exchangesecrets import seal as _seal
from darkdec_qt.exchangesecrets import write_private as _write_private
from darkdec_qt.exchangesecrets import write_text as _write_text
from darkdec_qt.game.exchange import ExchangeError, ExchangeGame, Me
from darkdec_qt.game.exchange.orders import parse_orders
from darkdec_qt.game.exchange.signing import Signed, fingerprint, public_hex
from darkdec_qt.model.database import DatabaseError
from darkdec_qt.model.exchangefile import (
    SUFFIX,
    ExchangeFile,
    ExchangeFileError,
    read_exchange,
    write_exchange,
)
from darkdec_qt.model.load import DEFAULT_MODULE, load_module
from darkdec_qt.moduleview import Module
from darkdec_qt.rules.core.commands import Command
from darkdec_qt.rules.core.notes import Note

_ID = re.compile(r"[0-9a-f]{32}")
_NAME = re.compile(r"[a-z0-9_]+")


def duration(seconds: float) -> str:
    """A waiting time in words: '45 s', '12 min', '3 h 05 min', '2 days 4 h'."""
    s = max(0, int(seconds))
    if s < 60:
        return f"{s} s"
    if s < 3600:
        return f"{s // 60} min"
    if s < 86400:
        return f"{s // 3600} h {s % 3600 // 60:02d} min"
    d = s // 86400
    return f"{d} day{'s' if d > 1 else ''} {s % 86400 // 3600} h"


def restored_message(game_id: str, held: int, sent: int, when: str) -> str:
    return (f"game {game_id[:8]}: this copy of the game ends at segment {held}, but you sent segment {sent} "
            f"({when}): the game folder is older than the last file you sent (restored from a backup, or "
            "copied from another computer). Do not play on from it: the secret behind your last commitment "
            "is only in the newer copy, and your opponent would receive a second version of a segment you "
            "signed. Put back the newest copy of the game folder; if it is lost, this game cannot go on "
            "fairly (tell your opponent)")


def default_root() -> Path:
    import platformdirs

    return Path(platformdirs.user_data_dir("darkdec")) / "exchange"


@dataclass
class Received:
    """What opening an opponent's file did: the new segments, where their events begin in the log
    (for playback), and notes for the player (a key bound on first receipt)."""

    session: Session
    new_segments: list[int]
    first_new_event: int
    notes: list[str] = field(default_factory=list)


def check_label(path: str | Path, meta: dict, game: str, sender: str, last: int) -> None:
    """A file's ``meta`` table is unsigned: nothing in it is played or shown. Its game id and sender
    (a label for the watcher and for sorting) must agree with the verified segments (``game``, and
    ``sender`` the author of the last one, ``last``), or the file is refused as altered before anything
    is kept; its other entries (the program version) are ignored."""
    said = {k: meta[k] for k in ("game", "from") if k in meta}
    if said.get("game", game) != game or said.get("from", sender) != sender:
        raise ExchangeError(f"{Path(path).name}: its unsigned label (game {str(said.get('game', game))[:8]}, from "
                            f"the {said.get('from', sender)} player) disagrees with its signed segments (game "
                            f"{game[:8]}, last written by the {sender} player): altered; nothing was taken",
                            kind="tampered", segment=last)


class PlayerHome:
    def __init__(self, root: str | Path | None = None, ledger: str | Path | None = None):
        self.root = Path(root) if root is not None else default_root()
        self.ledger_path = Path(ledger) if ledger is not None else self.root.with_name(self.root.name + "-ledger.json")
        self._loaded: dict[str, tuple[tuple[str, str], Session]] = {}  # game -> (bytes of its files, session)

    # --- identity -----------------------------------------------------------------------
    def key(self) -> Ed25519PrivateKey:
        """The player's signing key, created on first use (``created_key`` then says so: back it up).
        A key file other users may read is refused (POSIX permissions)."""
        p = self.root / "identity.pem"
        if p.exists():
            if os.name == "posix" and p.stat().st_mode & 0o077:
                raise ExchangeError(f"{p}: your signing key may be read by other users (mode "
                                    f"{p.stat().st_mode & 0o777:o}); make it private first: chmod 600 {p}",
                                    kind="forged")
            key = load_pem_private_key(p.read_bytes(), password=None)
            if not isinstance(key, Ed25519PrivateKey):
                raise ExchangeError(f"{p}: not an Ed25519 key")
            return key
        key = Ed25519PrivateKey.generate()
        _write_private(p, key.private_bytes(Encoding.PEM, PrivateFormat.PKCS8, NoEncryption()))
        self.created_key = True
        return key

    created_key = False

    def export_identity(self, path: str | Path, passphrase: str) -> Path:
        """The signing key, encrypted with ``passphrase`` (PKCS#8, the best encryption available), for
        a backup or another computer."""
        if len(passphrase) < 8:
            raise ExchangeError("a passphrase of at least 8 characters, please", kind="malformed")
        data = self.key().private_bytes(Encoding.PEM, PrivateFormat.PKCS8, BestAvailableEncryption(passphrase.encode()))
        _write_private(Path(path), data)
        return Path(path)

    def import_identity(self, path: str | Path, passphrase: str, *, replace: bool = False) -> str:
        """Take a key exported with ``export_identity``; refuses to replace a different key unless
        ``replace`` (games bound to it would fail). Returns its fingerprint."""
        try:
            key = load_pem_private_key(Path(path).read_bytes(), password=passphrase.encode())
        except (ValueError, TypeError):
            raise ExchangeError(f"{path}: not an exported key, or the passphrase is wrong", kind="malformed") from None
        if not isinstance(key, Ed25519PrivateKey):
            raise ExchangeError(f"{path}: not an Ed25519 key", kind="malformed")
        p = self.root / "identity.pem"
        if p.exists() and not replace and public_hex(self.key()) != public_hex(key):
            raise ExchangeError(f"{p} holds another key ({self.fingerprint()}); games bound to it would fail. "
                                "Pass --replace to replace it anyway", kind="forged")
        _write_private(p, key.private_bytes(Encoding.PEM, PrivateFormat.PKCS8, NoEncryption()))
        return fingerprint(public_hex(key))

    def fingerprint(self) -> str:
        return fingerprint(public_hex(self.key()))

    # --- the ledger of files sent (outside the game folders) ------------------------------
    def ledger(self) -> dict[str, dict]:
        try:
            data = json.loads(self.ledger_path.read_text())
        except (OSError, ValueError):
            return {}
        games = data.get("games") if isinstance(data, dict) else None
        return {k: v for k, v in games.items() if isinstance(v, dict)} if isinstance(games, dict) else {}

    def record_sent(self, game_id: str, seq: int, digest: str) -> None:
        games = self.ledger()
        games[game_id] = {"seq": seq, "digest": digest, "sent": int(time.time())}
        _write_text(self.ledger_path, json.dumps({"games": games}, sort_keys=True, indent=1))

    def check_ledger(self, game_id: str, xg: ExchangeGame) -> None:
        """Refuse a local game older than the last file its player sent (a game folder restored from a
        backup): playing on from it would sign a second version of a segment the opponent holds."""
        rec = self.ledger().get(game_id)
        if not rec or not isinstance(rec.get("seq"), int):
            return
        n, held = rec["seq"], len(xg.segments)
        if n < held and xg.segments[n].digest == rec.get("digest"):
            return
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(rec.get("sent", 0))) if rec.get("sent") else "earlier"
        raise ExchangeError(restored_message(game_id, held - 1, n, when), kind="restored", segment=n)

    # --- games --------------------------------------------------------------------------
    def game_dir(self, game_id: str) -> Path:
        if not _ID.fullmatch(game_id):
            raise ExchangeError(f"{game_id!r} is not a game id", kind="malformed")
        return self.root / "games" / game_id

    def games(self) -> list[str]:
        d = self.root / "games"
        return sorted(p.name for p in d.iterdir() if _ID.fullmatch(p.name)) if d.is_dir() else []

    def find(self, prefix: str) -> str:
        hits = [g for g in self.games() if g.startswith(prefix)]
        if len(hits) != 1:
            raise ExchangeError(f"no single game starts with {prefix!r} (games: {', '.join(g[:8] for g in self.games())})",
                                kind="malformed")
        return hits[0]

    def new_game(self, side: str, scenario: str, module_path: str | Path = DEFAULT_MODULE,
                 optional: tuple[str, ...] = (), variants: tuple[str, ...] = (), setup: str = "auto",
                 orders: tuple[str, ...] = ()) -> Session:
        module = loaded_module(module_path)
        game_id = secrets.token_hex(16)
        d = self.game_dir(game_id)
        master = secrets.token_bytes(32)
        me = Me(side, self.key(), master, parse_orders(orders), secrets={})
        xg = ExchangeGame.create(module, me, game_id, scenario, optional, variants, setup)
        _write_private(d / "secret", master)
        _save_secrets(d, me)
        self._keep_module(d, module, module_path)
        s = Session(self, game_id, xg, me, module_path=self._module_path(d))
        s.save_player()
        s.save_local()
        return s

    @staticmethod
    def _keep_module(d: Path, module: Module, path: str | Path) -> None:
        """Every game keeps its own copy of its module, so an update of the program (and of its
        bundled module) never strands a game in progress."""
        _write_private(d / "module.sqlite", Path(path).read_bytes())

    @staticmethod
    def _module_path(d: Path) -> Path:
        p = d / "module.sqlite"
        return p if p.exists() else Path(DEFAULT_MODULE)

    def load(self, game_id: str, progress=None) -> Session:  # noqa: ANN001 (protocol.Progress)
        """The local game, from the local copy (signatures, links, secrets and state hashes checked;
        the events of each segment were re-executed when it was accepted)."""
        d = self.game_dir(game_id)
        if not d.is_dir():
            raise ExchangeError(f"no game {game_id[:8]} in {self.root}", kind="malformed")
        stamp = (file_digest(d / "local.ddx"), file_digest(d / "draft.json"))
        hit = self._loaded.get(game_id)
        if hit is not None and hit[0] == stamp:  # the files are byte for byte what this session wrote or read
            return hit[1]
        player = json.loads((d / "player.json").read_text())
        module_path = self._module_path(d)
        f = read_exchange(d / "local.ddx")
        master = (d / "secret").read_bytes()
        segs = [Signed(b, g) for _, b, g in f.rows]
        # the local copy is sealed with the player's own secret: each segment's signature was checked when it
        # was accepted, and the links bind every segment to the last one, so an intact seal spares the checks
        sealed = bool(segs) and hmac.compare_digest(str(f.meta.get("seal", "")), _seal(master, segs[-1].digest))
        xg = ExchangeGame.from_segments(loaded_module(module_path), segs, recheck=False, signatures=not sealed,
                                        progress=progress)
        self.check_ledger(game_id, xg)
        bound = xg.keys.get(player["side"])
        if bound is not None and bound != public_hex(self.key()):
            raise ExchangeError(f"game {game_id[:8]} is bound to your key {fingerprint(bound)}, but the key in "
                                f"{self.root} is {self.fingerprint()}: import the key you played it with "
                                "(darkdec exchange identity import FILE)", kind="forged")
        me = Me(player["side"], self.key(), master, parse_orders(player.get("orders", [])), secrets=_load_secrets(d))
        s = Session(self, game_id, xg, me, module_path=module_path)
        s.resume()
        self.remember(s)
        return s

    def forget(self) -> None:
        """Drop the sessions kept in memory: the next ``load`` builds its own from the files (a worker
        thread must not change a session the window shows)."""
        self._loaded = {}

    def remember(self, s: Session) -> None:
        """Keep ``s`` as the loaded state of its game files as they are now on disk."""
        d = s.dir
        self._loaded[s.game_id] = ((file_digest(d / "local.ddx"), file_digest(d / "draft.json")), s)

    def open_file(self, path: str | Path, expect: str | None = None, progress=None,  # noqa: ANN001
                  accept_module: str | None = None) -> Received:
        """(``progress``: see ``protocol.Progress``; it is called as the local copy is read and as the
        file's segments are verified.)"""
        self._progress = progress
        try:
            return self._open_file(path, expect, accept_module)
        finally:
            self._progress = None

    _progress = None

    def _open_file(self, path: str | Path, expect: str | None = None, accept_module: str | None = None) -> Received:
        """Verify an opponent's file and take its new segments into the local game; a refused file
        leaves the local game as it was (ExchangeError / ExchangeFileError name the first bad item).
        ``expect``: the game the player means to continue (a file of another game is refused).
        An invitation to a game on a module other than the bundled one is refused with
        :class:`ModuleNotAccepted` (what differs, table by table) unless ``accept_module`` is
        that module's content hash."""
        f = read_exchange(path)
        rows = [(n, Signed(b, g)) for n, b, g in f.rows]
        if not rows or rows[0][0] != 0:
            raise ExchangeError(f"{path}: the file has no invitation (segment 0)", kind="malformed", segment=0)
        from darkdec_qt.game.exchange.segment import parse

        head = parse(rows[0][1], 0)
        if head["seq"] != 0:
            raise ExchangeError(f"{path}: segment 0 is not the invitation", kind="tampered", segment=0)
        game_id = head["game"]
        if expect is not None and game_id != expect:
            raise ExchangeError(f"{Path(path).name}: this file belongs to another game ({game_id[:8]}, "
                                f"{head['setup']['scenario']}), not to game {expect[:8]}", kind="other_game", segment=0)
        try:
            return self._open(path, f, rows, head, game_id, accept_module)
        except ExchangeError as exc:
            if exc.kind == "equivocation" and getattr(exc, "signed", None):
                exc.args = (f"{exc.args[0]}; the evidence is kept in {self._keep_equivocation(game_id, exc)}",)
            raise

    def _keep_equivocation(self, game_id: str, exc: ExchangeError) -> Path:
        """Both signed versions of an equivocated segment and the key that signed them, for a referee."""
        held, got, key = exc.signed  # type: ignore[attr-defined]
        p = self.game_dir(game_id) / "evidence" / f"equivocation-segment-{exc.segment}.json"
        _write_text(p, json.dumps({"game": game_id, "segment": exc.segment, "key": key,
                                   "fingerprint": fingerprint(key),
                                   "versions": [{"body": s.raw, "sig": s.sig} for s in (held, got)]}, indent=1))
        return p

    def _open(self, path: str | Path, f: ExchangeFile, rows: list[tuple[int, Signed]], head: dict,
              game_id: str, accept_module: str | None = None) -> Received:
        d = self.game_dir(game_id)
        if not d.is_dir() and len(rows) > 1 and rows[1][0] != 1:
            raise ExchangeError(f"{Path(path).name}: this file belongs to game {game_id[:8]} "
                                f"({head['setup']['scenario']}), which is not in your data folder {self.root}: open "
                                "the invitation first, or ask your opponent to send the whole game "
                                "(darkdec exchange send GAME --full)", kind="other_game", segment=0)
        if d.is_dir():
            s = self.load(game_id, progress=self._progress)
            before = len(s.xg.game.events) if s.xg.game is not None else 0
            held = len(s.xg.segments)
            last_n, last = rows[-1]
            if last_n < held and last == s.xg.segments[last_n] and s.xg.author_of(last_n) == s.me.side:
                raise ExchangeError(f"{Path(path).name} is your own file (segment {last_n}, written for the "
                                    f"{s.xg.author_of(last_n + 1)} player): send it to them; nothing in it is new "
                                    "to you", kind="replayed", segment=last_n)
            lost = [k for k in range(held, rows[1][0] if len(rows) > 1 else 0) if s.xg.author_of(k) == s.me.side]
            if lost:  # the file's own record: it answers a segment of mine this copy does not hold
                raise ExchangeError(restored_message(game_id, held - 1, lost[-1], "the file answers it"),
                                    kind="restored", segment=lost[-1])
            new = s.xg.receive(rows, progress=self._progress)
            check_label(path, f.meta, game_id, s.xg.author_of(rows[-1][0]), rows[-1][0])  # before it is kept
            s.save_local()
            s.resume()
            r = Received(s, new, before)
            if 1 in new and s.xg.creator == s.me.side:  # the creator binds the joiner's key: compare it too
                opp = s.xg.author_of(1)
                r.notes.append(f"the {opp} player's key {fingerprint(s.xg.keys[opp])} is now bound to this game; "
                               "compare it with the fingerprint they tell you")
        else:
            r = self._accept_invitation(path, f, rows, head, d, accept_module)
        return r  # no notice from the file's unsigned program version: nothing unsigned is shown

    def _accept_invitation(self, path: str | Path, f: ExchangeFile, rows: list[tuple[int, Signed]],
                           head: dict, d: Path, accept_module: str | None = None) -> Received:
        setup = head["setup"]
        module_path: Path = Path(DEFAULT_MODULE)
        try:
            bundled_hash = loaded_module(DEFAULT_MODULE).meta.content_hash
        except DatabaseError:
            bundled_hash = ""
        tmpdir: Path | None = None
        if setup["module_hash"] != bundled_hash:
            if f.module_bytes is None:
                raise ExchangeError(f"{path}: the game's module {setup['module_hash'][:12]} is neither installed nor "
                                    "embedded", kind="malformed", segment=0)
            tmpdir = Path(tempfile.mkdtemp(prefix="darkdec-x-"))
            module_path = tmpdir / "module.sqlite"
            module_path.write_bytes(f.module_bytes)
        try:
            try:
                module = load_module(module_path)
            except DatabaseError as exc:
                raise ExchangeError(f"{path}: the embedded module cannot be read: {exc}", kind="malformed",
                                    segment=0) from None
            xg = ExchangeGame(module)
            xg.receive_first(rows, progress=self._progress)
            check_label(path, f.meta, xg.game_id, xg.author_of(rows[-1][0]), rows[-1][0])
            mine = xg.author_of(1)
            if xg.keys.get(mine) is not None and xg.keys[mine] != public_hex(self.key()):
                raise ExchangeError(f"{path}: the {mine} player of this game has another key", kind="forged")
            module_note = check_module(path, module, module_path, accept_module)  # before anything is kept
            d.mkdir(parents=True, exist_ok=True)
            _write_private(d / "secret", secrets.token_bytes(32))
            self._keep_module(d, module, module_path)
        finally:
            if tmpdir is not None:
                for p in tmpdir.iterdir():
                    p.unlink()
                tmpdir.rmdir()
        me = Me(mine, self.key(), (d / "secret").read_bytes(), secrets={})
        _save_secrets(d, me)
        s = Session(self, head["game"], xg, me, module_path=self._module_path(d))
        s.save_player()
        s.save_local()
        s.resume()
        opp = xg.creator
        notes = [f"the {opp} player's key {fingerprint(xg.keys[opp])} is now bound to this game; compare it with "
                 "the fingerprint they tell you", module_note]
        return Received(s, [n for n, _ in rows], 0, notes)



class Session:
    """One game in a player's home, with the local draft (my commands not yet sent)."""

    def __init__(self, home: PlayerHome, game_id: str, xg: ExchangeGame, me: Me, module_path: Path):
        self.home, self.game_id, self.xg, self.me, self.module_path = home, game_id, xg, me, module_path

    @property
    def dir(self) -> Path:
        return self.home.game_dir(self.game_id)

    def set_orders(self, names: tuple[str, ...] | list[str]) -> None:
        """Standing orders, sent (signed) with my next file."""
        self.me.orders = parse_orders(list(names))
        self.save_player()

    def save_player(self) -> None:
        data = {"side": self.me.side, "orders": sorted(self.me.orders)}
        if self.opponent_email():
            data["opponent_email"] = self.opponent_email()
        _write_text(self.dir / "player.json", json.dumps(data))

    def opponent_email(self) -> str:
        """The opponent's e-mail address, if the player gave it ('' otherwise)."""
        try:
            v = json.loads((self.dir / "player.json").read_text()).get("opponent_email", "")
        except (OSError, ValueError):
            return ""
        return v if isinstance(v, str) else ""

    def set_opponent_email(self, address: str) -> None:
        data = json.loads((self.dir / "player.json").read_text())
        data["opponent_email"] = address.strip()
        _write_text(self.dir / "player.json", json.dumps(data))

    def save_local(self) -> None:
        rows = [(i, s.raw, s.sig) for i, s in enumerate(self.xg.segments)]
        seal = _seal(self.me.master, self.xg.segments[-1].digest)
        write_exchange(ExchangeFile(meta={"game": self.game_id, "seal": seal}, rows=rows), self.dir / "local.ddx")
        self.home.remember(self)

    def resume(self) -> None:
        """Open the draft when it is my move, replaying my unsent commands."""
        if self.xg.next_author() != self.me.side or self.xg.draft is not None:
            return
        if self.xg.game is not None and self.xg.game.state.game_over and self.xg.pending is None:
            return  # the opponent's file ended the game: nothing is left to send
        self.xg.begin(self.me)
        p = self.dir / "draft.json"
        if p.exists():
            data = json.loads(p.read_text())
            draft = data if isinstance(data, list) else data.get("commands", [])  # a list: before battle plans
            for d in draft:
                self.xg.play(Command.from_dict(d))
            plan = [] if isinstance(data, list) else data.get("plan")
            if plan is not None:
                self.xg.set_plan([Command.from_dict(d) for d in plan])

    def _save_draft(self) -> None:
        plan = self.xg.draft_plan
        data = {"commands": self._own_draft(), "plan": None if plan is None else [c.to_dict() for c in plan]}
        _write_text(self.dir / "draft.json", json.dumps(data))
        self.home.remember(self)

    def play_battles(self, cmds: list[Command]):  # -> list[Event]
        """Declare several battles at once (a battle plan, 13.0D): the first now, the others by the
        opponent's program in their next segment, each when the previous one is over."""
        events = self.xg.play_battles(cmds)
        self._save_draft()
        return events

    def play(self, cmd: Command):  # -> list[Event]
        events = self.xg.play(cmd)
        self._save_draft()
        return events

    def _own_draft(self) -> list[dict]:
        cmds = [b["command"] for b in self.xg.draft_batches if b["by"] == "self"]
        if self.xg.draft_pending is not None and not self.xg.draft_pending_forced:
            cmds.append(self.xg.draft_pending.to_dict())
        return cmds

    def can_undo(self) -> bool:
        """A command of mine not yet sent can be taken back: none has rolled a die (a command that needs
        one waits, unrolled, for the opponent's secret), and nothing of it has left this home."""
        return self.xg.draft is not None and bool(self._own_draft())

    def undo(self) -> Command:
        """Take back my last unsent command: the open segment is begun again and the others replayed
        (the opponent's pending die, standing orders and forced steps are derived again, the same)."""
        cmds = self._own_draft()
        if self.xg.draft is None or not cmds:
            raise ExchangeError("nothing to undo: only commands not yet sent can be taken back", kind="out_of_turn")
        self.xg.draft = None
        self.xg.begin(self.me)
        for d in cmds[:-1]:
            self.xg.play(Command.from_dict(d))
        self._save_draft()
        return Command.from_dict(cmds[-1])

    def status(self) -> str:
        return self.xg.status(self.me.side)

    def export_evidence(self, out: str | Path) -> Path:
        """Every signed segment and the module, for a club or ladder referee (``verify_evidence``): the
        pending command, the commitment its die waits for and the signed time it was sent."""
        rows = [(i, s.raw, s.sig) for i, s in enumerate(self.xg.segments)]
        target = Path(out)
        write_exchange(ExchangeFile(meta={"game": self.game_id, "from": self.me.side, "evidence": int(time.time())},
                                    rows=rows, module_bytes=Path(self.module_path).read_bytes()), target)
        return target

    def waiting_text(self, now: float | None = None) -> str:
        """How long who has been waiting, by the signed time of the last segment ('' when unknown)."""
        w = self.xg.waiting(self.me.side)
        if w is None:
            return ""
        who, since = w
        now = time.time() if now is None else now
        when = time.strftime("%d %b %H:%M", time.localtime(since))
        span = duration(now - since)
        opp = "German" if self.me.side == "Allied" else "Allied"
        if who == self.me.side:
            return f"you have waited {span} for the {opp} player, since your file of {when}"
        return f"the {opp} player has waited {span} for you, since their file of {when}"

    def file_name(self, seq: int) -> str:
        sc = str(self.xg.setup["scenario"])
        sc = sc if _NAME.fullmatch(sc) else "game"
        st = self.xg.state
        return f"{sc}-{self.game_id[:8]}-turn{st.turn:02d}-{self.me.side}-{seq:04d}{SUFFIX}"

    def send(self, out_dir: str | Path, *, full: bool = False, note: str = "") -> Path:
        """Seal my segment (if one is open) and write the file for the opponent into ``out_dir``:
        the invitation and the segments the opponent does not hold (all, with ``full``). ``note``: a
        message to the opponent, the last command of the segment (the engine's Note; raises
        IllegalAction for an empty or too long one, ExchangeError when no segment of mine is open)."""
        if note.strip():
            if self.xg.draft is None:
                raise ExchangeError("a note travels with your move: no segment of yours is open", kind="out_of_turn")
            if self.xg.must_send():
                self.play(Note(side=self.me.side, text=note))
        if self.xg.draft is not None:
            self.xg.seal()
            _save_secrets(self.dir, self.me)  # before the commitment leaves this home
            self.save_local()
            (self.dir / "draft.json").unlink(missing_ok=True)
            self.home.remember(self)
        seq = len(self.xg.segments) - 1
        if self.xg.author_of(seq) != self.me.side:
            raise ExchangeError("nothing to send: the last segment is the opponent's", kind="out_of_turn")
        self.home.record_sent(self.game_id, seq, self.xg.segments[seq].digest)
        first = seq == 0
        keep = range(seq + 1) if full else sorted({0, seq})
        rows = [(i, self.xg.segments[i].raw, self.xg.segments[i].sig) for i in keep]
        module = Path(self.module_path).read_bytes() if (first or full) else None
        target = Path(out_dir) / self.file_name(seq)
        try:
            write_exchange(ExchangeFile(meta={"game": self.game_id, "from": self.me.side}, rows=rows,
                                        module_bytes=module), target, compact=not full)
        except OSError as exc:
            raise ExchangeFileError(f"{target}: cannot write the file: {exc.strerror or exc}") from None
        return target

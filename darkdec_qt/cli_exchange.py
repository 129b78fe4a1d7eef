"""``darkdec exchange new | open | watch | status | play | send | standing-orders | whoami``: play by file
exchange from the command line (every client action is here too, so a script can play a game)."""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

from darkdec_qt.packagedata import module_path

TRUST = ("note: hidden information is on trust in file exchange: the files hold every unit's position (25.0 fog "
         "of war) and Germany's 26.20A choice; anyone who opens them with other tools can read them")
BACKUP = ("a new signing key was created for you: back it up now (darkdec exchange identity export FILE); without "
          "it your games cannot go on")
ORDERS_HELP = ("standing order (repeatable): no_reaction, default_declaration, prefer_retreat, no_advance, "
               "defender_no_advance, defender_advance, least_losses or retreat_by_priorities (darkdec exchange "
               "standing-orders GAME lists them)")


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    x = sub.add_parser("exchange", help="play by file exchange (e-mail, chat, a shared folder)")
    x.add_argument("--home", help="the player's data folder (default: the user data directory)")
    xs = x.add_subparsers(dest="xcmd", required=True)

    w = xs.add_parser("whoami", help="your key's fingerprint (tell it to your opponent)")
    w.set_defaults(func=cmd_whoami)

    n = xs.add_parser("new", help="start a game and write the invitation file for the opponent")
    n.add_argument("--side", choices=("German", "Allied"), required=True)
    n.add_argument("--scenario", default="herbstnebel")
    n.add_argument("--optional", action="append", default=[])
    n.add_argument("--variant", action="append", default=[])
    n.add_argument("--setup", choices=("auto", "historical"), default="auto")
    n.add_argument("--order", action="append", default=[], help=ORDERS_HELP)
    n.add_argument("--module", default=str(module_path()))
    n.add_argument("--out", default=".", help="folder for the file to send")
    n.set_defaults(func=cmd_new)

    o = xs.add_parser("open", help="verify the opponent's file and take what they did")
    o.add_argument("file")
    o.add_argument("--game", help="the game you expect (refuses a file of another game)")
    o.add_argument("--accept-module", metavar="HASH", help="join a game on a module that is not your bundled one: "
                   "its content hash, as the refusal shows it with what differs")
    o.set_defaults(func=cmd_open)

    wt = xs.add_parser("watch", help="watch a shared folder (a synced or network folder): open each opponent's "
                       "file as it lands; send your answers there with: send GAME --out FOLDER")
    wt.add_argument("folder")
    wt.add_argument("--interval", type=float, default=5.0, help="seconds between looks (default 5)")
    wt.add_argument("--once", action="store_true", help="look once and stop")
    wt.set_defaults(func=cmd_watch)

    s = xs.add_parser("status", help="your games, or whose move it is in one and what they must decide")
    s.add_argument("game", nargs="?", help="a game id or its first digits")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_status)

    p = xs.add_parser("play", help="give commands in your move (JSON), or let random legal play decide")
    p.add_argument("game")
    p.add_argument("commands", nargs="*", help='commands as JSON, e.g. \'{"kind": "end_phase"}\'')
    p.add_argument("--random", metavar="SEED", help="play random legal commands until the file must be sent")
    p.add_argument("--list", action="store_true", help="list legal commands (JSON, one a line)")
    p.add_argument("--battles", action="store_true",
                   help="the commands are battles declared at once (a battle plan, 13.0D): the first now, the "
                        "others in order by your opponent's program, each when the one before is over, with the "
                        "dice of one secret: one round trip for the Combat Phase. End with "
                        "'{\"kind\": \"end_phase\"}' to end the phase after them. After a battle, its advance "
                        "decided in advance (13.7): choose_advance commands (unit and path into the vacated hex) or "
                        "one decline_advance")
    p.set_defaults(func=cmd_play)

    em = xs.add_parser("opponent-email", help="your opponent's e-mail address, for the client's Send to opponent")
    em.add_argument("game")
    em.add_argument("address")
    em.set_defaults(func=cmd_opponent_email)

    u = xs.add_parser("undo", help="take back your last command not yet sent (none has rolled a die)")
    u.add_argument("game")
    u.set_defaults(func=cmd_undo)

    d = xs.add_parser("send", help="sign your move and write the file for the opponent")
    d.add_argument("game")
    d.add_argument("--out", default=".", help="folder for the file to send")
    d.add_argument("--full", action="store_true", help="the whole game and the module (for an archive or a viewer)")
    d.add_argument("--note", default="", metavar="TEXT",
                   help="a message to your opponent, in the log of both sides (up to 400 characters)")
    d.set_defaults(func=cmd_send)

    ev = xs.add_parser("evidence", help="export a signed evidence file (the whole game: the pending command, "
                       "its commitment and the time it was sent) for a referee")
    ev.add_argument("game")
    ev.add_argument("--out", required=True, help="the evidence file to write (.ddx)")
    ev.set_defaults(func=cmd_evidence)

    ve = xs.add_parser("verify-evidence", help="check an evidence file as a referee: every signature, link, secret "
                       "and command, and what its last segment says")
    ve.add_argument("file")
    ve.set_defaults(func=cmd_verify_evidence)

    ident = xs.add_parser("identity", help="back up your signing key (a passphrase-protected file) or take one")
    ident.add_argument("action", choices=("export", "import"))
    ident.add_argument("file")
    ident.add_argument("--passphrase-file", help="read the passphrase from this file (else it is asked for)")
    ident.add_argument("--replace", action="store_true", help="import: replace a different key already here")
    ident.set_defaults(func=cmd_identity)

    so = xs.add_parser("standing-orders", help="show or set your standing orders (sent with your next file)")
    so.add_argument("game")
    so.add_argument("--set", action="append", default=None, metavar="ORDER", help=ORDERS_HELP)
    so.add_argument("--clear", action="store_true")
    so.set_defaults(func=cmd_orders)


def _home(args: argparse.Namespace):  # -> PlayerHome
    from darkdec_qt.exchangestore import PlayerHome

    return PlayerHome(args.home)


def _fail(exc: Exception) -> int:
    from darkdec_qt.game.exchange.errors import ExchangeError, versions_text

    print(f"darkdec: error: {exc}", file=sys.stderr)
    if isinstance(exc, ExchangeError) and exc.versions:
        print(versions_text(exc), file=sys.stderr)
    for line in getattr(exc, "details", []):  # a module not accepted: what differs, table by table
        print(line, file=sys.stderr)
    return 2


def _errors() -> tuple[type[Exception], ...]:
    from darkdec_qt.game.exchange import ExchangeError
    from darkdec_qt.model.database import DatabaseError
    from darkdec_qt.model.exchangefile import ExchangeFileError
    from darkdec_qt.rules.core.errors import IllegalAction

    return ExchangeError, ExchangeFileError, DatabaseError, IllegalAction, OSError, ValueError


def _guard(fn):  # noqa: ANN001, ANN202
    def run(args: argparse.Namespace) -> int:
        try:
            return int(fn(args) or 0)
        except _errors() as exc:
            return _fail(exc)
    run.__doc__ = fn.__doc__
    return run


@_guard
def cmd_whoami(args: argparse.Namespace) -> int:
    home = _home(args)
    print(f"your key: {home.fingerprint()}  (data folder {home.root})")
    if home.created_key:
        print(BACKUP)
    return 0


def _after_send(session, path: Path) -> None:  # noqa: ANN001
    from darkdec_qt.rules.core.phases import other_side

    print(f"wrote {path} ({path.stat().st_size} bytes)")
    print(f"send it to the {other_side(session.me.side)} player; they open it with: darkdec exchange open {path.name}")
    print(f"status: {session.status()}")


@_guard
def cmd_new(args: argparse.Namespace) -> int:
    home = _home(args)
    s = home.new_game(args.side, args.scenario, args.module, tuple(args.optional), tuple(args.variant), args.setup,
                      tuple(args.order))
    print(f"new game {s.game_id[:8]} ({args.scenario}), you play the {args.side} side; your key {home.fingerprint()}")
    if home.created_key:
        print(BACKUP)
    print(TRUST)
    _after_send(s, s.send(args.out))
    return 0


@_guard
def cmd_open(args: argparse.Namespace) -> int:
    from darkdec_qt.model.safesqlite import printable
    from darkdec_qt.rules.narrate import describe

    home = _home(args)
    expect = home.find(args.game) if args.game else None
    r = home.open_file(args.file, expect=expect, accept_module=args.accept_module)
    s = r.session
    for note in r.notes:
        print(note)
    if r.notes:
        print(TRUST)
    print(f"verified: segments {r.new_segments[0]}..{r.new_segments[-1]} of game {s.game_id[:8]} "
          "(signatures, chain, every die and every command re-executed)")
    module = s.xg.module
    events = (s.xg.draft or s.xg.game).events
    for e in events[r.first_new_event:]:
        if text := describe(e, module):  # '' : bookkeeping the log does not show
            print(f"  {printable(text)}")  # a note's text comes from the file
    print(f"status: {s.status()}")
    return 0


@_guard
def cmd_watch(args: argparse.Namespace) -> int:
    import time

    from darkdec_qt.exchangewatch import SharedFolder

    home = _home(args)
    if not Path(args.folder).is_dir():
        raise ValueError(f"{args.folder}: not a folder")
    folder = SharedFolder(home, args.folder)
    if not args.once:
        print(f"watching {args.folder} every {args.interval:g} s (Ctrl+C stops)", flush=True)
    try:
        while True:
            polled = folder.poll()
            for path, r in polled.opened:
                for note in r.notes:
                    print(note)
                print(f"{path.name}: game {r.session.game_id[:8]}: {r.session.status()}", flush=True)
            for path, why in polled.refused:
                print(f"darkdec: error: {path.name} was refused: {why}", file=sys.stderr, flush=True)
            if args.once:
                return 0
            time.sleep(args.interval)
    except KeyboardInterrupt:
        return 0


@_guard
def cmd_status(args: argparse.Namespace) -> int:
    from darkdec_qt.game.exchange.signing import fingerprint

    home = _home(args)
    ids = [home.find(args.game)] if args.game else home.games()
    out = []
    broken = 0
    for gid in ids:
        try:
            s = home.load(gid)
        except _errors() as exc:  # one broken game does not hide the others
            broken += 1
            out.append({"game": gid, "scenario": "?", "side": "?", "turn": 0, "segments": 0,
                        "status": f"cannot be read: {exc}", "keys": {}, "standing_orders": [], "game_over": False,
                        "waiting": None})
            continue
        keys = {side: fingerprint(k) for side, k in s.xg.keys.items()}
        st = s.xg.state
        w = s.xg.waiting(s.me.side)
        out.append({"game": gid, "scenario": s.xg.setup["scenario"], "side": s.me.side, "turn": st.turn,
                    "segments": len(s.xg.segments), "status": s.status(), "keys": keys,
                    "standing_orders": sorted(s.me.orders), "game_over": st.game_over,
                    "waiting": {"side": w[0], "since": int(w[1])} if w else None,
                    "waiting_text": s.waiting_text()})
    if args.json:
        print(json.dumps(out, indent=1))
        return 0
    if not out:
        print(f"no games in {home.root}")
    for g in out:
        print(f"{g['game'][:8]} {g['scenario']} turn {g['turn']}, you are {g['side']}: {g['status']}")
        if g.get("waiting_text"):
            print(f"  {g['waiting_text']}")
        if args.game:
            for side, fp in g["keys"].items():
                print(f"  {side} key {fp}")
            print(f"  your standing orders: {', '.join(g['standing_orders']) or 'none'}")
    return 2 if broken and args.game else 0


@_guard
def cmd_play(args: argparse.Namespace) -> int:
    from darkdec_qt.rules import engine
    from darkdec_qt.rules.core.commands import Command

    home = _home(args)
    s = home.load(home.find(args.game))
    if args.list:
        for c in engine.legal_commands(s.xg.state):
            print(json.dumps(c.to_dict()))
        return 0
    cmds = []
    for text in args.commands:
        try:
            cmds.append(Command.from_dict(json.loads(text)))
        except (ValueError, TypeError, KeyError) as exc:
            return _fail(ValueError(f"not a command: {text!r}: {exc}"))
    if args.battles:
        s.play_battles(cmds)
        more = sum(c.kind == "declare_battle" for c in cmds[1:])
        then = ", then the end of the Combat Phase" if cmds[-1:] and cmds[-1].kind == "end_phase" else ""
        adv = sum(c.kind in ("choose_advance", "decline_advance") for c in cmds)
        planned = f", {adv} advance{'s' if adv != 1 else ''} decided in advance" if adv else ""
        print(f"battle plan: {more} more battle{'s' if more != 1 else ''} after this one{planned}{then}")
    for cmd in [] if args.battles else cmds:
        s.play(cmd)
    if args.random is not None:
        from darkdec_qt.game.exchange.scripted import play_until_send

        n = play_until_send(s.xg, random.Random(args.random))
        s._save_draft()
        print(f"played {n} random legal commands")
    print(f"status: {s.status()}")
    return 0


@_guard
def cmd_opponent_email(args: argparse.Namespace) -> int:
    home = _home(args)
    s = home.load(home.find(args.game))
    if "@" not in args.address:
        raise ValueError(f"{args.address!r} is not an e-mail address")
    s.set_opponent_email(args.address)
    print(f"game {s.game_id[:8]}: Send to opponent addresses {args.address}")
    return 0


@_guard
def cmd_undo(args: argparse.Namespace) -> int:
    home = _home(args)
    s = home.load(home.find(args.game))
    cmd = s.undo()
    print(f"undone: {cmd.kind.replace('_', ' ')}")
    print(f"status: {s.status()}")
    return 0


@_guard
def cmd_send(args: argparse.Namespace) -> int:
    home = _home(args)
    s = home.load(home.find(args.game))
    _after_send(s, s.send(args.out, full=args.full, note=args.note))
    return 0


@_guard
def cmd_evidence(args: argparse.Namespace) -> int:
    home = _home(args)
    s = home.load(home.find(args.game))
    path = s.export_evidence(args.out)
    print(f"wrote {path}: every signed segment of game {s.game_id[:8]} and its module; a referee checks it with: "
          f"darkdec exchange verify-evidence {path.name}")
    return 0


@_guard
def cmd_verify_evidence(args: argparse.Namespace) -> int:
    from darkdec_qt.exchangestore import verify_evidence

    for line in verify_evidence(args.file):
        print(line)
    return 0


@_guard
def cmd_identity(args: argparse.Namespace) -> int:
    if args.passphrase_file:
        passphrase = Path(args.passphrase_file).read_text().rstrip("\n")
    else:
        import getpass

        passphrase = getpass.getpass("passphrase: ")
    home = _home(args)
    if args.action == "export":
        home.export_identity(args.file, passphrase)
        print(f"wrote {args.file}: your key {home.fingerprint()}, encrypted with the passphrase; keep both safe")
    else:
        print(f"your key is now {home.import_identity(args.file, passphrase, replace=args.replace)}")
    return 0


@_guard
def cmd_orders(args: argparse.Namespace) -> int:
    from darkdec_qt.game.exchange.orders import ORDERS

    home = _home(args)
    s = home.load(home.find(args.game))
    if args.clear or args.set is not None:
        s.set_orders([] if args.clear else args.set)
    for name, text in ORDERS.items():
        print(f"[{'x' if s.me.orders.get(name) else ' '}] {name}: {text}")
    return 0

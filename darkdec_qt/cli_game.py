"""``darkdec play | edit | selfplay | replay | log | status | scenarios``."""

from __future__ import annotations

import argparse
import json
import sys
import time

from darkdec_qt.model.gamefile import GameFileError
from darkdec_qt.model.load import DEFAULT_MODULE, load_module


def add_parsers(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("play", help="start the game client")
    p.add_argument("game", nargs="?", help="a game file to open (.ddg)")
    p.add_argument("--scenario", default="herbstnebel")
    p.add_argument("--module", default=str(DEFAULT_MODULE))
    p.add_argument("--optional", action="append", default=[], help="optional rule number, repeatable")
    p.add_argument("--variant", action="append", default=[], help="variant rule number, repeatable")
    p.add_argument("--seed", default=None)
    p.add_argument("--screenshot", help="render the main window to this PNG headless and exit")
    p.set_defaults(func=cmd_play)

    e = sub.add_parser("edit", help="start the scenario editor")
    e.add_argument("module", nargs="?", default=str(DEFAULT_MODULE))
    e.add_argument("--screenshot", help="render the editor to this PNG headless and exit")
    e.set_defaults(func=cmd_edit)

    s = sub.add_parser("selfplay", help="play random legal commands for both sides")
    s.add_argument("--scenario", default="herbstnebel")
    s.add_argument("--seed", default="1")
    s.add_argument("--turns", type=int, default=None, help="game turns to play (default: to the scenario's end)")
    s.add_argument("--optional", action="append", default=[])
    s.add_argument("--variant", action="append", default=[])
    s.add_argument("--module", default=str(DEFAULT_MODULE))
    s.add_argument("--out", help="write the game file here")
    s.set_defaults(func=cmd_selfplay)

    r = sub.add_parser("replay", help="replay a game file")
    r.add_argument("game")
    r.add_argument("--verify", action="store_true", help="re-execute every command and compare the events")
    r.set_defaults(func=cmd_replay)

    lg = sub.add_parser("log", help="print a game's log in words")
    lg.add_argument("game")
    lg.set_defaults(func=cmd_log)

    sc = sub.add_parser("scenarios", help="scenarios, optional rules and variants")
    sc.add_argument("--json", action="store_true")
    sc.add_argument("--module", default=str(DEFAULT_MODULE))
    sc.set_defaults(func=cmd_scenarios)


def cmd_play(args: argparse.Namespace) -> int:
    from darkdec_qt.ui.app import run_client

    return run_client(args)


def cmd_edit(args: argparse.Namespace) -> int:
    from editor.app import run_editor

    return run_editor(args.module, screenshot=args.screenshot)


def _turns_left(module, scenario: str) -> int:
    sc = module.scenarios[scenario]
    first = module.turn(sc.first_turn).number
    last = module.turn(sc.last_turn).number
    return last - first + 1


def cmd_selfplay(args: argparse.Namespace) -> int:
    from darkdec_qt import gamestore
    from darkdec_qt.game.selfplay import selfplay

    module = load_module(args.module)
    if args.scenario not in module.scenarios:
        print(f"darkdec: unknown scenario {args.scenario!r}; one of {', '.join(sorted(module.scenarios))}", file=sys.stderr)
        return 2
    turns = args.turns or _turns_left(module, args.scenario)
    t0 = time.perf_counter()
    kw = {"optional": tuple(args.optional)} if args.optional else {}
    game = selfplay(module, args.scenario, args.seed, turns, **kw)
    dt = time.perf_counter() - t0
    if args.out:
        gamestore.save(game, args.out, args.module)
    print(f"{args.scenario} seed {args.seed}: {len(game.events)} events, turn {game.state.turn}, {dt:.1f} s")
    print(game.state.state_hash())
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    from darkdec_qt import gamestore

    try:
        if args.verify:
            v = gamestore.verify(args.game)
            if not v.ok:
                print(f"darkdec: replay does not reproduce: {v.message}", file=sys.stderr)
                print(v.state_hash)
                return 1
            print(v.state_hash)
            return 0
        opened = gamestore.open_game(args.game)
    except GameFileError as exc:
        print(f"darkdec: error: {exc}", file=sys.stderr)
        return 2
    print(opened.game.state.state_hash())
    return 0


def cmd_log(args: argparse.Namespace) -> int:
    from darkdec_qt import gamestore
    from darkdec_qt.rules.narrate import describe

    try:
        opened = gamestore.open_game(args.game)
    except GameFileError as exc:
        print(f"darkdec: error: {exc}", file=sys.stderr)
        return 2
    for i, e in enumerate(opened.game.events):
        text = describe(e, opened.game.module)
        if text:
            print(f"{i:6d}  {text}")
    return 0


def cmd_scenarios(args: argparse.Namespace) -> int:
    from darkdec_qt.rules.options import catalogue

    module = load_module(args.module)
    data = {
        "scenarios": [
            {"id": s.id, "name": s.name, "first_turn": s.first_turn, "last_turn": s.last_turn,
             "optional_rules": list(s.optional_rules), "variants": list(s.variants),
             "reconstructed": s.reconstructed}
            for s in module.scenarios.values()
        ],
        **catalogue(),
    }
    if args.json:
        print(json.dumps(data, indent=1))
    else:
        for s in data["scenarios"]:
            print(f"{s['id']:<14} {s['name']:<30} {s['first_turn']} - {s['last_turn']}")
        print("optional rules: " + ", ".join(f"{t['rule']} {t['name']}" for t in data["optional_rules"]))
        print("variants: " + ", ".join(f"{t['rule']} {t['name']}" for t in data["variants"]))
    return 0

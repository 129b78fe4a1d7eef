"""``darkdec play | edit | selfplay | replay | log | status | scenarios``."""

from __future__ import annotations

import argparse
import json
import sys
import time

from darkdec_qt.packagedata import module_path
from darkdec_qt.rules.scenarios.setup import SETUPS

DEFAULT_MODULE = module_path()


def add_parsers(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("play", help="start the game client")
    p.add_argument("game", nargs="?", help="a game file to open (.ddg)")
    p.add_argument("--scenario", default=None,
                   help="start this scenario at once (without it and a game file: the welcome screen)")
    p.add_argument("--module", default=str(DEFAULT_MODULE))
    p.add_argument("--optional", action="append", default=[], help="optional rule number, repeatable")
    p.add_argument("--variant", action="append", default=[], help="variant rule number, repeatable")
    p.add_argument("--seed", default=None)
    p.add_argument("--setup", choices=SETUPS, default="historical",
                   help="German set-up of a 16 December scenario: historical (6.2, the default), free (6.1, "
                        "by hand) or the engine's automatic fill")
    p.add_argument("--screenshot", help="render the main window to this PNG headless and exit")
    p.set_defaults(func=cmd_play)

    e = sub.add_parser("edit", help="start the scenario editor")
    e.add_argument("module", nargs="?", default=None,
                   help="module database (default: your copy of the bundled one, made in the user data directory)")
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
    s.add_argument("--setup", choices=SETUPS, default="auto",
                   help="German set-up: automatic, free (6.1, placed by AutoSetup) or historical (6.2)")
    s.add_argument("--vc", choices=("historical", "small_solution", "luxembourg"), default=None,
                   help="Campaign Game: Germany's choice of victory conditions (26.20A)")
    from darkdec_qt import cli_ai  # the computer players' options

    cli_ai.add_selfplay_args(s)
    s.set_defaults(func=cmd_selfplay)

    st = sub.add_parser("status", help="the victory verdict of a game file, and what each side still needs")
    st.add_argument("game")
    st.add_argument("--side", choices=("German", "Allied"), default=None,
                    help="the viewer: hides Germany's secret 26.20A choice from the Allies until revealed")
    st.set_defaults(func=cmd_status)

    r = sub.add_parser("replay", help="replay a game file; with --frames or --gif, draw the map turn by turn")
    r.add_argument("game")
    r.add_argument("--verify", action="store_true", help="re-execute every command and compare the events")
    from darkdec_qt import cli_pictures  # the frames' options (Qt is imported only when they are used)

    cli_pictures.add_replay_args(r)
    r.set_defaults(func=cmd_replay)

    rp = sub.add_parser("report", help="an after-action report: one self-contained HTML page to post")
    rp.add_argument("game")
    cli_pictures.add_report_args(rp)
    rp.set_defaults(func=cmd_report)

    lg = sub.add_parser("log", help="print a game's log in words")
    lg.add_argument("game")
    lg.add_argument("--all", action="store_true", help="list every event whole: each routine supply line instead "
                    "of one per phase, and, in an unfinished game played with fog of war, what both sides did")
    lg.add_argument("--side", choices=("German", "Allied"), default=None,
                    help="the log as this side may know it under fog of war (25.0): an enemy unit's move as "
                         "'a German unit moves ...', the enemy's notes and supply checks left out; an unfinished "
                         "game played with fog of war without --side lists everything, after a warning")
    lg.set_defaults(func=cmd_log)

    sc = sub.add_parser("scenarios", help="scenarios, optional rules and variants")
    sc.add_argument("--json", action="store_true")
    sc.add_argument("--module", default=str(DEFAULT_MODULE))
    sc.set_defaults(func=cmd_scenarios)


def cmd_play(args: argparse.Namespace) -> int:
    """Refuse a file that is not a game, an invalid module and an unknown scenario here, in
    one line each, before the client starts."""
    from darkdec_qt.model.load import load_module
    from darkdec_qt.model.safesqlite import expect_kind

    if args.game and str(args.game).endswith(".ddx"):  # an opponent's file (file exchange, ui/exchange/actions.py)
        from darkdec_qt.model.exchangefile import ExchangeFileError, read_exchange
        from darkdec_qt.ui.app import run_exchange_client

        try:  # a file that is not a readable exchange file: one line, before the client starts
            read_exchange(args.game)
        except ExchangeFileError as exc:
            print(f"darkdec: error: {exc}", file=sys.stderr)
            return 2
        return run_exchange_client(args)
    if args.game:
        expect_kind(args.game, "game")
    else:
        expect_kind(args.module, "module")
        if _unknown_scenario(load_module(args.module), args.scenario or "herbstnebel"):
            return 2
        if args.scenario is None:
            from darkdec_qt.ui.app import run_welcome

            return run_welcome(args)
    from darkdec_qt.ui.app import run_client

    return run_client(args)


def _unknown_scenario(module, scenario: str) -> bool:  # noqa: ANN001
    if scenario in module.scenarios:
        return False
    print(f"darkdec: error: unknown scenario {scenario!r}; the scenarios are: "
          + ", ".join(f"{s.id} ({s.name})" for s in module.scenarios.values()), file=sys.stderr)
    return True


def cmd_edit(args: argparse.Namespace) -> int:
    from darkdec_qt.model.safesqlite import expect_kind

    if args.module is not None:  # None: the designer's copy of the bundled module (editor/usercopy.py)
        expect_kind(args.module, "module")
    from editor.app import run_editor

    return run_editor(args.module, screenshot=args.screenshot)


def _turns_left(module, scenario: str) -> int:
    sc = module.scenarios[scenario]
    first = module.turn(sc.first_turn).number
    last = module.turn(sc.last_turn).number
    return last - first + 1


def cmd_selfplay(args: argparse.Namespace) -> int:
    if getattr(args, "german", None) or getattr(args, "allied", None):
        from darkdec_qt.cli_ai import cmd_selfplay_ai

        return cmd_selfplay_ai(args)
    from darkdec_qt import gamestore
    from darkdec_qt.game.selfplay import selfplay
    from darkdec_qt.model.load import load_module

    module = load_module(args.module)
    if _unknown_scenario(module, args.scenario):
        return 2
    from darkdec_qt.rules.core.errors import IllegalAction
    from darkdec_qt.rules.scenarios.victory import evaluate

    turns = args.turns or _turns_left(module, args.scenario)
    t0 = time.perf_counter()
    kw = {"optional": tuple(args.optional)} if args.optional else {}
    try:
        game = selfplay(module, args.scenario, args.seed, turns, variants=tuple(args.variant) or None,
                        setup=args.setup, vc_choice=args.vc, **kw)
    except IllegalAction as exc:
        print(f"darkdec: {exc}", file=sys.stderr)
        return 2
    dt = time.perf_counter() - t0
    if args.out:
        gamestore.save(game, args.out, args.module)
    chosen = sorted(game.variants)
    print(f"{args.scenario} seed {args.seed}{' variants ' + ','.join(chosen) if chosen else ''}: "
          f"{len(game.events)} events, turn {game.state.turn}, {dt:.1f} s")
    print(evaluate(game.state).text())
    print(game.state.state_hash())
    return 0


def _open_verified(path: str):  # -> gamestore.Opened
    """Open a game file for a command; a file from a newer program version is said on stderr, a
    chosen seed or a module other than the bundled one on stdout (gamestore.game_notes)."""
    from darkdec_qt import gamestore

    opened = gamestore.open_verified(path)
    if opened.notice:
        print(f"darkdec: warning: {opened.notice}", file=sys.stderr)
    _notes(opened.game, path)
    return opened


def cmd_status(args: argparse.Namespace) -> int:
    """``darkdec status game.ddg``: the scenario, turn, chosen rules and the verdict (victory.py)."""
    from darkdec_qt.rules.scenarios.variants import vc_choice_visible
    from darkdec_qt.rules.scenarios.victory import evaluate

    opened = _open_verified(args.game)
    st = opened.game.state
    sc = st.module.scenarios.get(st.scenario)
    print(f"{sc.name if sc else st.scenario}: turn {st.turn} ({st.current_turn().label}), {st.side} {st.phase.value}"
          + (" - game over" if st.game_over else ""))
    if st.optional:
        print("optional rules: " + ", ".join(sorted(st.optional)))
    if st.variants:
        print("variants: " + ", ".join(sorted(st.variants)))
    if "26.20A" in st.triggers:
        viewer = args.side or "German"
        print("victory conditions (26.20A): " + (st.vc_choice if vc_choice_visible(st, viewer) else "secret"))
    print(evaluate(st).text())
    return 0


def _notes(game, path: str) -> None:  # noqa: ANN001
    """The game's provenance notes (gamestore.game_notes): a chosen seed, another module."""
    from darkdec_qt import gamestore

    for note in gamestore.game_notes(game):
        print("note: " + note.replace("darkdec module diff GAME", f"darkdec module diff {path}"))


def cmd_replay(args: argparse.Namespace) -> int:
    from darkdec_qt import gamestore

    if args.verify:
        opened, v = gamestore.check_game(args.game)
        print(v.verdict())
        _notes(opened.game, args.game)
        if not v.ok:
            print(f"darkdec: replay does not reproduce: {v.message}", file=sys.stderr)
            return 1
        return 0
    opened = _open_verified(args.game)
    if args.frames or args.gif:
        from darkdec_qt.cli_pictures import cmd_replay_pictures

        return cmd_replay_pictures(args, opened)
    print(opened.game.state.state_hash())
    return 0


def cmd_report(args: argparse.Namespace) -> int:
    from darkdec_qt.cli_pictures import cmd_report as report

    return report(args, _open_verified(args.game))


def cmd_log(args: argparse.Namespace) -> int:
    from darkdec_qt.logfold import folded_lines
    from darkdec_qt.model.safesqlite import printable
    from darkdec_qt.rules.narrate import Storyteller

    opened = _open_verified(args.game)
    st = opened.game.state
    if args.side is None and not args.all and st.has_rule("25") and not st.game_over:
        # Not refused as replay --frames is: the file holds every command for any reader, and self-play
        # and scripts read their logs; the warning comes first, before any line.
        print("darkdec: warning: this game is not over and is played with fog of war (25.0): every event is "
              "listed; --side German or --side Allied lists what that side may know", file=sys.stderr)
    teller = Storyteller(opened.game.module, st, args.side)
    for i, text in folded_lines(opened.game.events, teller, expand=args.all):
        print(f"{i:6d}  {printable(text)}")  # a note's text comes from the file
    return 0


def cmd_scenarios(args: argparse.Namespace) -> int:
    from darkdec_qt.model.load import load_module
    from darkdec_qt.rules.core.options import catalogue

    module = load_module(args.module)
    data = {
        "scenarios": [
            {"id": s.id, "name": s.name, "first_turn": s.first_turn, "last_turn": s.last_turn,
             "optional_rules": list(s.optional_rules), "variants": list(s.variants),
             "reconstructed": s.reconstructed,
             # (scenarios) set-up modes, 26.20A choice and the victory levels in words
             "setups": list(SETUPS) if module.turn(s.first_turn).number == 1 else ["derived"],
             "victory_choices": ["historical", "small_solution", "luxembourg"] if s.id in ("campaign", "extended")
             else [],
             "victory_levels": [{"level": lv.get("level"), "winner": lv.get("winner"), "name": lv.get("name"),
                                 "condition": lv.get("condition")}
                                for lv in s.victory.get("levels", []) if isinstance(lv, dict)]}
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

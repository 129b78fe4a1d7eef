"""``darkdec open FILE``: any of the program's files in the right place (a game in the
client, a file-exchange file in the exchange flow, a module in the editor), as a double-click
in a file manager does; ``darkdec install-desktop [--uninstall]``: the desktop entry, file
types and icons for this user (Linux, desktop.py)."""

from __future__ import annotations

import argparse
import sys


def add_parsers(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    o = sub.add_parser("open", help="open a game (.ddg), a file-exchange file (.ddx) or a module in the right window")
    o.add_argument("file", nargs="?", help="the file (without one: the welcome screen)")
    o.add_argument("--screenshot", help="render the window to this PNG headless and exit")
    o.set_defaults(func=cmd_open)

    d = sub.add_parser("install-desktop", help="add Dark December to this user's desktop menu and file types (Linux)")
    d.add_argument("--uninstall", action="store_true", help="remove what install-desktop added")
    d.set_defaults(func=cmd_install_desktop)


def _play_args(argv: list[str]) -> argparse.Namespace:
    """``darkdec play ARGV`` parsed by the play command's own parser (cli_game), so that this
    module needs nothing of the command line that imports it."""
    from darkdec_qt import cli_game

    p = argparse.ArgumentParser(prog="darkdec")
    cli_game.add_parsers(p.add_subparsers(dest="cmd", required=True))
    return p.parse_args(["play", *argv])


def cmd_open(args: argparse.Namespace) -> int:
    from darkdec_qt.model.safesqlite import sniff

    if not args.file:  # the desktop menu's entry starts 'darkdec open' with no file
        play = _play_args(["--screenshot", args.screenshot] if args.screenshot else [])
        return int(play.func(play) or 0)
    kind = sniff(args.file)
    if kind in ("missing", "folder", "other"):
        what = {"missing": "does not exist", "folder": "is a folder",
                "other": "is not a Dark December file (a game .ddg, a file-exchange file .ddx or a module)"}[kind]
        print(f"darkdec: error: {args.file} {what}", file=sys.stderr)
        return 2
    if kind == "sqlite":  # a module database (the editor refuses any other SQLite file, in one sentence)
        from darkdec_qt.cli_game import cmd_edit

        return cmd_edit(argparse.Namespace(module=args.file, screenshot=args.screenshot))
    play = _play_args([args.file] + (["--screenshot", args.screenshot] if args.screenshot else []))
    if kind == "exchange":
        from darkdec_qt.ui.app import run_exchange_client

        return run_exchange_client(play)
    return int(play.func(play) or 0)


def cmd_install_desktop(args: argparse.Namespace) -> int:
    from darkdec_qt import desktop

    if not sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        print("darkdec: error: install-desktop is for Linux and BSD desktops; on Windows the installer and on "
              "macOS the .app register the program (packaging/)", file=sys.stderr)
        return 2
    home = desktop.data_home()
    if args.uninstall:
        removed = desktop.uninstall(home)
        print(f"removed {len(removed)} files from {home}")
    else:
        written = desktop.install(home)
        print(f"installed {len(written)} files in {home}: 'Dark December' is in the menu; .ddg and .ddx files "
              "open with it")
    return 0

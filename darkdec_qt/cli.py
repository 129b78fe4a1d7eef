"""The ``darkdec`` command line."""

from __future__ import annotations

import argparse
import sys

from darkdec_qt import cli_ai, cli_exchange, cli_game, cli_module, cli_rules
from darkdec_qt.version import VERSION


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="darkdec", description="Dark December: play, design and replay the 1979 Bulge game")
    p.add_argument("--version", action="version", version=f"darkdec {VERSION}")
    sub = p.add_subparsers(dest="cmd", required=True)
    cli_module.add_parser(sub)
    cli_game.add_parsers(sub)
    cli_rules.add_parser(sub)
    cli_ai.add_parsers(sub)
    cli_exchange.add_parser(sub)
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except BrokenPipeError:  # output piped into head & co.
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except cli_module.ERRORS as exc:
        print(f"darkdec: error: {cli_module.error_text(exc)}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

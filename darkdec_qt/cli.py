"""The ``darkdec`` command line."""

from __future__ import annotations

import argparse
import sys

from darkdec_qt import cli_ai, cli_desktop, cli_exchange, cli_game, cli_module, cli_rules
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
    cli_desktop.add_parsers(sub)
    return p


class _Printable:
    """A text stream that drops the control characters of what is written to it (except line
    breaks and tabs): every text printed may come from a file (a note, a name, a path), and a
    terminal takes escape sequences as orders."""

    def __init__(self, stream):  # noqa: ANN001
        self._stream = stream

    def write(self, text: str) -> int:
        from darkdec_qt.model.safesqlite import printable

        self._stream.write(printable(text, one_line=False))
        return len(text)

    def __getattr__(self, name: str):  # noqa: ANN204
        return getattr(self._stream, name)


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = _Printable(out), _Printable(err)
    try:
        return _run(args)
    finally:
        sys.stdout, sys.stderr = out, err


def _run(args: argparse.Namespace) -> int:
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

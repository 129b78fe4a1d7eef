"""Pictures of a game file: ``darkdec replay game.ddg --frames DIR / --gif out.gif`` (the map at
the end of every turn or phase, ui/frames.py) and ``darkdec report game.ddg --out report.html``
(the after-action report, report/). The file is opened as ``darkdec replay --verify`` opens it
(gamestore.open_verified: every command re-executed with full checking); Qt is imported only here.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

FOG_HELP = ("the viewer: show only what this side may see under fog of war (25.0). Without it every unit "
            "is shown, as a replay of a finished game does; an unfinished game played with fog of war "
            "needs --side or --all")


def add_replay_args(r: argparse.ArgumentParser) -> None:
    """``darkdec replay``'s picture options."""
    r.add_argument("--frames", metavar="DIR",
                   help="write one PNG of the map per turn (or per phase with --per phase) into DIR: the map "
                        "as it stood at the end of it, every unit shown unless --side is given")
    r.add_argument("--gif", metavar="OUT.gif", help="write an animated GIF of the same frames")
    r.add_argument("--per", choices=("turn", "phase"), default="turn",
                   help="one frame per turn (the default) or per phase")
    add_view_args(r, default_scale=0.35)
    r.add_argument("--seconds", type=float, default=0.8, help="GIF: seconds each frame is shown (default 0.8)")


def add_view_args(p: argparse.ArgumentParser, default_scale: float) -> None:
    p.add_argument("--side", choices=("German", "Allied"), default=None, help=FOG_HELP)
    p.add_argument("--all", action="store_true", help="show every unit even in an unfinished fog-of-war game")
    p.add_argument("--scale", type=float, default=default_scale,
                   help=f"map scale, 1 = the client's 100 %% zoom (default {default_scale})")


def viewer(args: argparse.Namespace, game) -> str | None:  # noqa: ANN001
    """The side whose view is drawn, None for every unit; refuses (ValueError) to show an
    unfinished fog-of-war game whole unless asked with --all."""
    if not 0.05 <= args.scale <= 2.0:
        raise ValueError(f"--scale must be between 0.05 and 2, not {args.scale}")
    st = game.state
    if args.side is None and not args.all and st.has_rule("25") and not st.game_over:
        raise ValueError("this game is not over and is played with fog of war (25.0): name the viewer with "
                         "--side German or --side Allied, or show every unit with --all")
    return args.side


def cmd_replay_pictures(args: argparse.Namespace, opened) -> int:  # noqa: ANN001
    """Frames and/or the GIF of an opened (verified) game."""
    from darkdec_qt.ui import frames as fr

    game = opened.game
    try:
        side = viewer(args, game)
        if args.seconds <= 0 or args.seconds > 60:
            raise ValueError(f"--seconds must be above 0 and at most 60, not {args.seconds}")
    except ValueError as exc:
        print(f"darkdec: error: {exc}", file=sys.stderr)
        return 2
    out_dir = Path(args.frames) if args.frames else None
    if out_dir is not None:
        out_dir.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    pictures = []
    n = 0
    for n, (moment, img) in enumerate(fr.frames(game, args.per, args.scale, side), start=1):
        if out_dir is not None:
            fr.save_png(img, str(out_dir / moment.file_name(n, args.per)))
        if args.gif:
            pictures.append(fr.to_pillow(img))
    if args.gif:
        fr.write_gif(pictures, args.gif, seconds=args.seconds)
    dt = time.perf_counter() - t0
    where = " and ".join(x for x in (str(out_dir) if out_dir else "", args.gif or "") if x)
    print(f"{n} frames (one per {args.per}) written to {where} in {dt:.1f} s")
    return 0

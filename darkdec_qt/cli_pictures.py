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


def add_report_args(rp: argparse.ArgumentParser) -> None:
    """``darkdec report``'s options (the command is cli_game's, which opens the file)."""
    rp.add_argument("--out", required=True, metavar="REPORT.html", help="the page to write")
    rp.add_argument("--turns", default="", metavar="5,10",
                    help="also show the map at the end of these turns (the map at the end is always shown)")
    rp.add_argument("--all", action="store_true",
                    help="report an unfinished game played with fog of war (25.0): the report shows every "
                         "unit and the whole log, so it is refused without this")
    rp.add_argument("--scale", type=float, default=0.5, help="map scale, 1 = the client's 100 %% zoom "
                                                             "(default 0.5)")


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
    if not fr.moments(game, args.per):
        print("darkdec: error: the game has not begun: there is no turn to draw", file=sys.stderr)
        return 2
    out_dir = Path(args.frames) if args.frames else None
    if out_dir is not None:
        out_dir.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    maker = fr.FrameMaker(game, args.scale, side)
    gif = None
    if args.gif:  # the GIF's palette from its first and last frames, drawn beforehand
        ms = fr.moments(game, args.per)
        states = [game.state_at(ms[0].index),
                  game.state if ms[-1].index == len(game.events) else game.state_at(ms[-1].index)]
        first, last = (fr.to_pillow(maker.frame(st, m.what)) for st, m in zip(states, (ms[0], ms[-1])))
        gif = fr.GifWriter(args.gif, first, last, len(ms), seconds=args.seconds)
    n = 0
    try:
        for n, (moment, img) in enumerate(fr.frames(game, args.per, maker=maker), start=1):
            if out_dir is not None:
                fr.save_png(img, str(out_dir / moment.file_name(n, args.per)))
            if gif is not None:
                gif.add(fr.to_pillow(img))
    except BaseException:
        if gif is not None:
            gif.close(complete=False)  # no half GIF left behind
        raise
    if gif is not None:
        gif.close()
    dt = time.perf_counter() - t0
    where = " and ".join(x for x in (str(out_dir) if out_dir else "", args.gif or "") if x)
    print(f"{n} frames (one per {args.per}) written to {where} in {dt:.1f} s")
    return 0


def _turn_list(spec: str, played: list[int]) -> list[int]:
    """``--turns 5,10``: game turns played, in order, the last one left out (always shown)."""
    out: list[int] = []
    for part in (p.strip() for p in spec.split(",")[:50] if p.strip()):
        if not part.isdigit() or int(part) not in played:
            raise ValueError(f"--turns: {part[:20]!r} is not a turn of this game (1 to {played[-1] if played else 0})")
        if int(part) not in out and int(part) != played[-1]:
            out.append(int(part))
    return sorted(out)


def cmd_report(args: argparse.Namespace, opened) -> int:  # noqa: ANN001
    """``darkdec report game.ddg --out report.html`` of an opened (verified) game: the
    after-action report (report/page.py)."""
    game = opened.game
    t0 = time.perf_counter()
    try:
        if not 0.05 <= args.scale <= 2.0:
            raise ValueError(f"--scale must be between 0.05 and 2, not {args.scale}")
        if game.state.has_rule("25") and not game.state.game_over and not args.all:
            raise ValueError("this game is not over and is played with fog of war (25.0): the report shows "
                             "every unit and the whole log; write it anyway with --all")
        from darkdec_qt.ui import frames as fr

        ms = fr.moments(game, "turn")
        wanted = _turn_list(args.turns, [m.turn for m in ms])
    except ValueError as exc:
        print(f"darkdec: error: {exc}", file=sys.stderr)
        return 2
    from darkdec_qt import gamestore
    from darkdec_qt.game.statistics import Statistics
    from darkdec_qt.model.safewrite import atomic_write
    from darkdec_qt.report.page import MapPicture, report_html

    maps = []
    events = game.events
    stats = Statistics(game.initial)  # one reading of the log: the charts' figures and the maps' states
    if ms:
        maker = fr.FrameMaker(game, args.scale, None)
        for m in [m for m in ms if m.turn in wanted] + [ms[-1]]:
            stats.extend(events[len(stats.events):m.index])
            if m is not ms[-1]:
                what = m.what
            else:
                what = "end of the game" if game.state.game_over else "where the log ends"
            img = maker.frame(stats.state, what)
            date = f"({turn_label(game, m.turn)})"
            caption = (f"The map at the {what} {date}" if m is not ms[-1] else
                       f"The map {what}, turn {m.turn} {date}" if what.startswith("where") else
                       f"The map at the {what}, turn {m.turn} {date}")
            maps.append(MapPicture(caption, fr.png_bytes(img), img.width(), img.height()))
    page = report_html(game, maps, source=Path(args.game).name, notes=gamestore.game_notes(game),
                       opponent=(opened.record.extra or {}).get("opponent"), stats=stats)
    atomic_write(args.out, page.encode("utf-8"), prefix=".report-", suffix=".html")
    print(f"report written to {args.out} ({len(page) / 1e6:.1f} MB, {len(maps)} map"
          f"{'s' if len(maps) != 1 else ''}) in {time.perf_counter() - t0:.1f} s")
    return 0


def turn_label(game, turn: int) -> str:  # noqa: ANN001
    turns = game.module.turns
    return turns[min(max(turn, 1), len(turns)) - 1].label

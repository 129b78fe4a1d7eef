"""Pictures of a whole Campaign game, timed as a player waits for them (the file opened and
verified, then drawn): ``darkdec replay --frames DIR --gif out.gif`` one frame per turn (goal
<= 60 s), with --phases the same per phase, and ``darkdec report`` (goal <= 10 s).

``python benchmarks/pictures.py [--game FILE] [--keep DIR] [--phases]``: without --game a Campaign game of
the computer opponent against itself (seed 3001, historical set-up, about a minute) is played
first; --keep leaves the pictures in DIR to look at."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from darkdec_qt.cli import main as darkdec  # noqa: E402


def _campaign(folder: Path) -> Path:
    path = folder / "campaign.ddg"
    t0 = time.perf_counter()
    darkdec(["selfplay", "--scenario", "campaign", "--seed", "3001", "--setup", "historical",
             "--german", "ai:normal", "--allied", "ai:normal", "--out", str(path)])
    print(f"(game played in {time.perf_counter() - t0:.0f} s)")
    return path


def _timed(label: str, goal: float | None, argv: list[str]) -> float:
    """Wall-clock seconds (what the player waits) and this process's CPU seconds (what the
    machine's other load does not change)."""
    t0, c0 = time.perf_counter(), time.process_time()
    code = darkdec(argv)
    dt, cpu = time.perf_counter() - t0, time.process_time() - c0
    if code:
        sys.exit(f"{label}: darkdec exited {code}")
    print(f"{label}: {dt:.1f} s, {cpu:.1f} s CPU" + (f" (goal <= {goal:.0f} s)" if goal else ""))
    return dt


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--game", help="a game file (default: play a Campaign game first)")
    ap.add_argument("--keep", help="write the pictures here and keep them")
    ap.add_argument("--phases", action="store_true", help="also a frame per phase (some 500 PNGs, minutes)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(args.keep or tmp)
        out.mkdir(parents=True, exist_ok=True)
        game = Path(args.game) if args.game else _campaign(Path(tmp))
        from darkdec_qt import gamestore

        t0, c0 = time.perf_counter(), time.process_time()
        g = gamestore.open_verified(game).game
        turns = len({e.turn for e in g.events if e.kind == "phase_began"})
        print(f"{game.name}: {len(g.events)} events, {turns} turns; opened and verified in "
              f"{time.perf_counter() - t0:.1f} s, {time.process_time() - c0:.1f} s CPU (part of every figure below)")
        _timed("frames per turn (PNG) and the GIF", 60,
               ["replay", str(game), "--frames", str(out / "turns"), "--gif", str(out / "game.gif"), "--all"])
        if args.phases:
            _timed("frames per phase (PNG)", None, ["replay", str(game), "--frames", str(out / "phases"),
                                                    "--per", "phase", "--all"])
        _timed("after-action report (HTML, the map at the end and at 3 turns)", 10,
               ["report", str(game), "--out", str(out / "report.html"), "--turns", "6,12,24", "--all"])
        print(f"GIF {os.path.getsize(out / 'game.gif') / 1e6:.1f} MB")


if __name__ == "__main__":
    main()

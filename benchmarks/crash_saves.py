"""Kill saving processes at random moments (docs/file-safety.md) and report what was left.

    python benchmarks/crash_saves.py            # 50 kills
    python benchmarks/crash_saves.py --kills 200

Each kill: the game file must load whole (hash chain and seal), and after the next start
(``remove_orphans``) no temporary file may remain. Prints how many kills left an orphan
before that clean-up (the old code left 31 of 50, and never removed them).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's code


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--kills", type=int, default=50)
    ap.add_argument("--seed", type=int, default=15)
    args = ap.parse_args()
    from darkdec_qt import gamestore
    from darkdec_qt.game.selfplay import selfplay
    from darkdec_qt.model.load import load_module
    from tests.files.test_crash import kill_saves

    with tempfile.TemporaryDirectory() as d:
        src = Path(d) / "source.ddg"
        gamestore.save(selfplay(load_module(), "herbstnebel", "1", 1), src)
        folder = Path(d) / "saves"
        folder.mkdir()
        t0 = time.perf_counter()
        stats = kill_saves(src, folder, args.kills, args.seed)
        dt = time.perf_counter() - t0
    print(f"crash_saves: {stats['kills']} kills in {dt:.0f} s; file whole after every kill; "
          f"{stats['orphans_left_by_kill']} kills left a temporary file, all removed at the next start; "
          f"{stats['versions']} distinct versions seen")


if __name__ == "__main__":
    main()

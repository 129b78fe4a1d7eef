"""File safety: saves killed at random moments. A child process saves two versions of a game
in turn without pause; it is killed (SIGKILL) after a random delay. Each time the file
holds one whole version, and after the next start (``remove_orphans``, what the client
runs on its autosave folder and the folders of recent files) no temporary file is left.
``DARKDEC_CRASH_KILLS`` sets the number of kills (default 12; 50+ for a full run)."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from darkdec_qt.model.gamefile import load_game
from darkdec_qt.model.safewrite import remove_orphans

ROOT = Path(__file__).resolve().parents[2]
KILLS = int(os.environ.get("DARKDEC_CRASH_KILLS", "12"))
CHILD = """
import sys
from darkdec_qt.model.gamefile import load_game, save_game
rec = load_game(sys.argv[1])
target = sys.argv[2]
print("ready", flush=True)
n = 0
while True:
    rec.extra = {"version": n % 2}
    save_game(rec, target)
    n += 1
"""


def kill_saves(source: Path, folder: Path, kills: int, seed: int = 15) -> dict[str, int]:
    """Kill ``kills`` saving children; returns counts (orphans seen before the next start)."""
    rnd = random.Random(seed)
    target = folder / "g.ddg"
    stats = {"kills": 0, "orphans_left_by_kill": 0, "versions": 0}
    seen: set[int] = set()
    for _ in range(kills):
        child = subprocess.Popen([sys.executable, "-c", CHILD, str(source), str(target)], cwd=ROOT,
                                 stdout=subprocess.PIPE, text=True)
        assert child.stdout is not None and child.stdout.readline().strip() == "ready"
        time.sleep(rnd.uniform(0.0, 0.25))
        child.send_signal(signal.SIGKILL)
        child.wait()
        stats["kills"] += 1
        if target.exists():
            rec = load_game(target)  # whole: the hash chain and the seal verify
            seen.add(rec.extra.get("version", -1))
        others = [p for p in folder.iterdir() if p != target]
        stats["orphans_left_by_kill"] += bool(others)
        remove_orphans(folder)  # the next start
        assert [p.name for p in folder.iterdir() if p != target] == [], "orphan left after the next start"
    stats["versions"] = len(seen)
    return stats


def test_killed_saves_leave_the_previous_file_whole_and_no_orphan(saved_game, tmp_path):
    stats = kill_saves(saved_game, tmp_path, KILLS)
    assert stats["kills"] == KILLS
    assert (tmp_path / "g.ddg").exists()

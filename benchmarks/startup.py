"""Start-up of the ``darkdec`` command line: how long each command takes to print its first
line, and the CPU it spends (user + system), the median of ``--runs`` runs after one warm-up
run (so Python's compiled modules and the rules index's test scan are cached, as on a
player's machine). A benchmark, not a test: it prints numbers.

    python benchmarks/startup.py               # every command, 5 runs each
    python benchmarks/startup.py --runs 9

Goals: commands that need no module (``--help``, ``--version``, ``rules``) print within
0.3 s; commands that read the module or a game print their first line within 0.6 s; no
command without a window imports Qt (tests/test_startup_imports.py checks the imports).
On a loaded machine the wall times wander; the CPU column does not.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

NO_MODULE = 0.3
WITH_MODULE = 0.6


def darkdec(*args: str) -> list[str]:
    return [sys.executable, "-m", "darkdec_qt.cli", *args]


def first_line(argv: list[str], env: dict[str, str]) -> tuple[float, float, float]:
    """Seconds to the first line of output, seconds to the end, CPU seconds (user + sys)."""
    t0 = time.perf_counter()
    p = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    assert p.stdout is not None
    p.stdout.readline()
    t1 = time.perf_counter()
    p.stdout.read()
    p.stdout.close()
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    t2 = time.perf_counter()
    if p.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(argv[3:])}: exit {p.returncode}")
    return t1 - t0, t2 - t0, usage.ru_utime + usage.ru_stime


def commands(tmp: Path, env: dict[str, str]) -> list[tuple[str, list[str], float]]:
    """(name, argv, goal): a saved game and an opponent's exchange file are made first."""
    game = tmp / "g.ddg"
    subprocess.run(darkdec("selfplay", "--scenario", "herbstnebel", "--turns", "1", "--out", str(game)),
                   env=env, check=True, capture_output=True)
    subprocess.run(darkdec("exchange", "--home", str(tmp / "a"), "new", "--side", "German", "--out", str(tmp)),
                   env=env, check=True, capture_output=True)
    invitation = next(tmp.glob("*.ddx"))
    return [
        ("--version", darkdec("--version"), NO_MODULE),
        ("--help", darkdec("--help"), NO_MODULE),
        ("rules 10.4.1A", darkdec("rules", "10.4.1A"), NO_MODULE),
        ("scenarios", darkdec("scenarios"), WITH_MODULE),
        ("module info", darkdec("module", "info"), WITH_MODULE),
        ("status GAME", darkdec("status", str(game)), WITH_MODULE),
        ("log GAME", darkdec("log", str(game)), WITH_MODULE),
        ("exchange open FILE", darkdec("exchange", "--home", str(tmp / "b"), "open", str(invitation)), WITH_MODULE),
    ]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    a = ap.parse_args(argv)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        for var in ("XDG_DATA_HOME", "XDG_CONFIG_HOME"):  # keys and games here, not in the user's folders
            env[var] = str(tmp / var.lower())
        print(f"{'command':<20} {'first line':>10} {'whole':>7} {'CPU':>6} {'goal':>6}   (median of {a.runs}, s)")
        for name, cmd, goal in commands(tmp, env):
            if name.startswith("exchange open"):  # each run opens the invitation into a fresh home
                runs = []
                for i in range(a.runs + 1):
                    cmd[cmd.index("--home") + 1] = str(tmp / f"b{i}")
                    runs.append(first_line(cmd, env))
                runs = runs[1:]
            else:
                first_line(cmd, env)  # warm-up
                runs = [first_line(cmd, env) for _ in range(a.runs)]
            first, whole, cpu = (statistics.median(r[i] for r in runs) for i in range(3))
            mark = "" if first <= goal else "  over"
            print(f"{name:<20} {first:>10.2f} {whole:>7.2f} {cpu:>6.2f} {goal:>6.1f}{mark}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""What installing costs: the wheel's size, the Linux bundle's size unpacked (goal <= 150 MB)
and its start beside the virtual environment's (goal: no more than 1.3x), measured in the same
run, and the wheel test's time. A benchmark, not a test: it prints numbers.

    python benchmarks/install.py                 # wheel, bundle, 3 starts each
    python benchmarks/install.py --runs 5 --wheel-test

"Start" is the wall time of ``darkdec play --scenario herbstnebel --screenshot`` (headless,
offscreen): from the process's start until the main window is built, shown, drawn once and
saved; the same work for both, alternated run by run so a loaded machine hurts both alike.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SIZE_GOAL_MB = 150
START_GOAL = 1.3


def folder_mb(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink()) / 1e6


def build_wheel(out: Path) -> Path:
    src = out / "src"
    for name in ("pyproject.toml", "README.md", "darkdec_qt", "editor"):
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            src.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, src / name)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out), str(src)], check=True)
    return next(out.glob("darkdec_qt-*.whl"))


def start_s(exe: list[str], shot: Path, env: dict[str, str]) -> float:
    t0 = time.perf_counter()
    subprocess.run([*exe, "play", "--scenario", "herbstnebel", "--screenshot", str(shot)], env=env, check=True,
                   capture_output=True)
    return time.perf_counter() - t0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--bundle", type=Path, help="an existing dist/darkdec folder (default: build one)")
    ap.add_argument("--wheel-test", action="store_true", help="also time tests/packaging/test_wheel.py")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="darkdec-install-"))
    try:
        wheel = build_wheel(tmp / "wheel")
        print(f"wheel: {wheel.name} {wheel.stat().st_size / 1e6:.2f} MB")
        bundle = args.bundle
        if bundle is None:
            t0 = time.perf_counter()
            subprocess.run(["bash", str(ROOT / "packaging" / "bundle.sh"), str(tmp / "dist"), str(tmp / "work")],
                           check=True, capture_output=True, env={**os.environ, "PYTHON": sys.executable})
            print(f"bundle built in {time.perf_counter() - t0:.0f} s")
            bundle = tmp / "dist" / "darkdec"
        size = folder_mb(bundle)
        print(f"bundle unpacked: {size:.1f} MB (goal <= {SIZE_GOAL_MB} MB: {'met' if size <= SIZE_GOAL_MB else 'MISSED'})")
        env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_CONFIG_HOME": str(tmp / "config"),
               "XDG_DATA_HOME": str(tmp / "data")}
        venv_exe = [str(Path(sys.executable).with_name("darkdec"))]
        frozen = [str(bundle / "darkdec")]
        start_s(venv_exe, tmp / "w.png", env)  # warm-up: compiled modules, file cache
        start_s(frozen, tmp / "w.png", env)
        venv_t, frozen_t = [], []
        for _ in range(args.runs):
            venv_t.append(start_s(venv_exe, tmp / "v.png", env))
            frozen_t.append(start_s(frozen, tmp / "b.png", env))
        v, b = statistics.median(venv_t), statistics.median(frozen_t)
        print(f"start to a drawn window, median of {args.runs}: venv {v:.2f} s, bundle {b:.2f} s, "
              f"ratio {b / v:.2f} (goal <= {START_GOAL}: {'met' if b / v <= START_GOAL else 'MISSED'})")
        if args.wheel_test:
            t0 = time.perf_counter()
            subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                            str(ROOT / "tests" / "packaging" / "test_wheel.py")], check=True, cwd=ROOT,
                           capture_output=True)
            print(f"wheel test: {time.perf_counter() - t0:.0f} s")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

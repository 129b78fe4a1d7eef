"""Build the wheel as a user would, and run the installed ``darkdec`` from outside the checkout."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WHEEL_SOURCES = ("pyproject.toml", "README.md", "darkdec_qt", "editor")


def build_wheel(out: Path) -> Path:
    """The wheel built by pip (build isolation, as ``python -m build`` does) from a copy of the
    files the wheel is made of, so the checkout gets no build/ folder."""
    src = out / "src"
    for name in WHEEL_SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            src.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, src / name)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out / "dist"), str(src)],
                   check=True, timeout=600)
    return next((out / "dist").glob("darkdec_qt-*.whl"))


def venv_bin(venv: Path) -> Path:
    return venv / ("Scripts" if os.name == "nt" else "bin")


def fresh_venv(venv: Path, wheel: Path) -> Path:
    """A new virtual environment with the wheel (and its dependencies) installed; its ``darkdec``."""
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    python = venv_bin(venv) / ("python.exe" if os.name == "nt" else "python")
    subprocess.run([str(python), "-m", "pip", "install", "-q", str(wheel)], check=True, timeout=900)
    return venv_bin(venv) / ("darkdec.exe" if os.name == "nt" else "darkdec")


def user_env(home: Path, path: str | None = None) -> dict[str, str]:
    """An environment as a player's: headless Qt, user folders under ``home``, nothing that
    points back into the checkout."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    env.update(QT_QPA_PLATFORM="offscreen", XDG_DATA_HOME=str(home / "data"), XDG_CONFIG_HOME=str(home / "config"),
               XDG_CACHE_HOME=str(home / "cache"))
    if path is not None:
        env["PATH"] = path
    return env


def run(exe: Path | str, *args: str, cwd: Path, env: dict[str, str], timeout: float = 300) -> str:
    """Run one command; fail with its output when it fails."""
    p = subprocess.run([str(exe), *args], cwd=cwd, env=env, capture_output=True, text=True,
                       encoding="utf-8", timeout=timeout)
    if p.returncode != 0:
        raise AssertionError(f"{exe} {' '.join(args)} exited {p.returncode}:\n{p.stdout}\n{p.stderr}")
    return p.stdout

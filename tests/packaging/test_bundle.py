"""The frozen one-folder bundle (PyInstaller, packaging/darkdec.spec via packaging/bundle.sh)
runs with no Python anywhere on PATH: --version, the scenarios, and the client on the
Campaign drawn to a PNG, the replay's GIF and the report; and no library in it that nothing
there links (as the GTK stack once came in with a theme plugin left out). About 2 minutes (the build); deselect locally with
``-m "not packaging"``. benchmarks/install.py measures its size and start."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from darkdec_qt.version import VERSION

from .elf import is_elf, needed
from .helpers import ROOT, run, user_env

pytestmark = [pytest.mark.packaging,
              pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Linux bundle; CI builds the others")]


def test_the_frozen_bundle_runs_without_python(tmp_path, big_folders):
    dist, work = tmp_path / "dist", tmp_path / "work"
    subprocess.run(["bash", str(ROOT / "packaging" / "bundle.sh"), str(dist), str(work)], check=True, timeout=1500,
                   env={**os.environ, "PYTHON": sys.executable}, capture_output=True)
    darkdec = dist / "darkdec" / ("darkdec.exe" if os.name == "nt" else "darkdec")
    empty = tmp_path / "no python here"
    empty.mkdir()
    here = tmp_path / "Spiele" / "Ardennes 1944"
    here.mkdir(parents=True)
    env = user_env(tmp_path / "home", path=str(empty))
    assert run(darkdec, "--version", cwd=here, env=env).strip() == f"darkdec {VERSION}"
    assert "campaign" in run(darkdec, "scenarios", cwd=here, env=env).lower()
    run(darkdec, "play", "--scenario", "campaign", "--screenshot", "campaign.png", cwd=here, env=env)
    shot = QImage(str(here / "campaign.png"))
    assert (shot.width(), shot.height()) == (1600, 1000)
    # Pillow frozen with the libraries its _imaging links: the replay's GIF and the report
    run(darkdec, "selfplay", "--turns", "1", "--out", "g.ddg", cwd=here, env=env)
    run(darkdec, "replay", "g.ddg", "--gif", "g.gif", "--all", "--scale", "0.1", cwd=here, env=env)
    assert (here / "g.gif").read_bytes()[:6] == b"GIF89a"
    run(darkdec, "report", "g.ddg", "--out", "r.html", "--all", "--scale", "0.1", cwd=here, env=env)
    assert "data:image/png;base64," in (here / "r.html").read_text(encoding="utf-8")
    assert unlinked_libraries(dist / "darkdec") == []


def unlinked_libraries(bundle: Path) -> list[str]:
    """The shared libraries in the bundle that neither the program, a Python extension module,
    a Qt plugin nor a library they link (transitively) names as NEEDED: nothing would load them."""
    elves = {p: needed(p) for p in bundle.rglob("*") if p.is_file() and not p.is_symlink() and is_elf(p)}
    by_name: dict[str, list[Path]] = {}
    for p in elves:
        by_name.setdefault(p.name, []).append(p)

    def loaded_by_python_or_qt(p: Path) -> bool:
        rel = p.relative_to(bundle).as_posix()
        return (p.parent == bundle or p.name.startswith("libpython") or "cpython-" in p.name or "/plugins/" in rel
                or (p.name.endswith(".abi3.so") and not p.name.startswith("lib")))

    todo = [p for p in elves if loaded_by_python_or_qt(p)]
    reached: set[Path] = set()
    while todo:
        p = todo.pop()
        if p not in reached:
            reached.add(p)
            todo.extend(q for name in elves[p] for q in by_name.get(name, []))
    return sorted(p.relative_to(bundle).as_posix() for p in elves if p not in reached)

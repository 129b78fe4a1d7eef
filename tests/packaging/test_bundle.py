"""The frozen one-folder bundle (PyInstaller, packaging/darkdec.spec via packaging/bundle.sh)
runs with no Python anywhere on PATH: --version, the scenarios, and the client on the
Campaign drawn to a PNG. About 2 minutes (the build); deselect locally with
``-m "not packaging"``. benchmarks/install.py measures its size and start."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from PySide6.QtGui import QImage

from darkdec_qt.version import VERSION

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

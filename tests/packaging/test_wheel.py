"""The wheel works anywhere Python 3.11+ does: built from the sources, installed into a fresh
virtual environment, every command runs from a folder outside the checkout (whose name has
spaces and non-ASCII letters) and reads only package data.

About a minute and a half (pip installs PySide6 and the other dependencies into the new
environment); deselect locally with ``-m "not wheel"``. benchmarks/install.py times it."""

from __future__ import annotations

import sys

import pytest

from darkdec_qt.version import VERSION

from .helpers import ROOT, build_wheel, fresh_venv, run, user_env

pytestmark = pytest.mark.wheel


def test_the_installed_wheel_runs_every_command_outside_the_checkout(tmp_path, big_folders):
    wheel = build_wheel(tmp_path / "build")
    assert wheel.name == f"darkdec_qt-{VERSION}-py3-none-any.whl"
    darkdec = fresh_venv(tmp_path / "venv", wheel)
    here = tmp_path / "Spiele" / "Ardennes 1944" / "Ünterlagen"
    here.mkdir(parents=True)
    env = user_env(tmp_path / "home")
    assert not here.is_relative_to(ROOT)

    assert run(darkdec, "--version", cwd=here, env=env).strip() == f"darkdec {VERSION}"
    assert "herbstnebel" in run(darkdec, "scenarios", cwd=here, env=env)
    info = run(darkdec, "module", "info", cwd=here, env=env)
    assert "content_hash" in info and str(ROOT) not in info
    assert "10.4.1A" in run(darkdec, "rules", "10.4.1A", cwd=here, env=env)
    run(darkdec, "selfplay", "--scenario", "herbstnebel", "--turns", "1", "--out", "g.ddg", cwd=here, env=env)
    assert run(darkdec, "replay", "g.ddg", "--verify", cwd=here, env=env).startswith("verified: ")
    run(darkdec, "play", "--scenario", "herbstnebel", "--screenshot", "s.png", cwd=here, env=env)
    assert (here / "s.png").stat().st_size > 50_000
    run(darkdec, "open", "g.ddg", "--screenshot", "o.png", cwd=here, env=env)  # what a double-click runs
    assert (here / "o.png").stat().st_size > 50_000
    if sys.platform.startswith("linux"):
        run(darkdec, "install-desktop", cwd=here, env=env)
        assert (tmp_path / "home" / "data" / "applications" / "org.darkdec.DarkDecember.desktop").is_file()

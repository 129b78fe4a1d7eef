"""Fixtures for the file-safety tests (docs/file-safety.md): one short real game, saved once, and
user folders (data, cache, config) in the test's temporary folder."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from darkdec_qt.model.load import DEFAULT_MODULE


@pytest.fixture(autouse=True)
def user_dirs(tmp_path, monkeypatch):
    for var in ("XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_CONFIG_HOME"):
        monkeypatch.setenv(var, str(tmp_path / var.lower()))


@pytest.fixture(scope="session")
def played(module):
    """One game turn of Herbstnebel (seed 1) by random legal commands: moves, battles, dice."""
    from darkdec_qt.game.selfplay import selfplay

    return selfplay(module, "herbstnebel", "1", 1)


@pytest.fixture(scope="session")
def saved_game(played, tmp_path_factory) -> Path:
    from darkdec_qt import gamestore

    p = tmp_path_factory.mktemp("games") / "g.ddg"
    gamestore.save(played, p)
    return p


@pytest.fixture
def game_file(saved_game, tmp_path) -> Path:
    """A fresh copy of the saved game, for a test to damage."""
    p = tmp_path / "g.ddg"
    shutil.copy(saved_game, p)
    return p


@pytest.fixture
def module_copy(tmp_path) -> Path:
    p = tmp_path / "m.sqlite"
    shutil.copy(DEFAULT_MODULE, p)
    return p

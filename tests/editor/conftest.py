"""Fixtures: a fresh copy of the bundled module for every test (built from data/
when the committed database is not there yet)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from darkdec_qt.model.database import write_database
from darkdec_qt.model.load import DATA_DIR, DEFAULT_MODULE
from darkdec_qt.model.sources import read_sources


@pytest.fixture(scope="session")
def built_module(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("module") / "darkdec.sqlite"
    if DEFAULT_MODULE.exists():
        shutil.copy(DEFAULT_MODULE, out)
        return out
    src = tmp_path_factory.mktemp("data") / "data"
    shutil.copytree(DATA_DIR, src)
    crossings = src / "map" / "crossings.csv"
    if not crossings.exists():  # the lead's data may not have it yet
        crossings.write_text("hex,road_a,road_b,reconstructed,basis\n", encoding="utf-8")
    write_database(read_sources(src), out)
    return out


@pytest.fixture
def module_path(built_module: Path, tmp_path: Path) -> Path:
    p = tmp_path / "edit.sqlite"
    shutil.copy(built_module, p)
    return p


@pytest.fixture
def window(qtbot, module_path):  # type: ignore[no-untyped-def]
    from editor.document import ModuleDocument
    from editor.mainwindow import EditorWindow

    win = EditorWindow(ModuleDocument.open(module_path))
    win.confirm = lambda title, text: True
    win.ask_unsaved = lambda: "discard"
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    return win

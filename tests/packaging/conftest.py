"""The packaging tests leave no bundle or virtual environment behind (hundreds of MB each in
pytest's kept temporary folders)."""

from __future__ import annotations

import shutil

import pytest


@pytest.fixture
def big_folders(tmp_path):
    yield
    for name in ("dist", "work", "venv", "build"):
        shutil.rmtree(tmp_path / name, ignore_errors=True)

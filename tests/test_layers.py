"""Architecture: the rules engine and the game session never import Qt or SQL
(../shared/design.md, layers). Checked in a fresh interpreter, and by import-linter."""

from __future__ import annotations

import pkgutil
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import darkdec_qt.ai
import darkdec_qt.game
import darkdec_qt.rules

ROOT = Path(__file__).resolve().parents[1]
FORBIDDEN = ("PySide6", "sqlmodel", "sqlalchemy", "sqlite3")


def _modules(pkg: object) -> list[str]:
    return [m.name for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + ".")]  # type: ignore[attr-defined]


@pytest.mark.parametrize("package", [darkdec_qt.rules, darkdec_qt.game, darkdec_qt.ai])
def test_engine_imports_no_qt_or_sql(package: object) -> None:
    names = [package.__name__] + _modules(package)  # type: ignore[attr-defined]
    code = (
        "import importlib, sys\n"
        f"for n in {names!r}: importlib.import_module(n)\n"
        f"bad = [m for m in {FORBIDDEN!r} if m in sys.modules]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == "", f"{package.__name__} pulled in {out.stdout.strip()}"  # type: ignore[attr-defined]


def test_moduleview_and_hexgrid_are_pure() -> None:
    code = (
        "import sys, darkdec_qt.moduleview, darkdec_qt.hexgrid\n"
        f"print(','.join(m for m in {FORBIDDEN!r} if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == ""


LINT = Path(sys.executable).parent / "lint-imports"


@pytest.mark.skipif(not LINT.exists() and shutil.which("lint-imports") is None, reason="import-linter not installed")
def test_import_linter_contracts() -> None:
    exe = str(LINT) if LINT.exists() else "lint-imports"
    out = subprocess.run([exe], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stdout + out.stderr

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


def _cyclic_groups(package: str) -> list[list[str]]:
    """The groups of modules of ``package`` that reach each other through their imports
    (local imports inside functions included): the strongly connected components of the
    import graph with more than one module, or a module importing itself (Tarjan)."""
    import grimp

    graph = grimp.build_graph(package)
    edges = {m: sorted(graph.find_modules_directly_imported_by(m) & graph.modules) for m in graph.modules}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1 or v in edges[v]:
                groups.append(sorted(group))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10 * len(edges)))
    for m in sorted(edges):
        if m not in index:
            visit(m)
    return sorted(groups)


def test_no_import_cycle_anywhere() -> None:
    """Every package of the program imports one way (../shared/design.md, layers): a module
    never reaches itself through its imports, so each can be read and tested on its own."""
    assert _cyclic_groups("darkdec_qt") == []

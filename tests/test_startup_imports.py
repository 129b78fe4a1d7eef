"""Start-up of the command line: a command without a window imports no Qt, and a command
that only reads (the rules index, a module, a game or an exchange file) imports no ORM
(sqlmodel and SQLAlchemy are for writing a module). Each command runs in a fresh
interpreter, as ``darkdec`` does; benchmarks/startup.py measures the seconds."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
QT = ("PySide6", "shiboken6")
ORM = ("sqlmodel", "sqlalchemy")

RUN = """
import json, sys
from darkdec_qt.cli import main
try:
    code = main(sys.argv[1:])
except SystemExit as exc:  # --help, --version
    code = exc.code
print(json.dumps({"code": code, "modules": sorted({m.split(".")[0] for m in sys.modules})}))
"""


def _imports(tmp_path: Path, *argv: str) -> set[str]:
    env = {"XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path / "config"),
           "XDG_CACHE_HOME": str(tmp_path / "cache")}
    out = subprocess.run([sys.executable, "-c", RUN, *argv], capture_output=True, text=True, cwd=tmp_path,
                         env={**os.environ, **env}, timeout=300)
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result["code"] in (0, None), (argv, out.stdout, out.stderr)
    return set(result["modules"])


@pytest.mark.parametrize("argv", [["--help"], ["--version"], ["rules", "10.4.1A"], ["rules", "--search", "bridge"]])
def test_commands_that_need_no_module_import_neither_qt_nor_the_orm(tmp_path, argv):
    mods = _imports(tmp_path, *argv)
    assert not mods & {*QT, *ORM}, sorted(mods & {*QT, *ORM})


def test_commands_that_read_a_module_a_game_or_an_exchange_file_import_neither_qt_nor_the_orm(tmp_path):
    game = tmp_path / "g.ddg"
    commands = [
        ["selfplay", "--scenario", "herbstnebel", "--turns", "1", "--out", str(game)],
        ["scenarios"],
        ["module", "info"],
        ["module", "hex", "0101"],
        ["status", str(game)],
        ["log", str(game)],
        ["replay", "--verify", str(game)],
        ["exchange", "--home", str(tmp_path / "a"), "new", "--side", "German", "--out", str(tmp_path)],
    ]
    for argv in commands:
        mods = _imports(tmp_path, *argv)
        assert not mods & {*QT, *ORM}, (argv, sorted(mods & {*QT, *ORM}))
    invitation = next(tmp_path.glob("*.ddx"))
    for argv in (["exchange", "--home", str(tmp_path / "b"), "open", str(invitation)],
                 ["exchange", "--home", str(tmp_path / "b"), "status"]):
        mods = _imports(tmp_path, *argv)
        assert not mods & {*QT, *ORM}, (argv, sorted(mods & {*QT, *ORM}))

"""Only regular files (or a symlink to one) are opened or saved onto, and reading never
writes beside the input.

A named pipe given as a game, module or exchange file is refused in one sentence found by
``stat`` (opening a pipe for reading waits for a writer forever); saving onto a pipe is
refused and the pipe stays a pipe. These tests make their own pipe with ``os.mkfifo`` in a
temporary folder and only ``stat`` it: never a real device node. A WAL-mode file opens
without a ``-wal`` or ``-shm`` file appearing beside it (``immutable=1``), and an unfinished
write beside a file (a hot journal) is one sentence."""

from __future__ import annotations

import os
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from darkdec_qt import gamestore
from darkdec_qt.model.gamefile import GameFileError, GameSaveError, load_game

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")


@pytest.fixture
def fifo(tmp_path) -> Path:
    p = tmp_path / "pipe.ddg"
    os.mkfifo(p)
    return p


def _cli(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """In a child process, so that a hang on the old code fails the test instead of the suite."""
    code = "import sys; from darkdec_qt import cli; sys.exit(cli.main(sys.argv[1:]))"
    try:
        return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=ROOT,
                              timeout=timeout, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        pytest.fail(f"darkdec {' '.join(args)} hangs on a named pipe")


@pytest.mark.parametrize("args", [("log",), ("status",), ("replay", "--verify"), ("module", "info", "--module"),
                                  ("module", "validate", "--module"), ("selfplay", "--turns", "1", "--module"),
                                  ("exchange", "open")])
def test_a_named_pipe_is_refused_in_one_sentence(fifo, tmp_path, args):
    if args[0] == "exchange":
        args = ("exchange", "--home", str(tmp_path / "home"), "open")
    r = _cli(*args, str(fifo))
    assert r.returncode == (1 if "validate" in args else 2), r.stderr  # validate: the report's "unreadable" line
    lines = (r.stderr + r.stdout).strip().splitlines()
    assert len(lines) == 1 and "is a named pipe, not a" in lines[0], r.stderr
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_the_library_refuses_a_named_pipe_without_opening_it(fifo):
    code = ("import sys\nfrom darkdec_qt import gamestore\ntry:\n    gamestore.open_verified(sys.argv[1])\n"
            "except gamestore.GameFileError as exc:\n    print(exc)")
    try:  # in a child process: on the old code the open blocks forever, and must fail the test, not hang it
        r = subprocess.run([sys.executable, "-c", code, str(fifo)], capture_output=True, text=True, cwd=ROOT,
                           timeout=60, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        pytest.fail("open_verified hangs on a named pipe")
    assert "is a named pipe, not a game file; only regular files are opened" in r.stdout, r.stdout + r.stderr


def test_saving_onto_a_named_pipe_is_refused_and_the_pipe_stays(played, fifo):
    with pytest.raises(GameSaveError, match="it is a named pipe, not a file; only regular files are saved onto"):
        gamestore.save(played, fifo)
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert sorted(p.name for p in fifo.parent.iterdir()) == ["pipe.ddg"]


def test_saving_through_a_symlink_to_a_named_pipe_is_refused(played, fifo):
    link = fifo.parent / "link.ddg"
    link.symlink_to(fifo)
    with pytest.raises(GameSaveError, match="named pipe"):
        gamestore.save(played, link)
    assert link.is_symlink() and stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_selfplay_out_onto_a_named_pipe_is_one_line(fifo):
    r = _cli("selfplay", "--turns", "1", "--out", str(fifo))
    assert r.returncode == 2 and "named pipe" in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_a_module_build_onto_a_named_pipe_is_refused(fifo):
    r = _cli("module", "build", "--out", str(fifo))
    assert r.returncode == 2 and "named pipe" in r.stderr, r.stderr
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_a_wal_mode_file_opens_without_writing_beside_it(game_file):
    con = sqlite3.connect(game_file)
    assert con.execute("PRAGMA journal_mode=WAL").fetchone()[0] == "wal"
    con.close()
    assert game_file.read_bytes()[18:20] == b"\x02\x02"  # the header says WAL
    before = game_file.read_bytes()
    opened = gamestore.open_verified(game_file)
    assert opened.verification is not None and opened.verification.ok
    assert sorted(p.name for p in game_file.parent.iterdir()) == ["g.ddg"]
    assert game_file.read_bytes() == before


def test_an_unfinished_write_beside_a_file_is_one_sentence(game_file):
    Path(str(game_file) + "-journal").write_bytes(b"\xd9\xd5\x05\xf9\x20\xa1\x63\xd7" + b"\0" * 504)
    with pytest.raises(GameFileError, match=r"has an unfinished write beside it \(g.ddg-journal\)"):
        load_game(game_file)


def test_a_name_too_long_is_one_sentence(tmp_path):
    with pytest.raises(GameFileError, match="the name is too long"):
        load_game(tmp_path / ("x" * 300 + ".ddg"))

"""File safety: saves that fail loudly and never lose the previous file; fsync of the file
and its folder; permissions and symlinks kept; orphans of killed saves removed on the
next start; no temporary module copy per open."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from darkdec_qt import gamestore
from darkdec_qt.model.gamefile import GameFileError, load_game
from tests.files.helpers import run

ROOT = Path(__file__).resolve().parents[2]


def _mount_tmpfs(folder: Path, opts: str) -> bool:
    """A small tmpfs (root only); False where the machine does not allow it."""
    if os.geteuid() != 0:
        return False
    folder.mkdir(parents=True, exist_ok=True)
    r = subprocess.run(["mount", "-t", "tmpfs", "-o", opts, "tmpfs", str(folder)], capture_output=True)
    return r.returncode == 0


def _umount(folder: Path) -> None:
    subprocess.run(["umount", str(folder)], capture_output=True)


# --- a full disk -----------------------------------------------------------------------------


def test_full_disk_size_limited_file_tells_the_user_and_keeps_the_old_save(saved_game, tmp_path):
    """RLIMIT_FSIZE in a child process: every write past 100 kB fails (works unprivileged)."""
    target = tmp_path / "g.ddg"
    target.write_bytes(b"previous save")
    code = (
        "import resource, signal, sys\n"
        "from darkdec_qt.model.gamefile import GameSaveError, load_game, save_game\n"
        f"rec = load_game({str(saved_game)!r})\n"
        "signal.signal(signal.SIGXFSZ, signal.SIG_IGN)\n"
        "resource.setrlimit(resource.RLIMIT_FSIZE, (100_000, 100_000))\n"
        "try:\n"
        f"    save_game(rec, {str(target)!r})\n"
        "except GameSaveError as exc:\n"
        "    print(exc); sys.exit(3)\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert r.returncode == 3, r.stderr
    assert "cannot save" in r.stdout and "size limit" in r.stdout and "previous file is unchanged" in r.stdout
    assert target.read_bytes() == b"previous save"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.ddg"]


def test_full_disk_on_a_tiny_tmpfs(saved_game, tmp_path, capsys):
    from darkdec_qt.model.gamefile import build_bytes, save_game

    rec = load_game(saved_game)
    disk = tmp_path / "disk"  # room for one save and half another (the save embeds the module: ~0.9 MB)
    if not _mount_tmpfs(disk, f"size={len(build_bytes(rec)) * 3 // 2 // 1024 + 16}k"):
        pytest.skip("mounting a tmpfs needs root")
    try:
        save_game(rec, disk / "g.ddg")  # fits once
        before = (disk / "g.ddg").read_bytes()
        with pytest.raises(GameFileError, match="the disk is full; the previous file is unchanged"):
            save_game(rec, disk / "g.ddg")  # the temporary copy does not fit beside it
        assert (disk / "g.ddg").read_bytes() == before
        assert sorted(p.name for p in disk.iterdir()) == ["g.ddg"]
        code, _, err = run(capsys, "selfplay", "--turns", "1", "--out", str(disk / "g.ddg"))
        assert code == 2 and err.count("\n") == 1 and "the disk is full" in err and "Traceback" not in err
        assert (disk / "g.ddg").read_bytes() == before
    finally:
        _umount(disk)


# --- read-only folder, a parent that is a file, a target that is a folder -----------------------


def test_read_only_folder(played, tmp_path, capsys):
    folder = tmp_path / "ro"
    mounted = _mount_tmpfs(folder, "size=2m,ro")
    if not mounted:
        folder.mkdir()
        folder.chmod(0o555)
    try:
        with pytest.raises(GameFileError, match="cannot save .*(read-only|no permission)"):
            gamestore.save(played, folder / "g.ddg")
        code, _, err = run(capsys, "selfplay", "--turns", "1", "--out", str(folder / "g.ddg"))
        assert code == 2 and err.count("\n") == 1 and "Traceback" not in err
    finally:
        if mounted:
            _umount(folder)
        else:
            folder.chmod(0o755)


@pytest.mark.parametrize("case", ["parent-is-a-file", "grandparent-is-a-file", "target-is-a-folder"])
def test_unwritable_targets_are_one_clear_line(played, tmp_path, capsys, case):
    (tmp_path / "afile").write_text("x")
    (tmp_path / "afolder").mkdir()
    target = {"parent-is-a-file": tmp_path / "afile" / "g.ddg",
              "grandparent-is-a-file": tmp_path / "afile" / "sub" / "g.ddg",
              "target-is-a-folder": tmp_path / "afolder"}[case]
    want = "is a folder" if case == "target-is-a-folder" else "is a file"
    with pytest.raises(GameFileError, match=want):
        gamestore.save(played, target)
    code, _, err = run(capsys, "selfplay", "--turns", "1", "--out", str(target))
    assert code == 2 and err.startswith("darkdec: error: cannot save") and want in err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert (tmp_path / "afile").read_text() == "x"


# --- durability, permissions, symlinks -----------------------------------------------------------


def test_the_file_and_the_folder_are_fsynced(played, tmp_path, monkeypatch):
    synced: list[str] = []
    real = os.fsync

    def fsync(fd: int) -> None:
        synced.append("dir" if stat.S_ISDIR(os.fstat(fd).st_mode) else "file")
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    gamestore.save(played, tmp_path / "g.ddg")
    assert synced == ["file", "dir"]


def test_saving_keeps_the_permissions(played, tmp_path):
    p = tmp_path / "g.ddg"
    gamestore.save(played, p)
    p.chmod(0o644)
    gamestore.save(played, p)
    assert stat.S_IMODE(p.stat().st_mode) == 0o644
    p.chmod(0o640)
    gamestore.save(played, p)
    assert stat.S_IMODE(p.stat().st_mode) == 0o640


def test_a_new_file_gets_the_umask_permissions(played, tmp_path):
    old = os.umask(0o022)
    try:
        gamestore.save(played, tmp_path / "g.ddg")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "g.ddg").stat().st_mode) == 0o644


def test_saving_through_a_symlink_keeps_the_link(played, tmp_path):
    real = tmp_path / "store" / "real.ddg"
    real.parent.mkdir()
    gamestore.save(played, real)
    link = tmp_path / "link.ddg"
    link.symlink_to(real)
    gamestore.save(played, link)
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert load_game(link).events == load_game(real).events
    assert sorted(p.name for p in real.parent.iterdir()) == ["real.ddg"]


# --- orphans and temporary module copies -------------------------------------------------------------


def _dead_pid() -> int:
    p = subprocess.Popen([sys.executable, "-c", "pass"])
    p.wait()
    return p.pid


def test_orphans_of_killed_saves_are_removed_at_the_next_start(tmp_path, qtbot, module):
    from PySide6.QtCore import QSettings

    from darkdec_qt.ui.app import new_game
    from darkdec_qt.ui.client import Client
    from darkdec_qt.ui.controller import GameController

    autosave = tmp_path / "autosave"
    autosave.mkdir()
    pid = _dead_pid()
    orphans = [f".save-{pid}-0a1b2c.ddg", f".save-{pid}-0a1b2c.ddg-journal", ".save-k3j_x9qa.ddg",
               ".save-k3j_x9qa.ddg-journal"]
    keep = [f".save-{os.getpid()}-0a1b2c.ddg", "herbstnebel-1.ddg", ".save-notes.txt"]
    for n in orphans + keep:
        (autosave / n).write_bytes(b"x")
    win = Client(GameController(new_game(module, "herbstnebel", "1")),
                 settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), autosave_dir=autosave)
    qtbot.addWidget(win)
    win.controller.dirty = False
    assert sorted(p.name for p in autosave.iterdir()) == sorted(keep)


def test_a_save_removes_orphans_beside_it(played, tmp_path):
    pid = _dead_pid()
    (tmp_path / f".save-{pid}-00ff.ddg").write_bytes(b"x")
    gamestore.save(played, tmp_path / "g.ddg")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.ddg"]


def test_opening_a_game_on_another_module_leaves_no_temporary_copy(played, tmp_path, module):
    from darkdec_qt.model.database import read_database, write_database
    from darkdec_qt.model.load import DEFAULT_MODULE

    rows = read_database(DEFAULT_MODULE)
    for r in rows["meta"]:
        if r["key"] == "name":
            r["value"] += " (house copy)"
    other = tmp_path / "other.sqlite"
    write_database(rows, other)
    p = tmp_path / "g.ddg"
    from darkdec_qt.model.load import load_module

    m2 = load_module(other)
    g = gamestore.Game(m2, "herbstnebel", "1")
    gamestore.save(g, p, other)
    other.unlink()
    tmpdir = Path(tempfile.gettempdir())
    before = set(tmpdir.glob("darkdec-*"))
    for _ in range(3):
        opened = gamestore.open_verified(p)
    assert opened.game.module.meta.content_hash == m2.meta.content_hash
    assert set(tmpdir.glob("darkdec-*")) == before
    cached = list(gamestore.module_cache_dir().iterdir())
    assert [c.name for c in cached] == [f"{m2.meta.content_hash}.sqlite"]


def test_a_save_never_embeds_a_module_other_than_the_games(played, tmp_path, module_copy):
    """Found by the soak: the module file was rebuilt while a game was open, and the save
    embedded the new file under the old module's hash."""
    from darkdec_qt.model.database import read_database, write_database

    rows = read_database(module_copy)
    for r in rows["meta"]:
        if r["key"] == "name":
            r["value"] += " (rebuilt)"
    write_database(rows, module_copy)
    p = tmp_path / "g.ddg"
    p.write_bytes(b"previous")
    with pytest.raises(GameFileError, match="no longer the module this game was played on"):
        gamestore.save(played, p, module_copy)
    assert p.read_bytes() == b"previous"

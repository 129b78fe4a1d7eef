"""File safety in the client: no autosave path from file content; a save or autosave that
fails is told (status bar and a dialog), play goes on, the old file intact."""

from __future__ import annotations

import errno
import os

import pytest
from PySide6.QtCore import QSettings

from darkdec_qt import gamestore
from darkdec_qt.game.session import Game
from darkdec_qt.model.load import DEFAULT_MODULE


@pytest.fixture
def client(qtbot, tmp_path, module, monkeypatch):
    from darkdec_qt.ui.client import Client
    from darkdec_qt.ui.controller import GameController

    def make(game: Game, path=None):  # noqa: ANN001
        win = Client(GameController(game, DEFAULT_MODULE, path),
                     settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat),
                     autosave_dir=tmp_path / "data" / "autosave", hotseat=False)
        qtbot.addWidget(win)
        win.controller.dirty = False
        win.confirm_discard = lambda: True
        win.warned = []
        monkeypatch.setattr(win.files, "warn", lambda title, text: win.warned.append(text), raising=False)
        return win

    return make


@pytest.mark.parametrize("seed", ["/../../../victim", "../../victim", "..", "a/b", "x\\..\\y", "", "é" * 3])
def test_a_seed_never_makes_the_autosave_write_elsewhere(client, module, tmp_path, seed):
    victim = tmp_path / "victim.ddg"
    victim.write_bytes(b"the user's own game")
    (tmp_path / "data" / "victim.ddg").parent.mkdir(parents=True, exist_ok=True)
    game = Game(module, "herbstnebel", seed or "0")
    game.initial.seed = seed
    win = client(game)
    win.controller.end_phase()
    p = win.files.last_autosave
    assert p is not None and p.parent == tmp_path / "data" / "autosave", p
    assert victim.read_bytes() == b"the user's own game"
    assert [q.name for q in (tmp_path / "data" / "autosave").iterdir()] == [p.name]
    assert not [q for q in tmp_path.rglob("victim*") if q != victim]


def test_a_scenario_path_never_makes_the_autosave_write_elsewhere(client, module, tmp_path):
    game = Game(module, "herbstnebel", "1")
    elsewhere = tmp_path / "elsewhere" / "x"
    game.initial.scenario = str(elsewhere)
    win = client(game)
    assert win.files.autosave_path().parent == tmp_path / "data" / "autosave"
    assert gamestore.autosave_name(game).startswith("game-")
    win.files.autosave()
    assert not (tmp_path / "elsewhere").exists()


def test_a_file_with_a_path_as_scenario_is_refused(saved_game, tmp_path):
    from darkdec_qt.model.gamefile import GameFileError, load_game, save_game

    rec = load_game(saved_game)
    rec.meta["scenario"] = "/tmp/../etc/herbstnebel"
    p = tmp_path / "g.ddg"
    save_game(rec, p)
    with pytest.raises(GameFileError, match="scenario .* is not one of the module's"):
        gamestore.open_verified(p)


def _disk_full(monkeypatch):
    from darkdec_qt.model import safewrite

    def full(fd, data):  # noqa: ANN001
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(safewrite.os, "write", full)


def test_autosave_on_a_full_disk_is_told_once_and_play_goes_on(client, module, monkeypatch):
    win = client(Game(module, "herbstnebel", "1"))
    win.controller.end_phase()
    first = win.files.last_autosave
    before = first.read_bytes()
    _disk_full(monkeypatch)
    turn_phase = win.controller.state.phase
    win.controller.end_phase()
    assert win.controller.state.phase != turn_phase  # play went on
    assert "Autosave failed" in win.message_label.full and "disk is full" in win.message_label.full
    assert len(win.warned) == 1 and "disk is full" in win.warned[0]
    win.controller.end_phase()
    assert len(win.warned) == 1  # not a dialog at every phase
    assert "Autosave failed" in win.message_label.full
    assert first.read_bytes() == before
    monkeypatch.undo()
    win.controller.end_phase()
    assert win.files.autosave_error is None


def test_save_on_a_full_disk_shows_a_message_box_and_keeps_the_old_save(client, module, tmp_path, monkeypatch):
    win = client(Game(module, "herbstnebel", "1"))
    p = tmp_path / "mine.ddg"
    win.files.save_to(p)
    before = p.read_bytes()
    win.controller.end_phase()
    _disk_full(monkeypatch)
    assert win.files.save() is None
    assert win.warned and "disk is full" in win.warned[0] and "previous file is unchanged" in win.warned[0]
    assert win.controller.dirty
    assert p.read_bytes() == before


def test_autosave_on_a_real_full_disk(qtbot, module, tmp_path, monkeypatch):
    """The autosave folder on a tmpfs (root only) one and a half times the module's size: an
    autosave embeds the module, so the first fits and the second (written beside it) does not."""
    import subprocess

    from darkdec_qt.ui.client import Client
    from darkdec_qt.ui.controller import GameController

    disk = tmp_path / "disk"
    disk.mkdir()
    size_k = os.path.getsize(DEFAULT_MODULE) * 3 // 2 // 1024
    if os.geteuid() != 0 or subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size_k}k", "tmpfs", str(disk)],
                                           capture_output=True).returncode:
        pytest.skip("mounting a tmpfs needs root")
    try:
        win = Client(GameController(Game(module, "herbstnebel", "1"), DEFAULT_MODULE),
                     settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat),
                     autosave_dir=disk, hotseat=False)
        qtbot.addWidget(win)
        win.controller.dirty = False
        win.confirm_discard = lambda: True
        warned: list[str] = []
        monkeypatch.setattr(win.files, "warn", lambda title, text: warned.append(text), raising=False)
        win.controller.end_phase()
        first = win.files.last_autosave
        assert first is not None
        before = first.read_bytes()
        win.controller.end_phase()
        assert "Autosave failed" in win.message_label.full and "the disk is full" in win.message_label.full
        assert len(warned) == 1 and first.read_bytes() == before
        assert sorted(p.name for p in disk.iterdir()) == [first.name]
    finally:
        subprocess.run(["umount", str(disk)], capture_output=True)

"""Desktop integration: the icon in every size and format, ``darkdec install-desktop``
(per user, XDG) and ``--uninstall``, and ``darkdec open FILE`` choosing the window by what
the file is (its SQLite application id), as a double-click in a file manager does."""

from __future__ import annotations

import shutil
import struct
import subprocess
import sys

import pytest
from PySide6.QtGui import QImage

from darkdec_qt import desktop, packagedata
from darkdec_qt.cli import main
from darkdec_qt.model.load import DEFAULT_MODULE


def _run(capsys, *argv):  # noqa: ANN001, ANN002
    capsys.readouterr()
    rc = main(list(argv))
    out = capsys.readouterr()
    return rc, out.out, out.err


def test_the_icon_is_there_in_every_size_and_as_ico_and_icns():
    for s in desktop.PNG_SIZES:
        img = QImage(str(packagedata.path("icons", f"darkdec-{s}.png")))
        assert (img.width(), img.height()) == (s, s)
    ico = packagedata.resource("icons", "darkdec.ico").read_bytes()
    assert struct.unpack("<HHH", ico[:6]) == (0, 1, 7)
    icns = packagedata.resource("icons", "darkdec.icns").read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns) and b"ic09" in icns


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="XDG desktops")
def test_install_desktop_puts_entry_types_and_icons_in_xdg_data_home_and_uninstall_removes_them(
        tmp_path, monkeypatch, capsys):
    home = tmp_path / "Persönliche Daten"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    rc, out, _ = _run(capsys, "install-desktop")
    assert rc == 0 and str(home) in out
    entry = home / "applications" / f"{desktop.APP_ID}.desktop"
    text = entry.read_text(encoding="utf-8")
    exec_line = next(line for line in text.splitlines() if line.startswith("Exec="))
    assert exec_line.endswith(" open %f") and desktop.launcher()[0] in exec_line
    assert "MimeType=application/x-darkdec-game;application/x-darkdec-exchange;" in text
    assert (home / "mime" / "packages" / f"{desktop.APP_ID}.xml").is_file()
    assert (home / "icons" / "hicolor" / "256x256" / "apps" / f"{desktop.APP_ID}.png").is_file()
    assert (home / "icons" / "hicolor" / "scalable" / "mimetypes" / "application-x-darkdec-game.svg").is_file()
    if shutil.which("desktop-file-validate"):
        p = subprocess.run(["desktop-file-validate", str(entry)], capture_output=True, text=True)
        assert p.returncode == 0 and p.stdout == "", p.stdout
    if shutil.which("update-mime-database"):
        globs = (home / "mime" / "globs2").read_text(encoding="utf-8")
        assert "application/x-darkdec-game:*.ddg" in globs and "application/x-darkdec-exchange:*.ddx" in globs
    rc, out, _ = _run(capsys, "install-desktop", "--uninstall")
    assert rc == 0
    left = [p for p in home.rglob("*") if p.is_file() and ("DarkDecember" in p.name or "darkdec" in p.name)]
    assert left == []


def test_darkdec_open_chooses_the_window_by_what_the_file_is(tmp_path, capsys):
    """A game opens in the client, a module in the editor, whatever their names."""
    game = tmp_path / "Spiel ohne Endung"
    assert _run(capsys, "selfplay", "--scenario", "herbstnebel", "--turns", "1", "--out", str(game))[0] == 0
    game = game.with_suffix(".ddg") if not game.exists() else game
    shot = tmp_path / "game.png"
    rc, _, err = _run(capsys, "open", str(game), "--screenshot", str(shot))
    assert rc == 0 and err == "" and QImage(str(shot)).width() > 0
    module = tmp_path / "mein modul.sqlite"
    module.write_bytes(DEFAULT_MODULE.read_bytes())
    rc, _, _ = _run(capsys, "open", str(module), "--screenshot", str(tmp_path / "editor.png"))
    assert rc == 0 and QImage(str(tmp_path / "editor.png")).width() > 0


def test_darkdec_open_takes_an_exchange_file_into_the_exchange_flow(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    out_dir = tmp_path / "to_allied"
    assert _run(capsys, "exchange", "--home", str(tmp_path / "g"), "new", "--side", "German",
                "--out", str(out_dir))[0] == 0
    ddx = next(out_dir.glob("*.ddx"))
    rc, _, err = _run(capsys, "open", str(ddx), "--screenshot", str(tmp_path / "x.png"))
    assert rc == 0 and QImage(str(tmp_path / "x.png")).width() > 0
    assert (tmp_path / "data" / "darkdec" / "exchange").is_dir()  # the game is now the player's


def test_darkdec_open_refuses_what_is_not_its_file_in_one_sentence(tmp_path, capsys):
    text = tmp_path / "notes.ddg"
    text.write_text("not a game", encoding="utf-8")
    rc, _, err = _run(capsys, "open", str(text))
    assert rc == 2 and err.strip() == (f"darkdec: error: {text} is not a Dark December file (a game .ddg, a "
                                       "file-exchange file .ddx or a module)")
    rc, _, err = _run(capsys, "open", str(tmp_path / "gone.ddg"))
    assert rc == 2 and "does not exist" in err

"""Desktop integration on Linux (freedesktop/XDG), per user: ``darkdec install-desktop``
puts the application entry, the two file types (.ddg game, .ddx file-exchange file, told
apart by their SQLite application id), the icons and the AppStream metainfo into the
user's data folder (``$XDG_DATA_HOME``, usually ``~/.local/share``), so the program is in
the desktop's menu and a double-click on a game opens it; ``--uninstall`` removes exactly
those files. The files themselves are package data (``resources/desktop``, ``resources/icons``).
Windows and macOS get the same from their installer and .app (packaging/)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from darkdec_qt import packagedata

APP_ID = "org.darkdec.DarkDecember"
PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
MIME_ICONS = ("application-x-darkdec-game", "application-x-darkdec-exchange")


def data_home() -> Path:
    """``$XDG_DATA_HOME`` or its default, as platformdirs finds it."""
    import platformdirs

    return Path(platformdirs.user_data_dir())


def launcher() -> list[str]:
    """The command that starts this copy of the program: the frozen executable, or the
    ``darkdec`` script installed beside this Python (a venv, pipx), or this Python with ``-m``."""
    if getattr(sys, "frozen", False):
        return [sys.executable]
    script = Path(sys.executable).with_name("darkdec")
    if script.is_file():
        return [str(script)]
    found = shutil.which("darkdec")
    return [found] if found else [sys.executable, "-m", "darkdec_qt.cli"]


def _exec_arg(arg: str) -> str:
    """One argument of a desktop entry's Exec key, quoted as the specification asks."""
    if not any(c in arg for c in ' \t\n"\'\\><~|&;$*?#()`'):
        return arg
    escaped = arg.replace("\\", "\\\\").replace('"', '\\"').replace("`", "\\`").replace("$", "\\$")
    return f'"{escaped}"'.replace("%", "%%")


def desktop_entry(command: list[str]) -> str:
    text = packagedata.read_text("desktop", f"{APP_ID}.desktop")
    exec_line = " ".join(_exec_arg(a) for a in command) + " open %f"
    return text.replace("Exec=darkdec open %f", f"Exec={exec_line}")


def installed_files(home: Path) -> dict[Path, bytes]:
    """Every file install-desktop writes, by target path, with its content."""
    icons = home / "icons" / "hicolor"
    files = {
        home / "applications" / f"{APP_ID}.desktop": desktop_entry(launcher()).encode(),
        home / "mime" / "packages" / f"{APP_ID}.xml": packagedata.resource("desktop", f"{APP_ID}.xml").read_bytes(),
        home / "metainfo" / f"{APP_ID}.metainfo.xml":
            packagedata.resource("desktop", f"{APP_ID}.metainfo.xml").read_bytes(),
        icons / "scalable" / "apps" / f"{APP_ID}.svg": packagedata.resource("icons", "darkdec.svg").read_bytes(),
    }
    for s in PNG_SIZES:
        files[icons / f"{s}x{s}" / "apps" / f"{APP_ID}.png"] = packagedata.resource(
            "icons", f"darkdec-{s}.png").read_bytes()
    for name in MIME_ICONS:
        files[icons / "scalable" / "mimetypes" / f"{name}.svg"] = packagedata.resource(
            "icons", f"{name}.svg").read_bytes()
    return files


def _refresh(home: Path) -> list[str]:
    """Update the MIME and desktop databases where the tools exist; the names of those run."""
    ran = []
    for tool, folder in (("update-mime-database", home / "mime"), ("update-desktop-database", home / "applications"),
                         ("gtk-update-icon-cache", home / "icons" / "hicolor")):
        exe = shutil.which(tool)
        if exe and folder.is_dir():
            args = [exe, "-f", "-t", str(folder)] if tool == "gtk-update-icon-cache" else [exe, str(folder)]
            subprocess.run(args, check=False, capture_output=True, timeout=60)
            ran.append(tool)
    return ran


def install(home: Path | None = None) -> list[Path]:
    """Write the desktop files (replacing older ones); returns them."""
    home = home or data_home()
    written = []
    for path, data in installed_files(home).items():
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.tmp")
        tmp.write_bytes(data)
        os.replace(tmp, path)
        written.append(path)
    _refresh(home)
    return written


def uninstall(home: Path | None = None) -> list[Path]:
    """Remove the files :func:`install` writes (nothing else); returns those removed."""
    home = home or data_home()
    removed = []
    for path in installed_files(home):
        if path.is_file():
            path.unlink()
            removed.append(path)
    _refresh(home)
    return removed

"""The module the editor works on when none is named: the designer's own copy in the
user data directory (made from the bundled module (package data, ``darkdec_qt/resources/darkdec.sqlite``) on first use), so
that a plain Save never overwrites the module shipped with the program. Also: the
editor window sized to the screen it opens on."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from darkdec_qt.model.load import DEFAULT_MODULE

SCREEN_FRACTION = 0.92  # of the available screen, at most the preferred size


def user_module_path() -> Path:
    import platformdirs

    return Path(platformdirs.user_data_dir("darkdec")) / "modules" / DEFAULT_MODULE.name


def save_as_start() -> Path:
    """Where Save As proposes to write a module that has no file of its own or is the bundled
    one: a new name in the user's modules folder (the designer's copy, ``darkdec.sqlite``
    there, is never proposed for overwriting), never the program's package folder."""
    folder = user_module_path().parent
    folder.mkdir(parents=True, exist_ok=True)
    stem = DEFAULT_MODULE.stem
    for n in range(1, 100):
        p = folder / (f"{stem}-edited.sqlite" if n == 1 else f"{stem}-edited-{n}.sqlite")
        if not p.exists():
            return p
    return folder / f"{stem}-edited.sqlite"  # the dialog asks before replacing it


def is_bundled(path: str | Path | None) -> bool:
    """Whether ``path`` is the module shipped with the program."""
    if path is None:
        return False
    try:
        return Path(path).resolve() == DEFAULT_MODULE.resolve()
    except OSError:
        return False


def user_copy(bundled: Path = DEFAULT_MODULE) -> Path:
    """The designer's copy of the bundled module, copied there (atomically) if absent."""
    target = user_module_path()
    if not target.exists():
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".darkdec-", suffix=".sqlite", dir=target.parent)
        os.close(fd)
        try:
            shutil.copyfile(bundled, tmp)
            os.replace(tmp, target)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
    return target


def fit_to_screen(win, width: int = 1600, height: int = 1000) -> None:  # noqa: ANN001 (QWidget)
    """Size ``win`` to ``width`` x ``height`` or less, inside the available screen."""
    screen = win.screen()
    if screen is None:
        win.resize(width, height)
        return
    avail = screen.availableGeometry()
    w = min(width, int(avail.width() * SCREEN_FRACTION))
    h = min(height, int(avail.height() * SCREEN_FRACTION))
    win.resize(w, h)
    win.move(avail.x() + (avail.width() - win.width()) // 2, avail.y() + (avail.height() - win.height()) // 2)

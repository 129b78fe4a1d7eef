"""Fixtures for the client tests: the real client on a Herbstnebel game, headless,
with its settings and autosaves in the test's temporary folder."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings

from darkdec_qt.model.load import DEFAULT_MODULE


@pytest.fixture(scope="session", autouse=True)
def _isolated_qsettings(tmp_path_factory):
    """A QSettings made without a file (the client's default) writes here, not to the
    user's configuration."""
    folder = str(tmp_path_factory.mktemp("qsettings"))
    for fmt in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        QSettings.setPath(fmt, QSettings.Scope.UserScope, folder)


@pytest.fixture
def make_client(qtbot, tmp_path, module):
    """``make_client(game=None, **kw)``: a client on a new Herbstnebel game (seed 1)
    or on ``game``; hand-over screens off unless ``hotseat=True``."""
    from darkdec_qt.ui.app import new_game
    from darkdec_qt.ui.client import Client
    from darkdec_qt.ui.controller import GameController

    def make(game=None, hotseat: bool = False, path=None, settings_file=None):
        g = game or new_game(module, "herbstnebel", "1")
        settings = QSettings(str(settings_file or tmp_path / "settings.ini"), QSettings.Format.IniFormat)
        win = Client(GameController(g, DEFAULT_MODULE, path), settings=settings,
                     autosave_dir=tmp_path / "autosave", hotseat=hotseat)
        win.controller.dirty = False
        win.confirm_discard = lambda: True  # pytest-qt closes the window before our teardown
        qtbot.addWidget(win)
        if not settings.contains("window/geometry"):  # else the remembered size (ui/settings.py)
            win.resize(1400, 900)
        win.show()
        qtbot.waitExposed(win)
        return win

    return make


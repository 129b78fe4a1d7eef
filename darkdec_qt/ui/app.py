"""``darkdec play``: start the client on a new game or a game file; ``--screenshot``
renders the main window headless to a PNG and exits."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from darkdec_qt import packagedata
from darkdec_qt.model.load import DEFAULT_MODULE, load_module
from darkdec_qt.ui.client import Client
from darkdec_qt.ui.controller import GameController, new_game
from darkdec_qt.ui.display import needs_display_error
from darkdec_qt.ui.map.geometry import load_fonts


def build_client(args: argparse.Namespace, settings: QSettings | None = None,
                 autosave_dir: str | Path | None = None, hotseat: bool = True) -> Client:
    """The main window for ``args`` (game file, or scenario/optional/variant/seed)."""
    from darkdec_qt import gamestore

    if getattr(args, "game", None):
        opened = gamestore.open_verified(args.game)
        controller = GameController(opened.game, opened.module_path, args.game)
    else:
        module_path = getattr(args, "module", None) or str(DEFAULT_MODULE)
        module = load_module(module_path)
        game = new_game(module, args.scenario or "herbstnebel", getattr(args, "seed", None),
                        tuple(getattr(args, "optional", None) or ()) or None,
                        tuple(getattr(args, "variant", None) or ()) or None, getattr(args, "setup", None) or "auto")
        controller = GameController(game, module_path)
    win = Client(controller, settings=settings, autosave_dir=autosave_dir, hotseat=hotseat)
    if getattr(args, "game", None):
        win.files.restore(opened.record.extra)  # e.g. the computer opponent it was played against
    if getattr(args, "game", None) and opened.notice:
        controller.message.emit(opened.notice, True)
    return win


def _app() -> QApplication:
    app = QApplication.instance()
    if app is None:
        app = QApplication(sys.argv[:1])
        app.setApplicationName("Dark December")
        app.setOrganizationName("darkdec")
        app.setDesktopFileName("org.darkdec.DarkDecember")  # the desktop entry (darkdec_qt/desktop.py)
        app.setWindowIcon(QIcon(str(packagedata.path("icons", "darkdec-256.png"))))
    load_fonts()
    assert isinstance(app, QApplication)
    return app


def run_welcome(args: argparse.Namespace) -> int:
    """``darkdec play`` without a game or a scenario: the welcome screen (ui/dialogs/welcome.py)
    over a hidden client on Herbstnebel, whose File-menu actions its buttons start."""
    shot = getattr(args, "screenshot", None)
    if QApplication.instance() is None and (error := needs_display_error(bool(shot))):
        print(error, file=sys.stderr)
        return 2
    app = _app()
    from darkdec_qt.ui.dialogs.welcome import WelcomeScreen

    win = build_client(argparse.Namespace(**{**vars(args), "scenario": "herbstnebel"}))
    welcome = WelcomeScreen(win, win.settings)
    win.welcome = welcome
    welcome.show()
    if shot:
        app.processEvents()
        ok = welcome.grab().save(shot, "PNG")
        welcome.close()
        win.controller.dirty = False
        win.close()
        return 0 if ok else 1
    return app.exec()


def run_client(args: argparse.Namespace) -> int:
    shot = getattr(args, "screenshot", None)
    if QApplication.instance() is None and (error := needs_display_error(bool(shot))):
        print(error, file=sys.stderr)
        return 2
    app = _app()
    from darkdec_qt.model.database import DatabaseError
    from darkdec_qt.model.gamefile import GameFileError
    from darkdec_qt.rules.core.errors import IllegalAction

    try:
        win = build_client(args)
    except (GameFileError, DatabaseError, IllegalAction, KeyError, OSError) as exc:
        print(f"darkdec: error: {exc}", file=sys.stderr)
        return 2
    if shot:
        win.memory = None  # a screenshot shows the whole map, and remembers nothing
    win.show()
    if shot:
        win.resize(1600, 1000)
        app.processEvents()
        win.view.fit_all()
        app.processEvents()
        ok = win.grab().save(shot, "PNG")
        win.controller.dirty = False
        win.close()
        return 0 if ok else 1
    return app.exec()


def run_exchange_client(args) -> int:  # noqa: ANN001 (argparse.Namespace of 'darkdec play')
    """``darkdec play FILE.ddx``: the client opening an opponent's file (verified, played back)."""
    shot = getattr(args, "screenshot", None)
    if QApplication.instance() is None and (error := needs_display_error(bool(shot))):
        print(error, file=sys.stderr)
        return 2
    qapp = _app()
    plain = argparse.Namespace(**{**vars(args), "game": None})
    win = build_client(plain, hotseat=False)
    win.show()
    win.exchange.headless = bool(shot)
    if not win.exchange.open_file(args.game):
        return 2
    if shot:
        win.memory = None
        win.exchange.timer.stop()
        win.controller.show_live()
        win.exchange.update_status()
        win.resize(1600, 1000)
        qapp.processEvents()
        win.view.fit_all()
        qapp.processEvents()
        ok = win.grab().save(shot, "PNG")
        win.close()
        return 0 if ok else 1
    return qapp.exec()

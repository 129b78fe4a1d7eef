"""Hot-seat dice nobody can foresee or choose: a new game draws its seed from the system's
randomness; the seed is never shown nor put into a file name; a game made with a chosen
seed (``--seed``: tests, self-play) is marked in its file and wherever it is opened; the
computer's own play does not follow from the game's seed."""

from __future__ import annotations

import random
import re

import pytest
from PySide6.QtCore import QSettings

from darkdec_qt import gamestore
from darkdec_qt.model.load import DEFAULT_MODULE
from darkdec_qt.ui.controller import new_game
from tests.files.helpers import run


def test_a_new_game_draws_its_seed_from_the_system(module):
    a, b = new_game(module, "herbstnebel"), new_game(module, "herbstnebel")
    assert re.fullmatch(r"[0-9a-f]{32}", a.initial.seed) and a.initial.seed != b.initial.seed
    assert not a.seed_chosen and new_game(module, "herbstnebel", "8677").seed_chosen


@pytest.fixture
def window(qtbot, tmp_path, module):
    from darkdec_qt.ui.client import Client
    from darkdec_qt.ui.controller import GameController

    def make(game, path=None):  # noqa: ANN001
        win = Client(GameController(game, DEFAULT_MODULE, path),
                     settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat),
                     autosave_dir=tmp_path / "autosave", hotseat=False)
        qtbot.addWidget(win)
        return win

    return make


def test_the_new_game_dialog_offers_no_seed(qtbot, module):
    from PySide6.QtWidgets import QLineEdit

    from darkdec_qt.ui.dialogs.newgame import NewGameDialog

    dlg = NewGameDialog(module)
    qtbot.addWidget(dlg)
    assert not dlg.findChildren(QLineEdit) and dlg.choices()["seed"] is None


def test_the_seed_is_shown_nowhere_in_the_client(window, module):
    from darkdec_qt.ui.help.menu import about_text

    game = new_game(module, "herbstnebel")
    win = window(game)
    win.files.autosave()
    seed = game.initial.seed
    shown = [win.windowTitle(), about_text(win.controller.module, game), gamestore.autosave_name(game),
             *(p.name for p in win.files.autosave_dir.iterdir())]
    assert not [t for t in shown if seed in t]
    assert "chosen dice seed" not in win.windowTitle()


def test_a_chosen_seed_is_marked_in_the_file_and_wherever_it_is_opened(window, module, tmp_path, capsys):
    from darkdec_qt.model.gamefile import load_game
    from darkdec_qt.ui.help.menu import about_text

    chosen, drawn = tmp_path / "chosen.ddg", tmp_path / "drawn.ddg"
    gamestore.save(new_game(module, "herbstnebel", "8677"), chosen)
    gamestore.save(new_game(module, "herbstnebel"), drawn)
    assert load_game(chosen).meta["seed_chosen"] is True and load_game(drawn).meta["seed_chosen"] is False
    for args in (("log",), ("status",), ("replay", "--verify")):
        code, out, err = run(capsys, *args, str(chosen))
        assert code == 0 and "note: this game's dice come from a seed its maker chose" in out, (args, out, err)
        code, out, err = run(capsys, *args, str(drawn))
        assert code == 0 and "seed" not in out, (args, out)
    opened = gamestore.open_verified(chosen)
    win = window(opened.game, chosen)
    assert win.windowTitle().endswith("— chosen dice seed")
    assert "a seed its maker chose" in about_text(win.controller.module, win.controller.game)


def test_the_computer_does_not_play_from_the_games_seed(window, module):
    from darkdec_qt.ui.aiplayer import start_vs_computer

    win = window(new_game(module, "herbstnebel"))
    win.confirm_discard = lambda: True
    assert start_vs_computer(win, {"scenario": "herbstnebel", "seed": None, "optional": (), "variants": (),
                                   "setup": "auto"}, {"Allied": "easy"})
    seed = win.controller.game.initial.seed
    rng = win.computer.sides["Allied"].rng
    for guess in (f"ai/{seed}/Allied", f"ai/{seed}", f"ai/{seed}/German", seed):
        assert rng.getstate() != random.Random(guess).getstate()
    win.computer.set_sides({})

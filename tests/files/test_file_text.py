"""Text from a file never reaches the terminal raw, and no name from a file (nor the seed)
goes into a file name: autosaves are named by each game's own id."""

from __future__ import annotations

from darkdec_qt import gamestore
from darkdec_qt.game.session import Game
from darkdec_qt.rules.core.commands import Command
from tests.files.helpers import run

ESCAPES = "\x1b]0;pwned\x07\x1b[2J\x1b[31mred\x9b1m\u202eevil\rback\nforged line"


def _noted(module) -> Game:  # noqa: ANN001
    game = Game(module, "herbstnebel", "1")
    side = game.state.side
    game.execute(Command.from_dict({"kind": "note", "side": side, "text": ESCAPES}))
    return game


def test_log_strips_terminal_escapes_from_a_note(module, tmp_path, capsys):
    p = tmp_path / "g.ddg"
    gamestore.save(_noted(module), p)
    code, out, err = run(capsys, "log", str(p))
    assert code == 0, err
    line = next(ln for ln in out.splitlines() if "German note:" in ln or "Allied note:" in ln)
    assert "red" in line and "evil" in line and "forged line" in line  # the words stay, on one line
    for c in "\x1b\x07\x9b\u202e\r":
        assert c not in out
    assert not any(ln.strip().startswith("forged line") for ln in out.splitlines())


def test_an_error_naming_a_file_strips_its_escapes(tmp_path, capsys):
    p = tmp_path / "\x1b[2Jx.ddg"
    p.write_bytes(b"not a game")
    code, out, err = run(capsys, "log", str(p))
    assert code == 2 and "\x1b" not in err and "[2Jx.ddg" in err


def test_two_games_of_one_scenario_and_seed_have_their_own_autosaves(module):
    a, b = Game(module, "herbstnebel", "1"), Game(module, "herbstnebel", "1")
    assert gamestore.autosave_name(a) != gamestore.autosave_name(b)
    for g in (a, b):
        assert gamestore.autosave_name(g) == f"herbstnebel-{g.game_id}.ddg"


def test_a_game_keeps_its_id_and_autosave_across_save_and_open(played, tmp_path):
    p = tmp_path / "g.ddg"
    gamestore.save(played, p)
    opened = gamestore.open_verified(p)
    assert opened.game.game_id == played.game_id
    assert gamestore.autosave_name(opened.game) == gamestore.autosave_name(played)


def test_the_seed_is_not_in_the_autosave_name(module):
    g = Game(module, "herbstnebel", "8677")
    g.game_id = "0" * 32
    assert "8677" not in gamestore.autosave_name(g)

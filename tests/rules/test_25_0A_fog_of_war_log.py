"""25.0A-B in the log: a side knows of the enemy's events what fog of war lets it see.

An enemy unit's move is 'a German unit moves ...' (its stack is not examined, 25.0A), the
enemy's plan notes and supply checks are not shown; battles, their dice and results are
announced to both (25.0C). Without rule 25, for the side itself, or once the game is over,
every event shows whole. ``darkdec log --side`` prints a side's view; without it an unfinished
game with fog of war is listed whole after a warning."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from darkdec_qt import gamestore
from darkdec_qt.game.session import Game
from darkdec_qt.logfold import folded_lines
from darkdec_qt.rules import fog
from darkdec_qt.rules.core import events as ev
from darkdec_qt.rules.narrate import Storyteller
from tests.files.helpers import run
from tests.rules.fog_log_game import PLAN, german_moves_and_plans


def _words(game: Game, viewer: str | None) -> list[str]:
    teller = Storyteller(game.module, game.state, viewer)
    return [teller(e) for e in game.events]


def _names(text: str, unit: str) -> bool:
    return re.search(rf"(?<![\w/]){re.escape(unit)}(?![\w/])", text) is not None


@pytest.fixture(scope="module")
def fog_game(module):
    game = Game(module, "final_fury", "1", optional=("25",))
    return game, german_moves_and_plans(game)


def test_25_0A_an_enemy_move_is_seen_as_a_german_unit_moving_without_its_name(fog_game):
    game, unit = fog_game
    allied = _words(game, "Allied")
    assert not any(_names(w, unit) for w in allied)
    moves = [w for w in allied if w.startswith("a German unit moves ")]
    assert moves and "MP" not in moves[-1]  # the path is seen on the map, not what the move cost
    assert not any(PLAN in w for w in allied)  # the German plan is the German player's
    teller = Storyteller(game.module, game.state, "Allied", their_notes=True)  # a human opponent's note
    assert any(PLAN in teller(e) for e in game.events)  # is addressed to the Allies
    assert not any(" is supplied" in w for w in allied)  # nor its supply checks
    assert any("(German) is supplied" in w for w in _words(game, "German"))


def test_25_0A_the_side_itself_without_fog_and_after_the_game_sees_every_event_whole(fog_game, module):
    game, unit = fog_game
    for words in (_words(game, "German"), _words(game, None)):
        assert any(_names(w, unit) and " moves " in w for w in words)
        assert any(PLAN in w for w in words)
    over = game.state.clone()
    over.game_over = True
    teller = Storyteller(module, over, "Allied")
    assert any(_names(teller(e), unit) for e in game.events)
    rules = tuple(sorted(game.state.optional - {"25"}))
    plain = Game(module, "final_fury", "1", optional=rules)  # rule 25 not in play
    assert not plain.state.has_rule("25")
    moved = german_moves_and_plans(plain)
    assert any(_names(w, moved) for w in _words(plain, "Allied"))
    assert any(PLAN in w for w in _words(plain, "Allied"))


def test_25_0C_combat_losses_are_announced_and_losses_the_owner_alone_takes_are_not(fog_game):
    game, _unit = fog_game
    st = game.state
    german = next(u for u, s in st.module.units.items() if s.side == "German" and not s.is_leader)
    combat = ev.StepLost(unit=german, reason="battle 3: D1 (13.5.1)")
    assert fog.seen(combat, "Allied", st) == combat
    own = ev.UnitEliminated(unit=german, reason="overstacked in 1517 at end of Movement Phase (11.0C)")
    assert fog.seen(own, "Allied", st) == replace(own, unit="a German unit", reason="")
    assert fog.seen(own, "German", st) == own
    for kind in fog.ANNOUNCED:
        assert kind not in fog.PRIVATE


def test_25_0A_the_folded_supply_line_counts_only_the_viewers_units(fog_game):
    game, _unit = fog_game
    teller = Storyteller(game.module, game.state, "Allied")
    lines = [t for _i, t in folded_lines(game.events, teller)]
    everyone = [t for _i, t in folded_lines(game.events, Storyteller(game.module))]
    n = [int(t.split()[1]) for t in lines if t.startswith("\u2713")]
    m = [int(t.split()[1]) for t in everyone if t.startswith("\u2713")]
    assert m and not n  # only German supply checks so far: the Allies see no count of them


def test_darkdec_log_side_prints_a_sides_view_and_warns_without_it(fog_game, tmp_path, capsys):
    game, unit = fog_game
    p = tmp_path / "fog.ddg"
    gamestore.save(game, p)
    code, out, err = run(capsys, "log", str(p))
    assert code == 0 and "--side" in err and "25.0" in err and _names(out, unit)  # whole, after a warning
    code, out, err = run(capsys, "log", str(p), "--side", "Allied")
    assert code == 0, err
    assert "a German unit moves" in out and not _names(out, unit) and PLAN not in out
    code, out, err = run(capsys, "log", str(p), "--all")
    assert code == 0 and _names(out, unit) and PLAN in out

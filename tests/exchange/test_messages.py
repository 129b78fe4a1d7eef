"""What the player is told: waiting times from signed creation times, fingerprints to compare, and
a plain message for each mistake with a file (own file, a game not held, a skipped file, a broken game)."""

from __future__ import annotations

import json
import re
import shutil
import time

import pytest

from darkdec_qt.cli import main
from darkdec_qt.exchangestore import PlayerHome, duration
from darkdec_qt.game.exchange import ExchangeError
from darkdec_qt.game.exchange.segment import parse
from darkdec_qt.game.exchange.signing import sign

from .helpers import Duel


@pytest.fixture(scope="module")
def duel(tmp_path_factory):
    return Duel(tmp_path_factory.mktemp("msg"), orders=("no_reaction", "default_declaration"), seed=7).hops(6)


def test_every_segment_carries_its_signed_creation_time_and_status_says_who_waits_how_long(duel, tmp_path, capsys):
    now = time.time()
    g = duel.session("German")
    assert all(now - 600 < b["time"] <= now + 1 for b in g.xg.bodies)
    # the last file was sent by the player who now waits for the receiver
    waiter = g.xg.author_of(len(g.xg.segments) - 1)
    s = duel.session(waiter)
    assert s.waiting_text(now=g.xg.bodies[-1]["time"] + 7500).startswith("you have waited 2 h 05 min for the")
    copy = PlayerHome(tmp_path / "receiver")
    shutil.copytree(duel.homes[duel.receiver].root, copy.root)
    other = copy.open_file(duel.files[-1]).session  # the receiver, once it has the file
    assert f"the {waiter} player has waited" in other.waiting_text()
    assert main(["exchange", "--home", str(duel.homes[waiter].root), "status", "--json"]) == 0
    st = json.loads(capsys.readouterr().out)[0]
    assert st["waiting"]["side"] == waiter and st["waiting"]["since"] == g.xg.bodies[-1]["time"]
    assert duration(59) == "59 s" and duration(3 * 86400 + 7200) == "3 days 2 h"


def test_fingerprints_have_128_bits_in_groups_and_the_creator_is_asked_to_compare(tmp_path):
    g, a = PlayerHome(tmp_path / "g"), PlayerHome(tmp_path / "a")
    assert re.fullmatch(r"([0-9A-F]{4} ){7}[0-9A-F]{4}", g.fingerprint())
    s = g.new_game("German", "herbstnebel")
    r = a.open_file(s.send(tmp_path / "to-a"))
    assert any(a.fingerprint() != g.fingerprint() and g.fingerprint() in n for n in r.notes)
    back = g.open_file(r.session.send(tmp_path / "to-g"))
    assert any(a.fingerprint() in n and "compare" in n for n in back.notes)


def test_an_unknown_standing_order_is_refused(duel):
    seg = duel.session("German").xg.segments[-1]
    body = json.loads(seg.raw)
    body["orders"]["always_win"] = True
    bad = sign(body, duel.homes[body["author"]].key())
    with pytest.raises(ExchangeError, match="unknown standing order 'always_win'"):
        parse(bad, body["seq"])


def test_opening_your_own_file_says_so(duel):
    sender = "Allied" if duel.receiver == "German" else "German"
    with pytest.raises(ExchangeError, match="is your own file") as err:
        duel.homes[sender].open_file(duel.files[-1])
    assert "an older file" not in str(err.value)


def test_a_file_of_a_game_not_held_says_so_instead_of_a_missing_segment(duel, tmp_path):
    with pytest.raises(ExchangeError) as err:
        PlayerHome(tmp_path / "stranger").open_file(duel.files[-1])
    assert "which is not in your data folder" in str(err.value) and "segment 1 is missing" not in str(err.value)


def test_a_skipped_file_suggests_the_whole_game(duel):
    receiver = duel.receiver
    sender = "Allied" if receiver == "German" else "German"
    # the receiver misses the last file; the sender's next file is two segments ahead
    s = duel.session(receiver)
    held = len(s.xg.segments)
    assert len(duel.session(sender).xg.segments) == held + 1
    rows = [(0, s.xg.segments[0]), (held + 1, s.xg.segments[0])]
    with pytest.raises(ExchangeError, match=r"send GAME --full"):
        s.xg.receive(rows)


def test_status_shows_the_other_games_when_one_is_broken(duel, tmp_path, capsys):
    home = PlayerHome(tmp_path / "copy")
    shutil.copytree(duel.homes["German"].root, home.root)
    broken = home.new_game("German", "herbstnebel")
    (broken.dir / "local.ddx").write_bytes(b"junk")
    assert main(["exchange", "--home", str(home.root), "status"]) == 0
    out = capsys.readouterr().out
    assert f"{broken.game_id[:8]} ? turn 0, you are ?: cannot be read" in out
    assert f"{duel.game_id[:8]} herbstnebel" in out


def test_unsent_commands_can_be_undone_and_sent_ones_cannot(tmp_path, capsys):
    from darkdec_qt.rules.core.commands import StartGame

    g, a = PlayerHome(tmp_path / "g"), PlayerHome(tmp_path / "a")
    s = g.new_game("German", "herbstnebel")
    back = a.open_file(s.send(tmp_path / "to-a")).session.send(tmp_path / "to-g")
    s = g.open_file(back).session
    assert not s.can_undo()
    s.play(StartGame())
    before = s.xg.state.state_hash()
    from darkdec_qt.rules.core.commands import EndPhase

    s.play(EndPhase())
    assert s.can_undo() and s.xg.state.state_hash() != before
    assert main(["exchange", "--home", str(g.root), "undo", s.game_id[:8]]) == 0
    assert "undone: end phase" in capsys.readouterr().out
    s = g.load(s.game_id)
    assert s.xg.state.state_hash() == before
    s.undo()
    assert not s.can_undo() and not s.xg.state.started
    with pytest.raises(ExchangeError, match="nothing to undo"):
        s.undo()


def test_a_changed_turn_field_says_which_turn_not_the_same_hash_twice(duel, module):
    from darkdec_qt.game.exchange import ExchangeGame

    segs = duel.session("German").xg.segments
    k = len(segs) - 1
    body = json.loads(segs[k].raw)
    body["turn"] += 1
    bad = sign(body, duel.homes[body["author"]].key())
    xg = ExchangeGame.from_segments(module, list(segs[:k]))
    with pytest.raises(ExchangeError, match=rf"segment {k}: claims game turn {body['turn']}, but its commands end"):
        xg._accept(bad)

"""A home restored from a backup: it must not commit secrets the opponent has already seen opened
(the opponent would know the dice), and it must say that it is older than the last file sent."""

from __future__ import annotations

import json
import random
import shutil

import pytest

from darkdec_qt.exchangestore import PlayerHome
from darkdec_qt.game.exchange import ExchangeError
from darkdec_qt.game.exchange.scripted import play_until_send
from darkdec_qt.model.exchangefile import read_exchange

from .helpers import Duel


def _last_body(path):
    return json.loads(read_exchange(path).rows[-1][1])


def _backup(home: PlayerHome, to):
    shutil.copytree(home.root, to / "home")
    shutil.copy(home.ledger_path, to / "ledger.json")


def _restore(home: PlayerHome, frm, *, ledger: bool):
    shutil.rmtree(home.root)
    shutil.copytree(frm / "home", home.root)
    if ledger:
        shutil.copy(frm / "ledger.json", home.ledger_path)
    home._loaded.clear()


@pytest.fixture
def played(tmp_path):
    """Allied has sent twice; its home is backed up; two more Allied files follow."""
    duel = Duel(tmp_path / "g", seed=5)
    while sum(1 for f in duel.files if _last_body(f)["author"] == "Allied") < 2:
        duel.step()
    assert duel.receiver == "German"
    _backup(duel.homes["Allied"], tmp_path)
    answered = duel.files[-1]
    duel.step()  # German
    opened = duel.files[-1]
    duel.step()  # Allied: commits a secret
    lost = _last_body(duel.files[-1])
    duel.step()  # German
    duel.step()  # Allied: reveals it
    assert _last_body(duel.files[-1])["seq"] == lost["seq"] + 2
    return duel, tmp_path, answered, opened, lost


def test_a_restored_home_commits_a_fresh_secret_not_one_the_opponent_has_seen(played):
    duel, tmp, _answered, opened, lost = played
    allied = duel.homes["Allied"]
    _restore(allied, tmp, ledger=True)  # the whole data folder, ledger and all, from the backup
    s = allied.open_file(opened).session
    play_until_send(s.xg, random.Random(99))
    again = _last_body(s.send(tmp / "again"))
    assert again["seq"] == lost["seq"]
    # the secret behind the lost commitment was revealed in the next Allied file: committing it again
    # would let the German player compute every die of the Allied commitment
    assert again["commit"] != lost["commit"]
    assert again["nonce"] != lost["nonce"]


def test_a_restored_game_folder_is_refused_naming_the_last_file_sent(played):
    duel, tmp, _answered, _opened, lost = played
    allied = duel.homes["Allied"]
    _restore(allied, tmp, ledger=False)  # the game folder from the backup; the ledger beside it is newer
    with pytest.raises(ExchangeError) as err:
        allied.load(duel.game_id)
    assert err.value.kind == "restored"
    assert f"but you sent segment {lost['seq'] + 2}" in str(err.value) and "Put back the newest copy" in str(err.value)
    # the opponent's next file says the same from its own record (the ledger lost too)
    allied.ledger_path.unlink()
    allied._loaded.clear()
    duel.step()  # German answers the last Allied file
    with pytest.raises(ExchangeError) as err:
        allied.open_file(duel.files[-1])
    assert err.value.kind == "restored" and f"you sent segment {lost['seq'] + 2}" in str(err.value)


def test_the_ledger_lies_outside_the_game_folder(played):
    duel, *_ = played
    allied = duel.homes["Allied"]
    assert not allied.ledger_path.is_relative_to(allied.root)
    rec = allied.ledger()[duel.game_id]
    assert rec["seq"] == len(allied.load(duel.game_id).xg.segments) - 1

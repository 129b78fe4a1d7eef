"""Keys (a passphrase-protected backup, permissions, a clear word when a game's key is missing) and
evidence a referee can check (a pending command and the time it was sent; both versions of an
equivocation)."""

from __future__ import annotations

import json
import os
import shutil

import pytest

from darkdec_qt.cli import main
from darkdec_qt.exchangestore import PlayerHome, verify_evidence
from darkdec_qt.game.exchange import ExchangeError
from darkdec_qt.game.exchange.signing import Signed, verify

from .helpers import Duel


@pytest.fixture(scope="module")
def duel(tmp_path_factory):
    d = Duel(tmp_path_factory.mktemp("ev"), orders=("no_reaction", "default_declaration"), seed=4)
    for _ in range(40):
        d.step()
        if d.session("German").xg.pending is not None and d.receiver == "Allied":
            return d
    raise AssertionError("no German command pending")


def test_an_identity_exported_with_a_passphrase_is_taken_by_another_home(tmp_path, capsys):
    a, b = PlayerHome(tmp_path / "a"), PlayerHome(tmp_path / "b")
    (tmp_path / "pass").write_text("correct horse battery\n")
    assert main(["exchange", "--home", str(a.root), "whoami"]) == 0
    assert "back it up now" in capsys.readouterr().out
    assert main(["exchange", "--home", str(a.root), "identity", "export", str(tmp_path / "key.pem"),
                 "--passphrase-file", str(tmp_path / "pass")]) == 0
    assert b"ENCRYPTED" in (tmp_path / "key.pem").read_bytes()
    with pytest.raises(ExchangeError, match="passphrase is wrong"):
        b.import_identity(tmp_path / "key.pem", "wrong horse battery")
    assert b.import_identity(tmp_path / "key.pem", "correct horse battery") == a.fingerprint()
    assert PlayerHome(b.root).fingerprint() == a.fingerprint()


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_a_key_other_users_may_read_is_refused(tmp_path):
    h = PlayerHome(tmp_path / "h")
    h.key()
    (h.root / "identity.pem").chmod(0o644)
    with pytest.raises(ExchangeError, match="may be read by other users"):
        PlayerHome(h.root).key()


def test_a_game_whose_key_is_missing_says_so(duel, tmp_path):
    home = PlayerHome(tmp_path / "lost-key")
    shutil.copytree(duel.homes["German"].root, home.root)
    (home.root / "identity.pem").unlink()  # the key is lost: a new one would be made
    with pytest.raises(ExchangeError, match="import the key you played it with"):
        home.load(duel.game_id)


def test_evidence_of_a_pending_command_is_checked_by_a_referee(duel, tmp_path, capsys):
    g = duel.session("German")
    path = g.export_evidence(tmp_path / "evidence.ddx")
    lines = verify_evidence(path)
    n = len(g.xg.segments) - 1
    assert any(f"segment {n}, signed by the German player at 20" in x and "pending" in x
               and "the Allied player committed to" in x for x in lines)
    assert main(["exchange", "verify-evidence", str(path)]) == 0
    assert "segments verified" in capsys.readouterr().out


def test_equivocation_evidence_is_kept_with_both_signed_versions(duel, tmp_path):
    from darkdec_qt.game.exchange.segment import parse
    from darkdec_qt.game.exchange.signing import sign

    allied = PlayerHome(tmp_path / "allied")
    shutil.copytree(duel.homes["Allied"].root, allied.root)
    s = allied.load(duel.game_id)
    n = len(s.xg.segments) - 1  # the Allied player's last segment, signed again differently
    body = parse(s.xg.segments[n], n)
    body["time"] += 1
    other = sign(body, duel.homes[s.xg.author_of(n)].key())
    german = PlayerHome(tmp_path / "german")
    shutil.copytree(duel.homes["German"].root, german.root)
    gs = german.load(duel.game_id)
    from darkdec_qt.model.exchangefile import ExchangeFile, write_exchange

    bad = write_exchange(ExchangeFile({}, [(0, gs.xg.segments[0].raw, gs.xg.segments[0].sig),
                                           (n, other.raw, other.sig)]), tmp_path / "fork.ddx")
    with pytest.raises(ExchangeError, match="the evidence is kept in") as err:
        german.open_file(bad)
    kept = json.loads((german.game_dir(duel.game_id) / "evidence" / f"equivocation-segment-{n}.json").read_text())
    assert str(german.game_dir(duel.game_id)) in str(err.value)
    a, b = (Signed(v["body"], v["sig"]) for v in kept["versions"])
    assert a != b
    for v in (a, b):
        verify(v, kept["key"], n)  # both verify with the one key: the proof

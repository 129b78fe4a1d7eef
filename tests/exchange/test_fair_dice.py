"""File exchange, fair means 1: nobody can learn a die before the command that needs it is
committed, and nobody alone can choose it (commit-reveal, docs/file-exchange.md)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from darkdec_qt.game.exchange import fairdice
from darkdec_qt.model.exchangefile import read_exchange
from darkdec_qt.rules.core.dice import DiceCursor, DicePending, die
from tests.exchange.helpers import Duel

_HEX64 = re.compile(rb"[0-9a-f]{64}")


def _everything_held(home_root: Path, sent: list[Path]) -> list[bytes]:
    return [p.read_bytes() for p in home_root.rglob("*") if p.is_file()] + [p.read_bytes() for p in sent]


def test_the_mover_cannot_compute_a_pending_roll_from_everything_it_holds(tmp_path):
    duel = Duel(tmp_path, seed=3)
    # play until the German player sends a command whose die is pending
    for _ in range(60):
        duel.step()
        body = json.loads(read_exchange(duel.files[-1]).rows[-1][1])
        if body["author"] == "German" and body["pending"] is not None:
            break
    else:
        raise AssertionError("no pending German command")
    seq = body["seq"]
    german = duel.session("German")
    allied_home = duel.homes["Allied"]
    # what decides the die: the German nonce (in the file) and the Allied secret revealed next
    allied = duel.session("Allied")
    m = allied.xg.counts["Allied"]
    allied_master = (allied.dir / "secret").read_bytes()
    reveal = allied.me.secret(duel.game_id, m - 1)
    assert fairdice.opens(reveal, german.xg.commits["Allied"])  # committed before the German command was seen
    # nothing the German player holds (its home: key, secret, local copy; every file it sent or
    # received) contains that secret or the Allied master secret...
    held = _everything_held(duel.homes["German"].root, duel.files)
    for blob in held:
        assert reveal.encode() not in blob and bytes.fromhex(reveal) not in blob and allied_master not in blob
    # ...nor any value that opens the Allied commitment (the die needs a SHA-256 preimage)
    candidates = {h.decode() for blob in held for h in _HEX64.findall(blob)}
    assert len(candidates) > 10
    assert not any(fairdice.opens(c, german.xg.commits["Allied"]) for c in candidates)
    # the German program itself cannot roll it: the die source of a command being committed refuses
    try:
        DiceCursor(german.xg.game_id, german.xg.game.state.dice_count, fairdice.unseen).roll("probe")
        raise AssertionError("rolled an unseen die")
    except DicePending as exc:
        assert exc.index == german.xg.game.state.dice_count
    # the Allied player resolves it with that secret; the rolled value is the one derived from it
    r = allied_home.open_file(duel.files[-1])
    first = r.session.xg.draft_batches[0]
    assert first["by"] == "resolve" and first["command"] == body["pending"]
    rolls = [e for e in first["events"] if e["kind"] == "die_rolled"]
    assert rolls
    for e in rolls:
        assert e["value"] == fairdice.exchange_die(duel.game_id, seq, e["index"], body["nonce"], reveal)


def test_hot_seat_dice_are_unchanged():
    # the seeded derivation of the hot-seat mode, as before: sha256(f"{seed}:{n}") % 6 + 1
    import hashlib

    for seed, n in (("0", 0), ("7", 13), ("abc", 99)):
        want = int.from_bytes(hashlib.sha256(f"{seed}:{n}".encode()).digest()[:8], "big") % 6 + 1
        assert die(seed, n) == want
        assert DiceCursor(seed, n).roll("x")[0] == want


def test_neither_contribution_alone_decides_a_die():
    # changing either player's contribution changes the dice (over many indices)
    a = [fairdice.exchange_die("g" * 32, 5, i, "1" * 64, "2" * 64) for i in range(60)]
    b = [fairdice.exchange_die("g" * 32, 5, i, "3" * 64, "2" * 64) for i in range(60)]
    c = [fairdice.exchange_die("g" * 32, 5, i, "1" * 64, "4" * 64) for i in range(60)]
    assert a != b and a != c and set(a) == set(range(1, 7))

"""File exchange: the file's ``meta`` table is unsigned, so nothing in it is played or shown. Its game id
and sender (a label for the shared-folder watcher and for sorting) must agree with the signed segments or
the file is refused as altered; its other entries (the program version, an evidence file's export time)
are ignored. Standing orders are signed, and an unknown one is refused (docs/file-exchange.md)."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from darkdec_qt.cli import main
from darkdec_qt.exchangewatch import SharedFolder
from darkdec_qt.game.exchange import ExchangeError
from darkdec_qt.game.exchange.signing import sign
from darkdec_qt.model.exchangefile import ExchangeFile, read_exchange, write_exchange
from tests.exchange.helpers import Duel


@pytest.fixture
def duel(tmp_path):
    duel = Duel(tmp_path / "duel", orders=("no_reaction",), seed=3)
    for _ in range(3):
        duel.step()
    return duel


def _edit_meta(src: Path, dst: Path, **values: object) -> Path:
    shutil.copyfile(src, dst)
    con = sqlite3.connect(dst)
    with con:
        for k, v in values.items():
            con.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (k, json.dumps(v)))
    con.close()
    return dst


def _home_files(duel: Duel, side: str) -> dict[str, bytes]:
    root = duel.homes[side].root
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_an_edited_program_version_changes_nothing_shown(duel, tmp_path, capsys):
    """The opponent's file says it was written by a far newer program: nothing of it is shown, and the
    game opened is the one the unedited file gives."""
    home, gid = duel.homes[duel.receiver], duel.game_id
    edited = _edit_meta(duel.files[-1], tmp_path / "edited.ddx", program_version="99.0.0", greeting="resign now")
    assert read_exchange(edited).meta["program_version"] == "99.0.0"
    shutil.copytree(home.root, tmp_path / "twin")
    assert main(["exchange", "--home", str(home.root), "open", str(edited)]) == 0
    shown = capsys.readouterr()
    assert "99.0.0" not in shown.out + shown.err and "resign" not in shown.out + shown.err
    assert main(["exchange", "--home", str(tmp_path / "twin"), "open", str(duel.files[-1])]) == 0
    plain = capsys.readouterr()
    assert shown.out == plain.out.replace(str(tmp_path / "twin"), str(home.root))
    assert home.load(gid).xg.game.state.state_hash() == type(home)(tmp_path / "twin").load(gid).xg.game.state.state_hash()


@pytest.mark.parametrize("key", ["from", "game"])
def test_a_label_that_disagrees_with_the_signed_segments_is_refused(duel, tmp_path, key):
    home = duel.homes[duel.receiver]
    value = duel.receiver if key == "from" else "0" * 32  # my own file, or another game's
    edited = _edit_meta(duel.files[-1], tmp_path / "edited.ddx", **{key: value})
    before = _home_files(duel, duel.receiver)
    with pytest.raises(ExchangeError, match="unsigned label .* disagrees with its signed segments") as err:
        home.open_file(edited)
    assert err.value.kind == "tampered"
    assert _home_files(duel, duel.receiver) == before


def test_the_watcher_tells_its_own_files_by_the_signed_segments(duel, tmp_path):
    """A file whose label claims it is mine is not passed over unread: it is opened, and refused."""
    shared = tmp_path / "shared"
    shared.mkdir()
    _edit_meta(duel.files[-1], shared / "answer.ddx", **{"from": duel.receiver})
    polled = SharedFolder(duel.homes[duel.receiver], shared).poll()
    assert [p.name for p, _ in polled.refused] == ["answer.ddx"]
    assert "unsigned label" in polled.refused[0][1]
    mine = duel.files[-2]  # the receiver's own last file, labelled as the opponent's: still its own
    _edit_meta(mine, shared / "mine.ddx", **{"from": "German" if duel.receiver == "Allied" else "Allied"})
    (shared / "answer.ddx").unlink()
    polled = SharedFolder(duel.homes[duel.receiver], shared).poll()
    assert polled.refused == [] and polled.opened == []


def test_an_evidence_files_export_time_is_not_shown(duel, tmp_path, capsys):
    home = duel.homes[duel.receiver]
    out = tmp_path / "evidence.ddx"
    assert main(["exchange", "--home", str(home.root), "evidence", duel.game_id[:8], "--out", str(out)]) == 0
    capsys.readouterr()
    assert main(["exchange", "verify-evidence", str(out)]) == 0
    plain = capsys.readouterr().out
    _edit_meta(out, tmp_path / "later.ddx", evidence=4_000_000_000)
    assert main(["exchange", "verify-evidence", str(tmp_path / "later.ddx")]) == 0
    assert capsys.readouterr().out == plain.replace(str(out), str(tmp_path / "later.ddx"))


def test_an_unknown_standing_order_in_a_file_is_refused(duel, tmp_path):
    f = read_exchange(duel.files[-1])
    n, raw, _ = f.rows[-1]
    body = json.loads(raw)
    body["orders"]["surrender_on_demand"] = False  # known or not is decided by name, whatever its value
    s = sign(body, duel.homes[body["author"]].key())
    bad = tmp_path / "orders.ddx"
    write_exchange(ExchangeFile(f.meta, [*f.rows[:-1], (n, s.raw, s.sig)], f.module_bytes), bad)
    before = _home_files(duel, duel.receiver)
    with pytest.raises(ExchangeError, match=f"segment {n}: names an unknown standing order 'surrender_on_demand'"):
        duel.homes[duel.receiver].open_file(bad)
    assert _home_files(duel, duel.receiver) == before

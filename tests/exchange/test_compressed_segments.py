"""File exchange format 3: segment bodies stored zlib-compressed (a later file of a few KB), the
signature still over the canonical text, a decompression bomb refused within a fixed budget, and
format-2 files (bodies as text) still read (darkdec_qt/model/exchangefile.py)."""

from __future__ import annotations

import json
import sqlite3
import time
import zlib

import pytest

from darkdec_qt.exchangestore import PlayerHome
from darkdec_qt.game.exchange import ExchangeError
from darkdec_qt.model import exchangefile
from darkdec_qt.model.exchangefile import MAX_BODY_BYTES, ExchangeFileError, read_exchange
from tests.exchange.helpers import Duel


@pytest.fixture(scope="module")
def duel(tmp_path_factory):
    return Duel(tmp_path_factory.mktemp("packed"), seed=2).hops(4)


def _bodies(path) -> list:  # noqa: ANN001
    con = sqlite3.connect(path)
    try:
        return con.execute("SELECT seq, body FROM segment ORDER BY seq").fetchall()
    finally:
        con.close()


def _set_body(path, seq: int, data) -> None:  # noqa: ANN001
    con = sqlite3.connect(path)
    con.execute("UPDATE segment SET body = ? WHERE seq = ?", (data, seq))
    con.commit()
    con.close()


def test_bodies_are_stored_compressed_and_read_as_signed_text(duel):
    path = duel.files[-1]
    rows = _bodies(path)
    assert all(isinstance(b, bytes) for _, b in rows)
    f = read_exchange(path)
    texts = [b for _, b, _ in f.rows]
    assert [zlib.decompress(b).decode() for _, b in rows] == texts
    assert sum(map(len, (b for _, b in rows))) * 2 < sum(map(len, texts))  # JSON compresses well
    assert json.loads(texts[-1])["seq"] == f.rows[-1][0]


def test_a_decompression_bomb_is_refused_within_a_fixed_budget(duel, tmp_path):
    p = tmp_path / "bomb.ddx"
    p.write_bytes(duel.files[-1].read_bytes())
    seq = _bodies(p)[-1][0]
    bomb = zlib.compress(b" " * (200 * MAX_BODY_BYTES), 9)  # 400 MB of spaces in under 400 KB
    assert len(bomb) < 500_000
    _set_body(p, seq, bomb)
    t = time.process_time()
    with pytest.raises(ExchangeFileError, match=f"segment row {seq} expands beyond"):
        read_exchange(p)
    assert time.process_time() - t < 5  # at most MAX_BODY_BYTES decompressed, not 400 MB


@pytest.mark.parametrize("data, says", [(b"not zlib", "is damaged"), ("text in place of data", "is malformed"),
                                        (zlib.compress(b"{}")[:-3], "truncated"),
                                        (zlib.compress(b"{}") + b"tail", "followed by other bytes")])
def test_a_damaged_compressed_body_is_refused_in_one_sentence(duel, tmp_path, data, says):
    p = tmp_path / "damaged.ddx"
    p.write_bytes(duel.files[-1].read_bytes())
    _set_body(p, _bodies(p)[-1][0], data)
    with pytest.raises(ExchangeFileError, match=says) as err:
        read_exchange(p)
    assert str(err.value).count(". ") == 0


def test_a_changed_compressed_body_fails_its_signature(duel, tmp_path):
    p = tmp_path / "changed.ddx"
    p.write_bytes(duel.files[-1].read_bytes())
    seq, body = _bodies(p)[-1]
    text = zlib.decompress(body).decode()
    _set_body(p, seq, zlib.compress(text.replace('"turn":1', '"turn":2').encode()))
    snap = PlayerHome(duel.homes[duel.receiver].root)
    with pytest.raises(ExchangeError, match="signature does not verify"):
        snap.open_file(p)


def test_a_format_2_file_with_text_bodies_is_still_read(duel, tmp_path, monkeypatch):
    f = read_exchange(duel.files[-1])
    monkeypatch.setattr(exchangefile, "EXCHANGE_FORMAT_VERSION", 2)
    monkeypatch.setattr(exchangefile, "_SCHEMA", exchangefile._SCHEMA_2)
    monkeypatch.setattr(exchangefile, "pack_body", lambda body: body)
    old = exchangefile.write_exchange(f, tmp_path / "old.ddx", compact=True)
    monkeypatch.undo()
    assert all(isinstance(b, str) for _, b in _bodies(old))
    assert read_exchange(old).rows == f.rows

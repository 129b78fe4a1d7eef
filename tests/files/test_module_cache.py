"""The module cache holds only modules of games that verified, and is bounded in size: a
refused file leaves nothing in ``<user cache>/darkdec/modules``."""

from __future__ import annotations

import os

import pytest

from darkdec_qt import gamestore
from darkdec_qt.model.database import read_database, write_database
from darkdec_qt.model.gamefile import GameFileError
from darkdec_qt.model.load import DEFAULT_MODULE, load_module
from tests.files.helpers import forge


@pytest.fixture(scope="module")
def other_module(tmp_path_factory):
    rows = read_database(DEFAULT_MODULE)
    for r in rows["unit"][:3]:
        r["fa"] += 1
    p = tmp_path_factory.mktemp("mod") / "other.sqlite"
    write_database(rows, p)
    return p


@pytest.fixture
def other_game(other_module, tmp_path):
    from darkdec_qt.game.selfplay import selfplay

    p = tmp_path / "other.ddg"
    gamestore.save(selfplay(load_module(other_module), "herbstnebel", "1", 1), p, other_module)
    return p


def _cached() -> list[str]:
    d = gamestore.module_cache_dir()
    return sorted(f.name for f in d.iterdir()) if d.is_dir() else []


def test_a_refused_game_leaves_nothing_in_the_cache(other_game):
    def edit(rec):  # noqa: ANN001
        die = next(e for item in rec.events for e in item["events"] if e["kind"] == "die_rolled")
        die["value"] = die["value"] % 6 + 1

    forge(other_game, edit)
    with pytest.raises(GameFileError, match="does not verify"):
        gamestore.open_verified(other_game)
    assert not gamestore.verify(other_game).ok
    assert _cached() == []


def test_a_verified_game_is_cached_once(other_game):
    opened = gamestore.open_verified(other_game)
    h = opened.game.module.meta.content_hash
    assert _cached() == [f"{h}.sqlite"] and opened.module_path == gamestore.module_cache_dir() / f"{h}.sqlite"
    assert gamestore.open_verified(other_game).module_path == opened.module_path


def test_the_cache_is_bounded_least_recently_used_first(other_game, monkeypatch):
    d = gamestore.module_cache_dir()
    d.mkdir(parents=True)
    old = [d / f"{c * 64}.sqlite" for c in "abc"]
    for k, f in enumerate(old):
        f.write_bytes(b"\0" * 400_000)
        os.utime(f, (1000 + k, 1000 + k))
    monkeypatch.setattr(gamestore, "MAX_CACHE_BYTES", 2_000_000)
    opened = gamestore.open_verified(other_game)
    left = _cached()
    assert opened.module_path.name in left and old[0].name not in left and old[2].name in left
    assert sum((d / n).stat().st_size for n in left) <= 2_000_000

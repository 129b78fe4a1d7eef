"""One program version (version.VERSION, semantic versioning): ``darkdec --version``, the
About box, and every game and exchange file it writes carry it beside the module's content
hash; a file written by a newer version opens with one sentence saying so."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from darkdec_qt.cli import main
from darkdec_qt.model import exchangefile, gamefile
from darkdec_qt.model.gamefile import load_game
from darkdec_qt.version import VERSION, newer_notice

from .helpers import forge, run


def test_darkdec_version_prints_the_one_version(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0 and capsys.readouterr().out.strip() == f"darkdec {VERSION}"
    assert VERSION == "0.2.0"
    pyproject = tomllib.loads((Path(__file__).resolve().parents[2] / "pyproject.toml").read_text(encoding="utf-8"))
    assert pyproject["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "darkdec_qt.version.VERSION"}


def test_a_saved_game_carries_the_program_version_beside_the_module_hash(saved_game):
    meta = load_game(saved_game).meta
    assert meta["program_version"] == VERSION and len(meta["module_hash"]) == 64


def test_a_game_from_a_newer_version_opens_with_one_sentence_saying_so(saved_game, tmp_path, capsys, monkeypatch):
    p = tmp_path / "newer.ddg"
    p.write_bytes(saved_game.read_bytes())
    monkeypatch.setattr(gamefile, "VERSION", "0.9.1")
    forge(p, lambda rec: None)  # written again, as 0.9.1 would
    monkeypatch.undo()
    code, out, err = run(capsys, "status", str(p))
    assert code == 0 and "Herbstnebel" in out
    assert err.strip() == (f"darkdec: warning: newer.ddg was written by Dark December 0.9.1, newer than this "
                           f"{VERSION}: it opens, but update the program if anything in it looks missing.")
    code, _, err = run(capsys, "status", str(saved_game))
    assert code == 0 and err == ""


def test_an_exchange_file_carries_the_program_version(tmp_path):
    f = exchangefile.ExchangeFile(meta={"game": "x"}, rows=[])
    exchangefile.write_exchange(f, tmp_path / "a.ddx")
    meta = exchangefile.read_exchange(tmp_path / "a.ddx").meta
    assert meta["program_version"] == VERSION
    assert newer_notice("a.ddx", meta) == ""
    assert "newer than this" in newer_notice("a.ddx", dict(meta, program_version="1.0.0"))
    assert newer_notice("a.ddx", dict(meta, program_version="not a version")) == ""

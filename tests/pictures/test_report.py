"""``darkdec report game.ddg --out report.html``: one self-contained HTML page (report/page.py)
with the verdict, the statistics as SVG, the maps as inlined PNGs and the log in words; every
text from the file escaped."""

from __future__ import annotations

import base64
import io
import re
from pathlib import Path

import pytest
from PIL import Image

from darkdec_qt import gamestore
from darkdec_qt.game.statistics import CHARTS
from darkdec_qt.rules.scenarios.victory import evaluate
from tests.files.helpers import edit_die as _edit_die
from tests.files.helpers import forge, run

HOSTILE = '<script>alert("x")</script><img src="http://evil.example/x.png"> & </details><a href=//evil>'


@pytest.fixture(scope="module")
def noted_game(module, tmp_path_factory) -> Path:
    """Two turns of Herbstnebel with a hostile note of each side in the log."""
    from darkdec_qt.game.selfplay import selfplay
    from darkdec_qt.rules.core.notes import Note

    game = selfplay(module, "herbstnebel", "2", 2)
    game.execute(Note(side="German", text=HOSTILE))
    game.execute(Note(side="Allied", text="Bastogne holds\u202e\u0007 & <b>thanks</b>"))
    p = tmp_path_factory.mktemp("games") / "noted.ddg"
    gamestore.save(game, p)
    return p


def _report(capsys, game: Path, out: Path, *more: str) -> str:
    code, stdout, err = run(capsys, "report", str(game), "--out", str(out), "--all", "--scale", "0.2", *more)
    assert code == 0, err
    assert "report written to" in stdout
    return out.read_text(encoding="utf-8")


def _outside_references(page: str) -> list[str]:
    """Every address in a tag's attributes or a style's url() that does not stay in the page
    (anything but data: and #anchors), read by an HTML parser as a browser reads the tags."""
    from html.parser import HTMLParser

    found: list[str] = []

    class Refs(HTMLParser):
        def handle_starttag(self, tag, attrs):
            for k, v in attrs:
                if k in ("src", "href", "xlink:href", "action", "srcset", "poster", "data", "background"):
                    found.append(v or "")
                if k == "style":
                    found.extend(re.findall(r"url\(([^)]*)\)", v or ""))

        def handle_data(self, data):
            if self.lasttag == "style":
                found.extend(re.findall(r"url\(([^)]*)\)", data))

    Refs().feed(page)
    return [r for r in found if not r.startswith(("data:", "#"))]


def test_the_page_is_self_contained_and_has_its_parts(short_game, tmp_path, capsys):
    page = _report(capsys, short_game, tmp_path / "r.html", "--turns", "1")
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    assert _outside_references(page) == []
    assert "http://" not in page and "https://" not in page
    assert _outside_references('<p><img src="http://x/y.png"><a href=//evil>t</a></p>') == ["http://x/y.png", "//evil"]
    assert "<script" not in page.lower()
    assert "default-src 'none'" in page  # the Content-Security-Policy: nothing loads from outside
    assert page.count("<svg") == len(CHARTS) and "Steps lost" in page and "Objective towns held" in page
    pngs = re.findall(r'src="data:image/png;base64,([A-Za-z0-9+/=]+)"', page)
    assert len(pngs) == 2  # turn 1 and the end
    with Image.open(io.BytesIO(base64.b64decode(pngs[0]))) as im:
        assert im.format == "PNG" and im.width > 300
    assert "The map at the end of turn 1 (AM 16 December)" in page and "The map where the log ends, turn 3" in page


def test_the_page_gives_the_verdict(short_game, tmp_path, capsys):
    page = _report(capsys, short_game, tmp_path / "r.html")
    v = evaluate(gamestore.open_verified(short_game).game.state)
    assert "If the game had ended here: " in page and v.name in page
    assert f"<p>{v.reason}</p>" in page.replace("&#x27;", "'")


def test_the_log_in_words_numbered_as_everywhere(short_game, tmp_path, capsys):
    from darkdec_qt.logfold import log_words
    from darkdec_qt.rules.narrate import Storyteller

    page = _report(capsys, short_game, tmp_path / "r.html")
    game = gamestore.open_verified(short_game).game
    teller = Storyteller(game.module)
    moves = [(i, log_words(teller, e)) for i, e in enumerate(game.events) if e.kind == "unit_moved"]
    i, words = moves[0]
    from html import escape

    assert f'<span class="n">{i + 1}</span>{escape(words)}</li>' in page
    assert page.count("<details") == 3  # one per turn begun
    assert "units supplied" in page  # the routine supply lines folded, as the log dock folds them


def test_text_from_the_file_is_escaped(noted_game, tmp_path, capsys):
    page = _report(capsys, noted_game, tmp_path / "r.html")
    assert "<script" not in page.lower() and "evil.example/x.png\"" not in page
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in page
    assert "&lt;/details&gt;&lt;a href=//evil&gt;" in page
    assert page.count("<details") == page.count("</details>")
    assert _outside_references(page) == []
    assert "Bastogne holds &amp; &lt;b&gt;thanks&lt;/b&gt;" in page  # the bidi override and the bell dropped
    assert "\u202e" not in page and "\u0007" not in page
    assert "German 1, Allied 1" in page  # the notes are counted by side


def test_an_unfinished_fog_of_war_game_is_reported_only_when_asked(short_game, tmp_path, capsys):
    code, _, err = run(capsys, "report", str(short_game), "--out", str(tmp_path / "r.html"))
    assert code == 2 and "fog of war (25.0)" in err and "--all" in err
    assert not (tmp_path / "r.html").exists()


def test_a_turn_not_played_is_refused(short_game, tmp_path, capsys):
    code, _, err = run(capsys, "report", str(short_game), "--out", str(tmp_path / "r.html"), "--all",
                       "--turns", "2,9")
    assert code == 2 and "'9' is not a turn of this game (1 to 3)" in err
    assert not (tmp_path / "r.html").exists()


def test_a_forged_game_is_not_reported(short_game, tmp_path, capsys):
    p = tmp_path / "g.ddg"
    p.write_bytes(short_game.read_bytes())
    forge(p, _edit_die)
    code, _, err = run(capsys, "report", str(p), "--out", str(tmp_path / "r.html"), "--all")
    assert code == 2 and "does not verify" in err and "Traceback" not in err
    assert not (tmp_path / "r.html").exists()


def test_the_players_as_far_as_the_file_says(short_game, tmp_path, capsys, module):
    from darkdec_qt.game.selfplay import selfplay
    from darkdec_qt.report.page import players

    p = tmp_path / "vs.ddg"
    gamestore.save(selfplay(module, "herbstnebel", "1", 1), p, opponent={"German": "normal"})
    page = _report(capsys, p, tmp_path / "r.html")
    assert "German: the computer opponent (normal); Allied: the player at the screen" in page
    assert "names no computer player" in _report(capsys, short_game, tmp_path / "s.html")
    for hostile in ({"German": "<b>x</b>"}, {"Allied": "normal", "German": "easy"}, ["German"], "x"):
        assert "names no computer player" in players(hostile)


def _changed(a: Image.Image, b: Image.Image) -> int:
    """Pixels of the map (the caption band above it left out) that differ by more than a
    palette's rounding (40 in a channel)."""
    from PIL import ImageChops

    box = (0, 30, a.width, a.height)
    diff = ImageChops.difference(a.convert("RGB").crop(box), b.convert("RGB").crop(box)).convert("L")
    return sum(diff.point(lambda v: 255 if v > 40 else 0).histogram()[255:])


def test_the_maps_are_the_replays_frames_of_those_turns(short_game, tmp_path, capsys):
    page = _report(capsys, short_game, tmp_path / "r.html", "--turns", "1")
    run(capsys, "replay", str(short_game), "--frames", str(tmp_path / "f"), "--all", "--scale", "0.2")
    maps = [Image.open(io.BytesIO(base64.b64decode(d)))
            for d in re.findall(r'src="data:image/png;base64,([A-Za-z0-9+/=]+)"', page)]
    turn1, end = (Image.open(tmp_path / "f" / n) for n in ("001-turn01.png", "003-turn03.png"))
    assert maps[0].size == turn1.size
    assert _changed(maps[0], turn1) < 200 < _changed(maps[0], end)
    assert _changed(maps[1], end) < 200

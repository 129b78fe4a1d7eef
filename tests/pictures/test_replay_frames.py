"""``darkdec replay game.ddg --frames DIR / --gif out.gif``: the map at the end of every turn
or phase, drawn with the client's map scene (ui/frames.py), from a verified file only."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from darkdec_qt import gamestore
from tests.files.helpers import edit_die as _edit_die
from tests.files.helpers import forge, run


def _turns_and_phases(path: Path) -> tuple[int, int]:
    events = gamestore.open_verified(path).game.events
    began = [e for e in events if e.kind == "phase_began"]
    return len({e.turn for e in began}), len(began)


def test_one_png_per_turn_played(short_game, tmp_path, capsys):
    turns, _ = _turns_and_phases(short_game)
    assert turns == 3  # two whole turns and the start of the third
    code, out, err = run(capsys, "replay", str(short_game), "--frames", str(tmp_path / "f"), "--all")
    assert code == 0, err
    files = sorted(p.name for p in (tmp_path / "f").iterdir())
    assert files == ["001-turn01.png", "002-turn02.png", "003-turn03.png"]
    assert f"{turns} frames (one per turn)" in out
    with Image.open(tmp_path / "f" / files[0]) as im:
        assert im.format == "PNG" and im.width > 600 and im.height > 400


def test_one_png_per_phase_played(short_game, tmp_path, capsys):
    _, phases = _turns_and_phases(short_game)
    code, _, err = run(capsys, "replay", str(short_game), "--frames", str(tmp_path / "f"), "--per", "phase",
                       "--side", "German", "--scale", "0.1")
    assert code == 0, err
    files = sorted((tmp_path / "f").iterdir())
    assert len(files) == phases
    assert files[2].name == "003-turn01-german-movement.png"
    assert files[-1].name.startswith(f"{phases:03d}-turn03-german-")


def test_the_turns_differ_where_units_moved(short_game, tmp_path, capsys):
    run(capsys, "replay", str(short_game), "--frames", str(tmp_path / "f"), "--all", "--scale", "0.2")
    a, b = (Image.open(tmp_path / "f" / n).convert("RGB") for n in ("001-turn01.png", "002-turn02.png"))
    from PIL import ImageChops

    assert ImageChops.difference(a, b).getbbox() is not None


def test_an_animated_gif_with_a_frame_per_turn(short_game, tmp_path, capsys):
    out_gif = tmp_path / "game.gif"
    code, _, err = run(capsys, "replay", str(short_game), "--gif", str(out_gif), "--all", "--frames",
                       str(tmp_path / "f"), "--scale", "0.2")
    assert code == 0, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f", "game.gif"]  # no part file left
    with Image.open(out_gif) as gif:
        assert gif.format == "GIF" and gif.is_animated and gif.n_frames == 3 and gif.info["loop"] == 0
        durations = []
        for k in range(3):
            gif.seek(k)
            durations.append(gif.info["duration"])
        assert durations == [800, 800, 3000]  # the last frame held
        gif.seek(2)  # the last frame, drawn over the ones before: the last PNG, in the GIF's palette
        last = gif.convert("RGB")
    with Image.open(tmp_path / "f" / "003-turn03.png") as png:
        assert last.size == png.size
        diff = sum(abs(a - b) for a, b in zip(last.resize((64, 48)).tobytes(),
                                               png.convert("RGB").resize((64, 48)).tobytes()))
        assert diff / (64 * 48 * 3) < 6  # the same picture, up to the palette


def test_an_unfinished_fog_of_war_game_needs_a_viewer(short_game, tmp_path, capsys):
    code, _, err = run(capsys, "replay", str(short_game), "--frames", str(tmp_path / "f"))
    assert code == 2 and "fog of war (25.0)" in err and "--side" in err
    assert not (tmp_path / "f").exists()


def test_a_side_sees_only_what_fog_of_war_shows_it(short_game):
    from darkdec_qt.rules.fog import visible_units
    from darkdec_qt.ui.frames import FrameMaker

    game = gamestore.open_verified(short_game).game
    state = game.state
    hidden = sum(h for _shown, h in visible_units(state, "German").values())
    assert hidden > 0  # the test needs Allied units the Germans cannot see
    every = FrameMaker(game, scale=0.1)
    every.map_image(state)
    german = FrameMaker(game, scale=0.1, viewer="German")
    german.map_image(state)

    def allied(maker):
        return sum(1 for c in maker.scene.counter_items() if c.spec.side == "Allied")

    assert allied(german) == allied(every) - hidden


@pytest.mark.parametrize("what", ["--frames", "--gif"])
def test_a_forged_game_draws_nothing(short_game, tmp_path, capsys, what):
    p = tmp_path / "g.ddg"
    p.write_bytes(short_game.read_bytes())
    forge(p, _edit_die)
    target = tmp_path / ("f" if what == "--frames" else "g.gif")
    code, _, err = run(capsys, "replay", str(p), what, str(target), "--all")
    assert code == 2 and "does not verify" in err and "Traceback" not in err
    assert not target.exists()


def test_the_caption_names_the_moment_and_the_verdict_only_when_all_is_shown(short_game):
    from darkdec_qt.rules.scenarios.victory import evaluate
    from darkdec_qt.ui.frames import FrameMaker

    game = gamestore.open_verified(short_game).game
    state = game.state
    left, right = FrameMaker(game, scale=0.1).caption(state, "end of turn 3")
    assert left == f"Herbstnebel  ·  Turn 3  ·  {state.current_turn().label}  ·  {state.weather_now()}  ·  end of turn 3"
    assert right == f"standing: {evaluate(state).name}"
    assert FrameMaker(game, scale=0.1, viewer="Allied").caption(state, "x")[1] == "as the Allied side sees it"

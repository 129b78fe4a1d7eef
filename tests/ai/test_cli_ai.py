"""``darkdec selfplay --german ai:... --allied ...`` and ``darkdec tournament`` (issue 14)."""

from __future__ import annotations

from darkdec_qt.cli import main


def test_selfplay_with_computer_players_prints_verdict_and_thinking_time(capsys, tmp_path):
    out_file = tmp_path / "g.ddg"
    assert main(["selfplay", "--scenario", "herbstnebel", "--german", "ai:easy", "--allied", "random",
                 "--turns", "1", "--seed", "4", "--log", "--out", str(out_file)]) == 0
    out = capsys.readouterr().out
    assert "German ai:easy, Allied random" in out and "illegal commands refused: 0" in out
    assert "German ai:easy thinking per own player turn: median" in out
    assert "German plan: 16DecAM: German push toward" in out  # --log prints the notes
    assert "If the game ended now" in out
    assert out_file.exists()
    assert main(["log", str(out_file)]) == 0
    assert "German plan: " in capsys.readouterr().out  # the notes are in the saved log


def test_selfplay_refuses_an_unknown_player(capsys):
    assert main(["selfplay", "--german", "ai:genius"]) == 2
    assert "unknown level" in capsys.readouterr().err


def test_tournament_prints_a_table_with_wilson_intervals_and_elo(capsys):
    assert main(["tournament", "--a", "ai:easy", "--b", "random", "--scenario", "herbstnebel", "--n", "2",
                 "--turns", "1", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "ai:easy (A) against random (B), herbstnebel, 2 games" in out
    assert "95% CI (Wilson)" in out and "Elo A-B" in out
    lines = {ln.split()[0]: ln for ln in out.splitlines() if ln.split() and ln.split()[0] in ("German", "Allied", "all")}
    assert set(lines) == {"German", "Allied", "all"} and lines["all"].split()[1] == "2"

"""``darkdec selfplay --german ai:... --allied ...`` and ``darkdec tournament``: games between computer players."""

from __future__ import annotations

from darkdec_qt.cli import main


def test_selfplay_with_computer_players_prints_verdict_and_thinking_time(capsys, tmp_path):
    out_file = tmp_path / "g.ddg"
    assert main(["selfplay", "--scenario", "herbstnebel", "--german", "ai:easy", "--allied", "random",
                 "--turns", "1", "--seed", "4", "--log", "--out", str(out_file)]) == 0
    out = capsys.readouterr().out
    assert "German ai:easy, Allied random" in out and "illegal commands refused: 0" in out
    assert "German ai:easy thinking per own player turn: median" in out
    assert "German note: 16DecAM: German push toward" in out  # --log prints the notes
    assert "If the game ended now" in out
    assert out_file.exists()
    assert main(["log", str(out_file)]) == 0
    assert "German note: " in capsys.readouterr().out  # the notes are in the saved log


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


def test_tournament_games_start_from_the_set_up_asked_for():
    """--setup reaches every game of a tournament: the 1st SS on its 6.2 position (the
    engine's fill puts it on the north edge by Monschau)."""
    from darkdec_qt.ai import tournament as tn
    from darkdec_qt.ai.match import new_game
    from darkdec_qt.cli_ai import _module
    from darkdec_qt.rules.scenarios.setup import HISTORICAL_SETUP_TURN

    jobs = tn.jobs_for("ai:easy", "random", "herbstnebel", 2, setup="historical")
    assert {j.setup for j in jobs} == {"historical"}
    m = _module("")
    g = new_game(m, "herbstnebel", jobs[0].seed, setup=jobs[0].setup)
    assert g.state.pos["1/1SS"] == m.historical_positions(HISTORICAL_SETUP_TURN)["1/1SS"]
    assert new_game(m, "herbstnebel", jobs[0].seed).state.pos["1/1SS"] != g.state.pos["1/1SS"]

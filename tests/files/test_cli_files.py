"""Command-line file handling (docs/file-safety.md): the folded log, a game file given to the
editor, an unknown scenario, a folder given as a file: one clear line each."""

from __future__ import annotations

import pytest

from darkdec_qt.rules.narrate import describe
from tests.files.helpers import run


def test_log_folds_the_routine_supply_lines_like_the_client(saved_game, capsys, played):
    from darkdec_qt.logfold import is_routine

    routine = [i for i, e in enumerate(played.events) if is_routine(e)]
    assert len(routine) > 50
    code, out, _ = run(capsys, "log", str(saved_game))
    assert code == 0
    folded = [line for line in out.splitlines() if "units supplied (--all lists them)" in line]
    phases_with_routine = {sum(1 for e in played.events[:i] if e.kind == "phase_began") for i in routine}
    assert len(folded) == len(phases_with_routine)
    assert int(folded[0].split()[0]) == routine[0] + 1  # events are numbered from 1 everywhere
    assert sum(1 for line in out.splitlines() if describe(played.events[routine[1]], played.module) in line) == 0
    code, out_all, _ = run(capsys, "log", "--all", str(saved_game))
    assert "--all lists them" not in out_all
    assert describe(played.events[routine[1]], played.module) in out_all
    assert len(out_all.splitlines()) == len(out.splitlines()) + len(routine) - len(folded)


def test_the_log_dock_and_the_cli_share_the_fold():
    import darkdec_qt.ui.panels.log as panel

    assert panel.is_routine.__module__ == "darkdec_qt.logfold"


def test_edit_a_game_file_says_it_is_a_game_file(saved_game, capsys):
    code, _, err = run(capsys, "edit", str(saved_game))
    assert code == 2
    assert err.strip() == (f"darkdec: error: {saved_game}: is a game file (.ddg), not a module database; "
                           f"open it with 'darkdec play {saved_game}'")


def test_play_an_unknown_scenario_lists_the_scenarios(capsys):
    code, _, err = run(capsys, "play", "--scenario", "nosuch")
    assert code == 2 and err.startswith("darkdec: error: unknown scenario 'nosuch'; the scenarios are: ")
    for sc in ("herbstnebel", "campaign", "final_fury"):
        assert sc in err


@pytest.mark.parametrize("args", [["log", "{d}"], ["status", "{d}"], ["replay", "--verify", "{d}"],
                                  ["play", "{d}"], ["edit", "{d}"], ["module", "info", "--module", "{d}"],
                                  ["scenarios", "--module", "{d}"]])
def test_a_folder_given_as_a_file_is_a_clear_message(tmp_path, capsys, args):
    code, _, err = run(capsys, *[a.format(d=tmp_path) for a in args])
    assert code == 2 and err.startswith(f"darkdec: error: {tmp_path}: is a folder, not a ")
    assert err.count("\n") == 1


@pytest.mark.parametrize("content", [b"", b"garbage" * 100, b"SQLite format 3\x00" + b"\xff" * 4000])
def test_a_damaged_file_is_one_clear_line(tmp_path, capsys, content):
    p = tmp_path / "x.ddg"
    p.write_bytes(content)
    for args in (["log", str(p)], ["status", str(p)], ["replay", "--verify", str(p)], ["play", str(p)]):
        code, _, err = run(capsys, *args)
        assert code == 2 and err.startswith(f"darkdec: error: {p}: ") and err.count("\n") == 1, (args, err)

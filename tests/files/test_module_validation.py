"""File safety: malformed but plausible modules. Values are checked against their column's
type, references are validated, and every command that plays refuses an invalid module
with the validation report (never a KeyError or a bare '16DecAM')."""

from __future__ import annotations

import pytest

from darkdec_qt.model.database import DatabaseError, read_database, write_database
from darkdec_qt.model.load import load_module
from tests.files.helpers import run, sql


def rehash(path) -> None:  # noqa: ANN001
    """What an editor would do: store the content hash of the edited content."""
    write_database(read_database(path, verify_hash=False), path)


def test_text_in_an_integer_column_is_refused_by_selfplay(module_copy, capsys):
    sql(module_copy, "UPDATE unit SET fa = 'x' WHERE id = '2/1SS'")
    with pytest.raises(DatabaseError, match="table 'unit' row \\d+: column 'fa' must be an integer, holds 'x'"):
        load_module(module_copy)
    code, _, err = run(capsys, "selfplay", "--turns", "1", "--module", str(module_copy))
    assert code == 2 and "column 'fa' must be an integer" in err and "Traceback" not in err
    code, out, _ = run(capsys, "module", "validate", "--module", str(module_copy))
    assert code == 1 and "column 'fa' must be an integer" in out


def test_a_boolean_holding_2_is_refused(module_copy, capsys):
    sql(module_copy, "UPDATE hex SET westwall = 2 WHERE hex = '5024'")
    code, _, err = run(capsys, "selfplay", "--turns", "1", "--module", str(module_copy))
    assert code == 2 and "column 'westwall' must be a boolean (0 or 1), holds 2" in err


def test_an_empty_turn_table_is_refused_with_the_report(module_copy, capsys):
    sql(module_copy, "DELETE FROM turn")
    rehash(module_copy)
    for args in (["scenarios"], ["selfplay", "--turns", "1"], ["play", "--screenshot", "x.png"]):
        code, out, err = run(capsys, *args, "--module", str(module_copy))
        assert code == 2, args
        assert "the module is not valid" in err and "Game Turn Record Track (turn table) is empty" in err, args
        assert "is not in the calendar" in err and "KeyError" not in err and "Traceback" not in err, args
    code, out, err = run(capsys, "module", "info", "--module", str(module_copy))  # shows it, says it is invalid
    assert code == 1 and "the module is not valid" in err and "problems" in out
    code, out, _ = run(capsys, "module", "validate", "--module", str(module_copy))
    assert code == 1 and "bad-scenario: herbstnebel: turn '16DecAM' is not in the calendar" in out


def test_an_unknown_first_turn_is_refused_by_play_with_the_report(module_copy, capsys):
    sql(module_copy, "UPDATE scenario SET first_turn = '99DecAM' WHERE id = 'herbstnebel'")
    rehash(module_copy)
    code, _, err = run(capsys, "play", "--module", str(module_copy), "--screenshot", "x.png")
    assert code == 2 and "bad-scenario: herbstnebel: turn '99DecAM' is not in the calendar" in err
    assert err.strip() != "darkdec: error: '99DecAM'"
    code, _, err = run(capsys, "scenarios", "--module", str(module_copy))
    assert code == 2 and "99DecAM" in err and "not valid" in err


@pytest.mark.parametrize("edit,column", [
    ("UPDATE scenario SET optional_rules = '{\"a\": 1}' WHERE id = 'campaign'", "optional_rules"),
    ("UPDATE scenario SET victory = '[1, 2]' WHERE id = 'campaign'", "victory"),
    ("UPDATE scenario SET replacements = 'not json' WHERE id = 'campaign'", "replacements"),
])
def test_scenario_json_of_the_wrong_shape_is_refused(module_copy, edit, column):
    sql(module_copy, edit)
    rehash_ok = True
    try:
        rehash(module_copy)
    except DatabaseError:
        rehash_ok = False
    assert rehash_ok
    with pytest.raises(DatabaseError, match=f"scenario campaign {column}"):
        load_module(module_copy)


def test_a_module_given_as_a_game_and_a_game_as_a_module(saved_game, module_copy, capsys, tmp_path):
    code, _, err = run(capsys, "module", "info", "--module", str(saved_game))
    assert code == 2 and "is a game file (.ddg), not a module database" in err
    code, _, err = run(capsys, "status", str(module_copy))
    assert code == 2 and "not a Dark December game file" in err

"""File safety: integrity that is checked. The module hash is recomputed on open; every
metadata value is bound into the game's hash chain; every entry point re-executes what
it opens, so an edited die, a teleported unit or forged events are refused by name."""

from __future__ import annotations

import pytest

from darkdec_qt import gamestore
from darkdec_qt.model.database import DatabaseError
from darkdec_qt.model.gamefile import GameFileError, load_game
from darkdec_qt.model.load import load_module
from tests.files.helpers import edit_die as _edit_die
from tests.files.helpers import forge, run, sql, write_v1

# --- the module's content hash ----------------------------------------------------------


def test_a_module_with_every_crt_result_d7_is_refused(module_copy, capsys):
    sql(module_copy, "UPDATE crt SET result = 'D7'")
    with pytest.raises(DatabaseError, match="does not match its content hash"):
        load_module(module_copy)
    code, out, err = run(capsys, "module", "info", "--module", str(module_copy))
    assert code == 2 and "content hash" in err and "Traceback" not in err
    code, out, _ = run(capsys, "module", "validate", "--module", str(module_copy))
    assert code == 1 and out.startswith("content-hash: meta:") and "module is valid" not in out


def test_a_unit_of_strength_40_is_refused_and_so_is_a_game_claiming_the_bundled_module(module_copy, capsys,
                                                                                       played, tmp_path):
    sql(module_copy, "UPDATE unit SET fa = 40 WHERE id = '2/1SS'")
    code, _, err = run(capsys, "selfplay", "--turns", "1", "--module", str(module_copy))
    assert code == 2 and "content hash" in err
    # a game file embedding the tampered module under the bundled module's hash
    p = tmp_path / "g.ddg"
    gamestore.save(played, p, module_copy)
    rec = load_game(p)
    assert rec.meta["module_hash"] == played.module.meta.content_hash
    code, _, err = run(capsys, "status", str(p))
    assert code == 0  # the bundled module has the hash: the tampered embedded copy is never used


# --- metadata bound into the chain -------------------------------------------------------------


def test_removing_the_last_rows_is_detected(game_file):
    n = len(load_game(game_file).events)
    sql(game_file, f"DELETE FROM event WHERE idx >= {n - 10}")
    with pytest.raises(GameFileError, match="the end of its log was altered"):
        load_game(game_file)


def test_removing_the_last_40_rows_and_the_final_hash_is_detected(game_file, capsys):
    n = len(load_game(game_file).events)
    sql(game_file, f"DELETE FROM event WHERE idx >= {n - 40}", "DELETE FROM meta WHERE key = 'final_hash'")
    with pytest.raises(GameFileError, match="metadata .*was altered"):
        load_game(game_file)
    code, _, err = run(capsys, "replay", "--verify", str(game_file))
    assert code != 0 and "altered" in err


@pytest.mark.parametrize("key,value", [("seed", '"2"'), ("optional", '["14"]'), ("variants", '["26.1"]'),
                                       ("setup", '"historical"'), ("final_hash", '"00"'), ("scenario", '"campaign"')])
def test_every_metadata_value_is_bound_into_the_chain(game_file, key, value):
    sql(game_file, f"UPDATE meta SET value = '{value}' WHERE key = '{key}'")
    with pytest.raises(GameFileError, match="metadata .*was altered"):
        load_game(game_file)


def test_a_format_1_hotseat_file_still_opens_and_saves_as_format_2(saved_game, tmp_path, capsys):
    old = tmp_path / "old.ddg"
    write_v1(load_game(saved_game), old)
    rec = load_game(old)
    assert rec.format_version == 1
    opened = gamestore.open_verified(old)
    code, out, _ = run(capsys, "replay", "--verify", str(old))
    assert code == 0 and out.startswith("verified:")
    new = tmp_path / "new.ddg"
    gamestore.save(opened.game, new)
    assert load_game(new).format_version == 2


def test_a_format_1_file_edited_is_still_caught_by_re_execution(saved_game, tmp_path):
    rec = load_game(saved_game)
    die = next(e for item in rec.events for e in item["events"] if e["kind"] == "die_rolled")
    die["value"] = die["value"] % 6 + 1
    old = tmp_path / "old.ddg"
    write_v1(rec, old)
    with pytest.raises(GameFileError, match="does not reproduce"):
        gamestore.open_verified(old)


# --- opening is verifying ------------------------------------------------------------------------


def _teleport(rec):
    for item in rec.events:
        if item["command"]["kind"] == "move":
            item["command"]["path"][-1] = "3022"  # Bastogne, far from any German start
            for e in item["events"]:
                if e["kind"] == "unit_moved":
                    e["path"][-1] = "3022"
            return


def _append_forged(rec):
    rec.events.append({"command": {"kind": "end_phase"},
                       "events": [{"kind": "unit_eliminated", "unit": u, "reason": "forged"}
                                  for u in ("99/393", "99/394", "99/395", "2/9", "2/23", "2/38")]})
    rec.meta.pop("final_hash", None)


@pytest.mark.parametrize("edit", [_edit_die, _teleport, _append_forged], ids=["die", "teleport", "appended"])
@pytest.mark.parametrize("entry", ["log", "status", "replay", "replay --verify"])
def test_every_cli_entry_point_refuses_a_forged_game(game_file, capsys, edit, entry):
    forge(game_file, edit)
    code, out, err = run(capsys, *entry.split(), str(game_file))
    assert code in (1, 2), out
    assert "event" in err and ("does not reproduce" in err or "illegal on replay" in err
                               or "gives" in err or "malformed" in err), err
    assert "Traceback" not in err


def test_the_client_refuses_a_forged_game(game_file, qtbot, tmp_path, monkeypatch):
    import argparse

    from darkdec_qt.ui.app import build_client

    forge(game_file, _edit_die)
    with pytest.raises(GameFileError, match="does not verify: event \\d+"):
        build_client(argparse.Namespace(game=str(game_file)), autosave_dir=tmp_path / "a")


def test_replay_verify_prints_a_verdict_line(game_file, capsys):
    code, out, _ = run(capsys, "replay", "--verify", str(game_file))
    n = sum(len(item["events"]) for item in load_game(game_file).events)
    assert code == 0 and out.startswith(f"verified: {n} events reproduce, final state hash ")
    forge(game_file, _edit_die)
    code, out, err = run(capsys, "replay", "--verify", str(game_file))
    assert code == 1 and out.startswith("NOT verified: event ") and "does not reproduce" in err

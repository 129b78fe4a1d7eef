"""``darkdec exchange``: a script plays by files from the command line."""

from __future__ import annotations

import json

from darkdec_qt.cli import main


def _run(capsys, *argv):  # noqa: ANN001, ANN002
    rc = main(list(argv))
    out = capsys.readouterr()
    return rc, out.out, out.err


def _newest(folder):  # noqa: ANN001
    return str(max(folder.glob("*.ddx"), key=lambda p: p.stat().st_mtime_ns))


def test_a_script_plays_hops_by_the_command_line(tmp_path, capsys):
    g, a = str(tmp_path / "g"), str(tmp_path / "a")
    rc, out, _ = _run(capsys, "exchange", "--home", g, "new", "--side", "German", "--out", str(tmp_path / "to_a"),
                      "--order", "no_reaction")
    assert rc == 0 and "send it to the Allied player" in out and "German-0000.ddx" in out
    rc, out, _ = _run(capsys, "exchange", "--home", a, "open", _newest(tmp_path / "to_a"))
    assert rc == 0 and "key" in out and "now bound to this game" in out
    rc, out, _ = _run(capsys, "exchange", "--home", a, "status", "--json")
    st = json.loads(out)[0]
    gid = st["game"][:8]
    assert st["side"] == "Allied" and "send the file to the German player" in st["status"]
    assert _run(capsys, "exchange", "--home", a, "send", gid, "--out", str(tmp_path / "to_g"))[0] == 0
    rc, out, _ = _run(capsys, "exchange", "--home", g, "open", _newest(tmp_path / "to_g"), "--game", gid)
    assert rc == 0 and "your move (German): start the game" in out
    rc, out, _ = _run(capsys, "exchange", "--home", g, "play", gid, '{"kind": "start_game"}')
    assert rc == 0 and "supply phase" in out
    rc, out, _ = _run(capsys, "exchange", "--home", g, "play", gid, "--random", "3")
    assert rc == 0 and "send the file to the Allied player" in out
    rc, out, _ = _run(capsys, "exchange", "--home", g, "send", gid, "--out", str(tmp_path / "to_a"))
    assert rc == 0 and "turn01-German-0002.ddx" in out
    rc, out, _ = _run(capsys, "exchange", "--home", a, "open", _newest(tmp_path / "to_a"))
    assert rc == 0 and "German movement phase ends" in out
    # an older file again: refused with a clear message, exit status 2
    rc, _, err = _run(capsys, "exchange", "--home", a, "open", _newest(tmp_path / "to_a"))
    assert rc == 2 and "older file" in err
    # a command out of turn is refused by the engine's words
    rc, _, err = _run(capsys, "exchange", "--home", g, "play", gid, '{"kind": "end_phase"}')
    assert rc == 2 and "waiting for the Allied player's file" in err
    rc, out, _ = _run(capsys, "exchange", "--home", a, "standing-orders", gid, "--set", "prefer_retreat")
    assert rc == 0 and "[x] prefer_retreat" in out and "[ ] no_reaction" in out
    rc, _, err = _run(capsys, "exchange", "--home", a, "standing-orders", gid, "--set", "surrender")
    assert rc == 2 and "unknown standing order 'surrender'" in err


def test_log_status_and_replay_of_an_exchange_file_say_what_it_is_and_what_opens_it(tmp_path, capsys):
    """A .ddx is not a game file: the game-file commands refuse it in one sentence naming
    the commands that verify and open it, never with a confusing 'not a game file'."""
    g = str(tmp_path / "g")
    assert _run(capsys, "exchange", "--home", g, "new", "--side", "German", "--out", str(tmp_path / "out"))[0] == 0
    ddx = _newest(tmp_path / "out")
    for argv in (("log", ddx), ("status", ddx), ("replay", ddx), ("replay", "--verify", ddx)):
        rc, out, err = _run(capsys, *argv)
        assert rc == 2, argv
        assert "is a file-exchange file (.ddx)" in err and f"darkdec exchange open {ddx}" in err, (argv, err)
    for argv in (("module", "info", "--module", ddx), ("scenarios", "--module", ddx)):
        rc, _, err = _run(capsys, *argv)
        assert rc == 2 and "is a file-exchange file (.ddx)" in err and "not a module database" in err, (argv, err)


def test_the_opponents_address_is_kept_for_send_to_opponent(tmp_path, capsys):
    g = str(tmp_path / "g")
    assert main(["exchange", "--home", g, "new", "--side", "German", "--out", str(tmp_path)]) == 0
    capsys.readouterr()
    assert main(["exchange", "--home", g, "status", "--json"]) == 0
    gid = json.loads(capsys.readouterr().out)[0]["game"]
    assert main(["exchange", "--home", g, "opponent-email", gid[:8], "allied@example.org"]) == 0
    from darkdec_qt.exchangestore import PlayerHome

    assert PlayerHome(g).load(gid).opponent_email() == "allied@example.org"
    assert main(["exchange", "--home", g, "opponent-email", gid[:8], "nobody"]) == 2

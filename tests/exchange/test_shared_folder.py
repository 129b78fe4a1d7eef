"""A shared folder instead of e-mail: two homes play a whole game through one folder, with no file
handled by hand: each program picks up the opponent's file as it lands and writes its answer there."""

from __future__ import annotations

import random

from darkdec_qt.cli import main
from darkdec_qt.exchangestore import PlayerHome
from darkdec_qt.exchangewatch import SharedFolder
from darkdec_qt.game.exchange.scripted import play_until_send

from .helpers import DRAWS

ORDERS = ("default_declaration", "no_reaction", "prefer_retreat")


def test_a_whole_game_by_a_shared_folder(tmp_path):
    DRAWS.seed(2 * 7919)
    shared = tmp_path / "cloud" / "darkdec"
    shared.mkdir(parents=True)
    homes = {side: PlayerHome(tmp_path / side) for side in ("German", "Allied")}
    watch = {side: SharedFolder(home, shared) for side, home in homes.items()}
    rngs = {"German": random.Random(2), "Allied": random.Random(3)}
    g = homes["German"].new_game("German", "herbstnebel", orders=ORDERS)
    watch["German"].send(g)
    sessions = {}
    idle = 0
    while idle < 2:  # the game is over when neither program finds anything new
        idle += 1
        for side in ("Allied", "German"):
            polled = watch[side].poll()
            assert polled.refused == []
            for _path, r in polled.opened:
                idle = 0
                s = sessions[side] = r.session
                if s.me.orders != dict.fromkeys(ORDERS, True):
                    s.set_orders(ORDERS)
                if s.xg.can_play():
                    play_until_send(s.xg, rngs[side])
                    watch[side].send(s)
                elif s.xg.draft is not None and s.xg.must_send():  # a segment of forced steps only
                    watch[side].send(s)
    final = {side: homes[side].load(s.game_id).xg.game.state for side, s in sessions.items()}
    assert final["German"].game_over and final["Allied"].game_over
    assert final["German"].state_hash() == final["Allied"].state_hash()
    assert len(list(shared.glob("*.ddx"))) > 20  # every file went through the folder
    # the player who received the last file has nothing to send (no "send the last file" bouncing back)
    last = next(side for side, s in sessions.items() if s.xg.next_author() == side)
    assert homes[last].load(g.game_id).status() == "the game is over"


def test_watch_by_the_command_line_joins_and_takes_files(tmp_path, capsys):
    shared = tmp_path / "shared"
    shared.mkdir()
    g, a = str(tmp_path / "g"), str(tmp_path / "a")
    assert main(["exchange", "--home", g, "new", "--side", "German", "--out", str(shared)]) == 0
    capsys.readouterr()
    assert main(["exchange", "--home", a, "watch", str(shared), "--once"]) == 0
    out = capsys.readouterr().out
    assert "now bound to this game" in out and "German-0000.ddx: game" in out
    # looking again finds nothing new; the German program passes over its own file
    assert main(["exchange", "--home", a, "watch", str(shared), "--once"]) == 0
    assert main(["exchange", "--home", g, "watch", str(shared), "--once"]) == 0
    assert capsys.readouterr().out == ""

"""Event numbers are the same everywhere: the log dock's entry, the "viewing the past" banner
after a click on it, ``darkdec log`` and ``darkdec replay --verify`` (which names the first
changed event by that number, not the row of the command that recorded it)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from darkdec_qt import cli, gamestore
from darkdec_qt.game.selfplay import selfplay
from darkdec_qt.rules.narrate import describe
from tests.files.helpers import edit_die, forge


def test_one_event_has_one_number_in_the_log_dock_banner_darkdec_log_and_verify(make_client, module, qtbot,
                                                                                tmp_path, capsys):
    game = selfplay(module, "herbstnebel", "1", 1)
    path = tmp_path / "g.ddg"
    gamestore.save(game, path)
    k = next(i for i, e in enumerate(game.events) if e.kind == "die_rolled")
    number, words = k + 1, describe(game.events[k], module)
    # darkdec log
    capsys.readouterr()
    assert cli.main(["log", str(path)]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if x.endswith(words))
    assert int(line.split()[0]) == number, line
    # darkdec replay --verify on a copy whose first die was edited
    forged = tmp_path / "forged.ddg"
    forged.write_bytes(path.read_bytes())
    forge(forged, edit_die)
    assert cli.main(["replay", "--verify", str(forged)]) == 1
    out = capsys.readouterr()
    assert out.out.startswith(f"NOT verified: event {number} "), out.out
    assert "command" not in out.out.split("does not reproduce")[0]
    # the client: the log entry of that event, clicked, and the banner
    win = make_client(gamestore.open_verified(path).game)
    tree = win.log_panel.tree
    at = win.log_panel.item_for_event(number)
    assert at is not None
    tree.expand(at.parent())
    tree.scrollTo(at)
    qtbot.waitUntil(lambda: tree.visualRect(at).isValid())
    assert at.data().split()[0] == str(number) and words in at.data()
    QTest.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=tree.visualRect(at).center())
    qtbot.waitUntil(win.banner.isVisible)
    assert f"after event {number} of {len(game.events)}" in win.banner_label.text()
    assert win.minimumSizeHint().width() <= 1280  # the banner wraps: the window still fits a laptop

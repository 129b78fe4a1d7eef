"""Short real games for the pictures of a game (``darkdec replay --frames/--gif``, ``darkdec
report``): random legal commands of both sides from a seed, saved once per test process."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def short_game(module, tmp_path_factory) -> Path:
    """Two game turns of Herbstnebel (seed 1), with fog of war (25.0), not over: the log ends
    as turn 3 begins, so three turns have frames."""
    from darkdec_qt import gamestore
    from darkdec_qt.game.selfplay import selfplay

    p = tmp_path_factory.mktemp("games") / "short.ddg"
    gamestore.save(selfplay(module, "herbstnebel", "1", 2), p)
    return p

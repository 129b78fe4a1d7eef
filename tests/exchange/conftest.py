"""File-exchange tests: reproducible fresh random values (the bundled module is the root ``module`` fixture)."""

import pytest

from darkdec_qt import exchangestore
from darkdec_qt.game.exchange import fairdice

from .helpers import DRAWS


@pytest.fixture(scope="session", autouse=True)
def reproducible_draws():
    """Games by files that replay: the fresh random values come from a seeded generator (helpers.Draws)."""
    mp = pytest.MonkeyPatch()
    mp.setattr(fairdice, "fresh", DRAWS.fresh)
    mp.setattr(exchangestore, "secrets", DRAWS)
    yield
    mp.undo()

"""File exchange (play by sending files): fair dice by commit-reveal, Ed25519-signed segments,
replay / fork / equivocation detection and standing orders. Pure protocol logic: no SQL, no Qt;
the file format lives in ``darkdec_qt.model.exchangefile`` and the player's home (keys, secrets,
local copy) in ``darkdec_qt.exchangestore``. The protocol is described in docs/file-exchange.md.
"""

from darkdec_qt.game.exchange.errors import ExchangeError
from darkdec_qt.game.exchange.protocol import ExchangeGame, Me

__all__ = ["ExchangeError", "ExchangeGame", "Me"]

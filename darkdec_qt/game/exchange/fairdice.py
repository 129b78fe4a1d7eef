"""Fair dice by commit-reveal (Blum's coin flipping by telephone), see docs/file-exchange.md.

Each player draws a fresh random secret for every commitment (``fresh``) and keeps it with the
game until it reveals it. In its ``m``-th segment a player reveals secret ``m-1`` (opening the
commitment of its previous segment) and commits to a new secret ``m`` (``commitment``). A secret
is never a function of the game and the position: a home restored from a backup draws new ones,
so the opponent cannot know a die from secrets it has seen opened before. (Games begun before
fresh secrets derive them from a per-game master, ``secret(master, game, m)``.) A command that needs a die ends its author's segment as *pending*; the
opponent's next segment resolves it with the die

    sha256("darkdec-die" | game | seq | index | nonce_author | reveal_resolver)

where ``nonce_author`` is a fresh value in the pending segment and ``reveal_resolver`` opens a
commitment the resolver made *before* it saw the command. The author could not know the
resolver's secret (only its hash); the resolver could not choose it (it was committed).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from darkdec_qt.rules.core.dice import DicePending, DiceSource

HEX64 = 64


def fresh() -> str:
    """A fresh random 256-bit value (hex): a commitment's secret, or a segment's nonce."""
    return secrets.token_hex(32)


def secret(master: bytes, game: str, m: int) -> str:
    """The player's ``m``-th secret of ``game`` (hex)."""
    return hmac.new(master, f"{game}:secret:{m}".encode(), hashlib.sha256).hexdigest()


def commitment(secret_hex: str) -> str:
    return hashlib.sha256(b"darkdec-commit\0" + bytes.fromhex(secret_hex)).hexdigest()


def opens(reveal_hex: str, commit_hex: str) -> bool:
    try:
        return hmac.compare_digest(commitment(reveal_hex), commit_hex)
    except ValueError:
        return False


def exchange_die(game: str, seq: int, index: int | str, nonce_hex: str, reveal_hex: str) -> int:
    h = hashlib.sha256(f"darkdec-die|{game}|{seq}|{index}|{nonce_hex}|{reveal_hex}".encode()).digest()
    return int.from_bytes(h[:8], "big") % 6 + 1


def resolving(game: str, seq: int, nonce_hex: str, reveal_hex: str) -> DiceSource:
    """The dice of the pending command of segment ``seq`` once the resolver's secret is revealed."""
    return lambda index: exchange_die(game, seq, index, nonce_hex, reveal_hex)


def chained(game: str, seq: int, k: int, nonce_hex: str, reveal_hex: str) -> DiceSource:
    """The dice of the ``k``-th automatic step (k >= 1) of the chain that follows the reveal of
    ``reveal_hex`` against the nonce of segment ``seq`` (``automatic``): apart from the pending
    command's (``resolving``, which is step 0) and from each other's."""
    return lambda index: exchange_die(game, seq, f"{k}:{index}", nonce_hex, reveal_hex)


def unseen(index: int) -> int:
    """The dice of a command being committed: not known to anyone yet."""
    raise DicePending(index)

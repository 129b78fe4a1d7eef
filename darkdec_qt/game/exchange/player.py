"""The local player of a game by files: side, key, master secret, standing orders and the fresh
secret behind each of its commitments (``fairdice``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from darkdec_qt.game.exchange import fairdice


@dataclass
class Me:
    """The local player: side, signing key, the per-game master secret (it seals the local copy),
    standing orders, and the secret behind each of its commitments (``secrets[m]``: the ``m``-th,
    hex). A fresh random secret is drawn for every commitment and kept with the game, so a home
    restored from a backup commits new secrets, never ones the opponent has seen opened.
    ``secrets=None``: a game begun before that, whose secrets derive from the master."""

    side: str
    key: Ed25519PrivateKey
    master: bytes
    orders: dict[str, bool] = field(default_factory=dict)
    secrets: dict[int, str] | None = None

    def secret(self, game: str, m: int) -> str | None:
        """The secret behind my ``m``-th commitment, None when this copy of the game does not hold it."""
        if self.secrets is None:
            return fairdice.secret(self.master, game, m)
        return self.secrets.get(m)

    def commit(self, game: str, m: int) -> str:
        """Draw the fresh secret of my ``m``-th commitment; its commitment."""
        if self.secrets is None:
            return fairdice.commitment(fairdice.secret(self.master, game, m))
        self.secrets[m] = fairdice.fresh()
        return fairdice.commitment(self.secrets[m])

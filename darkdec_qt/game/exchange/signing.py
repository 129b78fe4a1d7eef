"""Ed25519 signatures over canonical JSON segment bodies (``cryptography``)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from darkdec_qt.game.exchange.errors import ExchangeError


def canonical(body: dict[str, Any]) -> str:
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def public_hex(key: Ed25519PrivateKey) -> str:
    return key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw).hex()


FINGERPRINT_DIGITS = 32  # 128 bits: a second key with the same fingerprint costs 2^128 tries, not 2^64


def fingerprint(pub_hex: str) -> str:
    """A fingerprint a player can read aloud and compare: 32 hex digits (128 bits of SHA-256) in
    eight groups of four."""
    d = hashlib.sha256(bytes.fromhex(pub_hex)).hexdigest()[:FINGERPRINT_DIGITS].upper()
    return " ".join(d[i:i + 4] for i in range(0, FINGERPRINT_DIGITS, 4))


@dataclass(frozen=True)
class Signed:
    """One segment as stored: its canonical JSON text and the author's signature (hex)."""

    raw: str
    sig: str

    @property
    def digest(self) -> str:
        """What the next segment's ``prev`` names."""
        return hashlib.sha256((self.raw + "\n" + self.sig).encode()).hexdigest()


def sign(body: dict[str, Any], key: Ed25519PrivateKey) -> Signed:
    raw = canonical(body)
    return Signed(raw, key.sign(raw.encode()).hex())


def verify(signed: Signed, pub_hex: str, seq: int) -> None:
    try:
        pub = Ed25519PublicKey.from_public_bytes(bytes.fromhex(pub_hex))
        pub.verify(bytes.fromhex(signed.sig), signed.raw.encode())
    except (InvalidSignature, ValueError):
        raise ExchangeError(f"segment {seq}: the signature does not verify with the author's key "
                            f"{fingerprint(pub_hex) if _is_key(pub_hex) else pub_hex[:16]!s}: the segment was "
                            "changed after signing", kind="tampered", segment=seq) from None


def _is_key(h: str) -> bool:
    try:
        return len(bytes.fromhex(h)) == 32
    except ValueError:
        return False

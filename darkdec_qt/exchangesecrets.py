"""What a player's home keeps private for file exchange: files written whole and readable by the
owner only (0600), the fresh random secret behind each of the player's commitments, and the seal
on the local copy of a game (``exchangestore`` lays these out in the home)."""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import tempfile
from pathlib import Path

from darkdec_qt.game.exchange import Me
from darkdec_qt.model.safewrite import set_mode


def seal(master: bytes, last_digest: str) -> str:
    """The owner's seal on its local copy: HMAC of the last segment's digest (which chains all)."""
    return hmac.new(master, f"local:{last_digest}".encode(), hashlib.sha256).hexdigest()


def write_private(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", dir=path.parent)
    try:
        set_mode(fd, Path(tmp), 0o600)
        os.write(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)
    os.replace(tmp, path)


def write_text(path: Path, text: str) -> None:
    write_private(path, text.encode())


def load_secrets(d: Path) -> dict[int, str] | None:
    p = d / "secrets.json"
    if not p.exists():
        return None  # a game begun before fresh secrets: derived from the master
    return {int(k): str(v) for k, v in json.loads(p.read_text()).items()}


def save_secrets(d: Path, me: Me) -> None:
    if me.secrets is not None:
        write_text(d / "secrets.json", json.dumps({str(k): v for k, v in sorted(me.secrets.items())}))

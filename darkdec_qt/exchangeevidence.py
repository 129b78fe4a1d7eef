"""Evidence for a club or ladder referee: an exported file of every signed segment and the module,
verified as on opening, saying what the last segment leaves pending and when it was signed."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from darkdec_qt.game.exchange import ExchangeError, ExchangeGame
from darkdec_qt.game.exchange.decisions import decision
from darkdec_qt.game.exchange.signing import Signed, fingerprint
from darkdec_qt.model.database import DatabaseError
from darkdec_qt.model.exchangefile import read_exchange
from darkdec_qt.model.load import load_module


def verify_evidence(path: str | Path) -> list[str]:
    """A referee's check of an evidence file: every segment verified as on opening (signatures, chain,
    secrets, every command re-executed) on the module it embeds; what the last segment says and when it
    was signed. Raises ExchangeError / ExchangeFileError naming the first bad item."""
    f = read_exchange(path)
    if f.module_bytes is None:
        raise ExchangeError(f"{path}: no module embedded: not an evidence file", kind="malformed")
    tmpdir = Path(tempfile.mkdtemp(prefix="darkdec-evidence-"))
    try:
        (tmpdir / "module.sqlite").write_bytes(f.module_bytes)
        try:
            module = load_module(tmpdir / "module.sqlite")
        except DatabaseError as exc:
            raise ExchangeError(f"{path}: the embedded module cannot be read: {exc}", kind="malformed") from None
        xg = ExchangeGame.from_segments(module, [Signed(b, g) for _, b, g in f.rows])
    finally:
        for p in tmpdir.iterdir():
            p.unlink()
        tmpdir.rmdir()

    def at(t: object) -> str:
        return time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime(t)) if isinstance(t, int) else "(no time)"

    last = xg.bodies[-1]
    n, author = len(xg.segments) - 1, xg.author_of(len(xg.segments) - 1)
    other = xg.author_of(n + 1)
    out = [f"game {xg.game_id[:8]} ({xg.setup['scenario']}), module {module.meta.name} {module.meta.content_hash[:12]}: "
           f"{len(xg.segments)} segments verified (signatures, chain, secrets, every command re-executed)"]
    out += [f"{side} key {fingerprint(k)}" for side, k in sorted(xg.keys.items())]
    if xg.pending is not None:
        kind = str(xg.pending[0].get("kind", "command")).replace("_", " ")
        out.append(f"segment {n}, signed by the {author} player at {at(last.get('time'))}, leaves its {kind} pending; "
                   f"its die needs the secret the {other} player committed to in segment {n - 1} "
                   f"(commitment {xg.bodies[n - 1]['commit'][:16]}, signed at {at(xg.bodies[n - 1].get('time'))})")
    else:
        out.append(f"segment {n}, signed by the {author} player at {at(last.get('time'))}; the {other} player is "
                   f"to move ({decision(xg.state)})")
    return out  # nothing from the file's unsigned meta table (its export time is the exporter's word)


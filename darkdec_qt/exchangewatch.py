"""A shared folder instead of e-mail: both players' programs watch one folder (a synced cloud folder,
a network share), open each opponent's file as soon as it lands and write their answers into it.

``SharedFolder.poll`` looks at the ``*.ddx`` files of the folder that it has not yet dealt with:
- a file this home wrote itself (the game is held here and its signed last segment is my side's) is
  skipped;
- a file that cannot be read yet (still being written or synced) is tried again at the next poll;
- every other file is opened through ``PlayerHome.open_file`` (fully verified): an invitation joins
  the game, an answer is taken; a file already held ("an older file") is passed over quietly; a
  refused file is reported once, with the reason.
Polling, not file-system notifications: synced and network folders do not deliver them reliably.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from darkdec_qt.exchangestore import PlayerHome, Received, Session
from darkdec_qt.game.exchange import ExchangeError
from darkdec_qt.game.exchange.segment import parse
from darkdec_qt.game.exchange.signing import Signed
from darkdec_qt.model.database import DatabaseError
from darkdec_qt.model.exchangefile import SUFFIX, ExchangeFileError, read_exchange
from darkdec_qt.rules.core.phases import other_side


@dataclass
class Polled:
    """What one look at the folder found: files taken (with what they did) and files refused."""

    opened: list[tuple[Path, Received]] = field(default_factory=list)
    refused: list[tuple[Path, str]] = field(default_factory=list)


class SharedFolder:
    def __init__(self, home: PlayerHome, folder: str | Path):
        self.home = home
        self.folder = Path(folder)
        self._done: dict[str, tuple[int, int]] = {}  # file name -> (size, mtime) dealt with

    def _mine(self, path: Path) -> bool:
        """A file of mine (I sent it), as its signed segments say: the file's unsigned ``meta`` label
        decides nothing (``exchangestore.check_label``)."""
        try:
            f = read_exchange(path)
            if not f.rows or f.rows[0][0] != 0:
                return False
            head = parse(Signed(f.rows[0][1], f.rows[0][2]), 0)  # the creator writes the even segments
            game, side = head["game"], head["author"] if f.rows[-1][0] % 2 == 0 else other_side(head["author"])
        except (ExchangeFileError, ExchangeError):
            return False
        if game not in self.home.games():
            return False
        try:
            import json

            player = json.loads((self.home.game_dir(game) / "player.json").read_text())
        except (OSError, ValueError, ExchangeError):
            return False
        return player.get("side") == side

    def poll(self, progress=None) -> Polled:  # noqa: ANN001 (protocol.Progress)
        """One look at the folder. ``progress`` is passed to ``PlayerHome.open_file``; when it cancels,
        the file is passed over until it changes and the ExchangeError (kind ``cancelled``, naming the
        file) is raised: what was opened before it is kept, and the next poll goes on after it."""
        out = Polled()
        try:
            paths = sorted(self.folder.glob(f"*{SUFFIX}"), key=lambda p: (p.stat().st_mtime_ns, p.name))
        except OSError:
            return out
        for p in paths:
            try:
                st = p.stat()
            except OSError:
                continue
            stamp = (st.st_size, st.st_mtime_ns)
            if self._done.get(p.name) == stamp:
                continue
            if self._mine(p):
                self._done[p.name] = stamp
                continue
            try:
                r = self.home.open_file(p, progress=progress)
            except ExchangeFileError:
                continue  # not readable yet (being written or synced): the next poll tries again
            except ExchangeError as exc:
                self._done[p.name] = stamp
                if exc.kind == "cancelled":
                    raise ExchangeError(f"opening {p.name} was cancelled; your game is unchanged",
                                        kind="cancelled") from None
                if exc.kind != "replayed":
                    out.refused.append((p, str(exc)))
                continue
            except DatabaseError as exc:
                self._done[p.name] = stamp
                out.refused.append((p, str(exc)))
                continue
            self._done[p.name] = stamp
            out.opened.append((p, r))
        return out

    def send(self, session: Session) -> Path:
        """Write my file into the shared folder (the opponent's program picks it up)."""
        path = session.send(self.folder)
        st = path.stat()
        self._done[path.name] = (st.st_size, st.st_mtime_ns)
        return path

"""The module a game by files is played on: loaded once per process, and on joining, shown and,
when it is not the joiner's bundled module, refused until the player accepts it (what differs,
table by table, from ``model.modulediff``)."""

from __future__ import annotations

import hashlib
from pathlib import Path

from darkdec_qt.game.exchange import ExchangeError
from darkdec_qt.model.database import DatabaseError
from darkdec_qt.model.load import DEFAULT_MODULE, load_module
from darkdec_qt.model.safesqlite import stat_path
from darkdec_qt.moduleview import Module

_MODULES: dict[str, Module] = {}


def file_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest() if path.exists() else ""


def loaded_module(path: str | Path) -> Module:
    """Load a module once per process (keyed by the file's bytes: every game keeps a copy).
    A path that is not a regular file (a named pipe would block the read) is refused first."""
    stat_path(path, "module database")
    key = file_digest(Path(path))
    if key not in _MODULES:
        if len(_MODULES) > 4:
            _MODULES.clear()
        _MODULES[key] = load_module(path)
    return _MODULES[key]



class ModuleNotAccepted(ExchangeError):
    """An invitation to a game on a module that is not the joiner's bundled one, not (yet)
    accepted: nothing was kept. The message names the module (name, version, content hash)
    and says what differs, table by table (``details``); to join, open the file again with
    ``accept_module`` set to ``module_hash`` (``darkdec exchange open FILE --accept-module HASH``,
    or Accept in the client's dialog)."""

    def __init__(self, message: str, *, module_hash: str, details: list[str], game_module: str = "",
                 bundled_module: str = "", differ: str = ""):
        super().__init__(message, kind="module", segment=0)
        self.module_hash = module_hash
        self.details = details
        self.game_module, self.bundled_module, self.differ = game_module, bundled_module, differ


def grouped(hex_digits: str) -> str:
    """A hash in groups of eight, to read and compare aloud."""
    return " ".join(hex_digits[i:i + 8] for i in range(0, len(hex_digits), 8))


def check_module(path: str | Path, module: Module, module_path: Path, accept: str | None) -> str:
    """The note on the module an invitation's game uses; raises ModuleNotAccepted when it is not
    the bundled module and ``accept`` is not its content hash (the whole hash, or at least its
    first 16 digits)."""
    from darkdec_qt.model.database import read_database
    from darkdec_qt.model.modulediff import diff_rows, lines, summary
    from darkdec_qt.model.safesqlite import printable

    m = module.meta
    what = f"'{printable(m.name)}' version {m.format_version}, hash {m.content_hash}"
    try:
        bundled = loaded_module(DEFAULT_MODULE).meta
    except (DatabaseError, ValueError):
        bundled = None
    if bundled is not None and bundled.content_hash == m.content_hash:
        return f"this game uses the module {what}: your bundled module"
    if accept and len(accept) >= 16 and m.content_hash.startswith(accept.lower()):
        return f"this game uses the module {what}, not your bundled module; you accepted it"
    try:
        diffs = diff_rows(read_database(DEFAULT_MODULE, verify_hash=False), read_database(module_path))
        details = lines(diffs)
        differ = summary(diffs)
    except (DatabaseError, ValueError) as exc:
        details, differ = [], f"the bundled module cannot be read to compare ({exc})"
    mine = (f"'{printable(bundled.name)}' version {bundled.format_version}, hash {bundled.content_hash[:16]}"
            if bundled else "unreadable")
    raise ModuleNotAccepted(
        f"{Path(path).name}: this game uses the module {what}, not your bundled module ({mine}); what differs: "
        f"{differ}. Its rules may not be the game's: join only if you agree to play on it "
        f"(darkdec exchange open {Path(path).name} --accept-module {m.content_hash})",
        module_hash=m.content_hash, details=details, differ=differ,
        game_module=f"'{printable(m.name)}' version {m.format_version}",
        bundled_module=f"'{printable(bundled.name)}' version {bundled.format_version}, hash "
                       f"{grouped(bundled.content_hash)}" if bundled else "unreadable")


"""Saving and opening games: the glue between the game session and the game file.

A game file embeds the module it was played on, so it opens anywhere; when the
bundled module has the same content hash the bundled copy is used, otherwise the
embedded copy is kept once per content hash in the user's cache folder (never a
temporary copy per open).

**Every entry point opens through** :func:`open_verified` (the client, ``darkdec log``,
``status``, ``replay``, ``play FILE``): the file is read defensively
(:mod:`darkdec_qt.model.gamefile`, hash chain and seal checked), its metadata checked
(scenario of the module, seed, rules, set-up), and every recorded command re-executed
through the same checked ``Game.execute`` as live play (Wesnoth's synced context): each
die against its derivation from the seed, each command through ``engine.check``, each
event compared with the recorded one, and the final state hash with the recorded one.
The first event that does not reproduce is named in the :class:`GameFileError`.
"""

from __future__ import annotations

import hashlib
import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from darkdec_qt.game.session import Game
from darkdec_qt.model.database import DatabaseError, stored_hash_of_bytes
from darkdec_qt.model.gamefile import GameFileError, GameRecord, load_game, save_game
from darkdec_qt.model.load import DEFAULT_MODULE, load_module
from darkdec_qt.model.safewrite import SaveError, atomic_write
from darkdec_qt.moduleview import Module
from darkdec_qt.rules.core.commands import Command
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.events import Event
from darkdec_qt.rules.scenarios.setup import SETUPS
from darkdec_qt.version import newer_notice

SEED_RE = re.compile(r"^[A-Za-z0-9_.-]{1,64}$")
"""The strict seed alphabet (a seed is never put into a file name)."""
GAME_ID_RE = re.compile(r"[0-9a-f]{32}")
"""A game's id, as ``Game`` draws it: the only thing from a file that goes into a file name."""


@dataclass
class Verification:
    ok: bool
    state_hash: str
    events: int
    first_bad: int | None = None  # the first event that does not reproduce, numbered from 1 as the log shows it
    message: str = ""

    def verdict(self) -> str:
        """One line for a person: what was verified, or the first event that failed."""
        if self.ok:
            return f"verified: {self.events} events reproduce, final state hash {self.state_hash}"
        return f"NOT verified: {self.message}"


@dataclass
class Opened:
    game: Game
    record: GameRecord
    module_path: Path
    verification: Verification | None = None
    notice: str = ""
    """One sentence when a newer version of the program wrote the file (version.newer_notice)."""


def save(game: Game, path: str | Path, module_path: str | Path = DEFAULT_MODULE, **extra: Any) -> Path:
    """Write ``game`` to ``path`` atomically, embedding the module database; returns the
    file written. Raises GameSaveError (a GameFileError) saying why, the old file intact."""
    st = game.initial
    meta = {
        "scenario": st.scenario,
        "seed": st.seed,
        "optional": sorted(st.optional),
        "variants": sorted(st.variants),
        "setup": st.setup_mode,  # (scenarios) 6.0H auto / free / historical
        "module_hash": game.module.meta.content_hash,
        "module_name": game.module.meta.name,
        "final_hash": game.state.state_hash(),
        "turn": game.state.turn,
        "game_id": game.game_id,
        "seed_chosen": bool(getattr(game, "seed_chosen", True)),
    }
    try:
        module_bytes = Path(module_path).read_bytes()
    except OSError as exc:
        raise GameFileError(f"cannot save {path}: the module {module_path} cannot be read: {exc.strerror}") from None
    if stored_hash_of_bytes(module_bytes) != game.module.meta.content_hash:
        raise GameFileError(f"cannot save {path}: the module file {module_path} is no longer the module this game "
                            "was played on (it was rebuilt or replaced); nothing was written")
    return save_game(GameRecord(meta=meta, events=game.log_dicts(), module_bytes=module_bytes, extra=extra), path)


def module_cache_dir() -> Path:
    """Where embedded modules are kept, one file per content hash."""
    import platformdirs

    return Path(platformdirs.user_cache_dir("darkdec")) / "modules"


_BUNDLED: dict[tuple[int, int, int], Module] = {}


def bundled_module() -> Module:
    """The bundled module, loaded (hash recomputed, validated) once per process while the
    file is unchanged (same size, modification time and inode)."""
    st = DEFAULT_MODULE.stat()
    key = (st.st_size, st.st_mtime_ns, st.st_ino)
    if key not in _BUNDLED:
        _BUNDLED.clear()
        _BUNDLED[key] = load_module(DEFAULT_MODULE)
    return _BUNDLED[key]


def _module_for(record: GameRecord, path: Path) -> tuple[Module, Path | None]:
    """The game's module: the bundled one when the hashes match, else the embedded copy (the
    path is None until the game verifies and :func:`keep_module` caches it)."""
    want = record.meta.get("module_hash")
    if not isinstance(want, str) or not re.fullmatch(r"[0-9a-f]{64}", want):
        raise GameFileError(f"{path}: the game's module hash {str(want)[:70]!r} is not a content hash")
    try:
        bundled = bundled_module()
        if bundled.meta.content_hash == want:
            return bundled, DEFAULT_MODULE
    except (DatabaseError, OSError):
        pass
    if record.module_bytes is None:
        raise GameFileError(f"{path}: the game's module ({want[:12]}) is not embedded and not installed")
    cached = module_cache_dir() / f"{want}.sqlite"  # the name is a checked hex digest, never file text
    try:
        known = cached.is_file() and cached.read_bytes() == record.module_bytes  # kept after a verified open
    except OSError:
        known = False
    if known:
        m = _load_embedded(cached, path, want)
        try:
            os.utime(cached)  # most recently used: kept longest (_prune_cache)
        except OSError:
            pass
        return m, cached
    # not verified yet: read from a private temporary copy; kept in the cache only once the whole
    # game verifies (keep_module), so a refused file leaves nothing behind
    with tempfile.TemporaryDirectory(prefix="darkdec-module-") as d:
        tmp = Path(d) / "module.sqlite"
        try:
            tmp.write_bytes(record.module_bytes)
        except OSError as exc:
            raise GameFileError(f"{path}: cannot read the embedded module: {exc.strerror or exc}") from None
        return _load_embedded(tmp, path, want), None


MAX_CACHE_BYTES = 256 * 1024 * 1024
"""The module cache's size bound: the least recently used modules go first."""


def _load_embedded(file: Path, path: Path, want: str) -> Module:
    try:
        m = load_module(file)
    except DatabaseError as exc:
        reason = str(exc).removeprefix(f"{file}: ")
        if "is a game file" in reason:
            reason = "it is a game file, not a module database"
        raise GameFileError(f"{path}: the embedded module is refused: {reason}") from None
    if m.meta.content_hash != want:
        raise GameFileError(f"{path}: the embedded module's hash {m.meta.content_hash[:12]} is not the game's {want[:12]}")
    return m


def keep_module(data: bytes, want: str, path: Path) -> Path:
    """Keep a verified game's embedded module in the cache (once per content hash) and bound
    the cache's size; returns the cached file."""
    cached = module_cache_dir() / f"{want}.sqlite"
    try:
        atomic_write(cached, data, prefix=".build-", suffix=".sqlite")
    except (OSError, SaveError) as exc:
        raise GameFileError(f"{path}: cannot keep the embedded module in {cached.parent}: {exc}") from None
    _prune_cache(cached.parent, keep=cached)
    return cached


def _prune_cache(folder: Path, keep: Path) -> None:
    """Delete the least recently used cached modules until the folder holds at most
    :data:`MAX_CACHE_BYTES`."""
    limit = MAX_CACHE_BYTES
    try:
        files = [(f.stat().st_mtime, f.stat().st_size, f) for f in folder.iterdir()
                 if re.fullmatch(r"[0-9a-f]{64}\.sqlite", f.name) and f.is_file()]
    except OSError:
        return
    total = sum(size for _, size, _ in files)
    for _, size, f in sorted(files, key=lambda x: x[0]):
        if total <= limit:
            break
        if f == keep:
            continue
        try:
            f.unlink()
            total -= size
        except OSError:
            pass


def _str_list(meta: dict[str, Any], key: str, path: Path) -> tuple[str, ...]:
    v = meta.get(key, [])
    if not isinstance(v, list) or not all(isinstance(x, str) and len(x) < 40 for x in v) or len(v) > 50:
        raise GameFileError(f"{path}: metadata {key!r} must be a list of rule numbers")
    return tuple(v)


def _start(module: Module, meta: dict[str, Any], path: Path) -> Game:
    """A game at its initial state from checked metadata (not started: the log holds StartGame)."""
    from darkdec_qt.rules.combat.integrity import HISTORICAL_POSITIONS
    from darkdec_qt.rules.core.options import check_choices
    from darkdec_qt.rules.scenarios.setup import initial_state

    scenario = meta.get("scenario")
    if not isinstance(scenario, str) or scenario not in module.scenarios:
        raise GameFileError(f"{path}: the game's scenario {str(scenario)[:40]!r} is not one of the module's "
                            f"({', '.join(sorted(module.scenarios))})")
    seed = meta.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, str | int) or not 0 < len(str(seed)) <= 200:
        raise GameFileError(f"{path}: the game's seed is not a seed")
    setup = meta.get("setup", "auto")
    if setup not in SETUPS:
        raise GameFileError(f"{path}: the game's set-up {str(setup)[:40]!r} is not one of {', '.join(SETUPS)}")
    optional = _str_list(meta, "optional", path)
    variants = tuple(v for v in _str_list(meta, "variants", path) if v != HISTORICAL_POSITIONS)
    sc = module.scenarios[scenario]
    try:
        check_choices(set(optional), set(variants), sc.optional_rules, sc.variants)
        initial = initial_state(module, scenario, str(seed), optional, variants, str(setup))
    except (IllegalAction, KeyError, ValueError, TypeError) as exc:
        raise GameFileError(f"{path}: the game's rules cannot be set up: {exc}") from None
    game = Game(module, scenario, str(seed), initial=initial, start=False)
    game_id = meta.get("game_id")
    if isinstance(game_id, str) and GAME_ID_RE.fullmatch(game_id):
        game.game_id = game_id  # else (a file saved before games had ids) the new one drawn for it
    chosen = meta.get("seed_chosen")
    # a file saved before the mark: the client drew 16 hex digits, anything else was chosen
    game.seed_chosen = chosen if isinstance(chosen, bool) else not re.fullmatch(r"[0-9a-f]{16}", str(seed))
    game.batches.clear()
    game.state = game.initial.clone()
    return game


def _reexecute(game: Game, record: GameRecord, path: Path) -> Verification:
    """Execute every recorded command through the checked ``Game.execute`` and compare. A
    failure names the first event that changed by its number, counted from 1 as the client's
    log and ``darkdec log`` number it (never the row of the command that recorded it)."""
    index = 0  # events before this command
    for item in record.events:
        try:
            cmd = Command.from_dict(item["command"])
            stored = [Event.from_dict(d) for d in item["events"]]
        except (KeyError, ValueError, TypeError, AttributeError) as exc:
            return _failed(game, index + 1, f"event {index + 1}: the command recorded with it is malformed: "
                                            f"{exc.__class__.__name__}: {exc}")
        try:
            produced = game.execute(cmd)
        except IllegalAction as exc:
            return _failed(game, index + 1, f"event {index + 1}{_words(stored, game)}: its {cmd.kind} command "
                                            f"is illegal on replay: {exc}")
        except (KeyError, ValueError, TypeError, AttributeError, IndexError) as exc:
            return _failed(game, index + 1, f"event {index + 1}{_words(stored, game)}: its {cmd.kind} command "
                                            f"cannot be executed: {exc.__class__.__name__}: {exc}")
        for k, (a, b) in enumerate(zip(produced, stored)):
            if a.to_dict() != b.to_dict():
                n = index + k + 1
                return _failed(game, n, f"event {n}{_words(stored[k:], game)} does not reproduce: {_difference(a, b)}")
        if len(produced) != len(stored):
            n = index + min(len(produced), len(stored)) + 1
            return _failed(game, n, f"event {n}: the {cmd.kind} command gives {len(produced)} events, "
                                    f"the log has {len(stored)}")
        index += len(produced)
    final = game.state.state_hash()
    want = record.meta.get("final_hash")
    if want is not None and want != final:
        return Verification(False, final, index, None,
                            f"final state hash {final[:12]} differs from the recorded {str(want)[:12]}")
    return Verification(True, final, index)


def _failed(game: Game, number: int, message: str) -> Verification:
    return Verification(False, game.state.state_hash(), number - 1, number, message)


def _words(stored: list[Event], game: Game) -> str:
    """' ("the recorded event in words")', as the log shows it; '' when it has none."""
    if not stored:
        return ""
    try:
        from darkdec_qt.rules.narrate import describe

        text = describe(stored[0], game.module)
    except (KeyError, ValueError, TypeError, AttributeError, IndexError):
        return ""
    from darkdec_qt.model.safesqlite import printable

    text = printable(text)  # words made of the file's content
    return f' ("{text if len(text) <= 70 else text[:67] + "..."}")' if text else ""


def _short(v: Any) -> str:
    from darkdec_qt.model.safesqlite import printable

    text = printable(v if isinstance(v, str) else repr(v))
    return text if len(text) <= 40 else text[:37] + "..."


def _difference(produced: Event, recorded: Event) -> str:
    """The mismatch in words, short: a die against its derivation (its value, or its place in
    the sequence of dice), else the first field that differs."""
    p, r = produced.to_dict(), recorded.to_dict()
    if produced.kind == recorded.kind == "die_rolled":
        what = f"the die '{_short(r.get('purpose'))}'"
        if r.get("index") != p.get("index"):
            return (f"{what} is recorded as die {_short(r.get('index'))}, but the game's next die is die "
                    f"{p.get('index')} (dice are rolled in order; rules/core/dice.py)")
        return (f"{what} (die {p.get('index')}) is recorded as {_short(r.get('value'))}, "
                f"the game's seed gives {p.get('value')} (rules/core/dice.py)")
    if produced.kind != recorded.kind:
        return f"the log records a {_short(recorded.kind)} event where the rules give a {produced.kind} event"
    key = next((k for k in sorted(set(p) | set(r)) if p.get(k) != r.get(k)), "?")
    return (f"the {produced.kind} event's {_short(key)} is recorded as {_short(r.get(key))}, "
            f"the rules give {_short(p.get(key))}")


def check_game(path: str | Path) -> tuple[Opened, Verification]:
    """Read and re-execute ``path``; the verification says whether it reproduced. Raises
    GameFileError only when the file cannot be read or set up at all."""
    p = Path(path)
    record = load_game(p)
    module, mpath = _module_for(record, p)
    game = _start(module, record.meta, p)
    v = _reexecute(game, record, p)
    if mpath is None:  # nothing is cached before the whole game verifies
        mpath = keep_module(record.module_bytes or b"", module.meta.content_hash, p) if v.ok else Path(DEFAULT_MODULE)
    return Opened(game, record, mpath, v, newer_notice(p, record.meta)), v


def open_verified(path: str | Path) -> Opened:
    """THE way to open a game file: read defensively, re-execute every command with full
    checking (module docstring). Raises GameFileError naming the first event that does
    not reproduce; the returned game's log is the one the engine produced."""
    opened, v = check_game(path)
    if not v.ok:
        raise GameFileError(f"{path}: the game does not verify: {v.message}")
    return opened


open_game = open_verified
"""Kept for callers of the old name: opening is verifying."""


def verify(path: str | Path) -> Verification:
    """Re-execute every recorded command with full checking and compare the events."""
    return check_game(path)[1]


CHOSEN_SEED_NOTE = ("this game's dice come from a seed its maker chose (--seed, for tests and self-play), "
                    "so whoever chose it could know every die before it was rolled")


def module_note(module: Module) -> str:
    """'' for the bundled module; else one sentence naming the game's module (name, version,
    content hash) and the bundled one, and how to see what differs, table by table."""
    try:
        bundled = bundled_module().meta
    except (DatabaseError, OSError):
        bundled = None
    m = module.meta
    if bundled is not None and m.content_hash == bundled.content_hash:
        return ""
    mine = f"'{m.name}' version {m.format_version}, hash {m.content_hash[:16]}"
    if bundled is None:
        return f"this game was played on the module {mine}; the bundled module cannot be read"
    return (f"this game was played on the module {mine}, not on the bundled module ('{bundled.name}' version "
            f"{bundled.format_version}, hash {bundled.content_hash[:16]}); its rules and data may differ: "
            "'darkdec module diff GAME' shows what differs, table by table")


def game_notes(game: Game) -> list[str]:
    """What a player must know about where a game comes from, one sentence each: a chosen
    dice seed, a module that is not the bundled one. Said by every entry point that opens it."""
    from darkdec_qt.model.safesqlite import printable

    notes = [CHOSEN_SEED_NOTE] if getattr(game, "seed_chosen", False) else []
    if text := module_note(game.module):
        notes.append(printable(text))
    return notes


def autosave_name(game: Game) -> str:
    """The autosave file name for ``game``: ``<scenario>-<game id>.ddg``, so two games of the
    same scenario never share an autosave, and neither the seed (which would tell every
    future die) nor any other text from a file is in it. The scenario must be one of the
    module's ids of the strict alphabet, else ``game``."""
    st = game.initial
    scenario = st.scenario if st.scenario in game.module.scenarios and SEED_RE.match(st.scenario) else "game"
    gid = game.game_id if GAME_ID_RE.fullmatch(str(game.game_id)) else hashlib.sha256(
        str(game.game_id).encode()).hexdigest()[:32]
    name = f"{scenario}-{gid}.ddg"
    assert os.sep not in name and (os.altsep is None or os.altsep not in name)
    return name

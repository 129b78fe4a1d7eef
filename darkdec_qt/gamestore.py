"""Saving and opening games: the glue between the game session and the game file.

A game file embeds the module it was played on, so it opens anywhere; when the
bundled module has the same content hash the bundled copy is used. Replaying a
file re-executes every recorded command through the same checked ``execute`` as
live play (Wesnoth's synced context) and compares the events: the first that does
not reproduce is named.
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from darkdec_qt.game.session import Game
from darkdec_qt.model.database import DatabaseError
from darkdec_qt.model.gamefile import GameFileError, GameRecord, load_game, save_game
from darkdec_qt.model.load import DEFAULT_MODULE, load_module
from darkdec_qt.moduleview import Module
from darkdec_qt.rules import engine
from darkdec_qt.rules.apply import apply
from darkdec_qt.rules.commands import Command
from darkdec_qt.rules.errors import IllegalAction
from darkdec_qt.rules.events import Event


@dataclass
class Opened:
    game: Game
    record: GameRecord
    module_path: Path


def save(game: Game, path: str | Path, module_path: str | Path = DEFAULT_MODULE, **extra: Any) -> None:
    """Write ``game`` to ``path`` atomically, embedding the module database."""
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
    }
    save_game(GameRecord(meta=meta, events=game.log_dicts(), module_bytes=Path(module_path).read_bytes(), extra=extra),
              path)


def _module_for(record: GameRecord, path: Path) -> tuple[Module, Path]:
    want = record.meta.get("module_hash")
    try:
        bundled = load_module(DEFAULT_MODULE)
        if bundled.meta.content_hash == want:
            return bundled, DEFAULT_MODULE
    except DatabaseError:
        pass
    if record.module_bytes is None:
        raise GameFileError(f"{path}: the game's module ({want}) is not embedded and not installed")
    tmp = Path(tempfile.mkdtemp(prefix="darkdec-")) / "module.sqlite"
    tmp.write_bytes(record.module_bytes)
    m = load_module(tmp)
    if m.meta.content_hash != want:
        raise GameFileError(f"{path}: the embedded module's hash {m.meta.content_hash[:12]} is not the game's {str(want)[:12]}")
    return m, tmp


def open_game(path: str | Path) -> Opened:
    """Open a game file by applying its recorded events (fast, no re-checking)."""
    p = Path(path)
    record = load_game(p)
    module, mpath = _module_for(record, p)
    meta = record.meta
    try:
        game = Game.from_log(module, meta["scenario"], str(meta["seed"]), record.events,
                             optional=tuple(meta.get("optional", ())), variants=_variants(meta),
                             setup=str(meta.get("setup", "auto")))
    except (KeyError, ValueError, TypeError) as exc:
        raise GameFileError(f"{p}: the event log cannot be applied: {exc}") from None
    return Opened(game, record, mpath)


def _variants(meta: dict[str, Any]) -> tuple[str, ...]:
    """(scenarios) the chosen variants; the set-up flag is restored by ``setup``."""
    from darkdec_qt.rules.integrity import HISTORICAL_POSITIONS

    return tuple(v for v in meta.get("variants", ()) if v != HISTORICAL_POSITIONS)


def _initial(module: Module, meta: dict[str, Any]):  # -> GameState
    from darkdec_qt.rules.setup import initial_state

    return initial_state(module, meta["scenario"], str(meta["seed"]), tuple(meta.get("optional", ())),
                         _variants(meta), str(meta.get("setup", "auto")))


@dataclass
class Verification:
    ok: bool
    state_hash: str
    events: int
    first_bad: int | None = None
    message: str = ""


def verify(path: str | Path) -> Verification:
    """Re-execute every recorded command with full checking and compare the events."""
    p = Path(path)
    record = load_game(p)
    module, _ = _module_for(record, p)
    meta = record.meta
    game = Game(module, meta["scenario"], str(meta["seed"]), start=False,
                initial=_initial(module, meta))
    game.batches.clear()
    game.state = game.initial.clone()
    index = 0
    for n, item in enumerate(record.events):
        try:
            cmd = Command.from_dict(item["command"])
            stored = [Event.from_dict(d) for d in item["events"]]
        except (KeyError, ValueError, TypeError) as exc:
            return Verification(False, game.state.state_hash(), index, index, f"entry {n} is malformed: {exc}")
        try:
            produced = engine.check(game.state, cmd)
        except IllegalAction as exc:
            return Verification(False, game.state.state_hash(), index, index,
                                f"command {n} ({cmd.kind}) is illegal on replay: {exc}")
        for k, (a, b) in enumerate(zip(produced, stored)):
            if a.to_dict() != b.to_dict():
                return Verification(False, game.state.state_hash(), index + k, index + k,
                                    f"event {index + k} does not reproduce: recorded {b.to_dict()}, replay gives {a.to_dict()}")
        if len(produced) != len(stored):
            k = min(len(produced), len(stored))
            return Verification(False, game.state.state_hash(), index + k, index + k,
                                f"event {index + k}: command {n} ({cmd.kind}) gives {len(produced)} events, the log has {len(stored)}")
        for e in produced:
            apply(game.state, e)
        index += len(produced)
    final = game.state.state_hash()
    want = meta.get("final_hash")
    if want and want != final:
        return Verification(False, final, index, None, f"final state hash {final[:12]} differs from the recorded {want[:12]}")
    return Verification(True, final, index)

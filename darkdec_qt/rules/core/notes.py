"""A player's note in the log: a command whose one event changes nothing.

The computer opponent (darkdec_qt/ai) explains its plan and its battles this way
("attack 2516 at 3:1: opens the N30 toward Marche"). Because the note is an ordinary
command and event, it is saved in the game file with the rest of the log and replays
identically: ``apply`` of a ``note_made`` event leaves the state as it was. Players write
notes too (the client's Log dock, an exchange file's message): before the game starts as
well (a greeting with the invitation), so ``note`` is among the commands accepted before
StartGame; never after the game is over (7.2F).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core import events as ev
from darkdec_qt.rules.core.apply import register_handler
from darkdec_qt.rules.core.errors import MalformedCommand
from darkdec_qt.rules.core.registry import PRESTART, register_checker
from darkdec_qt.rules.core.state import GameState

MAX_NOTE = 400
SIDES = ("German", "Allied")


@cm.Command.register
@dataclass(frozen=True, slots=True)
class Note(cm.Command):
    kind: ClassVar[str] = "note"
    side: str
    text: str


@ev.Event.register
@dataclass(frozen=True, slots=True)
class NoteMade(ev.Event):
    kind: ClassVar[str] = "note_made"
    side: str
    text: str


@register_checker("note")
def _check_note(state: GameState, cmd: Note, dice: object) -> list[ev.Event]:
    if cmd.side not in SIDES:
        raise MalformedCommand(f"a note is written by the German or the Allied player, not {cmd.side!r}")
    text = " ".join(str(cmd.text).split())
    if not text or len(text) > MAX_NOTE:
        raise MalformedCommand(f"a note has 1 to {MAX_NOTE} characters")
    return [NoteMade(side=cmd.side, text=text)]


PRESTART.add("note")


@register_handler("note_made")
def _note_made(s: GameState, e: NoteMade) -> None:  # type: ignore[override]
    """A note changes nothing in the game."""

"""Notes between the players of a file-exchange game: the message a player adds when sending a
file (the engine's Note command, the last of the segment), and the opponent's notes shown when
their file is opened. A note's text comes from a file: it is bounded by the engine (400
characters, rules/core/notes.py) and shown without control characters."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QLineEdit, QMessageBox, QVBoxLayout, QWidget

from darkdec_qt.model.safesqlite import printable
from darkdec_qt.rules.core.events import Event
from darkdec_qt.rules.core.notes import MAX_NOTE

SHOWN = 12  # notes listed in the box when a file is opened (the log has them all)


class SendDialog(QDialog):
    """Send to opponent: an optional message, which becomes a note in both players' logs."""

    def __init__(self, opponent: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Send to opponent")
        lay = QVBoxLayout(self)
        label = QLabel(f"Message to the {opponent} player (optional). It goes into the log of both sides as your "
                       "note, and is shown to them when they open the file; under fog of war too.")
        label.setWordWrap(True)
        lay.addWidget(label)
        self.message = QLineEdit()
        self.message.setObjectName("SendMessage")
        self.message.setMaxLength(MAX_NOTE)
        self.message.setPlaceholderText(f"e.g. Your move, {opponent}: mind the bridge at 4216")
        lay.addWidget(self.message)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.send_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.send_button.setText("Send…")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self.setMinimumWidth(420)

    def note(self) -> str:
        return self.message.text().strip()


def opponent_notes(events: Iterable[Event], me: str) -> list[str]:
    """The notes the other player wrote among ``events``, each on one printable line."""
    return [printable(e.text) for e in events  # type: ignore[attr-defined]
            if e.kind == "note_made" and e.side != me]  # type: ignore[attr-defined]


def notes_box(parent: QWidget, opponent: str, notes: list[str]) -> QMessageBox:
    """The opponent's notes, in a box that does not stop the play-back of their moves."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Information)
    box.setWindowTitle(f"Notes from the {opponent} player")
    more = f"\n\n(and {len(notes) - SHOWN} more in the log)" if len(notes) > SHOWN else ""
    box.setText(f"The {opponent} player wrote:\n\n" + "\n\n".join(notes[-SHOWN:]) + more)
    box.setModal(False)
    box.open()
    return box

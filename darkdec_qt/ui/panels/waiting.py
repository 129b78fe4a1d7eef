"""Whose decision the game waits for, when it is not simply the phasing player's next step:
a battle's task (the defender's declaration 13.3.3A, a result 13.5.1, a retreat 13.6, losses,
an advance), a displaced leader's new hex (15.5D), the division out of fuel (8.7.1A).

:class:`WaitingLine` says it in the status bar ("Waiting for the Allied player (you): declares
voluntary reductions ... in the Battle dock"); :func:`owed_decision` names the dock that takes
the decision, which the client raises when it becomes owed by the player at the screen
(panels.install). The phasing player's own controls are meanwhile disabled
(``GameController.phasing_controls``)."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtWidgets import QWidget

from darkdec_qt.rules.combat import queries as bq
from darkdec_qt.rules.core.state import GameState
from darkdec_qt.rules.narrate import TASK_WORDS
from darkdec_qt.ui.controller import GameController
from darkdec_qt.ui.elide import ElidedLabel

DOCK_NAMES = {"battle": "Battle dock", "arrivals": "Arriving dock"}


@dataclass(frozen=True)
class Owed:
    side: str
    words: str  # what the side does, as "the Allied player <words>"
    dock: str  # the panel key of the dock that takes the decision
    key: tuple  # changes when a new decision becomes owed


def owed_decision(state: GameState, side: str, phasing: str) -> Owed | None:
    """The decision ``side`` (the side the game waits for) owes, unless it is the phasing
    player's ordinary play of the phase."""
    p = bq.pending(state)
    if p is not None:
        words = TASK_WORDS.get(p.what, p.what).format(hex=p.hex, n=p.n)
        b = state.battle
        return Owed(side, words, "battle", ("battle", b.id if b else 0, p.what, p.hex, p.side))
    if state.displaced:
        return Owed(side, "places the displaced leader (15.5D)", "arrivals", ("leader", tuple(sorted(state.displaced))))
    if side != phasing:
        return Owed(side, "names the division out of fuel (8.7.1A)" if state.fuel_shortage else "decides",
                    "arrivals", ("other", state.turn, state.phase.value, side))
    return None


class WaitingLine(ElidedLabel):
    """The status bar's "Waiting for ..." line; hidden when the phasing player simply plays."""

    def __init__(self, controller: GameController, computer_sides=lambda: (), parent: QWidget | None = None) -> None:  # noqa: ANN001
        super().__init__(parent=parent)
        self.controller = controller
        self.computer_sides = computer_sides
        self.setObjectName("Waiting")
        self.setStyleSheet("color:#7a3b00; font-weight:bold;")
        controller.changed.connect(self.refresh)
        controller.shownChanged.connect(self.refresh)
        self.refresh()

    def who(self, side: str) -> str:
        c = self.controller
        if c.seat == side:
            return f"the {side} player (you)"
        if side in self.computer_sides():
            return f"the {side} player (computer)"
        return f"the {side} player"

    def refresh(self) -> None:
        c = self.controller
        s = c.state
        owed = None if s.game_over or not c.is_live() else owed_decision(s, c.owing(), c.acting())
        if owed is None:
            self.set_full_text("")
            self.hide()
            return
        where = f" in the {DOCK_NAMES[owed.dock]}" if c.seat in (None, owed.side) else ""
        self.set_full_text(f"Waiting for {self.who(owed.side)}: {owed.words}{where}")
        self.show()

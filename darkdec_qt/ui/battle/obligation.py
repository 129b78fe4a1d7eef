"""Obligations shown while they can still be met, in fixed-size places:

- :class:`ObligationIndicator` (phase bar): "18.2B attacks: 5 required · 2 made · 7
  possible" during the German player turn of AM 16 December, up to the end of its
  Combat Phase (``rules.attack_obligation``);
- :class:`PossibleAttacks` (Battle dock): when ending the Combat Phase is refused for an
  attack obligation (18.2B, 13.0B), the attacks the engine says may be declared now
  (``combat_legal.declarable_battles``); a click selects one on the map;
- :class:`ElidedLabel`: one line, elided in the middle (the rule number at the end stays
  visible), the whole text in the tooltip, so a long refusal never grows the phase bar.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QGroupBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from darkdec_qt.rules import attack_obligation as ao
from darkdec_qt.rules import combat_commands as cc
from darkdec_qt.rules.battle import obligatory_attacks
from darkdec_qt.rules.combat_legal import declarable_battles
from darkdec_qt.rules.phases import Phase
from darkdec_qt.ui.controller import GameController

OBLIGATION_RULES = ("18.2B", "13.0B")
CMD = Qt.ItemDataRole.UserRole


class ElidedLabel(QLabel):
    """A one-line label showing as much of its text as fits; ``render`` turns the shown
    (elided) plain text into the label's text (e.g. rule links)."""

    def __init__(self, render: Callable[[str], str] = lambda t: t, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.full = ""
        self.render = render
        self.setWordWrap(False)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)

    def set_full_text(self, text: str) -> None:
        self.full = text
        self.setToolTip(text)
        self._elide()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        self._elide()

    def _elide(self) -> None:
        shown = self.fontMetrics().elidedText(self.full, Qt.TextElideMode.ElideMiddle, max(40, self.width()))
        self.setText(self.render(shown) if shown else "")


class ObligationIndicator(QLabel):
    """The 18.2B counts in the phase bar, a fixed size, hidden when no obligation applies."""

    TEMPLATE = "18.2B attacks: 5 required · 55 made · 555 possible"

    def __init__(self, controller: GameController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.setObjectName("Obligation")
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setFixedWidth(self.fontMetrics().horizontalAdvance(self.TEMPLATE) + 24)
        self.setFixedHeight(self.fontMetrics().height() + 8)
        controller.shownChanged.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        c = self.controller
        ob = ao.first_turn_obligation(c.shown_state()) if c.is_live() else None
        self.setVisible(ob is not None)
        if ob is None:
            return
        self.setText(ob.text())
        owed = ob.owed
        self.setToolTip("Germany must make at least five attacks on the AM 16 December turn (18.2B). "
                        f"Made: {ob.made}; still owed: {owed}. Possible now: {len(ob.possible)} Allied hex(es) "
                        "next to German units free to attack" + (f" ({', '.join(ob.possible)})" if ob.possible else "")
                        + ". Move into contact in the Movement Phase; the Combat Phase cannot end before.")
        bg = "#f3d27a" if owed else "#cfe3c0"
        self.setStyleSheet(f"background:{bg}; color:#1c1c1c; border-radius:4px; padding:1px 6px;")


def attack_words(state, cmd: cc.DeclareBattle) -> str:  # noqa: ANN001
    hexes = sorted({state.pos[u] for u in cmd.defenders if u in state.pos})
    return f"{', '.join(cmd.attackers)} → {', '.join(cmd.defenders)} ({', '.join(hexes)})"


class PossibleAttacks(QGroupBox):
    """After a refusal for an attack obligation: the attacks that may be declared now."""

    def __init__(self, controller: GameController, select: Callable[[cc.DeclareBattle], None],
                 parent: QWidget | None = None) -> None:
        super().__init__("Attacks you can still make (click one to select it)", parent)
        self.controller = controller
        self.select = select
        self.list = QListWidget()
        self.list.itemClicked.connect(lambda it: self.select(it.data(CMD)))
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 2, 6, 2)
        lay.addWidget(self.list)
        self.active = False
        self._phase: tuple[int, str, str] | None = None
        controller.changed.connect(self.refresh)
        controller.shownChanged.connect(self._refused)
        self.setVisible(False)

    def _refused(self) -> None:
        c = self.controller
        if any(f"({r})" in c.end_refusal for r in OBLIGATION_RULES):
            s = c.state
            self.active, self._phase = True, (s.turn, s.side, s.phase.value)
            self.refresh()

    def refresh(self) -> None:
        s = self.controller.state
        if self.active and self._phase != (s.turn, s.side, s.phase.value):
            self.active = False
        self.list.clear()
        if self.active and s.phase is Phase.COMBAT and s.battle is None:
            owed = {e for _u, e in obligatory_attacks(s)}
            for cmd in declarable_battles(s):
                if owed and not owed & set(cmd.defenders) and not ao.first_turn_obligation(s):
                    continue  # 13.0B: the attacks that settle it
                it = QListWidgetItem(attack_words(s, cmd))
                it.setData(CMD, cmd)
                self.list.addItem(it)
        self.setVisible(self.active and s.battle is None)

"""Obligations shown while they can still be met, in fixed-size places:

- :class:`ObligationIndicator` (phase bar): "18.2B attacks: 5 required · 2 made · 7
  possible" during the German player turn of AM 16 December, up to the end of its
  Combat Phase (``rules.attack_obligation``);
- :class:`PossibleAttacks` (Battle dock): when ending the Combat Phase is refused for an
  attack obligation (18.2B, 13.0B), the attacks the engine says may be declared now
  (``combat_legal.declarable_battles``); a click selects one on the map;
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import (
    QGroupBox,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from darkdec_qt.rules.combat import commands as cc
from darkdec_qt.rules.combat.battle import obligatory_attacks
from darkdec_qt.rules.combat.legal import declarable_battles
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.opening import attack_obligation as ao
from darkdec_qt.ui.controller import GameController
from darkdec_qt.ui.elide import ElidedLabel

OBLIGATION_RULES = ("18.2B", "13.0B")
CMD = Qt.ItemDataRole.UserRole


class ObligationIndicator(ElidedLabel):
    """The 18.2B counts in the phase bar, elided when the bar is narrow, hidden when no
    obligation applies."""

    def __init__(self, controller: GameController, parent: QWidget | None = None) -> None:
        super().__init__(parent=parent, mode=Qt.TextElideMode.ElideRight)
        self.controller = controller
        self.setObjectName("Obligation")
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setFixedHeight(self.fontMetrics().height() + 8)
        controller.shownChanged.connect(self.refresh)
        self.refresh()

    TEMPLATE = "18.2B attacks: 5 required · 55 made · 555 possible"

    def sizeHint(self) -> QSize:  # noqa: N802
        """The same place whatever the counts: the bar never jumps (the phase strip gives way)."""
        return QSize(self.fontMetrics().horizontalAdvance(self.TEMPLATE) + 24, super().sizeHint().height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return self.sizeHint()

    def refresh(self) -> None:
        c = self.controller
        ob = ao.first_turn_obligation(c.shown_state()) if c.is_live() else None
        self.setVisible(ob is not None)
        if ob is None:
            return
        owed = ob.owed
        self.set_full_text(ob.text(), tip="Germany must make at least five attacks on the AM 16 December turn (18.2B). "
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
        super().__init__("Attacks you can still make", parent)
        self.setToolTip("The attacks the engine allows now: click one to select it on the map")
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

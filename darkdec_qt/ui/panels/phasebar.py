"""The phase bar: turn date, AM/PM, weather, phasing side, the phase, and the next
step as a button ("End Movement Phase"); when the engine refuses, the reason."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from darkdec_qt.rules.phases import PHASES
from darkdec_qt.ui.battle.obligation import ElidedLabel, ObligationIndicator
from darkdec_qt.ui.controller import GameController
from darkdec_qt.ui.focus import no_click_focus
from darkdec_qt.ui.help.ruletext import linkify
from darkdec_qt.ui.map.present import PHASE_NAMES, acting_label, next_step_label

SHORT = {"replacement": "Repl.", "exploitation": "Exploit.", "construction": "Constr."}
SIDE_COLOURS = {"German": "#5d6650", "Allied": "#3f5f8f"}


class PhaseBar(QFrame):
    """A strip above the map; reads the controller's shown state."""

    def __init__(self, controller: GameController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.setObjectName("PhaseBar")
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)  # never taller
        outer = QVBoxLayout(self)
        outer.setContentsMargins(10, 4, 10, 4)
        outer.setSpacing(2)
        self.row1 = lay = QHBoxLayout()  # turn, weather, side ... [clock] next step
        lay.setSpacing(14)
        self.row2 = QHBoxLayout()  # the phases, then status lines (victory, refusal)
        self.row2.setSpacing(14)
        outer.addLayout(self.row1)
        outer.addLayout(self.row2)
        self.turn_label = QLabel()
        self.turn_label.setObjectName("TurnLabel")
        self.weather_label = QLabel()
        self.side_label = QLabel()
        self.side_label.setObjectName("SideLabel")
        self.side_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.phases_label = QLabel()
        self.phases_label.setTextFormat(Qt.TextFormat.RichText)
        self.reason_label = ElidedLabel(linkify)  # one line: a long refusal never grows the bar
        self.reason_label.setObjectName("ReasonLabel")
        self.obligation = ObligationIndicator(controller)  # 18.2B while it can still be met
        self.next_button = QPushButton()
        self.next_button.setObjectName("NextButton")
        self.next_button.setToolTip("End the current phase (Ctrl+E)")
        self.next_button.clicked.connect(self._next)
        no_click_focus(self.next_button)
        for w in (self.turn_label, self.weather_label, self.side_label, self.obligation):
            lay.addWidget(w)
        lay.addStretch(1)
        lay.addWidget(self.next_button)
        self.row2.addWidget(self.phases_label)
        self.row2.addWidget(self.reason_label, 1)
        controller.shownChanged.connect(self.refresh)
        self.refresh()

    def _next(self) -> None:
        self.controller.end_phase()

    def refresh(self) -> None:
        c = self.controller
        s = c.shown_state()
        t = s.current_turn()
        self.turn_label.setText(f"Turn {s.turn}  ·  {t.label} 1944" if t.date.startswith("1944")
                                else f"Turn {s.turn}  ·  {t.label} 1945")
        ground = "" if t.ground == "normal" else f", ground {t.ground}"
        self.weather_label.setText(f"Weather: {s.weather_now()}{ground}")
        side = acting_label(s)
        col = SIDE_COLOURS.get(s.side, "#555")
        self.side_label.setText(f"{side}")
        self.side_label.setStyleSheet(f"background:{col}; color:white; border-radius:4px; padding:3px 10px;"
                                      "font-weight:bold;")
        parts = []
        for ph in PHASES:
            name = SHORT.get(ph.value, PHASE_NAMES[ph].split("/")[0])
            if ph is s.phase:
                parts.append(f"<b style='color:#1a1a1a'>{name}</b>")
            else:
                parts.append(f"<span style='color:#8a8a80'>{name}</span>")
        self.phases_label.setText(" › ".join(parts))
        self.phases_label.setToolTip(f"{PHASE_NAMES[s.phase]} Phase")
        self.next_button.setText(next_step_label(s))
        self.next_button.setEnabled(c.phasing_controls())  # not while the other side owes a decision
        self.reason_label.set_full_text(c.end_refusal if c.is_live() else "")
        self.reason_label.setVisible(bool(self.reason_label.full))

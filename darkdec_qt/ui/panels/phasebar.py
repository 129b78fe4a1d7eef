"""The phase bar: turn date, AM/PM, weather, phasing side, the phase, and the next
step as a button ("End Movement Phase"); when the engine refuses, the reason."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QFontMetrics, QResizeEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from darkdec_qt.rules.core.phases import PHASES, Phase
from darkdec_qt.ui.battle.obligation import ObligationIndicator
from darkdec_qt.ui.controller import GameController
from darkdec_qt.ui.elide import ElidedButton, ElidedLabel
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
        self.row2 = QHBoxLayout()  # the phases, the 18.2B obligation, then status lines (victory, refusal)
        self.row2.setSpacing(14)
        outer.addLayout(self.row1)
        outer.addLayout(self.row2)
        right = Qt.TextElideMode.ElideRight  # no label's text sets the bar's minimum width
        self.turn_label = ElidedLabel(mode=right)
        self.turn_label.setObjectName("TurnLabel")
        self.weather_label = ElidedLabel(mode=right)
        self.side_label = ElidedLabel(mode=right, min_px=110)  # "German", "Allied" always whole
        self.side_label.setObjectName("SideLabel")
        self.side_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.phases_label = PhaseStrip()
        self.reason_label = ElidedLabel(linkify)  # one line: a long refusal never grows the bar
        self.reason_label.setObjectName("ReasonLabel")
        self.reason_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)  # the room left
        self.obligation = ObligationIndicator(controller)  # 18.2B while it can still be met
        self.next_button = ElidedButton()
        self.next_button.setObjectName("NextButton")
        self.next_button.setToolTip("End the current phase (Ctrl+E)")
        self.next_button.clicked.connect(self._next)
        no_click_focus(self.next_button)
        for w in (self.turn_label, self.weather_label, self.side_label):
            lay.addWidget(w)
        lay.addStretch(1)
        lay.addWidget(self.next_button)
        self.row2.addWidget(self.phases_label)
        self.row2.addWidget(self.obligation)
        self.row2.addWidget(self.reason_label, 1)
        controller.shownChanged.connect(self.refresh)
        self.refresh()

    def _next(self) -> None:
        self.controller.end_phase()

    def refresh(self) -> None:
        c = self.controller
        s = c.shown_state()
        t = s.current_turn()
        self.turn_label.set_full_text(f"Turn {s.turn}  ·  {t.label} 1944" if t.date.startswith("1944")
                                      else f"Turn {s.turn}  ·  {t.label} 1945")
        ground = "" if t.ground == "normal" else f", ground {t.ground}"
        self.weather_label.set_full_text(f"Weather: {s.weather_now()}{ground}")
        side = acting_label(s)
        col = SIDE_COLOURS.get(s.side, "#555")
        self.side_label.set_full_text(f"{side}")
        self.side_label.setStyleSheet(f"background:{col}; color:white; border-radius:4px; padding:3px 10px;"
                                      "font-weight:bold;")
        self.phases_label.show_phase(s.phase)
        self.next_button.set_full_text(next_step_label(s))
        self.next_button.setEnabled(c.phasing_controls())  # not while the other side owes a decision
        self.reason_label.set_full_text(c.end_refusal if c.is_live() else "")
        self.reason_label.setVisible(bool(self.reason_label.full))


class PhaseStrip(QLabel):
    """The phases of a player turn with the current one in bold; where the whole strip does not
    fit, the current phase alone with its place ("Combat · 4 of 9"). Its minimum width is the
    longest phase name's, whatever phase is shown."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.phase = PHASES[0]
        self.names = [SHORT.get(ph.value, PHASE_NAMES[ph].split("/")[0]) for ph in PHASES]
        bold = self.font()
        bold.setBold(True)
        self.bold_metrics = QFontMetrics(bold)

    def show_phase(self, phase: Phase) -> None:
        self.phase = phase
        self.setToolTip(f"{PHASE_NAMES[phase]} Phase")
        self._fit()

    def _full_width(self) -> int:
        return self.bold_metrics.horizontalAdvance(" › ".join(self.names)) + 4

    def _short(self, i: int) -> str:
        return f"{self.names[i]} · {i + 1} of {len(PHASES)}"

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(self._full_width(), super().sizeHint().height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        widest = max(self.bold_metrics.horizontalAdvance(self._short(i)) for i in range(len(PHASES)))
        return QSize(widest + 4, super().minimumSizeHint().height())

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        i = PHASES.index(self.phase)
        if self.width() >= self._full_width():
            parts = [f"<b style='color:#1a1a1a'>{n}</b>" if k == i else f"<span style='color:#8a8a80'>{n}</span>"
                     for k, n in enumerate(self.names)]
            self.setText(" › ".join(parts))
        else:
            self.setText(f"<b style='color:#1a1a1a'>{self._short(i)}</b>")


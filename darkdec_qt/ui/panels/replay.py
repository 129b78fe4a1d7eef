"""Replay: step one event back or forward, jump to the start of a phase or a turn,
play at an adjustable speed, a slider over the whole game. Any moment is rebuilt by
the :class:`StateCache` (snapshots every phase), so backward steps are instant."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSlider, QSpinBox, QToolButton, QWidget

from darkdec_qt.ui.controller import GameController


class ReplayBar(QWidget):
    """Controls the controller's shown moment: 0 (the start) .. N (live)."""

    def __init__(self, controller: GameController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        lay = QHBoxLayout(self)
        lay.setContentsMargins(8, 4, 8, 4)
        self.buttons: dict[str, QToolButton] = {}
        for key, text, tip, slot in (
            ("start", "|◀ Start", "The start of the game (Home)", self.to_start),
            ("prev_turn", "« Turn", "The start of this or the previous turn", self.prev_turn),
            ("prev_phase", "‹ Phase", "The start of this or the previous phase (Page Up)", self.prev_phase),
            ("back", "◀", "One event back (Ctrl+Left)", self.step_back),
            ("play", "▶ Play", "Play / pause (Space in the replay bar)", self.toggle_play),
            ("forward", "▶|", "One event forward (Ctrl+Right)", self.step_forward),
            ("next_phase", "Phase ›", "The start of the next phase (Page Down)", self.next_phase),
            ("next_turn", "Turn »", "The start of the next turn", self.next_turn),
            ("end", "Live ▶|", "The live game (End)", self.to_end),
        ):
            b = QToolButton()
            b.setText(text)
            b.setToolTip(tip)
            b.clicked.connect(slot)
            lay.addWidget(b)
            self.buttons[key] = b
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setMinimum(0)
        self.slider.valueChanged.connect(self._slid)
        lay.addWidget(self.slider, 1)
        self.position = QLabel()
        self.position.setMinimumWidth(110)
        lay.addWidget(self.position)
        lay.addWidget(QLabel("Speed"))
        self.speed = QSpinBox()
        self.speed.setRange(1, 200)
        self.speed.setValue(8)
        self.speed.setSuffix(" ev/s")
        self.speed.valueChanged.connect(self._speed_changed)
        lay.addWidget(self.speed)
        self.timer = QTimer(self)
        self.timer.timeout.connect(self._tick)
        self._updating = False
        controller.shownChanged.connect(self.refresh)
        controller.changed.connect(self.refresh)
        self.refresh()

    # --- position ----------------------------------------------------------------------
    def total(self) -> int:
        return len(self.controller.cache.events)

    def index(self) -> int:
        p = self.controller.past
        return self.total() if p is None else p

    def go(self, i: int) -> None:
        i = max(0, min(self.total(), i))
        self.controller.show_past(i)

    def refresh(self) -> None:
        self._updating = True
        n, i = self.total(), self.index()
        self.slider.setMaximum(n)
        self.slider.setValue(i)
        self.position.setText(f"{i} / {n}" + ("  live" if self.controller.is_live() else ""))
        self._updating = False

    def _slid(self, v: int) -> None:
        if not self._updating:
            self.go(v)

    # --- steps -----------------------------------------------------------------------
    def step_back(self) -> None:
        self.go(self.index() - 1)

    def step_forward(self) -> None:
        self.go(self.index() + 1)

    def to_start(self) -> None:
        self.go(0)

    def to_end(self) -> None:
        self.stop()
        self.controller.show_live()

    def _turn_starts(self) -> list[int]:
        ev = self.controller.cache.events
        return [i for i in self.controller.cache.phase_starts()
                if ev[i - 1].side == "German" and ev[i - 1].phase == "supply"]

    def prev_phase(self) -> None:
        self.go(max([0] + [m for m in self.controller.cache.phase_starts() if m < self.index()]))

    def next_phase(self) -> None:
        self.go(min([self.total()] + [m for m in self.controller.cache.phase_starts() if m > self.index()]))

    def prev_turn(self) -> None:
        self.go(max([0] + [m for m in self._turn_starts() if m < self.index()]))

    def next_turn(self) -> None:
        self.go(min([self.total()] + [m for m in self._turn_starts() if m > self.index()]))

    # --- play ------------------------------------------------------------------------
    def toggle_play(self) -> None:
        if self.timer.isActive():
            self.stop()
        else:
            if self.controller.is_live():
                self.go(0)
            self.timer.start(max(5, 1000 // self.speed.value()))
            self.buttons["play"].setText("❚❚ Pause")

    def stop(self) -> None:
        self.timer.stop()
        self.buttons["play"].setText("▶ Play")

    def _speed_changed(self, v: int) -> None:
        if self.timer.isActive():
            self.timer.setInterval(max(5, 1000 // v))

    def _tick(self) -> None:
        if self.controller.is_live():
            self.stop()
            return
        self.step_forward()

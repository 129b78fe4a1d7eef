"""The turn record track: one row per game turn of the scenario with its weather and the
reinforcements (10.6A), withdrawals (10.8) and replacements (9.4) due; a click on a row
names them. It follows the moment shown (the replay position) and shows what the viewer
may know: with fog of war (25.0B: each side keeps its OB out of view) only the viewer's
own side, else both sides. Future weather is unknown under uncertain weather (24.0)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPlainTextEdit, QSizePolicy, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget

from darkdec_qt.rules import replacements as rp
from darkdec_qt.rules.core.state import GameState
from darkdec_qt.rules.movement import reinforcements as rf
from darkdec_qt.rules.movement import withdrawals as wd
from darkdec_qt.ui.controller import GameController

TURN = Qt.ItemDataRole.UserRole


def turn_weather(s: GameState, t: int) -> str:
    """Past and current turns: the weather rolled (24.0) or the calendar's (20.0); later
    turns: the calendar's, or "?" where uncertain weather will roll it (22-28 December)."""
    if t in s.weather:
        return s.weather[t]
    cal = s.module.turns[t - 1].weather
    if t > s.turn and s.has_rule("24") and s.turn_number("22DecAM") <= t < s.turn_number("29DecAM"):
        return "?"
    return cal


def turn_entries(s: GameState, sides: tuple[str, ...]) -> dict[int, list[str]]:
    """Per game turn, the lines due for ``sides``: reinforcements still to arrive, withdrawals
    of units still in play, replacements received."""
    out: dict[int, list[str]] = {}
    units = s.module.units
    for u in sorted(s.pending):
        t = rf.arrival_turn(s, u)
        if t is not None and units[u].side in sides:
            out.setdefault(t, []).append(f"{units[u].side[:1]} arrives: {u} (10.6)")
    for u in sorted(set(s.pos) | set(s.pending)):
        due = wd.scheduled(s, u) if units[u].side in sides else None
        if due is not None and due[1] <= len(s.module.turns):
            out.setdefault(due[1], []).append(f"{units[u].side[:1]} withdraws: {u} ({due[0]})")
    for t in range(1, len(s.module.turns) + 1):
        for side in sides:
            for kind, n in rp.scheduled(s, side, t):
                out.setdefault(t, []).append(f"{side[:1]} replacements: {n} {kind} (9.4)")
    return out


def _summary(lines: list[str]) -> str:
    """"3 arrive, 1 withdraws, 2 repl." for the row; the click shows the names."""
    n = {k: sum(k in x for x in lines) for k in ("arrives", "withdraws", "replacements")}
    parts = [f"{n['arrives']} arrive" if n["arrives"] else "", f"{n['withdraws']} withdraw" if n["withdraws"] else "",
             f"{n['replacements']} repl." if n["replacements"] else ""]
    return ", ".join(p for p in parts if p)


class TurnTrackPanel(QWidget):
    def __init__(self, controller: GameController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels(["Turn", "Weather", "Due"])
        self.tree.setRootIsDecorated(False)
        self.tree.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.tree.setMinimumWidth(80)
        self.tree.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.details = QPlainTextEdit()  # wraps; a long list scrolls inside it
        self.details.setReadOnly(True)
        self.details.setMaximumHeight(130)
        self.details.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(2, 2, 2, 2)
        lay.addWidget(self.tree, 1)
        lay.addWidget(self.details)
        self.tree.currentItemChanged.connect(lambda *_: self.show_details())
        controller.changed.connect(self.refresh)
        controller.shownChanged.connect(self.refresh)
        self.entries: dict[int, list[str]] = {}
        self.refresh()

    def sides(self, s: GameState) -> tuple[str, ...]:
        if s.has_rule("25"):  # 25.0B: the enemy's OB is out of view
            return (self.controller.viewer(),)
        return ("Allied", "German")

    def refresh(self) -> None:
        s = self.controller.shown_state()
        chosen = self.tree.currentItem().data(0, TURN) if self.tree.currentItem() else None
        self.entries = turn_entries(s, self.sides(s))
        sc = s.module.scenarios.get(s.scenario)
        first = s.turn_number(sc.first_turn, 1) if sc else 1
        last = s.turn_number(sc.last_turn, len(s.module.turns)) if sc else len(s.module.turns)
        self.tree.blockSignals(True)
        self.tree.clear()
        current = None
        for t in range(first, min(last, len(s.module.turns)) + 1):
            turn = s.module.turns[t - 1]
            lines = self.entries.get(t, [])
            mark = "▶ " if t == s.turn else ""
            it = QTreeWidgetItem([f"{mark}{turn.ampm} {turn.label.split()[1]} {turn.label.split()[2][:3]}",
                                  turn_weather(s, t), _summary(lines)])
            it.setData(0, TURN, t)
            it.setToolTip(2, "\n".join(lines))
            if t == s.turn:
                font = it.font(0)
                font.setBold(True)
                for col in range(3):
                    it.setFont(col, font)
                current = it
            self.tree.addTopLevelItem(it)
            if t == chosen:
                self.tree.setCurrentItem(it)
        if self.tree.currentItem() is None and current is not None:
            self.tree.setCurrentItem(current)
        self.tree.blockSignals(False)
        if current is not None and chosen is None:
            self.tree.scrollToItem(current)
        self.show_details()

    def show_details(self) -> None:
        it = self.tree.currentItem()
        if it is None:
            self.details.setPlainText("")
            return
        s = self.controller.shown_state()
        t = it.data(0, TURN)
        turn = s.module.turns[t - 1]
        when = "current turn" if t == s.turn else "past" if t < s.turn else "to come"
        lines = self.entries.get(t, []) or ["nothing due"]
        self.details.setPlainText(f"{turn.label} (turn {t}, {when}), weather {turn_weather(s, t)}:\n" + "\n".join(lines))

"""The Replacements dock (9.0): both sides' replacement tracks, the units the acting side
may refit (reduced, on the map) or reform (in the Destroyed Units Box, at a hex of
``replacements.reform_hexes``). Each entry is an engine command checked first."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QListWidget, QListWidgetItem, QPushButton, QVBoxLayout, QWidget

from darkdec_qt.rules import replacements as rp
from darkdec_qt.rules.core import commands as cm
from darkdec_qt.ui.controller import GameController
from darkdec_qt.ui.map.input import MapInput
from darkdec_qt.ui.orders import legal as od

CMD = Qt.ItemDataRole.UserRole


class ReplacementsPanel(QWidget):
    def __init__(self, controller: GameController, map_input: MapInput, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.input = map_input
        self.tracks = QLabel()
        self.tracks.setWordWrap(True)
        self.tracks.setTextFormat(Qt.TextFormat.RichText)
        self.list = QListWidget()
        self.list.itemDoubleClicked.connect(lambda _i: self.do_it())
        self.button = QPushButton("Refit / reform")
        self.button.clicked.connect(self.do_it)
        lay = QVBoxLayout(self)
        lay.addWidget(self.tracks)
        hint = QLabel("Refit reduced units, reform destroyed ones (9.0):")
        hint.setWordWrap(True)
        lay.addWidget(hint)
        lay.addWidget(self.list, 1)
        lay.addWidget(self.button)
        controller.changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        s = self.controller.state
        rows = []
        for side in ("German", "Allied"):
            inf = s.replacements.get(f"{side}/infantry", 0)
            mot = s.replacements.get(f"{side}/motorized", 0)
            rows.append(f"<b>{side}</b>: infantry {inf} · motorized {mot}")
        self.tracks.setText("<br>".join(rows))
        self.list.clear()
        for u in sorted(s.reduced):
            if s.module.units[u].side == s.side and u in s.pos:
                self._add(f"Refit {u} in {s.pos[u]}", cm.Refit(unit=u))
        for u in sorted(s.eliminated):
            if s.module.units[u].side == s.side and rp.replacement_type(s, u) and u not in s.surrendered:
                hexes = rp.reform_hexes(s, u)
                cmd = cm.Reform(unit=u, hex=hexes[0] if hexes else "")
                self._add(f"Reform {u} (at {', '.join(hexes[:4]) or 'no hex'}{'…' if len(hexes) > 4 else ''})", cmd)
        self.button.setEnabled(self.list.count() > 0)

    def _add(self, text: str, cmd: cm.Command) -> None:
        s = self.controller.state
        reason = od.why(s, cmd)
        it = QListWidgetItem(text if reason is None else f"{text} — {reason}")
        it.setData(CMD, cmd)
        if reason:
            it.setForeground(Qt.GlobalColor.gray)
        self.list.addItem(it)

    def do_it(self, row: int | None = None) -> bool:
        it = self.list.item(row) if row is not None else self.list.currentItem()
        if it is None:
            return False
        cmd = it.data(CMD)
        s = self.controller.state
        if isinstance(cmd, cm.Reform):
            hexes = rp.reform_hexes(s, cmd.unit)
            targets = {h: c for h in hexes if od.legal(s, c := cm.Reform(unit=cmd.unit, hex=h))}
            if len(targets) > 1:
                self.input.pick(targets, f"Click a highlighted hex to reform {cmd.unit} (9.1F)")
                return True
        return self.controller.execute(cmd)

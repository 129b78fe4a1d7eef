"""*New game by file exchange*: the New Game dialog (scenario, optional rules, variants) with the
player's side and standing orders, and what this mode cannot hide (TRUST_NOTE)."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel, QWidget

from darkdec_qt.game.exchange.orders import EXCLUSIVE, ORDERS
from darkdec_qt.ui.dialogs.newgame import NewGameDialog

TRUST_NOTE = ("Hidden information is on trust in file exchange: the file holds every unit's position "
              "(25.0 fog of war) and Germany's 26.20A choice; a player who opens it with other tools can read them.")


class NewExchangeDialog(NewGameDialog):
    """The New Game dialog (scenario, optional rules, variants) with your side and standing orders;
    the dice come from both players' secrets."""

    def __init__(self, module, parent: QWidget | None = None) -> None:  # noqa: ANN001
        super().__init__(module, parent)
        self.setWindowTitle("New game by file exchange")
        form = self.layout().itemAt(0).layout()
        self.side = QComboBox()
        self.side.addItems(["German", "Allied"])
        form.insertRow(0, "Your side", self.side)
        lay = self.layout()
        at = lay.indexOf(self.problem)
        lay.insertWidget(at, QLabel("Standing orders (your opponent's program decides these for you, cutting hops):"))
        self.orders = {}
        for n, (name, text) in enumerate(ORDERS.items()):
            cb = QCheckBox(text)
            self.orders[name] = cb
            lay.insertWidget(at + 1 + n, cb)
        for group in EXCLUSIVE:  # orders answering the same moment differently: one at most
            for name in group:
                self.orders[name].toggled.connect(lambda on, name=name, group=group: on and [
                    self.orders[o].setChecked(False) for o in group if o != name])
        note = QLabel(TRUST_NOTE)
        note.setWordWrap(True)
        lay.insertWidget(at + 1 + len(ORDERS), note)

    def choices(self) -> dict:
        c = super().choices()
        return {"side": self.side.currentText(), "scenario": c["scenario"], "optional": c["optional"],
                "variants": c["variants"], "orders": tuple(n for n, cb in self.orders.items() if cb.isChecked())}

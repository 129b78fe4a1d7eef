"""Hotseat: a screen covering the map at each hand-over between sides, asking the
next player to take the seat (the map stays hidden until they do).

Until the named player confirms, every game action is blocked: the window's actions
(menus and shortcuts such as Ctrl+E) are disabled, and so are the phase bar and the
docks; only the file actions that change nothing in the game (save, quit) remain. The
docks' contents are veiled too: they already show what the next player may see (the
order of battle, the overview map, under fog of war 25.0), not the player handing over."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QLabel, QPushButton, QVBoxLayout, QWidget

from darkdec_qt.ui.panels.phasebar import SIDE_COLOURS

ALLOWED_WHILE_HANDING_OVER = frozenset({"save", "save_as", "quit"})


class HandOverScreen(QWidget):
    """Covers its parent (the map) until the named player clicks the button."""

    taken = Signal()

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setObjectName("HandOver")
        lay = QVBoxLayout(self)
        lay.addStretch(1)
        self.title = QLabel()
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.title.setStyleSheet("color:white; font-size:28px; font-weight:bold;")
        self.detail = QLabel()
        self.detail.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.detail.setStyleSheet("color:#eee; font-size:15px;")
        for label in (self.title, self.detail):  # the window's minimum width never follows them
            label.setWordWrap(True)
            label.setMinimumWidth(10)
        self.button = QPushButton()
        self.button.setMinimumHeight(40)
        self.button.setStyleSheet("font-size:15px; padding:6px 24px;")
        self.button.clicked.connect(self.take)
        lay.addWidget(self.title)
        lay.addWidget(self.detail)
        lay.addSpacing(16)
        lay.addWidget(self.button, 0, Qt.AlignmentFlag.AlignHCenter)
        lay.addStretch(2)
        self.side = ""
        self._blocked: list[QAction | QWidget] = []
        self._veils: list[Veil] = []  # over the docks' contents until the seat is taken
        parent.installEventFilter(self)
        self.hide()

    def offer(self, side: str, detail: str = "") -> None:
        self.side = side
        col = SIDE_COLOURS.get(side, "#333")
        self.setStyleSheet(f"#HandOver {{ background: {col}; }}")
        self.title.setText(f"{side} player, take the seat")
        self.detail.setText(detail or "The other player hands over. The map is hidden until you are ready.")
        self.button.setText(f"I am the {side} player")
        self.setGeometry(self.parentWidget().rect())
        self.show()
        self.raise_()
        self._block()
        self.button.setFocus()

    def take(self) -> None:
        self.hide()
        self._unblock()
        self.taken.emit()

    def blocking(self) -> bool:
        return bool(self._blocked) or self.isVisible()

    def _block(self) -> None:
        """Disable every game action of the window until :meth:`take`."""
        if self._blocked:
            return
        win = self.window()
        acts = getattr(win, "actions_by_name", {})
        for name, act in acts.items():
            if name not in ALLOWED_WHILE_HANDING_OVER and act.isEnabled():
                act.setEnabled(False)
                self._blocked.append(act)
        docks = [d.widget() for d in win.findChildren(QDockWidget) if d.widget() is not None]
        self._veils = [Veil(w) for w in docks]  # they already show what the next player may see (25.0)
        widgets = docks + [w for w in (getattr(win, "phase_bar", None),) if w is not None]
        for w in widgets:
            if w.isEnabled():
                w.setEnabled(False)
                self._blocked.append(w)

    def _unblock(self) -> None:
        blocked, self._blocked = self._blocked, []
        for x in blocked:
            x.setEnabled(True)
        veils, self._veils = self._veils, []
        for v in veils:
            v.lift()

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802
        if obj is self.parentWidget() and event.type() == QEvent.Type.Resize:
            self.setGeometry(self.parentWidget().rect())
        return False


class Veil(QWidget):
    """A plain cover over a dock's content while the hand-over screen waits (it follows the
    content's size); :meth:`lift` removes it."""

    def __init__(self, content: QWidget) -> None:
        super().__init__(content)
        self.setObjectName("HandOverVeil")
        self.setAutoFillBackground(True)
        self.setGeometry(content.rect())
        content.installEventFilter(self)
        self.show()
        self.raise_()

    def lift(self) -> None:
        self.hide()
        self.deleteLater()

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802
        if obj is self.parentWidget() and event.type() == QEvent.Type.Resize:
            self.setGeometry(obj.rect())  # type: ignore[attr-defined]
        return False


def keep_in_saves(win: QWidget) -> None:
    """A game saved while the hand-over screen waits for a player reopens on it (File > Open,
    Open recent, ``darkdec play FILE``), so the map stays hidden from the other player. The
    side is kept in the game file beside the log (``FileOps.savers``) and, read back untrusted,
    believed only when it is the side the game waits for in hot seat."""
    files, screen, controller = win.files, win.handover, win.controller  # type: ignore[attr-defined]
    files.savers.append(lambda: {"hand_over": screen.side} if screen.blocking() else {})

    def restore(extra: dict) -> None:
        side = extra.get("hand_over")
        if (side in SIDE_COLOURS and controller.seat is None and side == controller.owing()
                and not controller.state.game_over):
            controller.handOver.emit(side)

    files.restorers.append(restore)

"""Keyboard focus rules of the client: game shortcuts work wherever the focus is, and
widgets take keys and the wheel only when the player clicked into them.

- A text field overrides some Ctrl shortcuts for itself (on X11 Ctrl+E is "end of
  line" in every QLineEdit), so Ctrl+E did nothing while the order of battle's filter
  had the focus. :class:`GameShortcuts` lets the window's game shortcuts win over a
  focused widget, except the keys a text field really edits with (copy, paste, undo,
  word moves).
- :class:`ClickSpinBox` takes keys only once clicked into and ignores the wheel while
  unfocused (the wheel scrolls its dock instead), so arrow keys meant for the map never
  change a battle's voluntary reductions.
- :func:`keys_to_map`: after a game is opened the window is active again and the map has
  the focus, so the next shortcut acts on the opened game.
- :func:`no_click_focus`: buttons and check boxes of the docks keep the keyboard focus
  where it was (the map) when clicked; Tab still reaches them.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent, QKeySequence, QWheelEvent
from PySide6.QtWidgets import QApplication, QDockWidget, QSpinBox, QWidget

# The keys a focused text field keeps for itself (its own editing), even with Ctrl.
TEXT_KEYS = frozenset(
    QKeySequence(k).toString()
    for k in ("Ctrl+A", "Ctrl+C", "Ctrl+V", "Ctrl+X", "Ctrl+Z", "Ctrl+Y", "Ctrl+Shift+Z", "Ctrl+Left",
              "Ctrl+Right", "Ctrl+Backspace", "Ctrl+Del", "Ctrl+Home", "Ctrl+End", "Ctrl+Insert",
              "Shift+Insert", "Shift+Del")
)
MODIFIERS = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier | Qt.KeyboardModifier.MetaModifier


def belongs_to(widget: QWidget, win: QWidget) -> bool:
    """``widget`` is inside ``win`` or one of its floating docks."""
    top = widget.window()
    return top is win or (isinstance(top, QDockWidget) and top.parentWidget() is win)


class GameShortcuts(QObject):
    """An application event filter giving the game shortcuts of ``win`` priority over
    a focused widget's own use of the same Ctrl/Alt key (ShortcutOverride)."""

    def __init__(self, win: QWidget) -> None:
        super().__init__(win)
        self.win = win
        app = QApplication.instance()
        app.installEventFilter(self)
        win.destroyed.connect(lambda *_: app.removeEventFilter(self))

    def game_keys(self) -> set[str]:
        keys: set[str] = set()
        for act in getattr(self.win, "actions_by_name", {}).values():
            if not act.isEnabled():
                continue
            for seq in act.shortcuts():
                text = seq.toString()
                if text and text not in TEXT_KEYS and seq[0].keyboardModifiers() & MODIFIERS:
                    keys.add(text)
        return keys

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() != QEvent.Type.ShortcutOverride or not isinstance(obj, QWidget):
            return False
        if not isinstance(event, QKeyEvent) or not belongs_to(obj, self.win):
            return False
        text = QKeySequence(event.keyCombination()).toString()
        if text in self.game_keys():
            event.ignore()  # not overridden: the window's shortcut runs
            return True
        return False


class ClickSpinBox(QSpinBox):
    """A spin box that takes keys only when clicked into (ClickFocus) and the wheel only
    while it has the focus."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.ClickFocus)

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802
        if not self.hasFocus():
            event.ignore()  # the dock scrolls; the value stays
            return
        super().wheelEvent(event)


def keys_to_map(win: QWidget) -> None:
    """After a dialog that replaced the game (File > Open, a recent file) the window takes the
    keyboard again, the map holding the focus: without it the first keys go nowhere where no
    window manager hands the activation back (and a desktop hands it to whatever had it)."""
    win.raise_()
    win.activateWindow()
    view = getattr(win, "view", None)
    if view is not None:
        view.setFocus(Qt.FocusReason.OtherFocusReason)


def no_click_focus(*widgets: QWidget) -> None:
    """Clicking these does not take the keyboard focus from the map (Tab still does)."""
    for w in widgets:
        w.setFocusPolicy(Qt.FocusPolicy.TabFocus)

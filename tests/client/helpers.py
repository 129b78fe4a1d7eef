"""Mouse helpers: click a hex on the real view as a player would."""

from __future__ import annotations

import argparse

from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from darkdec_qt.model.load import DEFAULT_MODULE


def hex_pos(win, h: str):
    win.view.center_on_hex(h)
    return win.view.mapFromScene(win.scene.hex_center(h))


def click_hex(win, h: str, button: Qt.MouseButton = Qt.MouseButton.LeftButton) -> None:
    QTest.mouseClick(win.view.viewport(), button, Qt.KeyboardModifier.NoModifier, hex_pos(win, h))


def hover_hex(win, h: str) -> None:
    vp = win.view.viewport()
    p = QPointF(hex_pos(win, h))
    ev = QMouseEvent(QEvent.Type.MouseMove, p, QPointF(vp.mapToGlobal(p.toPoint())), Qt.MouseButton.NoButton,
                     Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(vp, ev)


def end_phase_settling(win) -> None:
    """End the phase as a player would: first make the choices the rules owe (rules/choices.py:
    due reinforcements enter, von der Heydte drops...), taking the first option the engine offers."""
    c = win.controller
    for _ in range(60):
        if c.end_phase():
            return
        assert _settle_owed_choice(win), c.last_refusal
    raise AssertionError(f"the phase never ended: {c.last_refusal}")


def end_phases_until(win, phase: str, side: str = "German") -> None:
    s = win.controller.state
    for _ in range(40):
        s = win.controller.state
        if s.phase.value == phase and s.side == side:
            return
        end_phase_settling(win)
    raise AssertionError(f"never reached {side} {phase}")


OWED = ("choose_fuel_division", "enter_reinforcement", "hold_off", "eliminate_overstacked", "paradrop",
        "choose_conditional_units", "relocate_displaced_leader", "choose_delayed_entry")


def _settle_owed_choice(win) -> bool:
    """A phase the engine will not end until a player makes a choice (the player chooses, rules/choices.py):
    make the first one it offers, as the player would from the orders menus."""
    from darkdec_qt.rules import engine

    for cmd in engine.legal_commands(win.controller.state):
        if cmd.kind in OWED:
            win.controller.execute(cmd)
            return True
    return False


def args(**kw) -> argparse.Namespace:
    base = dict(game=None, scenario="herbstnebel", module=str(DEFAULT_MODULE), optional=[], variant=[],
                seed="1", screenshot=None)
    base.update(kw)
    return argparse.Namespace(**base)


def press_keys(win, key: Qt.Key, mods: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    """A key (with modifiers) as the window system delivers it, so that shortcuts apply.
    QTest leaves a modifier down on a QWindow: release them, or later clicks would carry it."""
    win.activateWindow()
    QApplication.processEvents()
    win.view.setFocus()
    QTest.keyClick(win.windowHandle(), key, mods)
    for k in (Qt.Key.Key_Shift, Qt.Key.Key_Control):
        QTest.keyRelease(win.windowHandle(), k, Qt.KeyboardModifier.NoModifier)
    assert QApplication.keyboardModifiers() == Qt.KeyboardModifier.NoModifier


def plain(label) -> str:
    """The text a user reads in a rich-text label (rule numbers there are links)."""
    from PySide6.QtGui import QTextDocumentFragment

    return QTextDocumentFragment.fromHtml(label.text()).toPlainText()


def log_texts(win) -> list[str]:
    """Every line of the Log dock, depth first (headers and the events under them)."""
    out: list[str] = []

    def walk(entry) -> None:  # noqa: ANN001
        for ch in entry.children:
            out.append(ch.text)
            walk(ch)

    walk(win.log_panel.model.root)
    return out

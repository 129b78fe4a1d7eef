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


def end_phases_until(win, phase: str, side: str = "German") -> None:
    s = win.controller.state
    for _ in range(40):
        s = win.controller.state
        if s.phase.value == phase and s.side == side:
            return
        assert win.controller.end_phase(), win.controller.last_refusal
    raise AssertionError(f"never reached {side} {phase}")


def args(**kw) -> argparse.Namespace:
    base = dict(game=None, scenario="herbstnebel", module=str(DEFAULT_MODULE), optional=[], variant=[],
                seed="1", screenshot=None)
    base.update(kw)
    return argparse.Namespace(**base)


def plain(label) -> str:
    """The text a user reads in a rich-text label (rule numbers there are links)."""
    from PySide6.QtGui import QTextDocumentFragment

    return QTextDocumentFragment.fromHtml(label.text()).toPlainText()

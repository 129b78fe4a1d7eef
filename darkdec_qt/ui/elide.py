"""Text that never sets a widget's minimum width, so the window fits a 1,280-pixel screen at
scale 1 (2,560 at scale 2) whatever a label says: one line, elided with an ellipsis to the
width the layout gives, the whole text in the tooltip; a widget asks for its whole text's
width when there is room (``sizeHint``) and for a few characters at least (``minimumSizeHint``).

:class:`ElidedText` holds what every such widget shares (the whole text, the size hints, eliding
again on resize); a widget says only how much room its frame takes (``_chrome``) and how it
shows the elided text (``_elide``)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QPushButton, QSizePolicy, QStyle, QStyleOptionButton, QWidget

MIN_PX = 48  # the least a line of text shrinks to: a few characters and the ellipsis


class ElidedText:
    """Mixin for a QWidget showing ``full`` elided: put it before the Qt class
    (``class ElidedLabel(ElidedText, QLabel)``)."""

    full: str
    min_px: int
    SLACK = 2  # pixels beyond the text and the chrome, so that the whole text is never elided

    def set_full_text(self, text: str, tip: str | None = None) -> None:
        """Show ``text``, elided to the width there is; ``tip`` (default: the whole text) in the tooltip."""
        self.full = text
        self._tip(text if tip is None else tip)
        self._elide()
        self._relayout()

    def _tip(self, tip: str) -> None:
        self.setToolTip(tip)  # type: ignore[attr-defined]

    def _chrome(self) -> int:
        """The widget's frame, margins and style-sheet padding around the text."""
        raise NotImplementedError

    def _elide(self) -> None:
        raise NotImplementedError

    def _relayout(self) -> None:
        """Lay out the parent now, so that the new text is elided to the width it gets at once
        (the shown text is right when read right after it was set, not one event later)."""
        widget: QWidget = self  # type: ignore[assignment]
        widget.updateGeometry()
        parent = widget.parentWidget()
        if parent is not None and parent.layout() is not None and widget.isVisible():
            parent.layout().activate()
        self._elide()

    def sizeHint(self) -> QSize:  # noqa: N802
        base = super().sizeHint()  # type: ignore[misc]
        return QSize(self.fontMetrics().horizontalAdvance(self.full) + self._chrome() + self.SLACK,  # type: ignore[attr-defined]
                     base.height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return QSize(min(self.min_px, self.sizeHint().width()), super().minimumSizeHint().height())  # type: ignore[misc]

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)  # type: ignore[misc]
        self._elide()


class ElidedLabel(ElidedText, QLabel):
    """A one-line label showing as much of its text as fits; ``render`` turns the shown
    (elided) plain text into the label's text (e.g. rule links)."""

    def __init__(self, render: Callable[[str], str] = lambda t: t, parent: QWidget | None = None,
                 mode: Qt.TextElideMode = Qt.TextElideMode.ElideMiddle, min_px: int = MIN_PX) -> None:
        super().__init__(parent)
        self.full = self.shown = ""
        self.render = render
        self.mode = mode
        self.min_px = min_px
        self.setWordWrap(False)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)

    def _chrome(self) -> int:
        return max(0, QLabel.sizeHint(self).width() - self.fontMetrics().horizontalAdvance(self.shown))

    def _elide(self) -> None:
        width = max(self.min_px, self.contentsRect().width())
        self.shown = self.fontMetrics().elidedText(self.full, self.mode, width)
        self.setText(self.render(self.shown) if self.shown else "")


class ElidedButton(ElidedText, QPushButton):
    """A push button whose label is elided when the bar is narrow; its tooltip is its own
    (what the button does) unless a ``tip`` is given."""

    SLACK = 4

    def __init__(self, text: str = "", parent: QWidget | None = None, min_px: int = 96) -> None:
        super().__init__(parent)
        self.full = ""
        self.min_px = min_px
        self.set_full_text(text)

    def _tip(self, tip: str) -> None:
        if tip != self.full:
            self.setToolTip(tip)

    def _chrome(self) -> int:
        """The style's size for a wide text, beyond the least width it gives a short one."""
        opt = QStyleOptionButton()
        self.initStyleOption(opt)
        wide = 400
        size = self.style().sizeFromContents(QStyle.ContentsType.CT_PushButton, opt,
                                             QSize(wide, self.fontMetrics().height()), self)
        return max(0, size.width() - wide)

    def _elide(self) -> None:
        width = max(16, self.width() - self._chrome())
        self.setText(self.fontMetrics().elidedText(self.full, Qt.TextElideMode.ElideRight, width))

"""Rule numbers shown to the player become links to the Rules index.

One helper, :func:`linkify`, turns "cannot enter 2516 (10.2F)" into rich text whose "10.2F" is an
anchor ``rule:10.2F``; :func:`link_label` makes a QLabel open such anchors, and
:class:`RuleLinkDelegate` draws item views (the log, the charts) as rich text and opens a rule
when its number is clicked. Opening goes to the window's ``open_rule`` (the client's Rules index
window, ui/rulesindex.py). Only ids the index knows (a clause or a heading of 5-26, or any clause
of the rulebook's id list) become links.
"""

from __future__ import annotations

import html
import re
from functools import lru_cache

from PySide6.QtCore import QEvent, QModelIndex, QPersistentModelIndex, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QAbstractTextDocumentLayout, QPalette, QTextDocument
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QLabel,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from darkdec_qt.rules import clauses as rc

SCHEME = "rule:"
LINK_STYLE = "color:#1f4e8c; text-decoration:none;"
_TAG = re.compile(r"(<[^>]*>)")


@lru_cache(maxsize=1)
def _known() -> frozenset[str]:
    index = rc.load_index()
    return frozenset(index.clauses) | frozenset(index.sections) | frozenset(rc.rulebook_ids())


def _anchor(rid: str, shown: str) -> str:
    return f"<a href='{SCHEME}{rid}' style='{LINK_STYLE}'>{shown}</a>"


def _link_text(escaped: str) -> str:
    out, last = [], 0
    for m in rc.RULE_ID.finditer(escaped):
        rid = rc.normalize(m.group(0))
        if rid not in _known():
            continue
        out += [escaped[last:m.start()], _anchor(rid, m.group(0))]
        last = m.end()
    out.append(escaped[last:])
    return "".join(out)


def linkify(text: str) -> str:
    """Plain text -> rich text (escaped) with every known rule number a ``rule:`` link."""
    return _link_text(html.escape(text, quote=False))


def linkify_html(markup: str) -> str:
    """Rich text -> the same with rule numbers outside tags and existing links made links."""
    parts = _TAG.split(markup)
    out, in_anchor = [], False
    for p in parts:
        if p.startswith("<"):
            low = p.lower()
            in_anchor = in_anchor or low.startswith("<a ")
            if low.startswith("</a"):
                in_anchor = False
            out.append(p)
        else:
            out.append(p if in_anchor else _link_text(p))
    return "".join(out)


def rule_of(href: str) -> str | None:
    return href[len(SCHEME):] if href.startswith(SCHEME) else None


def open_rule(widget: QWidget | None, rule_id: str) -> None:
    """Show ``rule_id`` in the Rules index of ``widget``'s window (a standalone one if it has none)."""
    win = widget.window() if widget is not None else None
    opener = getattr(win, "open_rule", None)
    if callable(opener):
        opener(rule_id)
        return
    from darkdec_qt.ui.rulesindex import standalone_index

    standalone_index().show_rule(rule_id)


def link_label(label: QLabel) -> QLabel:
    """Let ``label`` show rich text whose rule links open the Rules index."""
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setOpenExternalLinks(False)
    label.setTextInteractionFlags(label.textInteractionFlags() | Qt.TextInteractionFlag.LinksAccessibleByMouse)
    label.linkActivated.connect(lambda href, w=label: _activated(w, href))
    return label


def _activated(widget: QWidget, href: str) -> None:
    rid = rule_of(href)
    if rid:
        open_rule(widget, rid)


class RuleLinkDelegate(QStyledItemDelegate):
    """Draws an item's text as rich text with rule links; a click on a rule number opens it.

    ``wrap``: rows as tall as their text wrapped to the column width (the log); otherwise one
    line (tables)."""

    ruleClicked = Signal(str)

    def __init__(self, view: QAbstractItemView, wrap: bool = False) -> None:
        super().__init__(view)
        self.view = view
        self.wrap = wrap
        view.setMouseTracking(True)
        view.viewport().installEventFilter(self)
        self.ruleClicked.connect(lambda rid: open_rule(self.view, rid))

    def _width(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> float:
        if not self.wrap:
            return -1
        depth, p = 0, index.parent()
        while p.isValid():
            depth, p = depth + 1, p.parent()
        indent = getattr(self.view, "indentation", lambda: 0)()
        return float(max(80, self.view.viewport().width() - indent * (depth + 1) - 8))

    def document(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QTextDocument:
        doc = QTextDocument()
        font = index.data(Qt.ItemDataRole.FontRole) or option.font
        doc.setDefaultFont(font)
        doc.setDocumentMargin(2)
        text = str(index.data(Qt.ItemDataRole.DisplayRole) or "")
        colour = index.data(Qt.ItemDataRole.ForegroundRole)
        style = "white-space:pre-wrap;" if self.wrap else "white-space:pre;"
        if colour is not None:
            style += f"color:{colour.color().name()};"
        doc.setHtml(f"<span style='{style}'>{linkify(text)}</span>")
        w = self._width(option, index)
        if w > 0:
            doc.setTextWidth(w)
        return doc

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:  # noqa: N802
        doc = self.document(option, index)
        return QSize(int(doc.idealWidth()) + 4 if not self.wrap else int(doc.textWidth()), int(doc.size().height()))

    def paint(self, painter, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> None:  # noqa: ANN001
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        doc = self.document(opt, index)
        opt.text = ""
        style = opt.widget.style() if opt.widget is not None else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, opt.widget)
        ctx = QAbstractTextDocumentLayout.PaintContext()
        if opt.state & QStyle.StateFlag.State_Selected:
            ctx.palette.setColor(QPalette.ColorRole.Text, opt.palette.color(QPalette.ColorRole.HighlightedText))
        text_rect = style.subElementRect(QStyle.SubElement.SE_ItemViewItemText, opt, opt.widget)
        painter.save()
        painter.translate(text_rect.topLeft())
        painter.setClipRect(QRectF(0, 0, text_rect.width(), text_rect.height()))
        doc.documentLayout().draw(painter, ctx)
        painter.restore()

    def anchor_at(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex,
                  pos: QPointF) -> str:
        """The link under ``pos`` (view coordinates) in the item drawn in ``option.rect``."""
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        style = opt.widget.style() if opt.widget is not None else QApplication.style()
        text_rect = style.subElementRect(QStyle.SubElement.SE_ItemViewItemText, opt, opt.widget)
        doc = self.document(opt, index)
        return doc.documentLayout().anchorAt(pos - QPointF(text_rect.topLeft()))

    def link_at(self, pos: QPointF) -> str | None:
        """The rule linked under ``pos`` (viewport coordinates), if any."""
        index = self.view.indexAt(pos.toPoint())
        if not index.isValid():
            return None
        opt = QStyleOptionViewItem()
        opt.initFrom(self.view.viewport())
        opt.font = self.view.font()
        opt.rect = self.view.visualRect(index)
        opt.widget = self.view
        href = self.anchor_at(opt, index, pos)
        return rule_of(href) if href else None

    def eventFilter(self, obj, event) -> bool:  # noqa: ANN001, N802
        """A press and release on a rule number open it and do nothing else (no selection,
        no ``clicked``); elsewhere the view behaves as usual. The cursor shows the links."""
        kind = event.type()
        if kind == QEvent.Type.MouseMove:
            rid = self.link_at(event.position())
            self.view.viewport().setCursor(Qt.CursorShape.PointingHandCursor if rid else Qt.CursorShape.ArrowCursor)
        elif kind in (QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonRelease, QEvent.Type.MouseButtonDblClick):
            if event.button() == Qt.MouseButton.LeftButton:
                rid = self.link_at(event.position())
                if rid:
                    if kind == QEvent.Type.MouseButtonRelease:
                        self.ruleClicked.emit(rid)
                    return True
        return False

"""Rule links that open the Rules index.

:func:`link_label` makes a QLabel open the ``rule:`` anchors of ``ruletext.linkify``, and
:class:`RuleLinkDelegate` draws item views (the log, the charts) as rich text and opens a rule
when its number is clicked. Opening goes to the window's ``open_rule`` (the client's Rules index,
installed by :func:`install_rules_index`), or a standalone Rules index window.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QModelIndex, QPersistentModelIndex, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QAbstractTextDocumentLayout, QPalette, QTextDocument
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QLabel,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableWidget,
    QWidget,
)

from darkdec_qt.ui.help.rulesindex import RulesIndexWindow, standalone_index
from darkdec_qt.ui.help.ruletext import linkify, rule_of


def open_rule(widget: QWidget | None, rule_id: str) -> None:
    """Show ``rule_id`` in the Rules index of ``widget``'s window (a standalone one if it has none)."""
    win = widget.window() if widget is not None else None
    opener = getattr(win, "open_rule", None)
    if callable(opener):
        opener(rule_id)
        return
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


def install_rules_index(win) -> None:  # noqa: ANN001 (the client's MainWindow)
    """Help > Rules index, ``win.open_rule(id)``, and rule links in the status bar, phase bar,
    log, battle dock and charts."""
    win.rules_index = None

    def open_rule(rule_id: str | None = None) -> RulesIndexWindow:
        if win.rules_index is None:
            win.rules_index = RulesIndexWindow(win)
        if rule_id:
            win.rules_index.show_rule(rule_id)
        else:
            win.rules_index.show()
            win.rules_index.raise_()
        return win.rules_index

    win.open_rule = open_rule
    if "&Help" not in win.menus:  # another part of the client may have made it already
        win.menus["&Help"] = win.menuBar().addMenu("&Help")
    win.add_action("&Help", "rules_index", "&Rules index…", lambda: open_rule(), "Shift+F1")
    link_label(win.message_label)
    link_label(win.phase_bar.reason_label)
    win.log_panel.tree.setItemDelegate(RuleLinkDelegate(win.log_panel.tree, wrap=True))
    battle = getattr(win, "battle_panel", None)
    if battle is not None:
        link_label(battle.plan_label)
        link_label(battle.task_label)
    charts = getattr(win, "charts", None)
    if charts is not None:
        for table in charts.findChildren(QTableWidget):  # a tab may hold more than its table
            table.setItemDelegate(RuleLinkDelegate(table))

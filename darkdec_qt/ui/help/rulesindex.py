"""The Rules index window (Help menu): every clause of rulebook sections 5-26 with its summary,
kind, the engine function that enforces it and the tests that name it; searchable by id or
words. Rule numbers shown elsewhere in the client link here (ui/help/ruletext.py, ui/help/rulelinks.py)."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from darkdec_qt import clauses as rc
from darkdec_qt.ui.help.ruletext import linkify, rule_of

ID_ROLE = Qt.ItemDataRole.UserRole


def entry_html(index: rc.RulesIndex, c: rc.Clause) -> str:
    """The entry of one clause, as rich text (rule numbers in it are links)."""
    num = rc.number_of(c.id)
    rows = [f"<h2>{html.escape(c.id)}</h2>",
            f"<p><i>{linkify(num)} {html.escape(index.title_of(c.id))}</i>"
            f" &middot; section {linkify(f'{c.section}.0')} {html.escape(index.sections.get(f'{c.section}.0', ''))}</p>",
            f"<p style='font-size:large'>{linkify(c.summary)}</p>",
            f"<p><b>Kind:</b> {html.escape(c.kind)}</p>"]
    if c.enforced:
        rows.append("<p><b>Enforced by:</b><br>" + "<br>".join(f"<code>{html.escape(f)}</code>" for f in c.enforced)
                    + "</p>")
    else:
        rows.append("<p><b>Enforced by:</b> no engine function is listed"
                    + (" (not a rule of play)" if not c.testable else "") + "</p>")
    if c.tests:
        rows.append(f"<p><b>Tests naming it ({len(c.tests)}):</b><br>"
                    + "<br>".join(f"<code>{html.escape(t)}</code>" for t in c.tests) + "</p>")
    elif c.testable:
        rows.append("<p style='color:#a01010'><b>No test names this clause yet</b> (a known gap).</p>")
    else:
        rows.append("<p><b>Tests:</b> none needed (not a behavioural clause).</p>")
    if c.note:
        rows.append(f"<p><b>Note:</b> {linkify(c.note)}</p>")
    return "".join(rows)


class RulesIndexWindow(QWidget):
    """A list of clauses filtered by a search box, and the selected clause's entry."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("RulesIndex")
        self.setWindowTitle("Rules index — Dark December")
        self.resize(900, 600)
        self.index = rc.load_index()
        self.search = QLineEdit()
        self.search.setPlaceholderText("Search: a rule number (10.4) or words (strategic ZOC)")
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self.filter)
        self.count_label = QLabel()
        self.list = QListWidget()
        self.list.currentItemChanged.connect(self._current)
        self.entry = QTextBrowser()
        self.entry.setOpenLinks(False)
        self.entry.anchorClicked.connect(self._anchor)
        split = QSplitter()
        split.addWidget(self.list)
        split.addWidget(self.entry)
        split.setSizes([380, 520])
        self.close_button = QPushButton("Close")
        self.close_button.clicked.connect(self.close)
        lay = QVBoxLayout(self)
        lay.addWidget(self.search)
        lay.addWidget(self.count_label)
        lay.addWidget(split, 1)
        lay.addWidget(self.close_button, 0, Qt.AlignmentFlag.AlignRight)
        self.count_label.linkActivated.connect(lambda href: self._anchor(QUrl(href)))
        self.filter("")

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        """Esc closes the window, as it closes a dialog."""
        if event.key() == Qt.Key.Key_Escape:
            self.close()
            return
        super().keyPressEvent(event)

    def filter(self, text: str) -> None:
        found = self.index.search(text)
        current = self.current_id()
        self.list.blockSignals(True)
        self.list.clear()
        for c in found:
            mark = "" if c.covered or not c.testable else "  ✗"
            it = QListWidgetItem(f"{c.id}  {c.summary}{mark}")
            it.setData(ID_ROLE, c.id)
            it.setToolTip(c.summary)
            self.list.addItem(it)
        self.list.blockSignals(False)
        self.count_label.setText(f"{len(found)} of {len(self.index.clauses)} clauses"
                                 + (f" match “{html.escape(text)}”" if text.strip() else ""))
        row = next((i for i in range(self.list.count()) if self.list.item(i).data(ID_ROLE) == current), 0)
        if self.list.count():
            self.list.setCurrentRow(row)
        else:
            self.entry.setHtml("<p>No clause matches.</p>")

    def current_id(self) -> str | None:
        it = self.list.currentItem()
        return it.data(ID_ROLE) if it is not None else None

    def _current(self, item: QListWidgetItem | None, _prev: QListWidgetItem | None = None) -> None:
        if item is None:
            return
        c = self.index.get(item.data(ID_ROLE))
        if c is not None:
            self.entry.setHtml(entry_html(self.index, c))

    def _anchor(self, url: QUrl) -> None:
        rid = rule_of(url.toString())
        if rid:
            self.show_rule(rid)

    def show_rule(self, rule_id: str) -> bool:
        """Select ``rule_id`` (a clause, or the first clause under a heading), show and raise."""
        rid = rc.normalize(rule_id)
        target = rid if self.index.get(rid) is not None else None
        if target is None:
            under = self.index.under(rid)
            if not under:
                self.show()
                self.raise_()
                return False
            target = under[0].id
            if self.search.text() != rid:
                self.search.setText(rid)  # the heading's clauses
        elif self.search.text() and all(self.list.item(i).data(ID_ROLE) != target for i in range(self.list.count())):
            self.search.clear()
        for i in range(self.list.count()):
            if self.list.item(i).data(ID_ROLE) == target:
                self.list.setCurrentRow(i)
                self.list.scrollToItem(self.list.item(i), QListWidget.ScrollHint.PositionAtCenter)
                break
        self.show()
        self.raise_()
        self.activateWindow()
        return True


_standalone: RulesIndexWindow | None = None


def standalone_index() -> RulesIndexWindow:
    """A Rules index window for widgets that live outside a client window."""
    global _standalone
    if _standalone is None:
        _standalone = RulesIndexWindow()
    return _standalone


__all__ = ["RulesIndexWindow", "standalone_index", "entry_html"]

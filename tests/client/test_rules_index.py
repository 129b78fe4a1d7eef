"""Rule numbers shown by the client are links to the Rules index (Help menu), and the index
is searchable."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from darkdec_qt.rules.core import commands as cm
from darkdec_qt.ui.help.ruletext import linkify, linkify_html
from tests.client.helpers import end_phases_until


def test_linkify_makes_known_rule_numbers_links_and_escapes_the_rest():
    out = linkify("3/2Pz cannot enter <2516>: enemy ZOC (10.2F), not 99.9Z")
    assert "<a href='rule:10.2F'" in out and "&lt;2516&gt;" in out and "rule:99.9Z" not in out
    html = linkify_html("<b>13.8.2</b> and <a href='x'>10.2F</a>")
    assert "href='rule:13.8.2'" in html and "rule:10.2F" not in html


def _click_link_in_label(qtbot, label) -> None:
    """Click along the label's lines of text, as a user aiming at a rule number would."""
    step = max(4, label.fontMetrics().height() // 2)
    for y in range(step // 2, label.height(), step):
        for x in range(2, label.width(), 3):
            QTest.mouseClick(label, Qt.MouseButton.LeftButton, pos=QPoint(x, y))
            idx = label.window().rules_index
            if idx is not None and idx.isVisible():
                return


def test_a_refusal_in_the_status_bar_links_to_its_clause(make_client, qtbot):
    win = make_client()
    end_phases_until(win, "movement")
    s = win.controller.state
    u = s.on_map("German")[0]
    far = next(h for h in win.controller.module.hexes if h != s.pos[u] and abs(int(h[:2]) - int(s.pos[u][:2])) > 3)
    assert not win.controller.execute(cm.Move(units=(u,), path=(s.pos[u], far)))
    rule = win.controller.last_refusal.rsplit("(", 1)[1].rstrip(")")
    win.message_label.setMinimumWidth(10)
    assert f"rule:{rule}" in win.message_label.text()
    _click_link_in_label(qtbot, win.message_label)
    idx = win.rules_index
    assert idx is not None and idx.isVisible()
    assert idx.current_id() == rule or idx.current_id().startswith(rule)
    assert rule in idx.entry.toPlainText()


def test_help_menu_opens_a_searchable_rules_index(make_client, qtbot):
    win = make_client()
    win.actions_by_name["rules_index"].trigger()
    idx = win.rules_index
    assert idx.isVisible() and idx.list.count() > 500
    qtbot.keyClicks(idx.search, "armor superiority")
    ids = [idx.list.item(i).text().split()[0] for i in range(idx.list.count())]
    assert "13.9.1A" in ids and len(ids) < 30
    idx.search.clear()
    qtbot.keyClicks(idx.search, "10.4.1")
    assert idx.list.count() == 5
    idx.list.setCurrentRow(0)
    text = idx.entry.toPlainText()
    assert "10.4.1A" in text and "_check_enter_strategic" in text and "test_10_4_1A_" in text


def test_a_rule_number_in_the_log_is_a_link(make_client, qtbot):
    win = make_client()
    end_phases_until(win, "movement")
    tree = win.log_panel.tree
    delegate = tree.itemDelegate()
    from darkdec_qt.clauses import RULE_ID

    model = tree.model()

    def items(at):
        yield at
        for k in range(model.rowCount(at)):
            yield from items(model.index(k, 0, at))

    target = next((it for t in range(model.rowCount()) for it in items(model.index(t, 0))
                   if not model.hasChildren(it) and RULE_ID.search(it.data().split("  ", 1)[-1])), None)
    assert target is not None, "no log line cites a rule"
    p = target.parent()
    while p.isValid():
        tree.setExpanded(p, True)
        p = p.parent()
    tree.scrollTo(target)
    rect = tree.visualRect(target)
    index = target
    from PySide6.QtWidgets import QStyleOptionViewItem

    opt = QStyleOptionViewItem()
    opt.initFrom(tree.viewport())
    opt.rect = rect
    opt.widget = tree
    pos = next(QPoint(x, y) for y in range(rect.top() + 2, rect.bottom(), 3) for x in range(rect.left(), rect.right(), 3)
               if delegate.anchor_at(opt, index, QPoint(x, y).toPointF()))
    shown_before = win.controller.past
    QTest.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    assert win.rules_index is not None and win.rules_index.isVisible()
    assert win.controller.past == shown_before  # a link click does not jump into the past


def _click_first_link_in_view(view) -> str:
    """Click the first rule number drawn in an item view (the log, a chart), as a user would."""
    delegate = view.itemDelegate()
    vp = view.viewport()
    for y in range(2, vp.height(), 4):
        for x in range(2, vp.width(), 4):
            rid = delegate.link_at(QPoint(x, y).toPointF())
            if rid:
                QTest.mouseClick(vp, Qt.MouseButton.LeftButton, pos=QPoint(x, y))
                return rid
    raise AssertionError("no rule link is shown")


def test_a_rule_number_in_the_charts_is_a_link(make_client, qtbot):
    from PySide6.QtWidgets import QAbstractItemView

    from darkdec_qt.ui.help.rulelinks import RuleLinkDelegate

    win = make_client()
    win.panels["charts"].show()
    win.panels["charts"].raise_()
    views = [v for v in win.charts.findChildren(QAbstractItemView) if isinstance(v.itemDelegate(), RuleLinkDelegate)]
    assert views
    for view in views:  # the chart whose notes cite rules (the TEC)
        page = view
        while page.parentWidget() is not None and page.parentWidget() is not win.charts.parentWidget():
            if hasattr(page.parentWidget(), "setCurrentWidget") and page.parentWidget().indexOf(page) >= 0:
                page.parentWidget().setCurrentWidget(page)
            page = page.parentWidget()
        view.resize(900, 600)
        qtbot.waitUntil(lambda v=view: v.viewport().isVisible())
        try:
            rid = _click_first_link_in_view(view)
        except AssertionError:
            continue
        assert win.rules_index is not None and win.rules_index.isVisible()
        assert win.rules_index.current_id().startswith(rid.rstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ"))
        return
    raise AssertionError("no chart shows a rule link")


def test_a_rule_number_in_the_battle_dock_is_a_link(make_client, qtbot):
    from darkdec_qt.rules.combat.legal import declarable_battles

    win = make_client()
    end_phases_until(win, "combat")
    s = win.controller.state
    b = min(declarable_battles(s), key=lambda c: (len(c.attackers), len(c.defenders)))
    panel = win.battle_panel
    panel.attackers, panel.defenders = list(b.attackers), list(b.defenders)
    panel.refresh()
    assert "href='rule:" in panel.plan_label.text()
    win.panels["battle"].show()
    win.panels["battle"].raise_()
    qtbot.waitUntil(lambda: panel.plan_label.isVisible())
    _click_link_in_label(qtbot, panel.plan_label)
    assert win.rules_index is not None and win.rules_index.isVisible()
    import re

    linked = re.findall(r"rule:([0-9.]+[A-Z]?)", panel.plan_label.text())
    assert any(win.rules_index.current_id().startswith(r) for r in linked)


def test_the_rules_index_shortcut_does_not_take_the_guides_f1(make_client):
    from PySide6.QtGui import QKeySequence

    win = make_client()
    keys = [a.shortcut().toString() for a in win.actions_by_name.values() if not a.shortcut().isEmpty()]
    assert len(keys) == len(set(keys)), "two actions share a shortcut: neither would fire"
    assert win.actions_by_name["rules_index"].shortcut() == QKeySequence("Shift+F1")


def test_the_rules_index_closes_with_esc_and_with_its_button(make_client, qtbot):
    win = make_client()
    win.actions_by_name["rules_index"].trigger()
    idx = win.rules_index
    qtbot.waitExposed(idx)
    idx.activateWindow()
    idx.search.setFocus()
    qtbot.keyClick(idx.search, Qt.Key.Key_Escape)
    assert not idx.isVisible()
    win.actions_by_name["rules_index"].trigger()
    assert idx.isVisible()
    qtbot.mouseClick(idx.close_button, Qt.MouseButton.LeftButton)
    assert not idx.isVisible()

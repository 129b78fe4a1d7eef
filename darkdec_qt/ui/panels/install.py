"""Installs the play panels on the client window: battle, charts, orders (menu, context
menu, shortcuts), arrivals and set-up, replacements, order of battle, the overview map,
victory status, the statistics charts, the turn record track and the turn clock."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QFrame, QInputDialog, QScrollArea, QWidget

from darkdec_qt.ui.battle.panel import BattlePanel
from darkdec_qt.ui.focus import GameShortcuts
from darkdec_qt.ui.map.hover import HoverGuard
from darkdec_qt.ui.orders.menu import Actions
from darkdec_qt.ui.panels.arrivals import ArrivalsPanel, SetupPanel
from darkdec_qt.ui.panels.charts import ChartsPanel
from darkdec_qt.ui.panels.dice import DicePanel
from darkdec_qt.ui.panels.orderofbattle import OrderOfBattlePanel
from darkdec_qt.ui.panels.overview import OverviewMap
from darkdec_qt.ui.panels.replacements import ReplacementsPanel
from darkdec_qt.ui.panels.status import TurnClock, VictoryLabel, VictoryPanel
from darkdec_qt.ui.panels.turntrack import TurnTrackPanel
from darkdec_qt.ui.panels.waiting import WaitingLine, owed_decision

RIGHT, LEFT = Qt.DockWidgetArea.RightDockWidgetArea, Qt.DockWidgetArea.LeftDockWidgetArea

try:
    from darkdec_qt.ui.panels.statistics import StatisticsPanel
except ImportError:  # QtCharts is PySide6-Addons (pyproject.toml): a .venv set up before it lacks it
    StatisticsPanel = None


def install_panels(win) -> None:  # noqa: ANN001 (Client)
    c = win.controller
    win.battle_panel = BattlePanel(c, win.input)
    dock = win.add_panel("battle", "Battle", _scrolled(win.battle_panel), RIGHT)
    win.tabifyDockWidget(win.log_dock, dock)
    win.add_action("&Game", "battle_mode", "&Battle mode", lambda: win.battle_panel.set_mode(
        not win.input.battle_mode), "B")
    win.charts = ChartsPanel(c)
    charts = win.add_panel("charts", "Charts", win.charts, RIGHT, visible=False)
    win.tabifyDockWidget(win.log_dock, charts)
    # --- units not on the map, replacements, order of battle, victory
    win.arrivals = ArrivalsPanel(c, win.input)
    win.add_panel("arrivals", "Arriving", win.arrivals, LEFT)
    win.overview = OverviewMap(c, win.view)  # the whole map small, under the left docks (split
    overview = win.add_panel("overview", "Overview", win.overview, LEFT)  # before tabs join them)
    win.splitDockWidget(win.panels["arrivals"], overview, Qt.Orientation.Vertical)
    win.setup_panel = SetupPanel(c, win.input)
    win.add_panel("setup", "Set-up", win.setup_panel, LEFT, visible=bool(c.state.to_place))
    win.replacements = ReplacementsPanel(c, win.input)
    repl = win.add_panel("replacements", "Replacements", win.replacements, LEFT)
    win.tabifyDockWidget(win.panels["arrivals"], repl)
    win.ob_panel = OrderOfBattlePanel(c, win)
    ob = win.add_panel("ob", "Order of battle", win.ob_panel, LEFT)
    win.tabifyDockWidget(win.panels["arrivals"], ob)
    win.dice = DicePanel(c)
    dice = win.add_panel("dice", "Dice", win.dice, RIGHT)
    win.tabifyDockWidget(win.log_dock, dice)
    win.victory = VictoryPanel(c)
    vic = win.add_panel("victory", "Victory", win.victory, RIGHT)
    win.tabifyDockWidget(win.log_dock, vic)
    if StatisticsPanel is not None:  # charts by turn: drawn only while shown (View > Statistics)
        win.statistics = StatisticsPanel(c, seat_private=lambda: not win.handover.blocking())
        for signal in (c.handOver, win.handover.taken):
            signal.connect(win.statistics.refresh)
        stats = win.add_panel("statistics", "Statistics", win.statistics, RIGHT, visible=False)
        win.tabifyDockWidget(win.log_dock, stats)
    win.turn_track = TurnTrackPanel(c)
    track = win.add_panel("turn_track", "Turn track", win.turn_track, LEFT, visible=False)
    win.tabifyDockWidget(win.panels["arrivals"], track)
    win.panels["arrivals"].raise_()
    win.log_dock.raise_()
    # --- phase bar: victory line and clock
    bar = win.phase_bar
    win.victory_label = VictoryLabel(c)
    bar.row2.insertWidget(bar.row2.indexOf(bar.reason_label), win.victory_label, 1)
    win.clock = TurnClock(c)
    bar.row1.insertWidget(bar.row1.indexOf(bar.next_button), win.clock)
    # --- orders
    win.actions = Actions(win)
    win.game_shortcuts = GameShortcuts(win)  # Ctrl+E and the like work wherever the focus is
    win.hover_guard = HoverGuard(win)  # the stack popup: hides off the map, never stale or in the way
    win.add_action("&View", "time_limit", "&Time limit per player turn…", lambda: _ask_limit(win))
    # --- whose decision the game waits for; the phasing player's controls only for that player
    win.waiting = WaitingLine(c, lambda: getattr(getattr(win, "computer", None), "sides", {}))
    win.statusBar().insertWidget(1, win.waiting, 2)
    c.changed.connect(lambda: _follow(win))
    for signal in (c.changed, c.shownChanged, win.handover.taken):
        signal.connect(lambda: _phasing_controls(win))
    _phasing_controls(win)
    QTimer.singleShot(0, lambda: win.resizeDocks(  # on a laptop screen the map keeps half the window at least
        [win.log_dock, win.panels["arrivals"]], [min(400, win.width() // 4), min(290, win.width() // 5)],
        Qt.Orientation.Horizontal))


def _scrolled(widget: QWidget) -> QScrollArea:
    """A tall dock scrolls instead of making the window taller than a 720-pixel screen."""
    area = QScrollArea()
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setWidget(widget)
    area.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # a click in the dock leaves the arrow keys to the map
    return area


def _ask_limit(win) -> None:  # noqa: ANN001
    """The per-turn clock in minutes and half minutes: 25.0D allows each side 7½ minutes, the
    value offered while fog of war is in use and no limit is set."""
    from darkdec_qt.rules.fog import TIME_LIMIT_MINUTES

    now = win.clock.limit / 60
    if not now and win.controller.state.has_rule("25"):
        now = TIME_LIMIT_MINUTES
    m, ok = QInputDialog.getDouble(win, "Time limit", "Minutes per player turn (0 = no limit; 25.0D: 7½):",
                                   now, 0, 600, 1, Qt.WindowType.Dialog, 0.5)
    if ok:
        win.clock.set_limit(m)


def _phasing_controls(win) -> None:  # noqa: ANN001
    """End phase and Battle mode belong to the phasing player, while the game waits for that
    player and that player sits here (not the computer's turn, not the defender's choice)."""
    on = win.controller.phasing_controls() and not win.handover.blocking()
    for name in ("end_phase", "battle_mode"):
        win.actions_by_name[name].setEnabled(on)


def _follow(win) -> None:  # noqa: ANN001
    """Raise the dock that matters now: set-up, arrivals, replacements, the dock of a decision
    owed (a battle's decision also brings the battle into sight on the map); the Charts dock shows the CRT after a battle where the player keeps it open, never
    coming to the front by itself."""
    c = win.controller
    s = c.state
    seen = getattr(win, "_followed", 0)
    new = c.cache.events[seen:] if seen <= len(c.cache.events) else []
    win._followed = len(c.cache.events)
    if any(e.kind == "battle_resolved" for e in new) and win.panels["charts"].isVisible():
        win.charts.setCurrentWidget(win.charts.crt_page)  # the roll's row is marked; the dock stays where it is
    from darkdec_qt.rules.choices import relocation_owner

    computer = getattr(getattr(win, "computer", None), "sides", {})  # (its own choice: ui/aiplayer.py)
    if any(e.kind == "leader_displaced" and not e.to_hex for e in new) and win.arrivals.owed.orders \
            and relocation_owner(s) not in computer:
        win.panels["arrivals"].raise_()  # 15.5D: the owner picks the hex at once: highlight them (after
        QTimer.singleShot(0, lambda: win.arrivals.owed.run(0))  # the views' own "moved" message)
    owed = owed_decision(s, c.owing(), c.acting()) if not s.game_over else None
    key = owed.key if owed is not None else None
    if key != getattr(win, "_owed_key", None):
        win._owed_key = key
        if owed is not None and c.seat in (None, owed.side) and owed.side not in computer:
            win.panels[owed.dock].show()  # the dock that takes the decision owed by the player here
            win.panels[owed.dock].raise_()
            if owed.dock == "battle" and s.battle is not None:  # and the map shows where: the
                b = s.battle  # enemy's battle the player must answer may be anywhere
                win.view.bring_into_sight([s.pos[u] for u in b.defenders if u in s.pos]
                                          or [s.pos[u] for u in b.attackers if u in s.pos])
    if s.to_place:
        win.panels["setup"].show()
        win.panels["setup"].raise_()
    elif any(e.kind == "phase_began" for e in new):  # (the phase's own work may follow it: moments.py)
        if s.phase.value == "replacement" and (s.reduced or s.eliminated):
            win.panels["replacements"].raise_()
        elif s.phase.value == "movement" and (win.arrivals.owed.orders or win.arrivals.conditional.n or (
                win.arrivals.list.count() and win.arrivals.list.item(0).data(Qt.ItemDataRole.UserRole))):
            win.panels["arrivals"].raise_()

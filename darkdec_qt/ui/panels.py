"""Installs the play panels on the client window: battle, charts."""

from __future__ import annotations

from PySide6.QtCore import Qt

from darkdec_qt.ui.battlepanel import BattlePanel
from darkdec_qt.ui.charts import ChartsPanel


def install_panels(win) -> None:  # noqa: ANN001 (Client)
    win.battle_panel = BattlePanel(win.controller, win.input)
    dock = win.add_panel("battle", "Battle", win.battle_panel, Qt.DockWidgetArea.RightDockWidgetArea)
    win.tabifyDockWidget(win.log_dock, dock)
    win.log_dock.raise_()
    win.add_action("&Game", "battle_mode", "&Battle mode", lambda: win.battle_panel.set_mode(
        not win.input.battle_mode), "B")
    win.charts = ChartsPanel(win.controller)
    charts = win.add_panel("charts", "Charts", win.charts, Qt.DockWidgetArea.RightDockWidgetArea, visible=False)
    charts.setFloating(False)
    win.resizeDocks([win.log_dock], [420], Qt.Orientation.Horizontal)

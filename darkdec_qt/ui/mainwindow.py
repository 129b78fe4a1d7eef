"""The client's main window: the map with the counters of the shown moment, the phase
bar, the status bar (hex under the mouse, messages), the docks and the menus."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QDockWidget,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMenu,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from darkdec_qt.ui.controller import GameController
from darkdec_qt.ui.dialogs.handover import HandOverScreen
from darkdec_qt.ui.elide import ElidedLabel
from darkdec_qt.ui.help.ruletext import linkify
from darkdec_qt.ui.map.input import MapInput
from darkdec_qt.ui.map.overlays import HexMarkersItem, OutlineItem
from darkdec_qt.ui.map.present import event_place, hex_markers, hex_text, placements
from darkdec_qt.ui.map.scene import MapScene
from darkdec_qt.ui.map.view import MapView
from darkdec_qt.ui.panels.log import LogPanel
from darkdec_qt.ui.panels.phasebar import PhaseBar
from darkdec_qt.ui.panels.waiting import owed_decision
from darkdec_qt.ui.provenance import MARK, hex_tip, notice
from darkdec_qt.ui.style import STYLE

MESSAGE_MS = 12000

EVENT_MARK = "#e07a00"  # the outline of where a clicked log entry happened


class MainWindow(QMainWindow):
    """Map in the centre, phase bar above, log and play panels as docks."""

    def __init__(self, controller: GameController, settings: QSettings | None = None,
                 autosave_dir: str | Path | None = None, hotseat: bool = True,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.settings = settings if settings is not None else QSettings("darkdec", "client")
        self.hotseat = hotseat
        self.setStyleSheet(STYLE)
        self.resize(1440, 900)
        # --- map
        self.scene = MapScene(controller.module)
        self.view = MapView(self.scene)
        self.hex_markers = HexMarkersItem(self.scene)
        self.scene.addItem(self.hex_markers)
        self.input = MapInput(controller, self.scene, self.view, self)
        self.event_marks = OutlineItem(self.scene)  # where the log entry clicked happened
        self.scene.addItem(self.event_marks)
        # --- central: phase bar, past banner, map
        self.phase_bar = PhaseBar(controller)
        self.banner = QFrame()
        self.banner.setObjectName("PastBanner")
        bl = QHBoxLayout(self.banner)
        bl.setContentsMargins(12, 4, 12, 4)
        self.banner_label = QLabel()
        self.banner_label.setWordWrap(True)  # the window's minimum width never follows the banner's text
        self.banner_label.setMinimumWidth(10)
        self.live_button = QPushButton("Back to the live game")
        self.live_button.clicked.connect(controller.show_live)
        bl.addWidget(self.banner_label, 1)
        bl.addWidget(self.live_button)
        self.map_box = QWidget()
        ml = QVBoxLayout(self.map_box)
        ml.setContentsMargins(0, 0, 0, 0)
        ml.addWidget(self.view)
        self.handover = HandOverScreen(self.map_box)
        central = QWidget()
        cl = QVBoxLayout(central)
        cl.setContentsMargins(0, 0, 0, 0)
        cl.setSpacing(0)
        cl.addWidget(self.phase_bar)
        cl.addWidget(self.banner)
        cl.addWidget(self.map_box, 1)
        self.setCentralWidget(central)
        # --- status bar
        self.message_label = ElidedLabel(linkify)  # rule numbers link to the Rules index; the whole text in the tooltip
        self.message_label.setObjectName("Message")
        self.message_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)  # the room left
        self.hex_label = ElidedLabel(mode=Qt.TextElideMode.ElideRight, min_px=120)
        self.hex_label.setObjectName("HexInfo")
        self.statusBar().addWidget(self.message_label, 1)
        self.message_label.hide()  # until there is a message (show_message)
        self.statusBar().addPermanentWidget(self.hex_label)
        self.provenance_label = ElidedLabel(mode=Qt.TextElideMode.ElideRight)  # the module holds reconstructed data
        self.provenance_label.setObjectName("Provenance")
        self.provenance_label.set_full_text(notice(controller.module), tip=controller.module.meta.provenance or "")
        self.statusBar().addPermanentWidget(self.provenance_label)
        self._msg_timer = QTimer(self)
        self._msg_timer.setSingleShot(True)
        self._msg_timer.timeout.connect(lambda: self.show_message(""))
        # --- docks
        self.log_panel = LogPanel(controller)
        self.log_dock = self._dock("Log", self.log_panel, Qt.DockWidgetArea.RightDockWidgetArea)
        self.log_panel.eventChosen.connect(self.show_event_place)
        self.panels: dict[str, QDockWidget] = {"log": self.log_dock}
        # --- signals
        controller.shownChanged.connect(self.refresh_map)
        controller.changed.connect(self._update_title)
        controller.message.connect(self.show_message)
        controller.handOver.connect(self._hand_over)
        self.scene.hexHovered.connect(self._hovered)
        self.input.contextRequested.connect(self._context_menu)
        self.menus: dict[str, QMenu] = {}
        self.actions_by_name: dict[str, QAction] = {}
        self._build_menus()
        self.refresh_map()
        self._update_title()
        QTimer.singleShot(0, self.view.fit_all)

    # --- building ----------------------------------------------------------------------
    def _dock(self, title: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(f"dock-{title}")
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

    def add_action(self, menu: str, name: str, text: str, slot, shortcut: str | QKeySequence | None = None,
                   checkable: bool = False) -> QAction:
        act = QAction(text, self)
        if shortcut:
            act.setShortcut(QKeySequence(shortcut))
            act.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        act.setCheckable(checkable)
        act.triggered.connect(slot)
        if menu not in self.menus:
            self.menus[menu] = self.menuBar().addMenu(menu)
        self.menus[menu].addAction(act)
        self.actions_by_name[name] = act
        self.addAction(act)
        return act

    def _build_menus(self) -> None:
        for m in ("&File", "&Edit", "&Game", "&View", "&Help"):
            self.menus[m] = self.menuBar().addMenu(m)
        c = self.controller
        self.add_action("&Edit", "undo", "&Undo", c.undo, QKeySequence.StandardKey.Undo)
        redo = self.add_action("&Edit", "redo", "&Redo", c.redo, "Ctrl+Shift+Z")
        redo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.add_action("&Game", "end_phase", "&End phase", c.end_phase, "Ctrl+E")
        self.add_action("&Game", "deselect", "Cancel selection", self.input.cancel, "Esc")
        self.add_action("&Game", "add_note", "Add &note…", self.write_note, "Ctrl+Shift+N")
        self.add_action("&View", "fit", "&Fit map to window", self.view.fit_all, "Ctrl+0")
        self.add_action("&View", "zoom100", "Zoom &100 %", self.view.reset_zoom, "Ctrl+1")
        self.add_action("&View", "live", "Back to the &live game", c.show_live, "End")
        hs = self.add_action("&View", "hotseat", "&Hotseat hand-over screens", self._toggle_hotseat, checkable=True)
        hs.setChecked(self.hotseat)
        self.menus["&View"].addSeparator()
        self.menus["&View"].addAction(self.log_dock.toggleViewAction())

    def add_panel(self, key: str, title: str, widget: QWidget,
                  area: Qt.DockWidgetArea = Qt.DockWidgetArea.RightDockWidgetArea, visible: bool = True) -> QDockWidget:
        dock = self._dock(title, widget, area)
        self.panels[key] = dock
        self.menus["&View"].addAction(dock.toggleViewAction())
        dock.setVisible(visible)
        return dock

    # --- showing the game ---------------------------------------------------------------
    def refresh_map(self) -> None:
        c = self.controller
        s = c.shown_state()
        self.scene.set_units(placements(s, c.viewer()))
        self.hex_markers.set_markers(hex_markers(s))
        if c.is_live():
            self.banner.hide()
            self.event_marks.set_hexes({})
        else:
            n = len(c.cache.events)
            self.banner_label.setText(
                f"Viewing the past — after event {c.past} of {n}: turn {s.turn}, {s.side} {s.phase.value} phase. "
                "The map shows that moment; nothing can be changed.")
            self.banner.show()

    def write_note(self) -> None:
        """Game ▸ Add note: the Log dock comes to the front, the keyboard in its note field."""
        self.log_dock.show()
        self.log_dock.raise_()
        self.log_panel.write_note()

    def show_event_place(self, index: int) -> None:
        """Centre the map on where event ``index`` (1-based) happened and outline its hexes,
        as a VASSAL log entry does; the outline goes when the live game is shown again."""
        c = self.controller
        events = c.cache.events
        if not 0 < index <= len(events):
            return
        hexes, _units = event_place(events[index - 1], c.shown_state())
        self.event_marks.set_hexes({h: EVENT_MARK for h in hexes})
        if hexes:
            self.view.center_on_hex(hexes[0])

    def _update_title(self) -> None:  # the marks of provenance_title: a chosen seed, another module
        c = self.controller
        name = c.path.name if c.path else "untitled"
        sc = c.module.scenarios.get(c.state.scenario)
        self.setWindowTitle(f"{'*' if c.dirty else ''}{name} — {sc.name if sc else c.state.scenario} — Dark December"
                            + provenance_title(c.game))

    def show_message(self, text: str, error: bool = False) -> None:
        """``text`` in the status bar for a while ("" clears it: its whole text, not only the
        shown one, or a later re-elide would bring it back). An empty message line is hidden,
        so the waiting line beside it has the room to say in full what the game waits for."""
        self.message_label.set_full_text(text)
        self.message_label.setProperty("error", error)
        self.message_label.setStyleSheet("color:#a01010; font-weight:bold;" if error else "color:#1c1c1c;")
        self.message_label.setVisible(bool(text))
        if text:
            self._msg_timer.start(MESSAGE_MS)

    def _hovered(self, h: str) -> None:
        m = self.controller.module
        text = hex_text(m, self.controller.shown_state(), h) if h else ""
        hx = m.hexes.get(h)
        self.hex_label.set_full_text(text + (f"  ·  reconstructed{MARK}" if text and hx and hx.reconstructed else ""),
                                     tip=hex_tip(m, h) if h else "")

    def _hand_over(self, side: str) -> None:
        if self.hotseat:
            s = self.controller.state
            self.input.cancel()
            self.show_message("")  # the last message is the passing player's (a selection may name hidden units, 25.0A)
            owed = owed_decision(s, side, self.controller.acting())
            self.handover.offer(side, f"Turn {s.turn}, {s.side} player turn, {s.phase.value} phase."
                                + (f" The {side} player {owed.words}." if owed is not None else ""))

    def _toggle_hotseat(self, on: bool) -> None:
        self.hotseat = on

    def _context_menu(self, h: str, pos: QPoint) -> None:
        menu = self.build_context_menu(h)
        if menu is not None and not menu.isEmpty():
            menu.popup(pos)

    def build_context_menu(self, h: str) -> QMenu | None:
        """Overridden by the client's actions module (unit and hex commands)."""
        return None

    # --- closing ------------------------------------------------------------------------
    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        guard = getattr(self, "confirm_discard", None)
        if guard is not None and not guard():
            event.ignore()
            return
        memory = getattr(self, "memory", None)  # settings.WindowMemory, installed by the client
        if memory is not None:
            memory.save()
        event.accept()


def provenance_title(game) -> str:  # noqa: ANN001 (Game)
    """What the window title adds for a game whose dice seed was chosen or whose module is not
    the bundled one (gamestore.game_notes says the same in sentences, in About and the CLI)."""
    from darkdec_qt import gamestore
    from darkdec_qt.model.safesqlite import printable

    marks = ["chosen dice seed"] if getattr(game, "seed_chosen", False) else []
    if gamestore.module_note(game.module):
        m = game.module.meta
        marks.append(f"module '{printable(m.name)[:40]}' {m.content_hash[:12]}, not the bundled one")
    return "".join(f" — {m}" for m in marks)

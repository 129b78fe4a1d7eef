"""The editor window: the shared map in the centre with the editor's tools, docks for
the OB, setups, charts, errata, properties, problems and the undo history."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QSize, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDockWidget,
    QFileDialog,
    QFrame,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMessageBox,
    QScrollArea,
    QTextBrowser,
    QToolBar,
    QUndoView,
    QVBoxLayout,
    QWidget,
)

from darkdec_qt.model.database import DatabaseError
from darkdec_qt.model.sources import SourceError
from darkdec_qt.model.validate import Problem
from darkdec_qt.moduleview import ARMIES, RIVER_KINDS, TERRAINS
from darkdec_qt.ui.map.scene import MapScene
from editor.charts import ChartsPanel, ErrataPanel
from editor.dialogs import ask_note, ask_unsaved, choose_module_file, confirm
from editor.document import ModuleDocument
from editor.icons import tool_icon
from editor.mapedit import TOOLS, EditorMapView
from editor.obtable import OBPanel
from editor.properties import ProblemsPanel, PropertiesPanel
from editor.setups import SetupPanel, placements
from editor.usercopy import fit_to_screen, is_bundled, save_as_start

MAP_TABLES = ("hex", "hexside", "road", "crossing")
FLUSH_MS = 40  # map refresh interval during a brush drag
ENTRY_CODES = tuple("ABCDEFGHJKLMNPQRS")
# tool -> the option widgets shown with it
TOOL_OPTIONS = {"terrain": ("terrain",), "fill": ("terrain",), "river": ("river_kind", "river_name"),
                "road": ("road_id",), "town": ("town_name",), "army": ("army",), "entry": ("entry",)}


def _scrollable(widget: QWidget) -> QScrollArea:
    area = QScrollArea()
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setWidget(widget)
    return area


class EditorWindow(QMainWindow):
    def __init__(self, doc: ModuleDocument) -> None:
        super().__init__()
        self.doc = doc
        doc.setParent(self)  # the document lives and dies with its window
        # dialog hooks (tests replace them)
        self.ask_unsaved: Callable[[], str] = lambda: ask_unsaved(self, self._name())
        self.confirm: Callable[[str, str], bool] = lambda title, text: confirm(self, title, text)
        self.choose_file: Callable[[str, bool], str] = lambda caption, save: choose_module_file(
            self, caption, save, self.start_path(save))
        self.ask_note: Callable[[str], str | None] = lambda current: ask_note(self, current)
        self.scene = MapScene(doc.module())
        self.view = EditorMapView(self.scene, doc)
        self.setCentralWidget(self.view)
        self.selected_hex = ""
        self._dirty: set[str] = set()
        self._units_dirty = False
        self._build_docks()
        self._build_actions()
        self._build_status()
        self.view.hexUnderMouse.connect(self._show_hover)
        self.view.hexSelected.connect(self.select_hex)
        self.view.refused.connect(self.refuse)
        self.view.unitDropped.connect(self._on_drop)
        doc.changed.connect(self._on_changed)
        self._flush_timer = QTimer(self)
        self._flush_timer.setSingleShot(True)
        self._flush_timer.setInterval(FLUSH_MS)
        self._flush_timer.timeout.connect(self._flush)
        doc.edited.connect(self._on_edited)
        self.view.strokeFinished.connect(self._flush)
        doc.reset.connect(self._on_reset)
        doc.pathChanged.connect(self._update_title)
        doc.undo_stack.cleanChanged.connect(self._update_title)
        self._update_title()
        self._update_units()
        if doc.seal_problem:
            self.statusBar().showMessage("Warning: " + doc.seal_problem, 30000)
        fit_to_screen(self)

    # --- construction ------------------------------------------------------------------
    def _dock(self, title: str, widget: QWidget, area: Qt.DockWidgetArea, name: str) -> QDockWidget:
        d = QDockWidget(title, self)
        d.setObjectName(name)
        d.setWidget(_scrollable(widget))  # a panel larger than a small screen scrolls: the window fits
        d.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable
                      | QDockWidget.DockWidgetFeature.DockWidgetFloatable
                      | QDockWidget.DockWidgetFeature.DockWidgetClosable)
        self.addDockWidget(area, d)
        return d

    def _build_docks(self) -> None:
        bottom, right = Qt.DockWidgetArea.BottomDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea
        self.ob = OBPanel(self.doc)
        self.setups = SetupPanel(self.doc, self.ob.current_unit)
        self.charts = ChartsPanel(self.doc)
        self.errata = ErrataPanel(self.doc)
        self.properties = PropertiesPanel(self.doc)
        self.problems = ProblemsPanel()
        self.history = QUndoView(self.doc.undo_stack)
        self.history.setEmptyLabel("<opened module>")
        self.docks = {
            "ob": self._dock("Counters && order of battle", self.ob, bottom, "ob"),
            "setups": self._dock("Setups", self.setups, bottom, "setups"),
            "charts": self._dock("Charts", self.charts, bottom, "charts"),
            "errata": self._dock("Errata", self.errata, bottom, "errata"),
            "properties": self._dock("Properties", self.properties, right, "properties"),
            "problems": self._dock("Problems", self.problems, right, "problems"),
            "history": self._dock("History", self.history, right, "history"),
        }
        for k in ("setups", "charts", "errata"):
            self.tabifyDockWidget(self.docks["ob"], self.docks[k])
        self.tabifyDockWidget(self.docks["problems"], self.docks["history"])
        self.docks["ob"].raise_()
        self.docks["problems"].raise_()
        self.resizeDocks([self.docks["ob"]], [330], Qt.Orientation.Vertical)
        self.resizeDocks([self.docks["properties"]], [380], Qt.Orientation.Horizontal)
        self.resizeDocks([self.docks["properties"], self.docks["problems"]], [600, 320], Qt.Orientation.Vertical)
        self.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)
        self.ob.unitSelected.connect(self._on_unit_selected)
        self.setups.scenarioChanged.connect(lambda _s: self._update_units())
        self.setups.unitActivated.connect(self.select_unit)
        self.problems.problemActivated.connect(self.show_problem)
        self.problems.validateRequested.connect(self.validate)
        for panel in (self.ob, self.setups, self.charts, self.errata, self.properties):
            panel.refused.connect(self.refuse)

    def show_guide(self) -> QDialog:
        """The editor guide (package data, ``resources/guides/editor.md``) in a window of its own."""
        from darkdec_qt import packagedata
        from darkdec_qt.ui.help.menu import guide_markdown

        dlg = QDialog(self)
        dlg.setWindowTitle("Editor guide — Dark December")
        lay = QVBoxLayout(dlg)
        text = QTextBrowser(dlg)
        text.setOpenExternalLinks(True)
        text.setMarkdown(guide_markdown(packagedata.read_text(*packagedata.EDITOR_GUIDE)))
        lay.addWidget(text)
        dlg.resize(720, 640)
        dlg.show()
        self.guide_dialog = dlg
        return dlg

    def _action(self, text: str, slot: Callable[[], object], shortcut: QKeySequence | str | None = None,
                tip: str = "") -> QAction:
        a = QAction(text, self)
        if shortcut is not None:
            a.setShortcut(QKeySequence(shortcut))
        a.setStatusTip(tip or text.replace("&", ""))
        a.triggered.connect(lambda _c=False: slot())
        return a

    def _build_actions(self) -> None:
        st = self.doc.undo_stack
        self.act_open = self._action("&Open...", self.open_file, QKeySequence.StandardKey.Open, "Open a module database")
        self.act_save = self._action("&Save", self.save, QKeySequence.StandardKey.Save, "Save the module database")
        self.act_save_as = self._action("Save &As...", self.save_as, QKeySequence.StandardKey.SaveAs,
                                        "Save as a new module file")
        self.act_import = self._action("&Import text sources...", self.import_sources, None,
                                       "Replace the module by the text sources of a data/ folder")
        self.act_export = self._action("&Export text sources...", self.export_sources, None,
                                       "Write the module as text sources (data/ format)")
        self.act_quit = self._action("&Quit", self.close, "Ctrl+Q")  # StandardKey.Quit: empty without a desktop
        self.act_undo = st.createUndoAction(self, "&Undo")
        self.act_undo.setShortcut(QKeySequence.StandardKey.Undo)
        self.act_redo = st.createRedoAction(self, "&Redo")
        self.act_redo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.act_note = self._action("Note for hand &edits...", self.set_designer_note, None,
                                     "A note recorded in the basis of every value you edit by hand")
        self.act_validate = self._action("&Validate", self.validate, "F7", "List the module's problems")
        self.act_fit = self._action("&Fit map", self.view.fit_all, "Ctrl+0", "Show the whole map")
        mb = self.menuBar()
        fm = mb.addMenu("&File")
        for a in (self.act_open, self.act_save, self.act_save_as, None, self.act_import, self.act_export, None,
                  self.act_quit):
            fm.addSeparator() if a is None else fm.addAction(a)
        em = mb.addMenu("&Edit")
        em.addAction(self.act_undo)
        em.addAction(self.act_redo)
        em.addSeparator()
        em.addAction(self.act_note)
        vm = mb.addMenu("&View")
        vm.addAction(self.act_fit)
        vm.addSeparator()
        for d in self.docks.values():
            vm.addAction(d.toggleViewAction())
        mm = mb.addMenu("&Module")
        mm.addAction(self.act_validate)
        hm = mb.addMenu("&Help")
        self.act_guide = self._action("Editor &guide", self.show_guide, "F1", "How the editor works")
        hm.addAction(self.act_guide)
        # file toolbar
        tb = QToolBar("File")
        tb.setObjectName("file")
        tb.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        for a in (self.act_open, self.act_save, None, self.act_undo, self.act_redo, None, self.act_validate,
                  self.act_fit):
            tb.addSeparator() if a is None else tb.addAction(a)
        self.addToolBar(tb)
        # tools
        tools = QToolBar("Tools")
        tools.setObjectName("tools")
        tools.setIconSize(QSize(24, 24))
        tools.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextUnderIcon)
        self.tool_group = QActionGroup(self)
        self.tool_actions: dict[str, QAction] = {}
        for i, (tool, (label, tip)) in enumerate(TOOLS.items()):
            a = QAction(tool_icon(tool), label, self)
            a.setCheckable(True)
            a.setToolTip(f"{label}: {tip}")
            a.setStatusTip(tip)
            if i < 9:
                a.setShortcut(QKeySequence(str(i + 1)))
            a.triggered.connect(lambda _c=False, t=tool: self.set_tool(t))
            self.tool_group.addAction(a)
            tools.addAction(a)
            self.tool_actions[tool] = a
            if tool in ("fill", "entry", "demolished", "road"):
                tools.addSeparator()
        self.addToolBarBreak()
        self.addToolBar(tools)
        self._build_tool_options()
        self.set_tool("select")

    def _build_tool_options(self) -> None:
        ob = QToolBar("Tool options")
        ob.setObjectName("tool_options")
        self.addToolBar(ob)
        o = self.view.options
        self.opt_widgets: dict[str, QWidget] = {}
        self.opt_actions: dict[str, list[QAction]] = {}

        def add(name: str, label: str, w: QWidget) -> None:
            acts = [ob.addWidget(QLabel(f"  {label} ")), ob.addWidget(w)]
            self.opt_widgets[name] = w
            self.opt_actions[name] = acts

        terrain = QComboBox()
        terrain.addItems(list(TERRAINS))
        terrain.setCurrentText(o.terrain)
        terrain.currentTextChanged.connect(self._set_terrain_option)
        add("terrain", "Terrain:", terrain)
        kind = QComboBox()
        kind.addItems(list(RIVER_KINDS))
        kind.setCurrentText(o.river_kind)
        kind.currentTextChanged.connect(lambda t: setattr(o, "river_kind", t))
        add("river_kind", "River:", kind)
        for name, label, attr, width in (("river_name", "Name:", "river_name", 120),
                                         ("road_id", "Road id:", "road_id", 80),
                                         ("town_name", "Town name:", "town_name", 160)):
            e = QLineEdit(getattr(o, attr))
            e.setFixedWidth(width)
            e.textChanged.connect(lambda t, a=attr: setattr(o, a, t))
            add(name, label, e)
        army = QComboBox()
        army.addItems(list(ARMIES))
        army.setCurrentText(o.army)
        army.currentTextChanged.connect(lambda t: setattr(o, "army", t))
        add("army", "Army area:", army)
        entry = QComboBox()
        entry.addItems(list(ENTRY_CODES))
        entry.currentTextChanged.connect(lambda t: setattr(o, "entry", t))
        add("entry", "Entry code:", entry)
        self.tool_hint = QLabel()
        self.tool_hint.setStyleSheet("color: #555555; padding-left: 12px;")
        ob.addWidget(self.tool_hint)

    def _set_terrain_option(self, terrain: str) -> None:
        self.view.options.terrain = terrain
        for t in ("terrain", "fill"):
            self.tool_actions[t].setIcon(tool_icon(t, terrain))

    def _build_status(self) -> None:
        sb = self.statusBar()
        self.hex_label = QLabel("Hex: —")
        self.hex_label.setMinimumWidth(320)
        self.file_label = QLabel()
        sb.addPermanentWidget(self.hex_label)
        sb.addPermanentWidget(self.file_label)

    # --- tools, selection --------------------------------------------------------------
    def set_tool(self, tool: str) -> None:
        self.view.set_tool(tool)
        self.tool_actions[tool].setChecked(True)
        shown = TOOL_OPTIONS.get(tool, ())
        for name, acts in self.opt_actions.items():
            for a in acts:
                a.setVisible(name in shown)
        self.tool_hint.setText(TOOLS[tool][1])

    def _show_hover(self, hex_id: str) -> None:
        r = self.doc.get("hex", hex_id) if hex_id else None
        if r is None:
            self.hex_label.setText("Hex: —")
            return
        parts = [r["terrain"].replace("_", " ")]
        if r["town"]:
            parts.append(r["town"])
        if r["westwall"]:
            parts.append("Westwall")
        if r["army"]:
            parts.append(r["army"])
        if r["entry"]:
            parts.append(f"entry {r['entry']}")
        self.hex_label.setText(f"Hex {hex_id}: {', '.join(parts)}")

    def select_hex(self, hex_id: str, centre: bool = False) -> None:
        self.selected_hex = hex_id
        self.scene.set_highlight({hex_id: 1.0} if hex_id else None)
        self.properties.show_hex(hex_id)
        self.docks["properties"].raise_()
        if centre and hex_id:
            self.view.center_on_hex(hex_id)

    def select_unit(self, uid: str) -> None:
        if self.ob.select_unit(uid):
            self.docks["ob"].raise_()

    def _on_unit_selected(self, uid: str) -> None:
        self.properties.show_unit(uid)
        row = self.doc.get("unit", uid) if uid else None
        if row and row["setup"] and self.doc.get("hex", row["setup"]):
            self.scene.set_highlight({row["setup"]: 1.0})

    def refuse(self, message: str) -> None:
        self.statusBar().showMessage(f"Refused: {message}", 8000)

    # --- document -> map ------------------------------------------------------------------
    def _on_changed(self, table: str, key: str) -> None:
        if table in MAP_TABLES:
            parts = key.split("|")
            self._dirty.update(p for p in parts[: (1 if table in ("hex", "crossing") else 2)])
        elif table in ("unit", "scenario_setup"):
            self._units_dirty = True

    def _on_edited(self) -> None:
        """Show each edit at once; during a brush drag, at most every FLUSH_MS."""
        if self.view.stroking:
            if not self._flush_timer.isActive():
                self._flush_timer.start()
        else:
            self._flush()

    def _flush(self) -> None:
        self._flush_timer.stop()
        if self._dirty:
            module = self.doc.module()
            if len(self._dirty) > 80:
                self.scene.set_module(module)
            else:
                for h in sorted(self._dirty):
                    if h in module.hexes:
                        self.scene.refresh_hex(h, module)
            self._dirty.clear()
            if self.selected_hex:
                self._show_hover(self.selected_hex)
        if self._units_dirty:
            self._units_dirty = False
            self._update_units()

    def _on_reset(self) -> None:
        self.scene.set_module(self.doc.module())
        self._dirty.clear()
        self.select_hex("")
        self._update_units()
        self._update_title()
        if self.doc.seal_problem:
            self.statusBar().showMessage("Warning: " + self.doc.seal_problem, 30000)

    def _update_units(self) -> None:
        self.scene.set_units(placements(self.doc, self.setups.scenario()))

    def _on_drop(self, uid: str, hex_id: str) -> None:
        uid = uid or self.ob.current_unit()
        if not uid:
            self.refuse("select a unit in the OB table, then click a hex")
            return
        self.setups.place(uid, hex_id)

    # --- validation ----------------------------------------------------------------------
    def validate(self) -> list[Problem]:
        problems = self.doc.problems()
        self.problems.show_problems(problems)
        self.docks["problems"].raise_()
        self.statusBar().showMessage(f"Validation: {len(problems)} problem(s)", 5000)
        return problems

    def show_problem(self, p: Problem) -> None:
        """Select and centre the hex, unit or chart cell a problem names."""
        where = p.where
        first = re.split(r"[-\s]", where)[0]
        if self.doc.get("unit", where):
            self.select_unit(where)
            setup = self.doc.get("unit", where)["setup"]  # type: ignore[index]
            if self.doc.get("hex", setup):
                self.view.center_on_hex(setup)
        elif self.doc.get("hex", first):
            self.select_hex(first, centre=True)
        elif where.startswith(("crt", "tec")):
            self.docks["charts"].raise_()
            m = re.match(r"crt (\d+)/(\S+)", where)
            if m and m.group(2) in self.charts.crt.odds and int(m.group(1)) in self.charts.crt.rows:
                self.charts.tabs.setCurrentIndex(0)
                self.charts.crt_view.setCurrentIndex(self.charts.crt_index(int(m.group(1)), m.group(2)))
            elif where.startswith("tec"):
                self.charts.tabs.setCurrentIndex(1)
        elif self.doc.get("scenario", where):
            self.setups.set_scenario(where)
            self.docks["setups"].raise_()

    # --- files ------------------------------------------------------------------------------
    def _name(self) -> str:
        return self.doc.path.name if self.doc.path else "untitled.sqlite"

    def _update_title(self, *_args: object) -> None:
        self.setWindowTitle(f"{self._name()}[*] — Dark December Editor")
        self.setWindowModified(self.doc.is_modified)
        h = self.doc.content_hash()
        text = f"{self.doc.path or 'not saved'}   hash {h[:10] if h else '—'}"
        if self.doc.seal_problem:  # file safety: integrity is checked on every open, and said
            text += "   ⚠ changed outside the editor"
        self.file_label.setText(text)
        self.file_label.setToolTip(self.doc.seal_problem)
        self.file_label.setStyleSheet("color: #b00020; font-weight: bold;" if self.doc.seal_problem else "")

    def save(self) -> bool:
        if self.doc.path is None or is_bundled(self.doc.path):
            if self.doc.path is not None:  # never overwrite the module shipped with the program
                self.statusBar().showMessage("The bundled module is not overwritten: save your edits as a module of your own", 8000)
            return self.save_as()
        return self._save_to(self.doc.path)

    def set_designer_note(self) -> None:
        note = self.ask_note(self.doc.designer_note)
        if note is not None:
            self.doc.designer_note = note
            self.statusBar().showMessage(f"Hand edits are now recorded as: {self.doc.designer_basis()}", 8000)

    def start_path(self, save: bool) -> str:
        """Where the file dialog opens: saving a module without a file of its own, or the bundled
        one, in the user's modules folder (usercopy.save_as_start), else at the module's file."""
        if save and (self.doc.path is None or is_bundled(self.doc.path)):
            return str(save_as_start())
        return str(self.doc.path or "")

    def save_as(self, path: str | Path | None = None) -> bool:
        target = str(path or self.choose_file("Save module as", True))
        return self._save_to(Path(target)) if target else False

    def _save_to(self, path: Path) -> bool:
        if is_bundled(path):
            self.refuse(f"{path} is the module shipped with the program: save your edits to another file")
            return False
        problems = self.validate()
        if problems and not self.confirm(
                "Save an invalid module?",
                f"The module has {len(problems)} problem(s) (see the Problems panel).\n"
                "Save it anyway, as a work in progress?"):
            return False
        digest = self.doc.save(path)
        self._update_title()
        self.statusBar().showMessage(f"Saved {path} (content hash {digest[:12]})", 8000)
        return True

    def maybe_discard(self) -> bool:
        """True when there are no unsaved changes or the user saved or discarded them."""
        if not self.doc.is_modified:
            return True
        answer = self.ask_unsaved()
        if answer == "save":
            return self.save()
        return answer == "discard"

    def open_file(self, path: str | Path | None = None) -> bool:
        if not self.maybe_discard():
            return False
        target = str(path or self.choose_file("Open module", False))
        if not target:
            return False
        try:
            self.doc.replace_rows(ModuleDocument.open(target).rows(), target)
        except (DatabaseError, SourceError, OSError) as exc:
            QMessageBox.warning(self, "Cannot open module", str(exc))
            return False
        return True

    def import_sources(self, folder: str | Path | None = None) -> bool:
        if not self.maybe_discard():
            return False
        target = str(folder or QFileDialog.getExistingDirectory(self, "Import text sources (data/ folder)"))
        if not target:
            return False
        try:
            self.doc.import_sources(target)
        except (SourceError, OSError) as exc:
            QMessageBox.warning(self, "Cannot import sources", str(exc))
            return False
        return True

    def export_sources(self, folder: str | Path | None = None) -> bool:
        target = str(folder or QFileDialog.getExistingDirectory(self, "Export text sources to a folder"))
        if not target:
            return False
        self.doc.export_sources(target)
        self.statusBar().showMessage(f"Exported the text sources to {target}", 8000)
        return True

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        if self.maybe_discard():
            event.accept()
        else:
            event.ignore()

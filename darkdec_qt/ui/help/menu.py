"""The client's Help menu: the keys and the mouse (listed from the window's own
actions, so it never disagrees with them), the client guide (package data, ``resources/guides/client.md``) in a
dock, and About: the program's version, the module's name and content hash, and the
notice that the map, the counters and the charts are reconstructed."""

from __future__ import annotations

import html
import re

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QMessageBox, QTextBrowser, QVBoxLayout

from darkdec_qt import packagedata
from darkdec_qt.ui.provenance import has_reconstructed
from darkdec_qt.version import VERSION

GUIDE = packagedata.path(*packagedata.CLIENT_GUIDE)

MOUSE: tuple[tuple[str, str], ...] = (
    ("Left click on your counters", "select the stack; click again to cycle through its units"),
    ("Left click on a shaded hex", "move the selection there along the cheapest legal path"),
    ("Drag your counters onto a hex", "move there (cheapest legal path); an illegal drop snaps back "
                                      "with the rule that forbids it"),
    ("Drag empty map / middle button / Space + drag", "pan the map"),
    ("Mouse wheel", "zoom in and out around the pointer"),
    ("Hover a stack", "every unit of the stack at full size"),
    ("Right click", "the orders the engine allows for that hex"),
    ("Battle mode (B): click hexes", "your attackers (red) and the defenders (black)"),
)
MAP_KEYS: tuple[tuple[str, str], ...] = (
    ("+ / -", "zoom in / out"),
    ("F / 0", "fit the map / zoom 100 %"),
    ("Arrow keys", "scroll the map"),
)


def version() -> str:
    return VERSION


def keys_html(win) -> str:  # noqa: ANN001 (MainWindow)
    """The mouse gestures, then every menu action that has a key, as the window has them."""
    def table(rows: list[tuple[str, str]]) -> str:
        body = "".join(f"<tr><td><b>{html.escape(a)}</b></td><td>{html.escape(b)}</td></tr>" for a, b in rows)
        return f"<table cellspacing='0' cellpadding='3'>{body}</table>"

    actions = []
    for act in win.actions_by_name.values():
        keys = [k.toString(QKeySequence.SequenceFormat.NativeText) for k in act.shortcuts() if not k.isEmpty()]
        if keys:
            actions.append((" or ".join(keys), act.text().replace("&", "")))
    return (f"<h3>Mouse</h3>{table(list(MOUSE))}<h3>Map keys</h3>{table(list(MAP_KEYS))}"
            f"<h3>Menu keys</h3>{table(actions)}")


def show_keys(win) -> QDialog:  # noqa: ANN001
    dlg = QDialog(win)
    dlg.setWindowTitle("Keys and mouse — Dark December")
    lay = QVBoxLayout(dlg)
    text = QTextBrowser(dlg)
    text.setHtml(keys_html(win))
    lay.addWidget(text)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, dlg)
    buttons.rejected.connect(dlg.close)
    lay.addWidget(buttons)
    dlg.resize(620, 640)
    dlg.show()
    win.keys_dialog = dlg
    return dlg


def guide_markdown(text: str) -> str:
    """The guide without its screenshots (a picture of the window inside the window
    only confuses): each becomes its caption in italics."""
    return re.sub(r"!\[([^\]]*)\]\([^)]*\)", lambda m: f"*(Picture: {m.group(1)})*", text)


def show_guide(win) -> QTextBrowser:  # noqa: ANN001
    """The client guide in a dock (created once), raised."""
    if "guide" not in win.panels:
        browser = QTextBrowser()
        browser.setOpenExternalLinks(True)
        browser.setSearchPaths([str(GUIDE.parent)])
        if GUIDE.is_file():
            browser.document().setBaseUrl(QUrl.fromLocalFile(str(GUIDE)))
            browser.setMarkdown(guide_markdown(GUIDE.read_text(encoding="utf-8")))
        else:
            browser.setPlainText(f"The client guide is not installed here ({GUIDE} is missing); "
                                 "it is darkdec_qt/resources/guides/client.md in the source of Dark December.")
        dock = win.add_panel("guide", "Guide", browser, Qt.DockWidgetArea.RightDockWidgetArea)
        win.tabifyDockWidget(win.log_dock, dock)
    dock = win.panels["guide"]
    dock.show()
    dock.raise_()
    return dock.widget()


def about_text(module, game=None) -> str:  # noqa: ANN001 (Module, Game)
    """The program's version, the module's name and content hash, and for ``game`` what a
    player must know about where it comes from (gamestore.game_notes: a chosen dice seed, a
    module that is not the bundled one)."""
    meta = module.meta
    notice = ("<p><b>Reconstructed data.</b> The surviving rulebook omits the map, the counter values and "
              "the charts. This module's map, counters and charts are <i>reconstructed</i> from the rulebook's "
              "own facts, history and geography, not copied from the 1979 game; each reconstructed value "
              "carries its basis (hover a counter, a hex or a chart cell). Owners of the printed game can "
              "enter the printed values with <tt>darkdec edit</tt>.</p>" if has_reconstructed(module) else "")
    return (f"<h3>Dark December</h3><p>Version {html.escape(version())}</p>"
            f"<p>Module: <b>{html.escape(meta.name)}</b> (format {meta.format_version})<br>"
            f"Content hash: <tt>{html.escape(meta.content_hash)}</tt></p>{_game_notes(game)}{notice}")


def _game_notes(game) -> str:  # noqa: ANN001 (Game)
    if game is None:
        return ""
    from darkdec_qt import gamestore

    notes = gamestore.game_notes(game)
    return "".join(f"<p><b>Note:</b> {html.escape(n)}.</p>" for n in notes)


def show_about(win) -> QMessageBox:  # noqa: ANN001
    box = QMessageBox(win)
    box.setWindowTitle("About Dark December")
    box.setTextFormat(Qt.TextFormat.RichText)
    box.setText(about_text(win.controller.module, win.controller.game))
    box.setStandardButtons(QMessageBox.StandardButton.Ok)
    box.open()
    win.about_box = box
    return box


def build_help_menu(win) -> None:  # noqa: ANN001 (Client)
    """Fill the window's Help menu (created empty by MainWindow._build_menus)."""
    win.add_action("&Help", "help_keys", "&Keys and mouse…", lambda: show_keys(win))
    win.add_action("&Help", "help_guide", "Client &guide", lambda: show_guide(win), "F1")  # Shift+F1: the Rules index (ui/help/rulesindex.py)
    win.menus["&Help"].addSeparator()
    win.add_action("&Help", "about", "&About Dark December…", lambda: show_about(win))

"""Start the scenario editor: ``darkdec edit [module.sqlite] [--screenshot shot.png]``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from darkdec_qt.model.load import DEFAULT_MODULE

SCREENSHOT_HEX = "2516"  # La Roche: a town, roads and a river in view


def run_editor(module_path: str | Path | None = None, screenshot: str | Path | None = None) -> int:
    """Open the editor on a module database (default: the designer's copy of the
    bundled one in the user data directory, made on first use, so that Save never
    overwrites the bundled module). With ``screenshot``, render the window headless
    to that PNG and return."""
    from PySide6.QtWidgets import QApplication

    from darkdec_qt.ui.display import needs_display_error
    from darkdec_qt.ui.map.geometry import load_fonts

    if QApplication.instance() is None and (error := needs_display_error(bool(screenshot))):
        print(error, file=sys.stderr)
        return 2

    import darkdec_qt.ui  # noqa: F401  (PySide6 workaround)
    from editor.document import ModuleDocument
    from editor.mainwindow import EditorWindow
    from editor.usercopy import user_copy, user_module_path

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Dark December Editor")
    load_fonts()
    if module_path is None:
        module_path = DEFAULT_MODULE if screenshot else user_copy()
    doc = ModuleDocument.open(module_path)
    win = EditorWindow(doc)
    win.show()
    if not screenshot and Path(module_path) == user_module_path():
        win.statusBar().showMessage(f"Editing your copy of the bundled module: {module_path}", 15000)
    if screenshot is None:
        return int(app.exec())
    app.processEvents()
    win.view.set_zoom(1.1)
    if doc.get("hex", SCREENSHOT_HEX):
        win.select_hex(SCREENSHOT_HEX, centre=True)
        win._show_hover(SCREENSHOT_HEX)
    win.set_tool("terrain")
    units = doc.table("unit")
    if units:
        win.ob.select_unit(units[0]["id"])
    win.validate()
    win.docks["ob"].raise_()
    from PySide6.QtTest import QTest

    QTest.qWait(200)
    ok = win.grab().save(str(screenshot), "PNG")
    win.close()
    return 0 if ok else 1


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="darkdec edit", description="The Dark December scenario editor")
    p.add_argument("module", nargs="?", default=None,
                   help="module database (default: your copy of the bundled one, in the user data directory)")
    p.add_argument("--screenshot", metavar="PNG", help="render the editor window to a PNG and exit")
    args = p.parse_args(argv)
    return run_editor(args.module, args.screenshot)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

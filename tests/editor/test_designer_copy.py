"""The editor never overwrites the bundled module (no argument: the designer's copy in
the user data directory; Save on the bundled file asks for another), fits the screen,
redoes with Ctrl+Y as with Ctrl+Shift+Z, and marks a hand edit as the designer's
(provenance updated, with the optional note) instead of leaving it "reconstructed"."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from darkdec_qt import cli
from darkdec_qt.model.load import DEFAULT_MODULE
from editor import usercopy
from tests.editor.test_editor_window import centre, drag


def _digest(p: Path) -> str:
    return hashlib.sha256(p.read_bytes()).hexdigest()


def _keys(win, key: Qt.Key, mods: Qt.KeyboardModifier) -> None:
    win.activateWindow()
    QApplication.processEvents()
    win.view.setFocus()
    QTest.keyClick(win.windowHandle(), key, mods)
    for k in (Qt.Key.Key_Shift, Qt.Key.Key_Control):  # QTest leaves a modifier down on a QWindow
        QTest.keyRelease(win.windowHandle(), k, Qt.KeyboardModifier.NoModifier)
    assert QApplication.keyboardModifiers() == Qt.KeyboardModifier.NoModifier


def test_edit_without_argument_works_on_a_user_copy(tmp_path, monkeypatch, built_module):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setattr(usercopy, "DEFAULT_MODULE", built_module)
    args = cli.build_parser().parse_args(["edit"])
    assert args.module is None  # `darkdec edit`: not the bundled path
    copy = usercopy.user_copy(built_module)
    assert copy == tmp_path / "data" / "darkdec" / "modules" / DEFAULT_MODULE.name
    assert _digest(copy) == _digest(built_module)
    copy.write_bytes(b"the designer's work")  # a second call keeps the designer's copy
    assert usercopy.user_copy(built_module) == copy and copy.read_bytes() == b"the designer's work"


def test_plain_save_of_the_bundled_module_asks_for_another_file(qtbot, tmp_path, monkeypatch, built_module):
    from editor.document import ModuleDocument
    from editor.mainwindow import EditorWindow

    bundled = tmp_path / "bundled" / "darkdec.sqlite"
    bundled.parent.mkdir()
    shutil.copy(built_module, bundled)
    monkeypatch.setattr(usercopy, "DEFAULT_MODULE", bundled)
    before = _digest(bundled)
    win = EditorWindow(ModuleDocument.open(bundled))
    win.confirm = lambda title, text: True
    win.ask_unsaved = lambda: "discard"
    asked = []
    target = tmp_path / "mine.sqlite"
    win.choose_file = lambda caption, save: asked.append(caption) or str(target)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    from editor import edits

    edits.paint_terrain(win.doc, "2516", "marsh")
    _keys(win, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert asked == ["Save module as"]
    assert _digest(bundled) == before  # untouched
    assert win.doc.path == target and target.exists()
    assert not win._save_to(bundled)  # even when chosen explicitly
    assert _digest(bundled) == before


def test_window_fits_the_available_screen(window):
    avail = window.screen().availableGeometry()  # 800 x 800 on the offscreen platform
    assert window.width() <= avail.width() and window.height() <= avail.height()
    assert window.minimumSizeHint().width() <= avail.width() and window.minimumSizeHint().height() <= avail.height()
    assert avail.contains(window.geometry())


def test_ctrl_y_and_ctrl_shift_z_redo(window):
    win = window
    win.view.set_zoom(1.0)
    win.view.center_on_hex("2517")
    win.set_tool("terrain")
    win.opt_widgets["terrain"].setCurrentText("marsh")
    old = win.doc.get("hex", "2517")["terrain"]
    drag(win, [centre(win, "2517")])
    ctrl = Qt.KeyboardModifier.ControlModifier
    for mods, key in ((ctrl, Qt.Key.Key_Y), (ctrl | Qt.KeyboardModifier.ShiftModifier, Qt.Key.Key_Z)):
        _keys(win, Qt.Key.Key_Z, ctrl)
        assert win.doc.get("hex", "2517")["terrain"] == old
        _keys(win, key, mods)
        assert win.doc.get("hex", "2517")["terrain"] == "marsh"


def test_a_hand_edit_is_marked_as_the_designers_with_the_note(window):
    win = window
    row = win.doc.get("hex", "2517")
    assert row["reconstructed"] and row["basis"]
    old_basis = row["basis"]
    win.ask_note = lambda current: "printed map, checked by J. D."
    win.act_note.trigger()
    win.view.set_zoom(1.0)
    win.view.center_on_hex("2517")
    win.set_tool("terrain")
    win.opt_widgets["terrain"].setCurrentText("marsh")
    drag(win, [centre(win, "2517")])
    row = win.doc.get("hex", "2517")
    assert row["terrain"] == "marsh"
    assert row["reconstructed"] is False or row["reconstructed"] == 0
    assert row["basis"] == "edited by the designer: printed map, checked by J. D."
    assert not win.scene.module.hexes["2517"].reconstructed
    win.act_undo.trigger()  # undo restores the old provenance too
    again = win.doc.get("hex", "2517")
    assert again["reconstructed"] and again["basis"] == old_basis


def test_counter_and_chart_edits_are_the_designers(window):
    win = window
    uid = win.doc.table("unit")[0]["id"]
    assert win.ob.select_unit(uid)
    assert win.ob.proxy.setData(win.ob.index_of(uid, "fa"), "7")
    unit = win.doc.get("unit", uid)
    assert not unit["reconstructed"] and unit["basis"] == "edited by the designer"
    crt = win.doc.table("crt")[0]
    from editor import edits

    new = "D2" if crt["result"] != "D2" else "D3"
    assert edits.set_crt(win.doc, crt["row"], crt["odds"], new)
    basis = win.doc.meta("charts.basis")
    assert f"[crt {crt['row']}|{crt['odds']}] edited by the designer." in basis
    assert win.doc.module().charts.crt.basis == basis


def test_an_explicit_provenance_edit_is_kept(window):
    win = window
    assert win.doc.update("Set basis", "hex", ("2517",), basis="printed map sheet, 1979")
    row = win.doc.get("hex", "2517")
    assert row["basis"] == "printed map sheet, 1979"


def test_the_edit_command_without_argument_opens_the_user_copy(tmp_path, monkeypatch, built_module):
    """`darkdec edit` (no file) reaches the editor with no module path: it opens the user copy."""
    import editor.app

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    opened = []
    monkeypatch.setattr(editor.app, "run_editor", lambda module, screenshot=None: opened.append(module) or 0)
    assert cli.main(["edit"]) == 0
    assert opened == [None]


def test_saving_the_bundled_module_goes_to_a_save_as_in_the_users_folder(qtbot, tmp_path, monkeypatch,
                                                                          built_module):
    """Ctrl+S on the bundled module opens Save As at a new name in the user's modules folder
    (platformdirs), never in the program's package folder; accepting it saves there."""
    from PySide6.QtWidgets import QFileDialog

    from editor import edits
    from editor.document import ModuleDocument
    from editor.mainwindow import EditorWindow

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    package = tmp_path / "site-packages" / "darkdec_qt" / "resources"
    package.mkdir(parents=True)
    bundled = package / "darkdec.sqlite"
    shutil.copy(built_module, bundled)
    monkeypatch.setattr(usercopy, "DEFAULT_MODULE", bundled)
    before = _digest(bundled)
    offered = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda parent, caption, start, filt: offered.append(start) or (start, filt)))
    win = EditorWindow(ModuleDocument.open(bundled))
    win.confirm = lambda title, text: True
    win.ask_unsaved = lambda: "discard"
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    edits.paint_terrain(win.doc, "2516", "marsh")
    _keys(win, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    mine = tmp_path / "data" / "darkdec" / "modules"
    assert len(offered) == 1 and Path(offered[0]).parent == mine, offered
    assert Path(offered[0]).name != DEFAULT_MODULE.name  # not the designer's own copy either
    assert win.doc.path == Path(offered[0]) and Path(offered[0]).exists()
    assert _digest(bundled) == before and list(package.iterdir()) == [bundled]

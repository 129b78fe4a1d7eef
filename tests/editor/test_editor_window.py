"""pytest-qt drives the real editor window: the map tools with the mouse, the OB
table, a setup drop, the CRT, undo/redo of each, save, reopen, and the CLI."""

from __future__ import annotations

import json

from PySide6.QtCore import QEvent, QMimeData, QPoint, QPointF, Qt
from PySide6.QtGui import QDropEvent, QMouseEvent
from PySide6.QtWidgets import QApplication

from darkdec_qt import cli, hexgrid
from editor.mapedit import UNIT_MIME


def _view_point(win, scene_pt: QPointF) -> QPoint:  # type: ignore[no-untyped-def]
    return win.view.mapFromScene(scene_pt)


def _mouse(win, kind: QEvent.Type, pt: QPoint, button: Qt.MouseButton, buttons: Qt.MouseButton) -> None:  # type: ignore[no-untyped-def]
    vp = win.view.viewport()
    ev = QMouseEvent(kind, QPointF(pt), QPointF(vp.mapToGlobal(pt)), button, buttons,
                     Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(vp, ev)


def drag(win, points: list[QPointF], button: Qt.MouseButton = Qt.MouseButton.LeftButton) -> None:  # type: ignore[no-untyped-def]
    """Press at the first scene point, move through the others, release."""
    pts = [_view_point(win, p) for p in points]
    _mouse(win, QEvent.Type.MouseButtonPress, pts[0], button, button)
    for p in pts[1:]:
        _mouse(win, QEvent.Type.MouseMove, p, Qt.MouseButton.NoButton, button)
    _mouse(win, QEvent.Type.MouseButtonRelease, pts[-1], button, Qt.MouseButton.NoButton)


def centre(win, hex_id: str) -> QPointF:  # type: ignore[no-untyped-def]
    return win.scene.hex_center(hex_id)


def cli_json(capsys, *args: str):  # type: ignore[no-untyped-def]
    capsys.readouterr()
    assert cli.main(["module", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_paint_terrain_with_a_drag_is_one_undo_step(window) -> None:  # type: ignore[no-untyped-def]
    win = window
    win.view.set_zoom(1.0)
    win.view.center_on_hex("2517")
    win.set_tool("terrain")
    win.opt_widgets["terrain"].setCurrentText("marsh")
    hexes = ["2516", "2517", "2518"]
    before = {h: win.doc.get("hex", h)["terrain"] for h in hexes}
    drag(win, [centre(win, h) for h in hexes])
    assert all(win.doc.get("hex", h)["terrain"] == "marsh" for h in hexes)
    assert win.scene.module.hexes["2517"].terrain == "marsh"  # the map shows it at once
    assert win.doc.undo_stack.count() == 1
    assert win.doc.undo_stack.undoText() == "Paint 3 hexes marsh"
    assert win.isWindowModified()
    win.act_undo.trigger()
    assert {h: win.doc.get("hex", h)["terrain"] for h in hexes} == before
    assert win.scene.module.hexes["2517"].terrain == before["2517"]
    assert not win.isWindowModified()
    win.act_redo.trigger()
    assert win.doc.get("hex", "2517")["terrain"] == "marsh"


def test_draw_a_river_and_a_road(window, capsys) -> None:  # type: ignore[no-untyped-def]
    win = window
    win.view.set_zoom(1.0)
    win.view.center_on_hex("1010")
    a, b = "1010", "1011"  # 1011 is south of 1010
    ca, cb = centre(win, a), centre(win, b)
    near_side = QPointF(ca.x() + (cb.x() - ca.x()) * 0.4, ca.y() + (cb.y() - ca.y()) * 0.4)
    win.set_tool("river")
    win.opt_widgets["river_kind"].setCurrentText("major")
    drag(win, [near_side])
    hs = win.doc.get("hexside", a, b)
    assert hs is not None and hs["river"] == "major"
    assert win.doc.undo_stack.undoText() == f"Draw major river {a}-{b}"
    win.act_undo.trigger()
    assert win.doc.get("hexside", a, b) is None
    win.act_redo.trigger()
    # a road from 1010 through 1110 to 1210 with road id X9
    win.set_tool("road")
    win.opt_widgets["road_id"].setText("X9")
    path = ["1010", "1110", "1210"]
    assert all(hexgrid.are_adjacent(p, q) for p, q in zip(path, path[1:]))
    drag(win, [centre(win, h) for h in path])
    assert win.doc.get("road", "1010", "1110", "X9") and win.doc.get("road", "1110", "1210", "X9")
    assert win.doc.undo_stack.undoText() == "Draw road X9 over 2 segments"
    win.act_undo.trigger()
    assert win.doc.get("road", "1010", "1110", "X9") is None
    win.act_redo.trigger()
    assert win.save()
    info = cli_json(capsys, "hex", "1110", "--module", str(win.doc.path))
    assert "X9" in info["roads"]["1010"] and "X9" in info["roads"]["1210"]
    info = cli_json(capsys, "hex", a, "--module", str(win.doc.path))
    assert info["rivers"][b] == "major"


def test_edit_counter_strength_in_the_ob_table(window, capsys) -> None:  # type: ignore[no-untyped-def]
    win = window
    uid = win.doc.table("unit")[0]["id"]
    assert win.ob.select_unit(uid)
    idx = win.ob.index_of(uid, "fa")
    assert win.ob.proxy.setData(idx, "7")
    assert win.doc.get("unit", uid)["fa"] == 7
    assert win.doc.undo_stack.undoText() == f"Set {uid} attack 7"
    assert win.ob.preview.spec is not None and win.ob.preview.spec.full[0] == 7
    assert not win.ob.proxy.setData(idx, "lots")  # refused, with a message
    assert "not a number" in win.statusBar().currentMessage()
    win.act_undo.trigger()
    assert win.doc.get("unit", uid)["fa"] != 7
    win.act_redo.trigger()
    assert win.save()
    units = {u["id"]: u for u in cli_json(capsys, "units", "--module", str(win.doc.path))}
    assert units[uid]["full"][0] == 7


def test_ob_filters_and_add_duplicate_remove(window) -> None:  # type: ignore[no-untyped-def]
    ob = window.ob
    total = ob.proxy.rowCount()
    ob.filter_boxes["side"].setCurrentIndex(ob.filter_boxes["side"].findData("German"))
    assert 0 < ob.proxy.rowCount() < total
    ob.filter_boxes["side"].setCurrentIndex(0)
    ob.search.setText("1SS")
    assert ob.proxy.rowCount() < total
    ob.search.clear()
    uid = window.doc.table("unit")[0]["id"]
    ob.select_unit(uid)
    ob.duplicate_unit()
    assert window.doc.get("unit", f"{uid} copy") is not None
    assert ob.current_unit() == f"{uid} copy"
    ob.remove_units()
    assert window.doc.get("unit", f"{uid} copy") is None
    ob.add_unit()
    assert window.doc.get("unit", "new unit") is not None
    assert ob.proxy.rowCount() == total + 1


def test_place_a_unit_by_dropping_it_on_a_hex(window, capsys) -> None:  # type: ignore[no-untyped-def]
    win = window
    uid = next(u["id"] for u in win.doc.table("unit") if u["setup"] != "2516")
    win.view.set_zoom(1.0)
    win.view.center_on_hex("2516")
    md = QMimeData()
    md.setData(UNIT_MIME, uid.encode())
    pt = QPointF(_view_point(win, centre(win, "2516")))
    drop = QDropEvent(pt, Qt.DropAction.CopyAction, md, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    win.view.dropEvent(drop)
    assert win.doc.get("unit", uid)["setup"] == "2516"
    assert any(spec.id == uid for spec, _r, _m in win.scene.units_at("2516"))
    win.act_undo.trigger()
    assert win.doc.get("unit", uid)["setup"] != "2516"
    assert not any(spec.id == uid for spec, _r, _m in win.scene.units_at("2516"))
    win.act_redo.trigger()
    # in a scenario's own setup list, marked fortified
    win.setups.set_scenario("campaign")
    win.view.dropEvent(drop)
    assert win.doc.get("scenario_setup", "campaign", uid)["location"] == "2516"
    assert win.save()
    units = {u["id"]: u for u in cli_json(capsys, "units", "--module", str(win.doc.path))}
    assert units[uid]["setup"] == "2516"


def test_crt_cell_edit_and_refusal(window) -> None:  # type: ignore[no-untyped-def]
    win = window
    idx = win.charts.crt_index(4, "3:1")
    old = win.doc.get("crt", 4, "3:1")["result"]
    new = "D3" if old != "D3" else "D4"
    assert win.charts.crt.setData(idx, new)
    assert win.doc.undo_stack.undoText() == f"CRT 4/3:1 {new}"
    assert not win.charts.crt.setData(idx, "X7")
    assert "not a CRT result code" in win.charts.message.text()
    assert win.doc.get("crt", 4, "3:1")["result"] == new
    win.act_undo.trigger()
    assert win.doc.get("crt", 4, "3:1")["result"] == old
    win.act_redo.trigger()
    assert win.save()
    from darkdec_qt.model.load import load_module

    assert load_module(win.doc.path).charts.crt.results[(4, "3:1")] == new


def test_save_reopen_shows_the_change(window, capsys, tmp_path) -> None:  # type: ignore[no-untyped-def]
    win = window
    win.set_tool("terrain")
    win.opt_widgets["terrain"].setCurrentText("woods")
    win.view.center_on_hex("2516")
    drag(win, [centre(win, "2516")])
    assert win.doc.undo_stack.undoText() == "Paint 2516 woods"
    out = tmp_path / "new.sqlite"
    assert win.save_as(out)  # invalid (anchor 4.1.2B), saved anyway as work in progress
    assert win.windowTitle().startswith("new.sqlite")
    assert cli_json(capsys, "hex", "2516", "--module", str(out))["terrain"] == "woods"
    assert win.open_file(out)
    assert win.doc.get("hex", "2516")["terrain"] == "woods"
    assert win.doc.undo_stack.count() == 0


def test_invalid_module_save_can_be_declined(window) -> None:  # type: ignore[no-untyped-def]
    from editor import edits

    edits.paint_terrain(window.doc, "2516", "woods")
    window.confirm = lambda title, text: False
    assert not window.save()
    assert window.isWindowModified()


def test_validation_lists_a_planted_problem_and_clicking_selects_the_hex(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    from editor import edits

    edits.set_hex(window.doc, "3022", town="Nowhere")  # 4.2.2D: 3022 must be Bastogne
    problems = window.validate()
    assert any(p.where == "3022" for p in problems)
    lw = window.problems.list
    row = next(i for i in range(lw.count()) if lw.item(i).text().startswith("3022"))
    rect = lw.visualItemRect(lw.item(row))
    window.docks["problems"].raise_()
    lw.scrollToItem(lw.item(row))
    rect = lw.visualItemRect(lw.item(row))
    qtbot.mouseClick(lw.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.selected_hex == "3022"
    assert window.properties.hex_id == "3022"
    assert window.scene.highlight.values() == {"3022": 1.0}


def test_close_asks_before_discarding(window) -> None:  # type: ignore[no-untyped-def]
    from editor import edits

    edits.paint_terrain(window.doc, "2516", "woods")
    asked = []
    window.ask_unsaved = lambda: asked.append(1) or "cancel"
    assert not window.close()
    assert asked and window.isVisible()
    window.ask_unsaved = lambda: "discard"
    assert window.close()


def test_select_tool_click_selects_and_properties_edit(window) -> None:  # type: ignore[no-untyped-def]
    win = window
    win.select_hex("2516")
    win.properties.westwall.click()
    assert win.doc.get("hex", "2516")["westwall"] is True
    assert win.doc.undo_stack.undoText() == "Set 2516 Westwall"
    # a hand edit is the designer's: no longer reconstructed (editor/document.py)
    assert win.doc.get("hex", "2516")["reconstructed"] is False
    assert win.doc.get("hex", "2516")["basis"] == "edited by the designer"
    win.properties.recon.click()  # the designer may still declare it reconstructed
    assert win.doc.get("hex", "2516")["reconstructed"] is True
    win.act_undo.trigger()
    win.act_undo.trigger()
    assert win.doc.get("hex", "2516")["westwall"] is False


def test_victory_json_validation(window) -> None:  # type: ignore[no-untyped-def]
    s = window.setups
    s.set_scenario("campaign")
    s.victory.setPlainText("{broken")
    assert not s.victory_apply.isEnabled()
    assert "Invalid" in s.victory_status.text()
    s.victory.setPlainText('{"levels": []}')
    s.apply_victory()
    assert json.loads(window.doc.get("scenario", "campaign")["victory"]) == {"levels": []}


def test_screenshot(module_path, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from editor.app import run_editor

    out = tmp_path / "editor.png"
    assert run_editor(module_path, screenshot=out) == 0
    assert out.stat().st_size > 50_000


def test_a_module_changed_outside_the_editor_is_flagged_on_open_and_sealed_by_save(window, module_path, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """File safety: every entry point checks the integrity of what it opens. The game refuses
    a module whose stored hash is not its content's; the editor opens it (to repair it)
    but says so, in the title bar's file label and the status bar, until Save re-seals it."""
    import shutil
    import sqlite3

    from darkdec_qt.model.database import read_database

    assert "changed outside" not in window.file_label.text()  # the untouched copy: no warning
    tampered = tmp_path / "tampered.sqlite"
    shutil.copy(module_path, tampered)
    with sqlite3.connect(tampered) as con:
        con.execute("UPDATE unit SET fa = 40 WHERE id = '2/1SS'")
    con.close()
    assert window.open_file(tampered)
    assert "changed outside the editor" in window.file_label.text()
    assert "not the content's" in window.file_label.toolTip()
    assert "changed outside the editor" in window.statusBar().currentMessage()
    assert window.save()
    assert "changed outside" not in window.file_label.text() and not window.file_label.toolTip()
    read_database(tampered)  # sealed again: the game's strict reader accepts it


def test_f1_shows_the_editor_guide_from_the_package_data(qtbot, window):
    """The guide ships inside the package (resources/guides/editor.md), so an installed
    editor shows it too."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QTextBrowser

    window.show()
    qtbot.waitExposed(window)
    QTest.keyClick(window, Qt.Key.Key_F1)
    dlg = window.guide_dialog
    assert dlg.isVisible()
    text = dlg.findChild(QTextBrowser).toPlainText()
    assert "editor" in text.lower() and len(text) > 2000

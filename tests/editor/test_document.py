"""The editor's document and actions without widgets: undo/redo of every kind of
edit, brush strokes merged, refused values, save, and the text round trip."""

from __future__ import annotations

import pytest

from darkdec_qt.model.database import read_database, stored_hash, write_database
from darkdec_qt.model.load import load_module
from darkdec_qt.model.sources import read_sources
from editor import edits
from editor.document import ModuleDocument


@pytest.fixture
def doc(module_path):  # type: ignore[no-untyped-def]
    return ModuleDocument.open(module_path)


def test_paint_undo_redo_and_description(doc: ModuleDocument) -> None:
    before = doc.get("hex", "2516")["terrain"]
    assert edits.paint_terrain(doc, "2516", "woods")
    assert doc.undo_stack.undoText() == "Paint 2516 woods"
    assert doc.is_modified
    doc.undo_stack.undo()
    assert doc.get("hex", "2516")["terrain"] == before
    assert not doc.is_modified
    doc.undo_stack.redo()
    assert doc.get("hex", "2516")["terrain"] == "woods"


def test_one_brush_stroke_is_one_undo_step(doc: ModuleDocument) -> None:
    old = {h: doc.get("hex", h)["terrain"] for h in ("2516", "2517", "2518")}
    for h in old:
        edits.paint_terrain(doc, h, "marsh", stroke=99)
    assert doc.undo_stack.count() == 1
    assert doc.undo_stack.undoText() == "Paint 3 hexes marsh"
    doc.undo_stack.undo()
    assert {h: doc.get("hex", h)["terrain"] for h in old} == old


def test_flood_fill_fills_the_connected_area(doc: ModuleDocument) -> None:
    area = edits.flood_fill(doc, "2516", "marsh")
    assert "2516" in area and all(doc.get("hex", h)["terrain"] == "marsh" for h in area)
    doc.undo_stack.undo()
    assert doc.get("hex", "2516")["terrain"] == "clear"


def test_unknown_crt_result_is_refused(doc: ModuleDocument) -> None:
    with pytest.raises(edits.EditRefused, match="not a CRT result code"):
        edits.set_crt(doc, 4, "3:1", "D9")
    assert edits.set_crt(doc, 4, "3:1", "d3")
    assert doc.get("crt", 4, "3:1")["result"] == "D3"
    assert doc.undo_stack.undoText() == "CRT 4/3:1 D3"


def test_two_unconnected_roads_in_one_hex(doc: ModuleDocument) -> None:
    roads = edits.roads_in(doc, "2516")
    assert len(roads) >= 2
    edits.set_crossing(doc, "2516", roads[0], roads[1], True)
    m = doc.module()
    assert not m.roads_connect("2516", roads[0], roads[1])
    with pytest.raises(edits.EditRefused):
        edits.set_crossing(doc, "2516", roads[0], "NOPE", True)


def test_rename_and_remove_unit_keep_setups_consistent(doc: ModuleDocument) -> None:
    uid = doc.table("unit")[0]["id"]
    edits.place_unit(doc, "campaign", uid, "2516")
    edits.rename_unit(doc, uid, "renamed")
    assert doc.get("scenario_setup", "campaign", "renamed")["location"] == "2516"
    edits.remove_units(doc, ["renamed"])
    assert doc.get("scenario_setup", "campaign", "renamed") is None
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert doc.get("unit", uid) and doc.get("scenario_setup", "campaign", uid)


def test_hexside_marks_need_a_river(doc: ModuleDocument) -> None:
    with pytest.raises(edits.EditRefused, match="no river"):
        edits.set_hexside_flag(doc, "1010", "1011", "bridge", True)
    edits.draw_river(doc, "1010", "1011", "minor")
    edits.set_hexside_flag(doc, "1010", "1011", "demolished", True)
    hs = doc.get("hexside", "1010", "1011")
    assert hs["river"] == "minor" and hs["bridge"] and hs["demolished"]


def test_scenario_json_is_checked(doc: ModuleDocument) -> None:
    with pytest.raises(edits.EditRefused, match="JSON"):
        edits.set_scenario(doc, "campaign", "victory", "{not json")
    edits.set_scenario(doc, "campaign", "optional_rules", ["14", "15"])
    assert load_module  # the module still builds
    assert doc.module().scenarios["campaign"].optional_rules == ("14", "15")


def test_save_then_reopen_and_hash(doc: ModuleDocument, tmp_path) -> None:  # type: ignore[no-untyped-def]
    edits.set_unit(doc, doc.table("unit")[0]["id"], "fa", 9)
    digest = doc.save(tmp_path / "out.sqlite")
    assert not doc.is_modified
    rows = read_database(tmp_path / "out.sqlite")
    assert stored_hash(rows) == digest
    assert load_module(tmp_path / "out.sqlite").units[doc.table("unit")[0]["id"]].full[0] == 9


def test_round_trip_database_text_database_same_hash(doc: ModuleDocument, tmp_path) -> None:  # type: ignore[no-untyped-def]
    edits.paint_terrain(doc, "2516", "woods")
    digest = doc.save(tmp_path / "a.sqlite")
    doc.export_sources(tmp_path / "src")
    assert write_database(read_sources(tmp_path / "src"), tmp_path / "b.sqlite") == digest
    other = ModuleDocument()
    other.import_sources(tmp_path / "src")
    assert other.is_modified  # imported, not saved yet
    assert other.save(tmp_path / "c.sqlite") == digest

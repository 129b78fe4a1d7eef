"""The module database: build determinism, round trip, loading, validation, errors."""

from __future__ import annotations

import copy
import shutil
from pathlib import Path

import pytest

from darkdec_qt.model.database import DatabaseError, read_database, write_database
from darkdec_qt.model.load import DATA_DIR, DEFAULT_MODULE, load_module, module_from_rows
from darkdec_qt.model.sources import SourceError, read_sources, write_sources
from darkdec_qt.model.validate import ANCHORS, validate


@pytest.fixture(scope="module")
def rows():
    return read_sources(DATA_DIR)


@pytest.fixture(scope="module")
def built(tmp_path_factory, rows):
    path = tmp_path_factory.mktemp("db") / "m.sqlite"
    digest = write_database(rows, path)
    return path, digest


def test_build_is_deterministic(tmp_path, rows, built):
    _, digest = built
    again = write_database(read_sources(DATA_DIR), tmp_path / "again.sqlite")
    assert again == digest


def test_committed_database_matches_sources(built):
    """The bundled module (darkdec_qt/resources/darkdec.sqlite) is committed: it must be the build of data/."""
    _, digest = built
    assert load_module(DEFAULT_MODULE).meta.content_hash == digest


def test_round_trip_database_text_database(tmp_path, built):
    path, digest = built
    write_sources(read_database(path), tmp_path / "src")
    assert write_database(read_sources(tmp_path / "src"), tmp_path / "rt.sqlite") == digest


def test_load_gives_immutable_module(built):
    m = load_module(built[0])
    assert m.meta.format_version == 1
    assert len(m.hexes) > 1500
    h = m.hexes["2516"]
    with pytest.raises(AttributeError):
        h.terrain = "woods"  # type: ignore[misc]


def test_bundled_module_is_valid(built):
    problems = validate(load_module(built[0]))
    assert problems == [], "\n".join(map(str, problems))


@pytest.mark.parametrize("anchor", ANCHORS, ids=lambda a: f"{a.hex}-{a.check}")
def test_anchor_holds(built, anchor):
    from darkdec_qt.model.validate import _check_anchor

    assert _check_anchor(load_module(built[0]), anchor) is None


def test_middleton_sets_up_in_3022(built):
    """4.2.2D"""
    m = load_module(built[0])
    assert m.units["Middleton"].setup == "3022"


# --- validation finds each kind of problem in a broken copy -------------------------


def _problems(rows, mutate):
    broken = copy.deepcopy(rows)
    mutate(broken)
    return {p.kind for p in validate(module_from_rows(broken))}


def test_detects_dangling_road(rows):
    kinds = _problems(rows, lambda r: r["road"].append({"a": "2516", "b": "9999", "road": "X", "reconstructed": True, "basis": ""}))
    assert "dangling-road" in kinds


def test_detects_road_between_non_adjacent_hexes(rows):
    kinds = _problems(rows, lambda r: r["road"].append({"a": "1010", "b": "1012", "road": "X", "reconstructed": True, "basis": ""}))
    assert "dangling-road" in kinds


def test_detects_river_between_non_adjacent_hexes(rows):
    row = {"a": "1010", "b": "1212", "river": "minor", "river_name": "X", "bridge": False, "ford": False,
           "demolished": False, "reconstructed": True, "basis": ""}
    assert "river-not-adjacent" in _problems(rows, lambda r: r["hexside"].append(row))


def test_detects_unit_without_setup_or_arrival(rows):
    def mutate(r):
        u = next(u for u in r["unit"] if u["id"] == "99/393")
        u["setup"] = ""
        u["arrival"] = ""

    assert "no-setup" in _problems(rows, mutate)


def test_detects_setup_off_map(rows):
    def mutate(r):
        next(u for u in r["unit"] if u["id"] == "99/393")["setup"] = "9999"

    assert "setup-off-map" in _problems(rows, mutate)


def test_detects_allied_setup_in_german_army_area(rows):
    def mutate(r):
        army_hex = next(h["hex"] for h in r["hex"] if h["army"] == "5PZA")
        next(u for u in r["unit"] if u["id"] == "99/393")["setup"] = army_hex

    assert "setup-in-enemy-area" in _problems(rows, mutate)


def test_detects_crt_gap_and_bad_code(rows):
    def gap(r):
        r["crt"] = r["crt"][1:]

    assert "crt-gap" in _problems(rows, gap)

    def bad(r):
        r["crt"][0]["result"] = "D9"

    assert "crt-bad-result" in _problems(rows, bad)


def test_detects_crt_dice_gap(rows):
    def mutate(r):
        r["crt_dice"] = [d for d in r["crt_dice"] if not (d["column"] == "tactical" and d["roll"] == 7)]

    assert "crt-gap" in _problems(rows, mutate)


def test_detects_tec_gap(rows):
    def mutate(r):
        r["tec"] = [t for t in r["tec"] if t["feature"] != "dense_forest"]

    assert "tec-gap" in _problems(rows, mutate)


def test_detects_violated_anchor(rows):
    def mutate(r):
        next(h for h in r["hex"] if h["hex"] == "2516")["terrain"] = "woods"  # errata 4.1.2B says clear

    assert "anchor" in _problems(rows, mutate)


# --- bad input gets a clear error and loses nothing -----------------------------------


def test_malformed_csv_names_file_and_line(tmp_path):
    src = tmp_path / "data"
    shutil.copytree(DATA_DIR, src, ignore=shutil.ignore_patterns("*.sqlite"))
    units = src / "units.csv"
    lines = units.read_text().splitlines()
    cells = lines[3].split(",")
    header = lines[0].split(",")
    cells[header.index("fa")] = "three"
    lines[3] = ",".join(cells)
    units.write_text("\n".join(lines) + "\n")
    with pytest.raises(SourceError, match=r"units\.csv:4: column 'fa'"):
        read_sources(src)


def test_failed_build_keeps_previous_database(tmp_path, rows, built):
    target = tmp_path / "m.sqlite"
    shutil.copy(built[0], target)
    before = target.read_bytes()
    bad = copy.deepcopy(rows)
    bad["hex"].append(dict(bad["hex"][0]))  # duplicate primary key
    with pytest.raises(ValueError):
        write_database(bad, target)
    assert target.read_bytes() == before
    assert not list(tmp_path.glob(".build-*"))


def test_corrupt_database_gives_clear_error(tmp_path):
    p = tmp_path / "bad.sqlite"
    p.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(DatabaseError, match="bad.sqlite"):
        load_module(p)


def test_database_with_bad_value_names_table(tmp_path, built):
    import sqlite3

    p = tmp_path / "m.sqlite"
    shutil.copy(built[0], p)
    con = sqlite3.connect(p)
    con.execute("UPDATE unit SET fa = 'x' WHERE id = '99/393'")
    con.commit()
    con.close()
    # file safety: text in an integer column is refused on read, naming table, row and column
    with pytest.raises(DatabaseError, match=r"table 'unit' row \d+: column 'fa' must be an integer, holds 'x'"):
        read_database(p, verify_hash=False)


def test_missing_database(tmp_path):
    with pytest.raises(DatabaseError, match="no such module"):
        load_module(tmp_path / "none.sqlite")


def test_source_folder_path_is_data():
    assert (Path(DATA_DIR) / "module.toml").exists()


def test_content_hash_ignores_row_order(rows):
    from darkdec_qt.model.database import content_hash

    shuffled = {t: list(reversed(v)) for t, v in rows.items()}
    assert content_hash(shuffled) == content_hash(rows)

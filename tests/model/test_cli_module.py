"""``darkdec module ...`` on the bundled module."""

from __future__ import annotations

import json

import pytest

from darkdec_qt.cli import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_hex_json_shape(capsys):
    code, out, _ = run(capsys, "module", "hex", "2516", "--json")
    assert code == 0
    d = json.loads(out)
    assert d["hex"] == "2516"
    assert d["terrain"] == "clear" and d["town"] == "La Roche"  # errata 4.1.2B
    for key in ("westwall", "edge", "roads", "rivers", "bridges"):
        assert key in d
    assert all(len(k) == 4 for k in d["roads"])
    assert set(d["bridges"]) <= set(d["rivers"])


def test_hex_unknown(capsys):
    code, _, err = run(capsys, "module", "hex", "9999")
    assert code == 2 and "9999" in err


def test_units_json(capsys):
    code, out, _ = run(capsys, "module", "units", "--json")
    assert code == 0
    units = json.loads(out)
    by_id = {u["id"]: u for u in units}
    for key in ("id", "side", "nationality", "division", "type", "size", "full", "reduced", "setup", "arrival", "flags", "reconstructed"):
        assert key in units[0]
    assert by_id["99/393"]["side"] == "Allied"
    assert by_id["316/212"]["side"] == "German"
    assert {u["side"] for u in units} == {"German", "Allied"}


def test_towns_json(capsys):
    code, out, _ = run(capsys, "module", "towns", "--json")
    towns = {t["name"]: t["hex"] for t in json.loads(out)}
    assert code == 0
    assert towns["La Roche"] == "2516"
    assert towns["Bastogne"] == "3022"
    for name in ("Spa", "Elsenborn", "Monschau", "Rocherath", "Malmedy", "St. Vith", "Vielsalm", "Houffalize",
                 "Marche", "Hotton", "Celles", "Rochefort", "St. Hubert", "Echternach", "Ettelbruck"):
        assert name in towns, name


def test_info_and_validate(capsys):
    code, out, _ = run(capsys, "module", "info", "--json")
    info = json.loads(out)
    assert code == 0 and info["hexes"] > 1500 and len(info["content_hash"]) == 64
    code, out, _ = run(capsys, "module", "validate")
    assert code == 0, out


def test_validate_exits_1_on_problems(capsys, tmp_path):
    import shutil
    import sqlite3

    from darkdec_qt.model.load import DEFAULT_MODULE

    p = tmp_path / "m.sqlite"
    shutil.copy(DEFAULT_MODULE, p)
    con = sqlite3.connect(p)
    con.execute("UPDATE hex SET terrain='woods' WHERE hex='1010'")  # errata 4.1.2C says clear
    con.commit()
    con.close()
    code, out, _ = run(capsys, "module", "validate", "--module", str(p))
    assert code == 1
    assert "1010" in out and "4.1.2C" in out
    assert len(out.strip().splitlines()) >= 1


def test_bad_module_file_is_a_clear_error(capsys, tmp_path):
    p = tmp_path / "junk.sqlite"
    p.write_text("junk" * 1000)
    code, _, err = run(capsys, "module", "info", "--module", str(p))
    assert code == 2 and "junk.sqlite" in err


@pytest.mark.parametrize("argv", [["module", "build", "--out", "X"]])
def test_build_from_malformed_sources_errors_cleanly(capsys, tmp_path, argv):
    d = tmp_path / "data"
    d.mkdir()
    (d / "module.toml").write_text("name = 'x'\n")
    code, _, err = run(capsys, "module", "build", "--data", str(d), "--out", str(tmp_path / "o.sqlite"))
    assert code == 2 and "module.toml" in err
    assert not (tmp_path / "o.sqlite").exists()


def test_render_draws_the_whole_map(capsys, tmp_path):
    out = tmp_path / "map.png"
    code, text, _ = run(capsys, "module", "render", "--out", str(out), "--scale", "0.1")
    assert code == 0 and out.exists()
    from PySide6.QtGui import QImage

    img = QImage(str(out))
    assert img.width() > 100 and img.height() > 60
    assert img.width() > img.height()  # 58 columns by 33 rows: wider than tall


def test_export_then_build_round_trip(capsys, tmp_path):
    from darkdec_qt.model.load import DEFAULT_MODULE, load_module

    code, _, _ = run(capsys, "module", "export", "--out", str(tmp_path / "src"))
    assert code == 0
    code, text, _ = run(capsys, "module", "build", "--data", str(tmp_path / "src"), "--out", str(tmp_path / "m.sqlite"))
    assert code == 0
    assert load_module(tmp_path / "m.sqlite").meta.content_hash == load_module(DEFAULT_MODULE).meta.content_hash

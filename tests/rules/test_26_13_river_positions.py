"""26.13B: the river positions of Montgomery's withdrawal on the real map (west of the Meuse,
south of the Sûre, north of the Amblève, south of the Semois) and the distance to them. The
module remembers both (module_memo): each test forgets them first, so it reads them as the code
computes them now."""

from __future__ import annotations

from darkdec_qt import hexgrid
from darkdec_qt.rules.core.tables import tables
from darkdec_qt.rules.scenarios import montgomery as mg
from darkdec_qt.rules.scenarios.victory import west_of_meuse
from tests.rules.conftest_real import init


def _state():
    st = init("26.13")
    memos = tables(st.module).memos
    memos.pop("withdrawal_lines", None)
    memos.pop("line_distance", None)
    return st


def test_26_13B_even_columns_sit_half_a_hex_lower():
    assert mg._y("0201") == 1.5 and mg._y("0301") == 1.0 and mg._y("2604") == 4.5


def test_26_13B_each_position_is_the_bank_on_its_named_side_of_its_river():
    st = _state()
    lines = mg.withdrawal_lines(st)
    assert set(lines) == {"Meuse", "Sûre", "Amblève", "Semois"}
    beside = {("Meuse", "0121", "0221"), ("Sûre", "2426", "2425"), ("Amblève", "2603", "2604"),
              ("Semois", "0228", "0227")}  # (river, the bank of the position, the other bank)
    for river, ours, theirs in beside:
        assert ours in lines[river] and theirs not in lines[river], river
    side = {"Meuse": lambda a, b: hexgrid.parse_hex_id(a)[0] < hexgrid.parse_hex_id(b)[0],
            "Sûre": lambda a, b: mg._y(a) > mg._y(b), "Semois": lambda a, b: mg._y(a) > mg._y(b),
            "Amblève": lambda a, b: mg._y(a) < mg._y(b)}
    for a, sds in tables(st.module).sides.items():
        for sd in sds:
            if sd.river_name in side and side[sd.river_name](a, sd.b):
                assert a in lines[sd.river_name], (sd.river_name, a, sd.b)
    for river, hexes in lines.items():
        for h in hexes:
            assert any(sd.river_name == river and side[river](h, sd.b) for sd in tables(st.module).sides[h]), h
    assert mg.withdrawal_lines(st) is lines  # remembered with the module


def test_26_13B_distance_to_a_position_zero_on_it_and_anywhere_west_of_the_meuse():
    st = _state()
    lines = mg.withdrawal_lines(st)
    beyond = next(h for h in sorted(st.module.hexes) if west_of_meuse(st, h) and h not in lines["Meuse"])
    assert mg.line_distance(st, "Meuse", beyond) == 0
    assert mg.line_distance(st, "Sûre", beyond) == min(hexgrid.distance(beyond, x) for x in lines["Sûre"]) > 0
    on = sorted(lines["Amblève"])[0]
    assert mg.line_distance(st, "Amblève", on) == 0
    h = "3010"
    for river in lines:
        want = min(hexgrid.distance(h, x) for x in lines[river])
        assert mg.line_distance(st, river, h) == want > 0, river
        assert mg.line_distance(st, river, h) == want  # asked again: the remembered answer

"""Facts that depend on the map alone (the Meuse's west bank for 23.0B and the victory levels,
the 26.13B withdrawal lines) are remembered with the module itself (``tables.module_memo``), not
under the module's ``id``, which a module built after another was freed may reuse. (The reuse
itself cannot be provoked reliably; these tests pin that each module answers from its own map and
keeps its answer in its own memo.)"""

from __future__ import annotations

from darkdec_qt import hexgrid
from darkdec_qt.rules.core.tables import tables
from darkdec_qt.rules.scenarios import montgomery, victory
from tests.rules.builder import ScenarioBuilder
from tests.rules.test_10_9_restricted import meuse_map


def _meuse_at(col: int):
    b = ScenarioBuilder(14, 10)
    for r in range(1, 11):
        a = f"{col:02d}{r:02d}"
        for n in hexgrid.neighbours(a):
            if n.startswith(f"{col + 1:02d}"):
                b.river(a, n, "major", bridge=True, name="Meuse")
    b.unit("G", "German", "infantry", (4, 4, 5), at="1209")
    return b.state(turn="24DecAM", side="German")


def test_23_0B_each_module_answers_west_of_the_meuse_from_its_own_map():
    east, west = meuse_map(), _meuse_at(8)
    assert not victory.west_of_meuse(east, "0605")  # the Meuse runs between columns 4 and 5
    assert victory.west_of_meuse(west, "0605")  # here between columns 8 and 9
    assert victory.near_meuse(west, "0905", 0) and not victory.near_meuse(east, "0905", 0)
    assert "meuse" in tables(east.module).memos and "meuse" in tables(west.module).memos
    assert tables(east.module).memos["meuse"] != tables(west.module).memos["meuse"]


def test_26_13B_withdrawal_lines_are_remembered_with_their_module():
    st, other = meuse_map(), _meuse_at(8)
    lines = montgomery.withdrawal_lines(st)
    assert lines["Meuse"] and all(h.startswith("04") for h in lines["Meuse"])  # the west bank (26.13B)
    assert all(h.startswith("08") for h in montgomery.withdrawal_lines(other)["Meuse"])
    assert tables(st.module).memos["withdrawal_lines"]["lines"] is lines
    assert montgomery.withdrawal_lines(st) is lines  # asked again: the remembered answer

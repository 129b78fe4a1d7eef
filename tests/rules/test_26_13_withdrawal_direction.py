"""26.13B-C, E on the function that judges a withdrawal move (montgomery.withdrawal_move_problem)
and the limits the destinations search keeps to (withdrawal_search_limits), on a small map
built here: the Sûre between rows 7 and 8 (its position is row 8, the south bank) and the Meuse
west of column 2 (its position column 1)."""

from __future__ import annotations

from darkdec_qt import hexgrid
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.engine import execute
from darkdec_qt.rules.scenarios import montgomery as mg
from tests.rules.builder import ScenarioBuilder


def _map(start="0503", meuse=False, declare=True, side="Allied"):
    b = ScenarioBuilder(10, 10, terrain="woods")
    for c in range(1, 11):
        b.river(hexgrid.format_hex_id(c, 7), hexgrid.format_hex_id(c, 8), "minor", bridge=True, name="Sûre")
    if meuse:
        for r in range(1, 11):
            for n in hexgrid.neighbours(hexgrid.format_hex_id(1, r)):
                if n.startswith("02"):
                    b.river(hexgrid.format_hex_id(1, r), n, "major", bridge=True, name="Meuse")
    b.unit("A", "Allied", "infantry", (3, 4, 8), at=start)
    b.unit("B", "Allied", "infantry", (3, 4, 8), at=start)
    b.unit("G", "German", at="1001")
    st = b.state(turn="20DecAM", side=side, phase=Phase.MOVEMENT)
    st.variants = frozenset({"26.13"})
    if declare:
        execute(st, mg.DeclareWithdrawal())
    return st


def test_26_13A_only_a_declared_withdrawal_limits_allied_moves():
    st = _map(declare=False)
    away = ("0503", "0502")
    assert not mg.montgomery_withdrawal(st)
    assert mg.withdrawal_move_problem(st, ("A",), away) is None
    assert mg.withdrawal_search_limits(st, ("A",)) is None
    st = _map()
    assert mg.montgomery_withdrawal(st)
    assert mg.withdrawal_move_problem(st, ("A",), away) is not None
    assert mg.withdrawal_move_problem(st, ("G",), ("1001", "1002")) is None  # 26.13B names Allied units
    assert mg.withdrawal_search_limits(st, ("G",)) is None
    assert mg.withdrawal_move_problem(st, (), away) is None and mg.withdrawal_search_limits(st, ()) is None


def test_26_13B_a_move_away_from_the_closest_position_is_refused_with_the_unit_and_its_end_hex():
    st = _map()
    assert mg.line_distance(st, "Sûre", "0503") == 5
    err = mg.withdrawal_move_problem(st, ("A", "B"), ("0503", "0504", "0503", "0502"))
    assert (err.rule, err.unit, err.hex) == ("26.13B", "A", "0502")
    assert err.reason == ("must move by the most direct route toward the closest river position (Sûre) "
                          "during Montgomery's withdrawal")
    assert mg.withdrawal_move_problem(st, ("A", "B"), ("0503", "0504", "0505")) is None  # closer, never farther
    assert mg.withdrawal_move_problem(st, ("A",), ("0503", "0603")) is not None  # as far: not closer
    assert mg.withdrawal_move_problem(st, ("A",), ("0503", "0502", "0503", "0504")) is not None  # farther first
    assert mg.withdrawal_search_limits(st, ("A",)) == [("Sûre", 5)]


def test_26_13B_a_unit_on_a_position_moves_only_along_the_positions():
    st = _map(start="0508")
    assert mg.line_distance(st, "Sûre", "0508") == 0
    assert mg.withdrawal_move_problem(st, ("A",), ("0508", "0608")) is None
    err = mg.withdrawal_move_problem(st, ("A", "B"), ("0508", "0608", "0609"))
    assert (err.rule, err.unit, err.hex) == ("26.13B", "A", "0609")
    assert err.reason == ("is on a river position and may move only along the positions during Montgomery's "
                          "withdrawal, not to 0609")
    assert mg.withdrawal_search_limits(st, ("A",)) is None  # only the end hex matters


def test_26_13C_a_unit_whose_every_neighbour_is_in_an_enemy_zoc_moves_freely():
    st = _map()
    ring = set(hexgrid.neighbours("0503"))
    away = ("0503", "0502")
    assert mg.withdrawal_move_problem(st, ("A",), away, german_zoc=ring) is None
    assert mg.withdrawal_move_problem(st, ("A",), away, german_zoc=ring - {"0504"}) is not None
    corner = _map(start="0101")
    edge_ring = {n for n in hexgrid.neighbours("0101") if n in corner.module.hexes}
    assert len(edge_ring) < 6  # off-map neighbours do not count
    assert mg.withdrawal_move_problem(corner, ("A",), ("0101", "0102"), german_zoc=edge_ring) is None


def test_26_13E_or_else_west_to_the_meuse_when_the_sure_is_closer():
    st = _map(start="0505", meuse=True)
    assert mg.line_distance(st, "Sûre", "0505") == 3 and mg.line_distance(st, "Meuse", "0505") == 4
    assert sorted(mg.withdrawal_search_limits(st, ("A",))) == [("Meuse", 4), ("Sûre", 3)]
    assert mg.withdrawal_move_problem(st, ("A",), ("0505", "0405")) is None  # closer to the Meuse
    err = mg.withdrawal_move_problem(st, ("A",), ("0505", "0605"))
    assert err is not None and "Meuse, Sûre" in str(err)


def test_26_13B_closest_to_the_meuse_heads_for_the_meuse_alone():
    st = _map(start="0305", meuse=True)
    assert mg.line_distance(st, "Meuse", "0305") == 2 < mg.line_distance(st, "Sûre", "0305")
    assert mg.withdrawal_search_limits(st, ("A",)) == [("Meuse", 2)]
    err = mg.withdrawal_move_problem(st, ("A",), ("0305", "0405"))
    assert "river position (Meuse) during" in str(err)


def test_26_13B_one_hex_from_a_position_the_move_must_reach_it():
    st = _map(start="0507")
    assert mg.line_distance(st, "Sûre", "0507") == 1
    assert mg.withdrawal_search_limits(st, ("A",)) == [("Sûre", 1)]
    assert mg.withdrawal_move_problem(st, ("A",), ("0507", "0607")) is not None
    assert mg.withdrawal_move_problem(st, ("A",), ("0507", "0508")) is None


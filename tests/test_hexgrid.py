"""Hex math: round trips, distance, neighbours, layout (property tests)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from darkdec_qt import hexgrid as hg

cols = st.integers(min_value=0, max_value=99)
rows = st.integers(min_value=0, max_value=99)
hex_ids = st.builds(hg.format_hex_id, cols, rows)


@given(cols, rows)
def test_offset_cube_round_trip(c: int, r: int) -> None:
    assert hg.cube_to_offset(hg.offset_to_cube(c, r)) == (c, r)


@given(hex_ids)
def test_id_round_trip(h: str) -> None:
    assert hg.from_cube(hg.to_cube(h)) == h


@given(hex_ids, hex_ids)
def test_distance_symmetric_and_zero_only_for_same(a: str, b: str) -> None:
    assert hg.distance(a, b) == hg.distance(b, a)
    assert (hg.distance(a, b) == 0) == (a == b)


@given(hex_ids, hex_ids, hex_ids)
def test_triangle_inequality(a: str, b: str, c: str) -> None:
    assert hg.distance(a, c) <= hg.distance(a, b) + hg.distance(b, c)


@given(hex_ids)
def test_neighbours_are_at_distance_one_and_symmetric(h: str) -> None:
    for n in hg.neighbours(h):
        assert hg.distance(h, n) == 1
        assert h in hg.neighbours(n)


@given(hex_ids, hex_ids)
def test_line_length_and_contiguity(a: str, b: str) -> None:
    path = hg.line(a, b)
    assert path[0] == a and path[-1] == b
    assert len(path) == hg.distance(a, b) + 1
    for x, y in zip(path, path[1:]):
        assert hg.distance(x, y) == 1


def test_a_line_along_the_last_row_stays_on_the_grid() -> None:
    # a tie between 0199 and the off-grid row 100 (found by hypothesis)
    assert hg.line("0099", "0299") == ["0099", "0199", "0299"]


def test_even_columns_sit_half_a_hex_south() -> None:
    # 2516 (odd column): its east neighbours in column 26 are rows 15 and 16
    assert set(hg.neighbours("2516")) == {"2515", "2517", "2615", "2616", "2415", "2416"}
    # 2616 (even column): its east neighbours in column 27 are rows 16 and 17
    assert set(hg.neighbours("2616")) == {"2615", "2617", "2716", "2717", "2516", "2517"}


def test_ring_sizes() -> None:
    assert len(list(hg.ring("5050", 0))) == 1
    for k in (1, 2, 5):
        hexes = list(hg.ring("5050", k))
        assert len(hexes) == 6 * k
        assert all(hg.distance("5050", h) == k for h in hexes)


@given(st.integers(min_value=1, max_value=98), st.integers(min_value=1, max_value=98))
def test_layout_pixel_round_trip(c: int, r: int) -> None:
    lay = hg.Layout(size=20.0)
    h = hg.format_hex_id(c, r)
    x, y = lay.center(h)
    assert lay.pixel_to_hex(x, y) == h
    assert lay.pixel_to_hex(x + 8, y - 8) == h  # well inside the hex


def test_hexside_segment_is_shared_edge() -> None:
    lay = hg.Layout(size=10.0)
    (x1, y1), (x2, y2) = lay.hexside_segment("2516", "2616")
    corners_a = {(round(x, 6), round(y, 6)) for x, y in lay.corners("2516")}
    corners_b = {(round(x, 6), round(y, 6)) for x, y in lay.corners("2616")}
    ends = {(round(x1, 6), round(y1, 6)), (round(x2, 6), round(y2, 6))}
    assert ends <= corners_a and ends <= corners_b


@pytest.mark.parametrize("bad", ["251", "25166", "ab12", "", "25-6"])
def test_bad_ids_raise(bad: str) -> None:
    with pytest.raises(hg.HexIdError):
        hg.parse_hex_id(bad)


def test_hexside_key_is_unordered() -> None:
    assert hg.hexside_key("2616", "2516") == hg.hexside_key("2516", "2616") == ("2516", "2616")


def test_direction_names_match_neighbour_order() -> None:
    for i, n in enumerate(hg.neighbours("2516")):
        assert hg.direction("2516", n) == i

"""26.13B (read in docs/rules-interpretations.md): during Montgomery's withdrawal the
destinations query finds a hex closer to the river position by a dearer path that never moves
away from it, when the cheapest path would (movement._withdrawal_search)."""

import pytest

from darkdec_qt import hexgrid
from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.engine import check, execute
from darkdec_qt.rules.movement import move as movement
from darkdec_qt.rules.scenarios import montgomery
from tests.rules.builder import ScenarioBuilder

ROAD = ("0503", "0502", "0602", "0702", "0703", "0704")  # out to row 2 and back: 5 MP
DEAR = ("0503", "0603", "0704")  # through woods: 6 MP, 0603 as far from the Sûre as the start


def withdrawing():
    b = ScenarioBuilder(10, 10, terrain="woods")
    for c in range(1, 11):  # the Sûre between rows 7 and 8: its position is row 8 (south bank)
        b.river(hexgrid.format_hex_id(c, 7), hexgrid.format_hex_id(c, 8), "minor", bridge=True, name="Sûre")
    b.terrain(["0504", "0604"], "fortification")  # no way straight south
    b.road(*ROAD)
    b.unit("A", "Allied", "infantry", (3, 4, 8), at="0503")
    b.unit("G", "German", at="0101")
    st = b.state(turn="20DecAM", side="Allied", phase=Phase.MOVEMENT)
    st.variants = frozenset({"26.13"})
    execute(st, montgomery.DeclareWithdrawal())
    return st


def test_26_13B_a_closer_hex_reached_by_a_dearer_path_that_never_moves_away_is_a_destination():
    st = withdrawing()
    dist = {h: montgomery.line_distance(st, "Sûre", h) for h in ROAD + DEAR}
    assert dist["0503"] == 5 and dist["0603"] == 5 and dist["0704"] == 4
    assert max(dist[h] for h in ROAD) > 5  # the road goes farther from the Sûre than the start
    assert movement.search(movement.make_context(st, ("A",)))["0704"][1] == ROAD  # the cheapest path
    with pytest.raises(IllegalAction) as e:
        check(st, cm.Move(units=("A",), path=ROAD))
    assert e.value.rule == "26.13B"
    dests = movement.legal_destinations(st, "A")
    assert dests["0704"][1] == DEAR
    check(st, cm.Move(units=("A",), path=DEAR))  # sideways at the start's distance, then closer
    assert all(montgomery.line_distance(st, "Sûre", h) < 5 for h in dests)  # 26.13B: the end closer


def sure_and_meuse(start, dense, road, river=None):
    """The Sûre between rows 7 and 8 (its position row 8) and the Meuse west of column 2 (its
    position column 1); woods, ``dense`` hexes of dense forest, a road, an unbridged minor river."""
    b = ScenarioBuilder(10, 10, terrain="woods")
    for c in range(1, 11):
        b.river(hexgrid.format_hex_id(c, 7), hexgrid.format_hex_id(c, 8), "minor", bridge=True, name="Sûre")
    for r in range(1, 11):
        for n in hexgrid.neighbours(hexgrid.format_hex_id(1, r)):
            if n.startswith("02"):
                b.river(hexgrid.format_hex_id(1, r), n, "major", bridge=True, name="Meuse")
    b.terrain(list(dense), "dense_forest")
    if river:
        b.river(*river, "minor")
    b.road(*road)
    b.unit("A", "Allied", "infantry", (3, 4, 8), at=start)
    b.unit("G", "German", at="1010")
    st = b.state(turn="20DecAM", side="Allied", phase=Phase.MOVEMENT)
    st.variants = frozenset({"26.13"})
    execute(st, montgomery.DeclareWithdrawal())
    return st


def _closer_to_the_meuse_not_by_the_road(st, road, dest):  # noqa: ANN001
    with pytest.raises(IllegalAction) as e:
        check(st, cm.Move(units=("A",), path=road))
    assert e.value.rule == "26.13B"
    dests = movement.legal_destinations(st, "A")
    assert dest in dests
    check(st, cm.Move(units=("A",), path=dests[dest][1]))


def test_26_13E_a_hex_closer_to_the_meuse_keeps_its_meuse_path_not_a_cheaper_one_that_is_not_closer_to_the_sure():
    """Three hexes from the Sûre (the closest position) and four from the Meuse. 0405 is closer to
    the Meuse (26.13E), not to the Sûre: it is reached by a path that keeps within four hexes of
    the Meuse, not by the cheaper road that swings east to 0605, five from it."""
    road = ("0505", "0605", "0506", "0405")
    st = sure_and_meuse("0505", ("0405",), road)
    sure = {h: montgomery.line_distance(st, "Sûre", h) for h in road}
    meuse = {h: montgomery.line_distance(st, "Meuse", h) for h in road}
    assert sure["0505"] == sure["0405"] == 3 and meuse["0505"] == 4 and meuse["0405"] == 3
    assert meuse["0605"] == 5
    _closer_to_the_meuse_not_by_the_road(st, road, "0405")


def test_26_13B_E_as_close_to_the_meuse_as_to_the_sure_a_hex_closer_to_the_meuse_only_keeps_its_meuse_path():
    """Three hexes from both positions. 0305 is closer to the Meuse, not to the Sûre; the cheaper
    road by 0506 keeps within three hexes of the Sûre but goes four from the Meuse."""
    road = ("0405", "0506", "0406", "0306", "0305")
    st = sure_and_meuse("0405", ("0305", "0306"), road, river=("0405", "0305"))
    sure = {h: montgomery.line_distance(st, "Sûre", h) for h in road}
    meuse = {h: montgomery.line_distance(st, "Meuse", h) for h in road}
    assert sure["0405"] == meuse["0405"] == 3 and sure["0305"] == 3 and meuse["0305"] == 2
    assert meuse["0506"] == 4 and max(sure.values()) == 3
    assert movement.search(movement.make_context(st, ("A",)))["0305"][1] == road  # the cheapest path
    _closer_to_the_meuse_not_by_the_road(st, road, "0305")

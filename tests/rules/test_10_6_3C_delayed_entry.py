"""10.6.3C (the player chooses): when every scheduled entry hex of a due
reinforcement is blocked (10.6.3B), its owner picks the road hex it enters from next turn
among the next unblocked ones: west for Allied units on the north or south edge, north or
south for German units (and Allied units on the west edge). The old engine picked the
nearest itself at the end of the Movement Phase: the tests marked (old) failed on it."""

from __future__ import annotations

import pytest

from darkdec_qt.rules import engine
from darkdec_qt.rules.choices import ChooseDelayedEntry
from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.engine import check, execute
from darkdec_qt.rules.movement import reinforcements as rf
from tests.rules.builder import ScenarioBuilder
from tests.rules.test_10_6_reinforcements import north_edge


def blocked_north():
    st = north_edge()
    st.exit_markers |= {"0501", "1201"}  # both hexes of area A (10.6.3B: German exit markers)
    return st


def test_10_6_3C_the_allied_owner_picks_among_the_next_road_hexes_west_of_each_blocked_hex():
    """(old) The engine put R/A on 0301 at the end of the phase without asking."""
    st = blocked_north()
    assert rf.delay_alternatives(st, "R/A") == ["0301", "0801"]  # west of 0501 and west of 1201
    with pytest.raises(IllegalAction) as e:
        check(st, cm.EndPhase())
    assert e.value.rule == "10.6.3C" and "0301, 0801" in str(e.value)
    offered = [c for c in engine.legal_commands(st) if isinstance(c, ChooseDelayedEntry)]
    assert offered == [ChooseDelayedEntry("R/A", "0301"), ChooseDelayedEntry("R/A", "0801")]
    assert not any(c.kind == "end_phase" for c in engine.legal_commands(st))
    execute(st, ChooseDelayedEntry("R/A", "0801"))
    nxt = st.module.turn_index["18DecPM"].number
    assert st.pending["R/A"] == nxt and st.entry_hex["R/A"] == "0801" and "R/A" not in rf.due_units(st)
    execute(st, cm.EndPhase())
    assert st.entry_hex["R/A"] == "0801" and "R/A" not in st.pos


def test_10_6_3C_only_a_next_unblocked_road_hex_and_only_when_every_entry_hex_is_blocked():
    st = blocked_north()
    for h in ("1201", "0302", "1101"):  # blocked; not on the edge; not a road hex
        with pytest.raises(IllegalAction) as e:
            check(st, ChooseDelayedEntry("R/A", h))
        assert e.value.rule == "10.6.3C"
    st.exit_markers.discard("1201")  # one hex of its area is open: it may not be withheld
    with pytest.raises(IllegalAction) as e:
        check(st, ChooseDelayedEntry("R/A", "0301"))
    assert e.value.rule == "10.6.3A"
    st.side = "German"
    with pytest.raises(IllegalAction) as e:
        check(st, ChooseDelayedEntry("R/A", "0301"))
    assert e.value.rule == "10.6.3C"


def east_edge(side_of_blocker: str = "Allied", unit_side: str = "German", col: int = 10, also: tuple[str, ...] = ()):
    """Road hexes on a N-S map edge (column ``col``) at rows 2, 5 and 8; area P at row 5."""
    b = ScenarioBuilder(10, 10)
    for r in (2, 5, 8):
        inner = col - 1 if col > 1 else col + 1
        b.road(f"{col:02d}{r:02d}", f"{inner:02d}{r:02d}", road=f"R{r}")
    b.entry(f"{col:02d}05", "P")
    b.unit("R/P", unit_side, "infantry", (3, 4, 5), arrival="18DecAM", entry=("P",))
    b.unit("x", side_of_blocker, at=f"{col:02d}05")
    for i, h in enumerate(also):
        b.unit(f"x{i}", side_of_blocker, at=h)
    st = b.state(turn="18DecAM", side=unit_side, phase=Phase.MOVEMENT)
    return st


def test_10_6_3C_a_german_unit_may_go_north_or_south():
    st = east_edge()
    assert rf.delay_alternatives(st, "R/P") == ["1002", "1008"]
    with pytest.raises(IllegalAction) as e:
        check(st, cm.EndPhase())
    assert e.value.rule == "10.6.3C"
    execute(st, ChooseDelayedEntry("R/P", "1008"))  # south
    execute(st, cm.EndPhase())
    assert st.entry_hex["R/P"] == "1008"


def test_10_6_3C_an_allied_unit_on_the_west_edge_may_go_north_or_south():
    st = east_edge("German", "Allied", col=1)
    assert rf.delay_alternatives(st, "R/P") == ["0102", "0108"]


def test_10_6_3C_a_single_next_hex_is_no_choice_and_the_phase_ends_with_it():
    st = east_edge(also=("1008",))  # the south road hex is blocked too: only north is left
    assert rf.delay_alternatives(st, "R/P") == ["1002"]
    offered = [c for c in engine.legal_commands(st) if isinstance(c, ChooseDelayedEntry)]
    assert offered == [ChooseDelayedEntry("R/P", "1002")]
    execute(st, cm.EndPhase())
    assert st.entry_hex["R/P"] == "1002"


def edge_roads(edge: str, stops: tuple[int, ...], scheduled: int, side: str = "Allied"):
    """Road hexes at ``stops`` (columns on the N/S edge, rows on the E/W edge) of a 14x14 map's
    ``edge``; area P at ``stops[scheduled]``, blocked by an enemy unit there."""
    b = ScenarioBuilder(14, 14)
    hexes = []
    for s in stops:
        c, r = {"N": (s, 1), "S": (s, 14), "W": (1, s), "E": (14, s)}[edge]
        inner = {"N": (c, 2), "S": (c, 13), "W": (2, r), "E": (13, r)}[edge]
        h = f"{c:02d}{r:02d}"
        b.road(h, f"{inner[0]:02d}{inner[1]:02d}", road=f"R{s}")
        hexes.append(h)
    b.entry(hexes[scheduled], "P")
    b.unit("R/P", side, "infantry", (3, 4, 5), arrival="18DecAM", entry=("P",))
    b.unit("x", "German" if side == "Allied" else "Allied", at=hexes[scheduled])
    return b, hexes


def test_10_6_3C_an_allied_unit_on_the_north_or_south_edge_goes_west_only():
    for edge in ("N", "S"):
        b, (west, blocked, east) = edge_roads(edge, (3, 6, 8), 1)
        st = b.state(turn="18DecAM", side="Allied", phase=Phase.MOVEMENT)
        assert rf.all_blocked(st, "R/P") and rf.delay_alternatives(st, "R/P") == [west], edge  # not also east
        execute(st, cm.EndPhase())  # a single next hex is no choice
        assert st.entry_hex["R/P"] == west


def test_10_6_3C_a_german_unit_on_the_north_edge_may_go_either_way_along_it():
    b, (west, blocked, east) = edge_roads("N", (3, 6, 8), 1, side="German")
    st = b.state(turn="18DecAM", side="German", phase=Phase.MOVEMENT)
    assert rf.delay_alternatives(st, "R/P") == [east, west]  # nearest first


def test_10_6_3C_the_alternatives_come_nearest_first_the_engines_default_first():
    b, (north, blocked, south) = edge_roads("E", (2, 7, 9), 1, side="German")
    st = b.state(turn="18DecAM", side="German", phase=Phase.MOVEMENT)
    assert rf.delay_alternatives(st, "R/P") == [south, north]  # two rows south, five north
    with pytest.raises(IllegalAction) as e:
        check(st, cm.EndPhase())
    assert e.value.rule == "10.6.3C" and f"({south}, {north})" in str(e.value)


def test_10_6_3C_on_a_stepped_edge_a_hex_level_with_the_blocked_one_is_neither_north_nor_south():
    """The real map's east edge steps along row 33 (5433-5833): hexes of one edge in one row."""
    b, (north, blocked, south) = edge_roads("E", (2, 7, 11), 1, side="German")
    b.edge("1307", "E").road("1307", "1207", road="Rstep")  # level with the blocked 1407
    st = b.state(turn="18DecAM", side="German", phase=Phase.MOVEMENT)
    assert rf.delay_alternatives(st, "R/P") == [south, north]


def test_10_6_3C_a_scheduled_hex_off_the_map_edge_gives_no_next_hex_but_the_others_do():
    """An entry code on a hex inside the map (a module may carry one): no edge to follow from it."""
    b, (west, blocked, east) = edge_roads("N", (3, 6, 9), 1)
    b.road("0404", "0405", road="inner").entry("0404", "P")  # sorts before 0601
    b.unit("y", "German", at="0404")
    st = b.state(turn="18DecAM", side="Allied", phase=Phase.MOVEMENT)
    assert rf.entry_hexes(st, "R/P") == ["0404", "0601"]
    assert rf.delay_alternatives(st, "R/P") == [west]

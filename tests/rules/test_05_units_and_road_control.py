"""5.1-5.7: steps, setup information and road control, checked on small maps."""


from darkdec_qt.rules.combat import losses
from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.core.tables import TICKS
from darkdec_qt.rules.engine import check, execute
from tests.rules.builder import ScenarioBuilder

ROW = [f"{c:02d}04" for c in range(1, 13)]


def test_5_1D_a_step_loss_flips_a_full_unit_and_destroys_a_reduced_or_one_step_unit():
    b = ScenarioBuilder(cols=6, rows=6)
    b.unit("full", "German", "infantry", (4, 4, 5), (2, 2, 5), at="0202")
    b.unit("one", "German", "engineer", (1, 2, 3), None, at="0302")
    b.unit("A", "Allied", at="0606")
    st = b.state()
    assert [e.kind for e in losses.step_events(st, ["full"], "x")] == ["step_lost"]
    assert [e.kind for e in losses.step_events(st, ["one"], "x")] == ["unit_eliminated"]
    st.reduced.add("full")
    assert [e.kind for e in losses.step_events(st, ["full"], "x")] == ["unit_eliminated"]


def test_5_5_3_and_5_6_3A_a_bracketed_setup_hex_starts_in_a_fortification():
    b = ScenarioBuilder(cols=6, rows=6)
    b.unit("fort", "Allied", at="0303", fortified=True).unit("open", "Allied", at="0304")
    b.unit("G", "German", at="0606")
    st = b.state()
    assert st.fortifications == {"0303"}


def test_5_6_2A_allied_units_start_on_their_printed_hex_and_5_6_1B_reinforcements_wait_for_their_turn():
    b = ScenarioBuilder(cols=6, rows=6)
    b.unit("A", "Allied", at="0403").unit("R", "Allied", at=None, arrival="18DecAM", entry="A")
    b.unit("G", "German", at="0606")
    st = b.state(turn="16DecAM")
    assert st.pos["A"] == "0403" and "R" not in st.pos
    assert st.pending["R"] == st.module.turn_index["18DecAM"].number


def _roads(side: str = "German", phase: Phase = Phase.MOVEMENT):
    """Road on row 04 from the west edge (Allied, columns 1-6) to the east edge (German army area)."""
    b = ScenarioBuilder(cols=12, rows=8)
    b.road(*ROW, road="N1").terrain(ROW, "woods")  # woods: the road rate matters (10.4.4A)
    b.army("7A", *[f"{c:02d}{r:02d}" for c in range(7, 13) for r in range(1, 9)])
    b.unit("G", "German", "armor", (6, 4, 6), at="0804")
    b.unit("S", "German", "armor", (6, 4, 6), at="1204")
    b.unit("A", "Allied", at="0208")
    return b.state(turn="19DecAM", side=side, phase=phase)


def test_5_7A_B_C_every_road_hex_is_controlled_by_one_side_from_the_lines_at_the_start():
    st = _roads()
    assert set(st.road_control) == set(ROW)
    assert {st.road_control[h] for h in ROW[:6]} == {"Allied"} and {st.road_control[h] for h in ROW[6:]} == {"German"}


def test_5_7D_a_road_passes_at_once_to_the_side_that_last_entered_it():
    st = _roads()
    execute(st, cm.Move(units=("G",), path=("0804", "0704", "0604", "0504")))
    assert [st.road_control[h] for h in ("0704", "0604", "0504")] == ["German"] * 3
    assert st.road_control["0404"] == "Allied"


def test_5_7E_strategic_movement_uses_a_road_taken_earlier_in_the_same_phase():
    """5.7E, and 10.4.2A: only friendly road hexes are paid at the strategic road rate."""
    from darkdec_qt import hexgrid

    st = _roads()
    st.pos["G"] = next(h for h in hexgrid.neighbours("0604") if h not in ROW and h in st.module.hexes)
    st.strategic.add("S")
    path = tuple(ROW[11:2:-1])  # 1204 -> 0404: eight road hexes entered, the last three Allied-controlled
    before = check(st, cm.Move(units=("S",), path=path))[0].mp
    execute(st, cm.Move(units=("G",), path=(st.pos["G"], "0604", "0504", "0404", "0304")))
    st.pos["G"] = "0808"  # out of the way: the test is about road control, not stacking
    after = check(st, cm.Move(units=("S",), path=path))[0].mp
    assert after == 8 * TICKS // 3  # 10.4.2B: 1/3 MP per connected friendly road hex
    assert before == 5 * TICKS // 3 + 3 * 3 * TICKS // 3  # the three Allied road hexes cost the woods

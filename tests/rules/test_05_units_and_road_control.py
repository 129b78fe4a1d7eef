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



def test_5_1D_steps_left_two_one_or_none_and_each_listed_step_taken_in_order():
    from collections import Counter

    from darkdec_qt.rules.core import events as ev

    b = ScenarioBuilder(cols=6, rows=6)
    b.unit("full", "German", "infantry", (4, 4, 5), (2, 2, 5), at="0202")
    b.unit("one", "German", "engineer", (1, 2, 3), None, at="0302")
    b.unit("off", "German", "infantry", (4, 4, 5), (2, 2, 5), at="0402")
    b.unit("A", "Allied", at="0606")
    st = b.state()
    st.pos.pop("off")
    assert [losses.steps_left(st, u) for u in ("full", "one", "off")] == [2, 1, 0]
    assert losses.step_events(st, ["full", "one", "full", "full", "off"], "why") == [
        ev.StepLost(unit="full", reason="why"), ev.UnitEliminated(unit="one", reason="why"),
        ev.UnitEliminated(unit="full", reason="why")]
    assert losses.step_events(st, ["full"], "why", already=Counter({"full": 1})) == [
        ev.UnitEliminated(unit="full", reason="why")]
    assert losses.step_events(st, ["one"], "why", already=Counter({"one": 1})) == []
    assert losses.step_events(st, ["one", "one", "full"], "why") == [  # a unit with no step left is passed over
        ev.UnitEliminated(unit="one", reason="why"), ev.StepLost(unit="full", reason="why")]
    st.reduced.add("full")
    assert losses.steps_left(st, "full") == 1


def test_13_5_6A_a_step_costs_the_difference_of_the_sides_or_what_is_left():
    b = ScenarioBuilder(cols=6, rows=6)
    b.unit("full", "German", "infantry", (4, 5, 6), (2, 3, 6), at="0202")
    b.unit("one", "German", "engineer", (1, 6, 3), None, at="0302")
    b.unit("A", "Allied", at="0606")
    st = b.state()
    assert [losses.defense_lost(st, u) for u in ("full", "one")] == [2, 6]
    st.reduced.add("full")
    assert losses.defense_lost(st, "full") == 3


def _pool():
    b = ScenarioBuilder(cols=6, rows=6)
    b.unit("arm", "German", "armor", (6, 4, 6), (3, 2, 6), at="0202")
    b.unit("inf", "German", "infantry", (4, 4, 5), (2, 2, 5), at="0202")
    b.unit("red", "German", "infantry", (4, 4, 5), (2, 2, 5), at="0202")
    b.unit("off", "German", "infantry", (4, 4, 5), (2, 2, 5), at="0302")
    b.unit("A", "Allied", at="0606")
    st = b.state()
    st.reduced.add("red")
    st.pos.pop("off")
    return st


def test_13_5_1C_the_losses_named_must_be_exactly_the_steps_owed_from_the_units_that_owe_them():
    st = _pool()
    pool = ("inf", "red", "off")
    assert losses.check_losses(st, pool, ("inf", "red"), 2) is None
    assert losses.check_losses(st, pool, ("inf", "inf"), 2) is None
    assert losses.check_losses(st, pool, ("inf",), 2) == ("13.5.1C", "2 step loss(es) must be named, not 1")
    assert losses.check_losses(st, pool, ("inf", "red", "inf"), 2) == (
        "13.5.1C", "2 step loss(es) must be named, not 3")
    assert losses.check_losses(st, pool, ("off", "inf"), 2) == (
        "13.5.1C", "off is not among the units that can take this loss")
    assert losses.check_losses(st, pool, ("arm",), 1) == ("13.5.1C", "arm is not among the units that can take this loss")
    assert losses.check_losses(st, pool, ("red", "red"), 2) == ("13.5.1C", "red has only 1 step(s)")
    # more owed than the pool has: every step left (3)
    assert losses.check_losses(st, pool, ("inf", "inf", "red"), 5) is None
    assert losses.check_losses(st, pool, ("inf", "inf"), 5, rule="13.5.6A") == (
        "13.5.6A", "3 step loss(es) must be named, not 2")


def test_13_9_2A_the_armored_units_take_the_losses_while_they_have_steps():
    st = _pool()
    pool = ("arm", "inf")
    armor = "13.9.2A", "losses must be taken by the participating armored units"
    assert losses.check_losses(st, pool, ("arm",), 1, must_first=("arm",)) is None
    assert losses.check_losses(st, pool, ("inf",), 1, must_first=("arm",)) == armor
    assert losses.check_losses(st, pool, ("arm", "arm", "inf"), 3, must_first=("arm",)) is None
    assert losses.check_losses(st, pool, ("arm", "inf", "inf"), 3, must_first=("arm",)) == armor
    assert losses.check_losses(st, pool, ("inf",), 1, must_first=("red",)) is None  # not in the battle
    st.pos.pop("arm")  # eliminated: the others take the rest
    assert losses.check_losses(st, pool, ("inf",), 1, must_first=("arm",)) is None


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


def test_5_7D_a_retreat_or_an_advance_takes_the_road_hexes_it_enters_not_the_one_it_leaves():
    from darkdec_qt.rules.combat import events as ce
    from darkdec_qt.rules.core.apply import apply

    st = _roads()
    st.pos["G"] = "0504"  # on an Allied road hex
    apply(st, ce.UnitAdvanced(unit="G", path=("0504", "0404", "0304")))
    assert [st.road_control[h] for h in ("0504", "0404", "0304", "0204")] == ["Allied", "German", "German", "Allied"]
    assert st.pos["G"] == "0304"
    apply(st, ce.UnitRetreated(unit="G", path=("0304", "0305", "0205")))  # off the road: nothing to take
    assert "0305" not in st.road_control and "0205" not in st.road_control
    assert st.road_control["0304"] == "German" and st.pos["G"] == "0205"
    apply(st, ce.UnitRetreated(unit="A", path=("0208", "0304", "0404")))
    assert [st.road_control[h] for h in ("0304", "0404")] == ["Allied", "Allied"]

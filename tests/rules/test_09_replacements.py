"""9.0-9.4 Replacements: rates by date, refit, reform and the placement of reformed units."""

import pytest

from darkdec_qt.rules import replacements
from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core.apply import apply
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.events import PhaseBegan, UnitEliminated
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.engine import check, execute
from tests.rules.builder import ScenarioBuilder


def received(turn, side):
    st = ScenarioBuilder(4, 4).state(turn=turn, side=side, phase=Phase.REPLACEMENT)
    return {e.type: e.count for e in replacements.received_events(st)}


@pytest.mark.parametrize("turn,expect", [
    ("19DecAM", {}), ("19DecPM", {"motorized": 1}), ("20DecAM", {}), ("24DecAM", {}),
    ("24DecPM", {"motorized": 1, "infantry": 1}), ("25DecAM", {"infantry": 1}),
    ("1JanPM", {"motorized": 1, "infantry": 1}), ("2JanAM", {"infantry": 2}),
    ("2JanPM", {"motorized": 1, "infantry": 1}), ("31JanAM", {"infantry": 2}),
])
def test_9_4_1_allied_rates(turn, expect):
    # 9.4.1A one armored each PM from PM 19 Dec; B one infantry each turn from PM 24 Dec;
    # C from AM 2 Jan two infantry per AM turn, one per PM turn
    assert received(turn, "Allied") == expect


@pytest.mark.parametrize("turn,expect", [
    ("26DecAM", {}), ("26DecPM", {}), ("27DecAM", {"infantry": 1}), ("27DecPM", {}), ("15JanAM", {"infantry": 1}),
])
def test_9_4_2_german_rate(turn, expect):
    assert received(turn, "German") == expect


def test_9_4_received_in_the_owners_replacement_phase_and_accumulate_9_2():
    b = ScenarioBuilder(4, 4)
    st = b.state(turn="2JanAM", side="Allied", phase=Phase.SUPPLY)
    st.replacements["Allied/infantry"] = 3
    execute(st, cm.EndPhase())
    assert st.phase is Phase.REPLACEMENT and st.replacements["Allied/infantry"] == 5


def repl_state(turn="25DecAM", side="Allied", **kw):
    b = ScenarioBuilder(14, 12)
    b.town("0305", "West").town("0705", "Near").town("0309", "Far")
    b.unit("1/2", "Allied", division="2", at="0505")
    b.unit("2/2", "Allied", division="2", at="0506")
    b.unit("3/2", "Allied", division="2")  # destroyed below
    b.unit("CCA", "Allied", "armor", (5, 4, 8), (2, 2, 8), division="9Arm", at="0508")
    b.unit("Eng", "Allied", "engineer", (2, 2, 5), (1, 1, 5), at="0509")
    b.unit("Br", "Allied", "infantry", nationality="British", at="0510")
    b.unit("Sep", "Allied", "infantry")  # independent
    b.unit("Hodges", "Allied", "leader", (0, 0, 5), (0, 0, 5), at="0511")
    b.unit("g/1", "German", at="0905")
    st = b.state(turn=turn, side=side, phase=Phase.REPLACEMENT, optional=("15",))  # Hodges: rule 15 (5.4)
    st.replacements = {"Allied/infantry": 4, "Allied/motorized": 1}
    for u in ("3/2", "Sep"):
        apply(st, UnitEliminated(unit=u))
    return st


def test_9_0C_refit_costs_one_replacement_of_the_units_type():
    st = repl_state()
    st.reduced |= {"1/2", "CCA"}
    execute(st, cm.Refit("1/2"))
    execute(st, cm.Refit("CCA"))
    assert not st.reduced & {"1/2", "CCA"}
    assert st.replacements == {"Allied/infantry": 3, "Allied/motorized": 0}
    st.reduced.add("2/2")
    st.replacements["Allied/infantry"] = 0
    with pytest.raises(IllegalAction) as e:
        check(st, cm.Refit("2/2"))
    assert e.value.rule == "9.0C"


def test_9_0B_commanders_use_infantry_replacements():
    st = repl_state()
    st.reduced.add("Hodges")
    execute(st, cm.Refit("Hodges"))
    assert st.replacements["Allied/infantry"] == 3


def test_9_1A_B_not_in_enemy_zoc_not_unsupplied_or_isolated_and_only_in_the_replacement_phase():
    st = repl_state()
    st.reduced |= {"1/2", "2/2"}
    st.pos["g/1"] = "0605"  # adjacent to 1/2 at 0505
    with pytest.raises(IllegalAction) as e:
        check(st, cm.Refit("1/2"))
    assert e.value.rule == "9.1A"
    st.pos["g/1"] = "1205"
    for s in ("unsupplied", "isolated"):
        st.supply["2/2"] = s
        with pytest.raises(IllegalAction) as e:
            check(st, cm.Refit("2/2"))
        assert e.value.rule == "9.1B"
    st.phase = Phase.MOVEMENT
    with pytest.raises(IllegalAction) as e:
        check(st, cm.Refit("1/2"))
    assert e.value.rule == "9.1A"


def test_9_1D_engineers_british_and_french_are_not_replaceable():
    st = repl_state()
    st.reduced |= {"Eng", "Br"}
    for u in ("Eng", "Br"):
        with pytest.raises(IllegalAction) as e:
            check(st, cm.Refit(u))
        assert e.value.rule == "9.1D"


def test_9_0D_1F_reform_costs_two_and_appears_reduced_in_the_nearest_safe_friendly_town():
    st = repl_state()
    # 0705 "Near" is 2 hexes from the division but only 2 from the German at 0905: 9.1F needs 3
    assert replacements.reform_hexes(st, "3/2") == ["0305"]
    with pytest.raises(IllegalAction) as e:
        check(st, cm.Reform("3/2", "0705"))
    assert e.value.rule == "9.1F"
    with pytest.raises(IllegalAction):
        check(st, cm.Reform("3/2", "0309"))  # a farther town
    execute(st, cm.Reform("3/2", "0305"))
    assert st.pos["3/2"] == "0305" and "3/2" in st.reduced and st.replacements["Allied/infantry"] == 2


def test_9_1G_independent_units_reform_on_the_west_edge_allied():
    st = repl_state()
    legal = replacements.reform_hexes(st, "Sep")
    assert legal and all(st.module.hexes[h].edge == "W" for h in legal)
    with pytest.raises(IllegalAction):
        check(st, cm.Reform("Sep", "0305"))
    execute(st, cm.Reform("Sep", legal[0]))


def test_9_1G_no_unit_of_the_division_left_east_edge_german():
    b = ScenarioBuilder(10, 8)
    b.town("0904", "Town")
    b.unit("1/12VG", "German", division="12VG")
    b.unit("a/1", "Allied", at="0304")
    st = b.state(turn="27DecAM", side="German", phase=Phase.REPLACEMENT)
    apply(st, UnitEliminated(unit="1/12VG"))
    st.replacements = {"German/infantry": 2}
    legal = replacements.reform_hexes(st, "1/12VG")
    assert legal and all(st.module.hexes[h].edge == "E" for h in legal)


def test_9_0D_needs_two_and_9_1E_never_a_surrendered_unit():
    st = repl_state()
    st.replacements["Allied/infantry"] = 1
    with pytest.raises(IllegalAction) as e:
        check(st, cm.Reform("3/2", "0305"))
    assert e.value.rule == "9.0D"
    st.replacements["Allied/infantry"] = 4
    st.surrendered.add("3/2")
    with pytest.raises(IllegalAction) as e:
        check(st, cm.Reform("3/2", "0305"))
    assert e.value.rule == "9.1E"


def test_9_0E_reformed_unit_refits_only_on_a_later_turn():
    st = repl_state()
    execute(st, cm.Reform("3/2", "0305"))
    with pytest.raises(IllegalAction) as e:
        check(st, cm.Refit("3/2"))
    assert e.value.rule == "9.0E"
    apply(st, PhaseBegan(turn=st.turn + 1, side="Allied", phase="replacement"))
    execute(st, cm.Refit("3/2"))
    assert "3/2" not in st.reduced

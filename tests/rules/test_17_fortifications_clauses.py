"""17.0 fortifications pinned clause by clause: each test names the clause whose behaviour, or whose
refusal (clause, unit, hex and words), or whose log line a mutant of
darkdec_qt/rules/engineering/fortifications.py changed unnoticed
(packaging/mutation.sh engineering.fortifications)."""

from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core import events as ev
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.engine import check
from darkdec_qt.rules.engineering import fortifications
from darkdec_qt.rules.narrate import describe
from tests.rules.rules_helpers import refusal
from tests.rules.test_17_fortifications import fort_map


def _said(st, unit: str) -> tuple[str, str, str | None, str | None]:
    err = refusal(st, cm.BuildFortification(unit))
    return str(err), err.rule, err.unit, err.hex


def test_17_0E_the_marker_goes_on_the_building_units_hex():
    st = fort_map()
    assert check(st, cm.BuildFortification("W")) == [ev.FortificationBuilt(hex="0604", unit="W")]


def test_17_0B_a_unit_off_the_map_builds_nothing():
    st = fort_map()
    del st.pos["W"]
    assert _said(st, "W") == ("W is not on the map (17.0B)", "17.0B", "W", None)


def test_7_1_7C_only_the_phasing_side_builds_and_only_in_its_construction_phase():
    st = fort_map(phase=Phase.MOVEMENT)
    assert _said(st, "W") == ("W builds fortifications only in its Construction/Demolition Phase (7.1.7C)",
                              "7.1.7C", "W", None)
    st = fort_map()  # the Allied Construction/Demolition Phase: not the German's
    st.pos["G"] = "0101"
    assert _said(st, "G")[1:] == ("7.1.7C", "G", None)


def test_17_0A_the_refusal_names_the_town_or_dense_forest_hex():
    st = fort_map()
    assert _said(st, "T") == ("T cannot fortify 0303: town or dense forest hex (17.0A)", "17.0A", "T", "0303")
    assert _said(st, "D") == ("D cannot fortify 0305: town or dense forest hex (17.0A)", "17.0A", "D", "0305")


def test_17_0C_the_refusal_names_the_fortified_hex():
    st = fort_map()
    st.fortifications.add("0604")
    assert _said(st, "W") == ("W cannot fortify 0604: one fortification per hex (17.0C)", "17.0C", "W", "0604")


def test_17_0B_the_refusal_names_the_enemy_zoc_hex():
    st = fort_map()
    assert _said(st, "Z") == ("Z cannot fortify 0807: in an enemy ZOC (17.0B)", "17.0B", "Z", "0807")


def test_17_0B_a_german_unit_next_to_an_allied_unit_is_in_an_enemy_zoc():
    st = fort_map(side="German")
    assert _said(st, "G") == ("G cannot fortify 0808: in an enemy ZOC (17.0B)", "17.0B", "G", "0808")


def test_17_0B_moving_alone_or_fighting_alone_forbids_building():
    for mark in ("moved", "attacked"):
        st = fort_map()
        getattr(st, mark).add("W")
        assert _said(st, "W") == ("W cannot fortify: it moved or fought this player turn (17.0B)", "17.0B", "W",
                                  "0604"), mark


def test_17_0B_the_refusal_of_an_isolated_unit():
    st = fort_map()
    st.supply["W"] = "isolated"
    assert _said(st, "W") == ("W cannot fortify: isolated (17.0B)", "17.0B", "W", "0604")


def test_18_3D_the_refusal_on_16_december():
    st = fort_map(turn="16DecAM")
    assert _said(st, "W") == ("W cannot fortify: not permitted to move on 16 December (18.3D)", "18.3D", "W", "0604")


def test_17_2B_a_vacant_fortification_is_removed_and_the_log_says_why():
    st = fort_map(phase=Phase.MOVEMENT)
    st.fortifications |= {"0604", "0505", "0101"}
    evs = fortifications.durability_events(st)
    assert evs == [ev.FortificationRemoved(hex="0101", reason="vacant (17.2B)"),
                   ev.FortificationRemoved(hex="0505", reason="vacant (17.2B)")]
    assert describe(evs[0], st.module) == "the fortification in 0101 is removed: vacant (17.2B)"

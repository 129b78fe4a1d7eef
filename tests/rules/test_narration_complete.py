"""The log narrates every event in its own words (narrate.describe), never
the raw "kind: field=value" fallback, and hides pure bookkeeping (the phase start notes of
moments.py) and what a player may not know (Germany's secret 26.20A choice)."""

from __future__ import annotations

from darkdec_qt.rules import engine  # noqa: F401  (registers every module's events)
from darkdec_qt.rules.core import events as ev
from darkdec_qt.rules.moments import PhaseStartNoted
from darkdec_qt.rules.narrate import _TEXT, describe
from darkdec_qt.rules.scenarios import variant_events as ve
from darkdec_qt.rules.scenarios.variants import CONDITIONAL_PICK
from tests.rules.builder import ScenarioBuilder


def module():
    b = ScenarioBuilder(4, 4)
    b.unit("5Arm/CCR", "Allied", at="0101")
    return b.state().module


def test_every_registered_event_kind_has_words():
    """Failed before: arrivals_shifted, fuel_division_protected, unit_placed, variant_triggered
    and victory_conditions_chosen fell back to the raw form."""
    assert sorted(set(ev.Event._registry) - set(_TEXT)) == []


def test_phase_start_noted_is_bookkeeping_the_log_hides():
    e = PhaseStartNoted(when="3/German/movement", alone=("a",), in_enemy_zoc=("b",))
    assert describe(e, module()) == ""


def test_the_secret_victory_conditions_are_not_told_by_the_log_26_20A():
    m = module()
    text = describe(ve.VictoryConditionsChosen(choice="luxembourg"), m)
    assert "secret" in text and "luxembourg" not in text and "26.20A" in text
    assert describe(ve.ArrivalsShifted(changes=(("5Arm/CCR", 9),), reason="26.20C"), m) == ""


def test_variant_events_read_as_sentences():
    m = module()
    assert describe(ve.ArrivalsShifted(changes=(("5Arm/CCR", 9),), reason="23.0B"), m) == \
        "arrivals change (23.0B): 5Arm/CCR arrives turn 9"
    pick = describe(ve.VariantTriggered(rule=f"{CONDITIONAL_PICK}5Arm/CCR", turn=9, detail="default selection (23.0B)"), m)
    assert pick.startswith("5Arm/CCR (Allied) is proposed") and "23.0B" in pick
    assert describe(ve.VariantTriggered(rule="26.13@7", turn=7, detail="Montgomery's withdrawal"), m) == \
        "Montgomery's withdrawal (26.13)"
    for e in (ev.FuelDivisionProtected(division="2Pz"),):
        assert "=" not in describe(e, m)


def test_a_displaced_leader_waiting_for_its_owner_reads_as_a_choice_15_5D():
    m = module()
    text = describe(ev.LeaderDisplaced(unit="5Arm/CCR", from_hex="0101", to_hex="", alternatives=("0103", "0301")), m)
    assert "chooses" in text and "0103 or 0301" in text and "15.5D" in text

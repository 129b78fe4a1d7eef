"""The combat procedure's clauses pinned by mutation survivors: who owes the next decision of
a battle (13.5.1C the defender allocates its losses, 13.6B the owning side chooses the path of
retreat), and the fortification of a hex vacated as a result of combat (17.2B)."""

from darkdec_qt.rules.combat.procedure import deciding_side
from tests.rules.combat_builder import CombatBuilder
from tests.rules.combat_helpers import pending


def test_13_6B_the_owning_side_owes_the_choice_of_its_retreat_path():
    s = CombatBuilder().german("g", "0505").allied("a", "0605").build()
    assert deciding_side(s) is None  # no battle: nobody owes a combat decision
    pending(s, ("g",), ("a",), "D1", (("retreat", "Allied", "0605", 1),))
    assert deciding_side(s) == "Allied"


def test_13_5_1C_the_side_whose_units_take_the_result_decides_it():
    s = CombatBuilder().german("g", "0505").allied("a", "0605").build()
    s.side = "Allied"
    pending(s, ("a",), ("g",), "D1", (("result", "German", "0505", 0),))
    assert deciding_side(s) == "German"


def _defender_retreats(fortified: bool):
    from darkdec_qt.rules.combat import commands as cc
    from tests.rules.combat_helpers import run

    b = CombatBuilder().german("g", "0505").allied("a", "0605")
    if fortified:
        b.fortifications.add("0605")
    s = b.build()
    pending(s, ("g",), ("a",), "D1", (("retreat", "Allied", "0605", 1),))
    return s, run(s, cc.ChooseRetreat(units=("a",), path=("0605", "0705")))


def test_17_2B_a_fortification_vacated_as_a_result_of_combat_is_removed():
    s, evs = _defender_retreats(fortified=True)
    removed = [e for e in evs if e.kind == "fortification_removed"]
    assert [e.hex for e in removed] == ["0605"] and "17.2B" in removed[0].reason
    assert "0605" not in s.fortifications


def test_17_2B_an_unfortified_hex_vacated_removes_no_fortification():
    _, evs = _defender_retreats(fortified=False)
    assert not [e for e in evs if e.kind == "fortification_removed"]


def test_17_2B_and_13_5_1B_a_defender_that_stays_with_a_step_loss_keeps_its_fortification():
    from darkdec_qt.rules.combat import commands as cc
    from tests.rules.combat_helpers import run

    b = CombatBuilder().german("g", "0505").allied("a", "0605")
    b.fortifications.add("0605")
    s = b.build()
    pending(s, ("g",), ("a",), "D1", (("result", "Allied", "0605", 0),))
    evs = run(s, cc.ChooseDefenderResult(hex="0605", option="step1", losses=("a",)))
    assert s.pos["a"] == "0605" and "a" in s.reduced
    assert "0605" in s.fortifications and not [e for e in evs if e.kind == "fortification_removed"]

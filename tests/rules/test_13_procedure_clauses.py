"""The combat procedure's clauses pinned by mutation survivors: who owes the next decision of
a battle (13.5.1C the defender allocates its losses, 13.6B the owning side chooses the path of
retreat)."""

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

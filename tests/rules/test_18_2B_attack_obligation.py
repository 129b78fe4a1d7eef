"""18.2B: Germany must make a minimum of five attacks on the AM 16 December turn;
16.2.3A: units building bridges may not take part in combat that player turn."""

import pytest

from darkdec_qt.rules.combat import commands as cc
from darkdec_qt.rules.combat.battle import end_phase_problem
from darkdec_qt.rules.core.errors import IllegalAction
from tests.rules.combat_builder import CombatBuilder
from tests.rules.combat_helpers import run


def _front(n_pairs: int, turn: int = 1):
    """German units in column 05 facing Allied units in column 06, rows 02.."""
    b = CombatBuilder()
    b.turn = turn
    for i in range(n_pairs):
        row = 2 + 2 * i
        b.german(f"g{i}", f"05{row:02d}").allied(f"a{i}", f"06{row:02d}")
    return b.build()


def test_18_2B_combat_phase_cannot_end_before_five_attacks_on_16_december():
    # given six possible attacks on AM 16 December and four made
    s = _front(6)
    s.battles = 4
    # then the German Combat Phase may not end yet
    problem = end_phase_problem(s)
    assert problem is not None and problem.rule == "18.2B"
    assert "made 4" in str(problem)


def test_18_2B_five_attacks_fulfil_the_obligation():
    s = _front(6)
    s.battles = 5
    assert end_phase_problem(s) is None


def test_18_2B_only_on_the_AM_16_December_turn():
    s = _front(6, turn=2)  # PM 16 December
    assert end_phase_problem(s) is None


def test_18_2B_no_obligation_when_no_further_attack_is_possible():
    # given only three German units adjacent to Allied units, all three attacks made
    s = _front(3)
    s.battles = 3
    s.defended |= {"a0", "a1", "a2"}
    s.attacked |= {"g0", "g1", "g2"}
    assert end_phase_problem(s) is None


def test_16_2_3A_bridge_builder_may_not_attack():
    s = _front(1, turn=9)
    s.bridges_started[("0502", "0602")] = "g0"
    with pytest.raises(IllegalAction, match=r"16\.2\.3A"):
        run(s, cc.DeclareBattle(attackers=("g0",), defenders=("a0",)))


def test_26_13D_no_allied_attacks_during_montgomerys_withdrawal():
    b = CombatBuilder()
    b.turn = 20
    b.side = "Allied"
    b.variants.add("26.13")
    b.allied("a", "0505").german("g", "0605")
    s = b.build()
    run(s, cc.DeclareBattle(attackers=("a",), defenders=("g",)))  # allowed on an ordinary turn
    s = b.build()
    s.triggers["26.13@20"] = "declared"
    with pytest.raises(IllegalAction, match=r"26\.13D"):
        run(s, cc.DeclareBattle(attackers=("a",), defenders=("g",)))


def test_14_3_reserve_units_within_three_hexes_count_for_integrity_in_a_standard_attack():
    from darkdec_qt.rules.combat.integrity import attack_divisions

    b = CombatBuilder()
    b.optional.add("14")
    b.german("1/D", "0505", division="D").german("2/D", "0405", division="D").german("3/D", "0305", division="D")
    b.allied("a", "0605")
    s = b.build()
    # given 3/D is neither attacking nor in reserve: no integrity (13.8.1A)
    assert attack_divisions(s, ("1/D", "2/D"), ("a",)) == []
    # when 3/D is in reserve within three hexes of the defender, it counts (14.3)
    s.reserve.add("3/D")
    assert attack_divisions(s, ("1/D", "2/D"), ("a",)) == ["D"]
    # but not when the reserve rule is not in use
    s2 = CombatBuilder()
    s2.german("1/D", "0505", division="D").german("2/D", "0405", division="D").german("3/D", "0305", division="D")
    s2.allied("a", "0605")
    st = s2.build()
    st.reserve.add("3/D")
    assert attack_divisions(st, ("1/D", "2/D"), ("a",)) == []


def test_18_2B_the_refusal_counts_the_attacks_owed_and_made():
    from darkdec_qt.rules.combat.battle import attacks_owed_on_16_december

    s = _front(6)
    assert attacks_owed_on_16_december(s) == 5
    s.battles = 4
    assert attacks_owed_on_16_december(s) == 1
    problem = end_phase_problem(s)
    assert (problem.rule, problem.reason) == ("18.2B", "cannot end the Combat Phase: Germany must make at least 5 "
                                                       "attacks on the AM 16 December turn and has made 4")
    s.battles = 6
    assert attacks_owed_on_16_december(s) == 0


def test_18_2B_only_the_german_combat_phase_owes_attacks():
    from darkdec_qt.rules.combat.battle import attacks_owed_on_16_december
    from darkdec_qt.rules.core.phases import Phase

    s = _front(6)
    s.phase = Phase.EXPLOITATION
    assert attacks_owed_on_16_december(s) == 0
    s = _front(6)
    s.side = "Allied"
    assert attacks_owed_on_16_december(s) == 0


def test_18_2B_owed_while_one_allied_unit_can_still_be_attacked():
    from darkdec_qt.rules.combat.battle import attacks_owed_on_16_december

    s = _front(3)
    s.battles = 2
    s.defended |= {"a0", "a1"}
    s.attacked |= {"g0", "g1"}
    assert attacks_owed_on_16_december(s) == 3  # a2 is still open to g2
    s.defended.add("a2")
    assert attacks_owed_on_16_december(s) == 0
    s.defended.discard("a2")
    s.reserve.add("g2")  # nobody free to attack a2
    assert attacks_owed_on_16_december(s) == 0

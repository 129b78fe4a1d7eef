"""10.8 Withdrawals: 10.8B the US 10th Armored Division must go on or as soon as possible
after PM 26 December; optional 10.8C the 150th Panzer Brigade; 10.8D Dietrich."""

import pytest

from darkdec_qt.rules import commands as cm
from darkdec_qt.rules import engine
from darkdec_qt.rules.engine import check, execute
from darkdec_qt.rules.errors import IllegalAction
from darkdec_qt.rules.phases import Phase
from tests.rules.builder import ScenarioBuilder


def game(turn="26DecPM", side="Allied", optional=()):
    b = ScenarioBuilder(10, 8)
    b.unit("10Arm/CCA", "Allied", "armor", (5, 4, 8), (2, 2, 8), division="10Arm", at="0404")
    b.unit("10Arm/CCB", "Allied", "armor", (5, 4, 8), (2, 2, 8), division="10Arm", at="0505")
    b.unit("9Arm/CCA", "Allied", "armor", (5, 4, 8), (2, 2, 8), division="9Arm", at="0303")
    b.unit("150Pz", "German", "armor", (4, 3, 8), (2, 2, 8), at="0506")  # in contact: 10.8A needs no route
    b.unit("Dietrich", "German", "leader", (1, 1, 4), None, at="0808")
    return b.state(turn=turn, side=side, phase=Phase.MOVEMENT, optional=optional)


def test_10_8B_not_before_pm_26_december():
    st = game(turn="26DecAM")
    with pytest.raises(IllegalAction) as e:
        check(st, cm.Withdraw("10Arm/CCA"))
    assert e.value.rule == "10.8"
    execute(st, cm.EndPhase())  # nothing owed yet


def test_10_8B_the_movement_phase_cannot_end_while_the_division_is_owed():
    st = game()
    with pytest.raises(IllegalAction) as e:
        check(st, cm.EndPhase())
    assert e.value.rule == "10.8B" and "10Arm/CCA" in str(e.value)
    cmds = list(engine.legal_commands(st))
    assert cm.Withdraw("10Arm/CCA") in cmds and cm.Withdraw("10Arm/CCB") in cmds
    execute(st, cm.Withdraw("10Arm/CCA"))  # 10.8A: simply removed, even next to the enemy
    with pytest.raises(IllegalAction):
        check(st, cm.EndPhase())
    execute(st, cm.Withdraw("10Arm/CCB"))
    assert {"10Arm/CCA", "10Arm/CCB"} <= st.withdrawn and "10Arm/CCA" not in st.eliminated
    execute(st, cm.EndPhase())


def test_10_8B_as_soon_as_possible_after_units_still_to_arrive_and_later_turns():
    st = game(turn="28DecAM")
    st.pending["10Arm/CCB"] = st.turn + 3  # (delayed)
    del st.pos["10Arm/CCB"]
    execute(st, cm.Withdraw("10Arm/CCA"))
    with pytest.raises(IllegalAction):
        check(st, cm.EndPhase())
    execute(st, cm.Withdraw("10Arm/CCB"))
    assert "10Arm/CCB" not in st.pending
    execute(st, cm.EndPhase())


def test_10_8_only_units_subject_to_withdrawal_and_only_in_the_owners_movement_phase():
    st = game()
    with pytest.raises(IllegalAction) as e:
        check(st, cm.Withdraw("9Arm/CCA"))
    assert e.value.rule == "10.8"
    st.phase = Phase.COMBAT
    with pytest.raises(IllegalAction) as e:
        check(st, cm.Withdraw("10Arm/CCA"))
    assert e.value.rule == "10.8A"
    st.phase = Phase.MOVEMENT
    st.side = "German"
    with pytest.raises(IllegalAction):
        check(st, cm.Withdraw("10Arm/CCA"))


def test_10_8C_optional_150th_panzer_brigade_withdrawn_am_27_december():
    off = game(turn="27DecAM", side="German")
    with pytest.raises(IllegalAction):
        check(off, cm.Withdraw("150Pz"))
    execute(off, cm.EndPhase())
    on = game(turn="27DecAM", side="German", optional=("10.8C",))
    with pytest.raises(IllegalAction) as e:
        check(on, cm.EndPhase())
    assert e.value.rule == "10.8C"
    execute(on, cm.Withdraw("150Pz"))
    execute(on, cm.EndPhase())
    early = game(turn="26DecPM", side="German", optional=("10.8C",))
    with pytest.raises(IllegalAction):
        check(early, cm.Withdraw("150Pz"))


def test_10_8C_already_destroyed_no_withdrawal_necessary():
    st = game(turn="27DecAM", side="German", optional=("10.8C",))
    del st.pos["150Pz"]
    st.eliminated.add("150Pz")
    execute(st, cm.EndPhase())


def test_10_8D_dietrich_may_be_withdrawn_after_am_21_january_never_forced():
    st = game(turn="20JanPM", side="German", optional=("15",))  # a commander: rule 15 (5.4)
    with pytest.raises(IllegalAction):
        check(st, cm.Withdraw("Dietrich"))
    st = game(turn="21JanAM", side="German", optional=("15",))
    check(st, cm.Withdraw("Dietrich"))
    execute(st, cm.EndPhase())

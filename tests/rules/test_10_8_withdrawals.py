"""10.8 Withdrawals: 10.8B the US 10th Armored Division must go on or as soon as possible
after PM 26 December; optional 10.8C the 150th Panzer Brigade; 10.8D Dietrich."""

import pytest

from darkdec_qt.rules import engine
from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.engine import check, execute
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
    assert e.value.rule == "10.8A"
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
    assert e.value.rule == "10.8A"
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


def _lost_ccb(optional):  # noqa: ANN001, ANN202
    """26 Dec PM: 10Arm/CCB already destroyed; two other US armor units in play."""
    st = game(optional=optional)
    del st.pos["10Arm/CCB"]
    st.eliminated.add("10Arm/CCB")
    return st


def test_10_8B_optional_another_armored_regiment_in_place_of_a_destroyed_one_is_the_players_choice():
    st = _lost_ccb(("10.8",))
    execute(st, cm.Withdraw("10Arm/CCA"))
    with pytest.raises(IllegalAction) as e:
        check(st, cm.EndPhase())
    assert e.value.rule == "10.8B" and "another armored regiment" in str(e.value)
    offered = [c for c in engine.legal_commands(st) if c.kind == "withdraw"]
    assert offered == [cm.Withdraw("9Arm/CCA")]  # the US armor left: the player picks (one here)
    assert not any(c.kind == "end_phase" for c in engine.legal_commands(st))  # the queries agree with check
    with pytest.raises(IllegalAction):
        check(st, cm.Withdraw("150Pz"))  # not the Allies' to give
    execute(st, cm.Withdraw("9Arm/CCA"))
    execute(st, cm.EndPhase())  # one destroyed, one substitute: done
    assert "9Arm/CCA" in st.withdrawn


def test_10_8B_optional_substitute_choice_among_several_and_none_without_the_option():
    st = _lost_ccb(("10.8",))
    st.module.units["7Arm/CCB"] = st.module.units["9Arm/CCA"].__class__(
        id="7Arm/CCB", side="Allied", nationality="US", type="armor", full=(5, 4, 8), reduced=(2, 2, 8),
        division="7Arm", setup="0202")
    st.pos["7Arm/CCB"] = "0202"
    execute(st, cm.Withdraw("10Arm/CCA"))
    offered = {c.unit for c in engine.legal_commands(st) if c.kind == "withdraw"}
    assert offered == {"9Arm/CCA", "7Arm/CCB"}  # the engine never picks for the player
    execute(st, cm.Withdraw("7Arm/CCB"))
    execute(st, cm.EndPhase())
    assert "9Arm/CCA" in st.pos
    plain = _lost_ccb(())  # the option off: no substitute is owed, and none may be withdrawn
    execute(plain, cm.Withdraw("10Arm/CCA"))
    with pytest.raises(IllegalAction) as e:
        check(plain, cm.Withdraw("9Arm/CCA"))
    assert e.value.rule == "10.8A"
    execute(plain, cm.EndPhase())


@pytest.mark.parametrize(("optional", "winner", "owed"), [
    (("10.8",), "German", False), (("10.8",), "Allied", True), ((), "German", True)])
def test_10_8B_optional_not_required_while_germany_is_presently_winning(monkeypatch, optional, winner, owed):
    from darkdec_qt.rules.scenarios import victory

    class Now:
        pass

    now = Now()
    now.winner = winner
    monkeypatch.setattr(victory, "evaluate", lambda state: now)
    st = _lost_ccb(optional)
    if owed:
        with pytest.raises(IllegalAction) as e:
            check(st, cm.EndPhase())
        assert e.value.rule == "10.8B"
    else:
        check(st, cm.EndPhase())  # waived: not required (and no substitute either)
        assert not any(c.kind == "withdraw" and c.unit == "9Arm/CCA" for c in engine.legal_commands(st))
        execute(st, cm.Withdraw("10Arm/CCA"))  # still permitted
        execute(st, cm.EndPhase())

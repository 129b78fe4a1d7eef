"""Split results and advance (13.5.3B), a counterattack on a counterattack (13.5.5I), and
Manteuffel's second all out assault after a double integrity attack (15.6D). Each test has the
legal and the illegal case, so it fails if the engine applied the rule the other way."""

import pytest

from darkdec_qt.rules.combat import commands as cc
from darkdec_qt.rules.combat import legal as combat_legal
from darkdec_qt.rules.core.errors import IllegalAction
from tests.rules.combat_builder import CombatBuilder
from tests.rules.combat_helpers import pending, run


# --- 13.5.3B -----------------------------------------------------------------------------------
def _split_after_the_defender_is_gone():
    """g1 (0505, clear) and g2 (0604, woods) attacked a (0605) and rolled D3/A1; the defender
    took two steps and is eliminated; the A1 falls on g1's hex only (woods: level 3 - 1 > 1)."""
    s = CombatBuilder().terrain("0604", "woods").german("g1", "0505").german("g2", "0604") \
        .allied("a", "0605").build()
    pending(s, ("g1", "g2"), ("a",), "D3/A1", (("result", "Allied", "0605", 1), ("result", "German", "0505", 0)),
            levels=(("0605", 1),))
    run(s, cc.ChooseDefenderResult(hex="0605", option="step2", losses=("a", "a")))
    assert "a" in s.eliminated and s.battle.task == ("result", "German", "0505", 0)  # 13.5.3A: defender first
    return s


def _advances(s):
    return {c.unit for c in combat_legal.pending_commands(s) if isinstance(c, cc.ChooseAdvance)}


def test_13_5_3B_an_attacker_that_takes_the_split_result_as_a_step_loss_may_advance():
    # given a split result, when g1 takes its A1 as a step loss (it stays in 0505)
    s = _split_after_the_defender_is_gone()
    run(s, cc.ChooseAttackerResult(hex="0505", option="step1", losses=("g1",)))
    # then it is offered the advance into the eliminated defender's hex, and may make it
    assert s.battle.task[0] == "advance" and "g1" in _advances(s)
    run(s, cc.ChooseAdvance(unit="g1", path=("0505", "0605")))
    assert s.pos["g1"] == "0605" and "g1" in s.reduced


def test_13_5_3B_an_attacker_that_retreats_for_the_split_result_may_not_advance():
    # given a split result, when g1 retreats one hex to 0506 (still adjacent to the vacated 0605)
    s = _split_after_the_defender_is_gone()
    run(s, cc.ChooseAttackerResult(hex="0505", option="retreat1"))
    run(s, cc.ChooseRetreat(units=("g1",), path=("0505", "0506")))
    assert s.pos["g1"] == "0506" and "g1" not in s.reduced
    # then it may not advance (no retreat then advance); g2, untouched by the A1, still may
    assert s.battle.task[0] == "advance" and _advances(s) == {"g2"}
    with pytest.raises(IllegalAction) as e:
        run(s, cc.ChooseAdvance(unit="g1", path=("0506", "0605")))
    assert e.value.rule == "13.5.3B"
    run(s, cc.ChooseAdvance(unit="g2", path=("0604", "0605")))
    assert s.pos["g2"] == "0605"


# --- 13.5.5I -----------------------------------------------------------------------------------
def _counterattack_counterattacked():
    """g1 (0505) and g2 (0604) attacked a (0605) and got CA; a counterattacked only g1's hex
    (13.5.5G) and that counterattack gave CA again: Germany now counterattacks."""
    for i in range(400):
        s = CombatBuilder().german("g1", "0505", a=4, d=4).german("g2", "0604", a=4, d=4) \
            .allied("a", "0605", a=4, d=4).build()
        s.seed = f"ca{i}"
        pending(s, ("g1", "g2"), ("a",), "CA", (("ca", "Allied", "", 0),))
        run(s, cc.Counterattack(hexes=("0505",)))
        if s.battle is not None and s.battle.task is not None and s.battle.task[0] == "ca":
            return s
    raise AssertionError("no seed gives a counterattack on the counterattack")


def test_13_5_5I_a_counterattack_on_a_counterattack_involves_only_the_units_counterattacked():
    s = _counterattack_counterattacked()
    assert s.battle.task[1] == "German" and s.battle.attackers == ("a",) and s.battle.defenders == ("g1",)
    # when Germany counterattacks, only g1 (counterattacked) takes part: g2, which made the
    # original attack but was not counterattacked, takes no further part in the battle
    legal = [c for c in combat_legal.pending_commands(s) if isinstance(c, cc.Counterattack)]
    assert legal and all(c.hexes == ("0605",) for c in legal)
    evs = run(s, cc.Counterattack(hexes=("0605",)))
    declared = next(e for e in evs if e.kind == "counterattack_declared")
    assert declared.attackers == ("g1",) and declared.defenders == ("a",)
    resolved = next(e for e in evs if e.kind == "battle_resolved")
    assert resolved.attack == 4  # g1 alone, not g1 + g2
    assert s.battle is None or "g2" not in s.battle.attackers + s.battle.defenders


def test_13_5_5I_the_second_counterattack_must_hit_the_first_counterattackers_hexes():
    s = _counterattack_counterattacked()
    with pytest.raises(IllegalAction) as e:
        run(s, cc.Counterattack(hexes=("0604",)))  # g2's own hex is not a counterattacking hex
    assert e.value.rule == "13.5.5B"


# --- 15.6D -------------------------------------------------------------------------------------
def _double_integrity_assault(seed: str):
    """Manteuffel (PM 20 December, German tactical advantage) reserves the all out assault for
    an attack by two one-unit divisions claiming both integrity bonuses (13.8.4.1)."""
    b = CombatBuilder().unit("Manteuffel", "German", "0404", a=0, d=0, m=5, type="leader", aopt=3, dopt=1)
    b.german("x", "0505", a=4, d=4, division="D1").german("z", "0604", a=4, d=4, division="D2")
    b.allied("y", "0605", a=4, d=4).terrain("0605", "woods")
    b.optional.add("15")
    b.turn = 10  # PM 20 December
    b.seed = seed
    s = b.build()
    evs = run(s, cc.DeclareBattle(attackers=("x", "z"), defenders=("y",), integrity_choices=("D1", "D2"),
                                  all_out_assault_leader="Manteuffel"))
    run(s, cc.DefenderDeclares())
    evs = run(s, cc.ResolveBattle())
    return s, next(e for e in evs if e.kind == "battle_resolved")


def test_15_6D_manteuffel_s_second_assault_is_allowed_after_a_double_integrity_attack():
    for i in range(600):
        s, first = _double_integrity_assault(f"d{i}")
        if s.battle is None or s.battle.task is None or s.battle.task[0] != "assault":
            continue
        run(s, cc.AllOutAssault(loss="x"))
        if s.battle is None or s.battle.task is None or s.battle.task[0] != "assault":
            continue  # the first all out assault affected the defender or was a fire fight
        # given the attack was made with both integrity bonuses (-1 each, 13.8.4.1)
        assert sum("attack integrity" in n for n in first.notes) == 2
        # then Manteuffel may still make the second all out assault (15.6A, C, D)
        assert any(isinstance(c, cc.AllOutAssault) for c in combat_legal.pending_commands(s))
        run(s, cc.AllOutAssault(loss="z"))
        assert s.battle is None or s.battle.assaults == 2
        return
    raise AssertionError("no seed gives two indecisive results")

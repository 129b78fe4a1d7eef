"""14.3: reserve shock combat."""

import pytest

from darkdec_qt.rules.combat import commands as cc
from darkdec_qt.rules.combat.battle import plan
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.reserves import shock_candidates
from tests.rules.combat_builder import CombatBuilder
from tests.rules.combat_helpers import run


def _state():
    b = CombatBuilder().german("pz", "0505", a=6, type="armor").german("pz2", "0604", a=6, type="armor") \
        .allied("a", "0605", d=4)
    b.optional.add("14")
    s = b.build()
    s.phase = Phase.EXPLOITATION
    s.exploited |= {"pz", "pz2"}
    return s


def test_14_3B_doubled_on_the_tactical_column():
    s = _state()
    run(s, cc.DeclareBattle(attackers=("pz",), defenders=("a",), shock=True))
    p = plan(s, s.battle)
    assert p.attack == 12 and p.column == "tactical"


def test_14_3B_one_unit_per_shock_battle():
    s = _state()
    with pytest.raises(IllegalAction, match=r"14\.3B"):
        run(s, cc.DeclareBattle(attackers=("pz", "pz2"), defenders=("a",), shock=True))


def test_14_3A_only_units_that_moved_in_exploitation():
    s = _state()
    s.exploited.discard("pz")
    with pytest.raises(IllegalAction, match=r"14\.3A"):
        run(s, cc.DeclareBattle(attackers=("pz",), defenders=("a",), shock=True))


def test_14_3B_not_after_strategic_movement():
    s = _state()
    s.strategic.add("pz")
    with pytest.raises(IllegalAction, match=r"14\.3B"):
        run(s, cc.DeclareBattle(attackers=("pz",), defenders=("a",), shock=True))
    assert "pz" not in shock_candidates(s)


def test_14_3B_defender_may_have_defended_already():
    s = _state()
    s.defended.add("a")
    run(s, cc.DeclareBattle(attackers=("pz",), defenders=("a",), shock=True))
    assert s.battle is not None


def test_14_1E_reserve_units_do_not_attack():
    b = CombatBuilder().german("g", "0505").allied("a", "0605")
    s = b.build()
    s.reserve.add("g")
    with pytest.raises(IllegalAction, match=r"14\.1E"):
        run(s, cc.DeclareBattle(attackers=("g",), defenders=("a",)))


def test_14_5E_attacked_reserve_loses_its_status():
    s = CombatBuilder().german("g", "0505").allied("a", "0605").build()
    s.reserve.add("a")
    run(s, cc.DeclareBattle(attackers=("g",), defenders=("a",)))
    assert "a" not in s.reserve

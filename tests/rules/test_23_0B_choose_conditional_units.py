"""23.0B: for each 1-2 the side selects any three of its conditional units
(ChooseConditionalUnits); the engine's counter-order pick is the default."""

from __future__ import annotations

import pytest

from darkdec_qt.rules import engine
from darkdec_qt.rules.core.apply import apply
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.scenarios import variants as var
from darkdec_qt.rules.scenarios.variants import ChooseConditionalUnits
from tests.rules.conftest_real import at, dice, init
from tests.rules.rules_helpers import force_dice


def _rolled(side: str = "Allied", values=(1, 6)):
    st = at(init(), "26DecAM", side=side, phase=Phase.MOVEMENT)
    st.optional = frozenset({"23"})
    st.triggers["23B"] = st.turn - 1  # the condition already noted (CCR handled)
    force_dice(st, *values)
    events = var._conditional_events(st, dice(st))
    for e in events:
        apply(st, e)
    return st


def _exec(st, cmd):
    for e in engine.check(st, cmd):
        apply(st, e)


def test_23_0B_given_one_hit_then_default_three_units_in_counter_order():
    st = _rolled()
    picked = var.committed_this_turn(st, "Allied")
    assert len(picked) == 3 and all(u in st.pending for u in picked)


def test_23_0B_given_a_hit_when_side_chooses_other_units_then_they_replace_the_default():
    st = _rolled()
    default = var.committed_this_turn(st, "Allied")
    pool = var.conditional_pool(st, "Allied")
    assert len(pool) >= 2
    mine = (default[0], pool[0], pool[1])
    _exec(st, ChooseConditionalUnits(units=mine))
    assert sorted(var.committed_this_turn(st, "Allied")) == sorted(mine)
    assert default[1] not in st.pending and default[2] not in st.pending
    assert default[1] in var.conditional_pool(st, "Allied")
    assert all(u in st.pending for u in mine)


def test_23_0B_wrong_number_or_non_conditional_units_illegal():
    st = _rolled()
    default = var.committed_this_turn(st, "Allied")
    with pytest.raises(IllegalAction, match=r"23\.0B"):
        engine.check(st, ChooseConditionalUnits(units=default[:2]))
    other = next(u for u, s in st.module.units.items() if s.side == "Allied" and not s.conditional)
    with pytest.raises(IllegalAction, match=r"23\.0B"):
        engine.check(st, ChooseConditionalUnits(units=(default[0], default[1], other)))


def test_23_0B_no_hit_no_selection():
    st = _rolled(values=(5, 6))
    assert var.committed_this_turn(st, "Allied") == []
    with pytest.raises(IllegalAction, match=r"23\.0B"):
        engine.check(st, ChooseConditionalUnits(units=()))


def test_23_0B_selection_only_in_the_movement_phase_and_with_the_rule():
    st = _rolled()
    default = tuple(var.committed_this_turn(st, "Allied"))
    st2 = st.clone()
    st2.phase = Phase.COMBAT
    with pytest.raises(IllegalAction, match=r"23\.0B"):
        engine.check(st2, ChooseConditionalUnits(units=default))
    st3 = st.clone()
    st3.optional = frozenset()
    with pytest.raises(IllegalAction, match=r"23\.0"):
        engine.check(st3, ChooseConditionalUnits(units=default))

"""8.7.4 in the computer's reading of a position: a German unit out of fuel counts as
unsupplied in the evaluation, as it does for every rule (GameState.is_supplied)."""

from __future__ import annotations

import pytest

from darkdec_qt.ai import evaluation
from tests.rules.conftest_real import init


def test_8_7_4_the_evaluation_counts_a_division_out_of_fuel_as_unsupplied():
    st = init()
    div = st.module.units["Peiper/1SS"].division
    members = [u for u in st.pos if st.module.units[u].division == div and not st.module.units[u].is_leader]
    assert members and all(st.is_supplied(u) for u in members)
    before = evaluation.german_score(st)
    st.fuel_depleted.add(div)
    assert evaluation.german_score(st) == pytest.approx(before - evaluation.W_UNSUPPLIED * len(members))

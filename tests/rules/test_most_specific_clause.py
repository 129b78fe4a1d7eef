"""The most specific clause: a refusal cites the clause that forbids the action, not a neighbour."""

from __future__ import annotations

import pytest

from darkdec_qt.rules.combat import commands as cc
from darkdec_qt.rules.combat.retreat import legal_retreats
from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.engine import check
from tests.rules.combat_builder import CombatBuilder
from tests.rules.combat_helpers import pending, run


def _refused(s, cmd) -> IllegalAction:
    with pytest.raises(IllegalAction) as e:
        run(s, cmd)
    return e.value


def test_13_6_2D_an_armored_retreat_across_an_unbridged_river_cites_13_6_2D():
    b = CombatBuilder().german("g", "0405").allied("tk", "0505", type="armor")
    b.river("0505", "0605")
    s = b.build()
    pending(s, ("g",), ("tk",), "D1", (("retreat", "Allied", "0505", 1),))
    assert all(p.path[-1] != "0605" for p in legal_retreats(s, "0505", ("tk",), 1))
    e = _refused(s, cc.ChooseRetreat(units=("tk",), path=("0505", "0605")))
    assert e.rule == "13.6.2D"


def test_13_6_retreat_refusals_name_their_own_clause():
    s = CombatBuilder().german("g", "0505").allied("a", "0605").allied("f", "0705").build()
    pending(s, ("g",), ("a",), "D2", (("retreat", "Allied", "0605", 2),))
    assert _refused(s, cc.ChooseRetreat(units=("a",), path=("0605", "0505"))).rule == "13.6.1B"  # enemy
    assert _refused(s, cc.ChooseRetreat(units=("a",), path=("0605", "0805", "0905", "1005"))).rule == "13.6A"
    assert _refused(s, cc.ChooseRetreat(units=("a",), path=("0605", "0807"))).rule == "13.6A"  # not adjacent


def test_13_6B_a_lower_priority_path_still_cites_13_6B():
    b = CombatBuilder().german("g", "0505").allied("a", "0605").german("z", "0804")
    s = b.build()
    pending(s, ("g",), ("a",), "D1", (("retreat", "Allied", "0605", 1),))
    legal = {p.path[-1] for p in legal_retreats(s, "0605", ("a",), 1)}
    zoc_hex = "0705"  # adjacent to z: an enemy ZOC hex, priority 1 prefers the others
    assert zoc_hex not in legal
    assert _refused(s, cc.ChooseRetreat(units=("a",), path=("0605", zoc_hex))).rule == "13.6B"


def test_13_7_4B_an_armored_advance_across_an_unbridged_river_cites_13_7_4B():
    b = CombatBuilder().german("pz", "0505", type="armor").allied("a", "0806")
    b.river("0605", "0705")
    s = b.build()
    pending(s, ("pz",), ("a",), "D1", (("advance", "German", "0605", 1),), levels=(("0605", 1),))
    e = _refused(s, cc.ChooseAdvance(unit="pz", path=("0505", "0605", "0705")))
    assert e.rule == "13.7.4B"
    e = _refused(s, cc.ChooseAdvance(unit="pz", path=("0505", "0604")))
    assert e.rule == "13.7.3"


def test_8_7_3C_a_division_not_yet_on_the_map_cites_8_7_3C():
    from tests.rules.test_08_7_fuel import fuel_state

    st = fuel_state()
    for u in ("a/9Pz", "b/9Pz"):  # the 9th Panzer Division still to arrive
        del st.pos[u]
        st.pending[u] = st.turn + 2
    with pytest.raises(IllegalAction) as e:
        check(st, cm.ChooseFuelDivision(division="9Pz", side="Allied"))
    assert e.value.rule == "8.7.3C" and "not yet on the map" in str(e.value)
    with pytest.raises(IllegalAction) as e:  # one unit on the map, one to arrive
        check(st, cm.ChooseFuelDivision(division="116Pz", side="Allied"))
    assert e.value.rule == "8.7.2A"


def test_movement_refusals_cite_one_clause_not_a_pair():
    from darkdec_qt.rules.core.phases import Phase
    from tests.rules.builder import ScenarioBuilder

    b = ScenarioBuilder()
    b.unit("1/A", "Allied", at="0303").unit("2/A", "Allied", at="0303")
    b.unit("g/1", "German", at="0909")
    st = b.state(turn="20DecAM", side="Allied", phase=Phase.EXPLOITATION, optional=("14",))
    with pytest.raises(IllegalAction) as e:
        check(st, cm.Move(units=("1/A",), path=("0303", "0304")))
    assert e.value.rule == "14.2A"
    st.phase = Phase.REACTION
    st.side = "German"
    with pytest.raises(IllegalAction) as e:
        check(st, cm.Move(units=("1/A",), path=("0303", "0304")))
    assert e.value.rule == "14.4A"
    st.phase, st.side = Phase.MOVEMENT, "Allied"
    st.strategic.add("1/A")
    with pytest.raises(IllegalAction) as e:
        check(st, cm.Move(units=("1/A", "2/A"), path=("0303", "0304")))
    assert e.value.rule == "11.3B"

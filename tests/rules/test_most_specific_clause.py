"""The most specific clause: a refusal cites the clause that forbids the action, not a neighbour."""

from __future__ import annotations

import pytest

from darkdec_qt.rules.combat import commands as cc
from darkdec_qt.rules.combat.refusals import advance_clause, retreat_clause
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


# --- combat.refusals: each clause a refused retreat or advance is explained by, walked directly ---


def _retreat_state():
    """An Allied ``a`` in 0605 under attack from the German ``g`` in 0505."""
    return CombatBuilder().german("g", "0505").allied("a", "0605")


def test_13_6A_a_retreat_path_begins_in_the_hex_retreated_from_and_is_the_retreat_length():
    s = _retreat_state().build()
    assert retreat_clause(s, "0605", ("a",), (), 1) == (
        "13.6A", "a retreat path begins in the hex retreated from (0605)")
    assert retreat_clause(s, "0605", ("a",), ("0705", "0805"), 1)[0] == "13.6A"
    assert retreat_clause(s, "0605", ("a",), ("0605", "0705", "0805"), 1) == (
        "13.6A", "the retreat is 1 hex(es), not 2")
    assert retreat_clause(s, "0605", ("a",), ("0605", "0705", "0805"), 2)[0] == "13.6B"


def test_13_6A_a_retreat_moves_hex_by_hex_and_never_back():
    s = _retreat_state().build()
    assert retreat_clause(s, "0605", ("a",), ("0605", "0807"), 1) == (
        "13.6A", "a retreat moves hex by hex through the grid: 0605-0807")
    assert retreat_clause(s, "0605", ("a",), ("0605", "0705", "0605"), 2) == (
        "13.6A", "a retreat moves hex by hex through the grid: 0705-0605")
    assert retreat_clause(s, "0605", ("a",), ("0605", "0705", "0706", "0705"), 3) == (
        "13.6A", "a retreat moves hex by hex through the grid: 0706-0705")


def test_13_6A_a_retreat_shorter_than_called_for_where_the_path_allows_it():
    s = _retreat_state().build()
    assert retreat_clause(s, "0605", ("a",), ("0605", "0705"), 2) == (
        "13.6A", "the retreat is 2 hex(es) where the path allows it")


def test_13_6_1B_no_retreat_off_the_map_or_through_enemy_units():
    b = CombatBuilder().german("g", "1105").allied("a", "1205").german("e", "0705")
    s = b.build()
    assert retreat_clause(s, "1205", ("a",), ("1205", "1305"), 1) == (
        "13.6.1B", "units may not retreat off the map (1305)")
    s2 = _retreat_state().german("e", "0705").build()
    assert retreat_clause(s2, "0605", ("a",), ("0605", "0706", "0705"), 2) == (
        "13.6.1B", "units may not retreat through enemy units (0705)")
    # a friendly unit in the way is no enemy: the path is refused for the retreat priorities only
    s3 = _retreat_state().allied("f", "0705").build()
    assert retreat_clause(s3, "0605", ("a",), ("0605", "0705"), 1)[0] == "13.6B"
    s4 = CombatBuilder().allied("a", "0605").german("g", "0505").german("f", "0404").build()  # a German retreat
    assert retreat_clause(s4, "0505", ("g",), ("0505", "0404"), 1)[0] == "13.6B"


def test_13_6_2B_infantry_stop_in_the_hex_after_an_unbridged_river():
    s = _retreat_state().river("0605", "0705").build()
    assert retreat_clause(s, "0605", ("a",), ("0605", "0705", "0805"), 2) == (
        "13.6.2B", "infantry never retreat further than the hex after an unbridged river")
    # having crossed, one hex is the whole retreat: no 13.6A 'shorter than called for'
    assert retreat_clause(s, "0605", ("a",), ("0605", "0705"), 2) == (
        "13.6B", "another path comes first by the retreat priorities")
    # 13.6.2E: over a bridge or a ford the retreat goes on
    for bridged in (dict(bridge=True), dict(ford=True)):
        s = _retreat_state().river("0605", "0705", **bridged).build()
        assert retreat_clause(s, "0605", ("a",), ("0605", "0705", "0805"), 2)[0] == "13.6B"


def test_13_6_2D_any_armored_unit_of_a_stack_keeps_it_from_an_unbridged_river():
    b = _retreat_state().allied("tk", "0605", type="armor").river("0605", "0705")
    s = b.build()
    assert retreat_clause(s, "0605", ("a", "tk"), ("0605", "0705"), 1) == (
        "13.6.2D", "armored and armored cavalry units may not retreat across an unbridged river hexside "
        "(0605-0705): they lose steps instead")
    assert retreat_clause(s, "0605", ("tk", "a"), ("0605", "0705"), 1)[0] == "13.6.2D"
    assert retreat_clause(s, "0605", ("a",), ("0605", "0705"), 1)[0] == "13.6B"


def test_13_6C_an_allied_unit_south_of_the_bulge_retreats_south_or_west():
    b = CombatBuilder().german("nose", "0305").german("g", "0508").allied("a", "0608")
    s = b.build()
    assert retreat_clause(s, "0608", ("a",), ("0608", "0708"), 1) == (
        "13.6C", "an Allied unit beside the Bulge retreats south or west")
    assert retreat_clause(s, "0608", ("a",), ("0608", "0709"), 1)[0] == "13.6B"  # south
    assert retreat_clause(s, "0608", ("a",), ("0608", "0607"), 1)[0] == "13.6C"  # north
    # the retreat is judged as a whole, by the hex it ends in: south first, then east is not south
    assert retreat_clause(s, "0608", ("a",), ("0608", "0709", "0808"), 2)[0] == "13.6C"
    assert retreat_clause(s, "0608", ("a",), ("0608", "0708", "0709"), 2)[0] == "13.6B"
    b = CombatBuilder().german("nose", "0305").german("g", "0502").allied("a", "0602")
    s = b.build()
    assert retreat_clause(s, "0602", ("a",), ("0602", "0603"), 1) == (
        "13.6C", "an Allied unit beside the Bulge retreats north or west")
    assert retreat_clause(s, "0602", ("a",), ("0602", "0601"), 1)[0] == "13.6B"
    b = CombatBuilder().german("nose", "0705").german("g", "0508").allied("a", "0608")
    s = b.build()
    assert retreat_clause(s, "0608", ("a",), ("0608", "0708"), 1)[0] == "13.6B"  # west of the nose


def test_11_4_british_and_us_units_end_a_retreat_together_only_when_combat_leaves_no_other():
    b = _retreat_state().allied("br", "0605", nationality="British").allied("us", "0705")
    s = b.build()
    assert retreat_clause(s, "0605", ("br",), ("0605", "0705"), 1) == (
        "11.4", "British and US units stack together only when combat leaves no other retreat")
    assert retreat_clause(s, "0605", ("br",), ("0605", "0706"), 1)[0] == "13.6B"  # an empty hex
    # only the hex the retreat ends in counts: passing through the US unit's hex is no stacking
    assert retreat_clause(s, "0605", ("br",), ("0605", "0705", "0805"), 2)[0] == "13.6B"
    # a British and US stack retreating together into an empty hex is not 11.4's case
    assert retreat_clause(s, "0605", ("br", "a"), ("0605", "0706"), 1)[0] == "13.6B"
    # a US leader in the hex is no unit to stack with (11.0)
    b = _retreat_state().allied("br", "0605", nationality="British").unit(
        "Hodges", "Allied", "0705", a=0, d=0, m=5, type="leader")
    assert retreat_clause(b.build(), "0605", ("br",), ("0605", "0705"), 1)[0] == "13.6B"


def _advance_state(**kw):
    """The German ``pz`` in 0505 (type ``kw``) won against 0605, now vacated."""
    return CombatBuilder().german("pz", "0505", **kw)


def test_13_7_3_the_first_hex_of_an_advance_is_the_vacated_hex():
    s = _advance_state().build()
    want = ("13.7.3", "the first hex of an advance is the vacated hex 0605")
    assert advance_clause(s, "pz", "0605", ("0505",), 1) == want
    assert advance_clause(s, "pz", "0605", ("0504", "0605"), 1) == want
    assert advance_clause(s, "pz", "0605", ("0505", "0604"), 1) == want
    assert advance_clause(s, "pz", "0605", ("0505", "0605"), 1)[0] != "13.7.3"


def test_13_7_1_the_length_of_an_advance_by_unit_type():
    path = ("0505", "0605", "0705", "0805")
    for t, rule in (("infantry", "13.7.1A"), ("armored_infantry", "13.7.1B"), ("armor", "13.7.1C"),
                    ("armored_cavalry", "13.7.1C")):
        s = _advance_state(type=t).build()
        assert advance_clause(s, "pz", "0605", path, 2) == (rule, "pz may advance at most 2 hex(es)"), t
        assert advance_clause(s, "pz", "0605", path[:3], 2)[0] == "13.7"


def test_13_7_6_and_22_0B_the_length_of_an_advance_after_an_elimination_and_in_snow():
    s = _advance_state(type="armor").allied("a", "0806").build()
    pending(s, ("pz",), ("a",), "DE", (("advance", "German", "0605", 2),), vacated=(("0605", -1),))
    path = ("0505", "0605", "0705", "0805")
    assert advance_clause(s, "pz", "0605", path, 2)[0] == "13.7.6"
    s.battle = s.battle.with_(vacated=(("0605", 2),))
    assert advance_clause(s, "pz", "0605", path, 2)[0] == "13.7.1C"
    s.battle = s.battle.with_(vacated=(("0605", -1),))
    s.turn = 27  # AM 29 Dec: heavy snow (22.0A)
    assert advance_clause(s, "pz", "0605", path, 2) == ("22.0B", "pz may advance at most 2 hex(es)")


def test_13_7_an_advance_moves_hex_by_hex_and_never_into_enemy_units():
    s = _advance_state().build()
    assert advance_clause(s, "pz", "0605", ("0505", "0605", "0807"), 2) == (
        "13.7", "an advance moves hex by hex: 0605-0807")
    assert advance_clause(s, "pz", "0605", ("0505", "0605", "0505"), 2) == (
        "13.7", "an advance moves hex by hex: 0605-0505")
    s = _advance_state().allied("a", "0605").build()
    assert advance_clause(s, "pz", "0605", ("0505", "0605"), 1) == (
        "13.7", "units may not advance into enemy units (0605)")
    s = _advance_state().build()
    assert advance_clause(s, "pz", "0605", ("0505", "0605", "0705"), 2) == (
        "13.7", "cannot advance along 0505-0605-0705 (13.7.1-13.7.7)")


def test_13_7_4D_an_advance_stops_in_the_first_marsh_hex():
    s = _advance_state().terrain("0605", "marsh").build()
    assert advance_clause(s, "pz", "0605", ("0505", "0605", "0705"), 2) == (
        "13.7.4D", "advancing units stop in the first marsh hex (0605)")
    s = _advance_state().terrain("0505", "marsh").build()  # the hex it starts from is no stop
    assert advance_clause(s, "pz", "0605", ("0505", "0605", "0705"), 2)[0] == "13.7"


def test_13_7_7_an_advance_stops_on_entering_an_enemy_zoc():
    s = _advance_state().allied("a", "0805").build()  # its ZOC covers 0705, not 0605
    assert advance_clause(s, "pz", "0605", ("0505", "0605", "0705", "0704"), 3) == (
        "13.7.7", "advancing units stop on entering an enemy ZOC (0705)")
    s = _advance_state().allied("a", "0706").build()  # its ZOC covers 0605, the vacated hex
    assert advance_clause(s, "pz", "0605", ("0505", "0605", "0604"), 2) == (
        "13.7.7", "advancing units stop on entering an enemy ZOC (0605)")
    assert advance_clause(s, "pz", "0605", ("0505", "0605"), 1)[0] == "13.7"


def test_13_7_4A_B_rivers_on_an_advance():
    s = _advance_state(type="armor").river("0605", "0705").build()
    assert advance_clause(s, "pz", "0605", ("0505", "0605", "0705"), 2) == (
        "13.7.4B", "armored units may not advance across an unbridged river (0605-0705)")
    s = _advance_state(type="armor").river("0605", "0705", ford=True).build()
    assert advance_clause(s, "pz", "0605", ("0505", "0605", "0705"), 2) == (
        "13.7.4A", "an unbridged river or ford is crossed only from the attacker's hex (0605-0705)")
    s = _advance_state().river("0605", "0705").build()
    assert advance_clause(s, "pz", "0605", ("0505", "0605", "0705"), 2)[0] == "13.7.4A"
    s = _advance_state().river("0505", "0605").build()  # from the attacker's hex: allowed
    assert advance_clause(s, "pz", "0605", ("0505", "0605", "0705"), 2)[0] == "13.7"
    s = _advance_state(type="armor").river("0605", "0705", bridge=True).build()
    assert advance_clause(s, "pz", "0605", ("0505", "0605", "0705"), 2)[0] == "13.7"


def test_13_7_4C_motorized_units_advance_through_one_dense_forest_hex_off_road():
    path = ("0505", "0605", "0705", "0805")
    b = _advance_state(type="armored_infantry").terrain("0605", "dense_forest").terrain("0705", "dense_forest")
    assert advance_clause(b.build(), "pz", "0605", path, 3) == (
        "13.7.4C", "armored units advance through one dense forest hex at most off road")
    assert advance_clause(b.road("0605", "0705").build(), "pz", "0605", path, 3)[0] == "13.7"
    b = _advance_state().terrain("0605", "dense_forest").terrain("0705", "dense_forest")
    assert advance_clause(b.build(), "pz", "0605", path, 3)[0] == "13.7"  # infantry
    b = _advance_state(type="armor").terrain("0705", "dense_forest")
    assert advance_clause(b.build(), "pz", "0605", path, 3)[0] == "13.7"  # one hex


def test_11_0A_and_11_4_the_hex_an_advance_ends_in():
    b = _advance_state()
    for i in range(3):
        b.german(f"f{i}", "0705")
    s = b.build()
    assert advance_clause(s, "pz", "0605", ("0505", "0605", "0705"), 2) == ("11.0A", "0705 already holds three units")
    b = _advance_state().german("f0", "0705").german("f1", "0705").unit(
        "Model", "German", "0705", a=0, d=0, m=5, type="leader")
    assert advance_clause(b.build(), "pz", "0605", ("0505", "0605", "0705"), 2)[0] == "13.7"  # a leader is no unit
    s = CombatBuilder().allied("br", "0505", nationality="British").allied("us", "0705").build()
    assert advance_clause(s, "br", "0605", ("0505", "0605", "0705"), 2) == (
        "11.4", "an advance is never forced: British and US units may not end it together")
    s = CombatBuilder().allied("br", "0505", nationality="British").allied("b2", "0705", nationality="British").build()
    assert advance_clause(s, "br", "0605", ("0505", "0605", "0705"), 2)[0] == "13.7"

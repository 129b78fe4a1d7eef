"""13.6 retreat after combat, clause by clause: the ZOCs that filter a path (13.6B, 12.0B,
13.6.1A), the hexes a path may not enter (13.6.1B, 13.6.4), stacking (13.6.3), the Bulge
(13.6C as read in docs/rules-interpretations.md), the motorized MP cost of priority 4, the
clause a retreat's losses cite, and the river die roll (13.6.2C)."""

import pytest

from darkdec_qt import clauses
from darkdec_qt.hexgrid import hexside_key
from darkdec_qt.rules.combat import commands as cc
from darkdec_qt.rules.combat.retreat import (
    UNPASSABLE,
    RetreatPath,
    bulge_rule,
    legal_retreats,
    motorized_cost,
)
from darkdec_qt.rules.core.errors import IllegalAction
from tests.rules.combat_builder import CombatBuilder
from tests.rules.combat_helpers import pending, run, seed_with


def _ends(s, start: str, units: tuple[str, ...], length: int = 1) -> set[str]:
    return {p.path[-1] for p in legal_retreats(s, start, units, length)}


# --- 13.6B / 13.6.1A / 12.0B: which ZOCs count ---

def _ringed():
    """Allied ``a`` in 0605 whose five free neighbours are each in the ZOC of one of four
    German units (g1 attacks from 0505)."""
    return CombatBuilder().german("g1", "0505").german("g2", "0806").german("g3", "0704") \
        .german("g4", "0507").allied("a", "0605")


def test_13_6_1A_the_zoc_of_every_enemy_unit_costs_a_step_not_only_one_units():
    s = _ringed().build()
    paths = legal_retreats(s, "0605", ("a",), 1)
    assert {p.path[-1] for p in paths} == {"0604", "0705", "0706", "0606", "0506"}
    assert all(p.zoc_steps == 1 and p.steps == 1 for p in paths)


def test_12_0B_an_enemy_zoc_does_not_extend_across_a_river_for_a_retreat_path():
    # g's ZOC would reach 0604 but for the river on the 0505-0604 hexside
    s = CombatBuilder().german("g", "0505").allied("a", "0605").river("0505", "0604").build()
    paths = {p.path[-1]: p for p in legal_retreats(s, "0605", ("a",), 1)}
    assert set(paths) == {"0604", "0705", "0706", "0606"}  # 0506 stays in g's ZOC
    assert paths["0604"].zoc_steps == 0


def test_13_6_1B_and_13_6_4_a_german_retreat_enters_friendly_hexes_never_allied_ones():
    s = CombatBuilder().allied("a", "0505").german("g", "0605").german("f", "0705").build()
    ends = _ends(s, "0605", ("g",))
    assert "0505" not in ends  # 13.6.1B: not through enemy units
    assert ends == {"0705", "0706", "0606"}  # 13.6.4 the friendly 0705 too; 0604, 0506 in a's ZOC


def test_13_6B_priority_2_into_a_zoc_only_where_a_friendly_unit_stands():
    # every neighbour in an enemy ZOC; a friendly unit in 0705 makes it the only choice (13.6.4)
    s = _ringed().allied("f", "0705").build()
    paths = legal_retreats(s, "0605", ("a",), 1)
    assert [(p.path[-1], p.steps) for p in paths] == [("0705", 0)]


def test_13_6B_priority_1_a_hex_outside_any_zoc_before_a_friendly_hex_in_one():
    # 0604 and 0506 in g's ZOC, 0604 holding a friendly unit; 0705, 0706, 0606 outside any ZOC
    s = CombatBuilder().german("g", "0505").allied("a", "0605").allied("f", "0604").build()
    assert _ends(s, "0605", ("a",)) == {"0705", "0706", "0606"}


def test_13_6B_priority_3_not_over_an_unbridged_river_where_a_bridge_serves():
    # infantry: five hexsides unbridged rivers, the sixth (to 0604) bridged
    b = CombatBuilder().allied("a", "0505")
    for h in ("0504", "0604", "0605", "0506", "0405", "0404"):
        b.river("0505", h, bridge=h == "0604")
    s = b.build()
    assert [(p.path, p.river_units) for p in legal_retreats(s, "0505", ("a",), 1)] == [(("0505", "0604"), ())]


def test_13_6_2D_armor_barred_by_one_river_hexside_retreats_through_the_other_five():
    s = CombatBuilder().german("pz", "0505", type="armor").river("0505", "0504").build()
    assert _ends(s, "0505", ("pz",)) == {"0604", "0605", "0506", "0405", "0404"}


def test_13_6B_priority_5_german_paths_come_east_first_allied_paths_west_first():
    g = [int(p.path[-1][:2]) for p in legal_retreats(CombatBuilder().german("g", "0605").build(), "0605", ("g",), 1)]
    a = [int(p.path[-1][:2]) for p in legal_retreats(CombatBuilder().allied("a", "0605").build(), "0605", ("a",), 1)]
    assert g == sorted(g, reverse=True) and g[0] == 7
    assert a == sorted(a) and a[0] == 5


# --- 13.6.3 stacking ---

def test_13_6_3_one_unit_retreating_onto_two_friendly_units_is_within_the_limit():
    s = CombatBuilder().german("g", "0505").allied("a", "0605").allied("f1", "0705").allied("f2", "0705").build()
    p = next(p for p in legal_retreats(s, "0605", ("a",), 1) if p.path[-1] == "0705")
    assert p.stack_steps == 0  # 11.0A: three units may share a hex


def test_13_6_3_two_units_retreating_onto_two_friendly_units_lose_one_step_for_the_stack():
    s = CombatBuilder().german("g", "0505").allied("a", "0605").allied("b", "0605").allied("f1", "0705") \
        .allied("f2", "0705").build()
    p = next(p for p in legal_retreats(s, "0605", ("a", "b"), 1) if p.path[-1] == "0705")
    assert p.stack_steps == 1  # one step from the stack, not one from each unit


def test_13_6_3_and_15_4A_a_friendly_leader_does_not_count_toward_the_stack():
    s = CombatBuilder().german("g", "0505").allied("a", "0605").allied("f1", "0705").allied("f2", "0705") \
        .unit("Hodges", "Allied", "0705", a=0, d=0, m=5, type="leader").build()
    p = next(p for p in legal_retreats(s, "0605", ("a",), 1) if p.path[-1] == "0705")
    assert p.stack_steps == 0


def test_11_4_and_15_4A_a_us_unit_may_retreat_onto_a_lone_british_leader():
    # 11.4 keeps a US retreat out of British-held hexes while another path remains; a leader
    # is no unit for stacking (15.4A), so the hex of a lone British leader stays open
    s = CombatBuilder().german("g", "0505").allied("a", "0605").allied("br", "0706", nationality="British") \
        .unit("Monty", "Allied", "0705", a=0, d=0, m=5, type="leader", nationality="British").build()
    assert _ends(s, "0605", ("a",)) == {"0705", "0606"}


# --- 13.6C the Bulge (docs/rules-interpretations.md) ---

def _bulge(*germans: str):
    b = CombatBuilder()
    for i, h in enumerate(germans):
        b.german(f"g{i}", h)
    return b.allied("a", None).build()


def test_13_6C_an_allied_unit_west_of_the_nose_or_in_its_column_is_not_beside_the_bulge():
    s = _bulge("0506")
    assert bulge_rule(s, "Allied", "0410") is None  # west of the westernmost German unit
    assert bulge_rule(s, "Allied", "0510") is None  # its column: not east of it
    assert bulge_rule(s, "Allied", "0610") == "south"
    assert bulge_rule(s, "German", "0610") is None  # 13.6C binds Allied units only


def test_13_6C_an_allied_unit_south_of_the_nose_retreats_south_or_west():
    s = _bulge("0206")
    assert bulge_rule(s, "Allied", "0611") == "south"
    s.pos["a"] = "0611"
    # 0611's neighbours: 0610 north, 0711 east in the same row, 0712 and 0612 south, 0512 and 0511 west
    assert _ends(s, "0611", ("a",)) == {"0712", "0612", "0512", "0511"}


def test_13_6C_an_allied_unit_north_of_the_nose_retreats_north_or_west():
    s = _bulge("0212")
    assert bulge_rule(s, "Allied", "0605") == "north"
    s.pos["a"] = "0605"
    # 0605's neighbours: 0604 north, 0705 east in the same row, 0706 and 0606 south, 0506 and 0505 west
    assert _ends(s, "0605", ("a",)) == {"0604", "0506", "0505"}


def test_13_6C_and_13_6_1B_south_of_the_nose_with_no_south_or_west_hex_open_the_unit_stays():
    # 0611 south of the nose (0206); German units hold its south and west neighbours, so only
    # 0610 (north) and 0711 (east, the same row) are free, and 13.6C closes both
    s = _bulge("0206", "0712", "0612", "0512", "0511")
    s.pos["a"] = "0611"
    assert legal_retreats(s, "0611", ("a",), 1) == [RetreatPath(("0611",), 0, 0, 1, ())]


def test_13_6C_north_of_the_nose_stays_north_though_german_units_stand_further_north():
    assert bulge_rule(_bulge("0212", "0503"), "Allied", "0605") == "north"


def test_13_6C_in_the_noses_row_neither_north_nor_south():
    s = _bulge("0206", "0503", "0509")
    assert bulge_rule(s, "Allied", "0606") is None


# --- 13.6B priority 4: the motorized MP cost (movement tables, 10.5, 16.0, 20.4.2C, 21.0A) ---

def _mp(s, feature: str) -> int:
    return s.module.charts.tec[feature].cost["motorized"]


def _terrain_ring(turn: int | None = None):
    # 0505's neighbours: 0504 clear, 0604 woods, 0605 dense forest, 0506 rough, 0405 marsh
    b = CombatBuilder().terrain("0604", "woods").terrain("0605", "dense_forest").terrain("0506", "rough") \
        .terrain("0405", "marsh")
    if turn is not None:
        b.turn = turn
    return b


def test_13_6B_priority_4_motorized_cost_is_the_terrain_of_the_hex_entered():
    s = _terrain_ring().build()
    for h, f in (("0504", "clear"), ("0604", "woods"), ("0605", "dense_forest"), ("0506", "rough"),
                 ("0405", "marsh")):
        assert motorized_cost(s, "0505", h) == _mp(s, f), f


def test_13_6B_priority_4_and_21_0A_in_the_freeze_every_terrain_but_clear_costs_one_less():
    s = _terrain_ring(turn=17).build()  # AM 24 December: frozen ground
    assert s.ground_now() == "freeze"
    assert motorized_cost(s, "0505", "0605") == 3  # the rulebook's example: dense forest 3 MP
    for h, f in (("0604", "woods"), ("0506", "rough"), ("0405", "marsh")):
        assert motorized_cost(s, "0505", h) == _mp(s, f) - 1, f
    assert motorized_cost(s, "0505", "0504") == _mp(s, "clear")


def test_13_6B_priority_4_a_road_costs_the_road_rate_unless_interdicted():
    s = _terrain_ring().road("0505", "0604").build()
    assert motorized_cost(s, "0505", "0604") == _mp(s, "road_march")
    s.interdicted["0604"] = s.turn  # 20.4.2C: a non-road hex for the turn
    assert motorized_cost(s, "0505", "0604") == _mp(s, "woods")
    s.interdicted = {"0505": s.turn}
    assert motorized_cost(s, "0505", "0604") == _mp(s, "woods")


def test_13_6B_priority_4_bridges_fords_and_rivers():
    b = CombatBuilder().terrain("0604", "woods")
    b.river("0505", "0604", bridge=True).road("0505", "0604")  # a road bridge
    b.river("0505", "0504", bridge=True)  # a bridge off the road
    b.river("0505", "0605", ford=True)
    b.river("0505", "0506")  # unbridged minor
    b.river("0505", "0405", kind="major")
    b.river("0505", "0404").road("0505", "0404")  # a road ending at an unbridged river
    s = b.build()
    assert motorized_cost(s, "0505", "0604") == _mp(s, "road_march")
    assert motorized_cost(s, "0505", "0504") == _mp(s, "clear") + _mp(s, "bridge")
    assert motorized_cost(s, "0505", "0605") == _mp(s, "clear") + _mp(s, "ford")
    assert motorized_cost(s, "0505", "0506") == _mp(s, "clear") + _mp(s, "river_minor")
    assert motorized_cost(s, "0505", "0404") == _mp(s, "clear") + _mp(s, "river_minor")
    assert motorized_cost(s, "0505", "0405") >= UNPASSABLE  # no motorized crossing of a major river
    s.blown.add(hexside_key("0505", "0604"))  # 16.1: the road bridge blown
    assert motorized_cost(s, "0505", "0604") == _mp(s, "woods") + _mp(s, "river_minor")
    s.built.add(hexside_key("0505", "0404"))  # 16.2: a bridge built where the road meets the river
    assert motorized_cost(s, "0505", "0404") == _mp(s, "road_march")


def test_13_6B_priority_4_a_motorized_retreat_avoids_the_unbridged_river_for_the_bridge():
    # two clear hexes outside any ZOC across river hexsides: one bridged, one not; priority 3
    # already prefers the bridge; the infantry stop of 13.6.2B does not apply to armor
    b = CombatBuilder().german("pz", "0505", type="armor")
    for h in ("0504", "0604", "0605", "0506", "0405", "0404"):
        b.river("0505", h, bridge=h == "0604")
    s = b.build()
    assert _ends(s, "0505", ("pz",)) == {"0604"}


# --- the clause a retreat's losses cite ---

def _retreat(s, path, losses=(), length=1):
    s.side = "German"
    pending(s, ("g1",), ("a",), "D1", (("retreat", "Allied", path[0], length),))
    return run(s, cc.ChooseRetreat(units=("a",), path=path, losses=losses))


def _refused_rule(s, path, losses=(), length=1) -> str:
    with pytest.raises(IllegalAction) as e:
        _retreat(s, path, losses, length)
    return e.value.rule


def test_13_6_1A_a_retreat_into_enemy_zoc_names_its_step_or_is_refused_under_13_6_1A():
    assert _refused_rule(_ringed().build(), ("0605", "0604")) == "13.6.1A"
    s = _ringed().build()
    _retreat(s, ("0605", "0604"), losses=("a",))
    assert s.pos["a"] == "0604" and "a" in s.reduced


def test_13_6_3_a_retreat_that_overstacks_names_its_step_or_is_refused_under_13_6_3():
    b = CombatBuilder().german("g1", "0505").allied("a", "0605")
    for i in range(3):
        b.allied(f"f{i}", "0705")
    assert _refused_rule(b.build(), ("0605", "0705")) == "13.6.3"


def test_13_6_1B_an_infantry_unit_with_no_path_cites_13_6_1B_though_a_river_is_beside_it():
    # 0101 in the corner: its two neighbours hold German units, one across a river hexside
    s = CombatBuilder().allied("a", "0101").german("g1", "0201").german("g2", "0102").river("0101", "0201") \
        .build()
    assert _refused_rule(s, ("0101",)) == "13.6.1B"
    _retreat(s, ("0101",), losses=("a",))  # 13.6.1B: the hex not retreated costs one step, no more
    assert s.pos["a"] == "0101" and "a" in s.reduced


def test_13_6_losses_named_where_none_is_owed_are_refused_under_a_clause_of_the_rules_index():
    s = CombatBuilder().german("g1", "0505").allied("a", "0605").build()
    rule = _refused_rule(s, ("0605", "0705"), losses=("a",))
    assert rule.startswith("13.6") and rule in clauses.rulebook_ids()


# --- 13.6.2C the river die roll ---

def _across_the_river(kind: str):
    b = CombatBuilder().german("g1", "0605").allied("a", "0505", type=kind)
    for n in ("0504", "0604", "0506", "0405", "0404"):
        b.river("0505", n)
    s = b.build()
    s.seed = seed_with(2)
    return s


def test_13_6_2C_armored_infantry_loses_a_step_on_a_roll_of_2():
    s = _across_the_river("armored_infantry")
    path = legal_retreats(s, "0505", ("a",), 1)[0].path
    _retreat(s, path)
    assert "a" in s.reduced


def test_13_6_2C_infantry_loses_a_step_only_on_a_roll_of_1():
    s = _across_the_river("infantry")
    path = legal_retreats(s, "0505", ("a",), 1)[0].path
    evs = _retreat(s, path)
    assert any(e.kind == "die_rolled" for e in evs) and "a" not in s.reduced

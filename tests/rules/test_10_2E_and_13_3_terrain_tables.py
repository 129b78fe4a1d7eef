"""The per-module terrain tables every movement and combat question reads (core/tables.py):
10.2E a hex costs the highest movement cost of the features in it, a prohibited terrain stays
prohibited; 13.3 a hex's terrain level is the best of its features; a terrain the module's
chart does not list costs 1 and gives no level."""

from __future__ import annotations

from darkdec_qt.rules.core.tables import Tables
from tests.rules.builder import ScenarioBuilder


def _tables():
    b = ScenarioBuilder(cols=6, rows=6)
    b.terrain("0202", "woods").town("0202", "Woodtown")  # town cheaper than woods
    b.town("0203", "Clairville")  # clear + town
    b.westwall("0204")  # clear + Westwall, no town
    b.terrain("0205", "marsh").westwall("0205")  # prohibited to motorized whatever else is there
    b.terrain("0302", "rough").town("0302", "Roughburg").westwall("0302")  # all three
    b.terrain("0303", "moor")  # not in the chart
    return Tables(b.build())


def test_10_2E_a_hex_costs_the_highest_cost_of_its_features():
    t = _tables()
    cost = t.hex_cost
    assert cost["motorized"]["0101"] == 1 and cost["infantry"]["0101"] == 1  # clear
    assert cost["motorized"]["0202"] == 3 and cost["infantry"]["0202"] == 3  # woods, not the town's 1
    assert cost["motorized"]["0203"] == 1 and cost["infantry"]["0203"] == 1  # town on clear
    assert cost["motorized"]["0204"] == 2 and cost["infantry"]["0204"] == 2  # the Westwall's 2 over clear's 1
    assert cost["motorized"]["0302"] == 3 and cost["infantry"]["0302"] == 2  # rough over town and Westwall


def test_10_2E_a_prohibited_terrain_stays_prohibited_whatever_else_is_in_the_hex():
    t = _tables()
    assert t.hex_cost["motorized"]["0205"] is None
    assert t.hex_cost["infantry"]["0205"] == 3  # marsh's 3 over the Westwall's 2


def test_13_3_a_hex_defends_at_the_best_level_of_its_features():
    t = _tables()
    assert t.defense["0101"] == 1
    assert t.defense["0202"] == 3  # the town's 3 over woods' 2
    assert t.defense["0203"] == 3
    assert t.defense["0204"] == 4  # the Westwall
    assert t.defense["0302"] == 4


def test_a_terrain_the_chart_does_not_list_costs_one_and_gives_no_level():
    t = _tables()
    assert t.hex_cost["motorized"]["0303"] == 1 and t.hex_cost["infantry"]["0303"] == 1
    assert t.defense["0303"] == 0


def _chart_tables(**changes):
    b = ScenarioBuilder(cols=4, rows=4)
    b.tec = dict(b.tec)
    for feature, row in changes.items():
        if row is None:
            b.tec.pop(feature, None)
        else:
            b.tec[feature] = row
    return b


def test_10_4_2_road_bridge_and_ford_costs_come_from_the_modules_chart():
    t = Tables(_chart_tables(road_march=({"motorized": 2, "infantry": 3}, None),
                             bridge=({"motorized": 4, "infantry": 1}, None),
                             ford=({"motorized": 5, "infantry": 2}, None)).build())
    assert t.road_cost == {"motorized": 2, "infantry": 3}
    assert t.bridge_cost == {"motorized": 4, "infantry": 1}
    assert t.ford_cost == {"motorized": 5, "infantry": 2}
    assert t.river_cost == {"motorized": {"major": None, "minor": 2}, "infantry": {"major": 3, "minor": 1}}


def test_10_4_2_a_chart_without_road_bridge_or_ford_rows_costs_one_per_road_hex_and_nothing_more():
    t = Tables(_chart_tables(road_march=None, bridge=None, ford=None, river_major=None).build())
    assert t.road_cost == {"motorized": 1, "infantry": 1}
    assert t.bridge_cost == {"motorized": 0, "infantry": 0}
    assert t.ford_cost == {"motorized": 0, "infantry": 0}
    assert t.river_cost["motorized"]["major"] is None and t.river_cost["infantry"]["minor"] == 1


def test_10_2E_and_13_3_a_feature_the_chart_does_not_list_adds_nothing():
    b = _chart_tables(town=None, heath=({"motorized": 2, "infantry": 1}, None))
    b.terrain("0202", "woods").town("0202", "Woodtown")
    b.terrain("0203", "heath")  # listed, but with no terrain level
    t = Tables(b.build())
    assert t.hex_cost["motorized"]["0202"] == 3 and t.defense["0202"] == 2
    assert t.hex_cost["motorized"]["0203"] == 2 and t.hex_cost["infantry"]["0203"] == 1
    assert t.defense["0203"] == 0

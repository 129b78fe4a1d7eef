"""Counterattack levels and obligations (13.5.5D-E, J; 13.3.3C), leaders advancing (15.4D) and
arriving (15.7C), historical reserves exploiting on 16 December (14.6B), strategic movement over
friendly units (11.2B), Middleton's defense (26.6B)."""

import pytest

from darkdec_qt import hexgrid
from darkdec_qt.rules.combat import commands as cc
from darkdec_qt.rules.combat.battle import attacker_level, plan
from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.tables import TICKS
from darkdec_qt.rules.engine import check
from darkdec_qt.rules.movement import reinforcements
from darkdec_qt.rules.scenarios import variants as var
from tests.rules.builder import ScenarioBuilder
from tests.rules.combat_builder import CombatBuilder
from tests.rules.combat_helpers import pending, run
from tests.rules.conftest_real import init, real_module, turn


def _counterattacked():
    """A counterattack whose result leaves a choice pending, so the battle state can be read."""
    for i in range(300):
        s = CombatBuilder().terrain("0505", "woods").terrain("0605", "woods") \
            .german("g", "0505", d=2).allied("a", "0605", a=8).build()
        s.seed = f"s{i}"
        pending(s, ("g",), ("a",), "CA", (("ca", "Allied", "", 0),), reductions=(("0605", 1),))
        run(s, cc.Counterattack(hexes=("0505",)))
        if s.battle is not None:
            return s
    raise AssertionError("no pending counterattack result")


def test_13_5_5D_E_both_sides_hexes_count_one_level_lower_for_the_rest_of_the_battle():
    s = _counterattacked()
    assert {"0505", "0605"} <= set(s.battle.minus_one)
    lvl, why = plan(s, s.battle).levels["0505"]
    assert lvl == 3 - 1 and any("13.5.5" in r for _, r in why)


def test_13_3_3C_a_voluntary_reduction_lasts_through_the_counterattack():
    # given the Allied defenders reduced their woods hex 0605 by one, then counterattacked from it
    s = _counterattacked()
    b = s.battle
    assert b.kind == "counterattack" and ("0605", 1) in b.reductions
    # then the counterattackers' hex counts woods 3 - 1 attacking - 1 voluntary = 1 ...
    lvl, why = attacker_level(s, b, "0605")
    assert lvl == 1 and (-1, "voluntary reduction (13.3.3)") in why
    # ... and the counterattack's A1 is applied against that level (equal: one retreat or one step);
    # without the reduction (level 2) A1 would have had no effect on them
    assert b.result == "D4/A1" and ("result", "Allied", "0605", 0) in b.tasks


def test_13_5_5J_units_that_counterattacked_may_not_attack_again_that_phase():
    s = CombatBuilder().allied("a", "0505").german("g", "0605").build()
    s.side = "Allied"
    s.ca_obliged.add("a")
    with pytest.raises(IllegalAction, match=r"13\.5\.5J"):
        run(s, cc.DeclareBattle(attackers=("a",), defenders=("g",)))


def test_15_4D_a_leader_that_took_part_in_the_battle_may_advance():
    s = CombatBuilder().unit("Manteuffel", "German", "0505", a=0, d=0, m=5, type="leader", aopt=3) \
        .german("g", "0505").allied("a", "0805").build()
    pending(s, ("g", "Manteuffel"), ("a",), "D1", (("advance", "German", "0605", 1),), levels=(("0605", 1),))
    run(s, cc.ChooseAdvance(unit="Manteuffel", path=("0505", "0605")))
    assert s.pos["Manteuffel"] == "0605"


def test_15_7C_reinforcement_leaders_arrive_on_the_turn_and_edge_of_their_counter():
    from darkdec_qt.rules.scenarios.setup import initial_state

    st = initial_state(real_module(), "campaign", "1", optional=("15",), variants=())
    for lead in ("Patton", "Collins", "Horrocks"):
        spec = real_module().units[lead]
        assert lead not in st.pos and st.pending[lead] == turn(spec.arrival), lead
    late = st.clone()
    late.turn = turn("20DecAM")
    hexes = reinforcements.entry_hexes(late, "Patton")
    assert hexes and all(h in real_module().hexes for h in hexes)


def test_11_2B_a_strategic_unit_passing_over_friendly_units_pays_the_terrain_there_and_in_the_next_road_hex():
    row = [f"{c:02d}04" for c in range(1, 13)]
    b = ScenarioBuilder(cols=12, rows=8).road(*row, road="N1").terrain(row, "woods").army("7A", *row)
    b.unit("S", "German", "armor", (6, 4, 6), at="1204").unit("A", "Allied", at="0108")
    b.unit("F", "German", at="1004")
    st = b.state()
    st.strategic.add("S")
    ev = check(st, cm.Move(units=("S",), path=("1204", "1104", "1004", "0904", "0804")))
    woods = st.module.charts.tec["woods"].cost["motorized"]
    # 1104 road (1), 1004 over F: woods (3), 0904 the next road hex: woods (3), 0804 road (1); 1/3 MP each
    assert ev[0].mp == (1 + woods + woods + 1) * TICKS // 3


def test_26_6B_middletons_defense_rearranges_the_99th_near_elsenborn():
    st = init("26.6")
    elsenborn = real_module().town_hex("Elsenborn")
    assert all(hexgrid.distance(st.pos[u], elsenborn) <= 3 for u in var.NINETY_NINTH)

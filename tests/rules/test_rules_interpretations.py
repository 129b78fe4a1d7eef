"""Readings decided: where two clauses conflict or one is ambiguous, the reading chosen (in
docs/rules-interpretations.md, "Readings decided in the open") is tested here with both
clause ids."""

from __future__ import annotations

import pytest

from darkdec_qt.rules.combat import commands as cc
from darkdec_qt.rules.combat import procedure as combat
from darkdec_qt.rules.combat.battle_state import BattleState
from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.engine import check, execute
from darkdec_qt.rules.movement import move as movement
from tests.rules.builder import ScenarioBuilder
from tests.rules.combat_builder import CombatBuilder
from tests.rules.rules_helpers import force_dice


# --- 10.4.4C against 10.4.1A -------------------------------------------------------------
def strategic_map(at="0303"):
    b = ScenarioBuilder()
    b.road("0303", "0403", "0503", road="R")
    b.unit("1/A", "Allied", at=at)
    b.unit("g/1", "German", at="0909")
    return b.state(turn="20DecAM", side="Allied", phase=Phase.MOVEMENT)


def test_10_4_1A_and_10_4_4C_entering_needs_a_road_hex_a_marked_unit_may_begin_off_road():
    """10.4.1A over 10.4.4C: under the other reading (10.4.4C lets any unit enter off the road)
    the first refusal would not happen."""
    from darkdec_qt.rules.engine import legal_commands

    off = strategic_map(at="0305")
    with pytest.raises(IllegalAction) as e:
        check(off, cm.EnterStrategic("1/A"))  # off the road
    assert e.value.rule == "10.4.1A"
    assert cm.EnterStrategic("1/A") not in legal_commands(off)  # the query agrees
    on = strategic_map(at="0303")
    check(on, cm.EnterStrategic("1/A"))  # alone on a road hex: it may
    assert cm.EnterStrategic("1/A") in legal_commands(on)
    st = strategic_map(at="0305")
    st.strategic.add("1/A")  # marked in an earlier turn, ended its move off the road (10.4.4A)
    dests = movement.legal_destinations(st, "1/A")
    assert "0503" in dests  # 10.4.4C: it moves on in strategic movement from its non-road hex


# --- 10.4.5A against 12.2 / 10.4.3A ---------------------------------------------------------
def test_12_2_and_10_4_3A_and_10_4_5A_no_entering_an_enemy_zoc_in_strategic_movement_attack_at_half_when_adjacent():
    """12.2 and 10.4.3A over 10.4.5A's "may enter enemy ZOCs": under the other reading the move
    into the ZOC would be legal. 10.4.5A-B still let a unit in strategic movement that stands
    next to an enemy attack, at half strength."""
    st = strategic_map(at="0303")
    st.strategic.add("1/A")
    st.pos["g/1"] = "0504"  # its ZOC covers 0403
    with pytest.raises(IllegalAction) as e:
        check(st, cm.Move(units=("1/A",), path=("0303", "0403")))
    assert e.value.rule == "12.2"
    assert "0403" not in movement.legal_destinations(st, "1/A")  # the query agrees
    st.strategic.add("g/1")  # an enemy in strategic movement has no ZOC (12.2): 1/A may close in
    check(st, cm.Move(units=("1/A",), path=("0303", "0403")))
    from darkdec_qt.rules.combat.queries import proposed_battle

    s = CombatBuilder().allied("x", "0505", a=6, d=4).german("g", "0605", d=2).build()
    s.side = "Allied"
    s.strategic.add("x")  # e.g. an enemy reserve reacted next to it (14.4)
    plan = proposed_battle(s, ("x",), ("g",))
    assert plan.attack == 3 and any("10.4.5B" in why for _u, _v, why in plan.attack_parts)
    from tests.rules.combat_helpers import run

    run(s, cc.DeclareBattle(attackers=("x",), defenders=("g",)))  # at the owner's discretion (10.4.5A)
    assert s.battle is not None and s.battle.attackers == ("x",)


# --- 16.1H against 18.3D ---------------------------------------------------------------------
def test_16_1H_over_18_3D_no_bridge_demolition_on_16_december_even_by_units_not_permitted_to_move():
    b = ScenarioBuilder()
    b.river("0505", "0605", "minor", bridge=True, name="Our")
    b.unit("Adj", "Allied", at="0505")
    b.unit("G", "German", at="0705")
    st = b.state(turn="16DecPM", side="Allied", phase=Phase.CONSTRUCTION)
    with pytest.raises(IllegalAction) as e:
        check(st, cm.BlowBridge("Adj", "0505", "0605"))
    assert e.value.rule == "16.1H"
    with pytest.raises(IllegalAction) as e:  # 18.3D: nor may it fortify
        check(st, cm.BuildFortification("Adj"))
    assert e.value.rule in ("18.3D", "17.0B")
    st.turn = st.module.turn_index["17DecAM"].number
    check(st, cm.BlowBridge("Adj", "0505", "0605"))


# --- 14.6A (eleven) against 14.5D (ten) -----------------------------------------------------
def test_14_6A_all_eleven_historical_reserves_start_14_5D_bars_new_ones_until_below_ten():
    from darkdec_qt.rules.scenarios.setup import initial_state
    from tests.rules.conftest_real import real_module

    st = initial_state(real_module(), "campaign", "1", optional=("14", "14.6"), setup="historical")
    german = sorted(u for u in st.reserve if st.module.units[u].side == "German")
    assert len(german) == 11
    st.turn, st.side, st.phase, st.started = st.turn_number("16DecPM"), "German", Phase.MOVEMENT, True
    other = next(u for u in sorted(st.pos) if st.module.units[u].side == "German" and u not in st.reserve
                 and not st.module.units[u].is_leader and not _in_enemy_zoc(st, u))
    with pytest.raises(IllegalAction) as e:
        check(st, cm.EnterReserve(other))
    assert e.value.rule == "14.5D"


# --- 6.2B against 14.6A-B ----------------------------------------------------------------------
def _in_enemy_zoc(st, u):
    from darkdec_qt.rules.core.zoc import zoc_hexes

    return st.pos[u] in zoc_hexes(st, "Allied")


def _first_movement_phase(optional, setup):
    from darkdec_qt.rules.scenarios.setup import initial_state
    from tests.rules.conftest_real import real_module

    st = initial_state(real_module(), "campaign", "1", optional=optional, setup=setup)
    st.turn, st.side, st.phase, st.started = st.turn_number("16DecAM"), "German", Phase.MOVEMENT, True
    free = next(u for u in sorted(st.pos) if st.module.units[u].side == "German" and u not in st.reserve
                and not st.module.units[u].is_leader and not _in_enemy_zoc(st, u))
    return st, free


def test_6_2B_and_14_6A_B_no_german_reserve_on_am_16_december_but_the_historical_ones():
    """6.2B against 14.6A-B: from the historical assault positions no German unit may be put in
    reserve on AM 16 December (under the reading "6.2B does not restrict reserves" the first
    refusal would not happen), yet with rule 14.6 the eleven listed units begin that Combat
    Phase in reserve and exploit after it (under the reading "6.2B overrides 14.6" they would
    not be in reserve)."""
    from darkdec_qt.rules.engine import legal_commands
    from darkdec_qt.rules.reserves import HISTORICAL_RESERVES

    st, unit = _first_movement_phase(("14", "14.6"), "historical")
    with pytest.raises(IllegalAction) as e:
        check(st, cm.EnterReserve(unit))
    assert e.value.rule == "6.2B"
    assert not [c for c in legal_commands(st) if isinstance(c, cm.EnterReserve)]  # the query agrees
    assert sorted(u for u in st.reserve if st.module.units[u].side == "German") == sorted(HISTORICAL_RESERVES)
    st.phase = Phase.EXPLOITATION  # 14.6B: they may move after the AM 16 December combat
    assert any(movement.legal_destinations(st, u) for u in HISTORICAL_RESERVES)
    bare, unit = _first_movement_phase(("14",), "historical")  # without 14.6: nobody in reserve at all
    assert not bare.reserve
    with pytest.raises(IllegalAction) as e:
        check(bare, cm.EnterReserve(unit))
    assert e.value.rule == "6.2B"
    bare.turn = bare.turn_number("16DecPM")  # the premise covers the first move only
    check(bare, cm.EnterReserve(unit))


def test_6_2B_does_not_apply_to_the_free_set_up():
    st, unit = _first_movement_phase(("14",), "auto")  # 6.1: the units have not moved yet
    check(st, cm.EnterReserve(unit))


# --- 15.6C: "failed to affect the defender" ---------------------------------------------------
def _after_first_assault(hit: tuple[str, ...], result: str = "A1"):
    s = CombatBuilder().allied("Patton", "0404", a=0, d=0, type="leader", aopt=3, dopt=1) \
        .allied("x", "0505", a=8, d=4).allied("y", "0504", a=8, d=4).german("g", "0605", d=4).build()
    s.optional = frozenset({"15"})
    s.side = "Allied"
    s.weather[s.turn] = "clear"  # 15.6B: Patton in clear weather
    b = BattleState(id=1, attacker_side="Allied", attackers=("x", "y"), defenders=("g",), result=result,
                    odds="2:1", column="normal", kind="assault", aoa_leader="Patton", assaults=1, hit=hit,
                    original_defenders=("g",), tasks=(("done", "", "", 0),))
    return combat._after(s, b, [], s)


def test_15_6C_the_attackers_losses_in_the_first_assault_do_not_bar_patton_s_second():
    b = _after_first_assault(hit=("x",))  # the A1 of the first assault hit an attacker only
    assert b is not None and b.task[0] == "assault"


def test_15_6C_a_defender_affected_by_the_first_assault_bars_the_second():
    assert _after_first_assault(hit=("g",), result="D1") is None or _after_first_assault(
        hit=("g",), result="D1").task[0] != "assault"


# --- 19.2A: a town in clear terrain (erratum 4.1.2B) -----------------------------------------
def test_19_2A_a_town_in_clear_terrain_is_a_clear_hex_a_town_in_woods_is_not():
    b = ScenarioBuilder(10, 8)
    b.town("0606", "Town").terrain("0404", "woods").town("0404", "Wood town")
    b.unit("vdHeydte", "German", "parachute", (1, 1, 4), None, arrival="17DecAM", entry=("drop",))
    b.unit("A", "Allied", at="0202")
    st = b.state(turn="17DecAM", side="German", phase=Phase.MOVEMENT)
    with pytest.raises(IllegalAction) as e:
        check(st, cm.Paradrop("vdHeydte", "0404"))
    assert e.value.rule == "19.2A"
    force_dice(st, 1)
    execute(st, cm.Paradrop("vdHeydte", "0606"))
    assert st.pos["vdHeydte"] == "0606"


# --- 20.4.1C: a full-strength one-step unit and air attack -------------------------------------
def test_20_4_1C_a_one_step_unit_is_never_eliminated_by_air_attack():
    from darkdec_qt.rules.airpower import air_loss_pool

    s = CombatBuilder().german("one", "0605", a=1, d=1, reduced=None).german("two", "0605").build()
    assert air_loss_pool(s, "0605") == ["two"]
    s.reduced.add("two")  # 20.4.1C: a reduced unit may not be chosen either
    assert air_loss_pool(s, "0605") == []

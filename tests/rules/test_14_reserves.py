"""14.1-14.6: forming reserves, exploitation and reaction movement, special considerations
(optional rule "14"). Each test names the clause it checks and fails if the engine got it wrong."""

import pytest

from darkdec_qt.rules.combat import commands as cc
from darkdec_qt.rules.combat.battle import plan
from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.phases import Phase, acting_side, next_phase
from darkdec_qt.rules.core.tables import TICKS
from darkdec_qt.rules.engine import check, execute
from tests.rules.builder import ScenarioBuilder
from tests.rules.combat_builder import CombatBuilder
from tests.rules.combat_helpers import pending, run

ROW = [f"{c:02d}05" for c in range(1, 13)]


def _map(side: str = "German", phase: Phase = Phase.MOVEMENT, enemy_at: str | None = None, road: bool = False):
    """A 12x8 clear map, a German 4-4-5 infantry ``G`` at 0205 and an Allied ``A`` far east."""
    b = ScenarioBuilder(cols=12, rows=8)
    if road:
        b.road(*ROW, road="N1")
    b.unit("G", "German", "infantry", (4, 4, 5), at="0205")
    b.unit("A", "Allied", "infantry", (3, 4, 5), at=enemy_at or "1105")
    return b.state(turn="18DecAM", side=side, phase=phase, optional=("14",))


def _refused(st, command) -> IllegalAction:
    with pytest.raises(IllegalAction) as e:
        check(st, command)
    return e.value


def test_14_1B_and_7_1_3_1B_a_unit_placed_in_reserve_does_not_move_in_the_movement_phase():
    st = _map()
    execute(st, cm.EnterReserve("G"))
    assert "G" in st.reserve
    err = _refused(st, cm.Move(units=("G",), path=("0205", "0305")))
    assert err.rule == "7.1.3.1B"


def test_14_1B_a_unit_placed_in_reserve_does_not_attack_that_player_turn():
    b = CombatBuilder().german("g", "0505").allied("a", "0605")
    b.optional.add("14")
    s = b.build()
    s.reserve.add("g")
    s.reserve_placed.add("g")
    with pytest.raises(IllegalAction, match=r"14\.1E"):
        run(s, cc.DeclareBattle(attackers=("g",), defenders=("a",)))


def test_14_1C_and_10_4_1B_a_unit_in_strategic_movement_may_enter_reserve_but_not_the_reverse():
    st = _map(road=True)
    st.strategic.add("G")
    execute(st, cm.EnterReserve("G"))
    assert "G" in st.reserve and "G" in st.strategic
    st2 = _map(road=True)
    execute(st2, cm.EnterReserve("G"))
    assert _refused(st2, cm.EnterStrategic("G")).rule == "10.4.1B"


def test_14_1D_a_unit_in_an_enemy_zoc_may_not_enter_reserve():
    st = _map(enemy_at="0305")
    assert _refused(st, cm.EnterReserve("G")).rule == "14.1D"
    execute(_map(), cm.EnterReserve("G"))  # the same unit out of the ZOC may


def test_14_1F_reserve_units_defend_at_full_strength():
    def defense(in_reserve: bool) -> int:
        b = CombatBuilder().german("g", "0505", a=4).allied("a", "0605", d=5)
        b.optional.add("14")
        s = b.build()
        if in_reserve:
            s.reserve.add("a")
        run(s, cc.DeclareBattle(attackers=("g",), defenders=("a",)))
        return plan(s, s.battle).defense

    assert defense(True) == defense(False) == 5


def test_14_2A_B_a_reserve_exploits_its_full_ma_and_loses_the_status():
    st = _map(phase=Phase.EXPLOITATION)
    st.reserve.add("G")
    execute(st, cm.Move(units=("G",), path=tuple(ROW[1:7])))  # five clear hexes: the whole MA of 5
    assert st.pos["G"] == "0705" and "G" not in st.reserve


def test_14_2A_only_reserves_move_in_the_exploitation_phase():
    st = _map(phase=Phase.EXPLOITATION)
    with pytest.raises(IllegalAction, match=r"14\.2"):
        check(st, cm.Move(units=("G",), path=("0205", "0305")))


def test_14_2B_a_reserve_may_not_enter_strategic_movement_in_the_exploitation_phase():
    st = _map(phase=Phase.EXPLOITATION, road=True)
    st.reserve.add("G")
    _refused(st, cm.EnterStrategic("G"))
    assert "G" not in st.strategic


def test_14_2C_an_exploiting_unit_may_fight_only_in_shock_combat():
    b = CombatBuilder().german("g", "0505").allied("a", "0605")
    b.optional.add("14")
    s = b.build()
    s.phase = Phase.EXPLOITATION
    s.exploited.add("g")
    with pytest.raises(IllegalAction):
        run(s, cc.DeclareBattle(attackers=("g",), defenders=("a",)))
    run(s, cc.DeclareBattle(attackers=("g",), defenders=("a",), shock=True))
    assert s.battle is not None


def test_14_4A_B_defensive_reserves_move_in_the_reaction_phase_right_after_the_enemy_movement_phase():
    assert next_phase(3, "German", Phase.MOVEMENT) == (3, "German", Phase.REACTION)
    assert acting_side("German", Phase.REACTION) == "Allied"
    st = _map(side="Allied", phase=Phase.REACTION)
    st.reserve.add("G")
    execute(st, cm.Move(units=("G",), path=("0205", "0305")))
    assert st.pos["G"] == "0305"


def test_14_4C_a_reacting_reserve_moves_at_most_half_its_ma_rounded_up():
    st = _map(side="Allied", phase=Phase.REACTION)
    st.reserve.add("G")
    check(st, cm.Move(units=("G",), path=tuple(ROW[1:5])))  # three hexes: half of 5, rounded up
    err = _refused(st, cm.Move(units=("G",), path=tuple(ROW[1:6])))
    assert err.rule == "10.2B"


def test_14_4D_a_reacting_reserve_may_not_use_strategic_movement():
    st = _map(side="Allied", phase=Phase.REACTION, road=True)
    st.reserve.add("G")
    st.strategic.add("G")
    assert _refused(st, cm.Move(units=("G",), path=("0205", "0305"))).rule == "14.4D"


def test_14_5A_the_reserve_status_lasts_into_later_player_turns():
    st = _map(side="German", phase=Phase.CONSTRUCTION)
    st.reserve.add("G")
    for _ in range(8):  # the German construction phase, the whole Allied turn, into the next German turn
        execute(st, cm.EndPhase())
    assert (st.side, st.phase) == ("German", Phase.SUPPLY) and "G" in st.reserve


def test_14_5B_leaving_reserve_costs_no_mp():
    st = _map()
    st.reserve.add("G")
    execute(st, cm.LeaveReserve("G"))
    assert "G" not in st.reserve and st.mp_spent.get("G", 0) == 0
    events = execute(st, cm.Move(units=("G",), path=tuple(ROW[1:7])))  # still all five MP
    assert events[0].mp == 5 * TICKS


def test_14_5C_a_reserve_that_moves_in_the_reaction_phase_loses_the_status():
    st = _map(side="Allied", phase=Phase.REACTION)
    st.reserve.add("G")
    execute(st, cm.Move(units=("G",), path=("0205", "0305")))
    assert "G" not in st.reserve


def test_14_5D_no_more_than_ten_reserve_units_per_side():
    b = ScenarioBuilder(cols=12, rows=8)
    for i in range(11):
        b.unit(f"G{i}", "German", "infantry", (4, 4, 5), at=f"{i + 1:02d}02")
    b.unit("A", "Allied", "infantry", (3, 4, 5), at="1108")
    st = b.state(turn="18DecAM", optional=("14",))
    for i in range(10):
        execute(st, cm.EnterReserve(f"G{i}"))
    assert len(st.reserve) == 10
    with pytest.raises(IllegalAction) as e:
        check(st, cm.EnterReserve("G10"))
    assert e.value.rule == "14.5D"


def test_14_5E_a_reserve_loses_its_status_when_an_enemy_moves_next_to_it():
    # given an Allied reserve in the German Movement Phase
    st = _map(enemy_at="0505")
    st.reserve.add("A")
    # when G moves next to it, then it loses the status at once, not at the end of the phase
    execute(st, cm.Move(units=("G",), path=("0205", "0305", "0405")))
    assert "A" not in st.reserve


def test_14_5E_a_reserve_loses_its_status_when_an_enemy_advances_next_to_it_after_combat():
    # given g won a battle against a, and an Allied reserve r two hexes from g, next to a's hex
    b = CombatBuilder().german("g", "0505").allied("a", "0605").allied("r", "0705")
    b.optional.add("14")
    s = b.build()
    s.started = True
    s.reserve.add("r")
    pending(s, ("g",), ("a",), "D1", (("retreat", "Allied", "0605", 1),), levels=(("0605", 1),))
    execute(s, cc.ChooseRetreat(units=("a",), path=("0605", "0606")))
    assert "r" in s.reserve
    # when g advances into 0605 in the Combat Phase, then r loses the status at once (and cannot exploit)
    events = execute(s, cc.ChooseAdvance(unit="g", path=("0505", "0605")))
    assert "r" not in s.reserve and any(e.kind == "reserve_left" and e.unit == "r" for e in events)


def test_14_5E_a_unit_next_to_an_enemy_is_not_placed_in_reserve():
    # given G next to an Allied unit in strategic movement, which has no ZOC (10.4.3A): 14.1D does not apply
    st = _map(enemy_at="0305")
    st.strategic.add("A")
    err = _refused(st, cm.EnterReserve("G"))
    assert err.rule == "14.5E"


def test_14_5C_an_exploiting_reserve_continues_its_move_in_a_second_command():
    # given a reserve that moved two hexes of its MA of 5 in the Exploitation Phase
    st = _map(phase=Phase.EXPLOITATION)
    st.reserve.add("G")
    execute(st, cm.Move(units=("G",), path=tuple(ROW[1:4])))
    # when it moves on, then it may use the rest of its MA, as in the Movement Phase, and no more
    execute(st, cm.Move(units=("G",), path=tuple(ROW[3:7])))
    assert st.pos["G"] == "0705"
    assert _refused(st, cm.Move(units=("G",), path=("0705", "0805"))).rule == "10.2B"


def test_14_4C_a_reacting_reserve_continues_its_move_within_half_its_ma():
    st = _map(side="Allied", phase=Phase.REACTION)
    st.reserve.add("G")
    execute(st, cm.Move(units=("G",), path=tuple(ROW[1:3])))
    execute(st, cm.Move(units=("G",), path=tuple(ROW[2:4])))  # two of three MP so far
    assert st.pos["G"] == "0405"
    assert _refused(st, cm.Move(units=("G",), path=tuple(ROW[3:6]))).rule == "10.2B"


def test_14_1B_and_14_1E_a_unit_placed_in_reserve_exploits_in_the_same_player_turn():
    # given G put in reserve in the German Movement Phase
    st = _map()
    execute(st, cm.EnterReserve("G"))
    while st.phase is not Phase.EXPLOITATION:  # the Reaction and Combat Phases pass
        execute(st, cm.EndPhase())
    # when it moves in the Exploitation Phase of the same player turn, then 14.1E's phases are over
    execute(st, cm.Move(units=("G",), path=tuple(ROW[1:4])))
    assert st.pos["G"] == "0405" and st.side == "German"

"""15.1-15.7: commander units (optional rule "15", so every state turns it on, 5.4): attack option, command range, movement,
stacking and ZOC, combat, setup. Each test names the clause it checks."""

import pytest

from darkdec_qt.rules import commanders
from darkdec_qt.rules.combat import commands as cc
from darkdec_qt.rules.combat import losses
from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.core.tables import TICKS
from darkdec_qt.rules.core.zoc import zoc_hexes
from darkdec_qt.rules.engine import check, execute
from darkdec_qt.rules.movement import stacking
from tests.rules.builder import ScenarioBuilder
from tests.rules.combat_builder import CombatBuilder
from tests.rules.combat_helpers import run

LEADER = dict(type="leader", full=(0, 0, 5), reduced=None)


def _moving(turn: str = "19DecAM", side: str = "Allied", **kw):
    """A 12x8 map, a road on row 04; an Allied leader ``L`` with MA 5 at 0204."""
    b = ScenarioBuilder(cols=12, rows=8)
    b.road(*[f"{c:02d}04" for c in range(1, 13)], road="N1")
    b.unit("L", "Allied", at="0204", **LEADER, **kw)
    b.unit("G", "German", "infantry", (4, 4, 5), at="1108")
    return b


def test_15_1C_a_leader_cannot_attack_without_a_friendly_combat_unit():
    b = CombatBuilder().unit("Patton", "Allied", "0505", a=0, d=0, m=6, type="leader", aopt=3) \
        .allied("x", "0505").german("g", "0605")
    b.optional.add("15")
    s = b.build()
    s.side = "Allied"
    with pytest.raises(IllegalAction):
        run(s, cc.DeclareBattle(attackers=("Patton",), defenders=("g",)))
    run(s, cc.DeclareBattle(attackers=("Patton", "x"), defenders=("g",)))
    assert s.battle is not None


def test_15_3B_command_range_ignores_terrain_supply_and_enemy_zocs():
    b = CombatBuilder().unit("Hodges", "Allied", "0101", a=0, d=0, m=5, type="leader").allied("far", "0111")
    for r in range(2, 11):
        b.terrain(f"01{r:02d}", "dense_forest")
    b.german("g", "0306")  # its ZOC covers 0205-0207, not the leader's hex
    s = b.build()
    s.supply["Hodges"] = "isolated"
    assert commanders.command_range(s, "Hodges") == 10
    assert commanders.in_range(s, "Hodges", "far")


def test_15_4A_leaders_do_not_count_toward_stacking():
    b = ScenarioBuilder(cols=8, rows=8)
    for i in range(3):
        b.unit(f"A{i}", "Allied", "infantry", (3, 4, 5), at="0404")
    b.unit("L", "Allied", at="0404", **LEADER)
    b.unit("G", "German", "infantry", (4, 4, 5), at="0808")
    st = b.state(turn="19DecAM", side="Allied", optional=("15",))
    assert stacking.stack_problems(st, "Allied") == {}
    st.pos["A3"] = "0404"
    b.unit("A3", "Allied", "infantry", (3, 4, 5), at="0404")
    st2 = b.state(turn="19DecAM", side="Allied", optional=("15",))
    assert "0404" in stacking.stack_problems(st2, "Allied")


def test_15_4B_a_leader_moves_over_friendly_units_at_the_road_rate():
    b = _moving()
    b.unit("A", "Allied", "infantry", (3, 4, 5), at="0304")
    b.unit("A2", "Allied", "infantry", (3, 4, 5), at="0404")
    b.terrain([f"{c:02d}04" for c in range(3, 6)], "woods")
    st = b.state(turn="19DecAM", side="Allied", optional=("15",))
    ev = execute(st, cm.Move(units=("L",), path=("0204", "0304", "0404", "0504")))
    assert ev[0].mp == 3 * TICKS  # 1 MP per road hex, through two occupied hexes
    st2 = b.state(turn="19DecAM", side="Allied", optional=("15",))
    ev2 = check(st2, cm.Move(units=("A",), path=("0304", "0404")))
    assert ev2[0].mp > TICKS  # a combat unit entering a friendly-occupied road hex pays the woods


def test_15_4C_a_leader_may_enter_strategic_movement():
    st = _moving().state(turn="19DecAM", side="Allied", optional=("15",))
    execute(st, cm.EnterStrategic("L"))
    assert "L" in st.strategic


def test_15_4E_leaders_exert_no_zoc():
    st = _moving().state(turn="19DecAM", side="Allied", optional=("15",))
    assert zoc_hexes(st, "Allied") == set()
    assert zoc_hexes(st, "German")  # while the German infantry does


def test_15_5B_a_leader_losing_a_step_is_eliminated():
    b = CombatBuilder().unit("Hodges", "Allied", "0505", a=0, d=0, m=5, type="leader")
    s = b.build()
    (e,) = losses.step_events(s, ["Hodges"], "combat result")
    assert e.kind == "unit_eliminated" and e.unit == "Hodges"


def _after_first_assault(leader: str, side: str, turn: int, weather: str | None, seed: str) -> str | None:
    """``again`` when a second all out assault is offered after the first one, ``ended`` when
    the battle ends after an indecisive first one, None when the dice decided the battle."""
    enemy = "Allied" if side == "German" else "German"
    b = CombatBuilder().unit(leader, side, "0404", a=0, d=0, m=5, type="leader", aopt=3, dopt=1)
    b.unit("x", side, "0505", a=8, d=4).unit("y", enemy, "0605", a=4, d=4).terrain("0605", "woods")
    b.optional.add("15")
    b.turn = turn
    if weather:
        b.weather[turn] = weather
    b.seed = seed
    s = b.build()
    s.side = side
    run(s, cc.DeclareBattle(attackers=("x",), defenders=("y",), all_out_assault_leader=leader))
    run(s, cc.DefenderDeclares())
    run(s, cc.ResolveBattle())
    if s.battle is None or s.battle.task is None or s.battle.task[0] != "assault":
        return None
    run(s, cc.AllOutAssault(loss="x"))
    if s.battle is not None and s.battle.task is not None and s.battle.task[0] == "assault":
        return "again"
    if s.battle is None and s.pos.get("y") == "0605" and "y" not in s.reduced and "x" in s.pos:
        return "ended"
    return None


def _seed(leader: str, side: str, turn: int, weather: str | None = None) -> tuple[str, str]:
    for i in range(600):
        got = _after_first_assault(leader, side, turn, weather, f"s{i}")
        if got:
            return f"s{i}", got
    raise AssertionError("no seed gives two indecisive results")


def test_15_6A_C_manteuffel_may_make_a_second_all_out_assault_during_german_tactical_advantage():
    seed, got = _seed("Manteuffel", "German", turn=10)  # PM 20 December
    assert got == "again"
    assert _after_first_assault("Brandenberger", "German", 10, None, seed) == "ended"
    assert _seed("Manteuffel", "German", turn=20)[1] == "ended"  # after PM 22 December


def test_15_6B_C_patton_may_make_a_second_all_out_assault_in_clear_weather():
    seed, got = _seed("Patton", "Allied", turn=15, weather="clear")
    assert got == "again"
    assert _after_first_assault("Hodges", "Allied", 15, "clear", seed) == "ended"
    assert _seed("Patton", "Allied", turn=15, weather="overcast")[1] == "ended"


def test_15_7B_the_allied_initial_leaders_do_not_move_before_am_18_december():
    b = _moving()
    st = b.state(turn="17DecPM", side="Allied", optional=("15",))
    with pytest.raises(IllegalAction) as e:
        check(st, cm.Move(units=("L",), path=("0204", "0304")))
    assert e.value.rule == "15.7B"
    st18 = b.state(turn="18DecAM", side="Allied", optional=("15",))
    check(st18, cm.Move(units=("L",), path=("0204", "0304")))
    late = _moving().unit("R", "Allied", at=None, arrival="17DecAM", **LEADER).state(turn="17DecPM", side="Allied", optional=("15",))
    late.pos["R"] = "0204"  # a reinforcement leader is free to move
    check(late, cm.Move(units=("R",), path=("0204", "0304")))
    assert st.phase is Phase.MOVEMENT

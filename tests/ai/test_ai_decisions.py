"""The computer opponent makes the rulebook's choices itself: for each decision
kind a position where the choice matters, and the AI must take the sensible option (not
the engine's first offer), explaining it in a note."""

from __future__ import annotations

from darkdec_qt.ai import decisions as dc
from darkdec_qt.ai.base import decider
from darkdec_qt.ai.players import AIPlayer
from darkdec_qt.rules import engine
from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core.notes import Note
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.engine import execute
from tests.rules.builder import ScenarioBuilder
from tests.rules.combat_builder import CombatBuilder, displaced_leader_tie


class _Game:
    def __init__(self, state):
        self.state = state


def decide(st, level: str = "normal", player: AIPlayer | None = None):
    """The AI's next command (executing the notes it writes first) and its notes."""
    p = player or AIPlayer(level, "t")
    notes = []
    for _ in range(6):
        cmd = p.choose(_Game(st))
        if isinstance(cmd, Note):
            assert cmd.side == decider(st)
            notes.append(cmd.text)
            execute(st, cmd)
            continue
        engine.check(st, cmd)  # a command the engine accepts
        return cmd, notes
    raise AssertionError("the AI only wrote notes")


# --- 8.7.1 -----------------------------------------------------------------------------------


def fuel_state():
    b = ScenarioBuilder(24, 12)
    b.unit("a/1SS", "German", "armor", (6, 5, 8), (3, 3, 8), division="1SS", nationality="SS", at="1007")
    b.unit("b/1SS", "German", "armor", (6, 5, 8), (3, 3, 8), division="1SS", nationality="SS", at="1008")
    b.unit("a/2Pz", "German", "armor", (6, 5, 8), (3, 3, 8), division="2Pz", at="2005")
    b.unit("b/2Pz", "German", "armored_infantry", (4, 4, 8), (2, 2, 8), division="2Pz", at="2006")
    b.unit("a/9Pz", "German", "armor", (7, 6, 8), (3, 3, 8), division="9Pz", at="1203")
    b.unit("b/9Pz", "German", "armor", (7, 6, 8), (3, 3, 8), division="9Pz", at="1204")
    b.unit("x/A", "Allied", at="1103")  # in contact with 9Pz: the spearhead
    b.unit("y/A", "Allied", at="0906")  # in contact with a/1SS
    st = b.state(turn="20DecAM", side="German", phase=Phase.SUPPLY)
    st.fuel_shortage = 2
    return st


def test_8_7_1A_the_allies_name_the_spearhead_division_and_germany_the_idle_one():
    st = fuel_state()
    assert decider(st) == "Allied"  # 8.7.1A: the Allied player names the first division
    cmd, notes = decide(st)
    # the engine's first offer is 1SS (one unit in contact); 9Pz has the most strength at the front
    assert cmd == cm.ChooseFuelDivision(division="9Pz", side="Allied")
    assert any("8.7.1A" in n and "9Pz" in n for n in notes)
    execute(st, cmd)
    assert decider(st) == "German"
    cmd, notes = decide(st)
    # 8.7.1B: Germany gives up the division far from the front, not 1SS (the first offered)
    assert cmd == cm.ChooseFuelDivision(division="2Pz", side="German")
    assert any("8.7.1B" in n for n in notes)


# --- 10.7.2C ---------------------------------------------------------------------------------


def hold_off_state():
    b = ScenarioBuilder(12, 10)
    b.road("0105", "0205", "0305", road="W5").entry("0105", "G")
    b.unit("1/Pz", "German", "armor", (6, 5, 8), (3, 3, 8), at="0105")
    b.unit("R1", "Allied", "infantry", (4, 4, 5), arrival="23DecAM", entry=("G",))
    b.unit("R2", "Allied", "infantry", (3, 4, 5), arrival="23DecAM", entry=("G",))
    b.unit("R3", "Allied", "armor", (8, 7, 8), (4, 4, 8), arrival="23DecAM", entry=("G",))
    b.unit("R4", "Allied", "artillery", (7, 2, 5), None, arrival="23DecAM", entry=("G",))
    b.unit("1/A", "Allied", at="0909")
    st = b.state(turn="22DecAM", side="German", phase=Phase.MOVEMENT)
    execute(st, cm.Exit("1/Pz"))
    st.side, st.turn = "Allied", st.module.turn_index["23DecAM"].number
    st.exit_markers.clear()
    return st


def test_10_7_2C_holds_off_the_unit_that_pays_the_debt_at_the_least_defensive_cost():
    st = hold_off_state()
    assert st.hold_off_owed["W"] == 6
    offered = [c.unit for c in engine.legal_commands(st) if isinstance(c, cm.HoldOff)]
    assert offered[0] == "R1"
    cmd, notes = decide(st)
    assert cmd == cm.HoldOff("R4")  # 7 attack clears the 6 owed alone; keeps the defenders and the armor
    assert any("10.7.2C" in n and "R4" in n for n in notes)
    execute(st, cmd)
    assert st.hold_off_owed["W"] == 0


# --- 10.6.3C --------------------------------------------------------------------------------


def test_10_6_3C_a_blocked_reinforcement_is_rerouted_toward_where_it_is_needed():
    from darkdec_qt.rules.choices import ChooseDelayedEntry

    b = ScenarioBuilder(14, 12)
    b.road(*[f"05{r:02d}" for r in range(1, 12)], road="N5")
    b.road("0301", "0302", "0303", road="N3")
    b.road("0801", "0802", "0803", "0804", "0805", road="N8")
    b.entry("0501", "E").entry("1201", "E")  # an entry area that is no German exit (29.0)
    b.road("1201", "1202", road="N12")
    b.town("0805", "Bastogne")  # threatened by g/1: the Allies need troops there
    b.unit("R/A", "Allied", "infantry", (3, 4, 5), arrival="18DecAM", entry=("E",))
    b.unit("g/1", "German", at="1008")
    st = b.state(turn="18DecAM", side="Allied", phase=Phase.MOVEMENT)
    st.exit_markers |= {"0501", "1201"}  # both hexes of area E blocked (10.6.3B)
    first = next(c for c in engine.legal_commands(st) if isinstance(c, ChooseDelayedEntry))
    assert first.hex == "0301"  # the engine's first offer: far from Bastogne
    cmd, notes = decide(st)
    assert cmd == ChooseDelayedEntry(unit="R/A", hex="0801")
    assert any("10.6.3C" in n for n in notes)


# --- 11.0C -----------------------------------------------------------------------------------


def overstacked(moved: bool):
    b = ScenarioBuilder(8, 8)
    for uid, full in (("a/0", (6, 6, 5)), ("a/1", (5, 5, 5)), ("a/2", (1, 2, 5)), ("a/3", (4, 4, 5))):
        b.unit(uid, "Allied", "infantry", full, at="0404")
    b.unit("g/1", "German", at="0808")
    st = b.state(turn="20DecAM", side="Allied", phase=Phase.MOVEMENT)
    if moved:
        st.moved |= {"a/0", "a/1", "a/2", "a/3"}
        st.mp_spent.update({u: 10**3 for u in ("a/0", "a/1", "a/2", "a/3")})
    return st


def test_11_0C_eliminates_the_weakest_overstacked_unit_when_none_can_step_out():
    st = overstacked(moved=True)
    first = next(c for c in engine.legal_commands(st) if c.kind == "eliminate_overstacked")
    assert first.unit == "a/0"  # the engine's first offer is the strongest
    cmd, notes = decide(st)
    assert cmd.kind == "eliminate_overstacked" and cmd.unit == "a/2"
    assert any("11.0C" in n and "a/2" in n for n in notes)


def test_11_0C_steps_the_weakest_out_rather_than_lose_it():
    st = overstacked(moved=False)
    c = dc.overstack(st, "Allied", engine.enemy_distance(st, "German"))
    assert c.command.kind == "move" and c.command.units == ("a/2",)
    execute(st, c.command)
    assert not st.eliminated
    execute(st, cm.EndPhase())  # the stack now keeps the limits


# --- 15.5D -----------------------------------------------------------------------------------


def displaced():
    return displaced_leader_tie(lambda b: b.allied("c2", "0802", a=6, d=6).allied("c3", "0902", a=6, d=6), leader_ma=2)


def test_15_5D_the_displaced_leader_goes_where_his_command_reaches_the_most():
    s = displaced()
    assert set(s.displaced["Hodges"]) == {"0405", "0702"}  # owed at once by the Allies (choices.py)
    assert decider(s) == "Allied"
    first = next(c for c in engine.legal_commands(s) if c.kind == "relocate_displaced_leader")
    assert first.hex == "0405"  # the engine's first offer
    cmd, notes = decide(s)
    assert cmd == cm.RelocateDisplacedLeader(unit="Hodges", hex="0702")  # beside c2 and c3
    assert any("15.5D" in n for n in notes)
    execute(s, cmd)
    assert s.pos["Hodges"] == "0702" and not s.displaced


# --- 23.0B -----------------------------------------------------------------------------------


def test_23_0B_selects_the_strongest_conditional_units():
    from darkdec_qt.rules.scenarios import variants as var
    from tests.rules.test_23_0B_choose_conditional_units import _rolled

    st = _rolled()
    default = tuple(sorted(var.committed_this_turn(st, "Allied")))
    pool = sorted(set(var.conditional_pool(st, "Allied")) | set(default))

    def value(u):
        a, d, m = st.spec(u).full
        return a + d + (0.5 * m if st.spec(u).is_motorized else 0)

    cmd, notes = decide(st)
    assert cmd.kind == "choose_conditional_units"
    assert sorted(value(u) for u in cmd.units) == sorted(value(u) for u in pool)[-3:]
    assert sum(map(value, cmd.units)) > sum(map(value, default))  # better than the counter-order proposal
    assert any("23.0B" in n for n in notes)


# --- 9.0C-D ----------------------------------------------------------------------------------


def test_9_0C_refits_where_one_replacement_buys_the_most_strength():
    b = ScenarioBuilder(14, 12)
    b.unit("small", "Allied", "infantry", (3, 4, 5), (2, 3, 5), at="0505")  # a step of 2, at the front
    b.unit("big", "Allied", "infantry", (8, 8, 5), (4, 4, 5), at="0509")  # a step of 8, four hexes back
    b.unit("g", "German", at="0705")
    st = b.state(turn="25DecAM", side="Allied", phase=Phase.REPLACEMENT)
    st.reduced |= {"small", "big"}
    st.replacements["Allied/infantry"] = 1
    cmd, notes = decide(st)
    assert cmd == cm.Refit("big")  # the old policy refitted the unit nearest the enemy
    assert any("9.0" in n and "big" in n for n in notes)


def test_9_0D_reforms_a_destroyed_unit_beside_its_division_when_nothing_is_reduced():
    from tests.rules.test_09_replacements import repl_state

    st = repl_state()  # 3/2 (its division at 0505-0506) and the independent Sep destroyed
    st.replacements = {"Allied/infantry": 2}
    cmd, notes = decide(st)
    assert cmd.kind == "reform" and cmd.unit == "3/2" and st.module.hexes[cmd.hex].town
    assert any("reform 3/2" in n for n in notes)


# --- 14 --------------------------------------------------------------------------------------


def reserve_state():
    b = ScenarioBuilder(16, 10)
    b.unit("inf", "German", "infantry", (4, 4, 4), at="0705")  # in contact
    b.unit("pz", "German", "armor", (8, 6, 8), (4, 3, 8), at="1005")  # three hexes back
    b.unit("far", "German", "armor", (8, 6, 8), (4, 3, 8), at="1509")  # far behind
    b.unit("a", "Allied", at="0605")
    return b.state(turn="20DecAM", side="German", phase=Phase.MOVEMENT, optional=("14",))


def test_14_1_puts_the_armor_behind_the_front_in_reserve():
    st = reserve_state()
    near = engine.enemy_distance(st, "Allied")
    c = dc.reserve(st, "German", near, ["inf", "pz", "far"])
    assert c.command == cm.EnterReserve("pz")  # not the unit in contact, not the one far behind
    assert "14.1" in c.why
    execute(st, c.command)
    assert dc.reserve(st, "German", near, ["inf", "far"]) is None


def test_14_5B_a_reserve_leaves_reserve_only_to_move_at_once():
    st = reserve_state()
    st.reserve.add("pz")  # placed in an earlier turn: it may leave reserve (14.5B)
    p = AIPlayer("normal", "t", narrate=False)
    cmd, _ = decide(st, player=p)
    assert cmd == cm.LeaveReserve("pz")  # the front is three hexes away: it goes
    execute(st, cmd)
    move, _ = decide(st, player=p)
    assert move.kind == "move" and move.units == ("pz",)
    st.reserve_placed.add("far")  # placed this player turn: it may not leave (14.1E)
    st.reserve.add("far")
    seen = []
    for _ in range(8):
        cmd, _ = decide(st, player=p)
        seen.append(cmd)
        if cmd.kind == "end_phase":
            break
        execute(st, cmd)
    assert "far" in st.reserve and not any(getattr(c, "units", None) == ("far",) for c in seen)


# --- 20.4 ------------------------------------------------------------------------------------


def air_state(strategic: bool):
    b = CombatBuilder().terrain("0205", "clear", town="Bastogne")
    b.road("0205", "0305", "0405", "0505", "0605", "0705")
    b.road("0405", "0404", name="N2")
    b.road("0405", "0406", name="N3")
    for i, h in enumerate(("0606", "0706", "0806")):  # motorized units behind the road's head
        b.german(f"pz{i}", h, type="armor")
    b.german("vg", "0907", type="infantry")
    if strategic:
        b.german("tgt", "0605", type="armor", a=8, d=8, reduced=(3, 3, 4))
        b.strategic.add("tgt")
    b.allied("a", "0105")
    s = b.build()
    s.side, s.phase, s.started = "Allied", Phase.COMBAT, True
    return s


def test_20_4_2_interdicts_the_road_junction_the_german_armor_needs():
    s = air_state(strategic=False)
    cmd, notes = decide(s)
    assert cmd.kind == "interdict"
    assert cmd.hex == "0405"  # the junction on the way to Bastogne, within reach of the armor
    assert any("20.4.2" in n for n in notes)


def test_20_4_1_attacks_a_strong_stack_in_strategic_movement_instead():
    s = air_state(strategic=True)
    cmd, notes = decide(s)
    assert cmd.kind == "air_attack" and cmd.hex == "0605"  # -1 DRM: a hit on 1-3, a step of 10
    assert any("20.4.1" in n for n in notes)


# --- 26.13 -----------------------------------------------------------------------------------


def test_26_13_withdraws_only_when_the_germans_near_the_meuse():
    from darkdec_qt.ai import geography as geo
    from tests.rules.conftest_real import at, init

    st = at(init("26.13"), "20DecAM", side="Allied", phase=Phase.MOVEMENT)
    assert dc.montgomery(st) is None  # the line holds: stand
    cmd, _ = decide(st)
    assert cmd.kind != "declare_withdrawal"
    meuse = geo.distances(st.module, geo.meuse_hexes(st))
    pz = next(u for u in st.on_map("German") if st.spec(u).is_motorized)
    st.pos[pz] = min((h for h in meuse if meuse[h] == 3 and not st.units_at(h)), key=str)
    cmd, notes = decide(st)
    assert cmd.kind == "declare_withdrawal"
    assert any("26.13" in n and "Meuse" in n for n in notes)


# --- 26.20A ----------------------------------------------------------------------------------


def test_26_20A_never_the_small_solution_in_the_campaign_and_says_why():
    from darkdec_qt.rules.scenarios.setup import initial_state
    from tests.rules.conftest_real import real_module

    st = initial_state(real_module(), "campaign", "1", optional=(), variants=(), setup="auto")
    c = dc.victory_conditions(st)
    assert c is not None and c.command.choice in ("historical", "luxembourg")
    assert "26.20A" in c.why and "small_solution" in c.why
    cmd, notes = decide(st)
    assert cmd.kind == "choose_victory_conditions" and cmd.choice == c.command.choice


# --- the hard level: battles fought out on copies -------------------------------------------


def two_battles():
    """Two 2:1 battles the CRT estimate rates alike: 0606 in the open (the defender retreats)
    and 1212 in the map's corner, where a retreat result costs the defender its steps."""
    b = CombatBuilder().allied("x", "1212").german("g1", "1211").german("g2", "1112") \
        .allied("y", "0606").german("g3", "0605").german("g4", "0506")
    s = b.build()
    s.side, s.phase, s.started = "German", Phase.COMBAT, True
    return s


def test_hard_fights_battles_out_and_takes_the_one_that_gains_most():
    from darkdec_qt.ai.battles import candidates

    s = two_battles()
    cands = candidates(s, {}, {})
    assert [c.target for c in cands] == ["0606", "1212"] and cands[0].value == cands[1].value
    normal, _ = decide(s.clone(), "normal")
    assert normal.kind == "declare_battle" and normal.defenders == ("y",)  # the CRT estimate's tie
    dice = s.dice_count
    hard, notes = decide(s, "hard")
    assert hard.kind == "declare_battle" and hard.defenders == ("x",)  # no retreat: steps lost
    assert any("fought out" in n for n in notes)
    assert s.dice_count == dice and s.battle is None  # the look rolled no die of the game


def test_fought_out_battles_use_their_own_dice_and_leave_the_game_alone():
    from darkdec_qt.ai.battle_look import expected_gain
    from darkdec_qt.ai.battles import candidates

    s = two_battles()
    before, dice = s.state_hash(), s.dice_count
    cmd = candidates(s, {}, {})[1].command
    g1 = expected_gain(s, cmd, "German", 8)
    assert g1 == expected_gain(s, cmd, "German", 8) and g1 > 0  # reproducible: seeded from the position
    assert s.state_hash() == before and s.dice_count == dice


def test_a_battle_never_empties_a_held_town_the_garrison_keeps_its_best_defender():
    """An attacker's retreat must not hand the town to the enemy: of the two Allied units
    in Bastogne attacking the German next to it, the stronger defender stays home; a lone
    garrison does not attack; the greedy baseline (garrisons=False) attacks with all."""
    from darkdec_qt.ai.battles import candidates

    def position(second: bool):
        b = CombatBuilder().terrain("0606", "clear", town="Bastogne").allied("x", "0606", a=6, d=3) \
            .german("g1", "0605", a=2, d=2).german("z", "0909")
        if second:
            b = b.allied("y", "0606", a=3, d=6)
        s = b.build()
        s.side, s.phase, s.started = "Allied", Phase.COMBAT, True
        return s

    towns = {"Bastogne": "0606"}
    s = position(True)
    assert [c.command.attackers for c in candidates(s, {}, towns, garrisons=False)] == [("x", "y")]
    assert [c.command.attackers for c in candidates(s, {}, towns)] == [("x",)]  # y (defense 6) stays
    alone = position(False)
    assert candidates(alone, {}, towns) == [] and len(candidates(alone, {}, towns, garrisons=False)) == 1
    assert len(candidates(alone, {}, {})) == 1  # not an objective: it may attack


# --- 10.6 ------------------------------------------------------------------------------------


def test_10_6_1B_a_reinforcement_enters_and_moves_on_in_the_same_phase():
    b = ScenarioBuilder(14, 10)
    b.road("0105", "0205", "0305", "0405", "0505", "0605", road="W5").entry("0105", "G")
    b.town("0605", "Bastogne")
    b.unit("R1", "Allied", "infantry", (4, 4, 5), arrival="20DecAM", entry=("G",))
    b.unit("g", "German", "infantry", (4, 4, 4), at="1305")  # Bastogne threatened, the edge not yet
    st = b.state(turn="20DecAM", side="Allied", phase=Phase.MOVEMENT)
    p = AIPlayer("normal", "t", narrate=False)
    cmd, _ = decide(st, player=p)
    assert cmd.kind == "enter_reinforcement" and cmd.path == ("0105",)
    execute(st, cmd)
    cmd, _ = decide(st, player=p)
    assert cmd.kind == "move" and cmd.units == ("R1",)  # before: it stayed on the map edge all turn
    execute(st, cmd)
    assert st.pos["R1"] != "0105"


def test_10_6_3_of_two_entry_hexes_as_near_the_need_the_reinforcement_takes_the_threatened_one():
    """Both entry hexes lie six road hexes from Bastogne; the German next to the southern
    one would otherwise walk past an empty entry hex (the north-edge exits were left so)."""
    b = ScenarioBuilder(14, 10)
    b.road("0103", "0203", "0303", "0403", "0503", road="W1").entry("0103", "G")
    b.road("0107", "0207", "0307", "0407", "0507", road="W2").entry("0107", "G")
    b.road("0503", "0504", "0505", "0506", "0507", road="X")
    b.town("0505", "Bastogne")
    b.unit("R1", "Allied", "infantry", (4, 4, 5), arrival="20DecAM", entry=("G",))
    b.unit("g", "German", "infantry", (4, 4, 4), at="0209")
    st = b.state(turn="20DecAM", side="Allied", phase=Phase.MOVEMENT)
    cmd, _ = decide(st, player=AIPlayer("normal", "t", narrate=False))
    assert cmd.kind == "enter_reinforcement" and cmd.path == ("0107",)


def test_the_defender_holds_a_town_at_the_cost_of_a_step_rather_than_retreat_out_of_it():
    """13.5: right after a result choice nothing has moved yet, so the one-ply look saw no
    harm in the retreat (a look that stops there retreats); followed to the battle's
    end (battle_look.finish) and fought out (hard), the retreat lets the German advance
    into Bastogne, and both levels lose the step instead."""
    from darkdec_qt.ai.battles import candidates
    from darkdec_qt.rules.combat.legal import pending_commands

    for seed in range(60):  # a dice stream that leaves the defender the choice retreat1 / step1
        b = CombatBuilder().terrain("0606", "clear", town="Bastogne").allied("x", "0606", a=4, d=6) \
            .german("g1", "0605", a=8).german("g2", "0506", a=8).allied("z", "0909")
        s = b.build()
        s.side, s.phase, s.started, s.seed = "German", Phase.COMBAT, True, f"t{seed}"
        execute(s, candidates(s, {}, {"Bastogne": "0606"})[0].command)
        while s.battle is not None and s.battle.task and s.battle.task[0] in ("declare", "resolve"):
            execute(s, pending_commands(s)[0])
        if s.battle is not None and s.battle.task and s.battle.task[:2] == ("result", "Allied"):
            break
    else:
        raise AssertionError("no dice stream gave the defender a result choice")
    assert {c.option for c in pending_commands(s)} == {"retreat1", "step1"}
    normal, _ = decide(s.clone(), "normal")
    hard, _ = decide(s, "hard")
    assert (normal.option, hard.option) == ("step1", "step1")


def test_the_one_ply_look_rolls_its_own_dice_not_the_games():
    """A look at a move that infiltrates (12.4) must not read the roll the game will make:
    over a few seeds the look and the game disagree at least once."""
    from darkdec_qt.ai.base import _after
    from tests.rules.test_12_zoc_optional import PATH, infiltration

    cmd = cm.Move(units=("150Pz",), path=PATH[:5])
    differ = 0
    for seed in range(12):
        st = infiltration(turn="17DecPM")  # succeeds on 1-2
        st.seed = f"s{seed}"
        looked = _after(st, cmd)
        assert st.pos["150Pz"] == "1003"  # the game is untouched
        execute(st, cmd)
        differ += looked.pos["150Pz"] != st.pos["150Pz"]
    assert differ > 0


def test_15_5D_in_a_match_the_owner_answers_in_the_movers_phase():
    from darkdec_qt.ai.base import RandomPlayer
    from darkdec_qt.ai.match import play

    s = displaced()

    class Game:
        state = s

        def execute(self, cmd):
            return execute(s, cmd)

    rec = play(Game(), {"German": RandomPlayer(1), "Allied": AIPlayer("normal", "a")}, max_commands=2)
    assert rec.illegal == [] and s.pos["Hodges"] == "0702" and not s.displaced

"""7.0-7.2: the sequence of play, driven through the engine (EndPhase) on a small map."""

import pytest

from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.phases import PHASES, Phase
from darkdec_qt.rules.engine import check, execute
from darkdec_qt.rules.supply import determination as supply
from tests.rules.builder import ScenarioBuilder
from tests.rules.rules_helpers import cursor

ROW = [f"{c:02d}05" for c in range(1, 13)]


def _game(turn: str = "18DecAM", side: str = "German", phase: Phase = Phase.SUPPLY, last: str | None = None,
          optional: tuple[str, ...] = ()):
    """A 12x8 map with an east-west road on row 05 (German sources east, Allied west);
    German ``G`` and Allied ``A`` infantry on the road, far apart."""
    b = ScenarioBuilder(cols=12, rows=8)
    b.road(*ROW, road="N1")
    b.unit("G", "German", "infantry", (4, 4, 5), at="1005")
    b.unit("G2", "German", "infantry", (4, 4, 5), at="1003")
    b.unit("A", "Allied", "infantry", (3, 4, 5), at="0305")
    if last:
        b.last_turn = last
    return b.state(turn=turn, side=side, phase=phase, optional=optional)


def test_7_0B_D_and_7_1_7D_and_7_2A_C_D_germany_then_the_allies_each_through_seven_phases():
    st = _game(turn="18DecAM")
    start = st.turn
    seen = [(st.turn, st.side, st.phase)]
    for _ in range(14):
        execute(st, cm.EndPhase())
        seen.append((st.turn, st.side, st.phase))
    expected = ([(start, "German", p) for p in PHASES] + [(start, "Allied", p) for p in PHASES]
                + [(start + 1, "German", Phase.SUPPLY)])
    assert seen == expected
    assert list(PHASES) == [Phase.SUPPLY, Phase.REPLACEMENT, Phase.MOVEMENT, Phase.REACTION, Phase.COMBAT,
                            Phase.EXPLOITATION, Phase.CONSTRUCTION]


def test_7_0A_and_7_2F_the_game_ends_after_the_last_turn_of_the_scenario():
    st = _game(turn="18DecAM", side="Allied", phase=Phase.CONSTRUCTION, last="18DecAM")
    events = execute(st, cm.EndPhase())
    assert st.game_over and "game_ended" in [e.kind for e in events]
    with pytest.raises(IllegalAction):
        check(st, cm.EndPhase())
    st2 = _game(turn="18DecAM", side="Allied", phase=Phase.CONSTRUCTION, last="18DecPM")
    execute(st2, cm.EndPhase())
    assert not st2.game_over and (st2.side, st2.phase) == ("German", Phase.SUPPLY)


def test_7_1_1A_and_7_2E_each_side_judges_the_supply_of_its_own_units_in_its_own_supply_phase():
    st = _game(side="German", phase=Phase.CONSTRUCTION)
    events = execute(st, cm.EndPhase())  # into the Allied supply phase
    judged = {e.unit for e in events if e.kind == "supply_determined"}
    assert judged == {"A"}
    for _ in range(7):
        events = execute(st, cm.EndPhase())  # ... into the next German supply phase
    assert (st.side, st.phase) == ("German", Phase.SUPPLY)
    assert {e.unit for e in events if e.kind == "supply_determined"} == {"G", "G2"}


def test_7_1_1B_the_fuel_depletion_roll_begins_with_the_20_december_am_german_supply_phase():
    def rolls(turn: str, side: str = "German") -> list[str]:
        st = _game(turn=turn, side=side)
        return [e.kind for e in supply.supply_phase_events(st, cursor(st)) if e.kind == "fuel_shortage_set"]

    assert rolls("19DecPM") == []
    assert rolls("20DecAM") == ["fuel_shortage_set"]
    assert rolls("20DecAM", side="Allied") == []


def test_7_1_1C_and_8_1B_a_supply_state_holds_until_the_sides_next_supply_phase():
    st = _game(side="German", phase=Phase.MOVEMENT)
    st.supply["G"] = "unsupplied"  # judged so at the start of this German player turn
    for _ in range(12):  # through the rest of the German turn and the Allied turn
        execute(st, cm.EndPhase())
        if st.side == "Allied" or st.phase is not Phase.SUPPLY:
            assert st.supply["G"] == "unsupplied", (st.side, st.phase)
    assert (st.side, st.phase) == ("German", Phase.SUPPLY)
    assert st.supply["G"] == "supplied"  # judged anew: it traces along the road to the east edge


def test_7_1_3_1A_reserve_and_strategic_status_are_set_before_a_unit_spends_movement_points():
    st = _game(phase=Phase.MOVEMENT, optional=("14",))
    execute(st, cm.Move(units=("G",), path=("1005", "0905")))
    with pytest.raises(IllegalAction) as e:
        check(st, cm.EnterReserve("G"))
    assert e.value.rule == "7.1.3.1A"
    with pytest.raises(IllegalAction) as e:
        check(st, cm.EnterStrategic("G"))
    assert e.value.rule == "10.4.1D"
    execute(st, cm.EnterReserve("G2"))  # an unmoved unit may
    assert "G2" in st.reserve


def test_7_1_3_2B_each_hex_entered_costs_its_terrain_and_7_1_3_2F_any_number_of_units_move():
    b = ScenarioBuilder(cols=12, rows=8)
    b.terrain("0904", "woods").terrain("0804", "rough")
    b.unit("G", "German", "infantry", (4, 4, 6), at="1004")
    b.unit("G2", "German", "infantry", (4, 4, 6), at="1006")
    b.unit("A", "Allied", "infantry", (3, 4, 5), at="0208")
    st = b.state(turn="18DecAM")
    ev = execute(st, cm.Move(units=("G",), path=("1004", "0904", "0804")))
    tec = st.module.charts.tec
    assert ev[0].mp == (tec["woods"].cost["infantry"] + tec["rough"].cost["infantry"]) * 30
    execute(st, cm.Move(units=("G2",), path=("1006", "0906")))  # a second unit moves too
    execute(st, cm.EndPhase())  # and the phase ends when the player is done (A never moved)
    assert st.phase is Phase.REACTION


def test_7_1_5A_combat_follows_the_reaction_phase_and_7_2B_germany_reacts_in_the_allied_turn():
    st = _game(side="Allied", phase=Phase.REACTION, optional=("14",))
    st.reserve.add("G")
    execute(st, cm.Move(units=("G",), path=("1005", "0905")))  # a German reserve moves in the Allied turn
    assert st.pos["G"] == "0905"
    with pytest.raises(IllegalAction):
        check(st, cm.Move(units=("A",), path=("0305", "0405")))  # the phasing Allies do not move now
    execute(st, cm.EndPhase())
    assert (st.side, st.phase) == ("Allied", Phase.COMBAT)

"""8.6 Surrender (optional): consecutive isolation count, the roll on 1, clear weather, elites."""

from darkdec_qt import hexgrid
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.supply import determination as supply
from tests.rules.builder import ScenarioBuilder
from tests.rules.rules_helpers import cursor, force_dice, kinds, run


def pocket(allied_hexes=("0606",), types=None, turn="19DecAM", optional=("8.6",), side="Allied", nat=None):
    """Allied units in ``allied_hexes`` ringed by German units on every neighbouring hex:
    no road anywhere, so no supply; far from the edge, so isolated (8.5A)."""
    b = ScenarioBuilder(14, 14)
    ring = set()
    for h in allied_hexes:
        ring |= set(hexgrid.neighbours(h))
    ring -= set(allied_hexes)
    enemy, own = ("German", "Allied") if side == "Allied" else ("Allied", "German")
    for i, h in enumerate(allied_hexes):
        t = (types or {}).get(h, "infantry")
        b.unit(f"{i}/P", own, t, at=h, nationality=nat)
    for i, h in enumerate(sorted(ring)):
        b.unit(f"{i}/R", enemy, at=h)
    return b.state(turn=turn, side=side, phase=Phase.SUPPLY, optional=optional)


def determine(st):
    return run(st, supply.supply_phase_events(st, cursor(st)))


def test_8_6A_D_count_grows_each_supply_phase_and_no_roll_before_the_third():
    st = pocket()
    for n in (1, 2):
        events = determine(st)
        assert st.supply["0/P"] == "isolated" and st.isolated_count["0/P"] == n
        assert "die_rolled" not in kinds(events)  # 8.6E: the roll begins with the third


def test_8_6E_third_consecutive_isolation_rolls_and_1_surrenders():
    st = pocket()
    st.isolated_count["0/P"] = 2
    force_dice(st, 1)
    events = determine(st)
    assert "die_rolled" in kinds(events)
    assert "0/P" in st.surrendered and "0/P" in st.eliminated and "0/P" not in st.pos
    assert any(e.kind == "unit_eliminated" and e.surrendered for e in events)


def test_8_6E_F_roll_of_2_does_not_surrender_but_rolls_again_next_time():
    st = pocket()
    st.isolated_count["0/P"] = 2
    force_dice(st, 2)
    determine(st)
    assert "0/P" in st.pos and st.isolated_count["0/P"] == 3
    force_dice(st, 1)
    events = determine(st)  # 8.6F: each consecutive phase it remains isolated
    assert "die_rolled" in kinds(events) and "0/P" in st.surrendered


def test_8_6H_restored_to_unsupplied_restarts_the_count():
    st = pocket()
    st.isolated_count["0/P"] = 2
    for u in ("1/R", "2/R", "3/R", "4/R", "5/R"):  # the ring breaks: no longer surrounded
        del st.pos[u]
    events = determine(st)
    assert st.supply["0/P"] == "unsupplied" and "0/P" not in st.isolated_count
    assert "die_rolled" not in kinds(events)


def test_8_6I_clear_weather_turns_do_not_count_nor_restart_the_count():
    st = pocket(turn="23DecAM")  # clear weather (20.0)
    st.isolated_count["0/P"] = 2
    events = determine(st)
    assert st.supply["0/P"] == "unsupplied"  # 8.5B/20.2
    assert st.isolated_count["0/P"] == 2  # kept, not increased
    assert "die_rolled" not in kinds(events)  # Germany does not roll in clear weather
    st.turn = st.module.turn_index["28DecAM"].number  # overcast again
    force_dice(st, 1)
    determine(st)
    assert "0/P" in st.surrendered  # the third isolated determination


def test_8_6J_allied_parachute_and_glider_never_surrender_nor_their_stack():
    for t in ("parachute", "glider"):
        st = pocket(types={"0606": t})
        st.isolated_count["0/P"] = 5
        force_dice(st, 1)
        events = determine(st)
        assert "die_rolled" not in kinds(events) and "0/P" in st.pos
    # a group holding one glider unit: none of its units surrender
    st = pocket(allied_hexes=("0606", "0607"), types={"0607": "glider"})
    st.isolated_count.update({"0/P": 4, "1/P": 4})
    force_dice(st, 1)
    determine(st)
    assert {"0/P", "1/P"} <= set(st.pos)


def test_8_6J_german_ss_never_surrender_but_wehrmacht_do():
    ss = pocket(side="German", turn="17DecAM", nat="SS")
    ss.isolated_count["0/P"] = 2
    force_dice(ss, 1)
    assert "die_rolled" not in kinds(determine(ss)) and "0/P" in ss.pos
    heer = pocket(side="German", turn="17DecAM")
    heer.isolated_count["0/P"] = 2
    force_dice(heer, 1)
    determine(heer)
    assert "0/P" in heer.surrendered


def test_8_6B_E_a_group_of_contiguous_stacks_rolls_once_and_surrenders_together():
    st = pocket(allied_hexes=("0606", "0607"))
    st.isolated_count.update({"0/P": 2, "1/P": 2})
    force_dice(st, 1)
    events = determine(st)
    assert kinds(events).count("die_rolled") == 1
    assert {"0/P", "1/P"} <= st.surrendered


def test_8_6E_group_not_entirely_isolated_three_times_does_not_roll():
    st = pocket(allied_hexes=("0606", "0607"))
    st.isolated_count.update({"0/P": 2, "1/P": 0})  # 1/P joined the pocket later
    force_dice(st, 1)
    events = determine(st)
    assert "die_rolled" not in kinds(events) and {"0/P", "1/P"} <= set(st.pos)


def test_8_6_is_optional():
    st = pocket(optional=())
    st.isolated_count["0/P"] = 7
    force_dice(st, 1)
    assert "die_rolled" not in kinds(determine(st)) and "0/P" in st.pos

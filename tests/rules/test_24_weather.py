"""24.0 Uncertain weather (optional) and the historical calendar (20.0)."""

from darkdec_qt.rules import weather
from darkdec_qt.rules.core.phases import Phase
from tests.rules.builder import ScenarioBuilder
from tests.rules.rules_helpers import cursor, force_dice, run


def st_at(turn, optional=("24",)):
    return ScenarioBuilder(4, 4).state(turn=turn, side="German", phase=Phase.SUPPLY, optional=optional)


def roll(st, value):
    force_dice(st, value)
    return run(st, weather.turn_start_events(st, cursor(st)))


def test_20_0_without_the_option_the_calendar_gives_clear_am_23_to_am_27_december():
    assert not st_at("22DecPM", ()).is_clear() and st_at("23DecAM", ()).is_clear()
    assert st_at("27DecAM", ()).is_clear() and not st_at("27DecPM", ()).is_clear()
    assert weather.turn_start_events(st_at("23DecAM", ()), cursor(st_at("23DecAM", ()))) == []


def test_24_0A_no_roll_before_am_22_december():
    assert roll(st_at("21DecPM"), 1) == []


def test_24_0A_B_roll_from_am_22_december_and_clear_applies_at_once():
    st = st_at("22DecAM")
    ev = roll(st, 1)  # builder table: 1-2 clear
    assert ev[0].kind == "die_rolled" and st.is_clear()
    st = st_at("23DecAM")  # historically clear, but the roll decides
    roll(st, 5)
    assert not st.is_clear()


def test_24_0C_once_clear_it_stays_clear_until_am_29_december_then_overcast():
    st = st_at("22DecAM")
    roll(st, 1)
    for code in ("22DecPM", "25DecAM", "28DecPM"):
        st.turn = st.module.turn_index[code].number
        ev = roll(st, 6)
        assert "die_rolled" not in [e.kind for e in ev] and st.is_clear(), code
    st.turn = st.module.turn_index["29DecAM"].number
    roll(st, 1)
    assert not st.is_clear()
    st.turn = st.module.turn_index["5JanAM"].number
    roll(st, 1)
    assert not st.is_clear()


def test_24_0_rolled_at_the_start_of_the_game_turn_only():
    st = st_at("24DecAM")
    st.side = "Allied"
    assert weather.turn_start_events(st, cursor(st)) == []

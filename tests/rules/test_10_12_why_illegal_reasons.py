"""The reason a move is refused names the clause that forbids it (movement.why_illegal).

The client shows ``why_illegal`` for a hex a unit may not move to. Each test builds a corridor
of clear hexes in fortification (10.2E: no unit enters fortification) so that only the hexes
beside the corridor can lead to the destination, and requires the most telling reason: the
step into the destination that the rules forbid, the 12.1A stop only when nothing else forbids
it, and 10.2B when the destination is simply out of reach.
"""

from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.engine import execute
from darkdec_qt.rules.movement import move as movement
from tests.rules.builder import ScenarioBuilder
from tests.rules.rules_helpers import refusal

CORRIDOR = ("0205", "0305", "0405", "0505", "0605", "0705")


def corridor(*more: str) -> ScenarioBuilder:
    b = ScenarioBuilder(terrain="fortification")
    b.terrain(list(CORRIDOR + more), "clear")
    return b


def test_10_2G_a_unit_that_may_not_move_now_is_refused_with_that_reason():
    b = corridor()
    b.unit("A", "Allied", at="0305")
    st = b.state(side="German", phase=Phase.MOVEMENT)
    msg = movement.why_illegal(st, "A", "0405")
    assert msg is not None and msg.startswith("A ") and msg.endswith("(10.2G)")


def test_12_1A_beyond_a_hex_in_an_enemy_zoc_the_reason_is_the_stop():
    b = corridor()
    b.unit("G", "German", "infantry", (4, 4, 4), at="0305")
    b.unit("E", "Allied", at="0406")  # its ZOC covers 0405 of the corridor, not 0305 or 0505
    st = b.state()
    assert "0405" in movement.legal_destinations(st, "G")
    assert movement.why_illegal(st, "G", "0505") == \
        "G cannot continue to 0505: units must stop on entering an enemy ZOC (12.1A)"


def test_10_2F_from_one_enemy_zoc_into_another_the_reason_names_10_2F():
    b = corridor()
    b.unit("G", "German", "infantry", (4, 4, 4), at="0305")
    b.unit("E", "Allied", at="0404")  # its ZOC covers 0305, 0405 and 0505
    st = b.state()
    assert movement.why_illegal(st, "G", "0405") == \
        "G cannot enter 0405: enemy ZOC, may not move from one enemy ZOC to another (10.2F)"


def test_10_2B_a_hex_one_step_too_far_is_refused_for_movement_points():
    b = corridor()
    b.unit("G", "German", "infantry", (4, 4, 2), at="0205")  # MA 2: 0305 and 0405
    b.unit("E", "Allied", at="0706")  # its ZOC covers 0605 and 0705, beyond the unit's reach
    st = b.state()
    assert set(movement.legal_destinations(st, "G")) == {"0305", "0405"}
    assert movement.why_illegal(st, "G", "0505") == "G cannot reach 0505: not enough movement points (10.2B)"
    # the ZOCs of hexes the unit never reaches are not its reason (10.2F would need it in 0605)
    assert movement.why_illegal(st, "G", "0705") == "G cannot reach 0705: not enough movement points (10.2B)"


def test_10_2E_a_prohibited_river_crossing_is_a_more_telling_reason_than_the_12_1A_stop():
    b = corridor("0404")
    b.river("0404", "0505", "major")  # unbridged: armor may not cross (10.2E)
    b.unit("Pz", "German", "armor", (6, 5, 8), (3, 3, 8), at="0305")
    b.unit("E", "Allied", at="0406")  # its ZOC covers 0405, not 0305, 0404 or 0505
    st = b.state()
    dests = movement.legal_destinations(st, "Pz")
    assert "0404" in dests and "0405" in dests and "0505" not in dests
    assert movement.why_illegal(st, "Pz", "0505") == \
        "Pz cannot cross into 0505: river hexside prohibited without a bridge (10.2E)"


def test_10_9B_the_reason_names_the_river_a_restricted_unit_may_not_cross():
    b = corridor()
    b.river("0405", "0505", "major", bridge=True, name="Meuse")
    b.unit("Br1", "Allied", "infantry", (4, 4, 5), nationality="British", division="43", arrival="23DecAM",
           at="0305")
    b.unit("g/1", "German", at="0705")  # within three hexes of the west bank: activated (10.9.1A), not released
    st = b.state(turn="24DecAM", side="Allied", phase=Phase.MOVEMENT)
    assert "0405" in movement.legal_destinations(st, "Br1")
    assert movement.why_illegal(st, "Br1", "0505") == \
        "Br1 cannot cross the Meuse into 0505: restricted unit not released (10.9B)"


def test_11_4_a_us_unit_may_reach_a_british_hex_but_not_end_there():
    b = ScenarioBuilder()
    b.unit("US1", "Allied", at="0505")
    b.unit("Br1", "Allied", nationality="British", at="0705")
    st = b.state(side="Allied", phase=Phase.MOVEMENT)
    assert "0605" in movement.legal_destinations(st, "US1")
    msg = movement.why_illegal(st, "US1", "0705")
    assert msg is not None and msg.endswith("(11.4)") and "0705" in msg


def test_18_3B_one_hex_on_16_december_holds_in_a_game_with_the_withdrawal_variant_in_use():
    """26.13 in use but no withdrawal declared: its direction check has nothing to say and must
    not clear the 18.3B refusal of a second hex."""
    b = ScenarioBuilder()
    b.unit("A", "Allied", at="0505")
    b.unit("G", "German", at="0909")
    st = b.state(turn="16DecAM", side="Allied", phase=Phase.MOVEMENT)
    st.variants = frozenset({"26.13"})
    st.was_attacked = {"A"}  # 18.2: activated
    assert set(movement.legal_destinations(st, "A")) == {"0404", "0405", "0504", "0506", "0604", "0605"}
    execute(st, cm.Move(units=("A",), path=("0505", "0605")))
    assert movement.legal_destinations(st, "A") == {}
    assert movement.why_illegal(st, "A", "0705") == "A may move only 1 hex on 16 December (18.3B)"


def test_18_3B_a_one_hex_destination_costs_what_the_general_search_says():
    """16 December: the one-hex destinations carry the cost in ticks that the movement search
    gives the same step (legal_destinations: 1 MP = TICKS), also for a stack of two classes."""
    from darkdec_qt.rules.core.tables import TICKS

    b = ScenarioBuilder()
    b.terrain("0605", "woods")
    b.unit("I", "Allied", "infantry", (3, 4, 7), at="0505")
    b.unit("T", "Allied", "armor", (4, 4, 8), (2, 2, 8), at="0505")
    b.unit("G", "German", at="0909")
    st = b.state(turn="16DecAM", side="Allied", phase=Phase.MOVEMENT)
    st.was_attacked = {"I", "T"}  # 18.2: activated
    alone = movement.legal_destinations(st, "I")
    assert alone["0605"] == (3 * TICKS, ("0505", "0605"))  # woods: 3 MP
    assert alone["0504"] == (TICKS, ("0505", "0504"))  # clear: 1 MP
    stack = movement.legal_destinations(st, ("I", "T"))
    searched = movement.search(movement.make_context(st, ("I", "T")))
    assert set(stack) == set(alone)
    for h, (cost, path) in stack.items():
        assert path == ("0505", h) and cost == searched[h][0]
    assert stack["0605"][0] == 3 * TICKS and stack["0504"][0] == TICKS  # 10.2E: woods 3 MP for both classes


def _fields(st, unit: str, path: tuple[str, ...]) -> tuple[str, str, str | None, str | None]:
    e = refusal(st, cm.Move(units=(unit,), path=path))
    return str(e), e.rule, e.unit, e.hex


def test_10_2_and_12_1A_and_10_9B_a_refused_path_names_the_unit_the_hex_refused_and_the_clause():
    # given a clear corridor in fortification, a German unit at 0705 whose ZOC covers 0605, a British
    # unit activated but not released (10.9.1A) west of the Meuse
    b = corridor()
    b.river("0405", "0505", "major", bridge=True, name="Meuse")
    b.unit("A", "Allied", "infantry", (3, 4, 2), at="0205")
    b.unit("Br1", "Allied", "infantry", (4, 4, 5), nationality="British", division="43", arrival="23DecAM",
           at="0305")
    b.unit("g/1", "German", at="0705")
    st = b.state(turn="24DecAM", side="Allied", phase=Phase.MOVEMENT)
    # 10.2C: hex by adjacent hex
    assert _fields(st, "A", ("0205", "0405")) == (
        "A cannot move from 0205 to 0405: not adjacent (10.2C)", "10.2C", "A", "0405")
    # 10.2B: the hex the MA runs out in, and the MPs the path needs (the bridge adds 2, 10.5.3)
    assert _fields(st, "A", ("0205", "0305", "0405", "0505")) == (
        "A cannot enter 0505: not enough movement points (5 MP needed) (10.2B)", "10.2B", "A", "0505")
    # 10.9B: the river named
    assert _fields(st, "Br1", ("0305", "0405", "0505")) == (
        "Br1 cannot cross the Meuse into 0505: restricted unit not released (10.9B)", "10.9B", "Br1", "0505")
    # 12.1A: the hex beyond the enemy ZOC entered
    st.pos["A"] = "0505"
    assert _fields(st, "A", ("0505", "0605", "0705")) == (
        "A cannot continue to 0705: units must stop on entering an enemy ZOC (12.1A)", "12.1A", "A", "0705")


def test_10_and_11_and_12_and_14_and_16_and_19_a_unit_that_may_not_move_at_all_is_refused_naming_it_and_the_clause():
    b = corridor("0204", "0304")
    for u, at in (("A", "0205"), ("A2", "0205"), ("B", "0305"), ("S", "0505"), ("S2", "0505")):
        b.unit(u, "Allied", at=at)
    b.unit("g/1", "German", at="0705")
    b.unit("off", "Allied")  # never placed
    st = b.state(side="Allied", phase=Phase.MOVEMENT, optional=("14",))

    def refused(units: tuple[str, ...], state=st) -> tuple[str, str, str | None, str | None]:
        e = refusal(state, cm.Move(units=units, path=(state.pos.get(units[0], "0205"), "0204")))
        return str(e), e.rule, e.unit, e.hex

    assert refused(("off",)) == ("off is not on the map (10.0A)", "10.0A", "off", None)
    assert refused(("A", "B")) == ("A a stack must start in one hex (11.1A)", "11.1A", "A", None)
    assert refused(("A", "A")) == ("A unit listed twice", "", "A", None)
    assert refused(("A", "g/1"))[1] == "11.1A"
    st.pos["g/1"] = "0205"  # not a position the rules allow: the side check still holds
    assert refused(("A", "g/1")) == ("g/1 cannot stack with enemy units (10.2D)", "10.2D", "g/1", None)
    st.pos["g/1"] = "0705"
    st.reserve.add("A2")
    assert refused(("A", "A2")) == (
        "A2 is in reserve: it moves only in Reaction or Exploitation (7.1.3.1B)", "7.1.3.1B", "A2", None)
    st.reserve.clear()
    st.stopped.add("A2")
    assert refused(("A", "A2")) == ("A2 has entered an enemy ZOC and must stop (12.1A)", "12.1A", "A2", None)
    st.stopped.clear()
    st.paradropped["A2"] = st.turn
    assert refused(("A", "A2")) == ("A2 may not move on the turn it is dropped (19.2C)", "19.2C", "A2", None)
    st.paradropped.clear()
    st.bridges_started[("0205", "0305")] = "A2"
    assert refused(("A", "A2")) == ("A2 spent its entire MA building a bridge (16.2.2A)", "16.2.2A", "A2", None)
    st.bridges_started.clear()
    st.strategic.add("S2")
    assert refused(("S", "S2")) == (
        "S2 units in strategic movement move alone (one marked unit per hex) (11.3B)", "11.3B", "S2", None)
    st.pos["S2"] = "0605"  # in the German ZOC
    assert refused(("S2",)) == (
        "S2 in 0605 begins in an enemy ZOC in strategic movement and must leave it first (10.4.8A)",
        "10.4.8A", "S2", "0605")
    st.phase = Phase.COMBAT
    assert refused(("A", "A2")) == ("A cannot move in the combat phase (10.2G)", "10.2G", "A", None)
    st.phase, st.side = Phase.MOVEMENT, "German"
    assert refused(("A", "A2")) == (
        "A cannot move: it is not the Allied side's phase (10.2G)", "10.2G", "A", None)
    react = b.state(side="German", phase=Phase.REACTION, optional=("14",))
    assert refused(("A", "A2"), react) == (
        "A only reserves move in the reaction phase (14.4A)", "14.4A", "A", None)
    react.reserve |= {"S", "S2"}
    react.strategic.add("S2")
    assert refused(("S", "S2"), react) == (
        "S2 reserves may not react in strategic movement (14.4D)", "14.4D", "S2", None)
    exploit = b.state(side="Allied", phase=Phase.EXPLOITATION, optional=("14",))
    assert refused(("A", "A2"), exploit) == (
        "A only reserves move in the exploitation phase (14.2A)", "14.2A", "A", None)

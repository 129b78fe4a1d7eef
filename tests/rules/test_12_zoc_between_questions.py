"""12.0A and optional 12.3A: a side's ZOC follows the game between two questions.

``zoc_hexes`` keeps recent answers; these tests change the state between two questions on the
same module and require the second answer to be the rulebook's for the new state."""

from darkdec_qt import hexgrid
from darkdec_qt.rules.core.zoc import zoc_hexes
from tests.rules.builder import ScenarioBuilder


def _armor_and_infantry():
    b = ScenarioBuilder()
    b.river("0505", "0605", "minor")  # unbridged
    b.unit("Pz", "German", "armor", (6, 5, 8), (3, 3, 8), at="0505")
    b.unit("Inf", "German", "infantry", (4, 4, 4), (2, 2, 4), at="0808")
    return b.state(optional=("12.3",))


def test_12_0A_under_12_3_the_zoc_follows_a_non_armored_unit_that_moved():
    st = _armor_and_infantry()
    before = zoc_hexes(st, "German")
    assert set(hexgrid.neighbours("0808")) <= before
    st.pos["Inf"] = "0202"
    after = zoc_hexes(st, "German")
    assert set(hexgrid.neighbours("0202")) <= after  # 12.0A: the six hexes adjacent to it now
    assert not (set(hexgrid.neighbours("0808")) - set(hexgrid.neighbours("0505"))) & after


def test_12_0A_under_12_3_the_zoc_follows_an_armored_unit_that_moved():
    st = _armor_and_infantry()
    assert "0605" not in zoc_hexes(st, "German")  # 12.3A: across an unbridged river
    st.pos["Pz"] = "0303"
    after = zoc_hexes(st, "German")
    assert set(hexgrid.neighbours("0303")) <= after
    assert "0504" not in after and "0605" not in after


def test_12_3A_a_bridge_built_between_two_questions_carries_the_armored_zoc_across_the_river():
    st = _armor_and_infantry()
    assert "0605" not in zoc_hexes(st, "German")
    st.built.add(hexgrid.hexside_key("0505", "0605"))  # 16.2: a bridge built by engineers
    assert "0605" in zoc_hexes(st, "German")  # no longer an unbridged river hexside


def test_12_0B_the_supply_question_and_the_movement_question_differ_at_a_river_in_either_order():
    b = ScenarioBuilder()
    b.river("0505", "0605", "minor")
    b.unit("G", "German", "infantry", (4, 4, 4), (2, 2, 4), at="0505")
    st = b.state()
    assert "0605" in zoc_hexes(st, "German")  # 12.0B: across rivers ...
    assert "0605" not in zoc_hexes(st, "German", for_supply=True)  # ... except for tracing supply
    assert "0605" in zoc_hexes(st, "German")


def test_12_0A_a_changed_answer_does_not_change_the_next_one():
    """The answer is a new set the caller may change; the next question still sees the six
    hexes adjacent to the unit."""
    b = ScenarioBuilder()
    b.unit("G", "German", "infantry", (4, 4, 4), (2, 2, 4), at="0505")
    st = b.state()
    z = zoc_hexes(st, "German")
    z.clear()
    assert zoc_hexes(st, "German") == set(hexgrid.neighbours("0505"))

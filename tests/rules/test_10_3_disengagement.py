"""Optional 10.3 Disengagement: one extra MP to leave an enemy ZOC."""

import pytest

from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.tables import TICKS
from darkdec_qt.rules.engine import check
from tests.rules.builder import ScenarioBuilder


def contact(kind="infantry", optional=("10.3",), hex_terrain=None, westwall=False, river=False, same_bank=False):
    b = ScenarioBuilder()
    if same_bank:
        b.unit("A2", "Allied", at="0504")
    if hex_terrain:
        b.terrain("0505", hex_terrain)
    if westwall:
        b.westwall("0505")
    if river:
        b.river("0505", "0605", "major", name="Our")
        b.tec["river_major"] = ({"motorized": None, "infantry": 3}, 4)
    b.unit("G", "German", kind, (4, 4, 6), (2, 2, 6), at="0505")
    b.unit("A", "Allied", at="0605")  # adjacent: 0505 is in its ZOC
    return b.state(side="German", optional=optional)


def cost(st, unit="G", path=("0505", "0404")):
    return check(st, cm.Move(units=(unit,), path=path))[-1].mp


def test_10_3A_leaving_an_enemy_zoc_costs_one_more_mp():
    assert cost(contact()) == 2 * TICKS
    assert cost(contact(optional=())) == 1 * TICKS  # optional rule


def test_10_3A_only_for_the_first_hex_of_the_move():
    st = contact()
    assert cost(st, path=("0505", "0404", "0304")) == 3 * TICKS


def test_10_3A_armored_types_are_exempt():
    for kind in ("armor", "armored_cavalry", "armored_infantry"):
        assert cost(contact(kind)) == 1 * TICKS, kind


def test_10_3A_not_from_a_hex_with_defense_level_four_or_more():
    assert cost(contact(westwall=True)) == 1 * TICKS  # Westwall: level 4
    assert cost(contact(hex_terrain="dense_forest")) == 2 * TICKS  # level 3 (builder TEC)
    st = contact()
    st.fortifications.add("0505")  # 10.3B: fortifications count (level 4)
    assert cost(st) == 1 * TICKS


def test_10_3B_river_counts_only_when_every_adjacent_enemy_is_across_it():
    assert cost(contact(river=True)) == 1 * TICKS  # the only enemy is across a level-4 river
    st = contact(river=True, same_bank=True)
    assert cost(st, path=("0505", "0405")) == 2 * TICKS  # an enemy on the same bank


def test_10_3C_still_never_from_one_enemy_zoc_to_another():
    st = contact()
    with pytest.raises(IllegalAction) as e:
        check(st, cm.Move(units=("G",), path=("0505", "0604")))  # 0604 is next to A at 0605
    assert e.value.rule == "10.2F"

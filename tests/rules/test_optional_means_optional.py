"""Optional means optional: with an optional rule off none of its effects
remain; with it on, they do. One test per optional rule here, or named where it already is:
8.6 (test_08_6_surrender: pocket(optional=())), 10.3 (test_10_3_disengagement), 10.8
(test_10_8_withdrawals), 12.3/12.4 (test_12_zoc_optional, test_queries_agree_with_check),
13.5.1E (test_15_commanders), 24 (test_24_weather), 25 (below)."""

from __future__ import annotations

import pytest

from darkdec_qt.rules import engine
from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.engine import check
from darkdec_qt.rules.scenarios.setup import initial_state
from tests.rules.builder import ScenarioBuilder
from tests.rules.conftest_real import real_module


def _leaders(st):
    units = st.module.units
    return [u for u in (*st.pos, *st.pending, *st.to_place) if units[u].is_leader]


@pytest.mark.parametrize(("scenario", "setup"), [("campaign", "free"), ("campaign", "historical"),
                                                ("turning_point", "auto")])
def test_5_4_clarification_with_rule_15_off_no_leader_counter_is_in_play(scenario, setup):
    """5.4 (clarification): leader units are used only when the players agree, i.e. with
    optional rule 15; off, no leader is on the map, waiting to be placed or to arrive."""
    from darkdec_qt.rules import commanders

    leaders = {u for u, s in real_module().units.items() if s.is_leader}
    off = initial_state(real_module(), scenario, "1", optional=(), setup=setup)
    assert _leaders(off) == [] and leaders <= off.out_of_play and not leaders & off.reserve
    assert commanders.leaders_on_map(off, "German") == [] == commanders.leaders_on_map(off, "Allied")
    on = initial_state(real_module(), scenario, "1", optional=("15",), setup=setup)
    assert _leaders(on) and not leaders & on.out_of_play


def test_5_4_with_rule_15_off_leaders_never_enter_later():
    from darkdec_qt.game.selfplay import selfplay

    g = selfplay(real_module(), "herbstnebel", 4, turns=2, optional=())
    assert not [u for u in g.state.pos if g.state.module.units[u].is_leader]


def test_5_4_with_rule_15_off_no_leader_gives_its_effects():
    """5.4: without rule 15 nothing a commander does remains: Manteuffel's extra integrity bonus
    (13.8.4.1), the all out assault he would allow (13.2B), 13.5.1E (which needs a commander)."""
    from darkdec_qt.rules.combat import assault, integrity
    from darkdec_qt.rules.core.options import check_choices
    from tests.rules.combat_builder import CombatBuilder

    def state(optional):
        b = CombatBuilder().unit("Manteuffel", "German", "0404", a=0, d=0, m=5, type="leader", aopt=3)
        b.german("x", "0505", division="D1").german("z", "0604", division="D2").allied("y", "0605")
        b.optional |= set(optional)
        b.turn = 10  # PM 20 December: the German tactical advantage (18.1)
        return b.build()

    on, off = state(("15",)), state(())
    assert integrity.max_attack_bonuses(on, ("x", "z"))[0] == 2
    assert integrity.max_attack_bonuses(off, ("x", "z"))[0] == 1
    assert assault.eligible_leaders(on, ("x", "z")) == ["Manteuffel"]
    assert assault.eligible_leaders(off, ("x", "z")) == []
    with pytest.raises(IllegalAction) as e:
        check_choices({"13.5.1E"}, set())
    assert e.value.rule == "13.5.1E"
    check_choices({"13.5.1E", "15"}, set())


def dietrich(optional):
    b = ScenarioBuilder()
    b.unit("1/1SS", "German", "armor", (6, 5, 8), (3, 3, 8), nationality="SS", at="0505")
    b.unit("a/1", "Allied", at="0909")
    return b.state(turn="16DecAM", side="German", phase=Phase.MOVEMENT, optional=optional)


def test_15_9A_on_ss_units_do_not_move_on_16_december_off_they_do():
    with pytest.raises(IllegalAction) as e:
        check(dietrich(("15.9",)), cm.Move(units=("1/1SS",), path=("0505", "0504")))
    assert e.value.rule == "15.9A"
    from darkdec_qt.rules.movement import move as movement

    assert movement.legal_destinations(dietrich(("15.9",)), "1/1SS") == {}
    check(dietrich(()), cm.Move(units=("1/1SS",), path=("0505", "0504")))
    late = dietrich(("15.9",))
    late.turn = late.module.turn_index["17DecAM"].number
    check(late, cm.Move(units=("1/1SS",), path=("0505", "0504")))


def reserve_state(optional):
    b = ScenarioBuilder()
    b.unit("1/A", "Allied", at="0303")
    b.unit("g/1", "German", at="0909")
    return b.state(turn="20DecAM", side="Allied", phase=Phase.MOVEMENT, optional=optional)


def test_14_off_no_reserve_may_be_formed_nor_is_one_offered():
    with pytest.raises(IllegalAction) as e:
        check(reserve_state(()), cm.EnterReserve("1/A"))
    assert e.value.rule == "14.1A"
    assert not [c for c in engine.legal_commands(reserve_state(())) if isinstance(c, cm.EnterReserve)]
    check(reserve_state(("14",)), cm.EnterReserve("1/A"))


def test_14_6_historical_reserve_markers_only_with_the_option():
    on = initial_state(real_module(), "campaign", "1", optional=("14", "14.6"), setup="historical")
    off = initial_state(real_module(), "campaign", "1", optional=("14",), setup="historical")
    assert on.reserve and not off.reserve


def bridge(optional):
    b = ScenarioBuilder()
    b.river("0505", "0605", "minor", bridge=True, name="Ourthe")
    b.unit("Adj", "Allied", at="0505")
    b.unit("G", "German", at="1105")  # more than three hexes from the bridge
    return b.state(turn="20DecAM", side="Allied", phase=Phase.CONSTRUCTION, optional=optional)


def test_7_1_7A_on_an_adjacent_unit_needs_an_enemy_near_the_bridge_off_it_does_not():
    with pytest.raises(IllegalAction) as e:
        check(bridge(("7.1.7A",)), cm.BlowBridge("Adj", "0505", "0605"))
    assert e.value.rule == "7.1.7A"
    check(bridge(()), cm.BlowBridge("Adj", "0505", "0605"))  # 16.1B: adjacent units always may


def test_23_off_no_conditional_roll_and_no_selection(monkeypatch):
    from darkdec_qt.rules.core.dice import DiceCursor
    from darkdec_qt.rules.scenarios import variants as var
    from tests.rules.conftest_real import at, init

    st = at(init(), "26DecAM", side="Allied", phase=Phase.MOVEMENT)
    st.triggers["23B"] = st.turn - 1  # the 23.0B condition already noted ...
    monkeypatch.setattr(var, "conditional_condition", lambda state: True)  # ... and holding
    def rolls(optional):
        s = st.clone()
        s.optional = frozenset(optional)
        return [e for e in var.phase_hook(s, DiceCursor(s.seed, s.dice_count)) if "23.0" in repr(e)]

    assert rolls({"23"}) and rolls(()) == []  # on: the 23.0B dice are rolled; off: nothing
    st.optional = frozenset()
    assert not [c for c in engine.legal_commands(st) if isinstance(c, var.ChooseConditionalUnits)]


def test_25_off_nothing_is_hidden_on_enemy_stacks_show_their_top_unit():
    from darkdec_qt.rules import fog as fogofwar

    def hidden(optional):
        b = ScenarioBuilder()
        b.unit("g/1", "German", at="0505").unit("g/2", "German", at="0505").unit("a/1", "Allied", at="0909")
        st = b.state(turn="20DecAM", side="Allied", phase=Phase.MOVEMENT, optional=optional)
        return sum(n for _units, n in fogofwar.visible_units(st, "Allied").values())

    assert hidden(()) == 0 and hidden(("25",)) == 1


def test_25_0C_on_the_phasing_side_does_not_see_the_crt_off_both_do():
    """25.0C: with fog of war the phasing side may not view the CRT during its player turn (the
    non-phasing side holds the charts); without rule 25, or after the game, both may."""
    from darkdec_qt.rules import fog as fogofwar

    def state(optional, side="German"):
        b = ScenarioBuilder()
        b.unit("g/1", "German", at="0505").unit("a/1", "Allied", at="0909")
        return b.state(turn="20DecAM", side=side, phase=Phase.COMBAT, optional=optional)

    fog = state(("25",))
    assert fogofwar.crt_hidden(fog, "German") and not fogofwar.crt_hidden(fog, "Allied")
    allied_turn = state(("25",), side="Allied")
    assert fogofwar.crt_hidden(allied_turn, "Allied") and not fogofwar.crt_hidden(allied_turn, "German")
    clear = state(())
    assert not fogofwar.crt_hidden(clear, "German") and not fogofwar.crt_hidden(clear, "Allied")
    fog.game_over = True
    assert not fogofwar.crt_hidden(fog, "German")

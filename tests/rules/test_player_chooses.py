"""The player chooses: where the rulebook gives a player a choice, the
engine offers the command (``legal_commands``) and waits for it; it never picks in the
player's place (11.0C, 19.1, 10.6.3A, 10.7.2C, 8.7.1: see also test_19_paradrop,
test_10_6_reinforcements, test_10_7_exits, test_08_7_fuel; 15.5D, 23.0B offered)."""

from __future__ import annotations

import pytest

from darkdec_qt.rules import choices, engine
from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.engine import check, execute
from tests.rules.builder import ScenarioBuilder
from tests.rules.combat_builder import displaced_leader_tie


def overstacked(nats=("US", "US", "US", "US")):
    b = ScenarioBuilder(8, 8)
    for i, n in enumerate(nats):
        b.unit(f"a/{i}", "Allied", "infantry", (3 + i, 4 + i, 5), at="0404", nationality=n)
    b.unit("g/1", "German", at="0808")
    return b.state(turn="20DecAM", side="Allied", phase=Phase.MOVEMENT)


def test_11_0C_the_owner_selects_the_units_eliminated_for_overstacking():
    st = overstacked()
    with pytest.raises(IllegalAction) as e:
        check(st, cm.EndPhase())
    assert e.value.rule == "11.0C" and "11.0A" in str(e.value)
    offered = {c.unit for c in engine.legal_commands(st) if isinstance(c, choices.EliminateOverstacked)}
    assert offered == {"a/0", "a/1", "a/2", "a/3"}
    execute(st, choices.EliminateOverstacked("a/3"))  # the strongest: the old default kept it
    assert "a/3" in st.eliminated and "a/3" not in st.pos
    with pytest.raises(IllegalAction) as e:  # the hex now keeps the limits
        check(st, choices.EliminateOverstacked("a/0"))
    assert e.value.rule == "11.0C"
    execute(st, cm.EndPhase())
    assert {"a/0", "a/1", "a/2"} <= set(st.pos)


def test_11_0C_moving_a_unit_out_instead_also_settles_it():
    st = overstacked()
    execute(st, cm.Move(units=("a/0",), path=("0404", "0405")))
    execute(st, cm.EndPhase())
    assert not st.eliminated


def test_11_4_british_with_us_is_the_owners_choice_too_and_cites_11_4():
    st = overstacked(("British", "US"))
    with pytest.raises(IllegalAction) as e:
        check(st, cm.EndPhase())
    assert e.value.rule == "11.0C" and "11.4" in str(e.value)
    execute(st, choices.EliminateOverstacked("a/0"))
    execute(st, cm.EndPhase())
    assert st.pos.get("a/1") == "0404" and "a/0" in st.eliminated


def test_11_0C_only_in_the_owners_movement_phase():
    st = overstacked()
    st.phase = Phase.COMBAT
    with pytest.raises(IllegalAction) as e:
        check(st, choices.EliminateOverstacked("a/0"))
    assert e.value.rule == "11.0C"


def test_15_5D_legal_commands_offer_the_other_equidistant_hexes():
    s = displaced_leader_tie()
    offered = [c for c in engine.legal_commands(s) if isinstance(c, cm.RelocateDisplacedLeader)]
    assert {c.hex for c in offered} == {"0405", "0702"} and s.pos["Hodges"] == "0402"
    execute(s, offered[1])
    assert s.pos["Hodges"] == "0702"
    assert not [c for c in engine.legal_commands(s) if isinstance(c, cm.RelocateDisplacedLeader)]


def test_23_0B_legal_commands_offer_other_selections_of_conditional_units():
    from darkdec_qt.rules.scenarios import variants as var
    from tests.rules.test_23_0B_choose_conditional_units import _rolled

    st = _rolled()
    default = tuple(sorted(var.committed_this_turn(st, "Allied")))
    with pytest.raises(IllegalAction) as e:  # the selection is owed before the phase ends
        check(st, cm.EndPhase())
    assert e.value.rule == "23.0B"
    offered = [c for c in engine.legal_commands(st) if isinstance(c, var.ChooseConditionalUnits)]
    assert len(offered) > 1 and all(len(c.units) == 3 for c in offered)
    assert any(c.units == default for c in offered)  # confirming the proposal
    other = next(c for c in offered if c.units != default)
    execute(st, other)
    assert sorted(var.committed_this_turn(st, "Allied")) == sorted(other.units)
    try:
        check(st, cm.EndPhase())
    except IllegalAction as exc:
        assert exc.rule != "23.0B"  # other choices (a 10.6.3A entry) may still be owed


def test_15_5D_the_ai_self_play_and_the_match_loop_hand_the_choice_to_the_owner():
    """The decider (combat.deciding_side via ai.base.decider and the file exchange's) is the
    leader's owner; the AI and the random player make the choice; self-play goes on."""
    from darkdec_qt.ai.base import RandomPlayer, decider
    from darkdec_qt.ai.players import AIPlayer
    from darkdec_qt.game.exchange.protocol import decider as exchange_decider
    from darkdec_qt.game.session import Game

    s = displaced_leader_tie()
    assert decider(s) == "Allied" == exchange_decider(s)
    for player in (AIPlayer("easy", 1, narrate=False), RandomPlayer(1)):
        game = Game(s.module, "test", "1", initial=s.clone(), start=False)
        cmd = player.choose(game)
        assert isinstance(cmd, cm.RelocateDisplacedLeader) and cmd.hex in ("0405", "0702")
        game.execute(cmd)
        assert decider(game.state) == "German" and not game.state.displaced


def test_legal_commands_before_the_start_offer_only_what_check_accepts():
    """The queries agree with check: before the game starts the one command offered is
    StartGame, and check accepts it (7.0: no phase to end, no unit to move yet)."""
    from tests.rules.conftest_real import init

    st = init(scenario="herbstnebel")
    assert not st.started
    cmds = list(engine.legal_commands(st))
    assert cmds == [cm.StartGame()]
    check(st, cmds[0])

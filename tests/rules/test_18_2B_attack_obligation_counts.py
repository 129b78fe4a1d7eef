"""18.2B shown while it can still be met (rules.attack_obligation): the counts the client
shows agree with the engine's own refusal to end the Combat Phase."""

from __future__ import annotations

from darkdec_qt.game.session import Game
from darkdec_qt.model.load import DEFAULT_MODULE, load_module
from darkdec_qt.rules.combat.battle import attacks_owed_on_16_december
from darkdec_qt.rules.combat.legal import declarable_battles, pending_commands
from darkdec_qt.rules.core.commands import EndPhase
from darkdec_qt.rules.opening import attack_obligation as ao


def test_18_2B_counts_agree_with_the_refusal_to_end_the_combat_phase():
    g = Game(load_module(DEFAULT_MODULE), "herbstnebel", "1")
    while g.state.phase.value != "combat":  # shown from the start of the German player turn
        ob = ao.first_turn_obligation(g.state)
        assert ob is not None and (ob.required, ob.made) == (5, 0)
        g.execute(EndPhase())
    made = 0
    for _ in range(6):
        s = g.state
        ob = ao.first_turn_obligation(s)
        assert ob.made == made and ob.enforced == attacks_owed_on_16_december(s)
        battles = declarable_battles(s)
        if not battles:
            assert not ob.possible or ob.enforced == attacks_owed_on_16_december(s)
            break
        assert ob.possible
        g.execute(battles[0])
        made += 1
        while g.state.battle is not None:
            g.execute(pending_commands(g.state)[0])


def test_18_2B_not_shown_after_the_first_german_combat_phase():
    g = Game(load_module(DEFAULT_MODULE), "final_fury", "1")
    assert ao.first_turn_obligation(g.state) is None

"""Self-play quality (not a rule): random playouts of Herbstnebel fight battles, draw only
legal commands (strict mode) and are deterministic per seed."""

from darkdec_qt.game.selfplay import _order, selfplay
from darkdec_qt.rules import engine
from darkdec_qt.rules.core import commands as cm
from tests.rules.conftest_real import real_module


def test_selfplay_given_herbstnebel_then_battles_are_fought_with_legal_commands_only():
    g = selfplay(real_module(), "herbstnebel", 3, strict=True)  # the whole scenario (6 turns)
    assert g.state.battles >= 20  # about 9 per playout before self-play favoured contact


def test_selfplay_is_deterministic_per_seed():
    a = selfplay(real_module(), "herbstnebel", 5, 1)
    b = selfplay(real_module(), "herbstnebel", 5, 1)
    assert a.state.state_hash() == b.state.state_hash()


def test_selfplay_order_keeps_every_candidate_and_prefers_battles():
    import random

    from darkdec_qt.rules.combat import commands as cc

    g = selfplay(real_module(), "herbstnebel", 1, 0)
    cands = [cm.EndPhase(), cc.DeclareBattle(attackers=("x",), defenders=("y",))] + \
        [cm.EnterStrategic(unit=f"u{i}") for i in range(20)]
    firsts = 0
    for seed in range(50):
        order = _order(g.state, cands, random.Random(seed), 0.15)
        assert sorted(map(repr, order)) == sorted(map(repr, cands))
        firsts += order[0].kind == "declare_battle"
    assert firsts >= 25


def test_legal_commands_with_rng_offer_a_move_toward_the_enemy():
    import random

    g = selfplay(real_module(), "herbstnebel", 2, 0)
    st = g.state
    while st.phase.value != "movement" or st.side != "German":
        g.execute(cm.EndPhase())
    near = engine.enemy_distance(st, "Allied")
    moves = [c for c in engine.legal_commands(st, rng=random.Random(1)) if isinstance(c, cm.Move)]
    assert any(near[c.path[-1]] < near[c.path[0]] for c in moves)

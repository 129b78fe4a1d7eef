"""13.0-13.9: combat clauses the other combat tests do not name, each through the engine's
combat commands on small maps (real CRT and TEC)."""

import pytest

from darkdec_qt import hexgrid
from darkdec_qt.rules.combat import commands as cc
from darkdec_qt.rules.combat.advance import legal_advances
from darkdec_qt.rules.combat.integrity import attack_divisions
from darkdec_qt.rules.combat.retreat import legal_retreats
from darkdec_qt.rules.core.errors import IllegalAction
from tests.rules.combat_builder import CombatBuilder
from tests.rules.combat_helpers import pending, run


def _declare(s, attackers, defenders, **kw):
    return run(s, cc.DeclareBattle(attackers=attackers, defenders=defenders, **kw))


def test_13_0C_the_phasing_side_attacks_and_the_other_side_declares_as_defender():
    s = CombatBuilder().german("g", "0505").allied("a", "0605").build()
    _declare(s, ("g",), ("a",))
    assert s.battle.attacker_side == "German"
    assert s.battle.task[:2] == ("declare", "Allied")  # 13.3.3A: the defender declares after the attacker
    with pytest.raises(IllegalAction):
        run(s, cc.ResolveBattle())  # not before the defender has declared


def test_13_0D_and_7_1_5E_and_7_1_5_1A_F_battles_one_at_a_time_in_the_attackers_order():
    b = CombatBuilder().german("g1", "0505").german("g2", "0909").allied("a1", "0605").allied("a2", "1009")
    s = b.build()
    _declare(s, ("g2",), ("a2",))  # the attacker starts with the second front
    with pytest.raises(IllegalAction):
        _declare(s, ("g1",), ("a1",))  # the first battle is not finished
    run(s, cc.DefenderDeclares())
    run(s, cc.ResolveBattle())
    while s.battle is not None:  # finish the battle with the first legal choice at each step
        from darkdec_qt.rules.combat import legal as combat_legal

        run(s, next(iter(combat_legal.pending_commands(s))))
    _declare(s, ("g1",), ("a1",))
    assert s.battle.attackers == ("g1",)


def test_13_1D_a_stacked_attacking_hex_may_split_between_battles():
    b = CombatBuilder().german("g1", "0505").german("g2", "0505")
    n = [h for h in hexgrid.neighbours("0505") if h != "0605"]
    b.allied("a1", "0605").allied("a2", n[0])
    s = b.build()
    _declare(s, ("g1",), ("a1",))
    assert s.battle.attackers == ("g1",)


def test_13_2_3B_declining_the_all_out_assault_costs_nothing():
    s = CombatBuilder().allied("x", "0505", a=8).german("g", "0605").build()
    s.side = "Allied"
    pending(s, ("x",), ("g",), "-", (("assault", "Allied", "", 0),))
    s.battle = s.battle.with_(aoa_leader="L")
    events = run(s, cc.DeclineAssault())
    assert "x" not in s.reduced and "x" in s.pos
    assert not [e for e in events if e.kind in ("step_lost", "unit_eliminated")]


def test_13_2_2A_the_assault_is_decided_before_any_other_battle():
    s = CombatBuilder().allied("x", "0505", a=8).allied("y", "0909").german("g", "0605").german("h", "1009").build()
    s.side = "Allied"
    pending(s, ("x",), ("g",), "-", (("assault", "Allied", "", 0),))
    with pytest.raises(IllegalAction):
        _declare(s, ("y",), ("h",))


def test_13_3B_C_results_are_applied_hex_by_hex_against_each_hexs_own_level():
    def battle(seed: str):
        s = CombatBuilder().terrain("0604", "woods").german("g", "0505", a=8).allied("a1", "0605") \
            .allied("a2", "0604").build()
        s.seed = seed
        _declare(s, ("g",), ("a1", "a2"))
        run(s, cc.DefenderDeclares())
        run(s, cc.ResolveBattle())
        return s

    for i in range(300):
        s = battle(f"s{i}")
        if s.battle is not None and s.battle.result == "D1":
            break
    else:
        raise AssertionError("no D1 result")
    hexes = {t[2] for t in (s.battle.task, *s.battle.tasks) if t and t[0] == "result"}
    assert hexes == {"0605"}  # D1 equals the clear hex's level 1, not the woods hex's


def test_13_6_2E_every_unit_may_retreat_over_a_bridge_or_ford():
    for crossing in ("bridge", "ford", None):
        b = CombatBuilder().allied("tk", "0505", type="armor")
        for n in hexgrid.neighbours("0505"):
            b.river("0505", n, bridge=crossing == "bridge" and n == "0504", ford=crossing == "ford" and n == "0504")
        paths = legal_retreats(b.build(), "0505", ("tk",), 1)
        ok = [p.path[-1] for p in paths if not p.shortfall]
        assert ok == (["0504"] if crossing else []), crossing


def test_13_7_2B_advancing_is_optional_and_may_stop_short():
    s = CombatBuilder().german("pz", "0505", type="armor").allied("a", "0805").build()
    pending(s, ("pz",), ("a",), "D3", (("advance", "German", "0605", 2),), levels=(("0605", 1),))
    run(s, cc.DeclineAdvance())
    assert s.pos["pz"] == "0505" and s.battle is None
    s2 = CombatBuilder().german("pz", "0505", type="armor").allied("a", "0805").build()
    pending(s2, ("pz",), ("a",), "D3", (("advance", "German", "0605", 2),), levels=(("0605", 1),))
    run(s2, cc.ChooseAdvance(unit="pz", path=("0505", "0605")))  # one hex of three allowed
    assert s2.pos["pz"] == "0605"


def test_13_7_2A_the_advance_comes_before_any_other_battle():
    s = CombatBuilder().german("g", "0505").german("h", "0909").allied("a", "0805").allied("b", "1009").build()
    pending(s, ("g",), ("a",), "D1", (("advance", "German", "0605", 1),), levels=(("0605", 1),))
    with pytest.raises(IllegalAction):
        _declare(s, ("h",), ("b",))


def test_13_7_4C_motorized_units_cross_at_most_one_dense_forest_hex_off_road():
    b = CombatBuilder().german("pz", "0505", type="armor")
    b.terrain("0605", "dense_forest").terrain("0705", "dense_forest").terrain("0706", "dense_forest")
    b.terrain("0606", "dense_forest").terrain("0604", "dense_forest").terrain("0704", "dense_forest")
    s = b.build()
    forest = {h for h, x in s.module.hexes.items() if x.terrain == "dense_forest"}
    paths = legal_advances(s, "pz", "0605", 3)
    assert paths and all(len(forest & set(p[1:])) <= 1 for p in paths)
    assert any(n in forest for n in hexgrid.neighbours("0605") if n != "0505")
    s2 = CombatBuilder().german("pz", "0505", type="armor").terrain("0605", "dense_forest").build()
    assert any(len(p) == 3 for p in legal_advances(s2, "pz", "0605", 3))


def test_13_7_5_a_victorious_defender_advances_too():
    s = CombatBuilder().german("g", "0505").allied("a", "0605").build()
    pending(s, ("g",), ("a",), "A1", (("advance", "Allied", "0505", 1),), levels=(("0505", 0),))
    s.pos["g"] = "0405"  # the attacker retreated out of 0505
    run(s, cc.ChooseAdvance(unit="a", path=("0605", "0505")))
    assert s.pos["a"] == "0505"


def test_13_8_4B_units_without_a_parent_division_get_no_integrity():
    b = CombatBuilder().german("i1", "0505").german("i2", "0504").german("i3", "0604").allied("a", "0605")
    s = b.build()
    assert attack_divisions(s, ("i1", "i2", "i3"), ("a",)) == []
    b2 = CombatBuilder().german("i1", "0505", division="D").german("i2", "0504", division="D") \
        .german("i3", "0604", division="D").allied("a", "0605")
    assert attack_divisions(b2.build(), ("i1", "i2", "i3"), ("a",)) == ["D"]


def test_13_9_2B_a_defender_with_armor_superiority_chooses_its_losses_freely():
    s = CombatBuilder().terrain("0605", "woods").german("g", "0505", a=8) \
        .allied("tk", "0605", type="armor").allied("inf", "0605").build()
    pending(s, ("g",), ("tk", "inf"), "D3", (("result", "Allied", "0605", 0),), levels=(("0605", 2),))
    run(s, cc.ChooseDefenderResult(hex="0605", option="step1", losses=("inf",)))
    assert "inf" in s.reduced and "tk" not in s.reduced


def test_13_5_4C_after_the_bracketed_losses_the_rest_of_the_result_applies_normally():
    for i in range(400):
        s = CombatBuilder().german("g", "0505", a=40).german("g2", "0604", a=40) \
            .allied("a1", "0605", d=2).allied("a2", "0605", d=2).build()
        s.seed = f"s{i}"
        _declare(s, ("g", "g2"), ("a1", "a2"))
        run(s, cc.DefenderDeclares())
        run(s, cc.ResolveBattle())
        if s.battle is not None and s.battle.result == "D7[1]":
            break
    else:
        raise AssertionError("no D7[1] result")
    assert s.battle.task[:2] == ("mandatory", "Allied")
    run(s, cc.ChooseLosses(units=("a1",)))  # the bracketed step, no terrain comparison (13.5.4B)
    assert "a1" in s.reduced
    assert s.battle.task[0] == "result" and s.battle.task[2] == "0605"  # then D7 against the hex's level


def test_10_2H_retreats_and_advances_are_not_movement():
    s = CombatBuilder().german("g", "0505").allied("a", "0605").build()
    pending(s, ("g",), ("a",), "D1", (("retreat", "Allied", "0605", 1),), levels=(("0605", 1),))
    path = legal_retreats(s, "0605", ("a",), 1)[0].path
    run(s, cc.ChooseRetreat(units=("a",), path=tuple(path)))
    assert s.pos["a"] == path[-1]
    assert "a" not in s.moved and s.mp_spent.get("a", 0) == 0
    s2 = CombatBuilder().german("g", "0505").allied("a", "0805").build()
    pending(s2, ("g",), ("a",), "D1", (("advance", "German", "0605", 1),), levels=(("0605", 1),))
    run(s2, cc.ChooseAdvance(unit="g", path=("0505", "0605")))
    assert s2.pos["g"] == "0605" and "g" not in s2.moved and s2.mp_spent.get("g", 0) == 0


def test_13_6_5_and_14_3_the_combat_bookkeeping_runs_after_the_core_handler_and_knows_a_new_player_turn(
        monkeypatch):
    """combat.apply wraps the core handlers of phase_began and unit_moved once, at import: wrapping
    again on a scratch copy of the handler table shows what the wrapper does. The core handler runs
    first; the combat bookkeeping is told whether the phase begins a new player turn (14.3: shock
    combats and exploitation last the player turn; 13.6.5 and 13.5.5J only the phase)."""
    from darkdec_qt.rules.combat import apply as combat_apply
    from darkdec_qt.rules.core import apply as core_apply
    from darkdec_qt.rules.core import events as ev

    handlers = dict(core_apply._HANDLERS)
    monkeypatch.setattr(core_apply, "_HANDLERS", handlers)
    calls = []
    handlers["phase_began"] = lambda s, e: calls.append(("core", s.turn, e.side, e.turn))
    combat_apply._wrap("phase_began", lambda s, e, new: calls.append(("combat", s.side, e.kind, new)))
    s = CombatBuilder().build()
    for e, new in ((ev.PhaseBegan(turn=s.turn, side=s.side, phase="combat"), False),
                   (ev.PhaseBegan(turn=s.turn, side="Allied", phase="movement"), True),
                   (ev.PhaseBegan(turn=s.turn + 1, side=s.side, phase="movement"), True)):
        calls.clear()
        handlers["phase_began"](s, e)
        assert calls == [("core", s.turn, e.side, e.turn), ("combat", s.side, "phase_began", new)]
    handlers["unit_moved"] = lambda s, e: calls.append(("core", s.side, e.kind))
    combat_apply._wrap("unit_moved", lambda s, e, new: calls.append(("combat", s.side, e.unit, new)))
    calls.clear()
    handlers["unit_moved"](s, ev.UnitMoved(unit="x", path=("0505", "0605"), mp=30))
    assert calls == [("core", s.side, "unit_moved"), ("combat", s.side, "x", False)]  # only a phase begins a player turn


def test_14_2_a_unit_that_moves_in_the_exploitation_phase_is_marked_as_exploited_and_only_then():
    from darkdec_qt.rules.core import events as ev
    from darkdec_qt.rules.core.apply import apply
    from darkdec_qt.rules.core.phases import Phase

    s = CombatBuilder().german("g", "0505").german("h", "0506").build()
    s.phase = Phase.MOVEMENT
    apply(s, ev.UnitMoved(unit="h", path=("0506", "0507"), mp=30))
    s.phase = Phase.EXPLOITATION
    apply(s, ev.UnitMoved(unit="g", path=("0505", "0605"), mp=30))
    assert s.exploited == {"g"} and s.pos["g"] == "0605"

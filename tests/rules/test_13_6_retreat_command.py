"""The retreat command of the battle procedure (13.6): its refusals name the hex, the path and an
example of a legal one; its losses are logged under their clauses (13.6.1A, 13.6.1B, 13.6.3) and
the river die under 13.6.2C; a unit eliminated on the way does not retreat and does not stop the
others; a stack may retreat unit by unit, and the hex is vacated only when the last one is gone."""

from __future__ import annotations

import re

import pytest

from darkdec_qt.rules.combat import commands as cc
from darkdec_qt.rules.core.errors import IllegalAction
from tests.rules.combat_builder import CombatBuilder
from tests.rules.combat_helpers import pending, run, seed_with


def _refusal(s, cmd) -> IllegalAction:
    with pytest.raises(IllegalAction) as e:
        run(s, cmd)
    return e.value


def _ringed(*allied: tuple[str, bool]):
    """Allied units in 0605 whose five free neighbours are each in a German ZOC (g1 attacked
    from 0505); the Allies owe a one-hex retreat."""
    b = CombatBuilder().german("g1", "0505").german("g2", "0806").german("g3", "0704").german("g4", "0507")
    for uid, red in allied:
        b.allied(uid, "0605", is_reduced=red)
    s = b.build()
    pending(s, ("g1",), tuple(u for u, _ in allied), "D1", (("retreat", "Allied", "0605", 1),))
    return s


def test_13_6_an_illegal_path_is_refused_in_its_hex_naming_it_and_a_legal_one():
    s = _ringed(("a", False))
    e = _refusal(s, cc.ChooseRetreat(units=("a",), path=("0605", "0505"), losses=("a",)))  # into g1
    assert e.hex == "0605" and e.rule.startswith("13.6")
    assert re.fullmatch(r"retreat path 0605-0505 is not legal: .+; e\.g\. 0605-\d{4}", e.reason), e.reason


def test_13_6_1A_a_retreat_into_a_zoc_without_its_step_is_refused_in_its_hex():
    e = _refusal(_ringed(("a", False)), cc.ChooseRetreat(units=("a",), path=("0605", "0604")))
    assert (e.rule, e.hex, e.reason) == ("13.6.1A", "0605", "1 step loss(es) must be named, not 0")


def test_13_6_1A_the_step_of_a_retreat_is_logged_under_the_retreat_clauses():
    s = _ringed(("a", False))
    evs = run(s, cc.ChooseRetreat(units=("a",), path=("0605", "0604"), losses=("a",)))
    assert [(e.unit, e.reason) for e in evs if e.kind == "step_lost"] == [
        ("a", "retreat losses (13.6.1A, 13.6.1B, 13.6.3)")]
    assert [(e.unit, e.path) for e in evs if e.kind == "unit_retreated"] == [("a", ("0605", "0604"))]


def test_13_6_1A_a_unit_eliminated_by_the_retreat_step_does_not_stop_the_rest_of_the_stack():
    s = _ringed(("a", True), ("b", False))
    evs = run(s, cc.ChooseRetreat(units=("a", "b"), path=("0605", "0604"), losses=("a",)))
    assert "a" in s.eliminated and s.pos["b"] == "0604"
    assert [e.unit for e in evs if e.kind == "unit_retreated"] == ["b"]


def test_13_6_1B_a_unit_with_nowhere_to_go_loses_its_step_in_place_and_is_not_logged_as_retreating():
    s = CombatBuilder().allied("a", "0101").german("g1", "0201").german("g2", "0102").build()
    s.side = "German"
    pending(s, ("g1",), ("a",), "D1", (("retreat", "Allied", "0101", 1),))
    evs = run(s, cc.ChooseRetreat(units=("a",), path=("0101",), losses=("a",)))
    assert s.pos["a"] == "0101" and "a" in s.reduced and not [e for e in evs if e.kind == "unit_retreated"]


def _across_the_river(reduced: bool):
    b = CombatBuilder().german("g1", "0605").allied("a", "0505", is_reduced=reduced)
    for n in ("0504", "0604", "0506", "0405", "0404"):
        b.river("0505", n)
    s = b.build()
    s.seed = seed_with(1)
    pending(s, ("g1",), ("a",), "D1", (("retreat", "Allied", "0505", 1),))
    return s


def test_13_6_2C_the_river_die_is_named_for_the_unit_and_its_loss_logged_with_the_roll():
    from darkdec_qt.rules.combat.retreat import legal_retreats

    s = _across_the_river(reduced=False)
    path = legal_retreats(s, "0505", ("a",), 1)[0].path
    evs = run(s, cc.ChooseRetreat(units=("a",), path=path))
    assert [(e.purpose, e.value) for e in evs if e.kind == "die_rolled"] == [("river crossing a", 1)]
    assert [(e.unit, e.reason) for e in evs if e.kind == "step_lost"] == [
        ("a", "retreat across an unbridged river, rolled 1 (13.6.2C)")]
    assert s.pos["a"] == path[-1]


def test_13_6_2C_a_unit_eliminated_by_the_river_die_does_not_retreat():
    from darkdec_qt.rules.combat.retreat import legal_retreats

    s = _across_the_river(reduced=True)
    path = legal_retreats(s, "0505", ("a",), 1)[0].path
    evs = run(s, cc.ChooseRetreat(units=("a",), path=path))
    assert "a" in s.eliminated and "a" not in s.pos and not [e for e in evs if e.kind == "unit_retreated"]


@pytest.mark.parametrize("side", ["Allied", "German"])
def test_13_6_a_stack_retreats_unit_by_unit_and_its_hex_is_vacated_when_the_last_one_leaves(side):
    b = CombatBuilder()
    if side == "Allied":  # the defenders retreat from 0605
        b.german("g1", "0505").allied("a", "0605").allied("b", "0605")
        att, dfn, h, path = ("g1",), ("a", "b"), "0605", ("0605", "0705")
    else:  # the attackers retreat from 0505
        b.german("a", "0505").german("b", "0505").allied("d", "0605")
        att, dfn, h, path = ("a", "b"), ("d",), "0505", ("0505", "0405")
    s = b.build()
    s.side = "German"
    pending(s, att, dfn, "D1", (("retreat", side, h, 1),))
    run(s, cc.ChooseRetreat(units=("a",), path=path))
    assert s.battle.task == ("retreat", side, h, 1) and s.battle.vacated == ()
    assert s.battle.retreated == ("a",) and s.battle.hit == ("a",)
    run(s, cc.ChooseRetreat(units=("b",), path=path))
    assert s.pos["a"] == s.pos["b"] == path[-1]
    assert s.battle is None or s.battle.vacated == ((h, 1),)

"""File exchange: a battle plan carries each battle's advance after combat decided in advance (13.7),
as a PBEM player writes it on the order sheet; the receiver's program gives it in the chain, a
changed one is refused, and one the engine refuses when its turn comes goes back to the attacker
to choose by hand, never to the engine (docs/file-exchange.md, darkdec_qt/game/exchange/automatic.py)."""

from __future__ import annotations

import json

import pytest

from darkdec_qt.game.exchange import ExchangeGame
from darkdec_qt.game.exchange.automatic import Plan, left, next_step, plan_refusal, stamp
from darkdec_qt.game.exchange.decisions import decider
from darkdec_qt.rules.combat.commands import ChooseAdvance, DeclareBattle, DeclineAdvance
from darkdec_qt.rules.core.apply import apply
from darkdec_qt.rules.core.commands import EndPhase
from darkdec_qt.rules.core.events import Event
from darkdec_qt.rules.core.phases import Phase, other_side
from tests.exchange.helpers import Duel
from tests.exchange.helpers import refused_segment as _refused

EVERY = ("default_declaration", "no_reaction", "prefer_retreat")
_ADVANCE = ("choose_advance", "decline_advance")


@pytest.fixture(scope="module")
def advancing(tmp_path_factory):
    """Herbstnebel by files, every standing order, battle plans whose battles carry their advances."""
    duel = Duel(tmp_path_factory.mktemp("advances"), orders=EVERY, seed=2, plan=True, advances=True)
    while duel.step() is not None and duel.session("German").xg.game.state.turn <= 4:
        pass
    return duel


def _planned_advance(duel: Duel) -> tuple[int, int, dict]:
    """A segment in which the program gave a planned advance and then went on to the plan's next battle."""
    for k, s in enumerate(duel.session("German").xg.segments):
        body = json.loads(s.raw)
        kinds = [(b["by"], b["command"]["kind"]) for b in body["batches"]]
        for i, (by, kind) in enumerate(kinds):
            if by == "plan" and kind in _ADVANCE and ("plan", "declare_battle") in kinds[i + 1:]:
                return k, i, body
    raise AssertionError("no planned advance followed by the plan's next battle")


def test_a_planned_advance_is_given_by_the_opponents_program_without_a_file(advancing):
    k, i, body = _planned_advance(advancing)
    adv = body["batches"][i]
    assert adv["command"]["kind"] == "choose_advance" and adv["events"][0]["kind"] == "unit_advanced"
    attacker = next(e["attacker_side"] for b in body["batches"][:i] + json.loads(
        advancing.session("German").xg.segments[k - 1].raw)["batches"] for e in b["events"]
        if e["kind"] == "battle_declared")
    assert body["author"] == other_side(attacker)  # the defender's program gave the attacker's advance
    assert body["reveal"] is not None  # within the chain of one revealed secret


def test_a_changed_planned_advance_is_refused(advancing, module):
    k, i, body = _planned_advance(advancing)
    declined = json.loads(json.dumps(body))
    declined["batches"][i]["command"] = {"kind": "decline_advance"}  # the author keeps the hex empty
    declined["batches"][i]["events"] = []
    err = _refused(advancing, k, declined, module)
    assert f"segment {k}, command {i}" in str(err)
    assert "choose_advance (battle plan)" in str(err) or "next step of the" in str(err)
    moved = json.loads(json.dumps(body))
    moved["batches"][i]["by"] = "self"  # or gives it as the attacker's own choice
    err = _refused(advancing, k, moved, module)
    assert f"segment {k}, command {i}" in str(err)


def _at_planned_advance(duel: Duel, module):
    """The state just before the planned advance, its segment's author, and the advance."""
    k, i, body = _planned_advance(duel)
    st = ExchangeGame.from_segments(module, duel.session("German").xg.segments[:k]).game.state.clone()
    for b in body["batches"][:i]:
        for e in b["events"]:
            apply(st, Event.from_dict(e))
    return st, body["author"], ChooseAdvance.from_dict(body["batches"][i]["command"])


def test_an_illegal_planned_advance_goes_back_to_the_attacker(advancing, module):
    st, author, adv = _at_planned_advance(advancing, module)
    attacker = decider(st)
    assert attacker != author and st.battle.task[0] == "advance"
    nxt = DeclareBattle(attackers=("x",), defenders=("y",))
    plan = Plan(attacker, stamp(st), [adv, nxt, EndPhase()])
    step = next_step(st, author, {}, {attacker: plan}, None)
    assert step.by == "plan" and step.cmd == adv
    assert plan.entries == [DeclineAdvance(), nxt, EndPhase()]  # its group made: other advances declined
    # the same advance along a path it cannot take now (one hex too far): the plan ends, the attacker
    # chooses by hand: no automatic step, and nothing the engine picks
    far = ChooseAdvance(unit=adv.unit, path=(*adv.path, adv.path[0]))
    plan = Plan(attacker, stamp(st), [far, nxt, EndPhase()])
    assert next_step(st, author, {}, {attacker: plan}, None) is None
    assert plan.entries == [] and decider(st) == attacker
    # a group naming another hex only: the advance into this one is declined, as planned
    other = ChooseAdvance(unit=adv.unit, path=(adv.path[0], "0000"))
    plan = Plan(attacker, stamp(st), [other, nxt])
    step = next_step(st, author, {}, {attacker: plan}, None)
    assert step.cmd == DeclineAdvance() and plan.entries == [other, nxt]
    # no group: the attacker chooses by hand as before
    plan = Plan(attacker, stamp(st), [nxt])
    assert next_step(st, author, {}, {attacker: plan}, None) is None and plan.entries == [nxt]


def test_a_battle_over_without_an_advance_skips_its_group(advancing, module):
    st, author, adv = _at_planned_advance(advancing, module)
    st.battle = None
    plan = Plan(decider(st) or "German", stamp(st), [adv, EndPhase()])
    assert left(plan, st) == [EndPhase()]


def test_an_advance_in_a_plan_follows_its_battle_and_names_its_attackers(advancing):
    st = advancing.session("German").xg.game.state.clone()
    st.battle, st.side, st.phase = None, "German", Phase.COMBAT
    a = DeclareBattle(attackers=("x",), defenders=("y",))
    assert plan_refusal(st, "German", [ChooseAdvance(unit="x", path=("a", "b")), a]).rule == "13.7"
    assert plan_refusal(st, "German", [a, ChooseAdvance(unit="z", path=("a", "b"))]).rule == "13.7"
    assert plan_refusal(st, "German", [a, DeclineAdvance(), ChooseAdvance(unit="x", path=("a", "b"))]).rule == "13.7"
    assert plan_refusal(st, "German", [a, DeclineAdvance(), DeclineAdvance()]).rule == "13.7"


def test_a_choice_inside_a_battle_keeps_the_attackers_plan(advancing):
    """The attacker who chooses its losses or retreat by hand in its own segment still has its plan: the
    opponent's program goes on with it (only a battle declared or a phase ended by hand drops it)."""
    kept = [b for b in map(json.loads, (s.raw for s in advancing.session("German").xg.segments))
            if b["plan"] and b["batches"] and all(x["by"] != "self" or x["command"]["kind"] in (
                "choose_losses", "choose_retreat", "choose_attacker_result") for x in b["batches"])
            and any(x["by"] == "self" for x in b["batches"])]
    assert kept

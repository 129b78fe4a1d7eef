"""File exchange: the defender's advance after combat (13.7.5) decided in advance by a standing order,
as a PBEM player writes it on the order sheet: ``defender_advance`` (one combat unit, the first of the
battle's defenders that may, one hex; the others stay) or ``defender_no_advance``. The attacker's
program gives it in the chain, a changed one is refused, and where the order gives no command the
defender chooses by hand (docs/file-exchange.md, darkdec_qt/game/exchange/orders.py)."""

from __future__ import annotations

import json

import pytest

from darkdec_qt.game.exchange import ExchangeError, ExchangeGame
from darkdec_qt.game.exchange.automatic import next_step
from darkdec_qt.game.exchange.decisions import decider
from darkdec_qt.game.exchange.orders import parse_orders, standing_command
from darkdec_qt.game.exchange.signing import sign
from darkdec_qt.rules.combat.commands import ChooseAdvance, DeclineAdvance
from darkdec_qt.rules.core.apply import apply
from darkdec_qt.rules.core.events import Event
from tests.exchange.helpers import Duel
from tests.exchange.helpers import refused_segment as _refused

EVERY = ("default_declaration", "no_reaction", "prefer_retreat")


@pytest.fixture(scope="module")
def defending(tmp_path_factory):
    """Herbstnebel by files, every standing order and the defender's advance order, battle plans."""
    duel = Duel(tmp_path_factory.mktemp("defender-advance"), orders=(*EVERY, "defender_advance"), seed=2,
                plan=True, advances=True)
    while duel.step() is not None and duel.session("German").xg.game.state.turn <= 4:
        if _defender_advance(duel, must=False) is not None:
            break
    return duel


def _defender_advance(duel: Duel, must: bool = True) -> tuple[int, int, dict] | None:
    """A segment in which the attacker's program gave the defender's advance by its standing order."""
    for k, s in enumerate(duel.session("German").xg.segments):
        body = json.loads(s.raw)
        for i, b in enumerate(body["batches"]):
            if b["by"] == "orders" and b["command"]["kind"] == "choose_advance":
                return k, i, body
    if must:
        raise AssertionError("no defender's advance given by a standing order")
    return None


def _before(duel: Duel, module, k: int, i: int, body: dict):
    st = ExchangeGame.from_segments(module, duel.session("German").xg.segments[:k]).game.state.clone()
    for b in body["batches"][:i]:
        for e in b["events"]:
            apply(st, Event.from_dict(e))
    return st


def test_the_defenders_advance_is_given_by_the_attackers_program(defending, module):
    k, i, body = _defender_advance(defending)
    st = _before(defending, module, k, i, body)
    b = st.battle
    assert b.task[0] == "advance" and b.task[1] == b.defender_side != body["author"]
    adv = body["batches"][i]
    assert adv["events"][0]["kind"] == "unit_advanced"
    assert len(adv["command"]["path"]) == 2 and adv["command"]["path"][1] == b.task[2]
    assert not st.spec(adv["command"]["unit"]).is_leader
    # then the others stay: the order declines the rest at once
    nxt = body["batches"][i + 1] if i + 1 < len(body["batches"]) else None
    if nxt is not None and nxt["command"]["kind"] in ("choose_advance", "decline_advance"):
        assert nxt == {"by": "orders", "command": {"kind": "decline_advance"}, "events": nxt["events"]}


def test_a_changed_defenders_advance_is_refused(defending, module):
    k, i, body = _defender_advance(defending)
    declined = json.loads(json.dumps(body))
    declined["batches"][i]["command"] = {"kind": "decline_advance"}  # the attacker keeps the hex empty
    declined["batches"][i]["events"] = []
    assert f"segment {k}, command {i}" in str(_refused(defending, k, declined, module))
    moved = json.loads(json.dumps(body))
    moved["batches"][i]["by"] = "self"  # or gives it as its own choice
    assert f"segment {k}, command {i}" in str(_refused(defending, k, moved, module))


def test_where_no_combat_unit_may_advance_the_defender_chooses_by_hand(defending, module):
    k, i, body = _defender_advance(defending)
    st = _before(defending, module, k, i, body)
    defender, author = st.battle.defender_side, body["author"]
    orders = {defender: {"defender_advance": True}}
    assert next_step(st, author, orders, {}, None).by == "orders"
    for u in list(st.battle.original_defenders or st.battle.defenders):  # none of them is there to advance
        if not st.spec(u).is_leader:
            st.pos.pop(u, None)
    assert standing_command(st, orders[defender], defender) is None
    step = next_step(st, author, orders, {}, None)
    assert step is None or step.by == "forced"  # nothing the engine picks beyond the rules (13.6)
    assert decider(st) == defender


def test_defender_no_advance_declines_and_leaves_the_attackers_advance_alone(defending, module):
    k, i, body = _defender_advance(defending)
    st = _before(defending, module, k, i, body)
    defender = st.battle.defender_side
    assert standing_command(st, {"defender_no_advance": True}, defender) == DeclineAdvance()
    assert standing_command(st, {"defender_advance": True}, defender) == ChooseAdvance.from_dict(
        body["batches"][i]["command"])
    _what, _side, h, n = st.battle.task
    st.battle = st.battle.pop(("advance", st.battle.attacker_side, h, n))  # the attacker's own advance
    assert standing_command(st, {"defender_no_advance": True}, st.battle.attacker_side) is None


def test_conflicting_defenders_advance_orders_are_refused(defending, module):
    with pytest.raises(ValueError, match="exclude each other"):
        parse_orders(["defender_advance", "defender_no_advance"])
    segs = defending.session("German").xg.segments
    body = json.loads(segs[1].raw)
    body["orders"] = {"defender_advance": True, "defender_no_advance": True}
    with pytest.raises(ExchangeError, match="conflicting standing orders"):
        ExchangeGame.from_segments(module, [segs[0], sign(body, defending.homes[body["author"]].key())])

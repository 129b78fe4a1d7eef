"""Forced steps go with the file: a command that is the only one the deciding side may give (resolving
a battle once the defender has declared, 13.0D; a phase end with nothing owed) is given by the program
of the player holding the game, and re-derived by the receiver, instead of costing a file."""

from __future__ import annotations

import json

import pytest

from darkdec_qt.game.exchange import ExchangeError, ExchangeGame
from darkdec_qt.game.exchange.signing import sign

from .helpers import Duel


@pytest.fixture(scope="module")
def duel(tmp_path_factory):
    """Herbstnebel without standing orders until a few battles have been fought."""
    return Duel(tmp_path_factory.mktemp("forced"), seed=5).hops(60)


def _bodies(duel):  # noqa: ANN001
    return [json.loads(s.raw) for s in duel.session("German").xg.segments]


def test_resolving_a_battle_after_the_defenders_declaration_needs_no_file_of_its_own(duel):
    bodies = _bodies(duel)
    battles = sum(1 for b in bodies for x in b["batches"] for e in x["events"] if e["kind"] == "battle_declared")
    assert battles >= 3
    # the defender's program leaves the attacker's only command pending with the declaration ...
    forced = [b for b in bodies if (b["pending"] or {}).get("kind") == "resolve_battle"
              and any(x["command"]["kind"] == "defender_declares" for x in b["batches"])]
    assert forced
    # ... so no file carries nothing but the attacker's resolve_battle
    alone = [b["seq"] for b in bodies if b["seq"] and (b["pending"] or {}).get("kind") == "resolve_battle"
             and not [x for x in b["batches"] if x["by"] in ("self", "orders")]]
    assert alone == []


def test_a_phase_end_with_nothing_owed_is_given_for_the_other_side(duel):
    ends = [(b["author"], x["command"]) for b in _bodies(duel) for x in b["batches"] if x["by"] == "forced"]
    assert any(c["kind"] == "end_phase" for _a, c in ends)


def test_a_command_passed_off_as_forced_is_refused(duel, module):
    segs = duel.session("German").xg.segments
    k = next(i for i in range(2, len(segs)) if i % 2 == 1 and json.loads(segs[i].raw)["batches"]
             and json.loads(segs[i].raw)["batches"][0]["by"] == "self"
             and json.loads(segs[i - 1].raw)["pending"] is None)
    body = json.loads(segs[k].raw)
    body["batches"][0]["by"] = "forced"  # an Allied choice of its own, claimed to be its opponent's forced step
    bad = sign(body, duel.homes["Allied"].key())
    xg = ExchangeGame.from_segments(module, list(segs[:k]))
    with pytest.raises(ExchangeError, match=rf"segment {k}, command 0: is not a forced step"):
        xg._accept(bad)

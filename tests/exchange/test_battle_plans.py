"""File exchange, fewer files: a battle plan (every battle of a Combat Phase declared at once, 13.0D)
and the chained dice of one revealed secret resolve a whole Combat Phase in one round trip when no
player must decide by hand between the battles; a segment that cheats the chain is refused
(docs/file-exchange.md, darkdec_qt/game/exchange/automatic.py)."""

from __future__ import annotations

import json

import pytest

from darkdec_qt.game.exchange import ExchangeError, ExchangeGame
from darkdec_qt.game.exchange.automatic import plan_refusal
from darkdec_qt.game.exchange.signing import Signed, sign
from darkdec_qt.rules.combat.commands import DeclareBattle
from darkdec_qt.rules.core.commands import EndPhase
from darkdec_qt.rules.core.phases import Phase
from tests.exchange.helpers import Duel

EVERY = ("default_declaration", "no_reaction", "prefer_retreat")


def _bodies(duel: Duel) -> list[dict]:
    return [json.loads(s.raw) for s in duel.session("German").xg.segments]


@pytest.fixture(scope="module")
def planned(tmp_path_factory):
    """Four game turns of Herbstnebel by files, every standing order, battles declared as plans."""
    duel = Duel(tmp_path_factory.mktemp("plans"), orders=EVERY, seed=2, plan=True)
    while duel.step() is not None and duel.session("German").xg.game.state.turn <= 4:
        pass
    return duel


def _chained(body: dict) -> int:
    """Battles declared from a plan in one segment."""
    return sum(1 for b in body["batches"] if b["by"] == "plan" and b["command"]["kind"] == "declare_battle")


def test_one_segment_resolves_several_battles_of_a_plan(planned):
    bodies = _bodies(planned)
    best = max(bodies, key=_chained)
    assert _chained(best) >= 2
    declared = [b for b in best["batches"] if b["command"]["kind"] == "declare_battle"]
    resolved = [b for b in best["batches"] if b["command"]["kind"] == "resolve_battle"]
    assert len(resolved) >= len(declared)  # each battle of the plan is resolved in the same segment
    # with the chained dice of the one secret the segment reveals
    assert best["reveal"] is not None
    assert all(any(e["kind"] == "die_rolled" for e in b["events"]) for b in resolved)


def test_a_combat_phase_with_several_battles_takes_at_most_two_files_a_battle(planned):
    """Per Combat Phase (game turn, attacking side): the files from the one that declares its first
    battle to the one that ends its last, against its battles."""
    bodies = _bodies(planned)
    phase_of: dict[int, tuple[int, str]] = {}
    span: dict[tuple[int, str], list[int]] = {}
    for n, b in enumerate(bodies):
        for x in b["batches"]:
            for e in x["events"]:
                if e["kind"] == "battle_declared":
                    phase_of[e["id"]] = (b["turn"], e["attacker_side"])
                if e["kind"].startswith("battle_") and e.get("id") in phase_of:
                    span.setdefault(phase_of[e["id"]], []).append(n)
    battles = {k: sum(1 for v in phase_of.values() if v == k) for k in span}
    several = {k: (max(v) - min(v) + 1, battles[k]) for k, v in span.items() if battles[k] >= 2}
    assert several, battles
    for k, (files, n) in several.items():
        assert files <= 2 * n, (k, files, n)
    # one round trip serves several battles (one battle a round trip: 2 files a battle, less one)
    assert min(files / n for files, n in several.values()) <= 1


def _chain_segment(duel: Duel) -> tuple[int, dict, list[Signed]]:
    segs = duel.session("German").xg.segments
    k = max(range(1, len(segs)), key=lambda i: _chained(json.loads(segs[i].raw)))
    return k, json.loads(segs[k].raw), list(segs)


def _refused(duel: Duel, segs: list[Signed], k: int, body: dict, module) -> ExchangeError:
    bad = sign(body, duel.homes[body["author"]].key())
    with pytest.raises(ExchangeError) as err:
        ExchangeGame.from_segments(module, [*segs[:k], bad])
    assert err.value.segment == k
    return err.value


def test_stopping_the_chain_to_decide_by_hand_is_refused(planned, module):
    k, body, segs = _chain_segment(planned)
    i = next(n for n, b in enumerate(body["batches"]) if b["by"] == "plan")
    body["batches"][i]["by"] = "self"  # the author knows the chained dice: it may not give the plan's battle itself
    err = _refused(planned, segs, k, body, module)
    assert f"segment {k}, command {i}: after the revealed secret the automatic steps run" in str(err)


def test_cutting_the_chain_short_is_refused(planned, module):
    k, body, segs = _chain_segment(planned)
    i = next(n for n, b in enumerate(body["batches"]) if b["by"] == "plan")
    body["batches"] = body["batches"][:i]  # send before a battle whose die the author knows would go badly
    body["pending"] = None
    err = _refused(planned, segs, k, body, module)
    assert "stops before the automatic steps are done" in str(err)


def test_a_chained_die_changed_by_the_author_is_refused(planned, module):
    k, body, segs = _chain_segment(planned)
    i, e = next((n, e) for n, b in enumerate(body["batches"]) if n > 0 and b["command"]["kind"] == "resolve_battle"
                for e in b["events"] if e["kind"] == "die_rolled")
    e["value"] = e["value"] % 6 + 1 if "value" in e else e
    err = _refused(planned, segs, k, body, module)
    assert f"segment {k}, command {i}" in str(err) and "does not reproduce" in str(err)


def test_what_is_left_of_the_opponents_plan_cannot_be_forged(planned, module):
    k, body, segs = _chain_segment(planned)
    plan_author = json.loads(segs[k - 1].raw)["author"]
    xg = ExchangeGame.from_segments(module, segs[:k])
    assert plan_author in xg.plans
    body["plan_left"] = [xg.plans[plan_author].entries[0].to_dict()]  # one more battle for the opponent's program
    err = _refused(planned, segs, k, body, module)
    assert f"is left of the {plan_author} player's battle plan" in str(err) or "stops before" in str(err)


def test_a_plan_reuses_no_unit_and_is_made_in_the_own_combat_phase(planned):
    st = planned.session("German").xg.game.state.clone()
    st.battle, st.side, st.phase = None, "German", Phase.COMBAT
    a = DeclareBattle(attackers=("x",), defenders=("y",))
    assert plan_refusal(st, "German", [a, DeclareBattle(attackers=("x",), defenders=("z",))]).rule == "13.2A"
    assert plan_refusal(st, "German", [EndPhase(), a]).rule == "13.0D"
    assert plan_refusal(st, "Allied", [a]).rule == "13.0D"  # not the Allied player's Combat Phase
    st.phase = Phase.MOVEMENT
    assert plan_refusal(st, "German", [a]).rule == "13.0D"


def test_a_segment_of_a_newer_protocol_is_refused_in_one_sentence(planned, module):
    k, body, segs = _chain_segment(planned)
    body["v"] = 3
    err = _refused(planned, segs, k, body, module)
    assert "protocol version 3" in str(err) and "update" in str(err)


def test_segments_of_protocol_version_one_are_read_as_they_were(planned, module):
    """A game begun by an older program (protocol 1: no plan fields, no chained dice) still verifies."""
    old = []
    for s in planned.session("German").xg.segments[:3]:
        body = json.loads(s.raw)
        body["v"] = 1
        del body["plan"], body["plan_left"]
        if old:
            body["prev"] = old[-1].digest
        old.append(sign(body, planned.homes[body["author"]].key()))
    xg = ExchangeGame.from_segments(module, old)
    assert len(xg.segments) == 3 and xg.bodies[2]["v"] == 1
    body = json.loads(old[2].raw)
    body["plan"] = []  # a protocol 1 segment has no plan
    with pytest.raises(ExchangeError, match="segment 2: has fields \\['plan'\\]"):
        ExchangeGame.from_segments(module, [*old[:2], sign(body, planned.homes[body["author"]].key())])


def test_the_command_line_declares_several_battles_at_once(tmp_path, capsys):
    from darkdec_qt.cli import main
    from darkdec_qt.game.exchange.decisions import decider
    from darkdec_qt.game.exchange.scripted import play_until_send
    from darkdec_qt.rules import engine

    duel = Duel(tmp_path, orders=EVERY, seed=4)
    for _ in range(80):
        s = duel.open()
        st = s.xg.state
        battles = []
        if st.phase is Phase.COMBAT and st.battle is None and decider(st) == s.me.side:
            for c in engine.legal_commands(st):
                units = set(getattr(c, "attackers", ())) | set(getattr(c, "defenders", ()))
                if c.kind == "declare_battle" and not units & {u for b in battles for u in b.attackers + b.defenders}:
                    battles.append(c)
        if len(battles) >= 2:
            break
        play_until_send(s.xg, duel.rngs[duel.receiver])
        duel.files.append(s.send(tmp_path / "mail"))
        duel.receiver = "German" if duel.receiver == "Allied" else "Allied"
    else:
        raise AssertionError("no Combat Phase with two battles")
    home, gid = str(duel.homes[s.me.side].root), s.game_id[:8]
    argv = ["exchange", "--home", home, "play", gid, *(json.dumps(b.to_dict()) for b in battles[:2]),
            '{"kind": "end_phase"}', "--battles"]
    assert main(argv) == 0
    assert "battle plan: 1 more battle after this one, then the end of the Combat Phase" in capsys.readouterr().out
    assert main(["exchange", "--home", home, "send", gid, "--out", str(tmp_path / "mail")]) == 0
    sent = duel.homes[s.me.side].load(s.game_id).xg
    body = json.loads(sent.segments[-1].raw)
    assert body["plan"] == [battles[1].to_dict(), {"kind": "end_phase"}]
    assert body["pending"]["kind"] == "resolve_battle"
    # the opponent's program declares the second battle from the plan, in the same segment
    opp = duel.homes["German" if s.me.side == "Allied" else "Allied"].open_file(
        max((tmp_path / "mail").glob("*.ddx"), key=lambda p: p.stat().st_mtime_ns)).session
    declared = any(b["by"] == "plan" and b["command"] == battles[1].to_dict() for b in opp.xg.draft_batches)
    waiting = opp.xg._plans.get(s.me.side)  # or a player decides by hand in the first battle: the plan waits
    assert declared or (opp.xg.state.battle is not None and waiting.entries[0] == battles[1])


def test_a_counterattack_on_the_one_hex_the_attackers_hold_is_a_forced_step(planned):
    """13.5.5A-B: the defender must counterattack, at least one hex of the attackers: with one hex there is
    nothing to choose, so the program gives it without a file (within the chain, with its dice)."""
    forced = [x["command"] for b in _bodies(planned) for x in b["batches"]
              if x["by"] == "forced" and x["command"]["kind"] == "counterattack"]
    assert forced and all(len(c["hexes"]) == 1 for c in forced)

"""Battles as commands and events: save/replay mid-battle, records round-trip, narration,
random self-play through every combat choice."""

import random

from darkdec_qt.rules.combat import commands as cc
from darkdec_qt.rules.combat import legal as combat_legal
from darkdec_qt.rules.combat.battle import obligatory_attacks
from darkdec_qt.rules.core.apply import apply
from darkdec_qt.rules.core.commands import Command
from darkdec_qt.rules.core.events import Event
from darkdec_qt.rules.narrate import describe
from tests.rules.combat_builder import CombatBuilder
from tests.rules.combat_helpers import run


def _scenario(seed: int):
    b = CombatBuilder()
    b.seed = f"r{seed}"
    b.terrain("0606", "woods", town="X").river("0504", "0505").river("0605", "0606", bridge=True)
    b.german("g1", "0505", a=8, division="1SS", type="armor").german("g2", "0504", a=6, division="1SS")
    b.german("g3", "0405", a=5, division="1SS", type="armored_infantry")
    b.allied("a1", "0605", d=4, division="99").allied("a2", "0606", d=3, division="99")
    b.allied("a3", "0706", d=3, division="99").allied("a4", "0604", d=2)
    return b.build()


def test_commands_round_trip():
    cmd = cc.DeclareBattle(attackers=("a", "b"), defenders=("c",), voluntary_reductions=(("0505", 1),),
                           integrity_choices=("12VG",), all_out_assault_leader="Manteuffel")
    assert Command.from_dict(cmd.to_dict()) == cmd


def test_random_battles_replay_to_the_same_hash_and_narrate():
    for seed in range(12):
        rnd = random.Random(seed)
        s = _scenario(seed)
        start = s.clone()
        log: list[dict] = []
        for _ in range(300):
            cmds = combat_legal.legal_combat_commands(s)
            if not cmds:
                break
            for e in run(s, rnd.choice(cmds)):
                log.append(e.to_dict())
                assert describe(e, s.module)
        else:
            raise AssertionError("battles did not terminate")
        assert s.battle is None and obligatory_attacks(s) == []
        replay = start
        for d in log:
            apply(replay, Event.from_dict(d))
        assert replay.state_hash() == s.state_hash()


def test_save_mid_battle_resumes():
    s = _scenario(1)
    start = s.clone()
    log = []
    for cmd in (cc.DeclareBattle(attackers=("g1",), defenders=("a1", "a4")), cc.DefenderDeclares()):
        log += [e.to_dict() for e in run(s, cmd)]
    assert s.battle is not None and s.battle.task[0] == "resolve"
    replay = start
    for d in log:
        apply(replay, Event.from_dict(d))
    assert replay.battle == s.battle and replay.state_hash() == s.state_hash()


def test_narration_names_the_rule():
    s = _scenario(2)
    evs = run(s, cc.DeclareBattle(attackers=("g1",), defenders=("a1", "a4")))
    assert "attack" in describe(evs[0], s.module)
    assert "13.3.3A" in describe(evs[-1], s.module)


def test_13_3_3A_the_defenders_declaration_narrated_with_its_own_reductions_only():
    """The log in words (``Storyteller``, read by the client's log and ``darkdec log``) says
    what the defender declared: integrity claimed or not (13.8A) and each of its own
    voluntary reductions (13.3.3A), not the attacker's declared before it."""
    from darkdec_qt.rules.narrate import Storyteller

    s = _scenario(2)
    tell = Storyteller(s.module)
    lines = [tell(e) for e in run(s, cc.DeclareBattle(attackers=("g1",), defenders=("a1",),
                                                      voluntary_reductions=(("0505", 1),)))]
    lines += [tell(e) for e in run(s, cc.DefenderDeclares(voluntary_reductions=(("0605", 2),), integrity=False))]
    assert lines[-1] == ("battle 1: the Allied player does not claim divisional integrity (13.8A) and reduces "
                         "0605 by 2 levels (13.3.3A)")
    lines = [tell(e) for e in run(s, cc.ResolveBattle())]
    assert not any("integrity" in t for t in lines)


def test_13_battle_record_round_trips_and_reads_its_hexes():
    """The battle in progress (13.0-13.7) as kept in a saved game: every field survives the round
    trip as the same tuples, and the voluntary reductions (13.3.3) read 0 for a hex the record does
    not name."""
    import json

    from darkdec_qt.rules.combat.battle_state import BattleState

    b = BattleState(id=3, attacker_side="German", attackers=("g1", "g2"), defenders=("a",), kind="assault",
                    reductions=(("0605", 1),), integrity=("1SS",), levels=(("0605", 2), ("0606", 3)),
                    tasks=(("result", "Allied", "0605", 1), ("advance", "German", "0605", 2)),
                    vacated=(("0605", -1),), assaults=1, aoa_leader="Manteuffel", drm=-2)
    text = b.to_json()
    assert BattleState.from_json(text) == b
    assert json.loads(text)["levels"] == [["0605", 2], ["0606", 3]]
    assert b.to_dict()["levels"] == (("0605", 2), ("0606", 3))
    assert (b.reduction("0605"), b.reduction("0606")) == (1, 0)
    assert b.defender_side == "Allied" and b.with_(attacker_side="Allied").defender_side == "German"
    assert b.task == ("result", "Allied", "0605", 1)
    assert b.pop().tasks == (("advance", "German", "0605", 2),)
    assert b.pop(("retreat", "Allied", "0605", 2)).tasks == (("retreat", "Allied", "0605", 2),
                                                             ("advance", "German", "0605", 2))
    assert b.pop(("a", "", "", 0), ("b", "", "", 0)).tasks[:2] == (("a", "", "", 0), ("b", "", "", 0))
    assert b.with_(tasks=()).task is None and b.with_(drm=1).drm == 1 and b.drm == -2

"""The queries agree with check: every query the client asks agrees with ``check``.

States are taken from random self-play (several scenarios, turns, both sides, normal and
strategic movement, reaction and exploitation, battles waiting for a retreat or an advance).
For every sampled unit: a hex is in ``legal_destinations`` if and only if ``check`` accepts
the move (its path; and no path through a neighbouring destination or the start is accepted
for a hex outside), and ``why_illegal`` is None exactly for the destinations. The battle
options (``pending_commands``), retreats (``legal_retreats``) and advances
(``legal_advances``) are all accepted by ``check``, and a retreat or advance ``check``
accepts is one the query lists. Bounded: a fixed set of states, hypothesis max_examples.
"""

from __future__ import annotations

import random
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from darkdec_qt import hexgrid
from darkdec_qt.game.selfplay import selfplay
from darkdec_qt.rules import engine
from darkdec_qt.rules.combat import commands as cc
from darkdec_qt.rules.combat import legal as combat_legal
from darkdec_qt.rules.combat.advance import legal_advances
from darkdec_qt.rules.combat.retreat import legal_retreats
from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.phases import MOVING_PHASES, Phase, acting_side
from darkdec_qt.rules.core.state import GameState
from darkdec_qt.rules.movement import move as movement
from darkdec_qt.rules.opening import initial
from tests.rules.builder import ScenarioBuilder
from tests.rules.conftest_real import real_module
from tests.rules.rules_helpers import force_dice

# (scenario, seed, turns, optional rules, variants): both sides, 16 December (18.3), 12.4,
# reserves (14: reaction and exploitation), commanders, a 26.13 withdrawal turn possible
PLAYOUTS = (
    ("herbstnebel", 7, 3, ("14", "15", "10.3", "12.3", "12.4"), ()),
    ("campaign", 3, 2, ("14", "15", "12.4", "23"), ("26.13",)),
    ("turning_point", 2, 1, ("14", "15", "24"), ()),
)


@lru_cache(maxsize=1)
def sampled() -> tuple[tuple[GameState, ...], tuple[GameState, ...]]:
    """(moving-phase states, states whose battle waits for a decision or of the other phases)."""
    moving: list[GameState] = []
    battles: list[GameState] = []
    for scen, seed, turns, optional, variants in PLAYOUTS:
        rng = random.Random(seed)
        firsts: set[Phase] = set()

        def grab(game, e, rng=rng, firsts=firsts):  # noqa: ANN001
            st = game.state
            first_allied_16 = (e.kind == "phase_began" and st.phase is Phase.MOVEMENT and st.side == "Allied"
                               and initial.is_16_december(st))  # the reported case (18.3B), always
            # the first reaction phase of each playout, always (a short phase the 6 % draw can miss)
            first_reaction = e.kind == "phase_began" and st.phase is Phase.REACTION and st.phase not in firsts
            if first_reaction:
                firsts.add(st.phase)
            if st.phase in MOVING_PHASES and (first_allied_16 or first_reaction or rng.random() < 0.06):
                moving.append(st.clone())
                if st.phase is Phase.MOVEMENT and rng.random() < 0.5:  # strategic movement too
                    side = acting_side(st.side, st.phase)
                    for u in sorted(st.pos):
                        if st.module.units[u].side == side and _accepted(st, cm.EnterStrategic(u)):
                            s2 = st.clone()
                            engine.execute(s2, cm.EnterStrategic(u))
                            moving.append(s2)
                            break
            b = st.battle
            if b is not None and b.task is not None and b.task[0] in ("retreat", "advance", "result") \
                    and rng.random() < 0.5:
                battles.append(st.clone())
            elif b is None and st.phase not in MOVING_PHASES and rng.random() < 0.05:
                battles.append(st.clone())  # declaring battles, supply, replacements, construction

        selfplay(real_module(), scen, seed, turns=turns, optional=optional, variants=variants, on_event=grab)
    return tuple(moving), tuple(battles)


def _accepted(st: GameState, cmd: cm.Command) -> bool:
    try:
        engine.check(st, cmd)
        return True
    except IllegalAction:
        return False


def test_the_samples_cover_scenarios_sides_phases_and_strategic_movement():
    moving, battles = sampled()
    assert {s.side for s in moving} == {"German", "Allied"}
    assert {s.phase for s in moving} >= {Phase.MOVEMENT, Phase.REACTION, Phase.EXPLOITATION}
    assert any(s.strategic for s in moving)
    assert any(initial.is_16_december(s) and s.side == "Allied" for s in moving)
    assert {b.battle.task[0] for b in battles if b.battle} >= {"retreat", "result"}
    assert {b.phase for b in battles if not b.battle} >= {Phase.COMBAT}


_MINE: dict[int, list[str]] = {}


def _mine(st: GameState) -> list[str]:
    """The acting side's units, those that may move first (the others are drawn too)."""
    if id(st) not in _MINE:  # the sampled states live as long as the cache (lru_cache above)
        side = acting_side(st.side, st.phase)
        units = [u for u in sorted(st.pos) if st.module.units[u].side == side]
        movable = [u for u in units if movement.legal_destinations(st, (u,))]
        _MINE[id(st)] = movable * 4 + units
    return _MINE[id(st)]


@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(hs.data())
def test_legal_destinations_and_why_illegal_agree_with_check(data):
    moving, _ = sampled()
    st = data.draw(hs.sampled_from(moving), label="state")
    mine = _mine(st)
    if st.strategic and data.draw(hs.booleans()):
        mine = [u for u in mine if u in st.strategic] or mine
    u = data.draw(hs.sampled_from(mine), label="unit")
    dests = movement.legal_destinations(st, (u,))
    start = st.pos[u]
    for h, (_cost, path) in dests.items():
        assert path[0] == start and path[-1] == h
        assert _accepted(st, cm.Move(units=(u,), path=path)), (u, h, path)
    ring = {n for h in (*dests, start) for n in st.module.adjacency.get(h, ())} - set(dests) - {start}
    for h in sorted(ring):
        for n in st.module.adjacency.get(h, ()):
            path = (start, h) if n == start else dests[n][1] + (h,) if n in dests else None
            if path is not None:
                assert not _accepted(st, cm.Move(units=(u,), path=path)), (u, path)
    rng = random.Random(data.draw(hs.integers(0, 1000)))
    for h in rng.sample(sorted(dests), min(3, len(dests))):
        assert movement.why_illegal(st, u, h) is None, (u, h)
    for h in rng.sample(sorted(ring), min(3, len(ring))):
        assert movement.why_illegal(st, u, h) is not None, (u, h)


def test_every_destination_on_16_december_is_accepted_for_every_allied_unit():
    """The reported case, swept over every sampled Allied state of 16 December (18.3B-C)."""
    moving, _ = sampled()
    swept = 0
    for st in moving:
        if not (initial.is_16_december(st) and acting_side(st.side, st.phase) == "Allied"):
            continue
        for u in sorted(set(_mine(st))):
            for h, (_c, path) in movement.legal_destinations(st, (u,)).items():
                assert _accepted(st, cm.Move(units=(u,), path=path)), (st.turn_code(), u, h, path)
                swept += 1
    assert swept


@settings(max_examples=25, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(hs.data())
def test_legal_commands_offer_only_what_check_accepts(data):
    moving, battles = sampled()
    st = data.draw(hs.sampled_from(moving + battles), label="state")
    cmds = list(engine.legal_commands(st, rng=random.Random(data.draw(hs.integers(0, 99)))))
    for c in cmds:  # EndPhase included
        assert _accepted(st, c), c
    may_end = _accepted(st, cm.EndPhase())
    assert (cm.EndPhase() in cmds) == may_end  # offered exactly when check accepts it (failed before:
    assert (engine.end_phase_refusal(st) is None) == may_end  # EndPhase was always listed first)
    if not may_end:  # if the phase may not end, something the player may do
        assert cmds, "the phase may not end and nothing is offered"


def test_legal_commands_offer_end_phase_exactly_when_check_accepts_it_in_every_sampled_state():
    """EndPhase is offered exactly when check accepts it, over every sampled state (the hypothesis test above draws 25)."""
    moving, battles = sampled()
    refused = 0
    for st in moving + battles:
        offered = any(c.kind == "end_phase" for c in engine.legal_commands(st, rng=random.Random(0)))
        assert offered == _accepted(st, cm.EndPhase()), (st.turn_code(), st.side, st.phase)
        refused += not offered
    assert refused  # some sampled states wait on a choice or a battle


def test_battle_options_retreats_and_advances_agree_with_check():
    _, battles = sampled()
    seen = set()
    for st in battles:
        b = st.battle
        if b is None:
            continue
        what, side, h, n = b.task
        for c in combat_legal.pending_commands(st):
            assert _accepted(st, c), c
        pool = tuple(u for u in (b.defenders if side == b.defender_side else b.attackers) if st.pos.get(u) == h)
        if what == "retreat":
            seen.add(what)
            paths = {p.path: p for p in legal_retreats(st, h, pool, n)}
            for p in paths.values():  # every listed retreat is accepted with some losses
                losses = combat_legal._loss_sets(st, list(pool), p.steps)
                assert any(_accepted(st, cc.ChooseRetreat(units=pool, path=p.path, losses=ls)) for ls in losses[:3])
            for path in _walks(st, h, n):  # a retreat check accepts is a listed one
                for ls in combat_legal._loss_sets(st, list(pool), 0)[:1] or [()]:
                    if _accepted(st, cc.ChooseRetreat(units=pool, path=path, losses=ls)):
                        assert path in paths, path
        if what == "advance":
            seen.add(what)
            from darkdec_qt.rules.combat import procedure as combat
            from darkdec_qt.rules.combat.advance import advance_length

            for u in combat._advancers(st, b, side, h):
                listed = set(legal_advances(st, u, h, advance_length(st, u, n)))
                for p in listed:
                    assert _accepted(st, cc.ChooseAdvance(unit=u, path=p))
                for path in _walks(st, st.pos[u], advance_length(st, u, n)):
                    if _accepted(st, cc.ChooseAdvance(unit=u, path=path)):
                        assert path in listed, path
    assert "retreat" in seen


def _walks(st: GameState, start: str, n: int) -> list[tuple[str, ...]]:
    """Every non-repeating path of 1..n steps from ``start`` (n <= 3)."""
    out: list[tuple[str, ...]] = []
    frontier = [(start,)]
    for _ in range(min(n, 3)):
        nxt = []
        for p in frontier:
            for x in st.module.adjacency.get(p[-1], ()):
                if x not in p:
                    nxt.append(p + (x,))
        out += nxt
        frontier = nxt
    return out


# --- the reported cases ------------------------------------------------------------------


def sixteenth(turn: str = "16DecAM") -> GameState:
    b = ScenarioBuilder(10, 8)
    b.unit("a/1", "Allied", "infantry", (3, 4, 5), at="0504")
    b.unit("g/1", "German", "infantry", (4, 4, 4), at="0804")
    st = b.state(turn=turn, side="Allied", phase=Phase.MOVEMENT)
    st.was_attacked.add("a/1")
    return st


def test_18_3B_an_attacked_allied_infantry_unit_is_shaded_one_hex_only():
    """The reported case: on AM 16 December destinations two hexes away were shaded and the
    click refused with 18.3B."""
    st = sixteenth()
    dests = movement.legal_destinations(st, ("a/1",))
    assert dests and all(len(p) == 2 for _c, p in dests.values())
    assert set(dests) == {n for n in hexgrid.neighbours("0504") if n in st.module.hexes}
    far = "0304"
    reason = movement.why_illegal(st, "a/1", far)
    assert reason is not None and "18.3B" in reason
    with pytest.raises(IllegalAction) as e:
        engine.check(st, cm.Move(units=("a/1",), path=("0504", "0404", "0304")))
    assert e.value.rule == "18.3B"


def infiltration_state(used: int = 0, optional: tuple[str, ...] = ("12.4",)) -> GameState:
    b = ScenarioBuilder(12, 6)
    b.unit("150Pz", "German", "armor", (4, 3, 8), (2, 2, 8), at="1003")
    b.unit("a/1", "Allied", at="0804")
    b.unit("a/2", "Allied", at="0604")
    st = b.state(turn="17DecAM", optional=optional)
    st.infiltrations = used
    return st


def walled(used: int = 0, optional: tuple[str, ...] = ("12.4",)) -> GameState:
    """Three Allied units whose ZOCs close columns 07-09 from edge to edge."""
    b = ScenarioBuilder(12, 6)
    b.unit("150Pz", "German", "armor", (4, 3, 8), (2, 2, 8), at="1003")
    for i, h in enumerate(("0802", "0804", "0806")):
        b.unit(f"a/{i}", "Allied", at=h)
    st = b.state(turn="17DecAM", optional=optional)
    st.infiltrations = used
    return st


PATH = ("1003", "0903", "0803", "0703", "0603", "0503")


def test_12_4_the_150th_is_shown_the_hexes_beyond_enemy_zocs_it_may_still_try_to_leave():
    west = lambda d: {h for h in d if h[:2] < "07"}  # noqa: E731  beyond the wall of ZOCs
    full = movement.legal_destinations(walled(), ("150Pz",))
    assert "0604" in full and movement.why_illegal(walled(), "150Pz", "0604") is None
    path = full["0604"][1]
    one = movement.legal_destinations(walled(used=2), ("150Pz",))  # one attempt left
    assert "0603" in one and "0604" not in one and west(one) < west(full)
    assert movement.why_illegal(walled(used=2), "150Pz", "0604") is not None
    if sum(h in movement.make_context(walled(), ("150Pz",)).zoc for h in path[1:-1]) > 1:
        with pytest.raises(IllegalAction):
            engine.check(walled(used=2), cm.Move(units=("150Pz",), path=path))
    assert not west(movement.legal_destinations(walled(used=3), ("150Pz",)))  # 12.4D: three a game
    assert not west(movement.legal_destinations(walled(optional=()), ("150Pz",)))  # 12.4 is optional


def test_12_4D_a_path_needing_more_attempts_than_are_left_is_refused_whatever_the_dice():
    for first in (1, 6):  # success or failure of the first die
        st = infiltration_state(used=2)
        force_dice(st, first)
        with pytest.raises(IllegalAction) as e:
            engine.check(st, cm.Move(units=("150Pz",), path=PATH))
        assert e.value.rule == "12.4D"

"""Log, replay, undo, serialisation and random playouts."""

import pytest
from hypothesis import given
from hypothesis import strategies as hs

from darkdec_qt.game.selfplay import selfplay
from darkdec_qt.game.session import Game
from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core import events as ev
from darkdec_qt.rules.core.commands import Command
from darkdec_qt.rules.core.dice import die
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.events import Event
from darkdec_qt.rules.core.phases import Phase, next_phase
from tests.rules.builder import ScenarioBuilder


def small_module():
    b = ScenarioBuilder(12, 10)
    b.terrain(["0504", "0505", "0605"], "woods").terrain(["0606", "0607"], "dense_forest")
    b.road(*[f"{c:02d}05" for c in range(1, 13)], road="R")
    b.road("0601", "0602", "0603", "0604", "0605", road="S")
    b.river("0805", "0905", "minor", bridge=True)
    b.entry("0105", "G").entry("1205", "P")
    b.army("7A", *[f"{c:02d}{r:02d}" for c in (10, 11, 12) for r in range(1, 11)])
    for i in range(3):
        b.unit(f"{i}/A", "Allied", at=f"0{3 + i}0{3 + i}")
        b.unit(f"{i}/G", "German", "armor" if i == 0 else "volksgrenadier", (5, 4, 6), (3, 2, 6), at="7A",
               division="1Pz" if i == 0 else None)
    b.unit("R/A", "Allied", arrival="17DecAM", entry=("G",))
    b.unit("R/G", "German", "armor", (6, 5, 6), (3, 3, 6), arrival="16DecPM", entry=("P",))
    return b.build()


def test_7_0_next_phase_sequence():
    assert next_phase(1, "German", Phase.SUPPLY) == (1, "German", Phase.REPLACEMENT)
    assert next_phase(1, "German", Phase.CONSTRUCTION) == (1, "Allied", Phase.SUPPLY)
    assert next_phase(1, "Allied", Phase.CONSTRUCTION) == (2, "German", Phase.SUPPLY)


def test_dice_are_deterministic_and_verifiable():
    assert [die("s", i) for i in range(20)] == [die("s", i) for i in range(20)]
    assert all(1 <= die("x", i) <= 6 for i in range(200))


def test_replay_reproduces_state_hash():
    g = selfplay(small_module(), "test", seed=3, turns=3, strict=True)
    assert g.replay(g.events).state_hash() == g.state.state_hash()
    g2 = Game.from_log(g.module, "test", "3", g.log_dicts())
    assert g2.state.state_hash() == g.state.state_hash()


def test_undo_stops_at_phase_handover_and_die_rolls():
    g = Game(small_module(), "test", "1")
    assert not g.can_undo()  # the start is a phase change
    for _ in range(2):
        g.execute(cm.EndPhase())
    assert g.state.phase is Phase.MOVEMENT
    before = g.state.state_hash()
    unit = sorted(u for u in g.state.pos if g.module.units[u].side == "German")[0]
    from darkdec_qt.rules.movement.move import legal_destinations

    dest, (_, path) = sorted(legal_destinations(g.state, unit).items())[0]
    g.execute(cm.Move(units=(unit,), path=path))
    assert g.state.pos[unit] == dest
    g.undo()
    assert g.state.state_hash() == before
    with pytest.raises(IllegalAction):
        g.undo()


def test_illegal_action_message_quotes_unit_hex_rule():
    e = IllegalAction("cannot enter 2516: enemy ZOC, may not move from one enemy ZOC to another",
                      rule="10.2F", unit="3/2Pz", hex="2516")
    assert str(e) == "3/2Pz cannot enter 2516: enemy ZOC, may not move from one enemy ZOC to another (10.2F)"


_ids = hs.text(alphabet="0123456789/ABGPz", min_size=1, max_size=6)
_hexes = hs.tuples(*[hs.sampled_from(["0101", "0202", "2516"])] * 3)


@given(hs.one_of(
    hs.builds(cm.Move, units=hs.tuples(_ids), path=_hexes, build_bridge=hs.booleans()),
    hs.builds(cm.EnterReinforcement, unit=_ids, path=_hexes, strategic=hs.booleans()),
    hs.builds(cm.BlowBridge, unit=_ids, a=_ids, b=_ids),
    hs.builds(cm.ChooseFuelDivision, division=_ids, side=_ids, brigades=hs.tuples(_ids, _ids)),
    hs.just(cm.EndPhase()),
))
def test_command_round_trip(c):
    assert Command.from_dict(c.to_dict()) == c


@given(hs.one_of(
    hs.builds(ev.UnitMoved, unit=_ids, path=_hexes, mp=hs.integers(0, 999), stopped=hs.booleans(),
              roads=hs.tuples(_ids)),
    hs.builds(ev.DieRolled, purpose=_ids, value=hs.integers(1, 6), index=hs.integers(0, 10**6)),
    hs.builds(ev.SupplyDetermined, unit=_ids, state=_ids, reason=_ids, count=hs.integers(0, 9)),
    hs.builds(ev.PhaseBegan, turn=hs.integers(1, 99), side=_ids, phase=_ids),
))
def test_event_round_trip(e):
    assert Event.from_dict(e.to_dict()) == e


@pytest.mark.parametrize("seed", [1, 2, 5])
def test_random_playout_invariants(seed):
    problems = []

    def on_event(game, e):
        st = game.state
        units = st.module.units
        hexes: dict[str, set[str]] = {}
        for u, h in st.pos.items():
            hexes.setdefault(h, set()).add(units[u].side)
        if any(len(s) > 1 for s in hexes.values()):
            problems.append(f"units of both sides in one hex after {e}")
        if e.kind == "phase_ended" and e.phase == "movement":
            counts: dict[str, int] = {}
            for u, h in st.pos.items():
                if units[u].side == e.side and not units[u].is_leader:
                    counts[h] = counts.get(h, 0) + 1
            if any(n > 3 for n in counts.values()):
                problems.append("overstacked at end of movement")

    g = selfplay(small_module(), "test", seed=seed, turns=4, strict=True, on_event=on_event)
    assert not problems, problems[:3]
    assert g.state.turn >= 4
    assert g.replay(g.events).state_hash() == g.state.state_hash()
    assert "R/A" in g.state.pos or "R/A" in g.state.eliminated  # 10.6.3A reinforcements are not withheld

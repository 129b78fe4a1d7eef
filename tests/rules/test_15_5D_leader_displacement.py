"""15.5D: leaders alone displaced by enemy combat units moving or advancing into or through
their hex; relocated to the nearest supplied friendly combat unit or stack."""

import pytest

from darkdec_qt.rules import engine
from darkdec_qt.rules.combat import commands as cc
from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core import events as ev
from darkdec_qt.rules.core.apply import apply
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.phases import Phase
from tests.rules.combat_builder import CombatBuilder
from tests.rules.combat_helpers import pending, run


def _moving(b: CombatBuilder, side: str = "German"):
    b.optional.add("15")
    b.side = side
    s = b.build()
    s.phase = Phase.MOVEMENT
    s.started = True
    return s


def _exec(s, cmd):
    evs = engine.check(s, cmd)
    for e in evs:
        apply(s, e)
    return evs


def test_15_5D_given_lone_leader_when_enemy_combat_unit_moves_through_then_leader_relocated():
    b = CombatBuilder().german("g", "0302", m=6).unit("Hodges", "Allied", "0402", a=0, d=0, m=5, type="leader") \
        .allied("a", "0410")
    s = _moving(b)
    evs = _exec(s, cm.Move(units=("g",), path=("0302", "0402", "0502")))
    disp = [e for e in evs if isinstance(e, ev.LeaderDisplaced)]
    assert disp == [ev.LeaderDisplaced(unit="Hodges", from_hex="0402", to_hex="0410")]
    assert s.pos["Hodges"] == "0410" and s.pos["g"] == "0502"


def test_15_5D_given_lone_leader_when_enemy_moves_into_its_hex_then_move_legal_and_leader_displaced():
    b = CombatBuilder().german("g", "0302").unit("Hodges", "Allied", "0402", a=0, d=0, m=5, type="leader") \
        .allied("a", "0408")
    s = _moving(b)
    _exec(s, cm.Move(units=("g",), path=("0302", "0402")))
    assert s.pos["g"] == "0402" and s.pos["Hodges"] == "0408"


def test_15_5D_given_leader_stacked_with_combat_unit_when_enemy_moves_in_then_illegal():
    b = CombatBuilder().german("g", "0302").unit("Hodges", "Allied", "0402", a=0, d=0, m=5, type="leader") \
        .allied("a", "0402")
    s = _moving(b)
    with pytest.raises(IllegalAction, match=r"10\.2D"):
        engine.check(s, cm.Move(units=("g",), path=("0302", "0402")))


def test_15_5D_given_enemy_leader_moving_alone_then_it_does_not_displace():
    b = CombatBuilder().unit("Model", "German", "0302", a=0, d=0, m=6, type="leader") \
        .unit("Hodges", "Allied", "0402", a=0, d=0, m=5, type="leader").allied("a", "0408")
    s = _moving(b)
    with pytest.raises(IllegalAction, match=r"10\.2D"):
        engine.check(s, cm.Move(units=("Model",), path=("0302", "0402")))


def test_15_5D_given_equidistant_stacks_then_the_owner_chooses_before_anything_else():
    """Failed on the old engine: the leader was put on the first hex in id order (0405)."""
    b = CombatBuilder().german("g", "0302").unit("Hodges", "Allied", "0402", a=0, d=0, m=5, type="leader") \
        .allied("a", "0405").allied("c", "0702").german("g2", "0202")
    s = _moving(b)
    evs = _exec(s, cm.Move(units=("g",), path=("0302", "0402")))
    d = next(e for e in evs if isinstance(e, ev.LeaderDisplaced))
    assert d.to_hex == "" and set(d.alternatives) == {"0405", "0702"}
    assert s.pos["Hodges"] == "0402"  # waits where it was overrun: the engine picks nothing
    for other in (cm.EndPhase(), cm.Move(units=("g2",), path=("0202", "0203"))):
        with pytest.raises(IllegalAction) as e:  # owed at once, before the mover's side goes on
            engine.check(s, other)
        assert e.value.rule == "15.5D" and "Allied" in str(e.value)
    from darkdec_qt.rules.combat.procedure import deciding_side
    from darkdec_qt.rules.movement import move as movement

    assert movement.legal_destinations(s, ("g2",)) == {}  # the queries agree with check
    assert deciding_side(s) == "Allied"  # the owner has the decision
    offered = list(engine.legal_commands(s))
    assert offered == [cm.RelocateDisplacedLeader(unit="Hodges", hex="0405"),
                       cm.RelocateDisplacedLeader(unit="Hodges", hex="0702")]
    _exec(s, cm.RelocateDisplacedLeader(unit="Hodges", hex="0702"))
    assert s.pos["Hodges"] == "0702" and not s.displaced and deciding_side(s) is None
    with pytest.raises(IllegalAction, match=r"15\.5D"):
        engine.check(s, cm.RelocateDisplacedLeader(unit="Hodges", hex="0405"))  # the choice is made once
    engine.check(s, cm.EndPhase())


def test_15_5D_a_single_nearest_hex_is_no_choice():
    b = CombatBuilder().german("g", "0302").unit("Hodges", "Allied", "0402", a=0, d=0, m=5, type="leader") \
        .allied("a", "0405").allied("c", "0802")
    s = _moving(b)
    _exec(s, cm.Move(units=("g",), path=("0302", "0402")))
    assert s.pos["Hodges"] == "0405" and not s.displaced


def test_15_5D_relocation_only_to_an_equidistant_nearest_hex():
    b = CombatBuilder().german("g", "0302").unit("Hodges", "Allied", "0402", a=0, d=0, m=5, type="leader") \
        .allied("a", "0405").allied("c", "0702").allied("far", "1010")
    s = _moving(b)
    _exec(s, cm.Move(units=("g",), path=("0302", "0402")))
    with pytest.raises(IllegalAction, match=r"15\.5D"):
        engine.check(s, cm.RelocateDisplacedLeader(unit="Hodges", hex="1010"))
    with pytest.raises(IllegalAction, match=r"15\.5D"):
        engine.check(s, cm.RelocateDisplacedLeader(unit="a", hex="0702"))  # not a displaced leader


def test_15_5D_unsupplied_units_are_not_relocation_targets():
    b = CombatBuilder().german("g", "0302").unit("Hodges", "Allied", "0402", a=0, d=0, m=5, type="leader") \
        .allied("near", "0404").allied("far", "0410")
    b.supply["near"] = "unsupplied"
    s = _moving(b)
    _exec(s, cm.Move(units=("g",), path=("0302", "0402")))
    assert s.pos["Hodges"] == "0410"


def test_15_5D_given_advance_after_combat_through_lone_leader_hex_then_leader_displaced():
    b = CombatBuilder().german("pz", "0505", type="armor").allied("a", None) \
        .unit("Hodges", "Allied", "0705", a=0, d=0, m=5, type="leader").allied("z", "1005")
    b.optional.add("15")
    s = b.build()
    pending(s, ("pz",), ("a",), "D2", (("advance", "German", "0605", 1),))
    from darkdec_qt.rules.combat.advance import legal_advances

    assert ("0505", "0605", "0705") in legal_advances(s, "pz", "0605", 2)
    run(s, cc.ChooseAdvance(unit="pz", path=("0505", "0605", "0705")))
    assert s.pos["pz"] == "0705" and s.pos["Hodges"] == "1005"


def test_15_5D_displaced_by_an_advance_the_owner_chooses_before_the_battle_goes_on():
    """The battle's own choices wait for the relocation (queries agree with check)."""
    from darkdec_qt.rules.combat import legal as combat_legal
    from darkdec_qt.rules.combat.procedure import deciding_side

    b = CombatBuilder().german("pz", "0505", type="armor").allied("a", None) \
        .unit("Hodges", "Allied", "0705", a=0, d=0, m=5, type="leader").allied("z", "1005").allied("y", "0702")
    b.optional.add("15")
    s = b.build()
    s.phase, s.started = Phase.COMBAT, True
    pending(s, ("pz",), ("a",), "D2", (("advance", "German", "0605", 1),))
    _exec(s, cc.ChooseAdvance(unit="pz", path=("0505", "0605", "0705")))
    assert s.pos["Hodges"] == "0705" and s.displaced == {"Hodges": ("0702", "1005")}
    with pytest.raises(IllegalAction, match=r"15\.5D"):
        engine.check(s, cc.DeclineAdvance())
    assert deciding_side(s) == "Allied" and combat_legal.pending_commands(s) == []
    assert [c.kind for c in engine.legal_commands(s)] == ["relocate_displaced_leader"] * 2
    _exec(s, cm.RelocateDisplacedLeader(unit="Hodges", hex="0702"))
    assert s.pos["Hodges"] == "0702" and not s.displaced
    assert {c.kind for c in engine.legal_commands(s)} != {"relocate_displaced_leader"}  # play goes on

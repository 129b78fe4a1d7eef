"""23.0 conditional forces on the functions that enforce them (variants.py): the condition, the
pool, the 1-2 rolls and the units they commit, the printed turn (23.0E)."""

from __future__ import annotations

import pytest

from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.scenarios import variants as var
from darkdec_qt.rules.scenarios.variant_events import ArrivalsShifted, VariantTriggered
from tests.rules.conftest_real import at, dice, init, turn
from tests.rules.rules_helpers import force_dice, run


def _triggered(events, rule):
    return [e for e in events if isinstance(e, VariantTriggered) and e.rule == rule]


# --- 23.0 conditional forces -------------------------------------------------------------------------


def _condition(st):
    """Germany in Bastogne and a supplied German unit within four hexes of the Meuse (23.0B)."""
    st.pos["26/12SS"] = st.module.town_hex("Bastogne")
    near = next(h for h in sorted(st.module.hexes) if var.victory.near_meuse(st, h, 3) and h not in st.occupancy()
                and not var.victory.west_of_meuse(st, h))
    st.pos["Peiper/1SS"] = near
    st.supply["Peiper/1SS"] = "supplied"
    return st


def test_23_0B_the_condition_needs_germany_in_bastogne_and_a_unit_near_the_meuse():
    st = _condition(at(init(), "24DecAM", phase=Phase.MOVEMENT))
    assert var.conditional_condition(st)
    allied = next(u for u in st.on_map("Allied") if not st.spec(u).is_leader)
    st.pos["26/12SS"] = st.pos[allied]
    st.pos[allied] = st.module.town_hex("Bastogne")
    assert not var.conditional_condition(st)  # an Allied unit in Bastogne is no German occupation
    st2 = _condition(at(init(), "24DecAM", phase=Phase.MOVEMENT))
    st2.pos["Peiper/1SS"] = st2.pos["26/12SS"]
    st2.pos["26/12SS"] = next(h for h in sorted(st2.module.hexes) if h not in st2.occupancy()
                              and not var.victory.near_meuse(st2, h, 6))
    assert var.conditional_condition(st2) == var.german_near_meuse(st2, 4)


def test_23_0A_F_the_pool_holds_the_sides_uncommitted_conditional_units():
    st = at(init(), "24DecAM")
    allied = var.conditional_pool(st, "Allied")
    german = var.conditional_pool(st, "German")
    assert allied == ["129/43", "130/43", "214/43", "33Arm", "5Arm/CCA", "5Arm/CCB", "5Arm/CCR"]
    assert len(german) == 8 and all(st.spec(u).side == "German" and st.spec(u).conditional for u in german)
    assert "66/262" not in allied and "1/HG" not in german  # 23.0F optional forces are not conditional
    st.pending["129/43"] = 25
    st.pos["130/43"] = "0101"
    st.eliminated.add("214/43")
    st.out_of_play.add("33Arm")
    st.exited.add("5Arm/CCA")
    st.withdrawn.add("5Arm/CCB")
    assert var.conditional_pool(st, "Allied") == ["5Arm/CCR"]


def test_26_12B_and_26_14B_take_german_conditional_forces_away_not_allied_ones():
    nordwind = at(init("26.12"), "24DecAM")
    assert var.conditional_pool(nordwind, "German") == ["10/10SS", "21/10SS", "22/10SS"]
    assert len(var.conditional_pool(nordwind, "Allied")) == 7
    russian = at(init("26.14"), "24DecAM")
    assert var.conditional_pool(russian, "German") == [] and len(var.conditional_pool(russian, "Allied")) == 7


def _rolls(side, values, first=False):
    st = at(init(), "21DecAM", side=side, phase=Phase.MOVEMENT)  # before the printed 22-23 December
    st.optional = frozenset({"23"})
    if not first:
        st.triggers["23B"] = st.turn - 1
    force_dice(st, *values)
    return st, var._conditional_events(st, dice(st))


@pytest.mark.parametrize(("values", "hits"), [((1, 2), 2), ((2, 3), 1), ((3, 6), 0)])
def test_23_0B_each_1_or_2_commits_three_units_not_before_their_printed_turn(values, hits):
    st, events = _rolls("German", values)
    assert [e.value for e in events if e.kind == "die_rolled"] == list(values)
    shifted = [e for e in events if isinstance(e, ArrivalsShifted)]
    chosen = var.conditional_pool(st, "German")[: 3 * hits]
    if not hits:
        assert not shifted and not any(isinstance(e, VariantTriggered) for e in events)
        return
    (e,) = shifted
    assert e.changes == tuple((u, turn("23DecAM")) for u in chosen)  # 23.0E: the printed turn, not this one
    assert [t.rule for t in events if isinstance(t, VariantTriggered)] == [f"{var.CONDITIONAL_PICK}{u}" for u in chosen]
    run(st, events)
    assert var.committed_this_turn(st, "German") == sorted(chosen)
    assert var.committed_this_turn(st, "Allied") == []


def test_23_0B_ccr_is_not_committed_twice_on_the_first_turn_of_the_condition():
    st, events = _rolls("Allied", (1, 1), first=True)
    shifted = [e for e in events if isinstance(e, ArrivalsShifted)]
    assert shifted[0].changes == (("5Arm/CCR", st.turn + 1),)
    committed = [u for u, _ in shifted[1].changes]
    assert len(committed) == 6 and "5Arm/CCR" not in committed
    st = at(init(), "21DecAM", side="Allied", phase=Phase.MOVEMENT)
    st.optional = frozenset({"23"})
    st.pending.update({"129/43": 15, "130/43": 15, "214/43": 15})  # committed before: three left and CCR
    force_dice(st, 1, 1)
    shifted = [e for e in var._conditional_events(st, dice(st)) if isinstance(e, ArrivalsShifted)]
    assert [u for u, _ in shifted[1].changes] == ["33Arm", "5Arm/CCA", "5Arm/CCB"]


def test_23_0B_ccr_already_committed_is_not_sent_again():
    st = at(init(), "21DecAM", side="German", phase=Phase.MOVEMENT)
    st.optional = frozenset({"23"})
    st.pending["5Arm/CCR"] = 15
    force_dice(st, 6, 6)
    events = var._conditional_events(st, dice(st))
    assert _triggered(events, "23B") and not any(isinstance(e, ArrivalsShifted) for e in events)


def test_23_0B_counter_turn_is_the_printed_arrival_or_this_turn():
    st = at(init(), "24DecAM")
    assert var._counter_turn(st, "5Arm/CCR") == turn("22DecAM")
    assert var._counter_turn(st, "33Arm") == turn("23DecAM")


def test_23_0B_committed_this_turn_reads_only_this_turns_picks_of_the_side():
    st = at(init(), "24DecAM")
    st.triggers[f"{var.CONDITIONAL_PICK}33Arm"] = st.turn
    st.triggers[f"{var.CONDITIONAL_PICK}5Arm/CCA"] = st.turn - 1
    st.triggers[f"{var.CONDITIONAL_PICK}10/10SS"] = st.turn
    st.triggers[f"{var.CONDITIONAL_PICK}nobody"] = st.turn
    assert var.committed_this_turn(st, "Allied") == ["33Arm"]
    assert var.committed_this_turn(st, "German") == ["10/10SS"]


def test_23_0B_the_phase_hook_rolls_in_the_movement_phase_with_the_rule_under_the_condition():
    st = _condition(at(init(), "24DecAM", phase=Phase.MOVEMENT))
    st.optional = frozenset({"23"})
    assert _triggered(var.phase_hook(st, dice(st)), "23B")
    supply = st.clone()
    supply.phase = Phase.SUPPLY
    assert not _triggered(var.phase_hook(supply, dice(supply)), "23B")
    off = st.clone()
    off.optional = frozenset()
    assert not _triggered(var.phase_hook(off, dice(off)), "23B")


def test_23_0D_units_committed_after_their_printed_turn_come_this_turn():
    st = at(init(), "24DecAM", side="German", phase=Phase.MOVEMENT)
    st.optional = frozenset({"23"})
    st.triggers["23B"] = st.turn - 1
    force_dice(st, 1, 6)
    (e,) = [e for e in var._conditional_events(st, dice(st)) if isinstance(e, ArrivalsShifted)]
    assert len(e.changes) == 3 and all(t == st.turn for _, t in e.changes)


# --- 23.0B CCR/5th Armored -------------------------------------------------------------------------


@pytest.mark.parametrize(("side", "later"), [("German", 0), ("Allied", 1)])
def test_23_0B_first_turn_of_the_condition_ccr_joins_the_allies_next_player_turn(side, later):
    st = at(init(), "26DecAM", side=side, phase=Phase.MOVEMENT)
    st.optional = frozenset({"23"})
    force_dice(st, 6, 6)
    events = var._conditional_events(st, dice(st))
    assert _triggered(events, "23B")
    due = st.turn + later  # Germany's turn: the Allied half of the same turn; the Allies': the next
    assert any(isinstance(e, ArrivalsShifted) and ("5Arm/CCR", due) in e.changes for e in events)


def test_23_0E_a_conditional_counter_without_a_printed_turn_comes_the_turn_it_is_committed():
    import dataclasses

    st = at(init(), "21DecAM")
    units = dict(st.module.units)
    units["33Arm"] = dataclasses.replace(units["33Arm"], arrival="")  # a module's counter without one
    st.module = dataclasses.replace(st.module, units=units)
    assert var._counter_turn(st, "33Arm") == st.turn
    assert var._counter_turn(st, "129/43") == turn("23DecAM")


def test_23_0B_the_events_of_the_first_turn_of_the_condition_word_for_word():
    from darkdec_qt.rules.core.events import DieRolled
    from darkdec_qt.rules.narrate import describe

    st = at(init(), "21DecAM", side="Allied", phase=Phase.MOVEMENT)
    st.optional = frozenset({"23"})
    force_dice(st, 2, 6)
    n, t = st.dice_count, st.turn
    events = var._conditional_events(st, dice(st))
    chosen = ("129/43", "130/43", "214/43")
    assert events == [
        VariantTriggered(rule="23B", turn=t, detail="Germany holds Bastogne near the Meuse (23.0B)"),
        ArrivalsShifted(changes=(("5Arm/CCR", t + 1),), reason="23.0B"),
        DieRolled(purpose="Allied conditional forces (23.0B)", value=2, index=n),
        DieRolled(purpose="Allied conditional forces (23.0B)", value=6, index=n + 1),
        ArrivalsShifted(changes=tuple((u, turn("23DecAM")) for u in chosen),
                        reason="conditional forces committed (23.0B)"),
        *[VariantTriggered(rule=f"23B/{u}", turn=t, detail="default selection (23.0B)") for u in chosen]]
    assert describe(events[0], st.module) == "Germany holds Bastogne near the Meuse (23.0B) (23B)"
    assert describe(events[2], st.module) == "die rolled for Allied conditional forces (23.0B): 2"


def test_23_0B_within_four_hexes_of_the_west_side_of_the_meuse_not_five():
    from darkdec_qt import hexgrid
    from darkdec_qt.rules.movement.restricted import meuse_west_hexes

    st = at(init(), "24DecAM", phase=Phase.MOVEMENT)
    st.pos["26/12SS"] = st.module.town_hex("Bastogne")
    st.supply["Peiper/1SS"] = "supplied"
    west = meuse_west_hexes(st)
    free = [h for h in sorted(st.module.hexes) if h not in st.occupancy()]
    for reach, holds in ((4, True), (5, False)):
        st.pos["Peiper/1SS"] = next(h for h in free if min(hexgrid.distance(h, w) for w in west) == reach)
        assert var.conditional_condition(st) == holds, reach


def test_23_0B_a_map_without_bastogne_never_meets_the_condition():
    from tests.rules.builder import ScenarioBuilder

    b = ScenarioBuilder(6, 6)
    b.unit("G", "German", at="0101")
    st = b.state(turn="24DecAM", side="German", phase=Phase.MOVEMENT)
    assert st.module.town_hex("Bastogne") is None and not var.conditional_condition(st)


"""File exchange: step losses and retreat paths decided in advance by standing orders, as a PBEM
player writes them on the order sheet: ``least_losses`` (13.5.4 bracketed losses, 13.5.6A fire fights,
13.6.1A/13.6.3 retreat losses) and ``retreat_by_priorities`` (13.6B). Each gives the command it says
and only when one ranks first (a tie goes back to the player); the receiver refuses a segment whose
automatic step differs; a whole game with them ends in the same state on both sides
(darkdec_qt/game/exchange/allocation.py, docs/file-exchange.md)."""

from __future__ import annotations

import json

import pytest

from darkdec_qt.game.exchange.orders import ORDERS, standing_command
from darkdec_qt.rules.combat import procedure as combat
from darkdec_qt.rules.combat.commands import ChooseLosses, ChooseRetreat
from tests.exchange.helpers import Duel
from tests.exchange.helpers import refused_segment as _refused
from tests.rules.combat_builder import CombatBuilder
from tests.rules.combat_helpers import pending

EVERY = ("default_declaration", "no_reaction", "prefer_retreat", "defender_advance")
NEW = ("least_losses", "retreat_by_priorities")
LEAST = {"least_losses": True}
BY_PRIORITIES = {"retreat_by_priorities": True}


def _given(state, orders, side, cmd):  # noqa: ANN001
    """The order gives ``cmd``, and the engine accepts it."""
    got = standing_command(state, orders, side)
    assert got == cmd
    combat.check(state, got)
    return got


# --- 13.5.6A fire fight ---------------------------------------------------------------------------------

def _fire_fight(**defenders: dict) -> object:
    b = CombatBuilder().allied("x", "0505", a=8, d=4, reduced=(4, 2, 4)).allied("y", "0506", a=6, d=6, reduced=(3, 3, 4)) \
        .allied("z", "0405", a=4, d=4)
    for uid, kw in defenders.items():
        b.german(uid, "0606", **kw)
    s = b.build()
    s.side = "Allied"
    return s


def test_13_5_6A_the_defender_loses_the_step_that_costs_least_and_a_leader_last():
    s = _fire_fight(g1=dict(d=4, reduced=(2, 2, 4)), g2=dict(d=6, reduced=(3, 3, 4)),
                    L=dict(a=0, d=0, type="leader"))
    pending(s, ("x", "y", "z"), ("g1", "g2", "L"), "FF", (("ff_def", "German", "", 0),))
    _given(s, LEAST, "German", ChooseLosses(units=("g1",)))  # 2 defense points, not g2's 3
    s.reduced.add("g1")  # a step of g1 now eliminates it (5.1D): g2 loses the step
    _given(s, LEAST, "German", ChooseLosses(units=("g2",)))
    del s.pos["g2"]  # the leader's step costs no defense point, but a leader goes last (15.5B)
    _given(s, LEAST, "German", ChooseLosses(units=("g1",)))


def test_13_5_6A_identical_defenders_tie_and_the_player_chooses():
    s = _fire_fight(g1=dict(d=4), g2=dict(d=4))
    pending(s, ("x", "y", "z"), ("g1", "g2"), "FF", (("ff_def", "German", "", 0),))
    assert standing_command(s, LEAST, "German") is None
    assert standing_command(s, {"prefer_retreat": True}, "German") is None  # not signed: by hand


def test_13_5_6A_the_attacker_takes_the_fewest_steps_that_meet_the_defenders_loss():
    s = _fire_fight(g1=dict(d=4))
    pending(s, ("x", "y", "z"), ("g1",), "FF", (("ff_att", "Allied", "", 3),))
    _given(s, LEAST, "Allied", ChooseLosses(units=("y",)))  # one step of y loses 3 points
    s.battle = s.battle.with_(tasks=(("ff_att", "Allied", "", 4), ("done", "", "", 0)))
    # no single step loses 4; of the pairs, x and z lose exactly 4 and eliminate nothing
    _given(s, LEAST, "Allied", ChooseLosses(units=("x", "z")))


def test_13_5_6A_attackers_tie_and_the_player_chooses():
    s = CombatBuilder().allied("x", "0505").allied("z", "0405").german("g1", "0606").build()
    s.side = "Allied"
    pending(s, ("x", "z"), ("g1",), "FF", (("ff_att", "Allied", "", 2),))
    assert standing_command(s, LEAST, "Allied") is None


def test_13_5_6A_a_fire_fight_too_large_to_weigh_goes_back_to_the_player(monkeypatch):
    # 18 attackers whose steps lose one defense point each: six steps meet a loss of 6, and the
    # order would look at 100,947 sets of six before it finds the cheapest: it weighs a bounded number
    # (MAX_SETS), then gives the choice back
    from darkdec_qt.game.exchange import allocation

    b = CombatBuilder().german("g1", "0606")
    names = []
    for n, h in enumerate(["0505", "0506", "0605", "0607", "0706", "0707"]):
        for k in range(3):
            names.append(f"x{n}{k}")
            b.allied(names[-1], h, a=2 + len(names), d=2, reduced=(1, 1, 4))
    s = b.build()
    s.side = "Allied"
    pending(s, tuple(names), ("g1",), "FF", (("ff_att", "Allied", "", 6),))
    assert standing_command(s, LEAST, "Allied") is None
    monkeypatch.setattr(allocation, "MAX_SETS", 10**6)  # without the bound: the six cheapest steps
    assert standing_command(s, LEAST, "Allied") == ChooseLosses(units=tuple(sorted(names[:6])))


# --- 13.5.4 bracketed losses --------------------------------------------------------------------------

def test_13_5_4_bracketed_steps_are_spread_so_that_no_unit_is_eliminated():
    s = _fire_fight(g1=dict(d=4))
    pending(s, ("x", "y"), ("g1",), "A1[2]", (("mandatory", "Allied", "", 2),))
    _given(s, LEAST, "Allied", ChooseLosses(units=("x", "y")))  # not x twice nor y twice


def test_13_9_2A_the_order_takes_the_attackers_losses_from_its_armored_units():
    s = CombatBuilder().terrain("0606", "woods").allied("i", "0505", d=2, reduced=(1, 1, 4)) \
        .allied("t", "0506", d=6, reduced=(3, 3, 4), type="armor").german("g1", "0606").build()
    s.side = "Allied"
    pending(s, ("i", "t"), ("g1",), "A1[1]", (("mandatory", "Allied", "", 1),), armor_used=True)
    _given(s, LEAST, "Allied", ChooseLosses(units=("t",)))  # i would cost less, but 13.9.2A


# --- 13.6 retreat ------------------------------------------------------------------------------------------

def _retreat(side: str, **terrain: str) -> object:
    b = CombatBuilder()
    for h, t in terrain.items():
        b.terrain(h, t)
    if side == "German":  # the Allied attacker west of the German defender in 0606
        s = b.allied("a", "0506", a=8).german("g", "0606").build()
        s.side = "Allied"
        pending(s, ("a",), ("g",), "D1", (("retreat", "German", "0606", 1),))
    else:  # the German attacker east of the Allied defender in 0606
        s = b.german("g", "0706", a=8).allied("a", "0606").build()
        pending(s, ("g",), ("a",), "D1", (("retreat", "Allied", "0606", 1),))
    return s


def test_13_6B_german_units_retreat_generally_east_then_into_the_best_terrain():
    # 0706 and 0707 are both east of 0606 (0607 is not): a tie until the terrain tells them apart
    assert standing_command(_retreat("German"), BY_PRIORITIES, "German") is None
    assert standing_command(_retreat("German", **{"0607": "woods"}), BY_PRIORITIES, "German") is None
    _given(_retreat("German", **{"0707": "woods"}), BY_PRIORITIES, "German",
           ChooseRetreat(units=("g",), path=("0606", "0707")))


def test_13_6B_allied_units_retreat_north_south_or_west_then_into_the_best_terrain():
    assert standing_command(_retreat("Allied"), BY_PRIORITIES, "Allied") is None  # 0506, 0507, 0607
    _given(_retreat("Allied", **{"0507": "woods"}), BY_PRIORITIES, "Allied",
           ChooseRetreat(units=("a",), path=("0606", "0507")))
    # never east while another way is open, whatever the terrain there (13.6B priority 5)
    assert standing_command(_retreat("Allied", **{"0705": "woods"}), BY_PRIORITIES, "Allied") is None


def test_13_6_1A_the_step_a_retreat_into_enemy_zoc_costs_is_taken_by_least_losses():
    # the German stack in a corner: its only way out, 0201, is in the enemy's ZOC: a step (13.6.1A)
    s = CombatBuilder().allied("a", "0102", a=8).allied("b", "0202").german("g1", "0101", d=4) \
        .german("g2", "0101", d=6, reduced=(3, 3, 4)).build()
    s.side = "Allied"
    pending(s, ("a", "b"), ("g1", "g2"), "D1", (("retreat", "German", "0101", 1),))
    assert standing_command(s, BY_PRIORITIES, "German") is None  # one path, two ways to lose the step
    _given(s, {**BY_PRIORITIES, **LEAST}, "German", ChooseRetreat(units=("g1", "g2"), path=("0101", "0201"),
                                                                       losses=("g1",)))


def test_the_orders_are_offered_where_standing_orders_are_chosen():
    from darkdec_qt.cli_exchange import ORDERS_HELP

    assert set(NEW) <= set(ORDERS) and all(n in ORDERS_HELP for n in ORDERS)


# --- by files ---------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def by_files(tmp_path_factory):
    """Herbstnebel to its end by files, every standing order with the new ones, battle plans."""
    duel = Duel(tmp_path_factory.mktemp("loss-retreat-orders"), orders=(*EVERY, *NEW), seed=2, plan=True,
                advances=True)
    while duel.step() is not None:
        pass
    return duel


def _given_by_orders(duel: Duel, kind: str) -> tuple[int, int, dict]:
    for k, s in enumerate(duel.session("German").xg.segments):
        body = json.loads(s.raw)
        for i, b in enumerate(body["batches"]):
            if b["by"] == "orders" and b["command"]["kind"] == kind and (kind != "choose_retreat"
                                                                         or len(b["command"]["path"]) > 1):
                return k, i, body
    raise AssertionError(f"no {kind} given by a standing order")


@pytest.mark.slow
def test_a_whole_game_with_the_orders_ends_in_the_same_state_on_both_sides(by_files):
    from darkdec_qt.exchangestore import PlayerHome

    hashes = {side: PlayerHome(h.root).load(by_files.game_id).xg.game.state for side, h in by_files.homes.items()}
    assert all(st.game_over for st in hashes.values())
    assert hashes["German"].state_hash() == hashes["Allied"].state_hash()
    _given_by_orders(by_files, "choose_losses")
    _given_by_orders(by_files, "choose_retreat")


@pytest.mark.slow
def test_a_changed_loss_or_retreat_given_by_the_orders_is_refused(by_files, module):
    k, i, body = _given_by_orders(by_files, "choose_losses")
    as_own = json.loads(json.dumps(body))
    as_own["batches"][i]["by"] = "self"  # the author gives it as its own choice
    assert f"segment {k}, command {i}" in str(_refused(by_files, k, as_own, module))
    k, i, body = _given_by_orders(by_files, "choose_retreat")
    other = json.loads(json.dumps(body))
    cmd = other["batches"][i]["command"]
    cmd["path"] = [cmd["path"][0]]  # the stack stays and loses a step instead (13.6.1B), not the ranked path
    assert f"segment {k}, command {i}" in str(_refused(by_files, k, other, module))

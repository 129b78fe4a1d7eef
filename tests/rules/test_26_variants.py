"""26.1-26.20: the game variants, on the real module's order of battle."""

from __future__ import annotations

import pytest

from darkdec_qt import hexgrid
from darkdec_qt.game.selfplay import selfplay
from darkdec_qt.game.session import Game
from darkdec_qt.rules.combat import crt
from darkdec_qt.rules.core.commands import StartGame
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.movement import reinforcements
from darkdec_qt.rules.opening import initial
from darkdec_qt.rules.scenarios import freesetup, victory
from darkdec_qt.rules.scenarios import variants as var
from darkdec_qt.rules.scenarios.montgomery import DeclareWithdrawal
from darkdec_qt.rules.scenarios.variant_events import ArrivalsShifted, VariantTriggered
from darkdec_qt.rules.scenarios.variants import ChooseVictoryConditions, DeclareAirContention
from tests.rules.conftest_real import at, dice, division, init, real_module, turn


def _allied_pending(st):
    return {u: t for u, t in st.pending.items() if st.spec(u).side == "Allied"}


def _german_pending(st):
    return {u: t for u, t in st.pending.items() if st.spec(u).side == "German"}


# --- 26.1 The Allies Warned ----------------------------------------------------------------


def test_26_1A_every_allied_reinforcement_arrives_one_turn_earlier():
    base, warned = init(), init("26.1")
    allied = _allied_pending(base)
    assert allied
    for u, t in allied.items():
        assert warned.pending[u] == max(1, t - 1), u
    assert _german_pending(warned) == _german_pending(base)


def test_26_1B_no_surprise_drm_and_26_1C_no_restricted_movement():
    base, warned = at(init(), "16DecAM"), at(init("26.1"), "16DecAM")
    assert crt.surprise(base, "German") and not crt.surprise(warned, "German")
    u = "106/422"
    base.side = warned.side = "Allied"
    with pytest.raises(IllegalAction) as exc:
        initial.check_may_move(base, u)
    assert exc.value.rule == "18.3B"
    initial.check_may_move(warned, u)
    assert initial.max_hexes(base, u) == 1 and initial.max_hexes(warned, u) is None


# --- 26.2, 26.3 -----------------------------------------------------------------------------


def test_26_2_allied_arrivals_through_pm_18_december_delayed_one_turn():
    base, st = init(), init("26.2")
    last = turn("18DecPM")
    for u, t in _allied_pending(base).items():
        assert st.pending[u] == (t + 1 if t <= last else t), u
    assert st.pending["3Arm/CCA"] == turn("19DecAM")  # the rulebook's example: PM 18 -> AM 19
    assert st.pending["1/16"] == turn("19DecAM")  # after PM 18 Dec: unchanged


def test_26_3_patton_south_edge_divisions_two_turns_late():
    base, st = init(), init("26.3")
    delayed = {u for d in ("4Arm", "10Arm", "5", "26", "80") for u in division(base, d)}
    assert len(delayed) == 15
    for u, t in _allied_pending(base).items():
        assert st.pending[u] == t + (2 if u in delayed else 0), u


# --- 26.4, 26.6 2nd Infantry Division ----------------------------------------------------------


def test_26_4_second_division_removed_and_99th_near_elsenborn():
    st = init("26.4")
    for u in var.SECOND_DIVISION:
        assert u not in st.pos and u in st.out_of_play
    elsenborn = real_module().town_hex("Elsenborn")
    hexes = [st.pos[u] for u in var.NINETY_NINTH]
    assert all(hexgrid.distance(h, elsenborn) <= 3 for h in hexes)
    assert len(set(hexes)) == 3


def test_26_6_second_division_west_of_the_our():
    st = init("26.6")
    for u in var.SECOND_DIVISION:
        assert u in st.pos and st.module.hexes[st.pos[u]].army is None
        assert freesetup.in_zone(st, u, st.pos[u], "west_of_our") is None
    assert not st.out_of_play & set(var.SECOND_DIVISION)


def test_26_4B_allies_set_up_first_6_0H():
    g = Game(real_module(), "campaign", "1", optional=(), variants=("26.4",), setup="free")
    assert not g.state.started and g.state.to_place["99/393"] == "elsenborn3"
    german = next(u for u, z in g.state.to_place.items() if g.state.spec(u).side == "German")
    with pytest.raises(IllegalAction) as exc:
        g.execute(freesetup.PlaceUnit(german, freesetup.legal_hexes(g.state, german)[0]))
    assert exc.value.rule == "6.0H"
    with pytest.raises(IllegalAction) as exc:
        g.execute(freesetup.PlaceUnit("99/393", "0101"))
    assert exc.value.rule == "26.4B"


# --- 26.5 All Out German Effort, 26.16, 26.18 -----------------------------------------------------


def test_26_5A_german_reinforcements_two_days_early_26_5B_drop_on_turn_one():
    base, st = init(), init("26.5")
    for u, t in _german_pending(base).items():
        if u == "vdHeydte":
            continue
        assert st.pending[u] == max(1, t - 4), u
    assert st.pending["FBB"] == turn("17DecAM")
    assert _allied_pending(st) == _allied_pending(base)
    drop = at(st, "16DecAM", phase=Phase.MOVEMENT)
    assert initial.paradrop_due(drop) and not initial.paradrop_due(at(base, "16DecAM", phase=Phase.MOVEMENT))


def test_26_16_eastern_reserves_on_am_17_december():
    assert not any(u in init("26.5").pending for u in division(init(), "HG"))
    st = init("26.5", "26.16")
    for d in ("HG", "3SS"):
        for u in division(st, d):
            assert st.pending[u] == turn("17DecAM")


def test_26_16B_and_26_18B_combinations_are_enforced():
    with pytest.raises(IllegalAction):
        Game(real_module(), "campaign", "1", optional=(), variants=("26.16",))
    with pytest.raises(IllegalAction):
        Game(real_module(), "campaign", "1", optional=(), variants=("26.18", "26.5"))


def test_26_18A_ii_ss_panzer_corps_deployed_at_start():
    st = init("26.5", "26.16", "26.18")
    for d in ("9SS", "2SS"):
        for u in division(st, d):
            assert u not in st.pending
            assert st.module.hexes[st.pos[u]].army in ("5PZA", "6PZA", "7A")
            assert freesetup.east_of_westwall(st, st.pos[u], 2)


def _game_1826(seed: str) -> Game:
    return Game(real_module(), "campaign", seed, optional=(), variants=("26.5", "26.16", "26.18"))


def test_26_18C_die_roll_5_or_6_implements_26_1():
    warned = quiet = None
    for seed in map(str, range(40)):
        g = _game_1826(seed)
        roll = next(e for e in g.events if e.kind == "die_rolled" and "26.18C" in e.purpose)
        if roll.value >= 5 and warned is None:
            warned = g
        if roll.value <= 4 and quiet is None:
            quiet = g
        if warned and quiet:
            break
    assert warned is not None and quiet is not None
    assert "26.1" in warned.state.variants and "26.1" not in quiet.state.variants
    base = _allied_pending(warned.initial)
    for u, t in base.items():
        assert warned.state.pending[u] == max(1, t - 1)
        assert quiet.state.pending[u] == t
    assert not crt.surprise(warned.state, "German") and crt.surprise(quiet.state, "German")


# --- 26.7, 26.9 SS Panzer relocation -------------------------------------------------------------


@pytest.mark.parametrize("v", ["26.7", "26.9"])
def test_26_7_ss_panzer_divisions_in_any_army_area(v):
    g = Game(real_module(), "campaign", "1", optional=(), variants=(v,), setup="free")
    peiper = "Peiper/1SS"
    assert g.state.to_place[peiper] == "any_army"
    hexes = freesetup.legal_hexes(g.state, peiper)
    assert {g.state.module.hexes[h].army for h in hexes} == {"5PZA", "6PZA", "7A"}
    bad = next(h for h, hx in g.state.module.hexes.items() if hx.army == "7A" and not freesetup.east_of_westwall(
        g.state, h, 2))
    with pytest.raises(IllegalAction) as exc:
        g.execute(freesetup.PlaceUnit(peiper, bad))
    assert exc.value.rule in ("6.1C", "26.7")


# --- 26.8 Small Solution, 26.12 Nordwind, 26.14 Russian Offensive -------------------------------------


def test_26_8_small_solution_removals():
    st = init("26.8")
    for d in ("1", "9", "83", "2Arm", "246VG", "167VG", "9VG", "9SS", "15PzG"):
        for u in division(st, d):
            assert u not in st.pending and u in st.out_of_play, u
    assert "FBB" in st.pending and "7Arm/CCA" in st.pending


def test_26_12_nordwind_removals_and_conditional_forces():
    st = init("26.12")
    for d in ("35", "84", "11Arm"):
        for u in division(st, d):
            assert u not in st.pending
    pool = var.conditional_pool(st, "German")
    assert pool and not any(st.spec(u).division in ("11Pz", "17SS") for u in pool)
    assert any(st.spec(u).division == "10SS" for u in pool)


def test_26_14_no_german_reinforcement_after_am_20_december():
    st = init("26.14")
    cutoff = turn("20DecAM")
    for u, t in _german_pending(st).items():
        due = reinforcements.arrival_turn(st, u)
        assert (due is None) == (t > cutoff), u
    late = at(st, "24DecPM", phase=Phase.MOVEMENT)
    german_due = [u for u in reinforcements.due_units(late) if st.spec(u).side == "German"]
    assert german_due and all(st.pending[u] <= cutoff for u in german_due)  # only the earlier ones, late
    assert var.conditional_pool(st, "German") == []
    assert reinforcements.arrival_turn(st, "FBB") == turn("19DecAM")


# --- 26.10 XXX Corps ---------------------------------------------------------------------------------


def test_26_10_british_arrive_only_after_the_meuse_or_35_us_losses():
    st = init("26.10")
    british = [u for u in st.pending if st.spec(u).nationality == "British"]
    assert british
    assert all(reinforcements.arrival_turn(st, u) is None for u in british)
    s = at(st, "24DecAM", side="German", phase=Phase.MOVEMENT)
    assert not any(e.kind == "variant_triggered" and e.rule == "26.10" for e in var.phase_hook(s, dice(s)))
    west = next(h for h in sorted(s.module.hexes) if victory.west_of_meuse(s, h))
    s.pos["Peiper/1SS"] = west
    evs = var.phase_hook(s, dice(s))
    trig = next(e for e in evs if isinstance(e, VariantTriggered) and e.rule == "26.10")
    assert trig.turn == s.turn  # the following Allied player turn is this turn's
    s.triggers["26.10"] = trig.turn
    assert all(reinforcements.arrival_turn(s, u) == max(st.pending[u], s.turn) for u in british)
    s2 = at(st, "20DecAM", side="Allied", phase=Phase.MOVEMENT)
    for u in sorted(s2.module.units)[:36]:
        if s2.spec(u).nationality == "US":
            s2.eliminated.add(u)
    if var.us_destroyed(s2) > 35:
        assert any(isinstance(e, VariantTriggered) and e.turn == s2.turn + 1 for e in var.phase_hook(s2, dice(s2)))


# --- 26.11, 26.13 commands ---------------------------------------------------------------------------


def test_26_11_luftwaffe_contention_once_weather_is_clear():
    st = at(init("26.11"), "23DecAM")
    st.weather[st.turn] = "overcast"
    with pytest.raises(IllegalAction):
        var._check_contention(st, DeclareAirContention(), None)
    st.weather[st.turn] = "clear"
    evs = var._check_contention(st, DeclareAirContention(), None)
    assert {e.turn for e in evs if e.kind == "weather_set"} == {-st.turn, -(st.turn + 1)}
    with pytest.raises(IllegalAction):
        var._check_contention(at(init(), "23DecAM"), DeclareAirContention(), None)


def test_26_13_montgomery_withdrawal_declared():
    st = at(init("26.13"), "24DecAM", side="Allied", phase=Phase.MOVEMENT)
    assert not var.montgomery_withdrawal(st)
    (e,) = var._check_withdrawal(st, DeclareWithdrawal(), None)
    st.triggers[e.rule] = e.turn
    assert var.montgomery_withdrawal(st)
    with pytest.raises(IllegalAction):
        var._check_withdrawal(at(init(), "24DecAM", side="Allied", phase=Phase.MOVEMENT), DeclareWithdrawal(), None)


# --- 26.15, 26.17 entry hexes ---------------------------------------------------------------------------


def test_26_15_big_solution_any_edge_hex_but_5001_and_4401():
    base, st = init(), init("26.15")
    u = "1/16"  # north edge, areas C D
    printed = reinforcements.entry_hexes(base, u)
    anywhere = reinforcements.entry_hexes(st, u)
    assert set(printed) < set(anywhere)
    assert all(st.module.hexes[h].edge == "N" for h in anywhere)
    assert "5001" not in anywhere and "4401" in printed  # 26.15B only limits the added hexes
    assert "5001" not in reinforcements.entry_hexes(st, "30/117") and "4401" not in reinforcements.entry_hexes(
        st, "30/117")
    assert reinforcements.entry_hexes(st, "FBB") == reinforcements.entry_hexes(base, "FBB")


def test_26_17_66th_division_am_24_december_on_any_west_road_hex():
    st = init("26.17")
    for u in division(st, "66"):
        assert st.pending[u] == turn("24DecAM")
        hexes = reinforcements.entry_hexes(st, u)
        assert hexes and all(st.module.hexes[h].edge == "W" and h in st.module.road_links for h in hexes)
    assert not any(u in init().pending for u in division(st, "66"))


# --- 26.19 German Reserve Commitment -------------------------------------------------------------------


def test_26_19_fuhrer_begleit_arrives_the_turn_after_st_vith_falls():
    st = at(init("26.19"), "18DecAM")
    assert st.pending["FBB"] == turn("19DecAM")
    assert not any(isinstance(e, ArrivalsShifted) for e in var.phase_hook(st, dice(st)))
    st.pos["293/18"] = st.module.town_hex("St. Vith")
    evs = [e for e in var.phase_hook(st, dice(st)) if isinstance(e, ArrivalsShifted)]
    assert evs and ("FBB", st.turn) in evs[0].changes
    base = at(init(), "18DecAM")
    base.pos["293/18"] = base.module.town_hex("St. Vith")
    assert not any(isinstance(e, ArrivalsShifted) for e in var.phase_hook(base, dice(base)))


# --- 26.20 Campaign Game victory conditions -----------------------------------------------------------


def _campaign_unstarted() -> Game:
    return Game(real_module(), "campaign", "1", optional=(), start=False)


def test_26_20B_small_solution_north_edge_two_turns_earlier_and_told_on_turn_7():
    g = _campaign_unstarted()
    base = dict(g.state.pending)
    g.execute(ChooseVictoryConditions("small_solution"))
    g.execute(StartGame())
    for u, t in base.items():
        s = g.state.spec(u)
        early = s.side == "Allied" and var.entry_edge(g.state, u) == "N" and t > 8
        assert g.state.pending[u] == (t - 2 if early else t), u
    assert not var.vc_choice_visible(g.state, "Allied") and var.vc_choice_visible(g.state, "German")
    st = at(g.state, "19DecAM")  # turn 7
    evs = var.phase_hook(st, dice(st))
    assert any(isinstance(e, VariantTriggered) and e.rule == "26.20" for e in evs)


def test_26_20C_luxembourg_south_edge_three_turns_earlier_no_german_after_pm_20():
    g = _campaign_unstarted()
    base = dict(g.state.pending)
    g.execute(ChooseVictoryConditions("luxembourg"))
    st = g.state
    for u, t in base.items():
        s = st.spec(u)
        early = s.side == "Allied" and var.entry_edge(st, u) == "S" and t > turn("21DecPM")
        assert st.pending[u] == (t - 3 if early else t), u
        if s.side == "German":
            assert (reinforcements.arrival_turn(st, u) is None) == (t > turn("20DecPM"))
    assert st.pending["26/101"] == turn("21DecAM")  # before PM 21: unchanged


def test_26_20A_choice_only_once_before_play_in_the_campaign():
    g = _campaign_unstarted()
    g.execute(ChooseVictoryConditions("historical"))
    with pytest.raises(IllegalAction):
        g.execute(ChooseVictoryConditions("luxembourg"))
    h = Game(real_module(), "herbstnebel", "1", optional=(), start=False)
    with pytest.raises(IllegalAction) as exc:
        h.execute(ChooseVictoryConditions("luxembourg"))
    assert exc.value.rule == "26.20A"
    started = Game(real_module(), "campaign", "1", optional=())
    with pytest.raises(IllegalAction):
        started.execute(ChooseVictoryConditions("small_solution"))


# --- every variant plays ------------------------------------------------------------------------------

HERBSTNEBEL = ("26.1", "26.2", "26.4", "26.5", "26.6", "26.7")
_NEEDS = {"26.16": ("26.5", "26.16"), "26.18": ("26.5", "26.16", "26.18")}


@pytest.mark.parametrize("v", [f"26.{i}" for i in range(1, 20)])
def test_every_variant_plays_two_turns(v):
    chosen = _NEEDS.get(v, (v,))
    scenario = "herbstnebel" if v in HERBSTNEBEL or v in _NEEDS else "campaign"
    g = selfplay(real_module(), scenario, 3, turns=2, variants=chosen, optional=())
    assert g.state.turn >= 2 and set(chosen) <= g.state.variants


def test_variant_games_replay_from_their_file(tmp_path):
    from darkdec_qt import gamestore

    g = selfplay(real_module(), "herbstnebel", 5, turns=1, variants=("26.5", "26.16", "26.18", "26.4"), optional=())
    path = tmp_path / "v.ddg"
    gamestore.save(g, path)
    assert gamestore.verify(path).ok
    opened = gamestore.open_game(path).game
    assert opened.state.state_hash() == g.state.state_hash() and "26.18" in opened.variants

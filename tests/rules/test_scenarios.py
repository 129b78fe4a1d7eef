"""Scenarios (6.0C-G, 7.2F), their reconstructed set-ups, and the optional-rule toggles
(23, 24, 25 and their path to the engine)."""

from __future__ import annotations

import pytest

from darkdec_qt import gamestore
from darkdec_qt.game.selfplay import scenario_turns, selfplay
from darkdec_qt.game.session import Game
from darkdec_qt.rules import fog as fogofwar
from darkdec_qt.rules import weather
from darkdec_qt.rules.core.options import OPTIONAL_RULES
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.scenarios import variants as var
from darkdec_qt.rules.scenarios import victory
from darkdec_qt.rules.scenarios.scenario_setup import GERMAN_HELD
from darkdec_qt.rules.scenarios.variant_events import ArrivalsShifted, VariantTriggered
from tests.rules.conftest_real import at, dice, init, real_module, turn

SCENARIOS = ("campaign", "extended", "herbstnebel", "turning_point", "final_fury", "reduction")


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_each_scenario_plays_a_few_turns_with_a_verdict(scenario):
    g = selfplay(real_module(), scenario, 7, turns=2)
    sc = real_module().scenarios[scenario]
    assert g.state.turn >= real_module().turn(sc.first_turn).number + 1
    v = victory.evaluate(g.state)
    assert v.winner in ("German", "Allied", "none") and v.text()


def test_7_2F_herbstnebel_ends_on_its_last_turn_with_a_verdict():
    g = selfplay(real_module(), "herbstnebel", 11)
    assert g.state.game_over and g.state.turn == turn("18DecPM")
    assert g.events[-1].kind == "game_ended"
    assert victory.evaluate(g.state).final
    assert scenario_turns(real_module(), "herbstnebel") == 6


@pytest.mark.parametrize("scenario", ["turning_point", "final_fury", "reduction"])
def test_reconstructed_setup_of_later_scenarios(scenario):
    st = init(scenario=scenario)
    sc = st.module.scenarios[scenario]
    assert st.turn == turn(sc.first_turn) and not st.to_place
    assert all(t >= st.turn for t in st.pending.values())  # the earlier reinforcements are on the map
    sides: dict[str, set[str]] = {}
    count: dict[str, int] = {}
    for u, h in st.pos.items():
        sides.setdefault(h, set()).add(st.spec(u).side)
        if not st.spec(u).is_leader:
            count[h] = count.get(h, 0) + 1
    assert all(len(s) == 1 for s in sides.values()) and max(count.values()) == 1
    assert "106/422" in st.eliminated  # historical losses (surrendered 19 Dec)
    held = GERMAN_HELD[scenario]
    assert all(victory.town_control(st, t) == "German" for t in held if st.module.town_hex(t))
    assert victory.town_control(st, "Bastogne") == "Allied"
    assert any(st.spec(u).division == "101" for u in st.units_at(st.module.town_hex("Bastogne")))
    assert not victory.evaluate(st).final


def test_later_scenario_setup_is_deterministic():
    a = Game(real_module(), "turning_point", "1", optional=()).initial
    b = Game(real_module(), "turning_point", "2", optional=()).initial
    assert a.pos == b.pos and a.pending == b.pending


# --- optional rules reach the engine ---------------------------------------------------------------


@pytest.mark.parametrize("rule", ["10.3", "12.3", "12.4", "8.6", "14", "15", "15.9", "7.1.7A", "10.8", "23", "24",
                                  "25"])
def test_optional_rule_toggle_is_recorded_and_reaches_the_engine(rule, tmp_path):
    chosen = (rule, "15") if rule == "13.5.1E" else (rule,)
    g = Game(real_module(), "campaign", "1", optional=chosen)
    assert g.state.has_rule(rule) and not Game(real_module(), "campaign", "1", optional=()).state.has_rule(rule)
    path = tmp_path / "g.ddg"
    gamestore.save(g, path)
    assert gamestore.open_game(path).game.state.has_rule(rule)
    assert rule in OPTIONAL_RULES


def test_13_5_1E_needs_15():
    from darkdec_qt.rules.core.errors import IllegalAction

    with pytest.raises(IllegalAction):
        Game(real_module(), "campaign", "1", optional=("13.5.1E",))
    assert Game(real_module(), "campaign", "1", optional=("13.5.1E", "15")).state.has_rule("13.5.1E")


def test_24_uncertain_weather_from_am_22_december_clear_until_am_29():
    st = init()
    st.optional = frozenset({"24"})
    early = at(st, "21DecPM")
    assert weather.turn_start_events(early, dice(early)) == []
    s = at(st, "22DecAM")
    evs = weather.turn_start_events(s, dice(s))
    assert evs[0].kind == "die_rolled" and evs[-1].kind == "weather_set"
    s = at(st, "25DecAM")
    s.weather[s.turn - 1] = "clear"
    (e,) = weather.turn_start_events(s, dice(s))
    assert e.weather == "clear"  # 24.0C: stays clear
    s = at(st, "29DecAM")
    s.weather[s.turn - 1] = "clear"
    for e in weather.turn_start_events(s, dice(s)):
        s.weather[e.turn] = e.weather
    assert s.weather_now() == "overcast"  # 24.0C: overcast with heavy snow from AM 29 Dec
    off = at(init(), "22DecAM")
    assert weather.turn_start_events(off, dice(off)) == []


def _bastogne_and_meuse(st):
    st.pos["26/12SS"] = st.module.town_hex("Bastogne")
    near = next(h for h in sorted(st.module.hexes) if victory.near_meuse(st, h, 3) and h not in st.occupancy()
                and not victory.west_of_meuse(st, h))
    st.pos["Peiper/1SS"] = near
    st.supply["Peiper/1SS"] = "supplied"
    return st


def test_23_conditional_forces_condition_ccr_and_dice():
    st = init()
    st.optional = frozenset({"23"})
    s = _bastogne_and_meuse(at(st, "24DecAM", phase=Phase.MOVEMENT))
    assert var.conditional_condition(s)
    evs = var.phase_hook(s, dice(s))
    assert any(isinstance(e, VariantTriggered) and e.rule == "23B" for e in evs)
    ccr = [e for e in evs if isinstance(e, ArrivalsShifted) and e.reason == "23.0B"]
    assert ccr and ccr[0].changes == (("5Arm/CCR", s.turn),)
    rolls = [e for e in evs if e.kind == "die_rolled"]
    assert len(rolls) == 2  # 23.0B: two dice
    hits = sum(r.value <= 2 for r in rolls)
    committed = [e for e in evs if isinstance(e, ArrivalsShifted) and "committed" in e.reason]
    n = len(committed[0].changes) if committed else 0
    assert n == min(3 * hits, len(var.conditional_pool(s, "German")))  # three units per 1-2
    for u, t in (committed[0].changes if committed else ()):
        assert s.spec(u).side == "German" and s.spec(u).conditional
        assert t >= turn(s.spec(u).arrival)  # 23.0E: not before the counter's turn
    off = _bastogne_and_meuse(at(init(), "24DecAM", phase=Phase.MOVEMENT))
    assert not any(isinstance(e, VariantTriggered) for e in var.phase_hook(off, dice(off)))


def test_23_conditional_three_units_per_one_or_two():
    st = init()
    st.optional = frozenset({"23"})
    seen = set()
    for n in range(30):
        s = _bastogne_and_meuse(at(st, "24DecAM", phase=Phase.MOVEMENT))
        s.triggers["23B"] = s.turn
        s.dice_count = n
        evs = var.phase_hook(s, dice(s))
        hits = sum(e.value <= 2 for e in evs if e.kind == "die_rolled")
        got = sum(len(e.changes) for e in evs if isinstance(e, ArrivalsShifted))
        assert got == 3 * hits
        seen.add(hits)
    assert seen >= {0, 1}


def test_25_fog_of_war_hides_enemy_stacks_below_the_top_unit():
    st = init()
    h = st.pos["Peiper/1SS"]
    for u in st.units_at(h):
        if u != "Peiper/1SS":
            del st.pos[u]
    st.pos["1/1SS"] = h
    st.pos["2/1SS"] = h
    clear = fogofwar.visible_units(st, "Allied")[h]
    assert clear == (sorted(["Peiper/1SS", "1/1SS", "2/1SS"]), 0)
    st.optional = frozenset({"25"})
    shown, hidden = fogofwar.visible_units(st, "Allied")[h]
    assert len(shown) == 1 and hidden == 2 and shown[0] == fogofwar.top_unit(st, h)
    assert fogofwar.visible_units(st, "German")[h] == (sorted(["Peiper/1SS", "1/1SS", "2/1SS"]), 0)
    st.defended.add("1/1SS")  # 25.0A: attacked: the stack may be examined
    assert fogofwar.visible_units(st, "Allied")[h][1] == 0


# --- command line ------------------------------------------------------------------------------------


def test_cli_selfplay_with_variants_and_status_print_the_verdict(tmp_path, capsys):
    from darkdec_qt.cli import main

    out = tmp_path / "g.ddg"
    assert main(["selfplay", "--scenario", "herbstnebel", "--turns", "1", "--seed", "4", "--variant", "26.1",
                 "--optional", "25", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "variants 26.1" in text and "If the game ended now" in text
    assert main(["status", str(out)]) == 0
    text = capsys.readouterr().out
    assert "Herbstnebel" in text and "variants: 26.1" in text and "needs" in text
    assert main(["selfplay", "--scenario", "herbstnebel", "--turns", "1", "--variant", "26.16"]) == 2


def test_cli_status_hides_the_26_20_choice_from_the_allies(tmp_path, capsys):
    from darkdec_qt.cli import main

    g = selfplay(real_module(), "campaign", 2, turns=1, vc_choice="luxembourg", optional=())
    path = tmp_path / "c.ddg"
    gamestore.save(g, path)
    assert gamestore.verify(path).ok
    assert main(["status", str(path), "--side", "Allied"]) == 0
    assert "victory conditions (26.20A): secret" in capsys.readouterr().out
    assert main(["status", str(path), "--side", "German"]) == 0
    assert "victory conditions (26.20A): luxembourg" in capsys.readouterr().out


def test_7_1_7A_bridge_blowing_in_proximity_only_reaches_the_engine():
    from darkdec_qt.rules.core import commands as cm
    from darkdec_qt.rules.core.errors import IllegalAction
    from darkdec_qt.rules.engineering import bridges

    st = at(init(), "20DecAM", side="Allied", phase=Phase.CONSTRUCTION)
    german = [h for u, h in st.pos.items() if st.spec(u).side == "German"]
    from darkdec_qt import hexgrid

    hs = next(hs for hs in st.module.hexsides.values() if hs.bridge and not hs.demolished
              and min(hexgrid.distance(g, hs.a) for g in german) > 4)
    st.pos["14Cav"] = hs.a
    cmd = cm.BlowBridge(unit="14Cav", a=hs.a, b=hs.b)
    assert bridges.check_blow(st, cmd, dice(st))  # 16.1B: adjacent units always eligible
    st.optional = frozenset({"7.1.7A"})
    with pytest.raises(IllegalAction) as exc:
        bridges.check_blow(st, cmd, dice(st))
    assert exc.value.rule == "7.1.7A"


def test_10_8_toggle_enables_the_150th_withdrawal():
    from darkdec_qt.rules.movement.withdrawals import withdrawal_rule

    st = at(init(), "27DecAM", phase=Phase.MOVEMENT)
    assert withdrawal_rule(st, "150Pz") is None
    st.optional = frozenset({"10.8"})
    assert withdrawal_rule(st, "150Pz") == "10.8C"

"""The combat procedure's clauses pinned by mutation survivors: who owes the next decision of
a battle (13.5.1C the defender allocates its losses, 13.6B the owning side chooses the path of
retreat), and the fortification of a hex vacated as a result of combat (17.2B)."""

from darkdec_qt.rules.combat.procedure import deciding_side
from tests.rules.combat_builder import CombatBuilder
from tests.rules.combat_helpers import pending


def test_13_6B_the_owning_side_owes_the_choice_of_its_retreat_path():
    s = CombatBuilder().german("g", "0505").allied("a", "0605").build()
    assert deciding_side(s) is None  # no battle: nobody owes a combat decision
    pending(s, ("g",), ("a",), "D1", (("retreat", "Allied", "0605", 1),))
    assert deciding_side(s) == "Allied"


def test_13_5_1C_the_side_whose_units_take_the_result_decides_it():
    s = CombatBuilder().german("g", "0505").allied("a", "0605").build()
    s.side = "Allied"
    pending(s, ("a",), ("g",), "D1", (("result", "German", "0505", 0),))
    assert deciding_side(s) == "German"


def _defender_retreats(fortified: bool):
    from darkdec_qt.rules.combat import commands as cc
    from tests.rules.combat_helpers import run

    b = CombatBuilder().german("g", "0505").allied("a", "0605")
    if fortified:
        b.fortifications.add("0605")
    s = b.build()
    pending(s, ("g",), ("a",), "D1", (("retreat", "Allied", "0605", 1),))
    return s, run(s, cc.ChooseRetreat(units=("a",), path=("0605", "0705")))


def test_17_2B_a_fortification_vacated_as_a_result_of_combat_is_removed():
    s, evs = _defender_retreats(fortified=True)
    removed = [e for e in evs if e.kind == "fortification_removed"]
    assert [e.hex for e in removed] == ["0605"] and "17.2B" in removed[0].reason
    assert "0605" not in s.fortifications


def test_17_2B_an_unfortified_hex_vacated_removes_no_fortification():
    _, evs = _defender_retreats(fortified=False)
    assert not [e for e in evs if e.kind == "fortification_removed"]


def test_17_2B_and_13_5_1B_a_defender_that_stays_with_a_step_loss_keeps_its_fortification():
    from darkdec_qt.rules.combat import commands as cc
    from tests.rules.combat_helpers import run

    b = CombatBuilder().german("g", "0505").allied("a", "0605")
    b.fortifications.add("0605")
    s = b.build()
    pending(s, ("g",), ("a",), "D1", (("result", "Allied", "0605", 0),))
    evs = run(s, cc.ChooseDefenderResult(hex="0605", option="step1", losses=("a",)))
    assert s.pos["a"] == "0605" and "a" in s.reduced
    assert "0605" in s.fortifications and not [e for e in evs if e.kind == "fortification_removed"]


def test_13_3B_only_the_units_of_the_battle_in_the_hex_retreat_now():
    from darkdec_qt.rules.combat import commands as cc

    s = CombatBuilder().german("g", "0505").allied("a", "0605").allied("b", "0605").allied("c", "0606").build()
    pending(s, ("g",), ("a", "b", "c"), "D1", (("retreat", "Allied", "0605", 1), ("retreat", "Allied", "0606", 1)))
    for units in ((), ("c",), ("a", "c")):  # none named; the other hex's unit, alone or with a
        e = _refusal(s, cc.ChooseRetreat(units=units, path=("0605", "0705")))
        assert (e.rule, e.hex, e.reason) == ("13.3B", "0605",
                                             "only the units of the battle in 0605 retreat now: a, b")


# --- the advance's refusals name the unit, the hex or path, and what the rule asks ---

def _refusal(s, cmd):
    import pytest

    from darkdec_qt.rules.core.errors import IllegalAction
    from tests.rules.combat_helpers import run

    with pytest.raises(IllegalAction) as e:
        run(s, cmd)
    return e.value


def test_13_5_3B_the_refusal_names_the_unit_the_hex_and_the_step_loss_it_could_have_taken():
    from darkdec_qt.rules.combat import commands as cc
    from tests.rules.combat_helpers import run
    from tests.rules.test_13_5_3B_13_5_5I_15_6D import _split_after_the_defender_is_gone

    s = _split_after_the_defender_is_gone()
    run(s, cc.ChooseAttackerResult(hex="0505", option="retreat1"))
    run(s, cc.ChooseRetreat(units=("g1",), path=("0505", "0506")))
    e = _refusal(s, cc.ChooseAdvance(unit="g1", path=("0506", "0605")))
    assert (e.rule, e.unit) == ("13.5.3B", "g1")
    assert "into 0605" in e.reason and e.reason.endswith("takes the result as a step loss")


def test_13_7_a_unit_not_among_the_victors_is_refused_the_advance_by_name_and_hex():
    from darkdec_qt.rules.combat import commands as cc
    from tests.rules.combat_helpers import run
    from tests.rules.test_13_5_3B_13_5_5I_15_6D import _split_after_the_defender_is_gone

    s = _split_after_the_defender_is_gone()
    run(s, cc.ChooseAttackerResult(hex="0505", option="step1", losses=("g1",)))
    e = _refusal(s, cc.ChooseAdvance(unit="a", path=("0606", "0605")))  # the eliminated defender
    assert (e.rule, e.unit) == ("13.7", "a") and "into 0605" in e.reason


def test_13_7_an_illegal_advance_path_is_refused_naming_the_unit_and_the_path():
    from darkdec_qt.rules.combat import commands as cc
    from tests.rules.combat_helpers import run
    from tests.rules.test_13_5_3B_13_5_5I_15_6D import _split_after_the_defender_is_gone

    s = _split_after_the_defender_is_gone()
    run(s, cc.ChooseAttackerResult(hex="0505", option="step1", losses=("g1",)))
    e = _refusal(s, cc.ChooseAdvance(unit="g1", path=("0505", "0605", "0705")))  # infantry: one hex (13.7.1A)
    assert e.unit == "g1" and e.rule.startswith("13.7") and "along 0505-0605-0705" in e.reason


# --- 13.5.5 counterattack ---

def _ca():
    from tests.rules.combat_helpers import pending as _pending

    s = CombatBuilder().terrain("0604", "woods").german("g1", "0505").german("g2", "0604").allied("a", "0605") \
        .build()
    _pending(s, ("g1", "g2"), ("a",), "CA", (("ca", "Allied", "", 0),), levels=(("0605", 1),))
    return s


def test_13_5_5A_B_the_defenders_counterattack_and_the_declaration_names_their_side():
    from darkdec_qt.rules.combat import commands as cc
    from tests.rules.combat_helpers import run

    s = _ca()
    evs = run(s, cc.Counterattack(hexes=("0505",)))
    declared = [e for e in evs if e.kind == "counterattack_declared"]
    assert [(e.side, e.attackers, e.hexes) for e in declared] == [("Allied", ("a",), ("0505",))]


def test_13_5_5B_G_a_counterattack_on_a_hex_no_attacker_holds_is_refused_naming_the_hexes_it_may_choose():
    from darkdec_qt.rules.combat import commands as cc

    e = _refusal(_ca(), cc.Counterattack(hexes=("0706",)))
    assert e.rule == "13.5.5B" and "among 0505, 0604" in e.reason


def _counterattack_repulsed(**kw):
    """g (0505) attacked a (0605) and got CA; h shares g's hex but was not in the attack. a
    counterattacks 0505 and takes A1 against a hex level of 0: the Allies owe a result in 0605."""
    from darkdec_qt.rules.combat import commands as cc
    from tests.rules.combat_helpers import run

    for i in range(200):
        s = CombatBuilder().german("g", "0505").german("h", "0505").allied("a", "0605").build()
        s.seed = f"ca{i}"
        pending(s, ("g",), ("a",), "CA", (("ca", "Allied", "", 0),), **kw)
        evs = run(s, cc.Counterattack(hexes=("0505",)))
        if [e.result for e in evs if e.kind == "battle_resolved"] == ["A1"]:
            return s
    raise AssertionError("no seed gives the counterattack A1")


def test_13_5_5H_the_uninvolved_units_of_a_counterattacked_hex_defend_but_do_not_advance():
    from darkdec_qt.rules.combat import commands as cc
    from tests.rules.combat_helpers import run

    s = _counterattack_repulsed()
    b = s.battle
    assert (b.attackers, b.defenders, b.original_defenders) == (("a",), ("g", "h"), ("g",))
    assert b.task == ("result", "Allied", "0605", 1)
    run(s, cc.ChooseAttackerResult(hex="0605", option="retreat2"))
    run(s, cc.ChooseRetreat(units=("a",), path=("0605", "0705", "0805")))
    assert s.battle.task == ("advance", "German", "0605", 2)
    e = _refusal(s, cc.ChooseAdvance(unit="h", path=("0505", "0605")))
    assert (e.rule, e.unit) == ("13.7", "h")
    run(s, cc.ChooseAdvance(unit="g", path=("0505", "0605")))
    assert s.pos["g"] == "0605" and s.pos["h"] == "0505"


def test_13_5_5D_E_the_counterattacking_and_the_counterattacked_hexes_stay_one_level_lower():
    s = _counterattack_repulsed(reductions=(("0505", 1),))
    b = s.battle
    assert (b.id, b.kind, b.attacker_side, b.minus_one) == (1, "counterattack", "Allied", ("0505", "0605"))
    assert b.reductions == (("0505", 1),)
    s = _counterattack_repulsed(minus_one=("0504",))  # a hex lowered earlier in the battle stays lowered
    assert s.battle.minus_one == ("0504", "0505", "0605")


def test_13_5_5B_a_counterattack_on_no_hex_is_refused():
    from darkdec_qt.rules.combat import commands as cc

    assert _refusal(_ca(), cc.Counterattack(hexes=())).rule == "13.5.5B"


# --- 13.2.3A the all out assault's mandatory step ---

def _assault_offered():
    from darkdec_qt.rules.combat import commands as cc
    from tests.rules.combat_helpers import run, seed_with
    from tests.rules.test_13_2_all_out_assault import _setup

    s = _setup()
    s.seed = seed_with(4, 5)  # 2:1, roll 9: "-", an indecisive attack
    run(s, cc.DeclareBattle(attackers=("x",), defenders=("g",), all_out_assault_leader="Hodges"))
    run(s, cc.DefenderDeclares())
    run(s, cc.ResolveBattle())
    assert s.battle.task[0] == "assault"
    return s


def test_13_2_3A_the_mandatory_step_is_refused_from_a_leader_or_a_unit_outside_the_attack():
    from darkdec_qt.rules.combat import commands as cc

    s = _assault_offered()
    for who in ("Hodges", "g"):  # the leader that made the assault eligible; a defending unit
        e = _refusal(s, cc.AllOutAssault(loss=who))
        assert (e.rule, e.unit, e.reason) == ("13.2.3A", who,
                                              "the mandatory step must come from an attacking unit (13.2.3A)")


def test_13_2_3A_the_mandatory_step_is_logged_under_its_clause():
    from darkdec_qt.rules.combat import commands as cc
    from tests.rules.combat_helpers import run

    s = _assault_offered()
    evs = run(s, cc.AllOutAssault(loss="x"))
    assert (evs[0].kind, evs[0].unit, evs[0].reason) == ("step_lost", "x", "all out assault mandatory loss (13.2.3A)")


def test_13_2_the_assault_battle_takes_its_own_retreat():
    # the assault (not the indecisive attack before it) rolls D3 against the woods: the defender
    # retreats one hex (13.5.1B), recorded for the assault battle's advance
    from darkdec_qt.rules.combat import commands as cc
    from tests.rules.combat_helpers import run, seed_with
    from tests.rules.test_13_2_all_out_assault import _setup

    s = _setup()
    s.seed = seed_with(4, 5, 1, 2)  # 9: "-", then 3: D3
    run(s, cc.DeclareBattle(attackers=("x",), defenders=("g",), all_out_assault_leader="Hodges"))
    run(s, cc.DefenderDeclares())
    run(s, cc.ResolveBattle())
    evs = run(s, cc.AllOutAssault(loss="x"))
    assert [e.result for e in evs if e.kind == "battle_resolved"] == ["D3"]
    run(s, cc.ChooseDefenderResult(hex="0605", option="retreat1"))
    assert s.battle.task[:2] == ("retreat", "German") and s.battle.retreat_len == (("0605", 1),)


# --- 13.5.4 mandatory losses and 13.5.6 fire fights ---

def test_13_5_4A_the_bracketed_losses_are_all_named_and_logged_under_13_5_4():
    from darkdec_qt.rules.combat import commands as cc
    from tests.rules.combat_helpers import run

    s = CombatBuilder().german("g1", "0505").german("g2", "0505").allied("a", "0605").build()
    pending(s, ("g1", "g2"), ("a",), "[2]", (("mandatory", "German", "", 2),))
    assert _refusal(s, cc.ChooseLosses(units=("g1",))).rule == "13.5.4A"
    evs = run(s, cc.ChooseLosses(units=("g1", "g2")))
    assert [(e.unit, e.reason) for e in evs if e.kind == "step_lost"] == [("g1", "[2] (13.5.4)"), ("g2", "[2] (13.5.4)")]


def _fire_fight(*attackers: tuple[str, int, bool]):
    b = CombatBuilder().allied("a", "0605", d=4)  # a step of a costs 4 - 2 = 2 defense points (13.5.6A)
    for uid, d, red in attackers:
        b.german(uid, "0505", d=d, reduced=(1, 1, 4), is_reduced=red)
    s = b.build()
    pending(s, tuple(u for u, _, _ in attackers), ("a",), "FF", (("ff_def", "Allied", "", 0),))
    return s


def test_13_5_6A_the_defender_loses_one_step_then_the_attacker_at_least_as_many_defense_points():
    from darkdec_qt.rules.combat import commands as cc
    from tests.rules.combat_helpers import run

    s = _fire_fight(("g1", 2, False), ("g2", 2, False))  # a step of either costs 2 - 1 = 1 point
    assert _refusal(s, cc.ChooseLosses(units=("a", "a"))).rule == "13.5.6A"  # one defending step only
    evs = run(s, cc.ChooseLosses(units=("a",)))
    assert [(e.unit, e.reason) for e in evs if e.kind == "step_lost"] == [("a", "FF (13.5.6)")]
    assert s.battle.task == ("ff_att", "German", "", 2)
    e = _refusal(s, cc.ChooseLosses(units=("g1",)))
    assert (e.rule, e.reason) == ("13.5.6A", "the attacker must lose at least 2 defense points (13.5.6A)")
    run(s, cc.ChooseLosses(units=("g1", "g2")))
    assert {"g1", "g2"} <= s.reduced


def test_13_5_6A_an_attacker_that_loses_every_step_it_has_has_done_enough():
    from darkdec_qt.rules.combat import commands as cc
    from tests.rules.combat_helpers import run

    s = _fire_fight(("g1", 2, True))  # one step left, worth 1 point of the 2 owed
    run(s, cc.ChooseLosses(units=("a",)))
    run(s, cc.ChooseLosses(units=("g1",)))
    assert "g1" in s.eliminated


def test_13_9_2A_the_bracketed_losses_of_an_attacker_that_used_armor_superiority_fall_on_its_armor_first():
    from darkdec_qt.rules.combat import commands as cc
    from tests.rules.combat_helpers import run

    s = CombatBuilder().terrain("0605", "woods").german("pz", "0505", type="armor").german("g", "0505") \
        .allied("a", "0605").build()
    pending(s, ("pz", "g"), ("a",), "[1]", (("mandatory", "German", "", 1),), armor_used=True)
    e = _refusal(s, cc.ChooseLosses(units=("g",)))
    assert (e.rule, e.reason) == ("13.9.2A", "losses must be taken by the participating armored units")
    run(s, cc.ChooseLosses(units=("pz",)))
    assert s.reduced == {"pz"}


def _bracketed_defender_loss(fortified: str = ""):
    # a [1] on the defender: a is reduced (its last step) in 0605, c full strength in 0606
    b = CombatBuilder().german("g", "0505").german("g2", "0506").allied("a", "0605", is_reduced=True) \
        .allied("c", "0606")
    if fortified:
        b.fortifications.add(fortified)
    s = b.build()
    pending(s, ("g", "g2"), ("a", "c"), "[1]", (("mandatory", "Allied", "", 1),),
            levels=(("0605", 1), ("0606", 1)))
    return s


def test_13_5_4A_and_13_7_a_hex_emptied_by_the_bracketed_losses_is_vacated_for_the_victors():
    from darkdec_qt.rules.combat import commands as cc
    from tests.rules.combat_helpers import run

    s = _bracketed_defender_loss()
    evs = run(s, cc.ChooseLosses(units=("a",)))
    assert "a" in s.eliminated and s.battle.vacated == (("0605", -1),) and s.battle.hit == ("a",)
    assert s.battle.task == ("advance", "German", "0605", -1)
    assert not [e for e in evs if e.kind == "fortification_removed"]
    s = _bracketed_defender_loss()
    run(s, cc.ChooseLosses(units=("c",)))  # c keeps a step and its hex: nothing vacated
    assert s.battle is None and s.reduced >= {"a", "c"}


def test_13_5_4A_and_17_2B_a_fortification_is_removed_only_when_the_bracketed_losses_empty_its_hex():
    from darkdec_qt.rules.combat import commands as cc
    from tests.rules.combat_helpers import run

    s = _bracketed_defender_loss(fortified="0605")
    evs = run(s, cc.ChooseLosses(units=("a",)))
    assert [e.hex for e in evs if e.kind == "fortification_removed"] == ["0605"]
    assert "0605" not in s.fortifications
    s = _bracketed_defender_loss(fortified="0606")
    evs = run(s, cc.ChooseLosses(units=("c",)))  # c loses a step and keeps its hex and its fortification
    assert "0606" in s.fortifications and not [e for e in evs if e.kind == "fortification_removed"]


# --- 20.4.1 the step an air attack takes ---

def _air_hit():
    # an Allied air attack hit the German stack in 0505: two motorized units, an infantry unit, a reduced one
    s = CombatBuilder().german("pz", "0505", type="armor").german("pz2", "0505", type="armor").german("vg", "0505") \
        .german("r", "0505", is_reduced=True).build()
    s.side = "Allied"
    pending(s, (), ("pz", "pz2", "vg", "r"), "air", (("air_loss", "Allied", "0505", 0),))
    return s


def test_20_4_1B_C_the_air_loss_falls_on_a_full_strength_motorized_unit_or_is_refused_naming_it():
    from darkdec_qt.rules.combat import commands as cc
    from tests.rules.combat_helpers import run

    s = _air_hit()
    e = _refusal(s, cc.ChooseLosses(units=("vg",)))  # 20.4.1B: motorized if possible
    assert (e.rule, e.hex) == ("20.4.1B", "0505") and e.reason.startswith("choose one of pz, pz2 (")
    assert _refusal(s, cc.ChooseLosses(units=("r",))).rule == "20.4.1C"  # never a reduced unit
    evs = run(s, cc.ChooseLosses(units=("pz",)))
    assert [(e.kind, e.unit, e.reason) for e in evs if e.kind == "step_lost"] == [
        ("step_lost", "pz", "air attack (20.4.1)")]
    assert [e.id for e in evs if e.kind == "battle_ended"] == [1] and s.battle is None


# --- 7.1.5D and 13.0B: the procedure's registration with the engine (called again on a fresh registry) ---

def _fresh_registry(monkeypatch, *guards):
    from darkdec_qt.rules.core import registry

    monkeypatch.setattr(registry, "CHECKERS", {})
    monkeypatch.setattr(registry, "GUARDS", [])
    monkeypatch.setattr(registry, "_RANKS", {})
    for g, rank in guards:
        registry.register_guard(g, rank)
    return registry


def test_7_1_5_every_battle_and_air_command_is_registered_with_its_checker(monkeypatch):
    from darkdec_qt.rules import airpower
    from darkdec_qt.rules.combat import procedure

    registry = _fresh_registry(monkeypatch)
    procedure._register()
    assert registry.CHECKERS == {**procedure.CHECKERS, **airpower.CHECKERS}
    assert registry.CHECKERS["choose_losses"] is procedure.CHECKERS["choose_losses"]
    assert registry.CHECKERS["air_attack"] is airpower.CHECKERS["air_attack"]


def test_7_1_5D_13_0B_the_end_of_the_combat_phase_is_guarded_once_after_the_owed_choices(monkeypatch):
    from darkdec_qt.rules.combat import procedure
    from darkdec_qt.rules.core import commands as cm

    def owed(state, cmd):  # a guard of lower rank, with no combat mark
        return None

    def late(state, cmd):  # a guard of the same rank as combat's, registered first
        return None

    registry = _fresh_registry(monkeypatch, (owed, 0), (late, 3))
    procedure._register()
    procedure._register()  # the second registration finds the first one's guard: one guard only
    assert registry.GUARDS[:2] == [owed, late] and len(registry.GUARDS) == 3
    guard = registry.GUARDS[2]
    assert guard._combat_guard is True and registry._RANKS[id(guard)] == registry.COMBAT
    s = CombatBuilder().german("g", "0505").allied("a", "0605").build()
    assert guard(s, cm.EndPhase()) is None  # nothing owed: the phase may end
    pending(s, ("g",), ("a",), "D1", (("result", "Allied", "0605", 0),))
    e = guard(s, cm.EndPhase())
    assert e.rule == "7.1.5.1F" and "a battle is being resolved" in e.reason
    assert guard(s, cm.Move(units=("g",), path=("0505", "0504"))) is None  # only the end of the phase


def test_10_4_7B_a_d_result_without_a_bracket_ends_the_defenders_strategic_movement():
    from darkdec_qt.rules.combat import commands as cc
    from tests.rules.combat_helpers import run, seed_with

    b = CombatBuilder().german("g", "0505", a=8).allied("a", "0605", d=4)
    b.strategic.add("a")
    s = b.build()
    s.seed = seed_with(3, 3)  # 2:1, roll 6: D2
    run(s, cc.DeclareBattle(attackers=("g",), defenders=("a",)))
    run(s, cc.DefenderDeclares())
    evs = run(s, cc.ResolveBattle())
    assert [e.result for e in evs if e.kind == "battle_resolved"] == ["D2"]
    assert [(e.unit, e.mp, e.reason) for e in evs if e.kind == "strategic_left"] == [("a", 0, "10.4.7B")]
    assert "a" not in s.strategic


def test_13_5_5A_and_13_5_6A_a_ca_or_ff_result_owes_the_defender_a_decision_for_the_whole_battle():
    from darkdec_qt.rules.combat import commands as cc
    from tests.rules.combat_helpers import run, seed_with
    from tests.rules.test_13_2_all_out_assault import _setup
    from tests.rules.test_13_5_3B_13_5_5I_15_6D import _counterattack_counterattacked

    assert _counterattack_counterattacked().battle.task == ("ca", "German", "", 0)  # in no one hex, no count
    s = _setup()
    s.seed = seed_with(3, 5)  # 2:1, roll 8: FF
    run(s, cc.DeclareBattle(attackers=("x",), defenders=("g",)))
    run(s, cc.DefenderDeclares())
    run(s, cc.ResolveBattle())
    assert s.battle.task == ("ff_def", "German", "", 0)

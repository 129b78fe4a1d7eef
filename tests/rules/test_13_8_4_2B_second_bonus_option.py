"""13.8.4.2B: the second (Allied extra) integrity bonus may be ignored at the attacker's
option if it leads to a fire fight result."""

from darkdec_qt.rules.combat import commands as cc
from darkdec_qt.rules.combat import crt
from darkdec_qt.rules.combat import events as ce
from tests.rules.combat_builder import CombatBuilder
from tests.rules.combat_helpers import run

ATT = ("1/4Arm", "2/4Arm", "3/4Arm", "1/26", "2/26", "3/26")


def _state(seed: str, patton: bool = True):
    b = CombatBuilder()
    for div, h in (("4Arm", "0505"), ("26", "0604")):
        for i in range(3):
            b.unit(f"{i + 1}/{div}", "Allied", h, division=div)
    b.german("g", "0605", a=4, d=24)
    if patton:
        b.unit("Patton", "Allied", "0404", type="leader", aopt=3, dopt=1)
    b.optional.add("15")
    b.side = "Allied"
    b.seed = seed
    return b.build()


def _resolved(seed: str, ignore: bool, patton: bool = True) -> ce.BattleResolved:
    s = _state(seed, patton)
    run(s, cc.DeclareBattle(attackers=ATT, defenders=("g",), integrity_choices=("26", "4Arm"),
                            ignore_second_bonus_if_ff=ignore))
    run(s, cc.DefenderDeclares())
    evs = run(s, cc.ResolveBattle())
    return next(e for e in evs if isinstance(e, ce.BattleResolved))


def _ff_seed(patton: bool = True) -> str:
    for i in range(400):
        seed = f"ff{i}"
        if crt.parse_result(_resolved(seed, False, patton).result).fire_fight:
            return seed
    raise AssertionError("no fire fight seed")


def test_13_8_4_2B_given_double_bonus_fire_fight_when_attacker_opted_then_second_bonus_ignored():
    seed = _ff_seed()
    kept = _resolved(seed, False)
    dropped = _resolved(seed, True)
    assert kept.drm == -2 and dropped.drm == -1 and dropped.roll == kept.roll + 1
    assert not crt.parse_result(dropped.result).fire_fight
    assert any("13.8.4.2B" in n for n in dropped.notes)


def test_13_8_4_2B_given_no_fire_fight_then_the_option_changes_nothing():
    for i in range(400):
        seed = f"ff{i}"
        kept = _resolved(seed, False)
        if not crt.parse_result(kept.result).fire_fight:
            assert _resolved(seed, True) == kept
            return
    raise AssertionError


def test_13_8_4_2B_given_only_one_bonus_then_a_fire_fight_stands():
    seed = _ff_seed(patton=False)  # no Patton: one bonus only (13.8.4A)
    kept = _resolved(seed, False, patton=False)
    assert _resolved(seed, True, patton=False) == kept
    assert kept.drm == -1 and crt.parse_result(kept.result).fire_fight


def test_13_8_4_2A_the_second_bonus_is_used_only_by_an_allied_attack_with_two_bonuses_claimed():
    from darkdec_qt.rules.combat.battle import allied_extra_bonus_used
    from darkdec_qt.rules.combat.battle_state import BattleState

    s = _state("x")
    bs = BattleState(id=1, attacker_side="Allied", attackers=ATT, defenders=("g",), integrity=("26", "4Arm"))
    assert allied_extra_bonus_used(s, bs)
    assert not allied_extra_bonus_used(s, bs, assault=True)  # 13.8.4.2A: not in an all out assault
    assert not allied_extra_bonus_used(s, bs.with_(integrity=("26",)))
    assert not allied_extra_bonus_used(s, bs.with_(integrity=("26", "4Arm"), attackers=ATT[:5]))
    assert not allied_extra_bonus_used(_state("x", patton=False), bs)
    s.weather[s.turn] = "snow"
    assert not allied_extra_bonus_used(s, bs)  # not in clear weather
    g = _state("x")
    g.side = "German"
    assert not allied_extra_bonus_used(g, bs.with_(attacker_side="German"))


def test_13_8_4_2A_and_14_3_a_component_in_reserve_near_the_defenders_counts_for_the_second_bonus():
    from darkdec_qt.rules.combat.battle import allied_extra_bonus_used
    from darkdec_qt.rules.combat.battle_state import BattleState

    s = _state("x")
    s.reserve.add("3/4Arm")  # within three hexes of g (0605)
    bs = BattleState(id=1, attacker_side="Allied", attackers=ATT[:2] + ATT[3:], defenders=("g",),
                     integrity=("26", "4Arm"))
    assert not allied_extra_bonus_used(s, bs)  # a standard attack without the reserves rule
    assert allied_extra_bonus_used(s, bs.with_(shock=True))  # a shock combat counts it (14.3)
    s.optional = s.optional | {"14"}
    assert allied_extra_bonus_used(s, bs)

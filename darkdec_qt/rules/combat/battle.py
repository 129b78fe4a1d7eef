"""13.0-13.1, 13.4: declaring a battle, combat strengths and odds.

Attack only from adjacency; every attacker adjacent to every defender; stacks
combine; a unit's strength is never divided; one attack and one defense per unit per
phase (13.2A) except all out assault and shock combat (14.3).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from darkdec_qt import hexgrid
from darkdec_qt.rules import commanders
from darkdec_qt.rules.combat import armor, crt, integrity
from darkdec_qt.rules.combat.battle_state import BattleState
from darkdec_qt.rules.combat.terrain_level import hex_level
from darkdec_qt.rules.core.errors import IllegalAction, MalformedCommand
from darkdec_qt.rules.core.phases import Phase, other_side
from darkdec_qt.rules.core.state import GameState
from darkdec_qt.rules.core.tables import half_up

Explained = list[tuple[str, int, str]]  # (unit or hex, value, reason)


def is_unsupplied(state: GameState, unit: str) -> bool:
    """8.4B (and 8.7.4: fuel depletion counts as unsupplied); leaders never (15.5C)."""
    return state.supply_status(unit) == "unsupplied"


def is_isolated(state: GameState, unit: str) -> bool:
    """8.5; leaders never (15.5C)."""
    return state.supply_status(unit) == "isolated"


def attack_strength(state: GameState, unit: str, attackers: tuple[str, ...], *, shock: bool = False,
                    counterattack: bool = False) -> tuple[int, str]:
    """A unit's attack strength and why. 10.4.5A against 10.4.3A/12.2 (docs/rules-interpretations.md):
    a unit in strategic movement never enters an enemy ZOC by movement (12.2, movement.step), but
    when it stands next to an enemy (an enemy reserve reacted beside it, or the enemy is itself in
    strategic movement and has no ZOC) its owner may attack with it, at half strength (10.4.5B)."""
    spec = state.spec(unit)
    if spec.is_leader:
        if spec.id.split("/")[0] in commanders.ATTACK_STRENGTH_LEADERS and any(
                state.pos.get(u) == state.pos[unit] and not state.spec(u).is_leader for u in attackers):
            return spec.attack_option, "attack option stacked with an attacking unit (15.1B)"
        return 0, "leader adds no strength (15.1B)"
    v = state.strength(unit)[0]
    why = [f"{v} printed"]
    if not counterattack:
        if unit in state.strategic:
            v = half_up(v)
            why.append("halved: strategic movement (10.4.5B)")
        if is_unsupplied(state, unit) or is_isolated(state, unit):
            v = half_up(v)
            traced = state.supply.get(unit, "supplied") == "supplied"  # then only fuel depletion halves it
            why.append("halved: out of fuel (8.7.4, 8.4B)" if traced else "halved: unsupplied (8.4B)")
    else:
        why.append("supply ignored in a counterattack (13.5.5C)")
    if shock:
        v *= 2
        why.append("doubled: shock combat (14.3)")
    return v, ", ".join(why)


def defense_strength(state: GameState, unit: str, defenders: tuple[str, ...]) -> tuple[int, str]:
    spec = state.spec(unit)
    if spec.is_leader:
        if any(state.pos.get(u) == state.pos[unit] and not state.spec(u).is_leader for u in defenders):
            return spec.defense_option, "defense option stacked with a defending unit (15.2B)"
        return 0, "leader alone defends at 0 (15.5A)"
    if unit in state.retreated_into:
        return 0, "retreated into the hex: adds no strength (13.6.5)"
    v = state.strength(unit)[1]
    if is_isolated(state, unit):
        return half_up(v), f"{v} halved: isolated (8.5E)"
    return v, f"{v} printed"


@dataclass
class Plan:
    """Everything the client shows for a proposed or resolved battle."""

    attack: int = 0
    defense: int = 0
    attack_parts: Explained = field(default_factory=list)
    defense_parts: Explained = field(default_factory=list)
    odds: str = ""
    column: str = ""
    column_reason: str = ""
    drm: int = 0
    drm_parts: list[tuple[int, str]] = field(default_factory=list)
    levels: dict[str, tuple[int, list[tuple[int, str]]]] = field(default_factory=dict)
    armor_used: bool = False


def attacker_hexes(state: GameState, b: BattleState) -> list[str]:
    return sorted({state.pos[u] for u in b.attackers if u in state.pos})


def defender_hexes(state: GameState, b: BattleState) -> list[str]:
    return sorted({state.pos[u] for u in b.defenders if u in state.pos})


def plan(state: GameState, b: BattleState, *, assault: bool = False) -> Plan:
    p = Plan()
    ca = b.kind == "counterattack"
    att = tuple(u for u in b.attackers if u in state.pos)
    dfn = tuple(u for u in b.defenders if u in state.pos)
    for u in att:
        v, why = attack_strength(state, u, att, shock=b.shock, counterattack=ca)
        p.attack += v
        p.attack_parts.append((u, v, why))
    for u in dfn:
        v, why = defense_strength(state, u, dfn)
        p.defense += v
        p.defense_parts.append((u, v, why))
    p.odds = crt.odds_column(state, p.attack, p.defense)
    if any(is_isolated(state, u) for u in att):
        p.odds = state.module.charts.crt.odds[0]  # 8.5D
        p.attack_parts.append(("", 0, "isolated attackers: lowest odds column (8.5D)"))
    p.column, p.column_reason = crt.dice_column(state, b.attacker_side, b.shock)
    if not ca:
        p.drm, p.drm_parts = drm(state, b, assault=assault)
    else:
        p.drm_parts = [(0, "no DRM in a counterattack (13.5.5K)")]
    ahexes = attacker_hexes(state, b)
    d_as = armor.defender_has_superiority(state, att, dfn)
    for h in defender_hexes(state, b):
        a_as = False
        if b.use_armor and not ca:
            a_as, _ = armor.attacker_superiority(state, att, dfn, h)
        p.armor_used = p.armor_used or a_as
        strategic = any(u in state.strategic for u in dfn if state.pos[u] == h)
        p.levels[h] = hex_level(state, h, ahexes, strategic=strategic, voluntary=b.reduction(h),
                                armor=1 if d_as else (-1 if a_as else 0), counterattack=h in b.minus_one)
    return p


def attacker_level(state: GameState, b: BattleState, h: str) -> tuple[int, list[tuple[int, str]]]:
    """13.5.2B: the attacker's hex level reduced by one (13.3.2A)."""
    mine = [u for u in b.attackers if state.pos.get(u) == h]
    return hex_level(state, h, defender_hexes(state, b), attacking=True,
                     strategic=any(u in state.strategic for u in mine), voluntary=b.reduction(h))


def allied_extra_bonus_used(state: GameState, b: BattleState, assault: bool = False) -> bool:
    """13.8.4.2A: the Allied attacker receives a second integrity bonus (Patton, clear weather)."""
    if b.attacker_side != "Allied" or b.kind == "counterattack":
        return False
    att = tuple(u for u in b.attackers if u in state.pos)
    dfn = tuple(u for u in b.defenders if u in state.pos)
    limit, _ = integrity.max_attack_bonuses(state, att, assault or b.kind == "assault")
    if limit < 2:
        return False
    avail = integrity.attack_divisions(state, att, dfn, b.shock)
    return len([d for d in b.integrity if d in avail][:limit]) >= 2


def drm(state: GameState, b: BattleState, assault: bool = False) -> tuple[int, list[tuple[int, str]]]:
    """13.8 integrity (attack -1 each, defense +1, 13.8.6 nullify) and 18.2A surprise."""
    parts: list[tuple[int, str]] = []
    att = tuple(u for u in b.attackers if u in state.pos)
    dfn = tuple(u for u in b.defenders if u in state.pos)
    avail = integrity.attack_divisions(state, att, dfn, b.shock)
    limit, why = integrity.max_attack_bonuses(state, att, assault or b.kind == "assault")
    claimed = [d for d in b.integrity if d in avail][:limit]
    a = -len(claimed)
    for d in claimed:
        parts.append((-1, f"attack integrity of {d} ({'13.8.4' if len(claimed) > 1 else '13.8.1'}; {why})"))
    if crt.surprise(state, b.attacker_side):
        if a == 0:
            parts.append((-1, "surprise, AM 16 December (18.2A)"))
            a = -1
        elif a == -1:
            parts.append((0, "surprise not added to integrity (18.2A)"))
    d = 0
    if b.defender_integrity:
        dd = integrity.defense_divisions(state, att, dfn)
        if dd:
            d = 1
            parts.append((+1, f"defense integrity of {dd[0]} (13.8.2)"))
    if a and d:
        parts.append((0, "double integrity: the bonuses nullify (13.8.6)"))
    return a + d, parts


# --- declaring -----------------------------------------------------------------------

def free_to_attack(state: GameState, unit: str, shock: bool = False) -> tuple[str, str] | None:
    """(rule, reason) why ``unit`` may not attack now, or None."""
    spec = state.spec(unit)
    if unit not in state.pos:
        return "13.0A", "is not on the map"
    if not shock and unit in state.attacked:
        return "13.2A", "has already attacked this phase"
    if unit in state.ca_obliged:
        return "13.5.5J", "counterattacked this phase and may not attack again"
    if is_isolated(state, unit):
        return "8.5D", "is isolated and may not attack"
    if unit in state.reserve:
        return "14.1E", "is in reserve and may not attack"
    if spec.side == "Allied" and "26.13" in state.variants:
        from darkdec_qt.rules.scenarios.montgomery import montgomery_withdrawal  # (it imports the engine)

        if montgomery_withdrawal(state):
            return "26.13D", "may not attack: the Allies are conducting Montgomery's withdrawal this turn"
    if unit in state.bridges_started.values():
        return "16.2.3A", "is building a bridge this player turn and may not take part in combat"
    if state.has_rule("15.9") and state.turn <= 2 and (spec.nationality == "SS" or unit.startswith("150")):
        if shock:
            return "15.9B", "may not make a shock combat before the PM 16 December Exploitation Phase is over"
        return "15.9A", "may not attack on 16 December: Dietrich's tactical incompetency"
    if shock:
        if unit not in state.exploited:
            return "14.3A", "did not move in the Exploitation Phase"
        if unit in state.strategic:
            return "14.3B", "moved in strategic movement"
        if unit in state.shock_done:
            return "13.2A", "has already made a shock combat (a unit attacks once a phase, 14.3B)"
    return None


def may_defend(state: GameState, unit: str, shock: bool = False) -> bool:
    """13.2A: a unit defends once per Combat Phase; 13.6.5: a unit that retreated into a friendly
    hex defends again with it; 14.3B: shock combat may fall on units that defended already."""
    return shock or unit not in state.defended or unit in state.retreated_into


def check_declare(state: GameState, attackers: tuple[str, ...], defenders: tuple[str, ...],
                  shock: bool = False) -> None:
    if state.battle is not None:
        raise IllegalAction("cannot declare a battle: another battle is being resolved", rule="7.1.5.1G")
    want = Phase.EXPLOITATION if shock else Phase.COMBAT
    if state.phase is not want:
        raise IllegalAction(f"battles are declared in the {want.value} phase", rule="14.3A" if shock else "13.0A")
    if not attackers or not defenders:
        raise MalformedCommand("a battle needs attackers and defenders")
    if len(set(attackers)) != len(attackers) or len(set(defenders)) != len(defenders):
        raise IllegalAction("a unit is listed twice; its strength is never divided", rule="13.1E")
    side = state.side
    for u in attackers:
        if u not in state.module.units or state.side_of(u) != side:
            raise IllegalAction("is not a phasing unit and cannot attack", rule="13.0C", unit=u)
        why = free_to_attack(state, u, shock)
        if why:
            raise IllegalAction(why[1], unit=u, rule=why[0])
    if all(state.spec(u).is_leader for u in attackers):
        raise IllegalAction("leaders attack only with a friendly combat unit", rule="15.1C")
    if shock and sum(1 for u in attackers if not state.spec(u).is_leader) > 1:
        raise IllegalAction("no more than one unit may perform shock combat in a battle", rule="14.3B")
    enemy = other_side(side)
    dhexes = set()
    for u in defenders:
        if u not in state.pos or state.side_of(u) != enemy:
            raise IllegalAction("is not an enemy unit on the map", rule="13.0C", unit=u)
        if not may_defend(state, u, shock):
            raise IllegalAction("has already defended this phase", rule="13.2A", unit=u)
        dhexes.add(state.pos[u])
    for h in dhexes:
        retreated = [u for u in state.units_at(h) if u not in defenders and u in state.retreated_into]
        if retreated:
            raise IllegalAction(f"retreated into {h} this phase and must be among its defenders: it adds no "
                                "strength but suffers the result of the attack", rule="13.6.5",
                                unit=", ".join(retreated))
        missing = [u for u in state.units_at(h) if u not in defenders and u not in state.defended]
        if missing:
            raise IllegalAction(f"in {h} must be attacked together with the rest of the stack",
                                rule="13.1C", unit=", ".join(missing))
    for u in attackers:
        for h in dhexes:
            if not hexgrid.are_adjacent(state.pos[u], h):
                raise IllegalAction(f"in {state.pos[u]} is not adjacent to defending hex {h}", rule="13.1A",
                                    unit=u)
    for u in attackers:
        for n in state.module.adjacency.get(state.pos[u], ()):
            for e in state.units_at(n):
                if state.side_of(e) != enemy or e in defenders or e in state.defended:
                    continue
                if not could_still_be_attacked(state, e, attackers):
                    raise IllegalAction(
                        f"in {state.pos[u]} is adjacent to {e} in {n}, which must be attacked too and no other "
                        "unit is free to attack it", rule="13.0B", unit=u)


def could_still_be_attacked(state: GameState, enemy: str, busy: tuple[str, ...]) -> bool:
    side = other_side(state.side_of(enemy))
    h = state.pos[enemy]
    for n in state.module.adjacency.get(h, ()):
        for u in state.units_at(n):
            if state.side_of(u) == side and u not in busy and not state.spec(u).is_leader \
                    and free_to_attack(state, u) is None:
                return True
    return False


def obligatory_attacks(state: GameState) -> list[tuple[str, str]]:
    """7.1.5D/12.1B/13.0B: (attacker, enemy) pairs where a unit that attacked this phase
    is adjacent to an enemy unit that has not been attacked and could still be (13.5.5J:
    no consequence when counterattacks made it impossible)."""
    out = []
    enemy_side = other_side(state.side)
    for u in sorted(state.attacked):
        if u not in state.pos or state.side_of(u) != state.side:
            continue
        for n in state.module.adjacency.get(state.pos[u], ()):
            for e in state.units_at(n):
                if state.side_of(e) == enemy_side and e not in state.defended \
                        and could_still_be_attacked(state, e, ()):
                    out.append((u, e))
    return out


FIRST_TURN_ATTACKS = 5  # 18.2B


def attacks_owed_on_16_december(state: GameState) -> int:
    """18.2B: Germany must make a minimum of five attacks on the AM 16 December turn.

    The first German Combat Phase of a game starting that turn is the first combat of
    the game, so ``state.battles`` counts the attacks made so far. The obligation ends
    when no further attack can be declared (no free German unit adjacent to an Allied
    unit that has not defended): the rule cannot demand the impossible."""
    if state.side != "German" or state.phase is not Phase.COMBAT or state.current_turn().code != "16DecAM":
        return 0
    owed = FIRST_TURN_ATTACKS - state.battles
    if owed <= 0:
        return 0
    for e in state.on_map("Allied"):
        if e not in state.defended and could_still_be_attacked(state, e, ()):
            return owed
    return 0


def end_phase_problem(state: GameState) -> IllegalAction | None:
    """Engine hook for EndPhase in the Combat Phase."""
    if state.battle is not None:
        return IllegalAction("cannot end the phase: a battle is being resolved", rule="7.1.5.1F")
    if state.phase is not Phase.COMBAT:
        return None
    owed = attacks_owed_on_16_december(state)
    if owed:
        return IllegalAction(f"cannot end the Combat Phase: Germany must make at least {FIRST_TURN_ATTACKS} attacks "
                             f"on the AM 16 December turn and has made {FIRST_TURN_ATTACKS - owed}", rule="18.2B")
    ob = obligatory_attacks(state)
    if ob:
        text = "; ".join(f"{e} (adjacent to {u})" for u, e in ob[:6])
        return IllegalAction(f"cannot end the Combat Phase: every enemy unit adjacent to an attacking unit "
                             f"must be attacked: {text}", rule="13.0B")
    return None

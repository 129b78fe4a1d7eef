"""20.4: Allied tactical air power (and the German mission of 30 Dec PM, 20.4.2E;
the Allied extra mission of 17 Dec AM, 20.4.2F).

One mission per clear-weather turn: an air attack on one hex of enemy units (a 1-2 on
one die, modified, costs one unit a step), or a road interdiction (1-3), or both when
the target is on a road (20.4.2D): then the attack and the interdiction of that road hex,
in either order in the same turn, count as one mission (``paired_free``).
"""

from __future__ import annotations

from collections.abc import Callable

from darkdec_qt.moduleview import INFANTRY_TYPES
from darkdec_qt.rules.combat import events as ce
from darkdec_qt.rules.combat.battle_state import BattleState
from darkdec_qt.rules.core import events as ev
from darkdec_qt.rules.core.commands import Command
from darkdec_qt.rules.core.dice import DiceCursor
from darkdec_qt.rules.core.errors import IllegalAction, MalformedCommand
from darkdec_qt.rules.core.phases import other_side
from darkdec_qt.rules.core.state import GameState

COVER = frozenset({"woods", "dense_forest"})


def missions(state: GameState, side: str) -> int:
    """How many missions ``side`` has this turn."""
    code = state.turn_code()
    if side == "German":
        return 1 if code == "30DecPM" else 0
    n = 1 if state.air_superiority() else 0  # 26.11A: none while the Luftwaffe contests the air
    if code == "17DecAM":
        n += 1
    return n


def air_drm(state: GameState, hex_id: str) -> tuple[int, list[tuple[int, str]]]:
    """20.4.1D, capped at module.charts.air_drm['cap']."""
    table = state.module.charts.air_drm
    units = [u for u in state.units_at(hex_id) if not state.spec(u).is_leader]
    parts: list[tuple[int, str]] = []
    if units and all(u in state.strategic for u in units):
        parts.append((table.get("strategic_movement", -1), "target in strategic movement"))
    else:
        parts.append((table.get("not_strategic_movement", 1), "target not in strategic movement"))
    if units and all(state.spec(u).type in INFANTRY_TYPES or state.spec(u).type == "engineer" for u in units):
        parts.append((table.get("infantry_type", 1), "infantry type target"))
    hx = state.module.hexes[hex_id]
    if hx.town or hx.westwall or hx.terrain in COVER or hex_id in state.fortifications:
        parts.append((table.get("town_fortification_woods_dense_forest_westwall", 1), "covering terrain"))
    total = sum(v for v, _ in parts)
    cap = table.get("cap", 1)
    if total > cap:
        parts.append((cap - total, f"overall DRM never above {cap:+d} (20.4.1D)"))
        total = cap
    return total, parts


def air_loss_pool(state: GameState, hex_id: str) -> list[str]:
    """20.4.1B-C: a full-strength unit, motorized if possible."""
    units = [u for u in state.units_at(hex_id) if not state.spec(u).is_leader
             and state.spec(u).reduced is not None and u not in state.reduced]
    motor = [u for u in units if state.spec(u).is_motorized]
    return motor or units


def _check_mission(state: GameState, hex_id: str, free: bool) -> None:
    if state.battle is not None:
        raise IllegalAction("no air mission while a battle is being resolved", rule="20.4")
    if hex_id not in state.module.hexes:
        raise MalformedCommand(f"no hex {hex_id}")
    if not free and state.air_used.get(state.turn, 0) >= missions(state, state.side):
        rule = "20.4.2E" if state.side == "German" else "20.4.2F" if state.turn_code() == "17DecAM" else "20.4"
        raise IllegalAction(f"no air mission left for the {state.side} player this turn", rule=rule)


def paired_free(state: GameState, hex_id: str, mission: str) -> bool:
    """20.4.2D: an Allied air attack on German units on a road hex and the interdiction of
    that road hex are one mission: the second of the pair (either order, same turn) is free."""
    if state.side != "Allied" or not state.module.is_road_hex(hex_id):
        return False
    other = "interdiction" if mission == "attack" else "attack"
    turn = state.turn
    return state.air_targets.get(f"{other}:{hex_id}") == turn and state.air_targets.get(f"{mission}:{hex_id}") != turn


def _c_attack(state: GameState, cmd: Command, dice: DiceCursor) -> list[ev.Event]:
    h = cmd.hex  # type: ignore[attr-defined]
    free = paired_free(state, h, "attack")
    _check_mission(state, h, free)
    enemy = other_side(state.side)
    if not any(state.side_of(u) == enemy for u in state.units_at(h)):
        raise IllegalAction(f"air attack on {h}: no enemy unit there", rule="20.4", hex=h)
    drm, _ = air_drm(state, h)
    v, e = dice.roll(f"air attack {h}")
    roll = v + drm
    pool = air_loss_pool(state, h)
    hit = roll <= 2 and bool(pool)
    out: list[ev.Event] = [e, ce.AirAttackResolved(side=state.side, hex=h, roll=roll, drm=drm, hit=hit,
                                                   counts=not free)]
    if hit and len(pool) == 1:
        out.append(ev.StepLost(unit=pool[0], reason="air attack (20.4.1)"))
    elif hit:
        b = BattleState(id=state.battles, attacker_side=state.side, attackers=(), defenders=tuple(pool), kind="air",
                        tasks=(("air_loss", enemy, h, 1),))
        out.append(ce.BattleStage(data=b.to_json()))
    return out


def _c_interdict(state: GameState, cmd: Command, dice: DiceCursor) -> list[ev.Event]:
    h = cmd.hex  # type: ignore[attr-defined]
    if not state.module.is_road_hex(h):
        raise IllegalAction(f"{h} is not a road hex", rule="20.4.2A", hex=h)
    free = paired_free(state, h, "interdiction")  # 20.4.2D
    _check_mission(state, h, free)
    v, e = dice.roll(f"interdiction {h}")
    hit = v <= 3
    out: list[ev.Event] = [e, ce.AirAttackResolved(side=state.side, hex=h, roll=v, drm=0, hit=hit,
                                                   mission="interdiction", counts=not free)]
    if hit:
        out.append(ev.RoadInterdicted(hex=h, until_turn=state.turn + 1))  # 20.4.2C one complete turn
    return out


CHECKERS: dict[str, Callable[[GameState, Command, DiceCursor], list[ev.Event]]] = {
    "air_attack": _c_attack,
    "interdict": _c_interdict,
}

"""apply() handlers for the combat events (engine II), registered with apply.py's
``register_handler``; the phase and movement handlers are wrapped to keep the combat
bookkeeping of GameState (13.2A, 13.5.5J, 13.6.5, 14.3, 15.1A)."""

from __future__ import annotations

from darkdec_qt.rules.combat import events as ce
from darkdec_qt.rules.combat.battle_state import BattleState
from darkdec_qt.rules.core import apply as _apply
from darkdec_qt.rules.core import events as ev
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.core.state import GameState

h = _apply.register_handler


def _wrap(kind: str, after):  # type: ignore[no-untyped-def]
    prev = _apply._HANDLERS[kind]

    def both(s: GameState, e: ev.Event) -> None:
        new_player_turn = isinstance(e, ev.PhaseBegan) and (e.side != s.side or e.turn != s.turn)
        prev(s, e)
        after(s, e, new_player_turn)

    _apply._HANDLERS[kind] = both


def _phase_began(s: GameState, e: ev.PhaseBegan, new_player_turn: bool) -> None:
    s.defended.clear()
    s.ca_obliged.clear()
    s.retreated_into.clear()
    s.leader_uses.clear()
    if new_player_turn:
        s.shock_done.clear()
        s.exploited.clear()


def _moved(s: GameState, e: ev.UnitMoved, _: bool) -> None:
    if s.phase is Phase.EXPLOITATION:
        s.exploited.add(e.unit)


if not getattr(_apply, "_combat_wrapped", False):
    _wrap("phase_began", _phase_began)
    _wrap("unit_moved", _moved)
    _apply._combat_wrapped = True  # type: ignore[attr-defined]


def _road(s: GameState, unit: str, path: tuple[str, ...]) -> None:
    side = s.module.units[unit].side
    for x in path[1:]:
        if x in s.road_control:
            s.road_control[x] = side  # 5.7D


@h("battle_declared")
def _declared(s: GameState, e: ce.BattleDeclared) -> None:  # type: ignore[override]
    s.battles = max(s.battles, e.id)
    if e.battle_kind == "shock":
        s.shock_done.update(e.attackers)
    s.attacked.update(e.attackers)
    s.defended.update(e.defenders)
    s.was_attacked.update(e.defenders)


@h("battle_stage")
def _stage(s: GameState, e: ce.BattleStage) -> None:  # type: ignore[override]
    s.battle = BattleState.from_json(e.data)


@h("battle_ended")
def _ended(s: GameState, e: ce.BattleEnded) -> None:  # type: ignore[override]
    s.battle = None


@h("battle_resolved")
def _resolved(s: GameState, e: ce.BattleResolved) -> None:  # type: ignore[override]
    pass


@h("result_chosen")
def _chosen(s: GameState, e: ce.ResultChosen) -> None:  # type: ignore[override]
    pass


@h("unit_retreated")
def _retreated(s: GameState, e: ce.UnitRetreated) -> None:  # type: ignore[override]
    side = s.module.units[e.unit].side
    dest = e.path[-1]
    if any(s.module.units[u].side == side for u, x in s.pos.items() if x == dest and u != e.unit):
        s.retreated_into.add(e.unit)  # 13.6.5
    s.pos[e.unit] = dest
    _road(s, e.unit, e.path)


@h("unit_advanced")
def _advanced(s: GameState, e: ce.UnitAdvanced) -> None:  # type: ignore[override]
    s.pos[e.unit] = e.path[-1]
    _road(s, e.unit, e.path)


@h("counterattack_declared")
def _ca(s: GameState, e: ce.CounterattackDeclared) -> None:  # type: ignore[override]
    s.ca_obliged.update(e.attackers)  # 13.5.5J
    s.attacked.update(e.attackers)
    s.attacked.update(e.defenders)  # 13.5.5H
    s.defended.update(e.defenders)


@h("leader_option_used")
def _leader(s: GameState, e: ce.LeaderOptionUsed) -> None:  # type: ignore[override]
    k = f"{e.leader}/{e.option}"
    s.leader_uses[k] = s.leader_uses.get(k, 0) + 1


@h("air_attack_resolved")
def _air(s: GameState, e: ce.AirAttackResolved) -> None:  # type: ignore[override]
    if e.counts:
        s.air_used[s.turn] = s.air_used.get(s.turn, 0) + 1
    for k in [k for k, t in s.air_targets.items() if t != s.turn]:
        del s.air_targets[k]  # 20.4.2D pairs last only for the turn
    s.air_targets[f"{e.mission}:{e.hex}"] = s.turn

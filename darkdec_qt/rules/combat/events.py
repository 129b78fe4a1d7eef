"""Events of combat (engine II). Dice are ``DieRolled`` events (events.py); step losses
and eliminations reuse ``StepLost``/``UnitEliminated`` with the rule as reason."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from darkdec_qt.rules.core.events import Event

E = Event.register


@E
@dataclass(frozen=True, slots=True)
class BattleDeclared(Event):
    kind: ClassVar[str] = "battle_declared"
    id: int
    attacker_side: str
    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    battle_kind: str = "attack"


@E
@dataclass(frozen=True, slots=True)
class BattleResolved(Event):
    kind: ClassVar[str] = "battle_resolved"
    id: int
    battle_kind: str
    attack: int
    defense: int
    odds: str
    column: str
    drm: int
    roll: int
    result: str
    notes: tuple[str, ...] = ()


@E
@dataclass(frozen=True, slots=True)
class BattleStage(Event):
    """The battle record after a step (battle_state.BattleState as JSON), so a replay
    never recomputes a decision."""

    kind: ClassVar[str] = "battle_stage"
    data: str


@E
@dataclass(frozen=True, slots=True)
class BattleEnded(Event):
    kind: ClassVar[str] = "battle_ended"
    id: int


@E
@dataclass(frozen=True, slots=True)
class ResultChosen(Event):
    kind: ClassVar[str] = "result_chosen"
    hex: str
    side: str
    option: str
    leader: str = ""


@E
@dataclass(frozen=True, slots=True)
class UnitRetreated(Event):
    kind: ClassVar[str] = "unit_retreated"
    unit: str
    path: tuple[str, ...]


@E
@dataclass(frozen=True, slots=True)
class UnitAdvanced(Event):
    kind: ClassVar[str] = "unit_advanced"
    unit: str
    path: tuple[str, ...]


@E
@dataclass(frozen=True, slots=True)
class CounterattackDeclared(Event):
    kind: ClassVar[str] = "counterattack_declared"
    side: str
    hexes: tuple[str, ...]
    attackers: tuple[str, ...] = ()  # 13.5.5A/J: may not attack again this phase
    defenders: tuple[str, ...] = ()  # 13.5.5H: may not attack later this phase


@E
@dataclass(frozen=True, slots=True)
class LeaderOptionUsed(Event):
    kind: ClassVar[str] = "leader_option_used"
    leader: str
    option: str  # attack / defense


@E
@dataclass(frozen=True, slots=True)
class AirAttackResolved(Event):
    kind: ClassVar[str] = "air_attack_resolved"
    side: str
    hex: str
    roll: int
    drm: int
    hit: bool
    mission: str = "attack"  # attack / interdiction
    counts: bool = True  # uses one of the turn's air missions (20.4, 20.4.2D)

"""Events: the facts a command causes. ``apply(state, event)`` (apply.py) is the only
thing that changes a ``GameState``; replaying the events from the scenario's start state
rebuilds any moment of the game exactly."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from darkdec_qt.rules.core.records import Record


class Event(Record):
    _registry: ClassVar[dict[str, type[Record]]] = {}


E = Event.register


@E
@dataclass(frozen=True, slots=True)
class PhaseBegan(Event):
    kind: ClassVar[str] = "phase_began"
    turn: int
    side: str
    phase: str


@E
@dataclass(frozen=True, slots=True)
class PhaseEnded(Event):
    kind: ClassVar[str] = "phase_ended"
    turn: int
    side: str
    phase: str


@E
@dataclass(frozen=True, slots=True)
class DieRolled(Event):
    kind: ClassVar[str] = "die_rolled"
    purpose: str
    value: int
    index: int


@E
@dataclass(frozen=True, slots=True)
class UnitMoved(Event):
    """``mp`` in ticks (1/30 MP, movement.TICKS); ``roads`` the road ids by which the
    last hex was entered (10.4.8C), empty if entered off-road."""

    kind: ClassVar[str] = "unit_moved"
    unit: str
    path: tuple[str, ...]
    mp: int
    stopped: bool = False
    roads: tuple[str, ...] = ()


@E
@dataclass(frozen=True, slots=True)
class StrategicEntered(Event):
    kind: ClassVar[str] = "strategic_entered"
    unit: str
    mp: int  # ticks paid (10.4.1D)


@E
@dataclass(frozen=True, slots=True)
class StrategicLeft(Event):
    kind: ClassVar[str] = "strategic_left"
    unit: str
    mp: int  # ticks paid (10.4.7A); 0 when removed by supply (10.4.8B) or combat
    reason: str = ""


@E
@dataclass(frozen=True, slots=True)
class ReserveEntered(Event):
    kind: ClassVar[str] = "reserve_entered"
    unit: str


@E
@dataclass(frozen=True, slots=True)
class ReserveLeft(Event):
    kind: ClassVar[str] = "reserve_left"
    unit: str
    reason: str = ""


@E
@dataclass(frozen=True, slots=True)
class SupplyDetermined(Event):
    """8.1: ``state`` supplied / unsupplied / isolated; ``count`` consecutive isolated
    determinations (8.6)."""

    kind: ClassVar[str] = "supply_determined"
    unit: str
    state: str
    reason: str
    count: int = 0


@E
@dataclass(frozen=True, slots=True)
class FuelDepleted(Event):
    kind: ClassVar[str] = "fuel_depleted"
    division: str
    chosen_by: str


@E
@dataclass(frozen=True, slots=True)
class FuelShortageSet(Event):
    """8.7: the number of divisions the Fuel Depletion Table put out of supply."""

    kind: ClassVar[str] = "fuel_shortage_set"
    count: int


@E
@dataclass(frozen=True, slots=True)
class FuelDivisionProtected(Event):
    """15.6E (rules engine I): Manteuffel shields ``division`` from the Allied choice (8.7.1A)."""

    kind: ClassVar[str] = "fuel_division_protected"
    division: str


@E
@dataclass(frozen=True, slots=True)
class UnitEntered(Event):
    """10.6: a reinforcement or reformed unit placed on its entry hex."""

    kind: ClassVar[str] = "unit_entered"
    unit: str
    hex: str
    strategic: bool = False
    reduced: bool = False


@E
@dataclass(frozen=True, slots=True)
class ReinforcementDelayed(Event):
    """10.6.3C: entry blocked; the unit enters next turn at ``hex``."""

    kind: ClassVar[str] = "reinforcement_delayed"
    unit: str
    turn: int
    hex: str


@E
@dataclass(frozen=True, slots=True)
class StepLost(Event):
    kind: ClassVar[str] = "step_lost"
    unit: str
    reason: str = ""


@E
@dataclass(frozen=True, slots=True)
class UnitEliminated(Event):
    kind: ClassVar[str] = "unit_eliminated"
    unit: str
    reason: str = ""
    surrendered: bool = False


@E
@dataclass(frozen=True, slots=True)
class UnitExited(Event):
    """10.7: ``owed`` attack strength the Allies must hold off on ``edge`` (10.7.2C)."""

    kind: ClassVar[str] = "unit_exited"
    unit: str
    hex: str
    edge: str
    owed: int = 0


@E
@dataclass(frozen=True, slots=True)
class UnitHeldOff(Event):
    kind: ClassVar[str] = "unit_held_off"
    unit: str
    edge: str
    strength: int


@E
@dataclass(frozen=True, slots=True)
class UnitWithdrawn(Event):
    kind: ClassVar[str] = "unit_withdrawn"
    unit: str


@E
@dataclass(frozen=True, slots=True)
class BridgeAttempted(Event):
    kind: ClassVar[str] = "bridge_attempted"
    a: str
    b: str
    unit: str


@E
@dataclass(frozen=True, slots=True)
class BridgeBlown(Event):
    kind: ClassVar[str] = "bridge_blown"
    a: str
    b: str


@E
@dataclass(frozen=True, slots=True)
class BridgeStarted(Event):
    """16.2.2: a unit moved across the hexside to build a bridge; built in the
    Construction/Demolition Phase."""

    kind: ClassVar[str] = "bridge_started"
    a: str
    b: str
    unit: str


@E
@dataclass(frozen=True, slots=True)
class BridgeBuilt(Event):
    kind: ClassVar[str] = "bridge_built"
    a: str
    b: str
    side: str
    marker: bool  # uses a bridge marker of the counter mix (16.2.4)


@E
@dataclass(frozen=True, slots=True)
class FortificationBuilt(Event):
    kind: ClassVar[str] = "fortification_built"
    hex: str
    unit: str


@E
@dataclass(frozen=True, slots=True)
class FortificationRemoved(Event):
    kind: ClassVar[str] = "fortification_removed"
    hex: str
    reason: str = ""


@E
@dataclass(frozen=True, slots=True)
class ReplacementsReceived(Event):
    kind: ClassVar[str] = "replacements_received"
    side: str
    type: str  # infantry / motorized
    count: int


@E
@dataclass(frozen=True, slots=True)
class UnitRefitted(Event):
    kind: ClassVar[str] = "unit_refitted"
    unit: str
    type: str


@E
@dataclass(frozen=True, slots=True)
class UnitReformed(Event):
    """9.0D: a destroyed unit back at reduced strength, placed at ``hex`` (9.1F-G)."""

    kind: ClassVar[str] = "unit_reformed"
    unit: str
    type: str
    hex: str


@E
@dataclass(frozen=True, slots=True)
class RestrictedActivated(Event):
    kind: ClassVar[str] = "restricted_activated"
    unit: str
    reason: str = ""


@E
@dataclass(frozen=True, slots=True)
class RestrictedReleased(Event):
    kind: ClassVar[str] = "restricted_released"
    unit: str
    reason: str = ""
    voluntary: bool = False


@E
@dataclass(frozen=True, slots=True)
class Paradropped(Event):
    kind: ClassVar[str] = "paradropped"
    unit: str
    hex: str
    result: str  # paradrop table result


@E
@dataclass(frozen=True, slots=True)
class WeatherSet(Event):
    kind: ClassVar[str] = "weather_set"
    turn: int
    weather: str


@E
@dataclass(frozen=True, slots=True)
class RoadInterdicted(Event):
    kind: ClassVar[str] = "road_interdicted"
    hex: str
    until_turn: int


@E
@dataclass(frozen=True, slots=True)
class InfiltrationAttempted(Event):
    """12.4: the 150th Panzer Brigade tried to leave an enemy ZOC."""

    kind: ClassVar[str] = "infiltration_attempted"
    unit: str
    hex: str
    success: bool


@E
@dataclass(frozen=True, slots=True)
class LeaderDisplaced(Event):
    """15.5D: a leader not stacked with a friendly combat unit, whose hex an enemy combat
    unit moved or advanced into or through, relocated to ``to_hex`` (the nearest supplied
    friendly combat unit or stack). With ``to_hex`` empty the nearest are several
    (``alternatives``): the leader waits in ``from_hex`` for its owner's
    ``RelocateDisplacedLeader``, owed before anything else."""

    kind: ClassVar[str] = "leader_displaced"
    unit: str
    from_hex: str
    to_hex: str
    alternatives: tuple[str, ...] = ()


@E
@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    kind: ClassVar[str] = "game_ended"
    turn: int

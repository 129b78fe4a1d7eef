"""Commands: a player's intent, small frozen value objects with no rules logic.

``Command.from_dict(cmd.to_dict()) == cmd``. Other modules (combat) register their own
with ``@Command.register``; the engine finds their checker through
``engine.register_checker``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from darkdec_qt.rules.core.records import Record


class Command(Record):
    _registry: ClassVar[dict[str, type[Record]]] = {}


C = Command.register


@C
@dataclass(frozen=True, slots=True)
class Move(Command):
    """Move a unit or a stack (11.1) along ``path`` (the first hex is where it stands).
    ``build_bridge``: the move crosses the hexside to be bridged (16.2.2A)."""

    kind: ClassVar[str] = "move"
    units: tuple[str, ...]
    path: tuple[str, ...]
    build_bridge: bool = False


@C
@dataclass(frozen=True, slots=True)
class EnterStrategic(Command):
    kind: ClassVar[str] = "enter_strategic"
    unit: str


@C
@dataclass(frozen=True, slots=True)
class LeaveStrategic(Command):
    kind: ClassVar[str] = "leave_strategic"
    unit: str


@C
@dataclass(frozen=True, slots=True)
class EnterReserve(Command):
    kind: ClassVar[str] = "enter_reserve"
    unit: str


@C
@dataclass(frozen=True, slots=True)
class LeaveReserve(Command):
    kind: ClassVar[str] = "leave_reserve"
    unit: str


@C
@dataclass(frozen=True, slots=True)
class EnterReinforcement(Command):
    """10.6: place ``unit`` on entry hex ``path[0]`` and move along the rest of ``path``."""

    kind: ClassVar[str] = "enter_reinforcement"
    unit: str
    path: tuple[str, ...]
    strategic: bool = False


@C
@dataclass(frozen=True, slots=True)
class Exit(Command):
    """10.7: a German unit on an Allied road entry hex leaves the map."""

    kind: ClassVar[str] = "exit"
    unit: str


@C
@dataclass(frozen=True, slots=True)
class HoldOff(Command):
    """10.7.2C: the Allies keep a due reinforcement off the map to balance exits."""

    kind: ClassVar[str] = "hold_off"
    unit: str


@C
@dataclass(frozen=True, slots=True)
class Withdraw(Command):
    kind: ClassVar[str] = "withdraw"
    unit: str


@C
@dataclass(frozen=True, slots=True)
class Refit(Command):
    """9.0C: one replacement brings a reduced unit to full strength."""

    kind: ClassVar[str] = "refit"
    unit: str


@C
@dataclass(frozen=True, slots=True)
class Reform(Command):
    """9.0D: two replacements bring a destroyed unit back, reduced, at ``hex`` (9.1F-G)."""

    kind: ClassVar[str] = "reform"
    unit: str
    hex: str


@C
@dataclass(frozen=True, slots=True)
class BlowBridge(Command):
    kind: ClassVar[str] = "blow_bridge"
    unit: str
    a: str
    b: str


@C
@dataclass(frozen=True, slots=True)
class BuildFortification(Command):
    kind: ClassVar[str] = "build_fortification"
    unit: str


@C
@dataclass(frozen=True, slots=True)
class Paradrop(Command):
    kind: ClassVar[str] = "paradrop"
    unit: str
    hex: str


@C
@dataclass(frozen=True, slots=True)
class ReleaseRestricted(Command):
    """10.9.2C: from AM 3 January, one voluntary release per AM game turn."""

    kind: ClassVar[str] = "release_restricted"
    unit: str


@C
@dataclass(frozen=True, slots=True)
class ChooseFuelDivision(Command):
    """8.7.1: a division (or, 8.7.2D, two independent brigades) put out of supply."""

    kind: ClassVar[str] = "choose_fuel_division"
    division: str
    side: str
    brigades: tuple[str, ...] = ()


@C
@dataclass(frozen=True, slots=True)
class ProtectFuelDivision(Command):
    """15.6E (rules engine I): Germany names a non-SS motorized division in Manteuffel's
    command range that the Allies may not choose for fuel depletion this turn."""

    kind: ClassVar[str] = "protect_fuel_division"
    division: str


@C
@dataclass(frozen=True, slots=True)
class RelocateDisplacedLeader(Command):
    """15.5D: the owner of a leader displaced this phase picks another of the equidistant
    nearest supplied friendly combat units or stacks (the engine placed it on the first)."""

    kind: ClassVar[str] = "relocate_displaced_leader"
    unit: str
    hex: str


@C
@dataclass(frozen=True, slots=True)
class EndPhase(Command):
    kind: ClassVar[str] = "end_phase"


@C
@dataclass(frozen=True, slots=True)
class StartGame(Command):
    """Begins the first phase of the scenario (its automatic work: supply...)."""

    kind: ClassVar[str] = "start_game"

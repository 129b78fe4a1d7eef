"""Commands of combat (engine II): frozen value objects, no rules logic."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from darkdec_qt.rules.core.commands import Command

C = Command.register


@C
@dataclass(frozen=True, slots=True)
class DeclareBattle(Command):
    """13.1: attackers against defenders; voluntary reductions (hex, levels) (13.3.3);
    integrity divisions claimed (13.8A); leader reserving an all out assault (13.2B);
    armor superiority used (13.9.1A); shock combat (14.3). ``ignore_second_bonus_if_ff``
    (13.8.4.2B): the Allied attacker drops the second (Patton) integrity bonus when the
    roll with it gives a fire fight (the option is stated with the declaration)."""

    kind: ClassVar[str] = "declare_battle"
    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    voluntary_reductions: tuple[tuple[str, int], ...] = ()
    integrity_choices: tuple[str, ...] = ()
    all_out_assault_leader: str = ""
    use_armor_superiority: bool = True
    shock: bool = False
    ignore_second_bonus_if_ff: bool = False


@C
@dataclass(frozen=True, slots=True)
class DefenderDeclares(Command):
    """13.3.3A/13.8A: the defender's reductions and integrity, after the attacker's."""

    kind: ClassVar[str] = "defender_declares"
    voluntary_reductions: tuple[tuple[str, int], ...] = ()
    integrity: bool = True


@C
@dataclass(frozen=True, slots=True)
class ResolveBattle(Command):
    kind: ClassVar[str] = "resolve_battle"


@C
@dataclass(frozen=True, slots=True)
class ChooseDefenderResult(Command):
    """13.5.1B: retreat1 / step1 (level equal); retreat2 / step2 / retreat1_step1 (greater).
    ``losses`` the units losing the steps; ``leader`` a commander's defense option (15.2A)."""

    kind: ClassVar[str] = "choose_defender_result"
    hex: str
    option: str
    losses: tuple[str, ...] = ()
    leader: str = ""


@C
@dataclass(frozen=True, slots=True)
class ChooseAttackerResult(Command):
    """13.5.2: as the defender's choice, against the attacker's hex level minus one."""

    kind: ClassVar[str] = "choose_attacker_result"
    hex: str
    option: str
    losses: tuple[str, ...] = ()


@C
@dataclass(frozen=True, slots=True)
class ChooseRetreat(Command):
    """13.6: ``units`` retreat along ``path`` (path[0] their hex); ``losses`` the units
    losing the steps the path costs (enemy ZOC 13.6.1A, over-stacking 13.6.3, blocked 13.6.1B)."""

    kind: ClassVar[str] = "choose_retreat"
    units: tuple[str, ...]
    path: tuple[str, ...]
    losses: tuple[str, ...] = ()


@C
@dataclass(frozen=True, slots=True)
class ChooseLosses(Command):
    """Bracketed mandatory losses (13.5.4), fire fight losses (13.5.6), air attack (20.4.1B)."""

    kind: ClassVar[str] = "choose_losses"
    units: tuple[str, ...]


@C
@dataclass(frozen=True, slots=True)
class Counterattack(Command):
    kind: ClassVar[str] = "counterattack"
    hexes: tuple[str, ...]


@C
@dataclass(frozen=True, slots=True)
class AllOutAssault(Command):
    """13.2: the same attack again; ``loss`` the attacking unit taking the mandatory step (13.2.3)."""

    kind: ClassVar[str] = "all_out_assault"
    loss: str


@C
@dataclass(frozen=True, slots=True)
class DeclineAssault(Command):
    kind: ClassVar[str] = "decline_assault"


@C
@dataclass(frozen=True, slots=True)
class ChooseAdvance(Command):
    kind: ClassVar[str] = "choose_advance"
    unit: str
    path: tuple[str, ...]


@C
@dataclass(frozen=True, slots=True)
class DeclineAdvance(Command):
    kind: ClassVar[str] = "decline_advance"


@C
@dataclass(frozen=True, slots=True)
class AirAttack(Command):
    kind: ClassVar[str] = "air_attack"
    hex: str


@C
@dataclass(frozen=True, slots=True)
class Interdict(Command):
    kind: ClassVar[str] = "interdict"
    hex: str

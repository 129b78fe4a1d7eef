"""Events of the variants (26.0), conditional forces (23.0) and the victory-condition choice (26.20)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from darkdec_qt.rules.core import events as ev
from darkdec_qt.rules.core.apply import register_handler
from darkdec_qt.rules.core.state import GameState


@ev.Event.register
@dataclass(frozen=True, slots=True)
class ArrivalsShifted(ev.Event):
    """Pending arrivals set to new turns (26.18C->26.1A, 26.19B, 26.20B-C, 23.0B)."""

    kind: ClassVar[str] = "arrivals_shifted"
    changes: tuple[tuple[str, int], ...]
    reason: str = ""


@ev.Event.register
@dataclass(frozen=True, slots=True)
class VariantTriggered(ev.Event):
    """A variant's condition was met on ``turn`` (26.10, 26.18C, 26.20, 23.0B...). With
    ``adds`` the variant becomes effective (26.18C 5-6: 26.1)."""

    kind: ClassVar[str] = "variant_triggered"
    rule: str
    turn: int
    detail: str = ""
    adds: str = ""


@ev.Event.register
@dataclass(frozen=True, slots=True)
class VictoryConditionsChosen(ev.Event):
    kind: ClassVar[str] = "victory_conditions_chosen"
    choice: str


@register_handler("arrivals_shifted")
def _shifted(s: GameState, e: ArrivalsShifted) -> None:  # type: ignore[override]
    for u, t in e.changes:
        if t < 0:
            s.pending.pop(u, None)
            s.out_of_play.add(u)
        else:
            s.pending[u] = t
            s.out_of_play.discard(u)


@register_handler("variant_triggered")
def _triggered(s: GameState, e: VariantTriggered) -> None:  # type: ignore[override]
    s.triggers[e.rule] = e.turn
    if e.adds:
        s.variants = s.variants | {e.adds}


@register_handler("victory_conditions_chosen")
def _chosen(s: GameState, e: VictoryConditionsChosen) -> None:  # type: ignore[override]
    s.vc_choice = e.choice
    s.triggers["26.20A"] = s.turn

"""The battle in progress (13.0-13.7): a small frozen record kept in ``GameState.battle``
so that a game saved in the middle of a battle replays and resumes exactly.

``tasks`` is the queue of decisions still owed, each ``(what, side, hex, n)``:
``declare`` (defender's declarations, 13.3.3A/13.8A), ``resolve``, ``mandatory``
(n bracketed steps, 13.5.4), ``result`` (a D/A comparison in ``hex``: n=0 equal,
n=1 greater, 13.5.1B), ``retreat`` (n hexes), ``ff_def``/``ff_att`` (13.5.6; n =
defense points to match), ``ca`` (13.5.5), ``advance`` (n hexes from ``hex``),
``assault`` (13.2 option).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, replace
from typing import Any

Task = tuple[str, str, str, int]


def _tup(v: Any) -> Any:
    if isinstance(v, list):
        return tuple(_tup(x) for x in v)
    return v


@dataclass(frozen=True, slots=True)
class BattleState:
    id: int
    attacker_side: str
    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    kind: str = "attack"  # attack / assault / counterattack / shock
    reductions: tuple[tuple[str, int], ...] = ()  # voluntary (13.3.3)
    integrity: tuple[str, ...] = ()  # divisions claimed by the attacker
    defender_integrity: bool = True
    ignore_second_bonus_if_ff: bool = False  # 13.8.4.2B, chosen by the attacker when declaring
    use_armor: bool = True
    aoa_leader: str = ""
    shock: bool = False
    odds: str = ""
    column: str = ""
    drm: int = 0
    result: str = ""
    levels: tuple[tuple[str, int], ...] = ()  # hex -> level used for this result
    armor_used: bool = False
    tasks: tuple[Task, ...] = ()
    retreat_len: tuple[tuple[str, int], ...] = ()  # defender/attacker hex -> hexes called to retreat
    vacated: tuple[tuple[str, int], ...] = ()  # hex -> retreat length (-1 eliminated)
    retreated: tuple[str, ...] = ()
    hit: tuple[str, ...] = ()  # units that lost steps or retreated (13.2.1A)
    advanced: tuple[str, ...] = ()
    minus_one: tuple[str, ...] = ()  # hexes reduced by one for the rest of the battle (13.5.5D-E)
    assaults: int = 0  # all out assaults made (13.2, 15.6)
    original_defenders: tuple[str, ...] = ()

    @property
    def defender_side(self) -> str:
        return "Allied" if self.attacker_side == "German" else "German"

    @property
    def task(self) -> Task | None:
        return self.tasks[0] if self.tasks else None

    def reduction(self, hex_id: str) -> int:
        return dict(self.reductions).get(hex_id, 0)

    def with_(self, **kw: Any) -> BattleState:
        return replace(self, **kw)

    def pop(self, *new: Task) -> BattleState:
        """Replace the head task by ``new`` tasks."""
        return replace(self, tasks=tuple(new) + self.tasks[1:])

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> BattleState:
        d = json.loads(text)
        return cls(**{k: _tup(v) for k, v in d.items()})

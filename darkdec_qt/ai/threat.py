"""Where the Allies are short (29.0 B, the Little Slam): the German attack strength within a
road march of an exit hex or objective town, against the Allied defence on it and next to
it. The Allies send troops where the defence falls short of a third of the attack that can
reach it (no battle at 3:1 or more), not to every threatened hex alike: against a German
army that marches everything on the nearest exit (greedy's Germans, 30-52 points off the
map at 3901 in one move, benchmarks/ai-tournaments-s4h.jsonl) a regiment an exit is lost."""

from __future__ import annotations

from collections.abc import Iterable

from darkdec_qt.ai import geography as geo
from darkdec_qt.rules import victory
from darkdec_qt.rules.state import GameState

REACH = 10  # march cost (geography.distances) from which a German unit strikes a hex next turn
HOLD_ODDS = 3  # a held hex wants defence of at least a third of the attack that can reach it


def attack_within(s: GameState, h: str, side: str = "German", reach: int = REACH) -> int:
    """``side``'s attack strength on the map within march cost ``reach`` of ``h``."""
    dist = geo.distances(s.module, (h,))
    units = s.module.units
    return sum(s.strength(u)[0] for u, x in s.pos.items()
               if units[u].side == side and not units[u].is_leader and dist.get(x, geo.FAR) <= reach)


def defence_at(s: GameState, h: str, side: str = "Allied", but: str = "") -> int:
    """``side``'s defence strength on ``h`` and next to it (the garrison and what bars the
    hexes around it), less unit ``but``."""
    near = {h, *s.module.adjacency.get(h, ())}
    units = s.module.units
    return sum(s.strength(u)[1] for u, x in s.pos.items()
               if x in near and u != but and units[u].side == side and not units[u].is_leader)


def threats(s: GameState, hexes: Iterable[str]) -> dict[str, int]:
    """Hex -> German attack within a road march of it."""
    return {h: attack_within(s, h) for h in hexes}


def short(s: GameState, hexes: Iterable[str], threat: dict[str, int] | None = None) -> list[str]:
    """The hexes whose Allied defence on and next to them is under a third of the German
    attack that can reach them."""
    threat = threat if threat is not None else threats(s, hexes)
    return sorted(h for h in hexes if threat.get(h, 0) > 0 and defence_at(s, h) * HOLD_ODDS < threat[h])


THRESHOLD = {"A": victory.EXIT_A_POINTS, "B": victory.EXIT_B_POINTS}  # 29.0 A/B


def points_left(s: GameState, h: str, done: dict[str, int] | None = None) -> int | None:
    """The attack strength still to exit for the victory that an exit by hex ``h`` counts
    for (``victory.exit_group``: 29.0 B, 12 at areas B/C; 29.0 A, 20 across the Meuse or,
    26.9B, by the Luxembourg hexes), less what has left already (``done``, the
    ``victory.exit_totals``); None where an exit there counts for neither."""
    g = victory.exit_group(s.module, h, victory._luxembourg(s))
    if g is None:
        return None
    done = done if done is not None else victory.exit_totals(s)
    return THRESHOLD[g] - done[g]


def decisive(s: GameState, hexes: Iterable[str], threat: dict[str, int]) -> list[str]:
    """The exit hexes of ``hexes`` where the attack within a road march could win the game
    at once (29.0 A/B are sudden death) if it left the map there."""
    exits = set(geo.exit_hexes(s))
    done = victory.exit_totals(s)
    out = []
    for h in hexes:
        left = points_left(s, h, done) if h in exits else None
        if left is not None and threat.get(h, 0) >= max(1, left):
            out.append(h)
    return sorted(out)

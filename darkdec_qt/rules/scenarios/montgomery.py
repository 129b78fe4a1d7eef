"""26.13 Montgomery's Withdrawal: the declaration, the second movement pass and the river lines."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from darkdec_qt import hexgrid
from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core import events as ev
from darkdec_qt.rules.core.apply import register_handler
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.core.registry import register_checker
from darkdec_qt.rules.core.state import GameState
from darkdec_qt.rules.core.tables import module_memo, tables
from darkdec_qt.rules.core.zoc import zoc_hexes
from darkdec_qt.rules.scenarios.variant_events import VariantTriggered
from darkdec_qt.rules.scenarios.victory import west_of_meuse


def montgomery_withdrawal(state: GameState) -> bool:
    """26.13A: the Allies declared a withdrawal this game turn (26.13D: no Allied attacks)."""
    return state.triggers.get(f"26.13@{state.turn}") is not None


@cm.Command.register
@dataclass(frozen=True, slots=True)
class DeclareWithdrawal(cm.Command):
    """26.13A: the Allies state that they conduct Montgomery's withdrawal this turn."""

    kind: ClassVar[str] = "declare_withdrawal"


@register_checker("declare_withdrawal")
def _check_withdrawal(state: GameState, cmd: DeclareWithdrawal, dice: object) -> list[ev.Event]:
    if "26.13" not in state.variants:
        raise IllegalAction("Montgomery's withdrawal is a variant not in use", rule="26.13A")
    if state.side != "Allied" or state.phase not in (Phase.SUPPLY, Phase.REPLACEMENT, Phase.MOVEMENT) \
            or state.moved:
        raise IllegalAction("the Allies state the withdrawal before they move", rule="26.13A")
    if montgomery_withdrawal(state):
        raise IllegalAction("already declared this turn", rule="26.13A")
    return [VariantTriggered(rule=f"26.13@{state.turn}", turn=state.turn, detail="Montgomery's withdrawal")]


WITHDRAWAL_LINES = (("Meuse", "west"), ("Sûre", "south"), ("Amblève", "north"), ("Semois", "south"))  # 26.13B


def _y(h: str) -> float:
    col, row = hexgrid.parse_hex_id(h)
    return row + (0.5 if col % 2 == 0 else 0.0)  # even columns sit half a hex lower (hexgrid)


def withdrawal_lines(state: GameState) -> dict[str, frozenset[str]]:
    """26.13B: the hexes of each river position: the bank hexes on the named side of the
    river's hexsides (west of the Meuse, south of the Sûre, north of the Amblève, south of
    the Semois)."""
    mod = state.module
    memo = module_memo(mod, "withdrawal_lines")  # remembered with the module, not by its id
    if "lines" in memo:
        return memo["lines"]

    t = tables(mod)
    out: dict[str, set[str]] = {name: set() for name, _ in WITHDRAWAL_LINES}
    sides = dict(WITHDRAWAL_LINES)
    for a, sds in t.sides.items():
        for sd in sds:
            want = sides.get(sd.river_name or "")
            if want is None:
                continue
            b = sd.b
            if want == "west" and hexgrid.parse_hex_id(a)[0] < hexgrid.parse_hex_id(b)[0]:
                out[sd.river_name].add(a)
            elif want == "south" and _y(a) > _y(b):
                out[sd.river_name].add(a)
            elif want == "north" and _y(a) < _y(b):
                out[sd.river_name].add(a)
    frozen = {k: frozenset(v) for k, v in out.items() if v}
    memo["lines"] = frozen
    return frozen


def line_distance(state: GameState, line: str, h: str) -> int:
    """Hexes from ``h`` to the river position ``line`` (0 on it; anywhere west of the Meuse
    counts as on the Meuse position). It depends on the map alone, and the withdrawal's
    checks and searches ask it for the same hexes again and again: kept per module, as
    ``withdrawal_lines`` is."""
    memo = module_memo(state.module, "line_distance")
    d = memo.get((line, h))
    if d is None:
        d = memo[(line, h)] = _line_distance(state, line, h)
    return d


def _line_distance(state: GameState, line: str, h: str) -> int:
    hexes = withdrawal_lines(state)[line]  # the callers ask for the positions the map has
    if h in hexes:
        return 0
    if line == "Meuse":
        if west_of_meuse(state, h):
            return 0
    return min(hexgrid.distance(h, x) for x in hexes)


def withdrawal_move_problem(state: GameState, units: tuple[str, ...], path: tuple[str, ...],
                            german_zoc: set[str] | None = None) -> IllegalAction | None:
    """26.13B-C, E on a withdrawal turn (read in docs/rules-interpretations.md): a moving
    Allied unit must move toward the closest river position or else west toward the Meuse:
    no hex of its path farther from that position than its start, and the end strictly
    closer (or on a position). A unit already on a position may only move along positions.
    26.13C: a unit whose every adjacent hex is in an enemy ZOC (surrounded) is free."""
    if not montgomery_withdrawal(state) or not units or state.module.units[units[0]].side != "Allied":
        return None

    start = path[0]
    zoc = german_zoc if german_zoc is not None else zoc_hexes(state, "German")
    if all(n in zoc for n in hexgrid.neighbours(start) if n in state.module.hexes):
        return None  # 26.13C surrounded by enemy ZOCs
    lines = withdrawal_lines(state)
    if not lines:
        return None
    dist = {name: line_distance(state, name, start) for name in lines}
    best = min(dist.values())
    if best == 0:
        if any(line_distance(state, name, path[-1]) == 0 for name in lines):
            return None
        return IllegalAction(f"is on a river position and may move only along the positions during Montgomery's "
                             f"withdrawal, not to {path[-1]}", rule="26.13B", unit=units[0], hex=path[-1])
    allowed = [name for name, d in dist.items() if d == best]
    if "Meuse" in lines and "Meuse" not in allowed:
        allowed.append("Meuse")  # 26.13E: or else west to the Meuse
    for name in allowed:
        d0 = dist[name]
        if line_distance(state, name, path[-1]) < d0 and all(line_distance(state, name, h) <= d0 for h in path[1:]):
            return None
    return IllegalAction(f"must move by the most direct route toward the closest river position "
                         f"({', '.join(sorted(allowed))}) during Montgomery's withdrawal", rule="26.13B",
                         unit=units[0], hex=path[-1])


def withdrawal_search_limits(state: GameState, units: tuple[str, ...]) -> list[tuple[str, int]] | None:
    """For the queries (movement.legal_destinations): the (river position, start distance)
    pairs of 26.13B/E a withdrawing unit's path must keep to (no hex farther, the end
    closer), so that the search finds a path ``withdrawal_move_problem`` accepts whenever
    one exists. None when the move is not limited that way (no withdrawal, surrounded
    26.13C, or on a position, where only the end hex matters)."""
    if not montgomery_withdrawal(state) or not units or state.module.units[units[0]].side != "Allied":
        return None
    start = state.pos[units[0]]
    probe = withdrawal_move_problem(state, units, (start, start))
    if probe is None:
        return None  # 26.13C surrounded (or no lines): free
    lines = withdrawal_lines(state)
    dist = {name: line_distance(state, name, start) for name in lines}
    best = min(dist.values())
    if best == 0:
        return None
    allowed = [name for name, d in dist.items() if d == best]
    if "Meuse" in lines and "Meuse" not in allowed:
        allowed.append("Meuse")
    return [(name, dist[name]) for name in allowed]


def second_withdrawal_pass(state: GameState) -> bool:
    return state.triggers.get(f"26.13/2@{state.turn}") is not None


@ev.Event.register
@dataclass(frozen=True, slots=True)
class SecondMovementBegan(ev.Event):
    """26.13A: Montgomery's withdrawal: the Allies' second movement before their Combat
    Phase; movement points, ZOC stops and roads entered by start afresh."""

    kind: ClassVar[str] = "second_movement_began"
    turn: int


@register_handler("second_movement_began")
def _second_move(s: GameState, e: SecondMovementBegan) -> None:  # type: ignore[override]
    s.triggers[f"26.13/2@{e.turn}"] = e.turn
    s.mp_spent.clear()
    s.stopped.clear()
    s.last_roads.clear()


@cm.Command.register
@dataclass(frozen=True, slots=True)
class BeginSecondWithdrawalMove(cm.Command):
    """26.13A: on a withdrawal turn the Allied units move a second time before combat."""

    kind: ClassVar[str] = "begin_second_withdrawal_move"


@register_checker("begin_second_withdrawal_move")
def _check_second_move(state: GameState, cmd: BeginSecondWithdrawalMove, dice: object) -> list[ev.Event]:
    if "26.13" not in state.variants:
        raise IllegalAction("Montgomery's withdrawal is a variant not in use", rule="26.13A")
    if not montgomery_withdrawal(state):
        raise IllegalAction("the Allies did not declare a withdrawal this turn", rule="26.13A")
    if state.side != "Allied" or state.phase is not Phase.MOVEMENT:
        raise IllegalAction("the second movement comes in the Allied Movement Phase, before combat", rule="26.13A")
    if second_withdrawal_pass(state):
        raise IllegalAction("units move only twice during a withdrawal turn", rule="26.13A")
    return [SecondMovementBegan(turn=state.turn)]

"""A game's statistics by game turn: steps lost (5.1D), objective towns held, the verdict's
margin (victory.evaluate), combat units and stacks on the map, units exited (10.7).

Read from the event log, one event at a time (``Statistics.sync`` follows a growing log,
and an undone tail: undo never removes a phase_began), so a live view pays for the new
events only. Pure Python: the client's Statistics dock, ``darkdec report`` and any other
reader share it. ``series(viewer)`` gives what one side may know under fog of war (25.0;
docs/rules-interpretations.md): its own figures in full, of the enemy the step losses
announced in battles and air attacks and the stacks it sees, never the hidden unit counts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from darkdec_qt.rules.core.apply import apply
from darkdec_qt.rules.core.events import Event
from darkdec_qt.rules.core.state import GameState
from darkdec_qt.rules.scenarios import victory

SIDES = ("German", "Allied")

# The verdict as a number, positive for Germany: the level's rank among its scenario's
# levels (29.0 A-C and 26.8D for the Campaign Game; the reconstructed conditions' own words).
_RANK = {"A": 4, "B": 3, "C": 2, "Decisive": 2, "Tactical": 1, "Marginal": 1, "German": 1, "Allied": 1, "Draw": 0}


def margin(v: victory.Verdict) -> int:
    """The verdict's margin: > 0 a German result, < 0 an Allied one, 0 a draw; the larger the
    better the level (the Campaign Game: A 4, B 3, C 2, Tactical 1, Draw 0, Allied -1)."""
    rank = _RANK.get(v.level, 1)
    return rank if v.winner == "German" else -rank if v.winner == "Allied" else 0


@dataclass(frozen=True)
class Snapshot:
    """Figures read from one moment's state."""

    units: dict[str, int]  # combat units on the map, by side (leaders are not units here)
    stacks: dict[str, int]  # hexes holding a side's combat units (what fog of war lets the enemy count)
    towns: dict[str, int]  # objective towns held, by side
    level: str  # the verdict's level ("Allied", "Draw", "C", ...)
    verdict: str  # its name ("German Tactical Victory")
    margin: int
    exited: dict[str, int]  # units exited (10.7), by side, so far
    exit_strength: dict[str, int]  # German attack strength exited by victory group "A"/"B" (29.0)


def snapshot(state: GameState) -> Snapshot:
    units = state.module.units
    n = {s: 0 for s in SIDES}
    hexes: dict[str, set[str]] = {s: set() for s in SIDES}
    for u, h in state.pos.items():
        spec = units[u]
        if spec.is_leader or spec.side not in n:
            continue
        n[spec.side] += 1
        hexes[spec.side].add(h)
    exited = {s: 0 for s in SIDES}
    for u in state.exited:
        side = units[u].side
        exited[side] = exited.get(side, 0) + 1
    try:
        v = victory.evaluate(state)
    except (KeyError, ValueError):  # a module without the scenario's victory table
        v = victory.Verdict(state.scenario, "Draw", "none", "no verdict", False, "")
    towns = {s: sum(1 for held in v.towns.values() if held == s) for s in SIDES}
    return Snapshot(n, {s: len(hexes[s]) for s in SIDES}, towns, v.level, v.name, margin(v), exited,
                    victory.exit_totals(state))


@dataclass
class TurnFigures:
    """One game turn: the steps each side lost in it, and the snapshot at its end (for the
    turn being played, at the moment read)."""

    turn: int
    code: str  # the calendar's turn code ("16DecAM")
    start: int  # index of the event that began it (its first phase_began)
    end: int | None = None  # events up to here belong to it; None while it is being played
    steps_lost: dict[str, int] = field(default_factory=lambda: {s: 0 for s in SIDES})
    announced: dict[str, int] = field(default_factory=lambda: {s: 0 for s in SIDES})
    """Of ``steps_lost``, those lost in a battle (the result announced to both, 25.0C) or to an
    air attack (20.4.1): what the enemy learns under fog of war."""
    at_end: Snapshot | None = None


@dataclass(frozen=True)
class Loss:
    index: int  # the event's index in the log
    turn: int
    side: str
    steps: int
    announced: bool


def steps_of(state: GameState, event: Event) -> int:
    """Steps a StepLost / UnitEliminated takes, read before it is applied (5.1D): a step, or
    every step the unit has left (two for a full-strength unit with a reduced side)."""
    spec = state.module.units[event.unit]  # type: ignore[attr-defined]
    if spec.is_leader:
        return 0
    if event.kind == "step_lost":
        return 1
    return 1 if spec.reduced is None or event.unit in state.reduced else 2  # type: ignore[attr-defined]


class Statistics:
    """Follows one game's log from its initial state; ``turns`` are the game turns begun."""

    def __init__(self, initial: GameState) -> None:
        self.initial = initial.clone()
        self.state = initial.clone()
        self.events: list[Event] = []
        self.turns: list[TurnFigures] = []
        self.losses: list[Loss] = []
        self._turn_states: list[GameState] = []  # the state at each turn's start (for ``at``)
        self._mark: tuple[int, GameState, int, dict[str, int], dict[str, int]] = (0, self.state.clone(), 0, {}, {})
        """At the last phase_began (undo never goes before it): events read, state, losses, the turn's counts."""
        self._live: tuple[int, Snapshot] | None = None

    # --- following the log ---------------------------------------------------------------
    def push(self, event: Event) -> None:
        """Take the next event of the log."""
        s, i = self.state, len(self.events)
        if event.kind == "phase_began":
            if not self.turns or event.turn != self.turns[-1].turn:  # type: ignore[attr-defined]
                if self.turns:
                    self.turns[-1].end = i
                    self.turns[-1].at_end = snapshot(s)
                t = event.turn  # type: ignore[attr-defined]
                turns = s.module.turns
                self.turns.append(TurnFigures(t, turns[t - 1].code if 0 < t <= len(turns) else str(t), i))
                self._turn_states.append(s.clone())
        elif event.kind in ("step_lost", "unit_eliminated"):
            n = steps_of(s, event)
            if n:
                side = s.module.units[event.unit].side  # type: ignore[attr-defined]
                reason = getattr(event, "reason", "")
                loss = Loss(i, s.turn, side, n, s.battle is not None or reason.startswith("air attack"))
                self.losses.append(loss)
                if self.turns:
                    self._count(self.turns[-1], loss)
        apply(s, event)
        self.events.append(event)
        if event.kind == "phase_began":
            last = self.turns[-1]
            self._mark = (len(self.events), s.clone(), len(self.losses), dict(last.steps_lost), dict(last.announced))
        self._live = None

    @staticmethod
    def _count(t: TurnFigures, loss: Loss) -> None:
        t.steps_lost[loss.side] = t.steps_lost.get(loss.side, 0) + loss.steps
        if loss.announced:
            t.announced[loss.side] = t.announced.get(loss.side, 0) + loss.steps

    def extend(self, events: Sequence[Event]) -> None:
        for e in events:
            self.push(e)

    def sync(self, events: Sequence[Event]) -> None:
        """Follow ``events``, the game's whole log now: append what is new; where its tail was
        undone (and perhaps replaced), go back to the last phase's start and read on."""
        n = len(self.events)
        stop = min(n, len(events))
        keep = min(self._mark[0], stop)
        while keep < stop and (events[keep] is self.events[keep] or events[keep] == self.events[keep]):
            keep += 1
        if keep < n:
            self._rewind(keep, events)
        self.extend(events[len(self.events):])

    def _rewind(self, keep: int, events: Sequence[Event]) -> None:
        """Back to the last phase_began (the state and counts kept then), then read on to ``keep``."""
        at, state, n_losses, lost, announced = self._mark
        if keep < at:  # never after an undo (it stops at a phase change): read it all again
            fresh = Statistics(self.initial)
            fresh.extend(events[:keep])
            self.__dict__.update(fresh.__dict__)
            return
        self.events = self.events[:at]
        self._live = None
        self.state = state.clone()
        del self.losses[n_losses:]
        if self.turns:
            self.turns[-1].steps_lost, self.turns[-1].announced = dict(lost), dict(announced)
        self.extend(events[at:keep])  # (no phase_began among them: ``at`` follows the last one)

    # --- reading -------------------------------------------------------------------------
    def current(self) -> Snapshot:
        """The snapshot of the moment the log has reached (cached until the next event)."""
        if self._live is None or self._live[0] != len(self.events):
            self._live = (len(self.events), snapshot(self.state))
        return self._live[1]

    def figures(self) -> list[TurnFigures]:
        """Every turn begun, the last one's ``at_end`` being the current snapshot."""
        out = list(self.turns)
        if out and out[-1].end is None:
            last = out[-1]
            out[-1] = TurnFigures(last.turn, last.code, last.start, None, dict(last.steps_lost),
                                  dict(last.announced), self.current())
        return out

    def at(self, index: int, state: GameState | None = None) -> list[TurnFigures]:
        """The figures after the first ``index`` events (a replay position); ``state``: the
        state at that moment if the caller has it (else it is rebuilt from the turn's start)."""
        if index >= len(self.events):
            return self.figures()
        out: list[TurnFigures] = []
        for k, t in enumerate(self.turns):
            if t.start >= index and k:
                break
            if t.end is not None and t.end <= index:
                out.append(t)
                continue
            if state is None:
                state = self._turn_states[k].clone()
                for e in self.events[t.start:index]:
                    apply(state, e)
            part = TurnFigures(t.turn, t.code, t.start, None)
            for loss in self.losses:
                if t.start <= loss.index < index:
                    self._count(part, loss)
            part.at_end = snapshot(state)
            out.append(part)
            break
        return out


# --- series for a chart --------------------------------------------------------------------


@dataclass(frozen=True)
class Series:
    """One line of a chart: ``points`` are (game turn, value)."""

    name: str
    side: str  # "German", "Allied" or "" (both)
    points: tuple[tuple[int, float], ...]


@dataclass(frozen=True)
class ChartData:
    key: str
    title: str
    y_title: str
    series: tuple[Series, ...]
    note: str = ""  # what fog of war leaves out
    labels: dict[int, str] = field(default_factory=dict)  # game turn -> calendar code
    levels: dict[int, str] = field(default_factory=dict)  # value -> the verdict's level it stands for


CHARTS = ("steps", "towns", "margin", "units", "exits")


def series(figures: Sequence[TurnFigures], viewer: str | None = None) -> dict[str, ChartData]:
    """The charts of ``figures`` as ``viewer`` may see them: None (no fog of war, or a finished
    game's report) shows everything; a side (25.0) shows the enemy's step losses announced in
    battles and air attacks only, and its stacks on the map instead of its units; "" (nobody's
    seat: a hot-seat hand-over) shows both sides so."""
    labels = {f.turn: f.code for f in figures}
    ended = [f for f in figures if f.at_end is not None]

    def line(name: str, side: str, values: list[tuple[int, float]]) -> Series:
        return Series(name, side, tuple(values))

    steps, units, exits = [], [], []
    for side in SIDES:
        hidden = viewer is not None and side != viewer
        total = 0
        cum = []
        for f in figures:
            total += (f.announced if hidden else f.steps_lost).get(side, 0)
            cum.append((f.turn, float(total)))
        steps.append(line(side + (" (announced)" if hidden else ""), side, cum))
        if hidden:
            units.append(line(f"{side} stacks", side,
                              [(f.turn, float(f.at_end.stacks.get(side, 0))) for f in ended]))  # type: ignore[union-attr]
        else:
            units.append(line(side, side,
                              [(f.turn, float(f.at_end.units.get(side, 0))) for f in ended]))  # type: ignore[union-attr]
        exits.append(line(side, side,
                          [(f.turn, float(f.at_end.exited.get(side, 0))) for f in ended]))  # type: ignore[union-attr]
    for group in ("A", "B"):
        exits.append(line(f"Exit {group}", "German",
                          [(f.turn, float(f.at_end.exit_strength.get(group, 0))) for f in ended]))  # type: ignore[union-attr]
    towns = tuple(line(side, side, [(f.turn, float(f.at_end.towns.get(side, 0))) for f in ended])  # type: ignore[union-attr]
                  for side in SIDES)
    verdict = (line("Verdict", "", [(f.turn, float(f.at_end.margin)) for f in ended]),)  # type: ignore[union-attr]
    fog = viewer is not None
    enemy = next((s for s in SIDES if s != viewer), "") if viewer else "both sides'"
    return {
        "steps": ChartData("steps", "Steps lost (5.1D), cumulative", "steps", tuple(steps),
                           f"fog of war (25.0): {enemy} losses as announced in battles and air attacks" if fog else "",
                           labels),
        "towns": ChartData("towns", "Objective towns held", "towns", towns, "", labels),
        "margin": ChartData("margin", "Verdict if the game had ended then", "+ German, - Allied", verdict,
                            "", labels, {f.at_end.margin: f.at_end.level for f in ended}),  # type: ignore[union-attr]
        "units": ChartData("units", "Combat units on the map", "units", tuple(units),
                           f"fog of war (25.0A): {enemy} stacks seen, not units" if fog else "", labels),
        "exits": ChartData("exits", "Exits (10.7)", "units; strength (29.0 A/B)",
                           tuple(exits), "", labels),
    }

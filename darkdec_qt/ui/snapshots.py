"""Fast random access to any moment of a game: states cached at the start of every
phase, later moments replayed from the nearest snapshot with the engine's ``apply``.

The answer equals ``Game.state_at(i)`` (same state hash); the cache only saves time.
"""

from __future__ import annotations

from bisect import bisect_right

from darkdec_qt.game.session import Game
from darkdec_qt.rules.core.apply import apply
from darkdec_qt.rules.core.events import Event
from darkdec_qt.rules.core.state import GameState


class StateCache:
    """Snapshots of ``game`` every phase; ``state_at(i)`` is the state after ``i`` events."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._events: list[Event] = []
        self._n_batches = -1
        self._marks: list[int] = [0]  # event indices with a snapshot, ascending
        self._snaps: dict[int, GameState] = {0: game.initial.clone()}
        self.sync()

    @property
    def events(self) -> list[Event]:
        self.sync()
        return self._events

    def sync(self) -> None:
        """Follow the game's log after execute/undo (events only append or are undone
        back to the last phase change, so earlier snapshots stay valid)."""
        g = self.game
        if len(g.batches) == self._n_batches and len(self._events) == sum(len(b.events) for b in g.batches):
            return
        self._events = g.events
        self._n_batches = len(g.batches)
        n = len(self._events)
        self._marks = [m for m in self._marks if m <= n]
        self._snaps = {m: self._snaps[m] for m in self._marks}
        # extend snapshots over newly appended events
        last = self._marks[-1]
        state = self._snaps[last].clone()
        for i in range(last, n):
            apply(state, self._events[i])
            if self._events[i].kind == "phase_began":
                self._marks.append(i + 1)
                self._snaps[i + 1] = state.clone()

    def state_at(self, index: int) -> GameState:
        self.sync()
        index = max(0, min(index, len(self._events)))
        k = self._marks[bisect_right(self._marks, index) - 1]
        state = self._snaps[k].clone()
        for e in self._events[k:index]:
            apply(state, e)
        return state

    def phase_starts(self) -> list[int]:
        """Event indices just after each ``phase_began`` (where a phase starts)."""
        self.sync()
        return [m for m in self._marks if m > 0]

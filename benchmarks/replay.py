"""Events replayed per second (goal: over 20,000): a self-played game's log is
re-applied from the scenario start, as the client does for a jump in replay mode."""

from __future__ import annotations

import sys
import time

from _common import module

from darkdec_qt.game.selfplay import selfplay


def main(turns: int = 4) -> None:
    m = module()
    game = selfplay(m, "campaign", "7", turns)
    events = game.events
    best = 0.0
    for _ in range(5):
        t0 = time.perf_counter()
        state = game.replay(events)
        dt = time.perf_counter() - t0
        best = max(best, len(events) / dt)
    assert state.state_hash() == game.state.state_hash()
    print(f"replay: {len(events)} events of {turns} campaign turns; best {best:,.0f} events/s (goal > 20,000)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 4)

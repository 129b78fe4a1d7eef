"""Client benchmarks: time from start to an interactive window, and the time to render
the full map with all counters at 100 % and fit-to-window (per frame, goal < 16 ms
for a window-sized view), the time to open a game whose log holds thousands of notes, and the
Statistics dock's update after an event in a Campaign game of about 3,000 events (goal <= 50 ms).
``python benchmarks/client.py [--notes N] [--events N] [--statistics]`` (defaults 5,000 notes,
3,000 events; ``--statistics``: that measurement only)."""

from __future__ import annotations

import os
import statistics
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
T0 = time.perf_counter()

from PySide6.QtWidgets import QApplication  # noqa: E402


def frame_ms(win, n: int = 20) -> tuple[float, float]:
    """First-frame and median time to paint the viewport ``n`` times (a window-sized
    view); the first frame fills the caches for this zoom."""
    vp = win.view.viewport()
    times = []
    for _ in range(n):
        t = time.perf_counter()
        vp.repaint()  # synchronous paint into the window's backing store (tile caches in use)
        times.append((time.perf_counter() - t) * 1000)
    return times[0], statistics.median(times[1:])


def refresh_ms(win, module, n: int = 40) -> tuple[float, float]:
    """Median ``refresh_hex`` call, and call + repaint of the view, for editor-style
    terrain brush edits (each edit a new module, as the editor makes)."""
    import dataclasses

    scene, vp = win.view.map_scene, win.view.viewport()
    hexes = [h for h in module.hexes][:: max(1, len(module.hexes) // n)][:n]
    calls, frames = [], []
    for h in hexes:
        edited = type(module).build(**{**module.__dict__, "hexes": {
            **module.hexes, h: dataclasses.replace(module.hexes[h], terrain="marsh")}})
        win.view.center_on_hex(h)
        vp.repaint()
        t = time.perf_counter()
        scene.refresh_hex(h, edited)
        calls.append((time.perf_counter() - t) * 1000)
        vp.repaint()
        frames.append((time.perf_counter() - t) * 1000)
        module = edited
    return statistics.median(calls), statistics.median(frames)


def log_open_ms(module, notes: int) -> tuple[float, float]:
    """A Herbstnebel game whose log holds ``notes`` legal notes (Note commands, 200 characters
    each): the time to open it in a client window until the first paint, and the log panel's
    share of it (its rebuild)."""
    from darkdec_qt.model.load import DEFAULT_MODULE
    from darkdec_qt.rules.core.notes import Note
    from darkdec_qt.ui.client import Client
    from darkdec_qt.ui.controller import GameController, new_game

    game = new_game(module, "herbstnebel", "1")
    text = ("The 7th Armored holds St. Vith while the 106th withdraws behind the Our; " * 3)[:200]
    for i in range(notes):
        game.execute(Note(side="German" if i % 2 else "Allied", text=text))
    app = QApplication.instance()
    t = time.perf_counter()
    win = Client(GameController(game, DEFAULT_MODULE), hotseat=False)
    win.resize(1600, 1000)
    win.show()
    app.processEvents()
    total = (time.perf_counter() - t) * 1000
    t = time.perf_counter()
    win.log_panel.rebuild()
    app.processEvents()
    log = (time.perf_counter() - t) * 1000
    win.controller.dirty = False
    win.close()
    return total, log


def statistics_ms(module, events: int, n: int = 30) -> dict[str, float]:
    """A random Campaign game (self-play, seed 3) cut at the first command past ``events``
    events, opened in a client window with the Statistics dock shown: the dock's first reading
    of the whole log, then its update after each of the next ``n`` commands (each one event or
    a few, executed through the controller as a click would: median and worst), and its redraw
    at a replay position in mid-game."""
    from darkdec_qt.game.selfplay import selfplay
    from darkdec_qt.game.session import Game
    from darkdec_qt.model.load import DEFAULT_MODULE
    from darkdec_qt.ui.client import Client
    from darkdec_qt.ui.controller import GameController

    played = selfplay(module, "campaign", 3, turns=30, max_commands=6 * events)
    k, total = 0, 0
    while k < len(played.batches) and total < events:
        total += len(played.batches[k].events)
        k += 1
    game = Game.from_log(module, "campaign", "3", played.log_dicts()[:k])
    app = QApplication.instance()
    win = Client(GameController(game, DEFAULT_MODULE), hotseat=False)
    win.resize(1280, 720)
    win.show()
    app.processEvents()
    panel, c = win.statistics, win.controller
    dock = win.panels["statistics"]
    c.changed.disconnect(panel.refresh)
    times: list[float] = []

    def timed() -> None:
        t = time.perf_counter()
        panel.refresh()
        times.append((time.perf_counter() - t) * 1000)

    c.changed.connect(timed)
    c.shownChanged.disconnect(panel.refresh)
    past_times: list[float] = []

    def timed_past() -> None:
        t = time.perf_counter()
        panel.refresh()
        past_times.append((time.perf_counter() - t) * 1000)

    c.shownChanged.connect(timed_past)
    dock.show()
    dock.raise_()
    app.processEvents()
    panel.stats = None  # (it may have read the log already: a window state remembered visible)
    t = time.perf_counter()
    panel.refresh()
    first = (time.perf_counter() - t) * 1000
    for b in played.batches[k:k + n]:
        c.execute(b.command)
        app.processEvents()
    past_times.clear()
    c.show_past(len(c.cache.events) // 2)
    app.processEvents()
    c.show_live()
    c.dirty = False
    win.close()
    return {"events": float(total), "first": first, "median": statistics.median(times), "worst": max(times),
            "updates": float(len(times)), "past": past_times[0]}


def print_statistics(module, events: int) -> None:
    r = statistics_ms(module, events)
    print(f"statistics dock on a Campaign game of {r['events']:.0f} events: first reading {r['first']:.0f} ms; "
          f"update after a command median {r['median']:.1f} ms, worst {r['worst']:.1f} ms ({r['updates']:.0f} "
          f"commands; goal <= 50 ms); at a replay position in mid-game {r['past']:.0f} ms")


def main() -> int:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    events = int(sys.argv[sys.argv.index("--events") + 1]) if "--events" in sys.argv else 3000
    if "--statistics" in sys.argv:
        from darkdec_qt.model.load import DEFAULT_MODULE, load_module

        print_statistics(load_module(DEFAULT_MODULE), events)
        return 0
    from darkdec_qt.model.load import DEFAULT_MODULE, load_module
    from darkdec_qt.ui.app import new_game
    from darkdec_qt.ui.client import Client
    from darkdec_qt.ui.controller import GameController

    module = load_module(DEFAULT_MODULE)
    win = Client(GameController(new_game(module, "campaign", "1"), DEFAULT_MODULE), hotseat=False)
    win.resize(1600, 1000)
    win.show()
    app.processEvents()
    ready = time.perf_counter() - T0
    print(f"start to interactive window: {ready * 1000:.0f} ms ({len(win.controller.state.pos)} counters)")
    win.view.reset_zoom()
    win.view.center_on_hex(next(iter(win.controller.state.pos.values())))
    first, med = frame_ms(win)
    print(f"render at 100 %: first frame {first:.1f} ms (fills the tile cache), median {med:.1f} ms per frame")
    win.view.fit_all()
    first, med = frame_ms(win)
    print(f"render fit-to-window: first frame {first:.1f} ms, median {med:.1f} ms per frame")
    win.view.reset_zoom()
    call, frame = refresh_ms(win, module)
    print(f"editor refresh_hex: median {call:.2f} ms per call, {frame:.1f} ms with the repaint at 100 %")
    win.controller.dirty = False
    win.close()
    notes = int(sys.argv[sys.argv.index("--notes") + 1]) if "--notes" in sys.argv else 5000
    total, log = log_open_ms(module, notes)
    print(f"open a game of {notes} notes: {total:.0f} ms to the first paint, of which the log panel {log:.0f} ms")
    print_statistics(module, events)
    return 0


if __name__ == "__main__":
    sys.exit(main())

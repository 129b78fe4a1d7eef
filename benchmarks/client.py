"""Client benchmarks: time from start to an interactive window, and the time to render
the full map with all counters at 100 % and fit-to-window (per frame, goal < 16 ms
for a window-sized view), and the time to open a game whose log holds thousands of notes.
``python benchmarks/client.py [--notes N]`` (default 5,000)."""

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


def main() -> int:
    app = QApplication.instance() or QApplication(sys.argv[:1])
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
    return 0


if __name__ == "__main__":
    sys.exit(main())

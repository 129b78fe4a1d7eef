"""Client benchmarks: time from start to an interactive window, and the time to render
the full map with all counters at 100 % and fit-to-window (per frame, goal < 16 ms
for a window-sized view).  ``python benchmarks/client.py``"""

from __future__ import annotations

import os
import statistics
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
T0 = time.perf_counter()

from PySide6.QtWidgets import QApplication  # noqa: E402


def frame_ms(win, n: int = 20) -> tuple[float, float]:
    """Median and worst time to paint the viewport ``n`` times (a window-sized view)."""
    vp = win.view.viewport()
    times = []
    for _ in range(n):
        t = time.perf_counter()
        vp.repaint()  # synchronous paint into the window's backing store (tile caches in use)
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times), max(times)


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
    med, worst = frame_ms(win)
    print(f"render at 100 %: worst of 20 {worst:.1f} ms (first frame fills the tile cache), median {med:.1f} ms per frame")
    win.view.fit_all()
    med, worst = frame_ms(win)
    print(f"render fit-to-window: worst of 20 {worst:.1f} ms, median {med:.1f} ms per frame")
    win.controller.dirty = False
    win.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

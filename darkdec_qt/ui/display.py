"""Which Qt platform to run on. A window needs a display; without one the program says
so in one line and stops, instead of running an invisible offscreen window. Offscreen
only when asked: ``--screenshot``, or ``QT_QPA_PLATFORM`` set by the user."""

from __future__ import annotations

import os
import sys

NO_DISPLAY = ("darkdec: error: no display to open a window on (DISPLAY and WAYLAND_DISPLAY are unset): "
              "run it in a desktop session, over `ssh -X`, under `xvfb-run`, or use --screenshot PNG")


def needs_display_error(screenshot: bool = False, environ: dict[str, str] | None = None,
                        platform: str | None = None) -> str | None:
    """The one line to print when no window can be shown, else None. With
    ``screenshot`` and no display, chooses the offscreen platform (in ``environ``)."""
    env = os.environ if environ is None else environ
    if env.get("QT_QPA_PLATFORM"):
        return None  # the user chose a platform: respect it (offscreen included)
    plat = platform or sys.platform
    if plat.startswith(("win", "darwin")) or env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"):
        return None
    if screenshot:
        env["QT_QPA_PLATFORM"] = "offscreen"
        return None
    return NO_DISPLAY

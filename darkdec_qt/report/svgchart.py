"""A chart of the game's statistics (game/statistics.py: ``ChartData``) as inline SVG: a line per
series over the game turns, axes with the calendar's turn codes and round values, a legend, the
fog-of-war note. Plain text in, escaped text out: every name may come from a game file's module."""

from __future__ import annotations

import math
from html import escape

from darkdec_qt.game.statistics import ChartData, Series

W, H = 560, 300
LEFT, RIGHT, TOP, BOTTOM = 58, 14, 50, 56
SIDE_COLOUR = {"German": "#b3261e", "Allied": "#1d5fc4", "": "#3a3a3a"}
EXTRA_COLOURS = ("#d9822b", "#6b4c9a", "#2f7d4f", "#8a6d3b")  # further lines of one side (exit strength A/B)
DASHES = ("", "6 4", "2 3", "8 3 2 3")


def _nice_step(span: float, ticks: int = 5) -> float:
    """A round step (1, 2 or 5 times a power of ten, at least 1: the figures are counts) giving
    about ``ticks`` intervals over ``span``."""
    if span <= ticks:
        return 1.0
    raw = span / ticks
    mag = 10 ** math.floor(math.log10(raw))
    return float(next(m * mag for m in (1, 2, 5, 10) if raw <= m * mag))


def _fmt(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:g}"


def chart_svg(data: ChartData) -> str:
    """The chart as one ``<svg>`` element (no script, no outside reference)."""
    xs = sorted({t for s in data.series for t, _ in s.points})
    ys = [v for s in data.series for _, v in s.points]
    title = escape(data.title)
    out = [f'<svg viewBox="0 0 {W} {H}" width="{W}" height="{H}" '
           f'role="img" aria-label="{title}" class="chart">',
           f'<text x="{LEFT}" y="20" class="ct">{title}</text>']
    if data.note:
        out.append(f'<text x="{LEFT}" y="36" class="cn">{escape(data.note)}</text>')
    pw, ph = W - LEFT - RIGHT, H - TOP - BOTTOM
    if not xs:
        out.append(f'<text x="{W / 2}" y="{H / 2}" text-anchor="middle" class="cn">no turn played</text></svg>')
        return "".join(out)
    lo_y, hi_y = min(0.0, *ys), max(1.0, *ys)
    if data.levels:  # the verdict: every level from the worst to the best that occurred, and a draw
        lo_y, hi_y = min(lo_y, *data.levels), max(hi_y, *data.levels)
    step = 1.0 if data.levels else _nice_step(hi_y - lo_y)
    lo_y = math.floor(lo_y / step) * step
    hi_y = math.ceil(hi_y / step) * step if hi_y > lo_y else lo_y + step
    x0, x1 = xs[0], max(xs[-1], xs[0] + 1)

    def px(t: float) -> float:
        return LEFT + (t - x0) / (x1 - x0) * pw

    def py(v: float) -> float:
        return TOP + ph - (v - lo_y) / (hi_y - lo_y) * ph

    # grid and value axis
    v = lo_y
    while v <= hi_y + 1e-9:
        y = py(v)
        if data.levels:  # the verdict's levels by name (a draw at 0), the margins between unnamed
            label = data.levels.get(int(v), "Draw" if v == 0 else "")
        else:
            label = _fmt(v)
        out.append(f'<line x1="{LEFT}" x2="{W - RIGHT}" y1="{y:.1f}" y2="{y:.1f}" '
                   f'class="{"axis" if v == 0 else "grid"}"/>')
        if label:
            out.append(f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end" class="tick">{escape(label)}</text>')
        v += step
    # turn axis: the calendar's codes, as many as fit
    every = max(1, math.ceil(len(xs) / 6))
    out.append(f'<line x1="{LEFT}" x2="{W - RIGHT}" y1="{TOP + ph}" y2="{TOP + ph}" class="axis"/>')
    for k, t in enumerate(xs):
        if k % every and t != xs[-1]:
            continue
        if t == xs[-1] and k % every and (k % every) < every / 2:
            continue  # the last turn too close to the label before it
        x = px(t)
        code = escape(str(data.labels.get(t, t)))
        anchor = "end" if t == xs[-1] and len(xs) > 1 else "middle"
        out.append(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{TOP + ph}" y2="{TOP + ph + 4}" class="axis"/>'
                   f'<text x="{x:.1f}" y="{TOP + ph + 16}" text-anchor="{anchor}" class="tick">{code}</text>')
    out.append(f'<text x="{LEFT + pw / 2}" y="{H - 24}" text-anchor="middle" class="cn">game turn</text>')
    out.append(f'<text transform="translate(14 {TOP + ph / 2}) rotate(-90)" text-anchor="middle" '
               f'class="cn">{escape(data.y_title)}</text>')
    # the lines, then the legend under the axis
    used: dict[str, int] = {}
    lx = LEFT
    for s in data.series:
        colour, dash = _style(s, used)
        pts = " ".join(f"{px(t):.1f},{py(val):.1f}" for t, val in s.points)
        if pts:
            dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
            out.append(f'<polyline points="{pts}" fill="none" stroke="{colour}" stroke-width="2.2" '
                       f'stroke-linejoin="round"{dash_attr}><title>{escape(s.name)}</title></polyline>')
            if len(s.points) == 1:
                (t, val), = s.points
                out.append(f'<circle cx="{px(t):.1f}" cy="{py(val):.1f}" r="3" fill="{colour}"/>')
        name = escape(s.name)
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(f'<line x1="{lx}" x2="{lx + 22}" y1="{H - 7}" y2="{H - 7}" stroke="{colour}" '
                   f'stroke-width="2.6"{dash_attr}/><text x="{lx + 27}" y="{H - 3}" class="tick">{name}</text>')
        lx += 36 + 7 * len(s.name)
    out.append("</svg>")
    return "".join(out)


def _style(s: Series, used: dict[str, int]) -> tuple[str, str]:
    """A side's first line in its colour, solid; its further lines in other colours, dashed."""
    n = used.get(s.side, 0)
    used[s.side] = n + 1
    if n == 0:
        return SIDE_COLOUR.get(s.side, SIDE_COLOUR[""]), ""
    return EXTRA_COLOURS[(n - 1) % len(EXTRA_COLOURS)], DASHES[n % len(DASHES)]

"""Geographic projection of WGS84 lat/lon onto the map's hex grid.

A similarity transform fitted to the rulebook's anchor hexes (La Roche 2516,
Baraque de Fraiture 3013, Wahlerscheid 4703, Bastogne 3022), from
``../shared/reference/ardennes-geography.md`` section 4a: flat-topped hexes,
even columns half a hex south, 2.835 km per hex, rotation +1.53 degrees.
This is a reconstruction: the printed map is not available.
"""

from __future__ import annotations

import math

from darkdec_qt.hexgrid import SQRT3, Layout

_COS_LAT0 = math.cos(math.radians(50.2))
# one unit = centre-to-centre distance within a column
UNIT_LAYOUT = Layout(size=1.0 / SQRT3)


def local_km(lat: float, lon: float) -> tuple[float, float]:
    """Local east/north kilometres from (50.2 N, 5.9 E)."""
    return (lon - 5.9) * 111.32 * _COS_LAT0, (lat - 50.2) * 110.57


def to_grid(lat: float, lon: float) -> tuple[float, float]:
    """Continuous grid position (x, y) in hex units: x = col*sqrt(3)/2, y = row (+0.5 even cols)."""
    e, n = local_km(lat, lon)
    x = 0.35258 * e - 0.00939 * n + 30.1644
    y = -0.35258 * n - 0.00939 * e + 15.0745
    return x, y


def from_grid(x: float, y: float) -> tuple[float, float]:
    """Inverse of :func:`to_grid`: (lat, lon)."""
    a, b = 0.35258, -0.00939
    # x - x0 = a*e + b*n ; y - y0 = b*e - a*n
    dx, dy = x - 30.1644, y - 15.0745
    det = a * (-a) - b * b
    e = (dx * (-a) - b * dy) / det
    n = (a * dy - b * dx) / det
    lon = e / (111.32 * _COS_LAT0) + 5.9
    lat = n / 110.57 + 50.2
    return lat, lon


def hex_of(lat: float, lon: float) -> str | None:
    """The hex id containing a geographic point (None outside 00..99)."""
    x, y = to_grid(lat, lon)
    return UNIT_LAYOUT.pixel_to_hex(x, y)


def hex_center_latlon(hex_id: str) -> tuple[float, float]:
    x, y = UNIT_LAYOUT.center(hex_id)
    return from_grid(x, y)

"""Hex math for the Dark December map (pure stdlib).

The printed map uses flat-topped hexes in vertical columns. Hex ids are ``XXYY``:
column ``XX`` west to east, row ``YY`` north to south (the rulebook's ``2516`` is
column 25, row 16). Even-numbered columns sit half a hex lower (south) than odd
ones ("even-q" offset in Red Blob Games' terms); this convention fits the
rulebook's anchor hexes best (see ``../shared/reference/ardennes-geography.md`` 4).

Algorithms work in cube coordinates; offset ids are converted at the edges.
Invariants are checked with exceptions, never ``assert``.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

SQRT3 = math.sqrt(3.0)


class HexIdError(ValueError):
    """A string that is not a valid ``XXYY`` hex id."""


@dataclass(frozen=True, slots=True, order=True)
class Cube:
    """Cube coordinates (q + r + s == 0)."""

    q: int
    r: int
    s: int

    def __post_init__(self) -> None:
        if self.q + self.r + self.s != 0:
            raise ValueError(f"cube coordinates must sum to 0: {self}")

    def __add__(self, other: Cube) -> Cube:
        return Cube(self.q + other.q, self.r + other.r, self.s + other.s)

    def __sub__(self, other: Cube) -> Cube:
        return Cube(self.q - other.q, self.r - other.r, self.s - other.s)


# Cube directions for flat-topped hexes, clockwise from north:
# N, NE, SE, S, SW, NW.
DIRECTIONS: tuple[Cube, ...] = (
    Cube(0, -1, 1),
    Cube(1, -1, 0),
    Cube(1, 0, -1),
    Cube(0, 1, -1),
    Cube(-1, 1, 0),
    Cube(-1, 0, 1),
)
DIRECTION_NAMES: tuple[str, ...] = ("N", "NE", "SE", "S", "SW", "NW")


def parse_hex_id(hex_id: str) -> tuple[int, int]:
    """``"2516"`` -> ``(25, 16)``; raises :class:`HexIdError` on anything else."""
    if not isinstance(hex_id, str) or len(hex_id) != 4 or not hex_id.isdigit():
        raise HexIdError(f"not a hex id (XXYY, four digits): {hex_id!r}")
    return int(hex_id[:2]), int(hex_id[2:])


def format_hex_id(col: int, row: int) -> str:
    """``(25, 16)`` -> ``"2516"``; columns and rows must be 0..99."""
    if not (0 <= col <= 99 and 0 <= row <= 99):
        raise HexIdError(f"column/row out of range for an XXYY id: {col}, {row}")
    return f"{col:02d}{row:02d}"


def offset_to_cube(col: int, row: int) -> Cube:
    """Even-q offset (even columns shifted down) to cube."""
    q = col
    r = row - (col + (col & 1)) // 2
    return Cube(q, r, -q - r)


def cube_to_offset(c: Cube) -> tuple[int, int]:
    col = c.q
    row = c.r + (c.q + (c.q & 1)) // 2
    return col, row


_CUBES: dict[str, Cube] = {}
_NEIGHBOURS: dict[str, tuple[str, ...]] = {}
# Both caches hold only valid ids (at most 10,000): the engine and the AI ask for the same
# few thousand hexes millions of times (a whole Reduction game: 3 million distances).


def to_cube(hex_id: str) -> Cube:
    c = _CUBES.get(hex_id) if isinstance(hex_id, str) else None
    if c is None:
        c = offset_to_cube(*parse_hex_id(hex_id))
        _CUBES[hex_id] = c
    return c


def from_cube(c: Cube) -> str:
    return format_hex_id(*cube_to_offset(c))


def cube_distance(a: Cube, b: Cube) -> int:
    d = a - b
    return max(abs(d.q), abs(d.r), abs(d.s))


def distance(a: str, b: str) -> int:
    """Number of hexes between two hex ids (adjacent hexes are 1 apart)."""
    x, y = to_cube(a), to_cube(b)
    return max(abs(x.q - y.q), abs(x.r - y.r), abs(x.s - y.s))


def neighbours(hex_id: str) -> tuple[str, ...]:
    """The six ids around ``hex_id`` (N, NE, SE, S, SW, NW), including ids off any
    particular map; callers filter by the hexes that exist."""
    found = _NEIGHBOURS.get(hex_id) if isinstance(hex_id, str) else None
    if found is None:
        c = to_cube(hex_id)
        out = []
        for d in DIRECTIONS:
            col, row = cube_to_offset(c + d)
            if 0 <= col <= 99 and 0 <= row <= 99:
                out.append(format_hex_id(col, row))
        found = _NEIGHBOURS[hex_id] = tuple(out)
    return found


def direction(a: str, b: str) -> int:
    """Index into :data:`DIRECTIONS` of adjacent ``b`` seen from ``a``."""
    d = to_cube(b) - to_cube(a)
    try:
        return DIRECTIONS.index(d)
    except ValueError:
        raise ValueError(f"{a} and {b} are not adjacent") from None


def are_adjacent(a: str, b: str) -> bool:
    return distance(a, b) == 1


def ring(center: str, radius: int) -> Iterator[str]:
    """Hex ids at exactly ``radius`` from ``center`` (0..99 grid only)."""
    if radius < 0:
        raise ValueError("radius must be >= 0")
    c = to_cube(center)
    if radius == 0:
        yield center
        return
    cur = c + Cube(DIRECTIONS[4].q * radius, DIRECTIONS[4].r * radius, DIRECTIONS[4].s * radius)
    for i in range(6):
        for _ in range(radius):
            col, row = cube_to_offset(cur)
            if 0 <= col <= 99 and 0 <= row <= 99:
                yield format_hex_id(col, row)
            cur = cur + DIRECTIONS[i]


def within(center: str, radius: int) -> Iterator[str]:
    """Hex ids at distance 0..radius from ``center``."""
    for k in range(radius + 1):
        yield from ring(center, k)


def cube_round(q: float, r: float) -> Cube:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    else:
        rs = -rq - rr
    return Cube(int(rq), int(rr), int(rs))


def line(a: str, b: str) -> list[str]:
    """Hexes on the straight line from ``a`` to ``b`` inclusive."""
    ca, cb = to_cube(a), to_cube(b)
    n = cube_distance(ca, cb)
    if n == 0:
        return [a]
    out = []
    for i in range(n + 1):
        t = i / n
        q = ca.q + (cb.q - ca.q) * t
        r = ca.r + (cb.r - ca.r) * t
        try:  # nudge to break ties consistently ...
            out.append(from_cube(cube_round(q + 1e-6, r + 1e-6)))
        except HexIdError:  # ... unless that tie falls off the XXYY grid (row 99 to row 99)
            out.append(from_cube(cube_round(q - 1e-6, r - 1e-6)))
    return out


def hexside_key(a: str, b: str) -> tuple[str, str]:
    """A hexside is the unordered pair of hexes it separates; stored sorted."""
    return (a, b) if a <= b else (b, a)


@dataclass(frozen=True, slots=True)
class Layout:
    """Hex-to-pixel for flat-topped hexes, no Qt types.

    ``size`` is the distance from centre to corner. Column ``c`` is at
    x = 1.5*size*c; row ``r`` at y = sqrt(3)*size*(r + 0.5 if c even).
    """

    size: float = 30.0
    origin_x: float = 0.0
    origin_y: float = 0.0

    def center(self, hex_id: str) -> tuple[float, float]:
        col, row = parse_hex_id(hex_id)
        return self.center_of(col, row)

    def center_of(self, col: int, row: int) -> tuple[float, float]:
        x = self.origin_x + 1.5 * self.size * col
        y = self.origin_y + SQRT3 * self.size * (row + (0.5 if col % 2 == 0 else 0.0))
        return x, y

    def corners(self, hex_id: str) -> list[tuple[float, float]]:
        cx, cy = self.center(hex_id)
        return [
            (cx + self.size * math.cos(math.radians(60 * i)), cy + self.size * math.sin(math.radians(60 * i)))
            for i in range(6)
        ]

    def hexside_segment(self, a: str, b: str) -> tuple[tuple[float, float], tuple[float, float]]:
        """End points of the edge shared by adjacent hexes ``a`` and ``b``."""
        ax, ay = self.center(a)
        bx, by = self.center(b)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        dx, dy = bx - ax, by - ay
        length = math.hypot(dx, dy)
        if length == 0:
            raise ValueError(f"{a} and {b} are the same hex")
        # half edge length = size / 2, perpendicular to the centre line
        ux, uy = -dy / length, dx / length
        h = self.size / 2
        return (mx + ux * h, my + uy * h), (mx - ux * h, my - uy * h)

    def pixel_to_hex(self, x: float, y: float) -> str | None:
        """Nearest hex id to a pixel, or None if outside the 0..99 id range."""
        px = (x - self.origin_x) / self.size
        py = (y - self.origin_y) / self.size
        q = (2.0 / 3.0) * px
        # axial r for even-q layout: y/(sqrt3) = r + q/2 + shift; work via offset
        col = round(q)
        best: str | None = None
        best_d = math.inf
        for c in (col - 1, col, col + 1):
            if not 0 <= c <= 99:
                continue
            row_f = py / SQRT3 - (0.5 if c % 2 == 0 else 0.0)
            for r in (math.floor(row_f), math.ceil(row_f)):
                if not 0 <= r <= 99:
                    continue
                cx, cy = self.center_of(c, r)
                d = (cx - x) ** 2 + (cy - y) ** 2
                if d < best_d:
                    best_d, best = d, format_hex_id(c, r)
        return best

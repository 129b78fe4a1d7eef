"""Regions of the map defined by rivers and edges, shared by the rules (10.9 restricted
units in the derived set-ups) and module validation. Pure: no Qt, no SQL."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from darkdec_qt import hexgrid
from darkdec_qt.moduleview import Module

RIVER_LINE_BRITISH = ("Meuse",)  # 10.9.1A: "behind the Meuse River"
RIVER_LINE_US = ("Meuse", "Semois")  # 10.9.2A: "behind (i.e., not east of) the line formed by the Meuse and Semois"


def behind_rivers(m: Module, rivers: Iterable[str]) -> frozenset[str]:
    """10.9: hexes on the far side of ``rivers`` from the battle, reachable without
    crossing one of their hexsides from the north-west corner (0101, north of the Meuse
    between Namur and Liège) and, for a line including the Semois, from the south-edge
    hexes west of where the Semois leaves the map (south of the Semois). The French Meuse
    leaves and re-enters the west edge, so the west edge as a whole is no seed."""
    names = set(rivers)
    wet = {k for k, hs in m.hexsides.items() if hs.river_name in names}
    rows = max((hexgrid.parse_hex_id(h)[1] for h in m.hexes), default=0)
    start = [h for h in ("0101",) if h in m.hexes]
    if "Semois" in names:
        semois = [hexgrid.parse_hex_id(x)[0] for k, hs in m.hexsides.items() if hs.river_name == "Semois"
                  for x in k if hexgrid.parse_hex_id(x)[1] == rows]
        if semois:
            start += [h for h in m.hexes if hexgrid.parse_hex_id(h)[1] == rows and hexgrid.parse_hex_id(h)[0] < min(semois)]
    seen = set(start)
    q = deque(start)
    while q:
        h = q.popleft()
        for n in m.adjacency.get(h, ()):
            if n not in seen and hexgrid.hexside_key(h, n) not in wet:
                seen.add(n)
                q.append(n)
    return frozenset(seen)


def restricted_zone(m: Module, nationality: str) -> frozenset[str]:
    """Where an unreleased restricted unit of ``nationality`` may stand (10.9B, 10.9.1A, 10.9.2A)."""
    return behind_rivers(m, RIVER_LINE_US if nationality == "US" else RIVER_LINE_BRITISH)


def road_components(m: Module) -> dict[str, int]:
    """Road hex -> size of its connected road network (roads.csv segments)."""
    comp: dict[str, int] = {}
    for h in m.road_links:
        if h in comp:
            continue
        members = {h}
        q = deque([h])
        while q:
            x = q.popleft()
            for n in m.road_links[x]:
                if n not in members:
                    members.add(n)
                    q.append(n)
        for x in members:
            comp[x] = len(members)
    return comp

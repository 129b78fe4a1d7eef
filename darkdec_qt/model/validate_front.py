"""Checks of the rivers and the front where a historian looks, run by ``validate_geo.problems``:

- ``river-town``: a town the sources place on a river (``RIVER_TOWNS``: town, river, bank,
  source) must touch that river, on that bank: a hexside of the river on the town hex
  toward the other bank, none on the town's own side;
- ``border-bridge``: a bridge over a border river (Our, Sauer, Moselle) between a hex of a
  German army area and one outside must start blown (16.0C), unless its basis says
  "intact at start: <source>";
- ``same-bank-road``: a road between two towns of ``RIVER_TOWNS`` on the same river must
  not cross that river if they stand on the same bank (left or right, looking downstream),
  and cross it once if on opposite banks, unless ``ROAD_RECROSSINGS`` gives the source;
- ``across-front``: a unit set up on 16 December (units.csv set-up hex, a 16 December
  scenario's set-up row, a German 6.2 historical position) on a hex of the other side's
  army area, unless its basis says "across the front (<source>)".

The derived set-ups of the later scenarios are checked by :func:`derived_setup_problems`
(run by ``darkdec module validate`` and the tests, not on every load: it builds them).
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterator

from darkdec_qt import hexgrid
from darkdec_qt.moduleview import Module

BORDER_RIVERS = ("Our", "Sûre", "Moselle")
INTACT = "intact at start:"
ACROSS = re.compile(r"across the front \([^)]+\)")

_COLE = "Cole, The Ardennes: Battle of the Bulge (CMH 1965)"
_TOPO = "topographic maps"
# town -> (river, bank the town stands on: N S E W, or "" = on the river, both banks / junction;
#          the same bank looking downstream: left / right; source)
RIVER_TOWNS: dict[str, tuple[str, str, str, str]] = {
    "Echternach": ("Sûre", "S", "right", f"{_COLE} pp.245, 504-506; {_TOPO}"),
    "Rosport": ("Sûre", "S", "right", _TOPO),
    "Diekirch": ("Sûre", "N", "left", f"{_COLE} map III; {_TOPO}"),
    "Bettendorf": ("Sûre", "N", "left", f"{_COLE} map III; {_TOPO}"),
    "Ettelbruck": ("Sûre", "S", "right", f"{_COLE} ch. XXII (the 80th Inf at Ettelbruck, on the Sûre); {_TOPO}"),
    "Wallendorf": ("Our", "E", "left", f"{_COLE} ch. IX (the Our mouth, German bank); {_TOPO}"),
    "Vianden": ("Our", "W", "right", f"{_COLE} ch. IX; {_TOPO}"),
    "Dasburg": ("Our", "E", "left", f"{_COLE} ch. VIII; {_TOPO}"),
    "Stavelot": ("Amblève", "N", "right", f"{_COLE} pp.261-264 (Peiper crossed the Amblève bridge into the town)"),
    "Trois-Ponts": ("Amblève", "", "", f"{_COLE} ch. XIII: the junction north of the Amblève and Salm bridges"),
    "La Gleize": ("Amblève", "N", "right", f"{_COLE} ch. XIII (the pocket north of the river, Cheneux bridge)"),
    "Stoumont": ("Amblève", "N", "right", f"{_COLE} ch. XIII (Stoumont above the valley, north bank)"),
    "Ligneuville": ("Amblève", "", "", "ostbelgien.eu GR 56: the village lies in the Amblève valley floor, on both banks"),
    "Vielsalm": ("Salm", "E", "right", f"{_COLE} ch. XVII (the St. Vith forces withdrew west over the Salm bridges at "
                 "Vielsalm and Salmchâteau); the town on the right bank, Rencheux and the station on the left"),
    "Namur": ("Meuse", "W", "left", f"{_TOPO}: the city on the left bank at the Sambre mouth, Jambes on the right"),
    "Profondeville": ("Meuse", "W", "left", f"{_TOPO}: left bank"),
    "Yvoir": ("Meuse", "E", "right", f"{_TOPO}: right bank"),
    "Dinant": ("Meuse", "E", "right", f"{_TOPO}: right bank (the citadel and the town)"),
    "Givet": ("Meuse", "W", "left", "Encyclopaedia Britannica (1911) 'Givet': Charlemont and Grand Givet on the left bank, "
              "Petit Givet on the right"),
    "Andenne": ("Meuse", "S", "right", f"{_TOPO}: right bank"),
    "Huy": ("Meuse", "S", "right", f"{_TOPO}: right bank (the collegiate church and the citadel)"),
    "Amay": ("Meuse", "N", "left", f"{_TOPO}: left bank"),
    "Chiny": ("Semois", "", "", f"{_TOPO}: on the Semois"),
}
# (road, town, town) -> source for a road that crosses the river between two towns more often
ROAD_RECROSSINGS: dict[tuple[str, str, str], str] = {
    ("N10", "Echternach", "Ettelbruck"): "the Sûre valley road crosses to Diekirch and Bettendorf on the left bank and "
    "back over the Reisdorf bridge to the Luxembourg bank below the Our mouth (Cole, map III; topographic maps)",
    ("N10", "Ettelbruck", "Rosport"): "as Ettelbruck-Echternach, then on by the Luxembourg bank to Rosport",
    ("N90", "Amay", "Namur"): "the Namur-Liège road by the right bank (Jambes, Andenne, Huy) and over the Huy bridge to "
    "the left bank toward Amay and Liège (recalled, unverified)",
}


def _xy(h: str) -> tuple[float, float]:
    col, row = hexgrid.parse_hex_id(h)
    return float(col), row + (0.5 if col % 2 == 0 else 0.0)


def _toward(town: str, other: str, bank: str) -> float:
    """> 0 when ``other`` lies on the town's own side (toward ``bank``), < 0 across."""
    (x0, y0), (x1, y1) = _xy(town), _xy(other)
    return {"N": y0 - y1, "S": y1 - y0, "E": x1 - x0, "W": x0 - x1}[bank]


def check_river_towns(m: Module) -> Iterator[tuple[str, str, str]]:
    towns = {hx.town: h for h, hx in m.hexes.items() if hx.town}
    for name, (river, bank, _flow, _src) in sorted(RIVER_TOWNS.items()):
        h = towns.get(name)
        if h is None:
            continue
        sides = [n for n in m.adjacency.get(h, ()) if (hs := m.hexside(h, n)) is not None and hs.river_name == river]
        if not sides:
            yield ("river-town", h, f"{name} touches no hexside of the {river} (the sources place it on the river)")
        elif bank and sum(_toward(h, n, bank) < 0 for n in sides) <= sum(_toward(h, n, bank) > 0 for n in sides):
            yield ("river-town", h, f"{name} must stand on the {bank} bank of the {river}")


def check_border_bridges(m: Module) -> Iterator[tuple[str, str, str]]:
    for (a, b), hs in sorted(m.hexsides.items()):
        if not hs.bridge or hs.demolished or hs.river_name not in BORDER_RIVERS:
            continue
        if a in m.hexes and b in m.hexes and bool(m.hexes[a].army) != bool(m.hexes[b].army) and INTACT not in hs.basis:
            yield ("border-bridge", f"{a}-{b}", f"bridge over the {hs.river_name} on the 16 Dec front starts intact; "
                   "border bridges start blown (16.0C) unless the basis cites a source ('intact at start: ...')")


def _road_path(m: Module, road: str, a: str, b: str) -> list[str] | None:
    prev: dict[str, str] = {a: a}
    q = deque([a])
    while q:
        h = q.popleft()
        if h == b:
            path = [b]
            while path[-1] != a:
                path.append(prev[path[-1]])
            return path[::-1]
        for n, ids in sorted(m.road_links.get(h, {}).items()):
            if road in ids and n not in prev:
                prev[n] = h
                q.append(n)
    return None


def check_same_bank_roads(m: Module) -> Iterator[tuple[str, str, str]]:
    towns = {hx.town: h for h, hx in m.hexes.items() if hx.town}
    placed = sorted((n, towns[n], r, fl) for n, (r, _bk, fl, _s) in RIVER_TOWNS.items() if n in towns and fl)
    for i, (n1, h1, r1, b1) in enumerate(placed):
        for n2, h2, r2, b2 in placed[i + 1:]:
            if r1 != r2:
                continue
            allowed = 0 if b1 == b2 else 1
            for road in sorted(m.roads_in(h1) & m.roads_in(h2)):
                path = _road_path(m, road, h1, h2)
                if path is None or (road, n1, n2) in ROAD_RECROSSINGS:
                    continue
                wet = sum(1 for x, y in zip(path, path[1:], strict=False)
                          if (hs := m.hexside(x, y)) is not None and hs.river_name == r1)
                if wet > allowed:
                    yield ("same-bank-road", f"{h1}-{h2}", f"road {road} from {n1} to {n2} crosses the {r1} {wet} times "
                           f"({'same bank' if b1 == b2 else 'opposite banks'}: at most {allowed})")


def check_across_front(m: Module) -> Iterator[tuple[str, str, str]]:
    first = next((t.code for t in m.turns if t.number == 1), "16DecAM")
    placed: list[tuple[str, str, str]] = []  # (unit, hex, basis)
    for u in m.units.values():
        if u.setup in m.hexes:
            placed.append((u.id, u.setup, u.basis))
    for s in m.scenarios.values():
        if s.first_turn == first:
            placed.extend((e.unit, e.location, m.units[e.unit].basis) for e in s.setup
                          if e.location in m.hexes and e.unit in m.units)
    for p in m.historical:
        if p.turn == first and p.unit in m.units and p.hex in m.hexes:
            placed.append((p.unit, p.hex, p.basis))
    for unit, h, basis in sorted(set(placed)):
        german_area = bool(m.hexes[h].army)
        if german_area != (m.units[unit].side == "German") and not ACROSS.search(basis):
            where = f"the German {m.hexes[h].army} area" if german_area else "the Allied side of the front"
            yield ("across-front", h, f"{unit} starts on 16 Dec in {where} without a source "
                   "(basis 'across the front (<source>)')")


CHECKS = (check_river_towns, check_border_bridges, check_same_bank_roads, check_across_front)
KINDS = frozenset({"river-town", "border-bridge", "same-bank-road", "across-front"})


def problems(m: Module) -> Iterator[tuple[str, str, str]]:
    for check in CHECKS:
        yield from check(m)


def derived_setup_problems(m: Module, seed: str = "1") -> list[tuple[str, str, str]]:
    """``derived-setup``: each scenario whose set-up is derived (first turn after 16 Dec, no
    manifest: ``scenario_setup.derive``) is built and checked: every town in or next to
    units agrees with them (an occupied town is controlled by the occupant; an empty town is
    controlled by the side of a unit nearest to it), every reinforcement due before the
    first turn is in play (conditional and optional units, 5.5, only with their variant), every withdrawal due is made (10.8) and every automatic release
    is given (10.9.2B). Builds the set-ups (a second or so each), so it is run by
    ``darkdec module validate`` and the tests, not on every load."""
    from darkdec_qt.rules.movement import restricted, withdrawals
    from darkdec_qt.rules.scenarios.scenario_setup import AUTOMATIC_RELEASES, GERMAN_HELD
    from darkdec_qt.rules.scenarios.setup import initial_state

    out: list[tuple[str, str, str]] = []
    for sid in sorted(GERMAN_HELD):
        sc = m.scenarios.get(sid)
        if sc is None or sc.setup or sc.first_turn not in m.turn_index:
            continue
        st = initial_state(m, sid, seed)
        first = m.turn_index[sc.first_turn].number
        side_at: dict[str, set[str]] = {}
        for u, h in st.pos.items():
            side_at.setdefault(h, set()).add(m.units[u].side)
        for h, hx in sorted(m.hexes.items()):
            if not hx.town:
                continue
            ctrl = st.road_control.get(h)
            here = side_at.get(h, set())
            if here and ctrl not in here:
                out.append(("derived-setup", h, f"{sid}: {hx.town} is {ctrl}-controlled with only {'/'.join(sorted(here))} units in it"))
            elif not here:
                within = {d: set().union(*(s for x, s in side_at.items() if hexgrid.distance(h, x) <= d), set())
                          for d in (1, 2)}
                if within[1] - {ctrl} and ctrl not in within[2]:
                    out.append(("derived-setup", h, f"{sid}: {hx.town} is {ctrl}-controlled with {'/'.join(sorted(within[1]))} "
                                f"units next to it and no {ctrl} unit within two hexes"))
        gone = st.eliminated | st.withdrawn | set(st.exited) | st.held_off
        for u in sorted(m.units):
            spec = m.units[u]
            t = m.turn_index.get(spec.arrival) if spec.arrival and not (spec.conditional or spec.optional) else None
            if t is not None and t.number < first and u not in st.pos and u not in gone and u not in st.pending:
                out.append(("derived-setup", u, f"{sid}: reinforcement due {spec.arrival} is not in play"))
            if t is not None and t.number < first and u in st.pending:
                out.append(("derived-setup", u, f"{sid}: reinforcement due {spec.arrival} is still pending"))
            if u in st.pos and withdrawals.withdrawal_rule(st, u) in ("10.8B", "10.8C") and not withdrawals.waived(st):
                out.append(("derived-setup", u, f"{sid}: withdrawal due before {sc.first_turn} not made (10.8)"))
            if u in st.pos and restricted.is_restricted_unit(st, u) and not restricted.is_released(st, u) and any(
                    test(spec) and date in m.turn_index and first >= m.turn_index[date].number
                    for date, test in AUTOMATIC_RELEASES):
                out.append(("derived-setup", u, f"{sid}: automatic release due by {sc.first_turn} not given (10.9.2B)"))
    return out

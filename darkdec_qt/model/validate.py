"""Module validation: a list of problems, never an exception (like python-chess's
``Board.status()``), so the editor can keep an invalid module open.

Each :class:`Problem` names what is wrong and where (a hex id, a hexside, a unit
id, a chart cell), so a user interface can jump to it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from darkdec_qt import hexgrid
from darkdec_qt.model import validate_front, validate_geo
from darkdec_qt.moduleview import (
    ARMIES,
    EDGES,
    NATIONALITIES,
    RIVER_KINDS,
    SIDES,
    TERRAINS,
    UNIT_TYPES,
    Module,
)

RESULT_RE = re.compile(r"^(-|CA|FF|D[1-7](\[1\])?|A[1-3](\[[1-3]\])?|D[3-7]/A1|\[[1-3]\])$")
"""CRT result codes of 13.5: '-', D1-D7, A1-A3, split D3-D7/A1, bracketed mandatory
losses (A1[1].., D7[1]), CA, FF."""

TEC_FEATURES = ("clear", "rough", "woods", "dense_forest", "marsh", "town", "road_march")


@dataclass(frozen=True, slots=True)
class Problem:
    kind: str  # e.g. "dangling-road", "river-not-adjacent", "anchor"
    where: str  # hex id, "a-b" hexside, unit id, "crt row/odds", ...
    message: str

    def __str__(self) -> str:
        return f"{self.kind}: {self.where}: {self.message}"


@dataclass(frozen=True, slots=True)
class Anchor:
    """A fact the rulebook states about the map; the reconstruction must honour it."""

    hex: str
    rule: str
    check: str  # 'terrain=clear', 'town=La Roche', 'crossroads', 'two-roads', 'entry', 'setup=Middleton'


ANCHORS: tuple[Anchor, ...] = (
    Anchor("2516", "4.1.2B", "town=La Roche"),
    Anchor("2516", "4.1.2B", "terrain=clear"),
    Anchor("1010", "4.1.2C", "terrain=clear"),
    Anchor("2111", "4.1.2D", "terrain=woods"),
    Anchor("2112", "4.1.2D", "terrain=woods"),
    Anchor("3013", "26.19", "crossroads"),
    Anchor("4703", "26.4", "crossroads"),
    Anchor("3022", "4.2.2D", "town=Bastogne"),
    Anchor("2920", "10.4.8C", "two-roads"),
    Anchor("3213", "10.4.8C", "two-roads"),
    Anchor("5001", "26.15B", "entry=N"),
    Anchor("4401", "26.15B", "entry=N"),
    Anchor("2333", "26.9B", "row=33"),
    Anchor("3333", "26.9B", "row=33"),
)


def _check_anchor(m: Module, a: Anchor) -> str | None:
    h = m.hexes.get(a.hex)
    if h is None:
        return f"hex {a.hex} is not on the map ({a.rule})"
    key, _, value = a.check.partition("=")
    if key == "terrain" and h.terrain != value:
        return f"{a.hex} must be {value} terrain ({a.rule}), is {h.terrain}"
    if key == "town" and h.town != value:
        return f"{a.hex} must be the town {value} ({a.rule}), is {h.town!r}"
    if key == "crossroads" and len(m.road_links.get(a.hex, {})) < 3:
        return f"{a.hex} must be a road junction ({a.rule}): roads lead to {len(m.road_links.get(a.hex, {}))} hexes"
    if key == "two-roads":
        pairs = m.crossings.get(a.hex, frozenset())
        roads = m.roads_in(a.hex)
        if not any(p <= roads for p in pairs):
            return f"{a.hex} must hold two unconnected roads ({a.rule})"
    if key == "entry" and (h.edge != value or not h.entry or not m.is_road_hex(a.hex)):
        return f"{a.hex} must be a road entry hex on the {value} edge ({a.rule})"
    if key == "row" and h.row != int(value):
        return f"{a.hex} must be on row {value} ({a.rule})"
    return None


def validate(m: Module) -> list[Problem]:
    """Every problem of the module, in a stable order."""
    out: list[Problem] = []
    add = out.append
    turn_codes = set(m.turn_index)
    entry_codes = {h.entry for h in m.hexes.values() if h.entry} | {"drop"}
    if not m.turns:
        add(Problem("no-turns", "turn", "the Game Turn Record Track (turn table) is empty: no scenario has a length (7.0A)"))
    if not m.scenarios:
        add(Problem("no-scenarios", "scenario", "the module has no scenario"))
    # hexes
    for h in m.hexes.values():
        if h.terrain not in TERRAINS:
            add(Problem("bad-terrain", h.id, f"unknown terrain {h.terrain!r}"))
        if h.edge and h.edge not in EDGES:
            add(Problem("bad-edge", h.id, f"unknown edge {h.edge!r}"))
        if h.army and h.army not in ARMIES:
            add(Problem("bad-army", h.id, f"unknown army area {h.army!r}"))
        if h.entry and not m.is_road_hex(h.id):
            add(Problem("entry-without-road", h.id, f"entry code {h.entry} on a hex without a road (10.6.1A)"))
    # hexsides
    for hs in m.hexsides.values():
        where = f"{hs.a}-{hs.b}"
        if hs.a not in m.hexes or hs.b not in m.hexes:
            add(Problem("hexside-off-map", where, "hexside names a hex that is not on the map"))
        elif not hexgrid.are_adjacent(hs.a, hs.b):
            add(Problem("river-not-adjacent", where, "river hexside between non-adjacent hexes"))
        if hs.river and hs.river not in RIVER_KINDS:
            add(Problem("bad-river", where, f"unknown river kind {hs.river!r}"))
        if (hs.bridge or hs.ford) and not hs.river:
            add(Problem("bridge-without-river", where, "bridge or ford on a hexside without a river"))
        if hs.demolished and not hs.bridge:
            add(Problem("demolished-without-bridge", where, "demolished at start but no bridge (16.0C)"))
    # roads
    for seg in m.roads:
        where = f"{seg.a}-{seg.b}"
        if seg.a not in m.hexes or seg.b not in m.hexes:
            add(Problem("dangling-road", where, f"road {seg.road} leads off the map's hexes"))
        elif not hexgrid.are_adjacent(seg.a, seg.b):
            add(Problem("dangling-road", where, f"road {seg.road} joins non-adjacent hexes"))
    for hx, pairs in m.crossings.items():
        for p in pairs:
            if not p <= m.roads_in(hx):
                add(Problem("bad-crossing", hx, f"crossing names roads {sorted(p)} that do not pass through it"))
    # units
    for u in m.units.values():
        if u.side not in SIDES:
            add(Problem("bad-unit", u.id, f"unknown side {u.side!r}"))
        if u.nationality not in NATIONALITIES:
            add(Problem("bad-unit", u.id, f"unknown nationality {u.nationality!r}"))
        if u.type not in UNIT_TYPES:
            add(Problem("bad-unit", u.id, f"unknown unit type {u.type!r}"))
        if not u.setup and not u.arrival:
            add(Problem("no-setup", u.id, "unit has neither a setup nor an arrival turn"))
        if u.arrival and u.arrival not in turn_codes:
            add(Problem("bad-arrival", u.id, f"arrival {u.arrival!r} is not a turn of the calendar"))
        if u.arrival and not u.entry and not u.is_leader:
            add(Problem("no-entry", u.id, "reinforcement without entry-area codes (10.6.1A)"))
        for code in u.entry:
            if code not in entry_codes:
                add(Problem("unknown-entry", u.id, f"entry area {code!r} has no road entry hex on the map (10.6.1A)"))
        if u.setup and u.setup not in ARMIES:
            hx = m.hexes.get(u.setup)
            if hx is None:
                add(Problem("setup-off-map", u.id, f"setup hex {u.setup} is not on the map"))
            else:
                if u.side == "Allied" and hx.army and not validate_front.ACROSS.search(u.basis):
                    add(Problem("setup-in-enemy-area", u.id, f"Allied setup hex {u.setup} lies in the German {hx.army} setup area (6.1A)"))
                te = m.charts.tec.get(hx.terrain)
                if te is not None and te.cost.get(u.unit_class) is None:
                    add(Problem("setup-terrain", u.id, f"setup hex {u.setup} is {hx.terrain}, prohibited to {u.unit_class} units"))
    # charts
    crt = m.charts.crt
    if not crt.odds:
        add(Problem("crt-gap", "crt", "the CRT has no odds columns"))
    for row in crt.rows:
        for o in crt.odds:
            res = crt.results.get((row, o))
            if res is None or res == "":
                add(Problem("crt-gap", f"crt {row}/{o}", "empty CRT cell"))
            elif not RESULT_RE.match(res):
                add(Problem("crt-bad-result", f"crt {row}/{o}", f"unknown result code {res!r} (13.5)"))
    for col in ("normal", "tactical"):
        for roll in range(crt.roll_min, crt.roll_max + 1):
            r = crt.dice.get((col, roll))
            if r is None:
                add(Problem("crt-gap", f"crt_dice {col}/{roll}", "no CRT row for this modified roll"))
            elif r not in crt.rows:
                add(Problem("crt-gap", f"crt_dice {col}/{roll}", f"row {r} does not exist"))
    for f in TEC_FEATURES:
        te = m.charts.tec.get(f)
        if te is None:
            add(Problem("tec-gap", f"tec {f}", "missing TEC line"))
        elif f in TERRAINS and (te.defense is None or not 0 <= te.defense <= 7):
            add(Problem("tec-gap", f"tec {f}", f"defense level {te.defense} outside 0..7 (13.3.1E)"))
    for te in m.charts.tec.values():
        if te.defense is not None and te.defense > 7:
            add(Problem("tec-gap", f"tec {te.feature}", "defense level above 7 (13.3.1E)"))
    # scenarios
    for s in m.scenarios.values():
        for code in (s.first_turn, s.last_turn):
            if code not in turn_codes:
                add(Problem("bad-scenario", s.id, f"turn {code!r} is not in the calendar"))
        for e in s.setup:
            if e.unit not in m.units:
                add(Problem("bad-scenario", s.id, f"setup names unknown unit {e.unit!r}"))
    # anchors of the rulebook
    for a in ANCHORS:
        msg = _check_anchor(m, a)
        if msg:
            add(Problem("anchor", a.hex, msg))
    mid = m.units.get("Middleton")
    if mid is not None and mid.setup != "3022":
        add(Problem("anchor", "Middleton", "Middleton sets up in 3022 (4.2.2D)"))
    out.extend(Problem(*p) for p in validate_geo.problems(m))  # geography and history (validate_geo)
    return out

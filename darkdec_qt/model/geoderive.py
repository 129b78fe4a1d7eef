"""Derive the hex map (``data/map/*.csv``) from geographic sources (``data/geo/*.geojson``).

Deterministic and pure apart from file I/O: the same GeoJSON gives byte-identical CSVs.
Everything is done in *grid units* (``projection.to_grid``): x = col*sqrt(3)/2, y = row
(+0.5 in even columns), one unit = centre-to-centre distance. Method and thresholds are
documented in ``docs/provenance-map.md``. Run ``python -m darkdec_qt.model.geoderive``.
"""

from __future__ import annotations

import csv
import heapq
import json
import math
import sys
import tomllib
from collections.abc import Iterable, Sequence
from pathlib import Path

import numpy as np
import shapely
from shapely.geometry import LineString, Point, shape
from shapely.geometry.base import BaseGeometry
from shapely.ops import substring, unary_union
from shapely.strtree import STRtree

from darkdec_qt import hexgrid
from darkdec_qt.model.projection import UNIT_LAYOUT, to_grid
from darkdec_qt.model.sources import SourceError

Cell = tuple[int, int]  # (col, row); may lie off the map (negative, > columns, > rows)

ROWS = 33
MARSH_MIN = 0.4  # area fraction of the hex covered by marsh
FOREST_MIN = 0.5  # dense_forest share (or dense+woods share for woods)
CLEAR_MIN = 0.5  # clear-area share; everything else is rough (29.0: rough predominates)
ROAD_STEP = 0.02  # sampling step along a road / Westwall line, grid units
BORDER_RIVERS = ("Our", "Sûre", "Moselle")  # 16.0C: their bridges on the 16 Dec front start blown
INTACT_BORDER_BRIDGES: dict[tuple[str, str], str] = {}  # hexside -> the source saying it stood on 16 Dec
SOFT_WAYPOINT = 0.3  # via points closer than this to a followed river are soft
TOWN_WAYPOINT = 0.05  # ... unless they lie on a town point (grid units)
RIVER_PENALTY = 6.0  # routing cost of an unreal river crossing (in hex steps)
MAJOR_FIRST = {"major": 0, "minor": 1}

# Entry-area codes (docs/data-format.md): (edge, upper bound of col/row, code)
ENTRY_BANDS: dict[str, list[tuple[int, str]]] = {
    "N": [(22, "A"), (31, "B"), (43, "C"), (47, "D"), (99, "E")],
    "W": [(9, "F"), (16, "G"), (24, "H"), (99, "J")],
    "S": [(14, "K"), (22, "L"), (33, "M"), (99, "N")],  # German-held south edge: see _edge_entry
    "E": [(8, "P"), (17, "Q"), (27, "R"), (99, "S")],
}
HEX_FIELDS = ("hex", "terrain", "town", "westwall", "edge", "entry", "army", "reconstructed", "basis")
SIDE_FIELDS = ("a", "b", "river", "river_name", "bridge", "ford", "demolished", "reconstructed", "basis")
ROAD_FIELDS = ("a", "b", "road", "reconstructed", "basis")
CROSSING_FIELDS = ("hex", "road_a", "road_b", "reconstructed", "basis")


# --- grid helpers --------------------------------------------------------------------


def hid(c: Cell) -> str:
    return hexgrid.format_hex_id(*c)


def cell_center(c: Cell) -> tuple[float, float]:
    return UNIT_LAYOUT.center_of(*c)


def cell_of(x: float, y: float) -> Cell:
    """Grid point -> cell (col, row), also off the map (even-q: y = r + q/2 + 0.5)."""
    q = x * 2.0 / hexgrid.SQRT3
    return hexgrid.cube_to_offset(hexgrid.cube_round(q, y - q / 2.0 - 0.5))


def cube(c: Cell) -> hexgrid.Cube:
    return hexgrid.offset_to_cube(*c)


def cell_line(a: Cell, b: Cell) -> list[Cell]:
    """Cells on the straight hex line a..b inclusive (works off the map)."""
    ca, cb = cube(a), cube(b)
    n = hexgrid.cube_distance(ca, cb)
    out = []
    for i in range(n + 1):
        t = i / n if n else 0.0
        q = ca.q + (cb.q - ca.q) * t + 1e-6
        r = ca.r + (cb.r - ca.r) * t + 1e-6
        out.append(hexgrid.cube_to_offset(hexgrid.cube_round(q, r)))
    return out


def hex_polygon(c: Cell) -> BaseGeometry:
    cx, cy = cell_center(c)
    s = UNIT_LAYOUT.size
    return shape(
        {
            "type": "Polygon",
            "coordinates": [
                [
                    (cx + s * math.cos(math.radians(60 * i)), cy + s * math.sin(math.radians(60 * i)))
                    for i in range(7)
                ]
            ],
        }
    )


def on_map(c: Cell, columns: int) -> bool:
    return 1 <= c[0] <= columns and 1 <= c[1] <= ROWS


def off_edge(c: Cell, columns: int) -> str:
    """Which edge an off-map cell lies beyond."""
    if c[1] < 1:
        return "N"
    if c[1] > ROWS:
        return "S"
    return "W" if c[0] < 1 else "E"


# --- sources --------------------------------------------------------------------------


def _grid(geom: BaseGeometry) -> BaseGeometry:
    """lon/lat geometry -> grid units."""
    return shapely.transform(geom, lambda a: np.column_stack(to_grid(a[:, 1], a[:, 0])))


def load(geo_dir: Path, name: str) -> list[tuple[dict, BaseGeometry]]:
    path = geo_dir / name
    if not path.exists():
        return []
    data = json.loads(path.read_text(encoding="utf-8"))
    return [(f["properties"], _grid(shape(f["geometry"]))) for f in data["features"]]


def sample_cells(line: BaseGeometry) -> list[Cell]:
    """Cells a line passes through, in order, consecutive cells adjacent (gaps filled)."""
    out: list[Cell] = []
    n = max(1, math.ceil(line.length / ROAD_STEP))
    for i in range(n + 1):
        p = line.interpolate(line.length * i / n)
        c = cell_of(p.x, p.y)
        if out and c == out[-1]:
            continue
        if out and hexgrid.cube_distance(cube(out[-1]), cube(c)) > 1:
            out.extend(cell_line(out[-1], c)[1:-1])
        out.append(c)
    return out


# --- derivation ---------------------------------------------------------------------------


AREA_KINDS = {"forests.geojson": ("woods", "dense_forest"), "marsh.geojson": ("marsh",), "clear.geojson": ("clear",)}


def area_polygons(geo_dir: Path, name: str) -> list[tuple[dict, BaseGeometry]]:
    """The terrain polygons of one area file; each must carry a ``kind`` of that file, a
    unique ``name`` (a hex's basis names the polygon that made its terrain) and a ``basis``
    naming its source, else SourceError (docs/provenance-map.md, "Forests, open plateaus and rough")."""
    feats = load(geo_dir, name)
    seen: set[str] = set()
    for i, (props, geom) in enumerate(feats, 1):
        label = f"{name} feature {i} ({props.get('name') or 'no name'})"
        if props.get("kind") not in AREA_KINDS[name]:
            raise SourceError(f"{label}: kind {props.get('kind')!r} is not one of {', '.join(AREA_KINDS[name])}")
        if not str(props.get("name", "")).strip() or props["name"] in seen:
            raise SourceError(f"{label}: every terrain polygon needs a name of its own")
        if not str(props.get("basis", "")).strip():
            raise SourceError(f"{label}: no basis (the source the polygon was drawn from)")
        if geom.geom_type not in ("Polygon", "MultiPolygon") or not geom.is_valid:
            raise SourceError(f"{label}: not a valid polygon")
        seen.add(props["name"])
    return feats


def _terrain(cells: Sequence[Cell], geo_dir: Path) -> dict[Cell, tuple[str, str]]:
    forests = area_polygons(geo_dir, "forests.geojson")
    layers: dict[str, list[tuple[dict, BaseGeometry]]] = {
        "marsh": area_polygons(geo_dir, "marsh.geojson"),
        "dense_forest": [f for f in forests if f[0]["kind"] == "dense_forest"],
        "woods": [f for f in forests if f[0]["kind"] == "woods"],
        "clear": area_polygons(geo_dir, "clear.geojson"),
    }
    unions = {k: unary_union([g for _, g in v]) if v else None for k, v in layers.items()}
    out: dict[Cell, tuple[str, str]] = {}
    for c in cells:
        poly = hex_polygon(c)

        def frac(kind: str, poly: BaseGeometry = poly) -> float:
            u = unions[kind]
            return 0.0 if u is None else u.intersection(poly).area / poly.area

        def names(kinds: Iterable[str], poly: BaseGeometry = poly) -> str:
            hits = [(-g.intersection(poly).area, p.get("name", k)) for k in kinds for p, g in layers[k]]
            return min(hits)[1] if hits else ""

        fm, fd, fw, fc = frac("marsh"), frac("dense_forest"), frac("woods"), frac("clear")
        if fm >= MARSH_MIN:
            out[c] = ("marsh", f"geo: {fm:.0%} of hex in marsh polygon '{names(['marsh'])}' (marsh.geojson)")
        elif fd >= FOREST_MIN:
            out[c] = (
                "dense_forest",
                f"geo: {fd:.0%} of hex in dense-forest polygon '{names(['dense_forest'])}' (forests.geojson)",
            )
        elif fd + fw >= FOREST_MIN:
            out[c] = (
                "woods",
                f"geo: {fd + fw:.0%} of hex in forest polygons, most in '{names(['woods', 'dense_forest'])}'"
                " (forests.geojson)",
            )
        elif fc >= CLEAR_MIN:
            out[c] = ("clear", f"geo: {fc:.0%} of hex in open-area polygon '{names(['clear'])}' (clear.geojson)")
        else:
            out[c] = (
                "rough",
                "geo: rough, the Ardennes' rolling hilly ground with steep draws (29.0 designer's notes):"
                " no forest, open-area or marsh polygon covers half the hex",
            )
    return out


def _rivers(geo_dir: Path, columns: int) -> dict[tuple[str, str], tuple[str, str]]:
    """Hexsides whose centre-to-centre segment a river line crosses an odd number of times.

    The crossed centre segments are the duals of a chain of hexsides sharing corners, so
    every river becomes a continuous hexside chain by construction."""
    pairs: list[tuple[Cell, Cell]] = []
    for col in range(0, columns + 2):
        for row in range(0, ROWS + 2):
            for d in hexgrid.DIRECTIONS[:3]:
                n = hexgrid.cube_to_offset(cube((col, row)) + d)
                pairs.append(((col, row), n))
    segs = [LineString([cell_center(a), cell_center(b)]) for a, b in pairs]
    tree = STRtree(segs)
    rivers = sorted(
        enumerate(load(geo_dir, "rivers.geojson")), key=lambda t: (MAJOR_FIRST[t[1][0]["kind"]], t[0])
    )
    out: dict[tuple[str, str], tuple[str, str]] = {}
    for _, (props, line) in rivers:
        for i in sorted(int(i) for i in tree.query(line)):
            a, b = pairs[i]
            if not (on_map(a, columns) and on_map(b, columns)):
                continue
            x = segs[i].intersection(line)
            count = len(getattr(x, "geoms", [x])) if not x.is_empty else 0
            key = hexgrid.hexside_key(hid(a), hid(b))
            if count % 2 == 1 and key not in out:
                out[key] = (props["kind"], props["name"])
    return out


def _route(a: Cell, b: Cell, guide: LineString, rivers: set[tuple[str, str]]) -> list[Cell]:
    """Cheapest hex path a..b near ``guide``; crossing a river hexside costs RIVER_PENALTY,
    so a road that does not cross a river in reality does not cross it on the map."""
    limit = hexgrid.cube_distance(cube(a), cube(b)) + 3
    inside = all(c[0] >= 1 and 1 <= c[1] <= ROWS for c in [a, b] + [cell_of(*q) for q in guide.coords])
    best: dict[Cell, float] = {a: 0.0}
    prev: dict[Cell, Cell] = {}
    heap: list[tuple[float, Cell]] = [(0.0, a)]
    while heap:
        d, c = heapq.heappop(heap)
        if c == b:
            break
        if d > best[c]:
            continue
        for step in hexgrid.DIRECTIONS:
            n = hexgrid.cube_to_offset(cube(c) + step)
            if hexgrid.cube_distance(cube(n), cube(a)) + hexgrid.cube_distance(cube(n), cube(b)) > limit:
                continue
            if inside and not (n[0] >= 1 and 1 <= n[1] <= ROWS):
                continue  # a route whose line stays on the map stays on it (no free detour round a river)
            wet = min(n) >= 0 and min(c) >= 0 and hexgrid.hexside_key(hid(c), hid(n)) in rivers
            nd = d + 1.0 + 0.5 * guide.distance(Point(cell_center(n))) + (RIVER_PENALTY if wet else 0.0)
            if nd < best.get(n, math.inf):
                best[n], prev[n] = nd, c
                heapq.heappush(heap, (nd, n))
    path = [b]
    while path[-1] != a:
        path.append(prev[path[-1]])
    return path[::-1]


def _crosses(seg: LineString, river_lines: BaseGeometry) -> bool:
    """A proper crossing: the inner part of the segment meets a river line in a point
    (a town on the bank or a road running along the river line is no crossing)."""
    x = substring(seg, 0.05, 0.95, normalized=True).intersection(river_lines)
    return any(g.geom_type == "Point" for g in getattr(x, "geoms", [x]) if not g.is_empty)


def road_cells(
    line: LineString,
    river_lines: BaseGeometry,
    along: BaseGeometry | None,
    rivers: set[tuple[str, str]],
    towns: BaseGeometry | None = None,
) -> list[Cell]:
    """Hex path of a road. ``along`` are the rivers the road follows without crossing
    (valley roads; their via points lie on the river and are only soft waypoints, except
    a via point on a town of ``towns``: a road passes through the towns it names).
    Stretches between hard waypoints are routed by ``_route`` (crossing a river hexside
    is penalised); a segment that truly crosses another river follows the sampled line."""
    pts = list(line.coords)
    out: list[Cell] = []

    def extend(part: list[Cell]) -> None:
        out.extend(part[1:] if out and part[0] == out[-1] else part)

    run = [pts[0]]
    for p, q in zip(pts, pts[1:], strict=False):
        seg = LineString([p, q])
        if _crosses(seg, river_lines):
            if len(run) > 1:
                extend(_route(cell_of(*run[0]), cell_of(*run[-1]), LineString(run), rivers))
            extend(sample_cells(seg))
            run = [q]
            continue
        run.append(q)
        hard = towns is not None and towns.distance(Point(q)) < TOWN_WAYPOINT
        if along is None or hard or along.distance(Point(q)) > SOFT_WAYPOINT or q == pts[-1]:
            extend(_route(cell_of(*run[0]), cell_of(*run[-1]), LineString(run), rivers))
            run = [q]
    return out


def _roads(
    geo_dir: Path, columns: int, rivers: set[tuple[str, str]]
) -> tuple[dict[tuple[str, str, str], str], dict[str, list[str]]]:
    """Road segments (a, b, road) -> basis, and map-edge exit hexes -> [edge]."""
    segs: dict[tuple[str, str, str], str] = {}
    exits: dict[str, list[str]] = {}
    leaving: list[tuple[str, str]] = []
    all_rivers = load(geo_dir, "rivers.geojson")
    town_points = unary_union([g for _, g in load(geo_dir, "towns.geojson")]) or None
    for props, line in load(geo_dir, "roads.geojson"):
        follows = set(props.get("along", []))
        crossing = unary_union([g for p, g in all_rivers if p["name"] not in follows])
        along = unary_union([g for p, g in all_rivers if p["name"] in follows]) if follows else None
        cells = road_cells(line, crossing, along, rivers, town_points)
        for a, b in zip(cells, cells[1:], strict=False):
            if on_map(a, columns) and on_map(b, columns):
                x, y = hexgrid.hexside_key(hid(a), hid(b))
                segs.setdefault((x, y, props["road"]), "geo: road line through hex centres; " + props["note"])
            elif on_map(a, columns) != on_map(b, columns):
                inside, outside = (a, b) if on_map(a, columns) else (b, a)
                leaving.append((hid(inside), off_edge(outside, columns)))
    road_hexes = {h for a, b, _ in segs for h in (a, b)}
    for h, edge in leaving:  # a road only clipping an edge hex (no segment there) is no entry
        if h in road_hexes:
            exits.setdefault(h, []).append(edge)
    return segs, exits


def _edge_entry(hex_id: str, edge: str, army: str) -> tuple[str, str]:
    """(edge, entry code) of a road exit. The south edge east of the Sauer lies in the
    German 7A area: its roads lead to Trier and Saarburg, German rear (8.3B supply
    sources, code S), so it counts as the German (east) edge; the Luxembourg bank of the
    south edge is Allied (N, toward Luxembourg city)."""
    if edge == "S" and army:
        return "E", "S"
    return edge, _entry_code(hex_id, edge)


def _entry_code(hex_id: str, edge: str) -> str:
    col, row = hexgrid.parse_hex_id(hex_id)
    pos = col if edge in "NS" else row
    return next(code for bound, code in ENTRY_BANDS[edge] if pos <= bound)


def derive_map(geo_dir: Path, out_dir: Path, columns: int, rows: int = ROWS) -> dict[str, int]:
    """Write hexes.csv, hexsides.csv, roads.csv and crossings.csv into ``out_dir``; return counts."""
    if rows != ROWS:
        raise ValueError(f"the Dark December map has {ROWS} rows, not {rows}")
    geo_dir, out_dir = Path(geo_dir), Path(out_dir)
    cells = [(c, r) for c in range(1, columns + 1) for r in range(1, ROWS + 1)]
    terrain = _terrain(cells, geo_dir)
    hexes: dict[str, dict[str, str]] = {}
    for c in cells:
        t, basis = terrain[c]
        hexes[hid(c)] = {
            "hex": hid(c),
            "terrain": t,
            "town": "",
            "westwall": "0",
            "edge": "",
            "entry": "",
            "army": "",
            "reconstructed": "1",
            "basis": basis,
        }
    # towns: rulebook names first, then rank, then file order; one town per hex
    towns = load(geo_dir, "towns.geojson")
    for _i, (props, pt) in sorted(enumerate(towns), key=lambda t: (t[1][0]["rank"], t[0])):
        c = cell_of(pt.x, pt.y)
        if on_map(c, columns) and not hexes[hid(c)]["town"]:
            h = hexes[hid(c)]
            h["town"] = props["name"]
            h["basis"] += f"; town: point in hex ({props.get('source', '')})"
    for _, line in load(geo_dir, "westwall.geojson"):
        for c in sample_cells(line):
            if on_map(c, columns) and hexes[hid(c)]["westwall"] == "0":
                hexes[hid(c)]["westwall"] = "1"
                hexes[hid(c)]["basis"] += "; westwall: trace crosses hex"
    armies = load(geo_dir, "army_areas.geojson")
    for c in cells:
        p = Point(cell_center(c))
        for props, poly in armies:
            if poly.contains(p):
                hexes[hid(c)]["army"] = props["army"]
                hexes[hid(c)]["basis"] += f"; army: centre east of 16 Dec front in {props['army']} area"
                break
    rivers = _rivers(geo_dir, columns)
    roads, exits = _roads(geo_dir, columns, set(rivers))
    for c in cells:
        h = hexes[hid(c)]
        edges = [
            e
            for e, ok in (("N", c[1] == 1), ("S", c[1] == ROWS), ("W", c[0] == 1), ("E", c[0] == columns))
            if ok
        ]
        out_edges = sorted(set(exits.get(h["hex"], [])) & set(edges))
        if out_edges:
            h["edge"], h["entry"] = _edge_entry(h["hex"], out_edges[0], h["army"])
            h["basis"] += f"; entry: road leaves map {out_edges[0]} edge (code band, data-format.md)"
            if h["edge"] != out_edges[0]:
                h["basis"] += "; German-held south edge counts as the east edge (8.3B)"
        elif edges and h["army"] and "S" in edges:
            h["edge"] = "E"
        elif edges:
            h["edge"] = edges[-1] if len(edges) > 1 else edges[0]
    crossings = _apply_overrides(geo_dir / "overrides.csv", hexes)  # before the bridges: an override may move the front
    road_pairs: dict[tuple[str, str], list[str]] = {}
    for a, b, r in roads:
        road_pairs.setdefault((a, b), []).append(r)
    sides = []
    for (a, b), (kind, name) in sorted(rivers.items()):
        rs = road_pairs.get((a, b), [])
        front = bool(hexes[a]["army"]) != bool(hexes[b]["army"])
        demolished = bool(rs) and name in BORDER_RIVERS and front and (a, b) not in INTACT_BORDER_BRIDGES
        basis = f"geo: {name} polyline crosses centre segment"
        if rs:
            basis += f"; bridge: road {'/'.join(sorted(rs))} crosses"
        if demolished:
            basis += (f"; demolished at start: {name} bridge on the 16 Dec front, the German border (16.0C; "
                      "provenance-map.md: Cole p.245, only the piers of the Echternach bridge remained)")
        elif rs and name in BORDER_RIVERS and front:
            basis += f"; intact at start: {INTACT_BORDER_BRIDGES[(a, b)]}"
        sides.append(
            {
                "a": a,
                "b": b,
                "river": kind,
                "river_name": name,
                "bridge": "1" if rs else "0",
                "ford": "0",
                "demolished": "1" if demolished else "0",
                "reconstructed": "1",
                "basis": basis,
            }
        )
    through = {(h, r) for a, b, r in roads for h in (a, b)}
    for c in crossings:
        if (c["hex"], c["road_a"]) not in through or (c["hex"], c["road_b"]) not in through:
            raise ValueError(f"crossing {c} names a road that does not pass through the hex")
    out_dir.mkdir(parents=True, exist_ok=True)
    _write(out_dir / "hexes.csv", HEX_FIELDS, [hexes[k] for k in sorted(hexes)])
    _write(out_dir / "hexsides.csv", SIDE_FIELDS, sides)
    road_rows = [
        {"a": a, "b": b, "road": r, "reconstructed": "1", "basis": basis}
        for (a, b, r), basis in sorted(roads.items())
    ]
    _write(out_dir / "roads.csv", ROAD_FIELDS, road_rows)
    _write(out_dir / "crossings.csv", CROSSING_FIELDS, crossings)
    return {
        "hexes": len(hexes),
        "river_hexsides": len(sides),
        "bridges": sum(s["bridge"] == "1" for s in sides),
        "road_segments": len(road_rows),
        "crossings": len(crossings),
        "towns": sum(bool(h["town"]) for h in hexes.values()),
    }


def _apply_overrides(path: Path, hexes: dict[str, dict[str, str]]) -> list[dict[str, str]]:
    """Apply hex-field overrides; rows with field ``crossing`` (value "ROAD_A ROAD_B") are
    returned as crossings.csv rows (two roads through one hex without a junction)."""
    crossings: list[dict[str, str]] = []
    if not path.exists():
        return crossings
    with path.open(encoding="utf-8", newline="") as f:
        for row in csv.DictReader(f):
            h, fld, val = row["hex"], row["field"], row["value"]
            if h not in hexes or fld not in (*HEX_FIELDS[1:7], "crossing"):
                raise ValueError(f"bad override {row}")
            if fld == "crossing":
                a, b = sorted(val.split())
                crossings.append(
                    {"hex": h, "road_a": a, "road_b": b, "reconstructed": "1", "basis": row["basis"]}
                )
                continue
            if fld == "town" and val:
                for other in hexes.values():
                    if other["town"] == val:
                        other["town"] = ""
            hexes[h][fld] = val
            hexes[h]["basis"] += f"; override {fld}={val}: {row['basis']}"
    return sorted(crossings, key=lambda r: (r["hex"], r["road_a"], r["road_b"]))


def _write(path: Path, fields: Sequence[str], rows: Iterable[dict[str, str]]) -> None:
    with path.open("w", encoding="utf-8", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(fields), lineterminator="\n")
        w.writeheader()
        w.writerows(rows)


def main(argv: Sequence[str] | None = None) -> int:
    """``darkdec module derive-map [DATA_DIR]``: data/geo -> data/map, columns from module.toml."""
    args = list(sys.argv[1:] if argv is None else argv)
    from darkdec_qt.model.load import DATA_DIR

    data = Path(args[0]) if args else DATA_DIR
    meta = tomllib.loads((data / "module.toml").read_text(encoding="utf-8"))
    counts = derive_map(data / "geo", data / "map", int(meta["columns"]), int(meta["rows"]))
    print(" ".join(f"{k}={v}" for k, v in counts.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

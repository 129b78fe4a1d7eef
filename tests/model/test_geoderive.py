"""The reconstructed map (data/map/*.csv) honours the rulebook anchors and is reproducible."""

from __future__ import annotations

import csv
import json
import tomllib
from collections import defaultdict
from pathlib import Path

import pytest

from darkdec_qt import hexgrid
from darkdec_qt.model.geoderive import derive_map
from darkdec_qt.model.projection import hex_of

DATA = Path(__file__).resolve().parents[2] / "data"
MAP = DATA / "map"
META = tomllib.loads((DATA / "module.toml").read_text(encoding="utf-8"))
COLUMNS = int(META["columns"])

NAMED = ["Spa", "Bastogne", "Elsenborn", "Monschau", "Rocherath", "Malmedy", "St. Vith", "Vielsalm",
         "Houffalize", "La Roche", "Marche", "Hotton", "Celles", "Rochefort", "St. Hubert", "Echternach",
         "Ettelbruck", "Dinant", "Namur", "Givet", "Huy", "Stavelot", "Trois-Ponts", "Manhay", "Werbomont",
         "Clervaux", "Wiltz", "Diekirch", "Neufchâteau", "Libramont", "Bouillon", "Martelange", "Prüm",
         "Stadtkyll"]  # fmt: skip


def rows(name: str) -> list[dict[str, str]]:
    with (MAP / name).open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


@pytest.fixture(scope="module")
def hexes() -> dict[str, dict[str, str]]:
    return {r["hex"]: r for r in rows("hexes.csv")}


@pytest.fixture(scope="module")
def sides() -> list[dict[str, str]]:
    return rows("hexsides.csv")


@pytest.fixture(scope="module")
def roads() -> list[dict[str, str]]:
    return rows("roads.csv")


@pytest.fixture(scope="module")
def links(roads: list[dict[str, str]]) -> dict[str, dict[str, set[str]]]:
    """hex -> road id -> neighbour hexes on that road."""
    out: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for r in roads:
        out[r["a"]][r["road"]].add(r["b"])
        out[r["b"]][r["road"]].add(r["a"])
    return out


def test_every_hex_present_once_and_reconstructed(hexes: dict[str, dict[str, str]]) -> None:
    assert len(hexes) == COLUMNS * 33
    assert all(h["reconstructed"] == "1" and h["basis"] for h in hexes.values())
    assert {h["terrain"] for h in hexes.values()} <= {"clear", "rough", "woods", "dense_forest", "marsh"}
    towns = [h["town"] for h in hexes.values() if h["town"]]
    assert len(towns) == len(set(towns))


def test_errata_terrain(hexes: dict[str, dict[str, str]]) -> None:
    assert hexes["2516"]["town"] == "La Roche" and hexes["2516"]["terrain"] == "clear"  # 4.1.2B
    assert hexes["1010"]["terrain"] == "clear"  # 4.1.2C
    assert hexes["2111"]["terrain"] == hexes["2112"]["terrain"] == "woods"  # 4.1.2D
    assert hexes["3022"]["town"] == "Bastogne"


@pytest.mark.parametrize("hex_id", ["3013", "4703"])
def test_road_junctions(links: dict[str, dict[str, set[str]]], hex_id: str) -> None:
    assert len(links[hex_id]) >= 2 and sum(len(n) for n in links[hex_id].values()) >= 3


def test_baraque_de_fraiture_is_n30_x_n89(links: dict[str, dict[str, set[str]]]) -> None:
    assert {"N30", "N89"} <= set(links["3013"])


@pytest.mark.parametrize("hex_id", ["2920", "3213"])
def test_two_unconnected_roads(links: dict[str, dict[str, set[str]]], hex_id: str) -> None:
    listed = [(r["road_a"], r["road_b"]) for r in rows("crossings.csv") if r["hex"] == hex_id]
    assert len(listed) == 1  # crossings.csv names the pair (10.4.8C)
    a, b = listed[0]
    assert a != b and len(links[hex_id][a]) == 2 and len(links[hex_id][b]) == 2  # both pass through
    assert not links[hex_id][a] & links[hex_id][b]  # and share no hexside


def test_crossings_name_roads_in_their_hex(links: dict[str, dict[str, set[str]]]) -> None:
    for r in rows("crossings.csv"):
        assert r["road_a"] in links[r["hex"]] and r["road_b"] in links[r["hex"]] and r["reconstructed"] == "1"


def test_north_entry_hexes(hexes: dict[str, dict[str, str]], links: dict[str, dict[str, set[str]]]) -> None:
    assert (hexes["4401"]["edge"], hexes["4401"]["entry"]) == ("N", "D")
    assert (hexes["5001"]["edge"], hexes["5001"]["entry"]) == ("N", "E")
    assert links["4401"] and links["5001"]


def test_south_exit_hexes(hexes: dict[str, dict[str, str]]) -> None:
    south = [h for h in hexes.values() if h["edge"] == "S" and h["entry"]]
    m = [h["hex"] for h in south if h["entry"] == "M"]
    assert m and all("2333" <= x <= "3333" for x in m)
    assert all(h["entry"] != "M" for h in south if not "2333" <= h["hex"] <= "3333")


def test_entry_hexes_are_edge_road_hexes(
    hexes: dict[str, dict[str, str]], links: dict[str, dict[str, set[str]]]
) -> None:
    entries = [h for h in hexes.values() if h["entry"]]
    assert {h["edge"] for h in entries} == {"N", "S", "E", "W"}
    assert {h["entry"] for h in entries} >= set("ABCDEFGHJKLMNPQRS")
    for h in entries:
        col, row = hexgrid.parse_hex_id(h["hex"])
        # the German-held (7A) part of the south edge counts as the German east edge (8.3B)
        german_south = row == 33 and bool(h["army"])
        on_edge = {"N": row == 1, "S": row == 33, "W": col == 1, "E": col == COLUMNS or german_south}[h["edge"]]
        assert on_edge and h["hex"] in links, h
        assert (h["entry"] in "PQRS") == bool(h["army"]) or h["hex"] == "5001", h  # 5001: 26.15B


def test_named_towns_near_projection(hexes: dict[str, dict[str, str]]) -> None:
    where = {h["town"]: k for k, h in hexes.items() if h["town"]}
    feats = json.loads((DATA / "geo" / "towns.geojson").read_text(encoding="utf-8"))["features"]
    points = {f["properties"]["name"]: f["geometry"]["coordinates"] for f in feats}
    for name in NAMED:
        assert name in where, name
        lon, lat = points[name]
        projected = hex_of(lat, lon)
        assert projected and hexgrid.distance(where[name], projected) <= 1, name


def test_river_hexsides_adjacent_and_continuous(sides: list[dict[str, str]]) -> None:
    def touch(s: tuple[str, str], t: tuple[str, str]) -> bool:
        u = {*s, *t}
        return len(u) == 3 and all(hexgrid.are_adjacent(x, y) for x in u for y in u if x < y)

    def border(s: tuple[str, str]) -> bool:
        return any(h[2:] in ("01", "33") or h[:2] in ("01", f"{COLUMNS:02d}") for h in s)

    by: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for s in sides:
        assert s["a"] < s["b"] and hexgrid.are_adjacent(s["a"], s["b"])
        assert s["river"] in ("major", "minor") and s["reconstructed"] == "1"
        by[s["river_name"]].append((s["a"], s["b"]))
    assert {"Meuse", "Ourthe", "Amblève", "Salm", "Lesse", "Semois", "Sûre", "Our", "Clerve", "Wiltz"} <= set(by)
    every = {x for v in by.values() for x in v}
    for name, chain in by.items():
        todo, comps = set(chain), []
        while todo:
            stack, comp = [todo.pop()], set()
            while stack:
                s = stack.pop()
                comp.add(s)
                near = {t for t in todo if touch(s, t)}
                todo -= near
                stack.extend(near)
            comps.append(comp)
        # extra pieces only where the river leaves the map or meets another river
        for comp in sorted(comps, key=len)[:-1]:
            assert any(border(s) or any(touch(s, t) for t in every - set(chain)) for s in comp), name


def test_roads_connected(roads: list[dict[str, str]], hexes: dict[str, dict[str, str]]) -> None:
    by: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for r in roads:
        assert r["a"] < r["b"] and hexgrid.are_adjacent(r["a"], r["b"]) and r["reconstructed"] == "1"
        by[r["road"]][r["a"]].add(r["b"])
        by[r["road"]][r["b"]].add(r["a"])
    for rid, g in by.items():
        todo, comps = set(g), []
        while todo:
            stack, comp = [todo.pop()], set()
            while stack:
                h = stack.pop()
                comp.add(h)
                stack.extend(n for n in g[h] if n in todo)
                todo -= g[h]
            comps.append(comp)
        if len(comps) > 1:  # a road leaving and re-entering the map
            assert all(any(hexes[h]["edge"] for h in c) for c in comps), rid


def test_bridges_only_on_road_crossings(sides: list[dict[str, str]], roads: list[dict[str, str]]) -> None:
    pairs = {(r["a"], r["b"]) for r in roads}
    for s in sides:
        assert (s["bridge"] == "1") == ((s["a"], s["b"]) in pairs)
        if s["demolished"] == "1":
            assert s["bridge"] == "1" and s["river_name"] in ("Our", "Sûre", "Moselle")
    assert any(s["demolished"] == "1" for s in sides)  # 16.0C


def test_westwall_and_armies(hexes: dict[str, dict[str, str]]) -> None:
    ww = [h for h in hexes.values() if h["westwall"] == "1"]
    assert len(ww) > 20
    assert {h["army"] for h in hexes.values()} == {"", "5PZA", "6PZA", "7A"}
    # room for German armour two hexes east of the Westwall (5.6.3C)
    assert all(hexgrid.parse_hex_id(h["hex"])[0] <= COLUMNS - 3 for h in ww)


def test_derive_is_deterministic_and_matches_committed(tmp_path: Path) -> None:
    derive_map(DATA / "geo", tmp_path / "a", COLUMNS, 33)
    derive_map(DATA / "geo", tmp_path / "b", COLUMNS, 33)
    for name in ("hexes.csv", "hexsides.csv", "roads.csv", "crossings.csv"):
        first = (tmp_path / "a" / name).read_bytes()
        assert first == (tmp_path / "b" / name).read_bytes()
        assert first == (MAP / name).read_bytes(), f"{name} is stale: rerun the derive"

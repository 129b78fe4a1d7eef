"""Forests: the terrain polygons are named and sourced, every forest hex names the
polygon it comes from, and the map is a patchwork of woods, open plateaus and rough ground
(docs/provenance-map.md, "Forests, open plateaus and rough")."""

from __future__ import annotations

import csv
import json
import re
import shutil
from collections import Counter
from pathlib import Path

import pytest

from darkdec_qt.model.geoderive import area_polygons, derive_map
from darkdec_qt.model.projection import hex_of
from darkdec_qt.model.sources import SourceError

DATA = Path(__file__).resolve().parents[2] / "data"
GEO = DATA / "geo"
AREA_FILES = ("forests.geojson", "clear.geojson", "marsh.geojson")


def features(name: str) -> list[dict]:
    return json.loads((GEO / name).read_text(encoding="utf-8"))["features"]


@pytest.fixture(scope="module")
def hexes() -> dict[str, dict[str, str]]:
    with (DATA / "map" / "hexes.csv").open(encoding="utf-8", newline="") as f:
        return {r["hex"]: r for r in csv.DictReader(f)}


@pytest.mark.parametrize("name", AREA_FILES)
def test_every_terrain_polygon_is_named_and_sourced(name: str) -> None:
    feats = features(name)
    names = [f["properties"]["name"] for f in feats]
    assert len(names) == len(set(names))
    for f in feats:
        p = f["properties"]
        assert p["name"].strip() and len(p["basis"]) > 20, p
    assert len(area_polygons(GEO, name)) == len(feats)  # the derive accepts them all


def test_the_named_forests_of_the_region_are_drawn() -> None:
    names = " ".join(f["properties"]["name"] for f in features("forests.geojson"))
    for forest in ("Hertogenwald", "Krinkelter Wald", "Zitterwald", "Schnee Eifel", "Saint-Hubert", "Anlier",
                   "Chiny", "Herbeumont", "Grünewald", "Mullerthal", "Amblève", "Ourthe", "Our valley"):
        assert forest in names, forest
    assert len(features("forests.geojson")) >= 25  # a patchwork, not a dozen blocks


def test_every_forest_hex_names_its_polygon(hexes: dict[str, dict[str, str]]) -> None:
    names = {f["properties"]["name"] for f in features("forests.geojson")}
    for h in hexes.values():
        if h["terrain"] in ("woods", "dense_forest"):
            m = re.search(r"in (?:dense-forest polygon|forest polygons, most in) '(.+?)' \(forests\.geojson\)", h["basis"])
            overridden = f"override terrain={h['terrain']}" in h["basis"]
            assert (m and m.group(1) in names) or overridden, h


def test_shares_of_forest_rough_and_clear(hexes: dict[str, dict[str, str]]) -> None:
    """Cole (The Ardennes p. 43): 'perhaps a third' of the High Ardennes is forest, a patchwork;
    designer's notes 29.0: rough is the predominant terrain, clear hexes are few. The map also holds
    the open Condroz, Famenne and Gutland, so forest is a quarter to a third of all hexes."""
    n = Counter(h["terrain"] for h in hexes.values())
    total = sum(n.values())
    forest = (n["woods"] + n["dense_forest"]) / total
    assert 0.22 <= forest <= 0.36
    assert n["rough"] / total < 0.60 and n["rough"] == max(n.values())
    assert 0.12 <= n["clear"] / total <= 0.30
    assert n["woods"] > 0.5 * n["dense_forest"]  # woods (patchy) and dense forest (large blocks) both present


@pytest.mark.parametrize(
    ("lat", "lon", "terrain", "why"),
    [
        (50.502, 6.3275, {"dense_forest"}, "Wahlerscheid in the Monschau Forest (Cole p. 78)"),
        (50.45, 6.35, {"dense_forest"}, "the timber belt east of Krinkelt-Rocherath (Cole p. 78)"),
        (50.28, 6.40, {"dense_forest"}, "the Schneifel ridge"),
        (50.06, 5.36, {"dense_forest"}, "Forêt de Saint-Hubert (Freyr)"),
        (49.78, 5.62, {"dense_forest"}, "Forêt d'Anlier"),
        (50.44, 6.20, {"clear"}, "the open Elsenborn ridge"),
        (50.02, 5.75, {"clear"}, "the cleared Bastogne plateau"),
        (50.22, 5.30, {"clear"}, "the Famenne depression"),
        (50.52, 6.05, {"marsh"}, "the Hautes Fagnes"),
    ],
)
def test_landmarks(hexes: dict[str, dict[str, str]], lat: float, lon: float, terrain: set[str], why: str) -> None:
    h = hexes[hex_of(lat, lon)]
    assert h["terrain"] in terrain, (why, h)


def _broken_copy(tmp_path: Path, edit) -> Path:
    geo = tmp_path / "geo"
    shutil.copytree(GEO, geo)
    data = json.loads((geo / "forests.geojson").read_text(encoding="utf-8"))
    edit(data["features"])
    (geo / "forests.geojson").write_text(json.dumps(data), encoding="utf-8")
    return geo


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda fs: fs[3]["properties"].update(name=""), "needs a name"),
        (lambda fs: fs[4]["properties"].update(name=fs[5]["properties"]["name"]), "needs a name of its own"),
        (lambda fs: fs[3]["properties"].pop("basis"), "no basis"),
        (lambda fs: fs[3]["properties"].update(kind="jungle"), "kind 'jungle'"),
    ],
)
def test_derive_refuses_an_unnamed_or_unsourced_forest(tmp_path: Path, edit, message: str) -> None:
    geo = _broken_copy(tmp_path, edit)
    with pytest.raises(SourceError, match=message):
        derive_map(geo, tmp_path / "map", 58, 33)

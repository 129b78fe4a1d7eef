"""A small synthetic module for the map-widget tests: 10x8 hexes, a river with a
bridge, a ford and a blown bridge, two roads (two unconnected roads share 0504),
a town, a Westwall band, entry codes and a few units of every type."""

from __future__ import annotations

from darkdec_qt.moduleview import (
    CRT,
    Charts,
    Hex,
    Hexside,
    Module,
    ModuleMeta,
    RoadSegment,
    UnitSpec,
)

COLS, ROWS = 10, 8

_TERRAIN = {
    "0203": "woods", "0303": "woods", "0302": "woods", "0204": "dense_forest",
    "0305": "dense_forest", "0306": "dense_forest", "0405": "dense_forest",
    "0707": "marsh", "0708": "marsh", "0807": "marsh", "0601": "rough",
    "0602": "rough", "0701": "rough", "0906": "woods", "1005": "woods",
}
_TOWNS = {"0504": "Houffalize", "0807": "Ettelbruck", "0202": "Stavelot"}


def _hexsides() -> dict[tuple[str, str], Hexside]:
    river = [(f"06{r:02d}", f"07{r + d:02d}") for r in range(1, ROWS) for d in (0, 1)]
    minor = [("0306", "0406"), ("0307", "0406"), ("0307", "0407"), ("0308", "0407")]
    out: dict[tuple[str, str], Hexside] = {}
    for a, b in river:
        out[(a, b)] = Hexside(a, b, river="major", river_name="Our")
    for a, b in minor:
        out[(a, b)] = Hexside(a, b, river="minor", river_name="Sûre")
    out[("0603", "0703")] = Hexside("0603", "0703", river="major", river_name="Our", bridge=True)
    out[("0604", "0705")] = Hexside("0604", "0705", river="major", river_name="Our", bridge=True,
                                    demolished=True)
    out[("0307", "0407")] = Hexside("0307", "0407", river="minor", river_name="Sûre", ford=True)
    return out


def _roads() -> tuple[RoadSegment, ...]:
    n4 = ["0101", "0201", "0302", "0402", "0503", "0504", "0603", "0703", "0803", "0903", "1003"]
    n30 = ["0504", "0505", "0506", "0507", "0508"]
    # N15 crosses 0504 without meeting N4 there (10.4.8C)
    n15 = ["0104", "0204", "0304", "0404", "0504", "0604", "0705", "0805", "0905"]
    segs: list[RoadSegment] = []
    for rid, path in (("N4", n4), ("N4", n30), ("N15", n15)):
        for a, b in zip(path, path[1:], strict=False):
            segs.append(RoadSegment(min(a, b), max(a, b), rid))
    return tuple(segs)


def _hexes() -> dict[str, Hex]:
    hexes: dict[str, Hex] = {}
    for c in range(1, COLS + 1):
        for r in range(1, ROWS + 1):
            hid = f"{c:02d}{r:02d}"
            edge = "N" if r == 1 else "S" if r == ROWS else "W" if c == 1 else "E" if c == COLS else None
            hexes[hid] = Hex(hid, _TERRAIN.get(hid, "clear"), town=_TOWNS.get(hid),
                             westwall=c >= 9, edge=edge, army="7A" if c >= 7 else None)
    for hid, code in (("0101", "F"), ("1003", "Q"), ("0508", "M"), ("0104", "G")):
        hexes[hid] = Hex(hid, hexes[hid].terrain, edge=hexes[hid].edge or "W", entry=code,
                         westwall=hexes[hid].westwall, army=hexes[hid].army)
    return hexes


def _units() -> dict[str, UnitSpec]:
    specs = [
        UnitSpec("99/393", "Allied", "US", "infantry", (4, 5, 6), (2, 3, 6), "99", "III",
                 setup="0404", fortified=True),
        UnitSpec("CCA/9", "Allied", "US", "armor", (7, 5, 10), (4, 3, 10), "9", "X", setup="0504"),
        UnitSpec("82/505", "Allied", "US", "parachute", (5, 6, 6), (3, 3, 6), "82", "III",
                 arrival="18DecAM", star=True),
        UnitSpec("17/194", "Allied", "US", "glider", (5, 5, 6), (3, 3, 6), "17", "III",
                 arrival="25DecPM", conditional=True),
        UnitSpec("1107Eng", "Allied", "US", "engineer", (1, 2, 6), None, None, "III",
                 restricted=True, setup="0306"),
        UnitSpec("29/6", "Allied", "British", "armor", (6, 4, 10), (3, 2, 10), "29", "X",
                 arrival="20DecAM", optional=True),
        UnitSpec("FR LT", "Allied", "French", "infantry", (2, 3, 6), (1, 2, 6), None, "X",
                 restricted=True, conditional=True, arrival="26DecAM"),
        UnitSpec("Peiper/1SS", "German", "SS", "armor", (12, 8, 10), (6, 4, 10), "1SS", "III",
                 setup="6PZA"),
        UnitSpec("2/1SS", "German", "SS", "armored_infantry", (8, 7, 8), (4, 4, 8), "1SS", "III",
                 setup="6PZA"),
        UnitSpec("116Rcn", "German", "Wehrmacht", "armored_cavalry", (4, 3, 12), (2, 2, 12), "116",
                 "III", setup="5PZA"),
        UnitSpec("316/212", "German", "Wehrmacht", "volksgrenadier", (5, 5, 5), (3, 3, 5), "212VG",
                 "III", setup="7A"),
        UnitSpec("5FJ/14", "German", "Luftwaffe", "parachute", (4, 5, 5), (2, 3, 5), "5FJ", "III",
                 setup="7A"),
        UnitSpec("Manteuffel", "German", "Wehrmacht", "leader", (0, 0, 10), None, None, None,
                 setup="5PZA", attack_option=2, defense_option=1),
    ]
    return {u.id: u for u in specs}


def _charts() -> Charts:
    crt = CRT(odds=("1:1",), rows=(1,), results={(1, "1:1"): "-"},
              dice={("normal", 2): 1}, roll_min=2, roll_max=2)
    return Charts(crt=crt, tec={}, fuel_depletion=(), paradrop=(), weather=(),
                  infiltration={}, air_drm={})


def small_module() -> Module:
    return Module.build(
        meta=ModuleMeta("synthetic", 1, "0" * 16),
        hexes=_hexes(),
        hexsides=_hexsides(),
        roads=_roads(),
        units=_units(),
        markers={},
        turns=(),
        charts=_charts(),
        scenarios={},
        errata=(),
        crossings={"0504": frozenset({frozenset({"N4", "N15"})})},  # 10.4.8C
    )

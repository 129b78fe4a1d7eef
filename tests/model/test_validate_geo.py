"""Geographic and historical validation (validate_geo): the bundled module passes every
check, and a copy carrying each old error fails it, naming the hex."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from darkdec_qt import hexgrid, mapregions
from darkdec_qt.model.database import read_database
from darkdec_qt.model.load import DEFAULT_MODULE, module_from_rows
from darkdec_qt.model.projection import hex_of
from darkdec_qt.model.validate import validate
from darkdec_qt.model.validate_geo import SECTOR_TOLERANCE, sector_hexes
from darkdec_qt.moduleview import Module

Rows = dict[str, list[dict[str, Any]]]


@pytest.fixture(scope="module")
def rows() -> Rows:
    return read_database(DEFAULT_MODULE)


@pytest.fixture(scope="module")
def module(rows: Rows) -> Module:
    return module_from_rows(rows)


def broken(rows: Rows, edit: Callable[[Rows], None]) -> set[tuple[str, str]]:
    r = copy.deepcopy(rows)
    edit(r)
    return {(p.kind, p.where) for p in validate(module_from_rows(r))}


def hexrow(r: Rows, h: str) -> dict[str, Any]:
    return next(x for x in r["hex"] if x["hex"] == h)


def town(m: Module, name: str) -> str:
    h = m.town_hex(name)
    assert h is not None, name
    return h


def test_bundled_module_passes_every_geo_check(module: Module) -> None:
    assert validate(module) == []


# --- the Our/Sauer front ------------------------------------------------------------------


def test_echternach_on_the_german_side_is_reported(rows: Rows, module: Module) -> None:
    h = town(module, "Echternach")
    assert module.hexes[h].army is None
    got = broken(rows, lambda r: hexrow(r, h).update(army="7A"))
    assert ("border-bank", h) in got


def test_wallendorf_outside_the_7th_army_is_reported(rows: Rows, module: Module) -> None:
    h = town(module, "Wallendorf")
    assert module.hexes[h].army == "7A"
    assert ("border-bank", h) in broken(rows, lambda r: hexrow(r, h).update(army=""))


def test_westwall_on_the_luxembourg_bank_is_reported(rows: Rows, module: Module) -> None:
    # 4222 (Luxembourg bank of the Our, below Hosingen) was once wrongly a Westwall hex
    assert not module.hexes["4222"].westwall and module.hexes["4222"].army is None
    assert ("border-bank", "4222") in broken(rows, lambda r: hexrow(r, "4222").update(westwall=True))


def test_town_on_the_wrong_bank_of_its_river_is_reported(rows: Rows, module: Module) -> None:
    """Diekirch stands on the north bank of the Sûre: move the river to its north side."""
    h = town(module, "Diekirch")
    col, row = hexgrid.parse_hex_id(h)
    north = hexgrid.format_hex_id(col, row - 1)

    def edit(r: Rows) -> None:
        r["hexside"] = [s for s in r["hexside"] if not (h in (s["a"], s["b"]) and s["river_name"] == "Sûre")]
        a, b = hexgrid.hexside_key(h, north)
        r["hexside"].append({"a": a, "b": b, "river": "major", "river_name": "Sûre", "bridge": False,
                             "ford": False, "demolished": False, "reconstructed": True, "basis": "test"})

    assert ("river-town", h) in broken(rows, edit)


def test_army_boundary_off_the_border_river_is_reported(rows: Rows, module: Module) -> None:
    # a Luxembourg-bank hex next to the Sauer put in the 7A area (the old straight boundary)
    h = next(x for x in sorted(module.hexes) if module.hexes[x].row >= 20 and not module.hexes[x].army
             and not module.hexes[x].town
             and any(module.hexes[n].army for n in module.adjacency[x]))
    got = broken(rows, lambda r: hexrow(r, h).update(army="7A"))
    assert any(k == "border-bank" and h in w for k, w in got)


# --- edges ----------------------------------------------------------------------------------


def test_allied_source_inside_an_army_area_is_reported(rows: Rows, module: Module) -> None:
    """5633 (south edge, 7A area) counted as an Allied supply source and exit hex."""
    assert module.hexes["5633"].edge == "E" and module.hexes["5633"].army == "7A"
    assert ("edge-army", "5633") in broken(rows, lambda r: hexrow(r, "5633").update(edge="S"))


def test_german_entry_hex_on_the_allied_bank_is_reported(rows: Rows, module: Module) -> None:
    """5233-like: a south-edge road hex on the Luxembourg bank with the German code S."""
    h = next(x for x in sorted(module.hexes) if module.hexes[x].entry == "N" and module.hexes[x].edge == "S")
    assert ("edge-army", h) in broken(rows, lambda r: hexrow(r, h).update(entry="S"))


# --- rivers, roads ----------------------------------------------------------------------------


def test_tributary_that_stops_short_is_reported(rows: Rows, module: Module) -> None:
    """Remove the Clerve hexsides that touch the Wiltz (it stopped one hexside short)."""
    wiltz = {h for k, s in module.hexsides.items() if s.river_name == "Wiltz" for h in k}

    def edit(r: Rows) -> None:
        r["hexside"] = [s for s in r["hexside"]
                        if not (s["river_name"] == "Clerve" and (s["a"] in wiltz or s["b"] in wiltz))]

    got = broken(rows, edit)
    assert any(k == "tributary" for k, _ in got)


def test_town_without_road_is_reported(rows: Rows, module: Module) -> None:
    h = town(module, "Stoumont")
    assert h in module.road_links
    got = broken(rows, lambda r: r.update(road=[s for s in r["road"] if h not in (s["a"], s["b"])]))
    assert ("town-no-road", h) in got


def test_entry_area_on_a_road_island_is_reported(rows: Rows, module: Module) -> None:
    """Cut entry hex 0128 (area J) off the network but for one neighbour (the old 6-hex island)."""
    e = next(h for h in sorted(module.hexes) if module.hexes[h].entry == "J")
    n = sorted(module.road_links[e])[0]

    def edit(r: Rows) -> None:
        r["road"] = [s for s in r["road"] if not ({s["a"], s["b"]} & {e, n}) or {s["a"], s["b"]} == {e, n}]

    assert ("entry-island", e) in broken(rows, edit)


def test_every_town_is_on_a_road_and_entry_areas_reach_the_network(module: Module) -> None:
    comp = mapregions.road_components(module)
    assert all(h.id in module.road_links for h in module.hexes.values() if h.town)
    assert all(comp[h.id] > 500 for h in module.hexes.values() if h.entry)


def test_peiper_route_and_n68(module: Module) -> None:
    """N68 through Malmedy, Stavelot, Trois-Ponts; Ligneuville-Stavelot crosses the Amblève
    by the Stavelot bridge."""
    n68 = {h for s in module.roads if s.road == "N68" for h in (s.a, s.b)}
    for t in ("Malmedy", "Stavelot", "Trois-Ponts"):
        assert town(module, t) in n68, t
    stav = town(module, "Stavelot")
    bridges = [s for k, s in module.hexsides.items() if stav in k and s.river_name == "Amblève" and s.bridge]
    assert bridges
    lig = town(module, "Ligneuville")
    peiper = {h for s in module.roads if s.road == "X-Stavelot" for h in (s.a, s.b)}
    assert {lig, stav} <= peiper


def _road_dist(module: Module, a: str, avoid_river: str | None = None) -> dict[str, int]:
    """Road hexes reachable from ``a`` (steps), optionally without crossing ``avoid_river``."""
    from collections import deque

    dist = {a: 0}
    q = deque([a])
    while q:
        h = q.popleft()
        for n in module.road_links.get(h, {}):
            hs = module.hexside(h, n)
            if n in dist or (avoid_river and hs is not None and hs.river_name == avoid_river):
                continue
            dist[n] = dist[h] + 1
            q.append(n)
    return dist


def test_border_river_bridges_start_blown(module: Module) -> None:
    """16.0C: every bridge over the Our or the Sauer on the 16 Dec front starts blown; Echternach
    (B257, Cole p.245: only the piers remained) and Dillingen-Beaufort (built by the Germans
    during the battle) among them."""
    front = [hs for (a, b), hs in module.hexsides.items() if hs.bridge and hs.river_name in ("Our", "Sûre")
             and bool(module.hexes[a].army) != bool(module.hexes[b].army)]
    assert len(front) >= 5
    assert all(hs.demolished for hs in front)
    for a, b in (("5130", "5229"), ("4728", "4729")):
        hs = module.hexside(a, b)
        assert hs is not None and hs.bridge and hs.demolished, (a, b)


def test_peiper_stays_north_of_the_ambleve_with_cheneux_as_crossing(module: Module) -> None:
    """Cole ch. XIII: Stavelot, the Stavelot-Trois-Ponts road, Coo, La Gleize and Stoumont on the
    north bank; the bridges at Trois-Ponts and Cheneux lead south of the river."""
    stav, gleize, stoumont = (town(module, t) for t in ("Stavelot", "La Gleize", "Stoumont"))
    north = _road_dist(module, stav, avoid_river="Amblève")
    for t in ("Trois-Ponts", "La Gleize", "Stoumont"):
        assert north[town(module, t)] <= hexgrid.distance(stav, town(module, t)) + 1, t
    cheneux = hex_of(50.394, 5.834)
    assert cheneux is not None and north.get(cheneux, 99) > 8  # only the long way round the river
    hs = module.hexside(gleize, cheneux)
    assert hs is not None and hs.river_name == "Amblève" and hs.bridge
    for t in (gleize, stoumont):  # the river runs below them, to the south
        col, row = hexgrid.parse_hex_id(t)
        below = module.hexside(t, hexgrid.format_hex_id(col, row + 1))
        assert below is not None and below.river_name == "Amblève", t


def test_112th_starts_east_of_the_our(module: Module) -> None:
    """Cole p.194: two battalions of the 112th in West Wall pillboxes east of the Our (Lützkampen,
    Harspelt, Sevenig); its counter stands on the east bank next to Lützkampen, outside the
    5PZA area, with the Our on its west side."""
    h = module.units["28/112"].setup
    luetzkampen = hex_of(50.15, 6.1833)
    assert luetzkampen in module.adjacency[h] and module.hexes[luetzkampen].army == "5PZA"
    assert not module.hexes[h].army
    col = hexgrid.parse_hex_id(h)[0]
    assert any(hs.river_name == "Our" and hexgrid.parse_hex_id(n)[0] < col
               for n in module.adjacency[h] if (hs := module.hexside(h, n)) is not None)


def test_wiltz_ettelbruck_by_road_is_short(module: Module) -> None:
    """The Wiltz-Ettelbruck route took 16 road hexes for a distance of 7."""
    from collections import deque

    a, b = town(module, "Wiltz"), town(module, "Ettelbruck")
    dist = {a: 0}
    q = deque([a])
    while q:
        h = q.popleft()
        for n in module.road_links.get(h, {}):
            if n not in dist:
                dist[n] = dist[h] + 1
                q.append(n)
    assert dist[b] <= hexgrid.distance(a, b) + 3


# --- drop, counters -----------------------------------------------------------------------------


def test_drop_zone_on_marsh_is_reported(rows: Rows, module: Module) -> None:
    drop = next(p.hex for p in module.historical if p.unit == "vdHeydte")
    assert module.hexes[drop].terrain == "clear"
    assert ("drop-zone", drop) in broken(rows, lambda r: hexrow(r, drop).update(terrain="marsh"))


@pytest.mark.parametrize("unit", ["354", "342", "392", "366", "1308", "vdHeydte"])
def test_missing_reduced_side_is_reported(rows: Rows, unit: str) -> None:
    def edit(r: Rows) -> None:
        u = next(x for x in r["unit"] if x["id"] == unit)
        u.update(ra=None, rd=None, rm=None)

    assert ("counter-steps", unit) in broken(rows, edit)


def test_1107_with_a_reduced_side_is_reported(rows: Rows) -> None:
    def edit(r: Rows) -> None:
        next(x for x in r["unit"] if x["id"] == "1107").update(ra=0, rd=1, rm=5)

    assert ("counter-steps", "1107") in broken(rows, edit)


# --- set-ups ---------------------------------------------------------------------------------------


def test_german_historical_positions_within_tolerance(module: Module) -> None:
    pos = module.historical_positions("16DecAM")
    german = [u for u in module.units.values() if u.side == "German" and u.setup in ("5PZA", "6PZA", "7A")]
    assert {u.id for u in german} <= set(pos)
    for u in german:
        if u.is_leader:
            continue
        sec = sector_hexes(u.division or u.id)
        assert min(hexgrid.distance(pos[u.id], s) for s in sec) <= SECTOR_TOLERANCE, u.id
        assert not module.hexes[pos[u.id]].entry, u.id


def test_unit_off_its_sector_is_reported(rows: Rows) -> None:
    """316/212 moved from Echternach to the Losheim gap."""
    def edit(r: Rows) -> None:
        next(x for x in r["historical"] if x["unit"] == "316/212").update(hex="5110")

    got = broken(rows, edit)
    assert ("setup-sector", "5110") in got


def test_unit_on_an_allied_entry_hex_is_reported(rows: Rows) -> None:
    """25/12SS once stood on 5001 (entry area E), an Allied entry hex."""
    def edit(r: Rows) -> None:
        next(x for x in r["historical"] if x["unit"] == "25/12SS").update(hex="5001")

    assert ("setup-sector", "5001") in broken(rows, edit)


def test_german_unit_without_historical_position_is_reported(rows: Rows) -> None:
    got = broken(rows, lambda r: r.update(historical=[x for x in r["historical"] if x["unit"] != "Peiper/1SS"]))
    assert ("setup-sector", "Peiper/1SS") in got


def test_restricted_unit_east_of_the_meuse_is_reported(rows: Rows, module: Module) -> None:
    """10.9: a British brigade (restricted) in a Turning Point manifest at Bastogne."""
    bastogne = town(module, "Bastogne")

    def edit(r: Rows) -> None:
        r["scenario_setup"].append({"scenario": "turning_point", "unit": "29Arm", "location": bastogne,
                                    "fortified": False, "reserve": False, "arrival": ""})

    assert ("restricted-setup", bastogne) in broken(rows, edit)

    west = sorted(mapregions.restricted_zone(module, "British"))[0]

    def ok(r: Rows) -> None:
        r["scenario_setup"].append({"scenario": "turning_point", "unit": "29Arm", "location": west,
                                    "fortified": False, "reserve": False, "arrival": ""})

    assert not any(k == "restricted-setup" for k, _ in broken(rows, ok))


def test_historical_problems_are_reported_but_do_not_refuse_play(rows: Rows, tmp_path) -> None:
    """An owner's printed map may differ from the sources: module validate reports a
    geographic problem, the games still open the module (load_module)."""
    from darkdec_qt.model.database import write_database
    from darkdec_qt.model.load import load_module

    r = copy.deepcopy(rows)
    r["road"] = [s for s in r["road"] if "3207" not in (s["a"], s["b"])]  # Stoumont without a road
    path = tmp_path / "m.sqlite"
    write_database(r, path)
    m = load_module(path)
    assert any(p.kind == "town-no-road" for p in validate(m))

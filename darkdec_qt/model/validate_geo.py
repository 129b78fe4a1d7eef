"""Geographic and historical checks of a module, run by ``validate.validate``.

Each check compares the hex data with facts of the geography sources or the rulebook
and reports :class:`~darkdec_qt.model.validate.Problem` rows with hex ids:

- ``border-bank``: a town or Westwall hex on the wrong side of the Our/Sauer border
  (Luxembourg, Belgian and French towns outside the German army areas; German towns of
  the border stretch and every Westwall hex south of the Ouren tripoint inside them), or an army-area
  boundary south of Ouren that is not the border river (16 Dec 1944: the front was the
  Our and the Sauer);
- ``edge-army``: an Allied supply source, entry or exit hex (N/S/W edge road hex, codes
  A-N) inside a German army area, or a German one (E edge, codes P-S) outside them;
- ``tributary``: a river that does not meet the river it flows into (``TRIBUTARIES``);
- ``town-no-road``: a town hex without a road (29.0: towns were chosen by the road grid),
  unless listed in ``TOWNS_WITHOUT_ROAD`` with the reason;
- ``entry-island``: an entry hex whose roads reach fewer than ``ISLAND_MIN`` hexes;
- ``drop-zone``: a historical drop hex (19.0) that 19.2A forbids (not clear terrain);
- ``counter-steps``: a unit whose steps contradict 4.2.2C (only the 1107th has no
  reduced side) or the Paradrop Table (the dropped unit must be able to be reduced);
- ``setup-sector``: a German 6.2 historical position off its division's assembly sector
  (``SECTORS``) by more than ``SECTOR_TOLERANCE`` hexes, outside its army area, on an
  Allied entry hex, or stacked; a German at-start unit without one;
- ``restricted-setup``: a restricted unit (10.9) set up (scenario manifest or historical
  position of a later date) east of the Meuse (British, French) or of the Meuse-Semois
  line (US) before its release (10.9.2B dates).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from darkdec_qt import hexgrid, mapregions
from darkdec_qt.model import validate_front
from darkdec_qt.model.projection import hex_of
from darkdec_qt.moduleview import Module

TRIPOINT_ROW = 17  # Ouren, the BE-LU-DE tripoint (hex 4217): the Our is the border south of it
BORDER_RIVERS = ("Our", "Sûre")
ISLAND_MIN = 50
SECTOR_TOLERANCE = 2  # hexes from the nearest hex of the division's sector

# Country of the towns off Belgium (data/geo/towns.geojson `country`; everything else is BE).
GERMAN_TOWNS = frozenset({
    "Monschau", "Prüm", "Bitburg", "Trier", "Gerolstein", "Schleiden", "Stadtkyll", "Dasburg", "Bleialf", "Losheim",
    "Hellenthal", "Irrel", "Neuerburg", "Arzfeld", "Waxweiler", "Pronsfeld", "Blankenheim", "Jünkerath", "Wallendorf",
    "Höfen", "Hollerath", "Daleiden", "Udenbreth", "Dreiborn", "Kalterherberg",
})
ALLIED_COUNTRY_TOWNS = frozenset({  # Luxembourg and France: all Allied-held on 16 Dec
    "Echternach", "Ettelbruck", "Clervaux", "Wiltz", "Diekirch", "Vianden", "Mersch", "Troisvierges", "Hosingen",
    "Beaufort", "Heiderscheid", "Marnach", "Weiswampach", "Reisdorf", "Consdorf", "Rosport", "Esch-sur-Sûre",
    "Bourscheid", "Bettendorf", "Givet", "Charleville-Mézières", "Fumay", "Monthermé",
})
# German towns held by US troops on 16 Dec (Monschau corridor, Schnee Eifel): outside the army areas
US_HELD_GERMAN_TOWNS = frozenset({"Monschau", "Höfen", "Kalterherberg", "Bleialf"})

# US-held hexes east of the Our south of the tripoint (the army-area boundary round them is no river), with the source
US_HELD_EAST_OF_OUR: dict[str, str] = {}

# tributary -> the river it flows into (when both are on the map)
TRIBUTARIES: dict[str, str] = {
    "Clerve": "Wiltz", "Wiltz": "Sûre", "Alzette": "Sûre", "Our": "Sûre", "Lesse": "Meuse", "Lomme": "Lesse",
    "Salm": "Amblève", "Warche": "Amblève", "Amblève": "Ourthe", "Ourthe occidentale": "Ourthe",
    "Ourthe orientale": "Ourthe", "Semois": "Meuse", "Prüm": "Sûre",  # Ourthe-Meuse: Liège, off the map
}
TOWNS_WITHOUT_ROAD: dict[str, str] = {}  # town -> why it has no road (none today)
NO_REDUCED_SIDE = frozenset({"1107"})  # 4.2.2C
ENTRY_EXEMPT = {"5001": "26.15B names 5001 (inside the 6PZA area) as a north-edge road hex"}
ALLIED_CODES = frozenset("ABCDEFGHJKLMN")
GERMAN_CODES = frozenset("PQRS")

# German assembly sectors of 16 Dec 1944: division -> (lat, lon) points. Cole, The Ardennes:
# Battle of the Bulge (CMH 1965), ch. IV-IX; MacDonald, A Time for Trumpets (1985), ch. 5-12.
SECTORS: dict[str, tuple[tuple[float, float], ...]] = {
    "272VG": ((50.555, 6.30), (50.55, 6.33)),  # opposite Kesternich/Monschau north (LXVII Corps)
    "326VG": ((50.52, 6.29), (50.535, 6.30)),  # Rohren-Kalterherberg woods, facing Höfen/Monschau
    "277VG": ((50.46, 6.37), (50.43, 6.38)),  # Hollerath-Udenbreth, facing Rocherath-Krinkelt
    "12VG": ((50.39, 6.37), (50.37, 6.40)),  # Losheim-Hallschlag, facing Losheimergraben
    "3FJ": ((50.355, 6.39), (50.345, 6.37)),  # Losheim gap: Losheim-Berterath, facing Lanzerath/Manderfeld
    "1SS": ((50.37, 6.44), (50.36, 6.47)),  # behind the 12th VG: Hallschlag-Kronenburg (Peiper's start)
    "12SS": ((50.47, 6.43), (50.45, 6.41)),  # behind the 277th VG: Hellenthal-Hollerath
    "150Pz": ((50.35, 6.50), (50.36, 6.53)),  # behind the 1st SS: Stadtkyll
    "18VG": ((50.31, 6.36), (50.23, 6.36)),  # both flanks of the Schnee Eifel: Roth-Kobscheid, Brandscheid-Sellerich
    "62VG": ((50.20, 6.27), (50.19, 6.25)),  # Habscheid-Heckhuscheid, facing Winterspelt
    "116Pz": ((50.14, 6.20), (50.13, 6.22)),  # Lützkampen-Sevenig, facing Ouren
    "560VG": ((50.10, 6.16), (50.09, 6.19)),  # Dahnen-Kalborn crossing
    "2Pz": ((50.05, 6.14), (50.06, 6.17)),  # Dasburg
    "26VG": ((49.985, 6.17), (50.00, 6.16)),  # Gemünd, facing Hosingen
    "Lehr": ((49.99, 6.22), (50.01, 6.23)),  # behind the 26th VG, Our crossing at Gemünd
    "5FJ": ((49.955, 6.20), (49.93, 6.235)),  # Roth-Stolzembourg-Vianden
    "352VG": ((49.905, 6.25), (49.877, 6.29)),  # Gentingen-Wallendorf
    "276VG": ((49.87, 6.31), (49.855, 6.36)),  # Wallendorf-Bollendorf
    "212VG": ((49.82, 6.42), (49.815, 6.50)),  # Echternacherbrück-Ralingen, facing Echternach
}
HISTORICAL_SETUP_TURN = "16DecAM"
DROP_TURN = "17DecAM"


def sector_hexes(division: str) -> list[str]:
    return [h for h in (hex_of(la, lo) for la, lo in SECTORS.get(division, ())) if h]


def _key(u: object) -> str:
    return getattr(u, "division", None) or getattr(u, "id", "")


def check_banks(m: Module) -> Iterator[tuple[str, str, str]]:
    towns = {h.town: h for h in m.hexes.values() if h.town}
    for name, hx in sorted(towns.items()):
        south = hx.row >= TRIPOINT_ROW
        if name in ALLIED_COUNTRY_TOWNS and hx.army:
            yield ("border-bank", hx.id, f"{name} (Allied territory on 16 Dec) lies inside the German {hx.army} area")
        elif name in GERMAN_TOWNS and south and not hx.army and name not in US_HELD_GERMAN_TOWNS:
            yield ("border-bank", hx.id, f"{name} (German bank of the Our/Sauer) lies outside the German army areas")
    for hx in sorted(m.hexes.values(), key=lambda h: h.id):
        if hx.westwall and hx.row >= TRIPOINT_ROW and not hx.army:
            yield ("border-bank", hx.id, "Westwall hex south of the Ouren tripoint on the Allied bank of the Our/Sauer")
    for (a, b), _ in sorted(_army_boundaries(m).items()):
        hs = m.hexside(a, b)
        if hs is None or hs.river_name not in BORDER_RIVERS:
            yield ("border-bank", f"{a}-{b}", "army-area boundary south of the Ouren tripoint is not the Our/Sauer")


def _army_boundaries(m: Module) -> dict[tuple[str, str], bool]:
    out: dict[tuple[str, str], bool] = {}
    for h, hx in m.hexes.items():
        if not hx.army or hx.row < TRIPOINT_ROW:
            continue
        for n in m.adjacency.get(h, ()):
            if not m.hexes[n].army and m.hexes[n].row >= TRIPOINT_ROW and n not in US_HELD_EAST_OF_OUR:
                out[hexgrid.hexside_key(h, n)] = True
    return out


def check_edges(m: Module) -> Iterator[tuple[str, str, str]]:
    for hx in sorted(m.hexes.values(), key=lambda h: h.id):
        if hx.id in ENTRY_EXEMPT or hx.id not in m.road_links:
            continue
        allied_edge = hx.edge in ("N", "S", "W")
        if hx.army and (allied_edge or (hx.entry and hx.entry in ALLIED_CODES)):
            yield ("edge-army", hx.id, f"Allied supply source / entry / exit hex (edge {hx.edge}, code {hx.entry or '-'}) inside the German {hx.army} area (8.3A, 10.6, 10.7)")
        if not hx.army and (hx.edge == "E" or (hx.entry and hx.entry in GERMAN_CODES)):
            yield ("edge-army", hx.id, f"German supply source / entry hex (edge {hx.edge}, code {hx.entry or '-'}) outside the German army areas (8.3B)")


def _vertices(m: Module, river: str) -> set[frozenset[str]]:
    out: set[frozenset[str]] = set()
    for (a, b), hs in m.hexsides.items():
        if hs.river_name != river:
            continue
        common = set(hexgrid.neighbours(a)) & set(hexgrid.neighbours(b))
        for c in common:
            out.add(frozenset((a, b, c)))
    return out


def check_tributaries(m: Module) -> Iterator[tuple[str, str, str]]:
    names = {hs.river_name for hs in m.hexsides.values()}
    for trib, main in sorted(TRIBUTARIES.items()):
        if trib not in names or main not in names:
            continue
        if not _vertices(m, trib) & _vertices(m, main):
            ends = sorted(f"{a}-{b}" for (a, b), hs in m.hexsides.items() if hs.river_name == trib)
            yield ("tributary", ends[-1] if ends else trib, f"the {trib} does not meet the {main}")


def check_roads(m: Module) -> Iterator[tuple[str, str, str]]:
    for hx in sorted(m.hexes.values(), key=lambda h: h.id):
        if hx.town and hx.id not in m.road_links and hx.town not in TOWNS_WITHOUT_ROAD:
            yield ("town-no-road", hx.id, f"{hx.town} has no road (29.0: towns are on the road grid)")
    comp = mapregions.road_components(m)
    for hx in sorted(m.hexes.values(), key=lambda h: h.id):
        if hx.entry and comp.get(hx.id, 0) < ISLAND_MIN:
            yield ("entry-island", hx.id, f"entry area {hx.entry}: its roads reach only {comp.get(hx.id, 0)} hexes (10.6.1A)")


def check_counters(m: Module) -> Iterator[tuple[str, str, str]]:
    for u in sorted(m.units.values(), key=lambda u: u.id):
        if u.is_leader:
            continue
        if u.id in NO_REDUCED_SIDE and u.reduced is not None:
            yield ("counter-steps", u.id, "has a reduced side; 4.2.2C: the 1107th has none")
        elif u.id not in NO_REDUCED_SIDE and u.reduced is None:
            why = "the Paradrop Table can reduce it (19.2B)" if "drop" in u.entry else "4.2.2C names only the 1107th as lacking one"
            yield ("counter-steps", u.id, f"has no reduced side; {why}")


def check_drop(m: Module) -> Iterator[tuple[str, str, str]]:
    for p in m.historical:
        if p.turn != DROP_TURN:
            continue
        hx = m.hexes.get(p.hex)
        if hx is None or hx.terrain != "clear":
            yield ("drop-zone", p.hex, f"historical drop of {p.unit} on {hx.terrain if hx else 'no'} terrain: 19.2A allows only clear terrain hexes")


def check_setup(m: Module) -> Iterator[tuple[str, str, str]]:
    pos = m.historical_positions(HISTORICAL_SETUP_TURN)
    if not pos:
        return
    seen: dict[str, str] = {}
    for u in sorted(m.units.values(), key=lambda u: u.id):
        if u.side != "German" or u.setup not in ("5PZA", "6PZA", "7A"):
            continue
        h = pos.get(u.id)
        if h is None:
            yield ("setup-sector", u.id, "German at-start unit without a 6.2 historical position")
            continue
        hx = m.hexes.get(h)
        if hx is None:
            yield ("setup-sector", u.id, f"historical hex {h} is not on the map")
            continue
        if hx.army != u.setup:
            yield ("setup-sector", h, f"{u.id}: historical hex outside its {u.setup} area (6.1A)")
        if hx.entry and hx.entry in ALLIED_CODES:
            yield ("setup-sector", h, f"{u.id}: historical hex is an Allied entry hex ({hx.entry})")
        if u.is_leader:
            continue
        if h in seen:
            yield ("setup-sector", h, f"{u.id} stacked with {seen[h]} (6.1E)")
        seen[h] = u.id
        sec = sector_hexes(_key(u))
        if sec:
            d = min(hexgrid.distance(h, s) for s in sec)
            if d > SECTOR_TOLERANCE:
                yield ("setup-sector", h, f"{u.id}: {d} hexes from its division's assembly sector {sec} (tolerance {SECTOR_TOLERANCE})")


def _released_by(m: Module, unit: str, turn: str) -> bool:
    """10.9.2B automatic releases by ``turn`` (11th Armored AM 29 Dec, 17th Airborne AM 1 Jan)."""
    u = m.units[unit]
    t = m.turn_index.get(turn)
    if t is None or u.nationality != "US":
        return False
    num = re.match(r"\d+", u.division or "")
    date = {"11": "29DecAM", "17": "1JanAM"}.get(num.group() if num else "")
    return date is not None and date in m.turn_index and t.number >= m.turn_index[date].number


def _is_restricted(m: Module, unit: str) -> bool:
    u = m.units[unit]
    return u.side == "Allied" and (u.restricted or (u.nationality in ("British", "French") and bool(u.arrival)))


def check_restricted(m: Module) -> Iterator[tuple[str, str, str]]:
    zones = {n: mapregions.restricted_zone(m, n) for n in ("US", "British")}
    placed: list[tuple[str, str, str, str]] = []  # (where, unit, hex, turn)
    for s in m.scenarios.values():
        for e in s.setup:
            if e.unit in m.units and e.location in m.hexes:
                placed.append((s.id, e.unit, e.location, s.first_turn))
    for p in m.historical:
        if p.turn not in (HISTORICAL_SETUP_TURN, DROP_TURN) and p.unit in m.units:
            placed.append((p.turn, p.unit, p.hex, p.turn))
    for where, unit, h, turn in sorted(placed):
        if not _is_restricted(m, unit) or _released_by(m, unit, turn):
            continue
        nat = "US" if m.units[unit].nationality == "US" else "British"
        if h not in zones[nat]:
            line = "Meuse-Semois line" if nat == "US" else "Meuse"
            yield ("restricted-setup", h, f"{where}: restricted {unit} set up east of the {line} (10.9B)")


ADVISORY_KINDS = frozenset({"border-bank", "edge-army", "tributary", "town-no-road", "entry-island", "drop-zone",
                            "counter-steps", "setup-sector", "restricted-setup", "derived-setup"}) | validate_front.KINDS
"""Kinds reported by ``module validate`` (exit 1) that do not stop a module from being
played (``load.load_module``): they compare the data with history and geography, not with
what the engine needs, and an owner's printed map or counters may differ."""

CHECKS = (check_banks, check_edges, check_tributaries, check_roads, check_counters, check_drop, check_setup,
          check_restricted)


def problems(m: Module) -> Iterator[tuple[str, str, str]]:
    """(kind, where, message) of every geographic/historical problem, in a stable order."""
    for check in CHECKS:
        yield from check(m)
    yield from validate_front.problems(m)  # riverside towns, border bridges, same-bank roads, the 16 Dec front

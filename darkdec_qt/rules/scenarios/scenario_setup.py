"""Set-ups of the scenarios whose unit manifests (study folder, 6.0E) are lost:
Turning Point (AM 22 Dec), Final Fury (AM 29 Dec), The Reduction of the Bulge (AM 3 Jan).

RECONSTRUCTED, derived at runtime and deterministically (docs/scenarios.md, "Derived
set-ups"):

1. The units in play are those of the Campaign Game set-up plus every reinforcement
   due before the scenario's first turn (after the chosen variants' shifts); later
   reinforcements stay pending. ``HISTORICAL_LOSSES`` removes or reduces the units
   historically destroyed or shattered by then (the 106th's two surrendered regiments,
   the 28th's 110th, Peiper...). Withdrawals due before the first turn are made (10.8B the
   10th Armored from PM 26 Dec, optional 10.8C the 150th Panzer Brigade).
2. The map is divided between the sides by the historical front of the date: every town
   of ``GERMAN_HELD[scenario]`` and every town inside the German army areas is a German
   seed, every other town an Allied seed, and each hex belongs to the side of its nearest
   seed (ties to the Allies); hexes in the German army areas are always German.
3. Each side's non-leader units (infantry first, then motorized, in id order) take the
   free hex within two hexes of the front (then four, eight...) nearest their formation's
   historical position of the date (the module's historical table for that turn, then
   ``ANCHORS``), else nearest their set-up hex or first entry hex; one unit per hex; motorized units skip hexes they cannot enter.
   A unit whose dated hex lies on its own side stands there, or on the free hex of its side
   nearest to it, however far behind the front (a reserve stays in reserve: the 28th Inf at
   Neufchâteau on 29 Dec); a dated hex across the front (a contact position, the town-seed
   front being coarse) falls back to the ring rule. Leaders
   stand three or more hexes behind the front. Road control (5.7) follows the division.
4. 10.9: a restricted unit still unreleased on the first turn stands near its dated
   position of the historical table if that lies behind the Meuse (British, French) or the
   Meuse-Semois line (US), else near its entry hex behind that line; never at the front;
   the 11th Armored (from AM 29 Dec) and the 17th Airborne (from AM 1 Jan) are released
   (10.9.2B) and stand with their formation.
"""

from __future__ import annotations

from collections import deque

from darkdec_qt import hexgrid, mapregions
from darkdec_qt.rules.core.state import GameState
from darkdec_qt.rules.core.tables import tables
from darkdec_qt.rules.movement import restricted, withdrawals

# 14.6A: reserve markers with the historical assault positions
HISTORICAL_RESERVES = ("316/212", "987/276", "914/352", "13/5FJ", "130/Lehr", "16/116Pz", "3/2Pz", "164/62",
                       "Peiper/1SS", "89/12", "12/12SS")

_FRONT_22DEC = (
    "St. Vith", "Houffalize", "La Roche", "Samrée", "Noville", "Longvilly", "Bertogne", "Tenneville", "Champlon",
    "Sibret", "Villers-la-Bonne-Eau", "Vaux-sur-Sûre", "Wiltz", "Clervaux", "Hosingen", "Marnach",
    "Dasburg", "Daleiden", "Weiswampach", "Troisvierges", "Burg-Reuland", "Schönberg", "Bleialf", "Recht", "Amel", "Ligneuville", "Büllingen", "Losheim", "Manderfeld", "Rocherath", "Udenbreth", "Hollerath",
    "Diekirch", "Vianden", "Bourscheid", "Esch-sur-Sûre", "Heiderscheid", "Echternach", "Bettendorf", "Wallendorf",
    "Beaufort", "La Gleize",
)
# not Fauvillers: the 4th Armored's CCB set out at 0430 on 22 Dec through Fauvillers and by noon
# was in sight of Burnon, meeting only demolitions and a rear guard there (Cole p.526)
# Esch-sur-Sûre: the 26th Inf over the Sûre at Bonnal and Esch on 26-27 Dec (Cole pp.546-547,
# 638); Beaufort: the 276th VG driven back over the Sauer by 27-28 Dec (Cole pp.501-503)
_REMOVE_29DEC = {"Sibret", "Heiderscheid", "La Gleize", "Fauvillers", "Vaux-sur-Sûre", "Esch-sur-Sûre", "Beaufort"}
# Poteau and Gouvy: held by the 7th Armd's goose egg on 22 Dec, abandoned in the withdrawal
# across the Salm on the night of 22-23 Dec (Cole ch. XVII)
# Echternach: the 212th VG withdrew over the Bollendorf bridge by the night of 26 Dec and US
# patrols found the town empty (Cole pp.504-506)
_FRONT_29DEC = tuple(t for t in _FRONT_22DEC if t not in _REMOVE_29DEC | {"Echternach"}) + (
    "Gouvy", "Poteau", "Vielsalm", "Salmchâteau", "Lierneux", "St. Hubert", "Rochefort", "Nassogne")
# Rochefort: the Germans were driven out on the afternoon of 29 Dec and fell back to Nassogne
# (Cole ch. XXIII)
_FRONT_3JAN = tuple(t for t in _FRONT_29DEC if t != "Rochefort")

GERMAN_HELD: dict[str, tuple[str, ...]] = {
    "turning_point": _FRONT_22DEC,
    "final_fury": _FRONT_29DEC,
    "reduction": _FRONT_3JAN,
}

# scenario -> (eliminated, reduced): historical losses by the first turn (reconstructed)
_LOSSES_22 = (("106/422", "106/423", "28/110", "vdHeydte"),
              ("28/109", "28/112", "106/424", "14Cav", "99/393", "99/394", "9Arm/CCR", "Peiper/1SS", "150Pz"))
_LOSSES_29 = (_LOSSES_22[0] + ("Peiper/1SS",),
              tuple(u for u in _LOSSES_22[1] if u != "Peiper/1SS") + ("2/2Pz", "304/2Pz", "3/2Pz", "7Arm/CCB"))
HISTORICAL_LOSSES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "turning_point": _LOSSES_22,
    "final_fury": _LOSSES_29,
    "reduction": _LOSSES_29,
}


# Where a formation stood at the later scenarios' dates (reconstructed from the
# histories; division code or unit id -> town of data/map/hexes.csv). A unit not listed
# goes to the front nearest its set-up hex or its first entry hex.
ANCHORS: dict[str, str] = {
    # Allied
    "101": "Bastogne", "10Arm/CCB": "Bastogne", "9Arm/CCR": "Bastogne", "1128": "Bastogne",
    "82": "Werbomont", "7Arm": "Vielsalm", "9Arm/CCB": "Vielsalm", "106/424": "Vielsalm", "30": "Malmedy",
    "1": "Bütgenbach", "2": "Elsenborn", "99": "Elsenborn", "9": "Monschau", "3Arm": "Manhay",
    "84": "Marche", "2Arm": "Ciney", "29Arm": "Dinant", "4Arm": "Martelange", "26": "Heiderscheid",
    "80": "Ettelbruck", "5": "Consdorf", "4": "Consdorf", "28": "Neufchâteau", "10Arm": "Mersch",
    "9Arm/CCA": "Consdorf",
    # German
    "1SS": "La Gleize", "12SS": "Bütgenbach", "3PzG": "Bütgenbach", "12VG": "Bütgenbach", "277VG": "Rocherath",
    "272VG": "Monschau", "326VG": "Monschau", "3FJ": "Waimes", "18VG": "St. Vith", "62VG": "St. Vith",
    "FBB": "Vielsalm", "9SS": "Vielsalm", "2SS": "Manhay", "560VG": "Samrée", "116Pz": "Hotton",
    "2Pz": "Rochefort", "Lehr": "St. Hubert", "26VG": "Bastogne", "5FJ": "Sibret", "352VG": "Ettelbruck",
    "276VG": "Beaufort", "212VG": "Echternach", "79VG": "Heiderscheid", "FGB": "Fauvillers", "150Pz": "Malmedy",
    "15PzG": "Bastogne", "9Pz": "Marche", "246VG": "Monschau", "167VG": "Villers-la-Bonne-Eau",
    "340VG": "Longvilly",
}


def _origin(st: GameState, unit: str, pos: str | None, dated: dict[str, str] | None = None) -> str | None:
    """Where the unit should stand: its formation's position on the first turn from the
    module's historical table (data/historical.csv, rows of that turn), else ``ANCHORS``,
    else its set-up or first entry hex."""
    mod = st.module
    spec = mod.units[unit]
    if dated and dated.get(unit) in mod.hexes:
        return dated[unit]
    for key in (unit, spec.division or ""):
        if key in ANCHORS and mod.town_hex(ANCHORS[key]):
            return mod.town_hex(ANCHORS[key])
    if pos:
        return pos
    codes = set(spec.entry)
    entries = sorted(h for h, hx in mod.hexes.items() if hx.entry and hx.entry in codes)
    return entries[0] if entries else None


def partition(st: GameState, german_towns: tuple[str, ...]) -> dict[str, str]:
    """Hex -> side by nearest town seed (step 2 of the module docstring)."""
    mod = st.module
    held = set(german_towns)
    seeds = sorted((hx.id, "German" if (hx.town in held or hx.army) else "Allied")
                   for hx in mod.hexes.values() if hx.town)
    out: dict[str, str] = {}
    for h, hx in mod.hexes.items():
        if hx.army:
            out[h] = "German"
            continue
        best = min(seeds, key=lambda s: (hexgrid.distance(h, s[0]), s[1] != "Allied", s[0]))
        out[h] = best[1]
    return out


def _rings(st: GameState, side_of: dict[str, str], side: str) -> dict[str, int]:
    """Distance of each hex of ``side`` to the nearest hex of the other side."""
    adj = st.module.adjacency
    dist: dict[str, int] = {}
    q: deque[str] = deque()
    for h, s in side_of.items():
        if s != side:
            dist[h] = 0
            q.append(h)
    while q:
        h = q.popleft()
        for n in adj.get(h, ()):
            if n not in dist:
                dist[n] = dist[h] + 1
                q.append(n)
    return {h: d for h, d in dist.items() if side_of.get(h) == side}


def _entry_hex(st: GameState, unit: str) -> str | None:
    codes = set(st.module.units[unit].entry)
    hexes = sorted(h for h, hx in st.module.hexes.items() if hx.entry and hx.entry in codes)
    return hexes[0] if hexes else None


# 10.9.2B: automatic releases, by turn code
AUTOMATIC_RELEASES = (("29DecAM", restricted.is_11th_armored), ("1JanAM", restricted.is_17th_airborne))


def _restricted_at_start(st: GameState, in_play: set[str]) -> dict[str, frozenset[str]]:
    """10.9 in a derived set-up: restricted units released by the first turn (10.9.2B:
    11th Armored AM 29 Dec, 17th Airborne AM 1 Jan) are marked released and stand with
    their formation; the others stay where they entered (10.9B: no movement until
    activated), behind the Meuse (British, French: 10.9.1A) or the Meuse-Semois line (US:
    10.9.2A). Returns unit -> the hexes it may stand on."""
    mod = st.module
    out: dict[str, frozenset[str]] = {}
    zones: dict[str, frozenset[str]] = {}
    for u in sorted(in_play):
        if not restricted.is_restricted_unit(st, u) or restricted.is_released(st, u):
            continue
        spec = mod.units[u]
        if any(test(spec) and date in mod.turn_index and st.turn >= mod.turn_index[date].number
               for date, test in AUTOMATIC_RELEASES):
            st.released.add(u)
            continue
        nat = "US" if spec.nationality == "US" else "British"
        if nat not in zones:
            zones[nat] = mapregions.restricted_zone(mod, nat)
        out[u] = zones[nat]
    return out


def _withdrawal_due(st: GameState, unit: str) -> str | None:
    """10.8: the rule under which ``unit`` is owed to withdrawal on the first turn, or None."""
    return withdrawals.withdrawal_rule(st, unit)


def derive(st: GameState) -> None:
    """Rebuild ``st`` (a Campaign-like initial state at a later first turn) into the
    reconstructed situation of the date."""
    mod = st.module
    units = mod.units
    first = st.turn
    in_play = set(st.pos)
    old_pos = dict(st.pos)
    for u, t in list(st.pending.items()):
        if t < first:
            in_play.add(u)
            del st.pending[u]
    st.to_place.clear()
    st.pos.clear()
    st.fortifications.clear()
    st.reserve.clear()
    # 10.8: withdrawals due before the first turn are made (10.8B the 10th Armored from PM
    # 26 Dec; optional 10.8C the 150th Panzer Brigade AM 27 Dec). With the optional 10.8B
    # (not required while Germany is presently winning) the 10th's withdrawal is judged once
    # the set-up stands, at the end of this function.
    for u in sorted(in_play):
        rule = _withdrawal_due(st, u)
        if rule == "10.8C" or (rule == "10.8B" and not st.has_rule("10.8")):
            in_play.discard(u)
            st.withdrawn.add(u)
    elim, red = HISTORICAL_LOSSES.get(st.scenario, ((), ()))
    for u in elim:
        if u in in_play:
            in_play.discard(u)
            st.eliminated.add(u)
            side = units[u].side
            st.destroyed_count[side] = st.destroyed_count.get(side, 0) + 1
    for u in red:
        if u in in_play and units[u].reduced is not None:
            st.reduced.add(u)
    dated = mod.historical_positions(st.turn_code())
    origin = {u: _origin(st, u, old_pos.get(u), dated) for u in in_play}
    side_of = partition(st, GERMAN_HELD.get(st.scenario, ()))
    held_back = _restricted_at_start(st, in_play)
    t = tables(mod)
    for side in ("Allied", "German"):
        ring = _rings(st, side_of, side)
        mine = [u for u in in_play if units[u].side == side]
        combat = sorted((u for u in mine if not units[u].is_leader), key=lambda u: (units[u].is_motorized, u))
        taken: set[str] = set()
        for u in combat:
            c = units[u].unit_class
            o = origin[u]
            if u in held_back:  # 10.9B: not moved since entry, not east of the Meuse (Semois)
                zone = held_back[u]
                # its dated position when 10.9 allows it (the 29th Armd Bde on the Meuse at
                # Dinant), else where it entered
                e = o if u in dated and o in zone else (_entry_hex(st, u) or o)
                free = [h for h in zone if side_of.get(h) == "Allied" and h not in taken
                        and not (h in t.hex_cost[c] and t.hex_cost[c][h] is None)]
                if free:
                    h = min(free, key=lambda x: (hexgrid.distance(e, x) if e else 0, x))
                    st.pos[u] = h
                    taken.add(h)
                    continue
            if u in dated and o in ring:  # its dated hex is on its side: there, or the nearest free hex
                free = [h for h in ring if h not in taken and not (h in t.hex_cost[c] and t.hex_cost[c][h] is None)]
                if free:
                    h = min(free, key=lambda x: (hexgrid.distance(o, x), ring[x], x))
                    st.pos[u] = h
                    taken.add(h)
                    continue
            for depth in (2, 4, 8, 10**6):
                free = [h for h, r in ring.items() if r <= depth and h not in taken
                        and not (h in t.hex_cost[c] and t.hex_cost[c][h] is None)]
                if free:
                    h = min(free, key=lambda x: (hexgrid.distance(o, x) if o else 0, ring[x], x))
                    st.pos[u] = h
                    taken.add(h)
                    break
        for u in sorted(x for x in mine if units[x].is_leader):
            o = origin[u]
            back = [h for h, r in ring.items() if r >= 3] or list(ring)
            if back:
                st.pos[u] = min(back, key=lambda x: (hexgrid.distance(o, x) if o else 0, x))
    # road control follows the front; town hexes off the road net are recorded too, so
    # that town control (victory.hex_control: the last side to enter) survives the set-up
    for h in list(mod.road_links) + [h for h, hx in mod.hexes.items() if hx.town]:
        st.road_control[h] = side_of.get(h, "Allied")
    for u, h in st.pos.items():
        if h in st.road_control:
            st.road_control[h] = units[u].side
    due = [u for u in sorted(st.pos) if _withdrawal_due(st, u) == "10.8B"]
    if due and not withdrawals.waived(st):  # optional 10.8B: Germany is not presently winning
        for u in due:
            del st.pos[u]
            st.withdrawn.add(u)

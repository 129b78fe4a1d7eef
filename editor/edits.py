"""Editor actions over a :class:`ModuleDocument`: each one a described, undoable
command ("Paint 2516 woods", "Set 3/2Pz attack 7", "CRT 4/3:1 D3").

No widgets here: the tools, tables and tests call these functions. A value the
module cannot hold (an unknown CRT result code, a road between non-adjacent
hexes) raises :class:`EditRefused` with a message for the user.
"""

from __future__ import annotations

import json
from collections import deque
from typing import Any

from darkdec_qt import hexgrid
from darkdec_qt.model.validate import RESULT_RE
from darkdec_qt.moduleview import ARMIES, RIVER_KINDS, TERRAINS
from editor.document import Key, ModuleDocument, Row

FIELD_LABELS = {
    "fa": "attack", "fd": "defense", "fm": "movement",
    "ra": "reduced attack", "rd": "reduced defense", "rm": "reduced movement",
    "attack_option": "attack option", "defense_option": "defense option",
}
PRINTED = ""  # scenario id meaning "the counters' printed setup"


class EditRefused(ValueError):
    """An edit the module cannot hold; the message says why."""


# --- hexes --------------------------------------------------------------------------


def _hex(doc: ModuleDocument, hex_id: str) -> Row:
    r = doc.get("hex", hex_id)
    if r is None:
        raise EditRefused(f"hex {hex_id} is not on the map")
    return r


def paint_terrain(doc: ModuleDocument, hex_id: str, terrain: str, stroke: int = 0) -> bool:
    if terrain not in TERRAINS:
        raise EditRefused(f"unknown terrain {terrain!r}; one of {', '.join(TERRAINS)}")
    _hex(doc, hex_id)
    return doc.change(f"Paint {hex_id} {terrain}", [("hex", (hex_id,), {**_hex(doc, hex_id), "terrain": terrain})],
                      stroke, f"Paint {{n}} hexes {terrain}")


def flood_fill(doc: ModuleDocument, hex_id: str, terrain: str) -> list[str]:
    """Fill the connected area of ``hex_id``'s terrain with ``terrain``."""
    if terrain not in TERRAINS:
        raise EditRefused(f"unknown terrain {terrain!r}")
    old = _hex(doc, hex_id)["terrain"]
    if old == terrain:
        return []
    seen, todo = {hex_id}, deque([hex_id])
    while todo:
        h = todo.popleft()
        for n in hexgrid.neighbours(h):
            r = doc.get("hex", n)
            if n not in seen and r is not None and r["terrain"] == old:
                seen.add(n)
                todo.append(n)
    area = sorted(seen)
    doc.change(f"Fill {len(area)} hexes from {hex_id} with {terrain}",
               [("hex", (h,), {**_hex(doc, h), "terrain": terrain}) for h in area])
    return area


def set_hex(doc: ModuleDocument, hex_id: str, stroke: int = 0, **values: Any) -> bool:
    """Set hex columns: town, westwall, army, entry, edge, reconstructed, basis..."""
    row = _hex(doc, hex_id)
    if values.get("army") and values["army"] not in ARMIES:
        raise EditRefused(f"unknown army area {values['army']!r}; one of {', '.join(ARMIES)}")
    if "terrain" in values and values["terrain"] not in TERRAINS:
        raise EditRefused(f"unknown terrain {values['terrain']!r}")
    parts = []
    for k, v in values.items():
        if k == "westwall":
            parts.append("Westwall" if v else "no Westwall")
        elif isinstance(v, bool):
            parts.append(k if v else f"not {k}")
        else:
            parts.append(f"{k} {v!r}" if v != "" else f"no {k}")
    text = f"Set {hex_id} {', '.join(parts)}"
    first = next(iter(values), "")
    return doc.change(text, [("hex", (hex_id,), {**row, **values})], stroke, f"Set {{n}} hexes {first}")


# --- hexsides -------------------------------------------------------------------------


def _side(doc: ModuleDocument, a: str, b: str) -> tuple[Key, Row]:
    if not hexgrid.are_adjacent(a, b):
        raise EditRefused(f"{a} and {b} are not adjacent: no hexside between them")
    for h in (a, b):
        _hex(doc, h)
    ka, kb = hexgrid.hexside_key(a, b)
    row = doc.get("hexside", ka, kb) or {
        "a": ka, "b": kb, "river": "", "river_name": "", "bridge": False, "ford": False,
        "demolished": False, "reconstructed": False, "basis": "editor",
    }
    return (ka, kb), row


def draw_river(doc: ModuleDocument, a: str, b: str, kind: str, name: str = "", stroke: int = 0) -> bool:
    if kind not in RIVER_KINDS:
        raise EditRefused(f"unknown river kind {kind!r}; one of {', '.join(RIVER_KINDS)}")
    key, row = _side(doc, a, b)
    new = {**row, "river": kind, "river_name": name or row["river_name"]}
    return doc.change(f"Draw {kind} river {key[0]}-{key[1]}", [("hexside", key, new)], stroke,
                      f"Draw {kind} river on {{n}} hexsides")


def erase_river(doc: ModuleDocument, a: str, b: str, stroke: int = 0) -> bool:
    """Remove a river hexside with its bridge, ford and demolition marks."""
    key, _row = _side(doc, a, b)
    return doc.change(f"Erase river {key[0]}-{key[1]}", [("hexside", key, None)], stroke,
                      "Erase river on {n} hexsides")


def set_hexside_flag(doc: ModuleDocument, a: str, b: str, flag: str, on: bool, stroke: int = 0) -> bool:
    """Bridge, ford or demolished-at-start (16.0C) on a river hexside."""
    if flag not in ("bridge", "ford", "demolished"):
        raise EditRefused(f"unknown hexside mark {flag!r}")
    key, row = _side(doc, a, b)
    if on and not row["river"]:
        raise EditRefused(f"no river on hexside {key[0]}-{key[1]}: a {flag} needs one")
    new = {**row, flag: on}
    if flag == "demolished" and on:
        new["bridge"] = True
    if flag == "bridge" and not on:
        new["demolished"] = False
    label = "demolished bridge" if flag == "demolished" else flag
    verb = "Add" if on else "Remove"
    return doc.change(f"{verb} {label} {key[0]}-{key[1]}", [("hexside", key, new)], stroke,
                      f"{verb} {label} on {{n}} hexsides")


def set_hexside(doc: ModuleDocument, a: str, b: str, **values: Any) -> bool:
    key, row = _side(doc, a, b)
    return doc.change(f"Set hexside {key[0]}-{key[1]} {', '.join(values)}", [("hexside", key, {**row, **values})])


# --- roads ----------------------------------------------------------------------------


def add_road(doc: ModuleDocument, a: str, b: str, road: str, stroke: int = 0) -> bool:
    road = road.strip()
    if not road:
        raise EditRefused("a road needs a road id (e.g. N4)")
    if not hexgrid.are_adjacent(a, b):
        raise EditRefused(f"{a} and {b} are not adjacent: a road runs hex to hex")
    for h in (a, b):
        _hex(doc, h)
    ka, kb = hexgrid.hexside_key(a, b)
    row = {"a": ka, "b": kb, "road": road, "reconstructed": False, "basis": "editor"}
    return doc.change(f"Draw road {road} {ka}-{kb}", [("road", (ka, kb, road), row)], stroke,
                      f"Draw road {road} over {{n}} segments")


def erase_road(doc: ModuleDocument, a: str, b: str, road: str = "", stroke: int = 0) -> bool:
    """Erase road ``road`` between a and b (every road there when empty)."""
    ka, kb = hexgrid.hexside_key(a, b)
    keys = [(r["a"], r["b"], r["road"]) for r in doc.table("road")
            if r["a"] == ka and r["b"] == kb and (not road or r["road"] == road)]
    return doc.change(f"Erase road {road + ' ' if road else ''}{ka}-{kb}", [("road", k, None) for k in keys],
                      stroke, "Erase roads over {n} segments")


def roads_in(doc: ModuleDocument, hex_id: str) -> list[str]:
    return sorted({r["road"] for r in doc.table("road") if hex_id in (r["a"], r["b"])})


def set_crossing(doc: ModuleDocument, hex_id: str, road_a: str, road_b: str, on: bool) -> bool:
    """10.4.8C: roads ``road_a`` and ``road_b`` pass through ``hex_id`` without connecting."""
    if road_a == road_b:
        raise EditRefused("a crossing needs two different roads")
    ra, rb = sorted((road_a, road_b))
    if on and not {ra, rb} <= set(roads_in(doc, hex_id)):
        raise EditRefused(f"roads {ra} and {rb} do not both pass through {hex_id}")
    row = {"hex": hex_id, "road_a": ra, "road_b": rb, "reconstructed": False, "basis": "editor"}
    text = f"{'Cross' if on else 'Join'} roads {ra} and {rb} in {hex_id}"
    return doc.change(text, [("crossing", (hex_id, ra, rb), row if on else None)])


# --- units ------------------------------------------------------------------------------


def _unit(doc: ModuleDocument, uid: str) -> Row:
    r = doc.get("unit", uid)
    if r is None:
        raise EditRefused(f"no unit {uid!r}")
    return r


def set_unit(doc: ModuleDocument, uid: str, column: str, value: Any) -> bool:
    row = _unit(doc, uid)
    if column == "id":
        return rename_unit(doc, uid, str(value))
    if column in FIELD_LABELS and column not in ("attack_option", "defense_option") and value is not None:
        if not isinstance(value, int) or value < 0:
            raise EditRefused(f"{FIELD_LABELS[column]} must be a whole number >= 0")
    label = FIELD_LABELS.get(column, column)
    shown = "none" if value is None else ("yes" if value is True else "no" if value is False else value)
    return doc.change(f"Set {uid} {label} {shown}", [("unit", (uid,), {**row, column: value})])


def rename_unit(doc: ModuleDocument, uid: str, new_id: str) -> bool:
    new_id = new_id.strip()
    if not new_id or new_id == uid:
        return False
    if doc.get("unit", new_id) is not None:
        raise EditRefused(f"a unit {new_id!r} already exists")
    row = _unit(doc, uid)
    changes: list[tuple[str, Key, Row | None]] = [("unit", (uid,), None), ("unit", (new_id,), {**row, "id": new_id})]
    for e in doc.table("scenario_setup"):
        if e["unit"] == uid:
            changes += [("scenario_setup", (e["scenario"], uid), None),
                        ("scenario_setup", (e["scenario"], new_id), {**e, "unit": new_id})]
    return doc.change(f"Rename {uid} to {new_id}", changes)


def new_unit_row(uid: str, side: str = "Allied") -> Row:
    return {
        "id": uid, "side": side, "nationality": "US" if side == "Allied" else "Wehrmacht", "division": "",
        "type": "infantry", "size": "III", "fa": 1, "fd": 1, "fm": 4, "ra": None, "rd": None, "rm": None,
        "setup": "", "fortified": False, "arrival": "", "entry": "", "star": False, "restricted": False,
        "conditional": False, "optional": False, "attack_option": 0, "defense_option": 0,
        "reconstructed": False, "basis": "editor",
    }


def free_id(doc: ModuleDocument, base: str) -> str:
    n = 2
    cand = base
    while doc.get("unit", cand) is not None:
        cand = f"{base} ({n})"
        n += 1
    return cand


def add_unit(doc: ModuleDocument, side: str = "Allied", uid: str = "") -> str:
    uid = free_id(doc, uid or "new unit")
    doc.insert(f"Add unit {uid}", "unit", new_unit_row(uid, side))
    return uid


def duplicate_unit(doc: ModuleDocument, uid: str) -> str:
    row = _unit(doc, uid)
    new = free_id(doc, f"{uid} copy")
    doc.insert(f"Duplicate {uid} as {new}", "unit", {**row, "id": new})
    return new


def remove_units(doc: ModuleDocument, uids: list[str]) -> bool:
    """Remove units and their scenario setup entries in one command."""
    changes: list[tuple[str, Key, Row | None]] = [("unit", (u,), None) for u in uids]
    changes += [("scenario_setup", (e["scenario"], e["unit"]), None)
                for e in doc.table("scenario_setup") if e["unit"] in uids]
    text = f"Remove unit {uids[0]}" if len(uids) == 1 else f"Remove {len(uids)} units"
    return doc.change(text, changes)


# --- setups -------------------------------------------------------------------------------


def place_unit(doc: ModuleDocument, scenario: str, uid: str, location: str) -> bool:
    """Set up ``uid`` at a hex or army area: in the counters' printed setup
    (``scenario`` = PRINTED) or in one scenario's setup list."""
    row = _unit(doc, uid)
    if location and location not in ARMIES:
        _hex(doc, location)
    if scenario == PRINTED:
        return doc.change(f"Set up {uid} at {location or 'nowhere'}", [("unit", (uid,), {**row, "setup": location})])
    if doc.get("scenario", scenario) is None:
        raise EditRefused(f"no scenario {scenario!r}")
    old = doc.get("scenario_setup", scenario, uid)
    entry = old or {"scenario": scenario, "unit": uid, "location": "", "fortified": row["fortified"],
                    "reserve": False, "arrival": ""}
    return doc.change(f"Set up {uid} at {location} in {scenario}",
                      [("scenario_setup", (scenario, uid), {**entry, "location": location})])


def unplace_unit(doc: ModuleDocument, scenario: str, uid: str) -> bool:
    if scenario == PRINTED:
        return place_unit(doc, PRINTED, uid, "")
    return doc.remove(f"Remove {uid} from the {scenario} setup", "scenario_setup", (scenario, uid))


def set_setup_flag(doc: ModuleDocument, scenario: str, uid: str, flag: str, on: bool) -> bool:
    """Mark a set-up unit fortified (5.6.3A) or in reserve (14)."""
    if scenario == PRINTED:
        if flag != "fortified":
            raise EditRefused("reserve status belongs to a scenario's setup, not to the counter")
        return set_unit(doc, uid, "fortified", on)
    e = doc.get("scenario_setup", scenario, uid)
    if e is None:
        raise EditRefused(f"{uid} is not in the {scenario} setup")
    word = flag if on else f"not {flag}"
    return doc.change(f"Mark {uid} {word} in {scenario}", [("scenario_setup", (scenario, uid), {**e, flag: on})])


def set_scenario(doc: ModuleDocument, sid: str, column: str, value: Any) -> bool:
    row = doc.get("scenario", sid)
    if row is None:
        raise EditRefused(f"no scenario {sid!r}")
    if column in ("optional_rules", "variants", "replacements", "victory"):
        if not isinstance(value, str):
            value = json.dumps(value, sort_keys=column in ("replacements", "victory"))
        try:
            parsed = json.loads(value)
        except json.JSONDecodeError as exc:
            raise EditRefused(f"{column}: not valid JSON: {exc}") from None
        want = list if column in ("optional_rules", "variants") else dict
        if not isinstance(parsed, want):
            raise EditRefused(f"{column} must be a JSON {'list' if want is list else 'object'}")
    label = column.replace("_", " ")
    shown = value if len(str(value)) < 30 else "..."
    return doc.change(f"Set {sid} {label} {shown}", [("scenario", (sid,), {**row, column: value})])


# --- charts ----------------------------------------------------------------------------------


def set_crt(doc: ModuleDocument, row: int, odds: str, result: str) -> bool:
    """One CRT cell (13.5); unknown result codes are refused."""
    result = result.strip().upper().replace("—", "-")
    if not RESULT_RE.match(result):
        raise EditRefused(f"{result!r} is not a CRT result code (13.5): use -, D1..D7, A1..A3, "
                          "D3/A1..D7/A1, A1[1], D7[1], [1], CA or FF")
    if doc.get("crt", row, odds) is None and odds not in json.loads(doc.meta("crt_odds", "[]")):
        raise EditRefused(f"no CRT column {odds!r}")
    return doc.change(f"CRT {row}/{odds} {result}", [("crt", (row, odds), {"row": row, "odds": odds, "result": result})])


def set_crt_dice(doc: ModuleDocument, column: str, roll: int, row: int) -> bool:
    """Which CRT row a modified roll reads on the normal or tactical dice column (13.4.2)."""
    rows = {r["row"] for r in doc.table("crt")}
    if row not in rows:
        raise EditRefused(f"the CRT has no row {row}; rows are {min(rows)}..{max(rows)}")
    return doc.change(f"CRT dice {column} roll {roll} -> row {row}",
                      [("crt_dice", (column, roll), {"column": column, "roll": roll, "row": row})])


def set_cell(doc: ModuleDocument, table: str, key: Key, column: str, value: Any, what: str = "") -> bool:
    """Any other chart or list cell (TEC, die tables, infiltration, air DRMs, errata)."""
    row = doc.get(table, *key)
    if row is None:
        raise EditRefused(f"{table} has no row {key}")
    if table == "tec" and column == "defense" and value is not None and not 0 <= value <= 7:
        raise EditRefused("a defense level is 0..7 (13.3.1E)")
    if table == "tec" and column in ("motorized", "infantry") and value is not None and value < 0:
        raise EditRefused("a movement cost is >= 0 (empty = prohibited)")
    name = what or f"{table} {'/'.join(map(str, key))}"
    return doc.change(f"Set {name} {column.replace('_', ' ')} {value if value is not None else 'none'}",
                      [(table, key, {**row, column: value})])

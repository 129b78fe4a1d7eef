"""The immutable, in-memory view of a Dark December module.

The module database (``darkdec_qt.model``) is loaded once into these frozen
dataclasses; the rules engine, the game session and the client read only these,
never SQL. Nothing here imports SQL or Qt.

Every record that was reconstructed (the rulebook lacks the printed map, counter
values and charts) carries ``reconstructed=True`` and a short ``basis``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from darkdec_qt import hexgrid

# --- vocabularies ---------------------------------------------------------------

TERRAINS = ("clear", "rough", "woods", "dense_forest", "marsh")
"""Base terrain of a hex. Towns and the Westwall are features on top of it (13.3.1A)."""

RIVER_KINDS = ("major", "minor")
SIDES = ("German", "Allied")
NATIONALITIES = ("US", "British", "French", "Wehrmacht", "SS", "Luftwaffe")
NATIONALITY_COLOURS = {  # 5.0A
    "US": "dark green",
    "British": "light green",
    "French": "light blue",
    "Wehrmacht": "field gray",
    "SS": "black",
    "Luftwaffe": "royal blue",
}
UNIT_TYPES = (  # 5.2
    "armor",
    "armored_infantry",
    "armored_cavalry",
    "infantry",
    "volksgrenadier",
    "parachute",
    "glider",
    "engineer",
    "leader",
)
MOTORIZED_TYPES = frozenset({"armor", "armored_infantry", "armored_cavalry"})
# armoured units: their retreats (13.6), advance lengths (13.7.1) and the 16 December PM release (18.3)
ARMORED_TYPES = frozenset({"armor", "armored_cavalry"})
INFANTRY_TYPES = frozenset({"infantry", "volksgrenadier", "parachute", "glider"})
SIZES = ("III", "X")  # 5.3; leaders have none
EDGES = ("N", "S", "E", "W")
ARMIES = ("5PZA", "6PZA", "7A")
AMPM = ("AM", "PM")
WEATHERS = ("overcast", "clear")
GROUNDS = ("normal", "freeze", "snow")
UNIT_FLAGS = ("restricted", "conditional", "optional", "star", "fortified")


def unit_class(unit_type: str) -> str:
    """5.2: 'motorized' or 'infantry'. Engineers and leaders move as infantry (15.4B)."""
    return "motorized" if unit_type in MOTORIZED_TYPES else "infantry"


# --- map ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Hex:
    id: str
    terrain: str
    town: str | None = None
    westwall: bool = False
    edge: str | None = None  # N/S/E/W if on that map edge
    entry: str | None = None  # entry-area code of a road entry hex (10.6.1A)
    army: str | None = None  # German army area 5PZA/6PZA/7A (6.1A, 5.6.1A)
    reconstructed: bool = True
    basis: str = ""

    @property
    def col(self) -> int:
        return hexgrid.parse_hex_id(self.id)[0]

    @property
    def row(self) -> int:
        return hexgrid.parse_hex_id(self.id)[1]


@dataclass(frozen=True, slots=True)
class Hexside:
    """The edge between two adjacent hexes ``a < b``."""

    a: str
    b: str
    river: str | None = None  # 'major' / 'minor' / None
    river_name: str | None = None
    bridge: bool = False
    ford: bool = False
    demolished: bool = False  # bridge blown at start (16.0C)
    reconstructed: bool = True
    basis: str = ""

    @property
    def key(self) -> tuple[str, str]:
        return (self.a, self.b)


@dataclass(frozen=True, slots=True)
class RoadSegment:
    """A road from hex ``a`` to adjacent hex ``b`` (``a < b``) on road ``road``.

    Roads meeting in a hex connect there (a junction), except the pairs of road
    ids listed as a *crossing* of that hex (``Module.crossings``): one hex may hold
    two unconnected roads (10.4.8C: 2920, 3213). Use ``Module.roads_connect``.
    """

    a: str
    b: str
    road: str
    reconstructed: bool = True
    basis: str = ""


# --- units ---------------------------------------------------------------------

Strength = tuple[int, int, int]  # attack, defense, movement


@dataclass(frozen=True, slots=True)
class UnitSpec:
    id: str  # the rulebook's designation, e.g. "316/212", "99/393", "Peiper/1SS"
    side: str
    nationality: str
    type: str
    full: Strength
    reduced: Strength | None  # None: no back-printed side (5.1D)
    division: str | None = None  # None: independent, no divisional integrity (13.8.4B)
    size: str | None = None
    setup: str | None = None  # hex id, or army area 5PZA/6PZA/7A, or None (reinforcement)
    fortified: bool = False  # bracketed setup hex (5.6.3A)
    arrival: str | None = None  # turn code, e.g. "22DecAM" (5.6.1B)
    entry: tuple[str, ...] = ()  # entry-area codes
    star: bool = False  # may not enter in strategic movement (5.6.3B)
    restricted: bool = False  # 5.5.2 / 10.9
    conditional: bool = False  # 5.5.1 / 23.0
    optional: bool = False  # 5.5.1 / 23.0F
    attack_option: int = 0  # leaders (15.1)
    defense_option: int = 0  # leaders (15.2)
    reconstructed: bool = True
    basis: str = ""

    @property
    def is_leader(self) -> bool:
        return self.type == "leader"

    @property
    def unit_class(self) -> str:
        return unit_class(self.type)

    @property
    def is_motorized(self) -> bool:
        return self.type in MOTORIZED_TYPES

    @property
    def steps(self) -> int:
        return 2 if self.reduced is not None else 1


@dataclass(frozen=True, slots=True)
class Marker:
    kind: str
    side: str  # German / Allied / both
    limit: int | None  # counter-mix limit, None = unlimited
    reconstructed: bool = True
    basis: str = ""


# --- calendar ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Turn:
    number: int  # 1 = AM 16 Dec 1944
    code: str  # "16DecAM"
    date: str  # ISO "1944-12-16"
    ampm: str
    weather: str  # historical weather
    ground: str  # normal / freeze / snow
    reconstructed: bool = False
    basis: str = ""

    @property
    def label(self) -> str:
        day = int(self.date[8:10])
        month = {"12": "December", "01": "January"}.get(self.date[5:7], self.date[5:7])
        return f"{self.ampm} {day} {month}"


# --- charts --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CRT:
    """Combat Results Table.

    ``odds`` lists the columns from 1:3 to 9:1 (13.5A-B). ``results[(row, odds)]``
    is a result code (``-``, ``D1``..``D7``, ``A1``..``A3``, ``[1]A1``, ``D3/A1``,
    ``D7[1]``, ``CA``, ``FF``). ``dice[(column, roll)]`` gives the row for a
    modified 2d6 roll on the ``normal`` or ``tactical`` dice column (13.4.2);
    rolls are clamped to ``roll_min``..``roll_max``.
    """

    odds: tuple[str, ...]
    rows: tuple[int, ...]
    results: Mapping[tuple[int, str], str]
    dice: Mapping[tuple[str, int], int]
    roll_min: int
    roll_max: int
    reconstructed: bool = True
    basis: str = ""

    def row_for(self, column: str, roll: int) -> int:
        roll = max(self.roll_min, min(self.roll_max, roll))
        return self.dice[(column, roll)]

    def result(self, odds: str, column: str, roll: int) -> str:
        return self.results[(self.row_for(column, roll), odds)]


@dataclass(frozen=True, slots=True)
class TerrainEffect:
    """One TEC line: a terrain or feature with its costs by unit class and its
    defense level. ``cost`` None means prohibited; features like 'river' give an
    additional cost (``additive=True``)."""

    feature: str
    cost: Mapping[str, int | None]  # unit class -> MP
    defense: int | None
    additive: bool = False
    note: str = ""
    reconstructed: bool = True
    basis: str = ""


@dataclass(frozen=True, slots=True)
class TableRow:
    """A row of a die-roll table (fuel depletion, paradrop, weather...)."""

    roll: int
    result: str
    value: int = 0
    note: str = ""


@dataclass(frozen=True, slots=True)
class Charts:
    crt: CRT
    tec: Mapping[str, TerrainEffect]
    fuel_depletion: tuple[TableRow, ...]
    paradrop: tuple[TableRow, ...]
    weather: tuple[TableRow, ...]
    infiltration: Mapping[str, int]  # turn code -> highest successful roll (12.4)
    air_drm: Mapping[str, int]  # condition -> DRM (20.4.1D); key 'cap' is the cap
    reconstructed: bool = True
    basis: str = ""


# --- scenarios -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SetupEntry:
    unit: str
    location: str  # hex id, army area, or "reinforcement"
    fortified: bool = False
    reserve: bool = False
    arrival: str | None = None  # overrides UnitSpec.arrival for this scenario


@dataclass(frozen=True, slots=True)
class Scenario:
    id: str  # "campaign", "extended", "herbstnebel", ...
    name: str
    first_turn: str  # turn code
    last_turn: str
    setup: tuple[SetupEntry, ...]  # empty: use the counters' printed setup
    replacements: Mapping[str, int]  # "Allied/infantry", "Allied/motorized", ...
    victory: Mapping[str, object]
    optional_rules: tuple[str, ...]
    variants: tuple[str, ...]
    notes: str = ""
    reconstructed: bool = True
    basis: str = ""


@dataclass(frozen=True, slots=True)
class HistoricalPosition:
    """Where ``unit`` historically stood on turn ``turn`` (6.2A, 19.0; docs/data-format.md)."""

    unit: str
    turn: str  # turn code
    hex: str
    reconstructed: bool = True
    basis: str = ""


@dataclass(frozen=True, slots=True)
class Erratum:
    id: str  # "4.1.2B"
    text: str
    applied: bool
    edits: str = ""


@dataclass(frozen=True, slots=True)
class ModuleMeta:
    name: str
    format_version: int
    content_hash: str
    provenance: str = ""


# --- the module ----------------------------------------------------------------


@dataclass(frozen=True)
class Module:
    meta: ModuleMeta
    hexes: Mapping[str, Hex]
    hexsides: Mapping[tuple[str, str], Hexside]
    roads: tuple[RoadSegment, ...]
    units: Mapping[str, UnitSpec]
    markers: Mapping[str, Marker]
    turns: tuple[Turn, ...]
    charts: Charts
    scenarios: Mapping[str, Scenario]
    errata: tuple[Erratum, ...]
    # hex -> pairs of road ids that pass through it without connecting (10.4.8C)
    crossings: Mapping[str, frozenset[frozenset[str]]] = field(default_factory=dict)
    historical: tuple[HistoricalPosition, ...] = ()
    # derived indexes, filled by ``Module.build``
    road_links: Mapping[str, Mapping[str, frozenset[str]]] = field(default_factory=dict)
    adjacency: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    turn_index: Mapping[str, Turn] = field(default_factory=dict)

    @classmethod
    def build(cls, **kw: object) -> Module:
        """Construct with the derived indexes computed."""
        m = cls(**kw)  # type: ignore[arg-type]
        hexes = m.hexes
        adjacency = {h: tuple(n for n in hexgrid.neighbours(h) if n in hexes) for h in hexes}
        links: dict[str, dict[str, set[str]]] = {}
        for seg in m.roads:
            links.setdefault(seg.a, {}).setdefault(seg.b, set()).add(seg.road)
            links.setdefault(seg.b, {}).setdefault(seg.a, set()).add(seg.road)
        road_links = {h: {n: frozenset(r) for n, r in d.items()} for h, d in links.items()}
        object.__setattr__(m, "adjacency", adjacency)
        object.__setattr__(m, "road_links", road_links)
        object.__setattr__(m, "turn_index", {t.code: t for t in m.turns})
        return m

    # convenience queries -------------------------------------------------------
    def historical_positions(self, turn: str) -> dict[str, str]:
        """unit -> hex where it historically stood on ``turn`` (6.2A for 16DecAM)."""
        return {p.unit: p.hex for p in self.historical if p.turn == turn}

    def hexside(self, a: str, b: str) -> Hexside | None:
        return self.hexsides.get(hexgrid.hexside_key(a, b))

    def roads_between(self, a: str, b: str) -> frozenset[str]:
        """Road ids connecting adjacent hexes a and b (empty if none)."""
        return self.road_links.get(a, {}).get(b, frozenset())

    def roads_connect(self, hex_id: str, road_a: str, road_b: str) -> bool:
        """10.4.8C: do roads ``road_a`` and ``road_b`` connect inside ``hex_id``?"""
        if road_a == road_b:
            return True
        return frozenset((road_a, road_b)) not in self.crossings.get(hex_id, frozenset())

    def road_continues(self, prev_hex: str, hex_id: str, next_hex: str) -> bool:
        """Can a unit follow a road from ``prev_hex`` through ``hex_id`` to ``next_hex``?"""
        into = self.roads_between(prev_hex, hex_id)
        out = self.roads_between(hex_id, next_hex)
        return any(self.roads_connect(hex_id, a, b) for a in into for b in out)

    def roads_in(self, hex_id: str) -> frozenset[str]:
        out: set[str] = set()
        for ids in self.road_links.get(hex_id, {}).values():
            out |= ids
        return frozenset(out)

    def is_road_hex(self, hex_id: str) -> bool:
        return hex_id in self.road_links

    def turn(self, code_or_number: str | int) -> Turn:
        if isinstance(code_or_number, int):
            return self.turns[code_or_number - 1]
        return self.turn_index[code_or_number]

    def towns(self) -> list[tuple[str, str]]:
        return sorted((h.town, h.id) for h in self.hexes.values() if h.town)

    def town_hex(self, name: str) -> str | None:
        for h in self.hexes.values():
            if h.town == name:
                return h.id
        return None

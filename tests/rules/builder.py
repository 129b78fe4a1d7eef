"""ScenarioBuilder: a small synthetic module so each rules test states only what matters.

    b = ScenarioBuilder(cols=10, rows=8)
    b.terrain("0504", "dense_forest").road("0301", "0302", "0303", road="N4")
    b.unit("1/A", "Allied", "infantry", (3, 4, 5), at="0303")
    st = b.state(turn="17DecAM", side="Allied", phase=Phase.MOVEMENT)
"""

from __future__ import annotations

import datetime as dt

from darkdec_qt import hexgrid
from darkdec_qt.moduleview import (
    CRT,
    Charts,
    Hex,
    Hexside,
    Marker,
    Module,
    ModuleMeta,
    RoadSegment,
    Scenario,
    TableRow,
    TerrainEffect,
    Turn,
    UnitSpec,
)
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.core.state import GameState
from darkdec_qt.rules.scenarios.setup import initial_state

# A synthetic TEC (values chosen to match the rulebook's examples: 10.4.4A, 21.0A)
TEC = {
    "clear": ({"motorized": 1, "infantry": 1}, 1),
    "rough": ({"motorized": 3, "infantry": 2}, 2),
    "woods": ({"motorized": 3, "infantry": 3}, 2),
    "dense_forest": ({"motorized": 6, "infantry": 4}, 3),
    "marsh": ({"motorized": None, "infantry": 3}, 2),
    "town": ({"motorized": 1, "infantry": 1}, 3),
    "westwall": ({"motorized": 2, "infantry": 2}, 4),
    "fortification": ({"motorized": None, "infantry": None}, 4),
    "road_march": ({"motorized": 1, "infantry": 1}, None),
    "river_minor": ({"motorized": 2, "infantry": 1}, 1),
    "river_major": ({"motorized": None, "infantry": 3}, 2),
    "bridge": ({"motorized": 2, "infantry": 2}, None),
    "ford": ({"motorized": 1, "infantry": 1}, None),
}


def calendar() -> tuple[Turn, ...]:
    out = []
    d = dt.date(1944, 12, 16)
    n = 1
    while d <= dt.date(1945, 1, 31):
        for ampm in ("AM", "PM"):
            code = f"{d.day}{d.strftime('%b')}{ampm}"
            clear = (dt.date(1944, 12, 23), "AM") <= (d, ampm) <= (dt.date(1944, 12, 27), "AM")
            ground = "normal"
            if dt.date(1944, 12, 24) <= d <= dt.date(1944, 12, 28):
                ground = "freeze"
            elif d >= dt.date(1944, 12, 29):
                ground = "snow"
            out.append(Turn(number=n, code=code, date=d.isoformat(), ampm=ampm,
                            weather="clear" if clear else "overcast", ground=ground))
            n += 1
        d += dt.timedelta(days=1)
    return tuple(out)


class ScenarioBuilder:
    def __init__(self, cols: int = 10, rows: int = 10, terrain: str = "clear"):
        self.cols, self.rows = cols, rows
        self.hexes: dict[str, dict] = {}
        for c in range(1, cols + 1):
            for r in range(1, rows + 1):
                edge = "W" if c == 1 else "E" if c == cols else "N" if r == 1 else "S" if r == rows else None
                self.hexes[hexgrid.format_hex_id(c, r)] = {"id": hexgrid.format_hex_id(c, r), "terrain": terrain,
                                                           "edge": edge}
        self.sides: dict[tuple[str, str], Hexside] = {}
        self.roads: list[RoadSegment] = []
        self.crossings: dict[str, set[frozenset[str]]] = {}
        self.units: dict[str, UnitSpec] = {}
        self.positions: dict[str, str] = {}
        self.tec = dict(TEC)
        self.fuel = tuple(TableRow(roll=i, result=f"{v} divisions", value=v) for i, v in
                          zip(range(1, 7), (2, 1, 1, 0, 0, 0), strict=True))
        self.paradrop = tuple(TableRow(roll=i, result=r) for i, r in
                              zip(range(1, 7), ("full", "full", "full", "reduced", "reduced", "eliminated"), strict=True))
        self.weather_rows = tuple(TableRow(roll=i, result="clear" if i <= 2 else "overcast") for i in range(1, 7))
        self.first_turn, self.last_turn = "16DecAM", "31JanPM"
        self.optional: tuple[str, ...] = ()

    # --- map ------------------------------------------------------------------
    def terrain(self, hexes: str | list[str], terrain: str) -> ScenarioBuilder:
        for h in [hexes] if isinstance(hexes, str) else hexes:
            self.hexes[h]["terrain"] = terrain
        return self

    def town(self, h: str, name: str) -> ScenarioBuilder:
        self.hexes[h]["town"] = name
        return self

    def westwall(self, *hexes: str) -> ScenarioBuilder:
        for h in hexes:
            self.hexes[h]["westwall"] = True
        return self

    def army(self, area: str, *hexes: str) -> ScenarioBuilder:
        for h in hexes:
            self.hexes[h]["army"] = area
        return self

    def entry(self, h: str, code: str) -> ScenarioBuilder:
        self.hexes[h]["entry"] = code
        return self

    def edge(self, h: str, edge: str | None) -> ScenarioBuilder:
        self.hexes[h]["edge"] = edge
        return self

    def road(self, *hexes: str, road: str = "R1") -> ScenarioBuilder:
        for a, b in zip(hexes, hexes[1:], strict=False):
            if not hexgrid.are_adjacent(a, b):
                raise ValueError(f"road {a}-{b}: not adjacent")
            x, y = hexgrid.hexside_key(a, b)
            self.roads.append(RoadSegment(a=x, b=y, road=road))
        return self

    def crossing(self, hex_id: str, road_a: str, road_b: str) -> ScenarioBuilder:
        """10.4.8C: roads ``road_a`` and ``road_b`` pass through ``hex_id`` without connecting."""
        self.crossings.setdefault(hex_id, set()).add(frozenset((road_a, road_b)))
        return self

    def river(self, a: str, b: str, kind: str = "minor", *, bridge: bool = False, ford: bool = False,
              name: str | None = None, demolished: bool = False) -> ScenarioBuilder:
        x, y = hexgrid.hexside_key(a, b)
        self.sides[(x, y)] = Hexside(a=x, b=y, river=kind, river_name=name, bridge=bridge, ford=ford,
                                     demolished=demolished)
        return self

    # --- units -----------------------------------------------------------------
    def unit(self, uid: str, side: str, type: str = "infantry", full: tuple[int, int, int] = (3, 4, 5),
             reduced: tuple[int, int, int] | None = (2, 2, 5), *, at: str | None = None,
             nationality: str | None = None, **kw: object) -> ScenarioBuilder:
        nat = nationality or ("US" if side == "Allied" else "Wehrmacht")
        self.units[uid] = UnitSpec(id=uid, side=side, nationality=nat, type=type, full=full, reduced=reduced,
                                   setup=at, **kw)  # type: ignore[arg-type]
        return self

    def build(self) -> Module:
        tec = {f: TerrainEffect(feature=f, cost=c, defense=d, additive=f.startswith(("river", "bridge", "ford")))
               for f, (c, d) in self.tec.items()}
        crt = CRT(odds=("1:1",), rows=(1,), results={(1, "1:1"): "-"}, dice={("normal", 2): 1}, roll_min=2,
                  roll_max=2)
        charts = Charts(crt=crt, tec=tec, fuel_depletion=self.fuel, paradrop=self.paradrop,
                        weather=self.weather_rows,
                        infiltration={"16DecAM": 3, "16DecPM": 3, "17DecAM": 3, "17DecPM": 2, "18DecAM": 2,
                                      "18DecPM": 1}, air_drm={"cap": 1})
        sc = Scenario(id="test", name="Test", first_turn=self.first_turn, last_turn=self.last_turn, setup=(),
                      replacements={}, victory={}, optional_rules=self.optional, variants=())
        return Module.build(
            meta=ModuleMeta(name="synthetic", format_version=1, content_hash=f"synthetic-{id(self)}"),
            hexes={h: Hex(**d) for h, d in self.hexes.items()},
            hexsides=dict(self.sides), roads=tuple(self.roads), units=dict(self.units),
            markers={"german_bridge": Marker(kind="german_bridge", side="German", limit=7)},
            turns=calendar(), charts=charts, scenarios={"test": sc}, errata=(),
            crossings={h: frozenset(p) for h, p in self.crossings.items()},
        )

    def state(self, turn: str = "17DecAM", side: str = "German", phase: Phase = Phase.MOVEMENT,
              optional: tuple[str, ...] = ()) -> GameState:
        """A started state in the given phase, every unit supplied."""
        m = self.build()
        st = initial_state(m, "test", "seed", optional=optional)
        st.turn, st.side, st.phase, st.started = m.turn_index[turn].number, side, phase, True
        for u in st.pos:
            st.supply[u] = "supplied"
        return st

"""A small synthetic-module builder for the combat tests (engine II).

``CombatBuilder`` places units on a 12x12 map of clear hexes; terrain, towns, rivers
and roads are added where a test needs them. The charts (CRT, dice columns, TEC, air
DRMs) and the calendar are the module's real data files, so the tests exercise the
real result codes.
"""

from __future__ import annotations

import csv
from pathlib import Path

from darkdec_qt.moduleview import (
    CRT,
    Charts,
    Hex,
    Hexside,
    Module,
    ModuleMeta,
    RoadSegment,
    TerrainEffect,
    Turn,
    UnitSpec,
)
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.core.state import GameState

DATA = Path(__file__).resolve().parents[2] / "data"


def _rows(name: str) -> list[dict[str, str]]:
    with (DATA / name).open(encoding="utf-8") as f:
        return list(csv.DictReader(f))


def _int(v: str) -> int | None:
    return int(v) if v.strip() else None


def real_charts() -> Charts:
    crt_rows = _rows("charts/crt.csv")
    odds = tuple(k for k in crt_rows[0] if k != "row")
    results = {(int(r["row"]), o): r[o] for r in crt_rows for o in odds}
    dice = {(r["column"], int(r["roll"])): int(r["row"]) for r in _rows("charts/crt_dice.csv")}
    rolls = [k[1] for k in dice]
    crt = CRT(odds=odds, rows=tuple(sorted({int(r["row"]) for r in crt_rows})), results=results, dice=dice,
              roll_min=min(rolls), roll_max=max(rolls))
    tec = {
        r["feature"]: TerrainEffect(
            feature=r["feature"], cost={"motorized": _int(r["motorized"]), "infantry": _int(r["infantry"])},
            defense=_int(r["defense"]), additive=r["additive"] == "1", note=r["note"],
        )
        for r in _rows("charts/tec.csv")
    }
    air = {r["condition"]: int(r["drm"]) for r in _rows("charts/air_drm.csv")}
    return Charts(crt=crt, tec=tec, fuel_depletion=(), paradrop=(), weather=(), infiltration={}, air_drm=air)


def real_turns() -> tuple[Turn, ...]:
    return tuple(
        Turn(number=int(r["turn"]), code=r["code"], date=r["date"], ampm=r["ampm"], weather=r["weather"],
             ground=r["ground"])
        for r in _rows("calendar.csv")
    )


_CHARTS = real_charts()
_TURNS = real_turns()

NATION = {"German": "Wehrmacht", "Allied": "US"}


class CombatBuilder:
    def __init__(self, cols: int = 12, rows: int = 12) -> None:
        self.hexes = {f"{c:02d}{r:02d}": Hex(id=f"{c:02d}{r:02d}", terrain="clear")
                      for c in range(1, cols + 1) for r in range(1, rows + 1)}
        for h in list(self.hexes):
            c, r = int(h[:2]), int(h[2:])
            edge = "W" if c == 1 else "E" if c == cols else "N" if r == 1 else "S" if r == rows else None
            if edge:
                self.hexes[h] = Hex(id=h, terrain="clear", edge=edge)
        self.sides: dict[tuple[str, str], Hexside] = {}
        self.roads: list[RoadSegment] = []
        self.units: dict[str, UnitSpec] = {}
        self.places: dict[str, str] = {}
        self.reduced: set[str] = set()
        self.turn = 15  # AM 23 Dec: no tactical advantage for Germany by default
        self.weather: dict[int, str] = {}
        self.optional: set[str] = set()
        self.variants: set[str] = set()
        self.supply: dict[str, str] = {}
        self.strategic: set[str] = set()
        self.fortifications: set[str] = set()
        self.side = "German"
        self.seed = "combat"

    # --- map ---
    def terrain(self, h: str, terrain: str, town: str | None = None, westwall: bool = False) -> CombatBuilder:
        old = self.hexes[h]
        self.hexes[h] = Hex(id=h, terrain=terrain, town=town, westwall=westwall, edge=old.edge)
        return self

    def river(self, a: str, b: str, kind: str = "minor", bridge: bool = False, ford: bool = False) -> CombatBuilder:
        k = (min(a, b), max(a, b))
        self.sides[k] = Hexside(a=k[0], b=k[1], river=kind, river_name="Our", bridge=bridge, ford=ford)
        return self

    def road(self, *path: str, name: str = "N1") -> CombatBuilder:
        for a, b in zip(path, path[1:]):
            self.roads.append(RoadSegment(a=min(a, b), b=max(a, b), road=name))
        return self

    # --- units ---
    def unit(self, uid: str, side: str, at: str | None, a: int = 4, d: int = 4, m: int = 4, *,
             type: str = "infantry", division: str | None = None, nationality: str | None = None,
             reduced: tuple[int, int, int] | None = (2, 2, 4), aopt: int = 0, dopt: int = 0,
             is_reduced: bool = False) -> CombatBuilder:
        self.units[uid] = UnitSpec(
            id=uid, side=side, nationality=nationality or NATION[side], type=type,
            full=(a, d, m), reduced=reduced if type != "leader" else None, division=division,
            size=None if type == "leader" else "III", attack_option=aopt, defense_option=dopt,
        )
        if at:
            self.places[uid] = at
        if is_reduced:
            self.reduced.add(uid)
        return self

    def german(self, uid: str, at: str | None, a: int = 4, d: int = 4, **kw: object) -> CombatBuilder:
        return self.unit(uid, "German", at, a, d, **kw)  # type: ignore[arg-type]

    def allied(self, uid: str, at: str | None, a: int = 4, d: int = 4, **kw: object) -> CombatBuilder:
        return self.unit(uid, "Allied", at, a, d, **kw)  # type: ignore[arg-type]

    def build(self) -> GameState:
        module = Module.build(
            meta=ModuleMeta(name="combat test", format_version=1, content_hash="combat-test"),
            hexes=dict(self.hexes), hexsides=dict(self.sides), roads=tuple(self.roads), units=dict(self.units),
            markers={}, turns=_TURNS, charts=_CHARTS, scenarios={}, errata=(),
        )
        s = GameState(module=module, scenario="test", seed=self.seed, turn=self.turn, side=self.side,
                      phase=Phase.COMBAT, optional=frozenset(self.optional), variants=frozenset(self.variants))
        s.pos.update(self.places)
        s.reduced |= self.reduced
        s.weather.update(self.weather)
        for u in self.places:
            s.supply[u] = self.supply.get(u, "supplied")
        s.strategic |= self.strategic
        s.fortifications |= self.fortifications
        return s


def displaced_leader_tie(more=None, leader_ma: int = 5) -> GameState:  # noqa: ANN001
    """15.5D with rule 15 on: the German ``g`` moves into the hex of the lone Allied leader
    Hodges (0402), whose nearest friendly units (``a`` 0405, ``c`` 0702) are equally near,
    so the Allies owe the choice of his hex. ``more(builder)`` may add units first."""
    from darkdec_qt.rules.core import commands as cm
    from darkdec_qt.rules.engine import execute

    b = CombatBuilder().german("g", "0302").unit("Hodges", "Allied", "0402", a=0, d=0, m=leader_ma, type="leader") \
        .allied("a", "0405").allied("c", "0702")
    if more is not None:
        more(b)
    b.optional.add("15")
    b.side = "German"
    s = b.build()
    s.phase, s.started = Phase.MOVEMENT, True
    execute(s, cm.Move(units=("g",), path=("0302", "0402")))
    return s

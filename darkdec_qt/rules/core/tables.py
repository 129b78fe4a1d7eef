"""Per-module precomputed tables for fast movement, ZOC and supply queries.

Built once per Module (cached by identity) from the module's TEC: nothing here
hard-codes a chart number.
"""

from __future__ import annotations

from dataclasses import dataclass

from darkdec_qt import hexgrid
from darkdec_qt.moduleview import Module

TICKS = 30  # 1 MP = 30 ticks: exact for 1/2, 1/3 and 1/5 MP road costs (10.4.2)


def half_up(v: int) -> int:
    """Half, fractions rounded up: the rulebook's one rounding for halved strengths and
    allowances (8.4B, 8.5E, 10.4.1D, 10.4.5B, 10.4.7A, 14.4C)."""
    return -(-v // 2)
CLASSES = ("motorized", "infantry")


@dataclass(frozen=True, slots=True)
class Side:
    """What a hexside between ``a`` and neighbour ``b`` holds."""

    b: str
    key: tuple[str, str]
    roads: frozenset[str]
    river: str | None
    river_name: str | None
    bridge: bool
    ford: bool


class Tables:
    def __init__(self, module: Module):
        self.module = module
        self.memos: dict[str, dict] = {}  # module_memo
        tec = module.charts.tec
        self.hexes = module.hexes
        self.sides: dict[str, tuple[Side, ...]] = {}
        for h in module.hexes:
            out = []
            for n in module.adjacency.get(h, ()):
                hs = module.hexside(h, n)
                out.append(
                    Side(
                        b=n,
                        key=hexgrid.hexside_key(h, n),
                        roads=module.roads_between(h, n),
                        river=hs.river if hs else None,
                        river_name=hs.river_name if hs else None,
                        bridge=bool(hs and hs.bridge),
                        ford=bool(hs and hs.ford),
                    )
                )
            self.sides[h] = tuple(out)
        # 10.2E: the highest cost of any feature in the hex; None = prohibited
        self.hex_cost: dict[str, dict[str, int | None]] = {c: {} for c in CLASSES}
        self.defense: dict[str, int] = {}
        for h, hx in module.hexes.items():
            feats = [hx.terrain] + (["town"] if hx.town else []) + (["westwall"] if hx.westwall else [])
            for c in CLASSES:
                base = tec[hx.terrain].cost.get(c) if hx.terrain in tec else 1
                cost: int | None = base
                if cost is not None:
                    for f in feats[1:]:
                        te = tec.get(f)
                        fc = te.cost.get(c) if te else None
                        if fc is not None and fc > cost:
                            cost = fc
                self.hex_cost[c][h] = cost
            self.defense[h] = max((tec[f].defense or 0) for f in feats if f in tec) if any(
                f in tec for f in feats) else 0
        self.road_cost = {c: self._cost("road_march", c, 1) for c in CLASSES}
        self.bridge_cost = {c: self._cost("bridge", c, 0) for c in CLASSES}
        self.ford_cost = {c: self._cost("ford", c, 0) for c in CLASSES}
        self.river_cost = {c: {k: self._cost(f"river_{k}", c, None) for k in ("major", "minor")} for c in CLASSES}

    def _cost(self, feature: str, cls: str, default: int | None) -> int | None:
        te = self.module.charts.tec.get(feature)
        if te is None:
            return default
        return te.cost.get(cls)


_CACHE: dict[int, Tables] = {}


def tables(module: Module) -> Tables:
    t = _CACHE.get(id(module))
    if t is None or t.module is not module:
        t = Tables(module)
        _CACHE[id(module)] = t
    return t


def module_memo(module: Module, name: str) -> dict:
    """A memo for facts that depend on the module alone (the map never changes during a
    game), kept with the module's ``Tables`` so that a new module starts afresh."""
    return tables(module).memos.setdefault(name, {})

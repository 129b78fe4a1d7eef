"""Victory conditions: ``evaluate(state) -> Verdict``, computable at any moment.

The Campaign Game and Turning Point use the historical set (26.20A; levels A, B, C of
the designer's notes 29.0, Tactical Victory and Draw of 26.8D); 26.8 / the Small
Solution keeps only Tactical Victory and Draw as German wins (26.8D), 26.9 / Operation
Luxembourg moves the level-A exit hexes to 2333-3333 (26.9B). The other scenarios'
conditions are reconstructed (docs/scenarios.md) and read from the scenario's
``victory`` table (data/scenarios.toml). Before the last turn ends, the verdict says
what the result would be if the game ended now and what each side still needs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from darkdec_qt import hexgrid
from darkdec_qt.moduleview import Module
from darkdec_qt.rules.core.state import GameState
from darkdec_qt.rules.core.tables import module_memo

EXIT_A_AREAS = ("F", "G", "H", "A")  # west edge beyond the Meuse, north edge west of the Ourthe
EXIT_B_AREAS = ("B", "C")  # roads to Liege, Verviers, Spa
EXIT_A_POINTS = 20
EXIT_B_POINTS = 12
LUXEMBOURG_ROW = 33  # 26.9B: hexes 2333-3333 inclusive
LUXEMBOURG_COLS = (23, 33)
MEUSE_REACH = 4  # level C: within four hexes of the Meuse (the 23.0B distance)


@dataclass(frozen=True)
class Verdict:
    scenario: str
    level: str  # "A", "B", "C", "Tactical", "Draw", "Allied", "Decisive", "Marginal", "German"
    winner: str  # "German", "Allied" or "none"
    name: str
    final: bool  # the game is over: this is the result, not a projection
    reason: str
    needs: dict[str, list[str]] = field(default_factory=dict)  # side -> what it still needs
    towns: dict[str, str] = field(default_factory=dict)  # objective town -> controlling side
    exits: dict[str, int] = field(default_factory=dict)  # "A"/"B" -> German attack strength exited

    def text(self) -> str:
        head = ("Result" if self.final else "If the game ended now") + f": {self.name} ({self.level})"
        lines = [head, f"  {self.reason}"]
        if self.towns:
            lines.append("  towns: " + ", ".join(f"{t} {s}" for t, s in self.towns.items()))
        if self.exits:
            lines.append("  exited (attack strength): " + ", ".join(f"{k} {v}" for k, v in self.exits.items()))
        if not self.final:
            for side, items in self.needs.items():
                for item in items:
                    lines.append(f"  {side} needs: {item}")
        return "\n".join(lines)


# --- control and geography ---------------------------------------------------------------


def hex_control(state: GameState, h: str) -> str:
    """A hex belongs to the side occupying it, else to the side that last entered it
    (5.7D road control), else Germany inside its army areas (6.1A) and the Allies
    elsewhere (5.7C)."""
    units = state.module.units
    for u, hh in state.pos.items():
        if hh == h and not units[u].is_leader:
            return units[u].side
    if h in state.road_control:
        return state.road_control[h]
    return "German" if state.module.hexes[h].army else "Allied"


def objective_control(state: GameState, objective: str) -> str:
    """``objective`` is a town name (data/map/hexes.csv) or a hex id (26.19: 3013)."""
    h = objective if objective in state.module.hexes else state.module.town_hex(objective)
    if h is None:
        return "Allied"
    return hex_control(state, h)


town_control = objective_control

def _meuse(state: GameState) -> tuple[frozenset[str], frozenset[str]]:
    """The hexes west of the Meuse, and the hexes along the river (remembered with the module,
    ``module_memo``). West of the Meuse is every hex the river cuts off from the map's east edge,
    the German side: across the north, where the river runs east to Liege, that is the north bank."""
    memo = module_memo(state.module, "meuse")
    if "meuse" not in memo:
        mod = state.module
        crossings: set[frozenset[str]] = set()
        banks: set[str] = set()
        for hs in mod.hexsides.values():
            if hs.river_name == "Meuse":
                crossings.add(frozenset((hs.a, hs.b)))
                banks.update((hs.a, hs.b))
        east_edge = max(hexgrid.parse_hex_id(h)[0] for h in mod.hexes)
        east = {h for h in mod.hexes if hexgrid.parse_hex_id(h)[0] == east_edge}
        todo = list(east)
        while todo:
            h = todo.pop()
            for n in mod.adjacency.get(h, ()):
                if n not in east and frozenset((h, n)) not in crossings:
                    east.add(n)
                    todo.append(n)
        memo["meuse"] = (frozenset(mod.hexes) - east, frozenset(banks))
    return memo["meuse"]


def west_of_meuse(state: GameState, h: str) -> bool:
    return h in _meuse(state)[0]


def near_meuse(state: GameState, h: str, reach: int = MEUSE_REACH) -> bool:
    """West of the Meuse or within ``reach`` hexes of it (remembered per module and hex, like
    ``_meuse``: the verdict is read after every event by the client's status and statistics)."""
    memo = module_memo(state.module, "near_meuse")
    near = memo.get((h, reach))
    if near is None:
        _, banks = _meuse(state)
        near = west_of_meuse(state, h) or any(hexgrid.distance(h, b) <= reach for b in banks)
        memo[(h, reach)] = near
    return near


def exit_group(module: Module, h: str, lux: bool) -> str | None:
    """The victory exit group an exit by hex ``h`` counts for: "A" (29.0 A: the west edge
    or area A; with Operation Luxembourg, ``lux``, 26.9B's south-edge hexes instead), "B"
    (29.0 B: areas B/C), or None."""
    hx = module.hexes.get(h)
    if hx is None:
        return None
    if hx.entry in EXIT_B_AREAS:
        return "B"
    if lux:
        col, row = hexgrid.parse_hex_id(h)
        return "A" if row == LUXEMBOURG_ROW and LUXEMBOURG_COLS[0] <= col <= LUXEMBOURG_COLS[1] else None
    return "A" if hx.entry in EXIT_A_AREAS else None


def exit_totals(state: GameState) -> dict[str, int]:
    """German attack strength exited in supply (10.7), by victory exit group."""
    lux = _luxembourg(state)
    out = {"A": 0, "B": 0}
    for u, h in state.exited_at.items():
        group = exit_group(state.module, h, lux)
        if group is not None:
            out[group] += state.exit_points.get(u, 0)
    return out


def small_solution(state: GameState) -> bool:
    """The Small Solution's victory conditions apply: variant 26.8 or Germany's 26.20A choice."""
    return "26.8" in state.variants or state.vc_choice == "small_solution"


def luxembourg(state: GameState) -> bool:
    """Operation Luxembourg's exit hexes apply (26.9B): variant 26.9 or Germany's 26.20A choice."""
    return "26.9" in state.variants or state.vc_choice == "luxembourg"


_luxembourg = luxembourg
_small = small_solution


def _victory(state: GameState) -> dict:
    sc = state.module.scenarios.get(state.scenario)
    return dict(sc.victory) if sc else {}


def _kind(state: GameState) -> str:
    v = _victory(state)
    sid = str(v.get("same_as", state.scenario))
    return sid if sid in ("campaign", "extended", "herbstnebel", "final_fury", "reduction") else "campaign"


def sudden_death(state: GameState) -> bool:
    """29.0 A and B are won the moment the exit total is reached (not under 26.8D)."""
    if state.scenario not in state.module.scenarios or _kind(state) not in ("campaign", "extended") \
            or _small(state):
        return False
    e = exit_totals(state)
    return e["A"] >= EXIT_A_POINTS or e["B"] >= EXIT_B_POINTS


# --- evaluation ---------------------------------------------------------------------------


def evaluate(state: GameState) -> Verdict:
    """The verdict now: the result if the game is over, else what it would be."""
    kind = _kind(state)
    fn = {"campaign": _campaign, "extended": _extended, "herbstnebel": _herbstnebel,
          "final_fury": _final_fury, "reduction": _reduction}[kind]
    return fn(state)


def _towns(state: GameState, names: list[str]) -> dict[str, str]:
    return {t: town_control(state, t) for t in names}


def _supplied_german_near_meuse(state: GameState) -> bool:
    units = state.module.units
    return any(units[u].side == "German" and not units[u].is_leader and state.is_supplied(u)  # 8.7.4
               and near_meuse(state, h) for u, h in state.pos.items())


def _campaign(state: GameState) -> Verdict:
    small = _small(state)
    towns = _towns(state, ["Bastogne", "Marche", "St. Vith", "Houffalize"])
    g = {t for t, s in towns.items() if s == "German"}
    e = exit_totals(state)
    final = state.game_over
    mk = _maker(state, final, towns, e)
    needs_g: list[str] = []
    a_where = "hexes 2333-3333 on the south edge (26.9B)" if _luxembourg(state) else \
        "the west edge beyond the Meuse or the north edge west of the Ourthe (areas F, G, H, A)"
    if not small:
        if e["A"] >= EXIT_A_POINTS:
            return mk("A", "German", "Antwerp (German decisive victory)",
                      f"German attack strength {e['A']} exited off {a_where} (29.0 A)")
        if e["B"] >= EXIT_B_POINTS:
            return mk("B", "German", "Little Slam: Liege (German substantive victory)",
                      f"German attack strength {e['B']} exited off the north edge at areas B/C (29.0 B)")
        needs_g.append(f"exit {EXIT_A_POINTS - e['A']} more attack strength off {a_where} for A")
        needs_g.append(f"exit {EXIT_B_POINTS - e['B']} more attack strength at areas B/C (Liege) for B")
        meuse = _supplied_german_near_meuse(state)
        if meuse and {"Bastogne", "Marche"} <= g:
            return mk("C", "German", "German marginal victory",
                      "a supplied German unit at the Meuse and Germany holds Bastogne and Marche (29.0 C)", needs_g)
        c_need = [] if meuse else ["a supplied unit west of, or within 4 hexes of, the Meuse"]
        c_need += [f"take {t}" for t in ("Bastogne", "Marche") if t not in g]
        needs_g.append("for C: " + "; ".join(c_need))
    tactical = {"St. Vith", "Houffalize"} <= g and bool(g & {"Bastogne", "Marche"})
    if tactical:
        return mk("Tactical", "German", "German Tactical Victory",
                  "Germany holds St. Vith, Houffalize and " + " and ".join(sorted(g & {"Bastogne", "Marche"}))
                  + " (26.8D)", needs_g, _allied_needs(towns, ["Bastogne", "Marche", "St. Vith", "Houffalize"]))
    if {"St. Vith", "Houffalize"} <= g:
        return mk("Draw", "none", "Draw", "Germany holds St. Vith and Houffalize but neither Bastogne nor Marche "
                  "(26.8D)", needs_g + ["take Bastogne or Marche for a Tactical Victory"],
                  _allied_needs(towns, ["St. Vith", "Houffalize"]))
    missing = [t for t in ("St. Vith", "Houffalize") if t not in g]
    return mk("Allied", "Allied", "Allied victory",
              "Germany does not hold both St. Vith and Houffalize" + (" (Small Solution: 26.8D)" if small else ""),
              needs_g + [f"take {t} (with St. Vith and Houffalize a Draw)" for t in missing],
              ["hold " + " or ".join(missing) + " to the end"])  # missing: not both are German


def _allied_needs(towns: dict[str, str], names: list[str]) -> list[str]:
    return [f"retake {t}" for t in names if towns.get(t) == "German"]


def _maker(state: GameState, final: bool, towns: dict[str, str], exits: dict[str, int]):  # noqa: ANN202
    def mk(level: str, winner: str, name: str, reason: str, needs_g: Sequence[str] = (),
           needs_a: Sequence[str] = ()) -> Verdict:
        needs = {"German": list(needs_g), "Allied": list(needs_a)}
        return Verdict(state.scenario, level, winner, name, final, reason, needs, towns, exits)

    return mk


def _count_levels(state: GameState, n: int, total: int, thresholds: list[tuple[int, str, str, str]],
                  towns: dict[str, str], exits: dict[str, int] | None = None) -> Verdict:
    mk = _maker(state, state.game_over, towns, exits or {})
    for need, level, winner, name in thresholds:
        if n >= need:
            nxt = [t for t in thresholds if t[0] > n]
            ng = [f"take {nxt[-1][0] - n} more of the objective towns for {nxt[-1][3]}"] if nxt else []
            return mk(level, winner, name, f"Germany controls {n} of the {total} objective towns", ng,
                      [f"retake {t}" for t, s in towns.items() if s == "German"][:3])
    raise AssertionError("thresholds must end at 0")


def _extended(state: GameState) -> Verdict:
    e = exit_totals(state)
    if not _small(state):
        if e["A"] >= EXIT_A_POINTS or e["B"] >= EXIT_B_POINTS:
            return _campaign(state)
    names = [str(t) for t in _victory(state).get("towns", ["Bastogne", "Marche", "La Roche", "Houffalize",
                                                           "St. Vith", "Vielsalm"])]
    towns = _towns(state, names)
    n = sum(1 for s in towns.values() if s == "German")
    levels = [(3, "C", "German", "German marginal victory"), (2, "Tactical", "German", "German Tactical Victory"),
              (1, "Draw", "none", "Draw"), (0, "Allied", "Allied", "Allied victory")]
    if _small(state):
        levels = levels[1:]
        levels[0] = (2, "Tactical", "German", "German Tactical Victory")
    return _count_levels(state, n, len(names), levels, towns, e)


def _herbstnebel(state: GameState) -> Verdict:
    names = [str(t) for t in _victory(state).get("towns", [])]
    towns = _towns(state, names)
    n = sum(1 for s in towns.values() if s == "German")
    mk = _maker(state, state.game_over, towns, {})
    key = any(towns.get(t) == "German" for t in ("St. Vith", "Bastogne"))
    ally = [f"hold {t}" for t, s in towns.items() if s == "Allied"][:4]
    if n >= 6 and key:
        return mk("Decisive", "German", "German decisive victory",
                  f"Germany controls {n} of the {len(names)} objective towns, with St. Vith or Bastogne", [], ally)
    if n >= 4:
        ng = [] if n >= 6 else [f"take {6 - n} more towns"]
        if not key:
            ng.append("take St. Vith or Bastogne for a decisive victory")
        return mk("Marginal", "German", "German marginal victory", f"Germany controls {n} objective towns", ng, ally)
    if n == 3:
        return mk("Draw", "none", "Draw", "Germany controls 3 objective towns", ["take one more town"], ally)
    return mk("Allied", "Allied", "Allied victory", f"Germany controls only {n} objective towns",
              [f"take {3 - n} more objective towns for a Draw, {4 - n} for a marginal victory"], ally)


def _final_fury(state: GameState) -> Verdict:
    towns = _towns(state, ["Bastogne", "Houffalize", "La Roche"])
    mk = _maker(state, state.game_over, towns, {})
    bastogne = state.module.town_hex("Bastogne")
    units = state.module.units
    garrison = [u for u, h in state.pos.items() if h == bastogne and units[u].side == "Allied" and not units[u].is_leader]
    cut = bool(garrison) and all(not state.is_supplied(u) for u in garrison)
    if towns["Bastogne"] == "German" or cut:
        why = "Germany holds Bastogne" if towns["Bastogne"] == "German" else "Bastogne's garrison is cut off"
        return mk("German", "German", "German victory", why, [], ["retake Bastogne and reopen its corridor"])
    if towns["Houffalize"] == "Allied" or towns["La Roche"] == "Allied":
        return mk("Allied", "Allied", "Allied victory", "Bastogne is Allied and supplied, and the Allies hold "
                  + " or ".join(t for t in ("Houffalize", "La Roche") if towns[t] == "Allied"),
                  ["take Bastogne or cut its supply"], [])
    return mk("Draw", "none", "Draw", "Bastogne holds but Germany keeps Houffalize and La Roche",
              ["take Bastogne or cut its supply"], ["take Houffalize or La Roche"])


def _reduction(state: GameState) -> Verdict:
    names = [str(t) for t in _victory(state).get("towns", ["Houffalize", "St. Vith", "La Roche", "Vielsalm",
                                                           "Bastogne", "Marche"])]
    towns = _towns(state, names)
    mk = _maker(state, state.game_over, towns, {})
    allied = {t for t, s in towns.items() if s == "Allied"}
    key = {"Houffalize", "St. Vith"}
    retake = [f"take {t}" for t in names if t not in allied]
    if allied >= set(names) and _allied_at_westwall(state):
        return mk("Decisive", "Allied", "Allied decisive victory",
                  "the Allies hold all six towns and stand at the Westwall", [], [])
    if key <= allied:
        return mk("Marginal", "Allied", "Allied marginal victory", "the Allies hold Houffalize and St. Vith",
                  ["retake Houffalize or St. Vith"], retake + ([] if _allied_at_westwall(state)
                                                               else ["reach a hex adjacent to the Westwall"]))
    if key & allied:
        return mk("Draw", "none", "Draw", "the Allies hold " + " ".join(key & allied) + " only",
                  ["retake " + " ".join(key & allied)], retake)
    return mk("German", "German", "German victory", "Germany holds Houffalize and St. Vith",
              ["hold Houffalize and St. Vith"], retake)


def _allied_at_westwall(state: GameState) -> bool:
    mod = state.module
    ww = {h for h, hx in mod.hexes.items() if hx.westwall}
    units = mod.units
    return any(units[u].side == "Allied" and not units[u].is_leader
               and (h in ww or any(n in ww for n in mod.adjacency.get(h, ()))) for u, h in state.pos.items())

"""How near the derived set-ups of the later scenarios stand to the historical positions
of their first turn (docs/scenarios.md, "Derived set-ups").

For Turning Point (AM 22 Dec), Final Fury (AM 29 Dec) and The Reduction of the Bulge
(AM 3 Jan) this builds the initial state as a new game does (``rules.setup.initial_state``
with the scenario's optional rules, which runs ``scenario_setup.derive``) and prints
numbers, not a verdict:

- the dated rows of ``data/historical.csv`` for the first turn, and how many of the
  non-leader units in play have one;
- formations (a division, or an independent unit) whose median hex distance to their
  position of the date is at most 3 ("within"); the position of the date is the unit's
  dated row, else its formation's ``ANCHORS`` town, else its set-up or entry hex (what the
  derivation itself starts from, ``scenario_setup._origin``); leaders are left out;
- units within 3 hexes of it, and the largest distance;
- restricted units standing where 10.9 forbids: in the derived state (not released and
  outside their nationality's zone, ``mapregions.restricted_zone``) and in the module's
  dated rows (``validate_geo.check_restricted``);
- the formations off by more than 3, with their distances.

Usage: ``python benchmarks/setups.py [scenario ...]`` (from the checkout's root; reads
the built module ``darkdec_qt/resources/darkdec.sqlite``).
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's code

from darkdec_qt import hexgrid, mapregions  # noqa: E402
from darkdec_qt.model import validate_geo  # noqa: E402
from darkdec_qt.model.load import DEFAULT_MODULE, load_module  # noqa: E402
from darkdec_qt.rules.movement import restricted  # noqa: E402
from darkdec_qt.rules.scenarios import scenario_setup  # noqa: E402
from darkdec_qt.rules.scenarios.setup import initial_state  # noqa: E402

SCENARIOS = ("turning_point", "final_fury", "reduction")
TOLERANCE = 3


def formation(spec) -> str:
    return spec.division or spec.id


def measure(m, scenario: str) -> dict:
    st = initial_state(m, scenario, "1")  # the scenario's optional rules, as a new game has them (15: leaders)
    code = m.scenarios[scenario].first_turn
    dated = m.historical_positions(code)
    combat = sorted(u for u in st.pos if not m.units[u].is_leader)
    # the position of the date, as the derivation reads it (a dated row, else ANCHORS, else
    # the set-up or entry hex); the set-up hex is that of the Campaign start
    setup_pos = {u: m.units[u].setup for u in combat if m.units[u].setup in m.hexes}
    target = {u: scenario_setup._origin(st, u, setup_pos.get(u), dated) for u in combat}
    dist = {u: hexgrid.distance(st.pos[u], target[u]) if target[u] else 99 for u in combat}
    forms: dict[str, list[str]] = {}
    for u in combat:
        forms.setdefault(formation(m.units[u]), []).append(u)
    med = {f: statistics.median(dist[u] for u in us) for f, us in forms.items()}
    zones = {n: mapregions.restricted_zone(m, n) for n in ("US", "British")}
    bad_state = sorted(u for u in combat if restricted.is_restricted_unit(st, u) and not restricted.is_released(st, u)
                       and st.pos[u] not in zones["US" if m.units[u].nationality == "US" else "British"])
    bad_rows = [p for p in validate_geo.check_restricted(m) if p[2].startswith(f"{code}:")]
    return {
        "code": code, "dated_rows": len(dated), "with_row": sum(u in dated for u in combat), "units": len(combat),
        "leaders": sorted(u for u in st.pos if m.units[u].is_leader), "leaders_dated": sorted(
            u for u in st.pos if m.units[u].is_leader and u in dated),
        "forms": len(forms), "forms_within": sum(v <= TOLERANCE for v in med.values()),
        "units_within": sum(d <= TOLERANCE for d in dist.values()), "max": max(dist.values(), default=0),
        "bad_state": bad_state, "bad_rows": bad_rows, "exact": sum(d == 0 for d in dist.values()),
        "far_units": sorted((u, dist[u]) for u in combat if dist[u] > TOLERANCE),
        "off": sorted(((f, med[f], sorted((u, dist[u]) for u in forms[f])) for f in med if med[f] > TOLERANCE),
                      key=lambda x: (-x[1], x[0])),
    }


def main(argv: list[str]) -> None:
    m = load_module(DEFAULT_MODULE)
    print("scenario | first turn | dated rows | units in play with a row | formations within 3 | "
          "units within 3 (max) | restricted where 10.9 forbids (state / rows)")
    results = {}
    for sc in argv or SCENARIOS:
        r = results[sc] = measure(m, sc)
        print(f"{sc} | {r['code']} | {r['dated_rows']} | {r['with_row']} of {r['units']} | "
              f"{r['forms_within']} of {r['forms']} | {r['units_within']} of {r['units']} (max {r['max']}) | "
              f"{len(r['bad_state'])} / {len(r['bad_rows'])}")
    for sc, r in results.items():
        print(f"\n{sc}: formations off by more than {TOLERANCE} (median; units and distances)")
        for f, med, us in r["off"]:
            print(f"  {f}: {med:g}  " + ", ".join(f"{u} {d}" for u, d in us))
        if not r["off"]:
            print("  none")
        print(f"  units on their position of the date: {r['exact']} of {r['units']}; units off by more than "
              f"{TOLERANCE}: " + (", ".join(f"{u} {d}" for u, d in r["far_units"]) or "none"))
        print(f"  leaders (rule 15) with a dated row: {len(r['leaders_dated'])} of {len(r['leaders'])} "
              f"({', '.join(r['leaders_dated']) or 'none'})")
        for u in r["bad_state"]:
            print(f"  10.9: {u} stands outside its zone")
        for p in r["bad_rows"]:
            print(f"  10.9 row: {p}")


if __name__ == "__main__":
    try:
        main(sys.argv[1:])
    except BrokenPipeError:  # piped into head
        sys.stderr.close()

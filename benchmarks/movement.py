"""Median time for one unit's legal destinations on the full map (goal: under 2 ms),
and the ratio to scipy.sparse.csgraph.dijkstra on the same hex graph and costs.

The scipy graph has the module's hexes as nodes and, as edge weight, the MP cost of
entering the neighbour for the unit's class (terrain plus river, no roads, ZOC or
stacking), searched to the unit's MA: a lower bound of the work the engine does.
"""

from __future__ import annotations

import sys

import numpy as np
from _common import median_ms, module
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import dijkstra

from darkdec_qt.game.session import Game
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.core.tables import tables
from darkdec_qt.rules.movement.move import legal_destinations, movement_allowance


def main(runs: int = 200) -> None:
    m = module()
    game = Game(m, "campaign", "1")
    st = game.state
    st.phase = Phase.MOVEMENT
    st.side = "Allied"
    st.turn = m.turn("20DecAM").number  # past the 16 December restrictions (18.3)
    units = sorted(u for u in st.on_map("Allied") if not m.units[u].is_leader)
    t = tables(m)
    ids = sorted(m.hexes)
    index = {h: i for i, h in enumerate(ids)}
    rows, cols, w = [], [], []
    for h in ids:
        for n in m.adjacency[h]:
            rows.append(index[h])
            cols.append(index[n])
            w.append(float(t.hex_cost["infantry"][n] or 99))
    graph = csr_matrix((np.array(w), (np.array(rows), np.array(cols))), shape=(len(ids), len(ids)))
    results = []
    for unit in units[:12]:
        ours, _ = median_ms(lambda u=unit: legal_destinations(st, (u,)), runs)
        ma = movement_allowance(st, unit)
        start = index[st.pos[unit]]
        theirs, _ = median_ms(lambda s=start, ma=ma: dijkstra(graph, indices=s, limit=ma), runs)
        n = len(legal_destinations(st, (unit,)))
        results.append((unit, n, ours, theirs))
    for unit, n, ours, theirs in results:
        print(f"{unit:<10} {n:4d} destinations  engine {ours:6.3f} ms  scipy {theirs:6.3f} ms  ratio {ours / theirs:5.1f}")
    med = float(np.median([r[2] for r in results]))
    ratio = float(np.median([r[2] / r[3] for r in results]))
    print(f"movement: median legal_destinations {med:.3f} ms per unit (goal < 2 ms); median ratio to scipy dijkstra {ratio:.1f}x")
    strat = [u for u in units if m.units[u].is_motorized][:3]
    for u in strat:
        s_ms, _ = median_ms(lambda u=u: legal_destinations(st, (u,), strategic=True), max(10, runs // 10))
        print(f"movement: strategic legal_destinations {u}: {s_ms:.2f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)

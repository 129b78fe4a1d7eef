"""18.3B: an Allied infantry unit activated on 16 December moves one hex; the destinations
query lists every neighbour ``check`` accepts, even one whose cheapest path is longer (round
an unbridged river by a bridge). Found by tests/rules/test_queries_agree_with_check.py on the
reconstructed map (docs/provenance-map.md): 28/112 at 4216 could cross the Our into an unbridged neighbour (4117; 10.2A, a fresh unit may
always move one hex) but the query, keeping only the cheapest (two-hex) path, left it out."""

from __future__ import annotations

from darkdec_qt.rules import engine
from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.movement import move as movement
from tests.rules.conftest_real import at, init


def _accepted(st, cmd) -> bool:  # noqa: ANN001
    try:
        engine.check(st, cmd)
        return True
    except IllegalAction:
        return False


def test_one_hex_move_across_a_river_is_a_destination() -> None:
    st = at(init(scenario="herbstnebel"), "16DecAM", side="Allied", phase=Phase.MOVEMENT)
    mod = st.module
    st.pos = {u: h for u, h in st.pos.items() if mod.units[u].side == "Allied"}  # no enemy ZOC
    u, start, across = "28/112", "4216", "4117"
    st.pos[u] = start
    st.was_attacked = {u}
    ctx = movement.make_context(st, (u,))
    assert len(movement.search(ctx)[across][1]) > 2  # the cheapest way in is not the direct step
    dests = movement.legal_destinations(st, (u,))
    assert across in dests and dests[across][1] == (start, across)
    for n in mod.adjacency[start]:
        assert (n in dests) == _accepted(st, cm.Move(units=(u,), path=(start, n))), n
        assert (movement.why_illegal(st, (u,), n) is None) == (n in dests), n
    assert all(len(path) == 2 for _, path in dests.values())  # one hex (18.3B)

"""The player chooses: the client's order menus offer the choices the engine waits for
(orders.unit_orders feeds the context menu and the Orders menu)."""

from __future__ import annotations

from darkdec_qt.rules import choices
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.ui.orders import legal as od
from tests.rules.builder import ScenarioBuilder
from tests.rules.combat_builder import displaced_leader_tie


def test_an_overstacked_unit_offers_its_elimination_11_0C():
    b = ScenarioBuilder(8, 8)
    for i in range(4):
        b.unit(f"a/{i}", "Allied", at="0404")
    b.unit("g/1", "German", at="0808")
    st = b.state(turn="20DecAM", side="Allied", phase=Phase.MOVEMENT)
    got = [o for o in od.unit_orders(st, ("a/2",)) if o.key == "eliminate_overstacked"]
    assert got and got[0].command == choices.EliminateOverstacked("a/2")
    st.pos["a/3"] = "0405"
    assert not [o for o in od.unit_orders(st, ("a/2",)) if o.key == "eliminate_overstacked"]


def test_a_displaced_leader_offers_its_other_hexes_15_5D():
    s = displaced_leader_tie()
    got = [o for o in od.unit_orders(s, ("Hodges",)) if o.key == "relocate_leader"]
    assert got and set(got[0].targets) == {"0405", "0702"}

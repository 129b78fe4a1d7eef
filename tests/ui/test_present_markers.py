"""The counters' supply markers follow the supply status for every effect (8.7.4): a German
unit out of fuel carries the out-of-supply marker as a unit that traces no supply line does."""

from __future__ import annotations

from darkdec_qt.ui.map.present import unit_markers
from tests.rules.conftest_real import init


def test_8_7_4_a_unit_out_of_fuel_is_marked_out_of_supply():
    st = init()
    div = st.module.units["Peiper/1SS"].division
    assert "OOS" not in unit_markers(st, "Peiper/1SS")
    st.fuel_depleted.add(div)
    assert "OOS" in unit_markers(st, "Peiper/1SS")
    st.supply["Peiper/1SS"] = "isolated"
    assert "OOS" not in unit_markers(st, "Peiper/1SS") and "ISO" in unit_markers(st, "Peiper/1SS")

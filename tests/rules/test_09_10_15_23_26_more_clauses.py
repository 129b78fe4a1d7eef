"""Initial replacements (9.3), exits (10.7.2B), leader setup (15.7A), conditional and optional
forces (23.0F), and variants 26.5B / 26.11B, checked on the real module or small maps."""

from darkdec_qt.rules.combat import crt
from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.engine import execute
from darkdec_qt.rules.opening import initial
from darkdec_qt.rules.scenarios import freesetup
from tests.rules.conftest_real import at, init, real_module
from tests.rules.test_10_7_exits import west_edge


def test_9_3A_B_C_every_scenario_starts_with_the_replacements_it_lists():
    m = real_module()
    for sid, sc in m.scenarios.items():
        st = init(scenario=sid)
        assert st.replacements == dict(sc.replacements), sid
        assert any(k.startswith("German/") and v for k, v in st.replacements.items()) or sid != "campaign"
    assert any(v for k, v in init(scenario="campaign").replacements.items() if k.startswith("Allied/"))


def test_10_7_2B_any_number_of_units_exit_from_the_same_road_hex():
    st = west_edge()
    execute(st, cm.Exit("1/Pz"))
    st.pos["2/Pz"] = "0105"
    st.mp_spent.pop("2/Pz", None)
    execute(st, cm.Exit("2/Pz"))
    assert {"1/Pz", "2/Pz"} <= st.exited


def test_15_7A_german_leaders_set_up_in_their_army_area():
    from darkdec_qt.rules.scenarios.setup import initial_state

    st = initial_state(real_module(), "campaign", "1", optional=("15",), variants=())
    m = st.module
    for lead in ("Manteuffel", "Dietrich", "Brandenberger"):
        spec = m.units[lead]
        assert lead in st.pos and m.hexes[st.pos[lead]].army == spec.setup, lead
        assert freesetup.in_zone(st, lead, st.pos[lead], spec.setup) is None


def test_23_0F_hermann_goring_3rd_ss_and_the_66th_come_only_with_their_variants():
    st = init()
    m = st.module
    optional = [u for u, s in m.units.items() if s.division in ("HG", "3SS", "66")]
    assert optional and not any(u in st.pos or u in st.pending for u in optional)
    with_variants = init("26.5", "26.16", "26.17")
    assert all(u in with_variants.pending or u in with_variants.pos for u in optional)


def test_26_5B_the_paradrop_comes_on_the_first_turn():
    st = at(init("26.5"), "16DecAM")
    assert initial.paradrop_due(st)
    assert not initial.paradrop_due(at(init(), "16DecAM")) and initial.paradrop_due(at(init(), "17DecAM"))


def test_26_11B_contention_used_on_23_december_keeps_the_german_tactical_column_that_turn():
    def tactical(variants: tuple[str, ...], code: str, contested: bool) -> bool:
        st = at(init(*variants), code)
        st.weather[st.turn] = "clear"
        if contested:
            st.weather[-st.turn] = "contested"
        return crt.german_tactical_period(st)

    assert not tactical((), "23DecPM", False)
    assert not tactical(("26.11",), "23DecPM", False)  # the variant alone, contention not used
    assert tactical(("26.11",), "23DecAM", True) and tactical(("26.11",), "23DecPM", True)
    assert not tactical(("26.11",), "24DecAM", True)  # lost from AM 24 December

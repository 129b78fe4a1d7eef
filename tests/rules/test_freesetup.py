"""6.0H-6.2: the German set-up by hand (PlaceUnit), automatic (AutoSetup) and historical."""

from __future__ import annotations

import pytest

from darkdec_qt import gamestore
from darkdec_qt.game.session import Game
from darkdec_qt.rules.combat.integrity import HISTORICAL_POSITIONS
from darkdec_qt.rules.core.commands import StartGame
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.scenarios import freesetup
from tests.rules.conftest_real import init, real_module


def _free() -> Game:
    return Game(real_module(), "herbstnebel", "1", optional=(), setup="free")


def _illegal(g: Game, unit: str, h: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as exc:
        g.execute(freesetup.PlaceUnit(unit, h))
    return exc.value


def test_6_0H_free_setup_waits_for_placement_before_start():
    g = _free()
    assert not g.state.started and len(g.state.to_place) == 55  # 58 with the three German leaders (rule 15)
    assert all(u not in g.state.pos for u in g.state.to_place)
    with pytest.raises(IllegalAction) as exc:
        g.execute(StartGame())
    assert exc.value.rule == "6.0H"


def test_6_1A_within_the_army_boundary():
    g = _free()
    h = next(h for h, hx in sorted(g.state.module.hexes.items()) if hx.army == "7A")
    err = _illegal(g, "980/272", h)  # a 6PZA unit
    assert err.rule == "6.1A" and "6PZA" in str(err)


def test_6_1B_infantry_one_hex_east_of_the_westwall():
    g = _free()
    st = g.state
    ww = next(h for h, hx in sorted(st.module.hexes.items()) if hx.westwall and hx.army == "6PZA")
    assert _illegal(g, "980/272", ww).rule == "6.1B"
    ok = freesetup.legal_hexes(st, "980/272")
    assert ok and all(freesetup.east_of_westwall(st, h, 1) for h in ok)


def test_6_1C_armor_two_hexes_east_of_the_westwall():
    g = _free()
    st = g.state
    one_only = next(h for h in freesetup.legal_hexes(st, "980/272") if not freesetup.east_of_westwall(st, h, 2))
    assert _illegal(g, "Peiper/1SS", one_only).rule == "6.1C"
    assert one_only not in freesetup.legal_hexes(st, "Peiper/1SS")


def test_6_1E_no_stacking_and_6_1D_adjacent_to_enemy_allowed():
    g = _free()
    h = freesetup.legal_hexes(g.state, "980/272")[0]
    g.execute(freesetup.PlaceUnit("980/272", h))
    assert g.state.pos["980/272"] == h and "980/272" not in g.state.to_place
    assert _illegal(g, "981/272", h).rule == "6.1E"
    assert _illegal(g, "980/272", h).rule == "6.0H"  # already placed


def test_auto_setup_then_start_and_the_file_replays(tmp_path):
    g = _free()
    g.execute(freesetup.PlaceUnit("980/272", freesetup.legal_hexes(g.state, "980/272")[-1]))
    g.execute(freesetup.AutoSetup())
    assert not g.state.to_place
    g.execute(StartGame())
    assert g.state.started
    path = tmp_path / "free.ddg"
    gamestore.save(g, path)
    assert gamestore.verify(path).ok
    assert gamestore.open_game(path).game.state.state_hash() == g.state.state_hash()


def test_auto_setup_is_the_default_and_obeys_6_1():
    st = init(scenario="herbstnebel")
    assert not st.to_place
    occupied = [h for u, h in st.pos.items() if st.spec(u).side == "German" and not st.spec(u).is_leader]
    assert len(occupied) == len(set(occupied))
    for u, h in st.pos.items():
        s = st.spec(u)
        if s.side == "German" and not s.is_leader:
            assert st.module.hexes[h].army == s.setup
            assert freesetup.east_of_westwall(st, h, 2 if s.is_motorized else 1)


def test_6_2_historical_setup_and_14_6_reserves():
    from darkdec_qt.rules.scenarios.setup import initial_state

    st = initial_state(real_module(), "campaign", "1", optional=("14", "14.6"), variants=(), setup="historical")
    assert HISTORICAL_POSITIONS in st.variants  # 18.1C reads it
    assert "Peiper/1SS" in st.reserve and "12/12SS" in st.reserve
    plain = initial_state(real_module(), "campaign", "1", optional=("14",), variants=(), setup="historical")
    assert not plain.reserve

"""The front where a historian looks (validate_front): the bundled module passes every check
(riverside towns on their banks, border bridges blown, roads that stay on their bank, no unit
across the 16 Dec front, consistent derived set-ups), and a copy carrying each error the
module once had is reported, naming the place."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from darkdec_qt import hexgrid
from darkdec_qt.model.database import read_database
from darkdec_qt.model.load import DEFAULT_MODULE, module_from_rows
from darkdec_qt.model.validate import validate
from darkdec_qt.model.validate_front import RIVER_TOWNS, derived_setup_problems
from darkdec_qt.moduleview import Module
from darkdec_qt.rules.movement import withdrawals
from darkdec_qt.rules.scenarios import scenario_setup
from darkdec_qt.rules.scenarios.setup import initial_state

Rows = dict[str, list[dict[str, Any]]]


@pytest.fixture(scope="module")
def rows() -> Rows:
    return read_database(DEFAULT_MODULE)


def broken(rows: Rows, edit: Callable[[Rows], None]) -> set[tuple[str, str]]:
    r = copy.deepcopy(rows)
    edit(r)
    return {(p.kind, p.where) for p in validate(module_from_rows(r))}


def side(r: Rows, a: str, b: str, river: str = "", bridge: bool = False, demolished: bool = False,
         basis: str = "test") -> None:
    """Put (or with ``river`` empty, remove) a river hexside between ``a`` and ``b``."""
    a, b = hexgrid.hexside_key(a, b)
    r["hexside"] = [s for s in r["hexside"] if (s["a"], s["b"]) != (a, b)]
    if river:
        r["hexside"].append({"a": a, "b": b, "river": "major", "river_name": river, "bridge": bridge, "ford": False,
                             "demolished": demolished, "reconstructed": True, "basis": basis})


def town(m: Module, name: str) -> str:
    h = m.town_hex(name)
    assert h is not None, name
    return h


def test_bundled_module_passes_and_every_river_town_is_placed(module: Module) -> None:
    assert validate(module) == []
    assert all(module.town_hex(t) for t in RIVER_TOWNS)


def test_derived_setups_agree_with_their_units_and_the_calendar(module: Module) -> None:
    assert derived_setup_problems(module) == []


# --- riverside towns --------------------------------------------------------------------------


def test_huy_north_of_the_meuse_is_reported(rows: Rows, module: Module) -> None:
    """The old map: Huy with the Meuse on its south side (it stands on the right, south bank)."""
    h = town(module, "Huy")
    col, row = hexgrid.parse_hex_id(h)
    north, south = hexgrid.format_hex_id(col, row - 1), hexgrid.format_hex_id(col, row + 1)

    def edit(r: Rows) -> None:
        side(r, h, north)
        side(r, h, south, "Meuse")

    assert ("river-town", h) in broken(rows, edit)


def test_ettelbruck_off_the_sure_is_reported(rows: Rows, module: Module) -> None:
    h = town(module, "Ettelbruck")

    def edit(r: Rows) -> None:
        r["hexside"] = [s for s in r["hexside"] if not (h in (s["a"], s["b"]) and s["river_name"] == "Sûre")]

    assert ("river-town", h) in broken(rows, edit)


# --- border bridges ------------------------------------------------------------------------------


def test_intact_echternach_bridge_is_reported_unless_sourced(rows: Rows) -> None:
    """The old map: the B257 bridge into Echternach (5130/5229) intact on 16 Dec."""
    assert ("border-bridge", "5130-5229") in broken(rows, lambda r: side(r, "5130", "5229", "Sûre", bridge=True))
    sourced = broken(rows, lambda r: side(r, "5130", "5229", "Sûre", bridge=True, basis="intact at start: a source"))
    assert ("border-bridge", "5130-5229") not in sourced


# --- roads on their bank -----------------------------------------------------------------------


def test_namur_profondeville_road_across_the_meuse_is_reported(rows: Rows, module: Module) -> None:
    """The old map: the left-bank road Namur-Profondeville crossed the Meuse (both on the left bank)."""
    namur, prof = town(module, "Namur"), town(module, "Profondeville")
    seg = next((s.a, s.b) for s in module.roads if s.road == "N92" and namur not in (s.a, s.b)
               and prof not in (s.a, s.b) and module.hexside(s.a, s.b) is None)
    assert ("same-bank-road", f"{namur}-{prof}") in broken(rows, lambda r: side(r, *seg, "Meuse", bridge=True))


# --- the 16 Dec front ----------------------------------------------------------------------------


def test_allied_unit_in_a_german_army_area_is_reported_unless_sourced(rows: Rows) -> None:
    def put(basis: str) -> Callable[[Rows], None]:
        def edit(r: Rows) -> None:
            u = next(x for x in r["unit"] if x["id"] == "28/112")
            u["setup"], u["basis"] = "4317", basis  # Lützkampen, 5PZA
        return edit

    assert ("across-front", "4317") in broken(rows, put("test"))
    assert ("across-front", "4317") not in broken(rows, put("across the front (Cole, The Ardennes, p.194)"))


# --- derived set-ups ---------------------------------------------------------------------------


def test_derived_setups_make_the_withdrawals_due(module: Module) -> None:
    """10.8B: the 10th Armored is withdrawn from PM 26 Dec, so Final Fury (AM 29 Dec) and the
    Reduction (AM 3 Jan) start without it; Turning Point (AM 22 Dec) has it. With the optional
    10.8B the withdrawal is waived while Germany is presently winning, judged on the set-up."""
    tenth = {u for u in module.units if u.startswith("10Arm/")}
    for sid in ("final_fury", "reduction"):
        st = initial_state(module, sid, "1", optional=())
        assert tenth <= st.withdrawn and not tenth & set(st.pos), sid
    st = initial_state(module, "reduction", "1")
    assert st.has_rule("10.8") and (tenth <= st.withdrawn) != withdrawals.waived(st)
    assert tenth & set(initial_state(module, "turning_point", "1").pos)


def test_derive_without_the_withdrawals_is_reported(module: Module, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scenario_setup, "_withdrawal_due", lambda st, u: None)  # the derive before 10.8 applied
    got = derived_setup_problems(module)
    monkeypatch.undo()
    assert any(p[0] == "derived-setup" and p[1] == "10Arm/CCA" and "10.8" in p[2] for p in got)


def test_town_held_with_only_enemies_near_is_reported(module: Module, monkeypatch: pytest.MonkeyPatch) -> None:
    """The old Turning Point: Fauvillers German on 22 Dec with the 4th Armored's CCB beside it
    and no German within two hexes (CCB passed through it that morning, Cole p.526)."""
    held = scenario_setup.GERMAN_HELD["turning_point"] + ("Fauvillers",)
    monkeypatch.setitem(scenario_setup.GERMAN_HELD, "turning_point", held)
    got = derived_setup_problems(module)
    assert ("derived-setup", town(module, "Fauvillers")) in {(k, w) for k, w, _ in got}


def test_echternach_and_rochefort_after_the_german_withdrawals(module: Module) -> None:
    """Cole pp.504-506: the 212th VG back over the Sauer by 26 Dec, Echternach empty; Rochefort
    retaken on 29 Dec: Allied on 3 Jan. No German unit stands on the Luxembourg bank at Echternach."""
    ech, roch = town(module, "Echternach"), town(module, "Rochefort")
    for sid in ("final_fury", "reduction"):
        st = initial_state(module, sid, "1")
        assert st.road_control[ech] == "Allied", sid
        assert st.pos["316/212"] in module.hexes and module.hexes[st.pos["316/212"]].army == "7A", sid
    assert initial_state(module, "final_fury", "1").road_control[roch] == "German"
    assert initial_state(module, "reduction", "1").road_control[roch] == "Allied"


def test_the_minor_corrections(module: Module) -> None:
    """The Our is no river at its source (Losheim-Losheimergraben); Lanzerath in the open
    Losheim gap (Cole p.78); the 106th's 424th at Winterspelt and 422nd at Auw and the 112th on
    roads, St. Vith-Steinebrück-Winterspelt a road; the 116th Panzer refitted (Cole p.195);
    the names Vaux-sur-Sûre and Léglise."""
    assert module.hexside("4708", "4808") is None
    assert module.hexes["4708"].terrain == "clear"
    for h in ("4414", "4811", module.units["28/112"].setup):
        assert h in module.road_links, h
    assert {town(module, "St. Vith"), "4414"} <= {h for s in module.roads if s.road == "X-Winterspelt" for h in (s.a, s.b)}
    assert module.units["16/116Pz"].full[0] >= module.units["3/2Pz"].full[0]
    assert module.town_hex("Vaux-sur-Sûre") and module.town_hex("Léglise")

"""Building the initial GameState of a scenario (6.0-6.2)."""

from __future__ import annotations

from collections.abc import Iterable

from darkdec_qt.moduleview import Module
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.core.state import GameState
from darkdec_qt.rules.scenarios import freesetup, scenario_setup
from darkdec_qt.rules.scenarios import variants as variant_rules

ARMY_AREAS = ("5PZA", "6PZA", "7A")
HISTORICAL_SETUP_TURN = "16DecAM"  # 6.2: the historical assault positions of the first turn
SETUPS = ("auto", "free", "historical")  # the German set-ups of a 16 December scenario (initial_state)


def initial_state(module: Module, scenario: str, seed: str = "0", optional: Iterable[str] | None = None,
                  variants: Iterable[str] | None = None, setup: str = "auto") -> GameState:
    """Units on their setup hexes, German army-area units placed automatically (6.1),
    reinforcements pending with their arrival turn, markers of the scenario. The state is
    *before* the first phase begins: the session executes ``StartGame`` first.

    (scenarios) ``variants`` are the chosen 26.x variants (none by default: the scenario
    lists those *available*); ``setup`` is ``auto`` (the engine places the German army-area
    units, freesetup.py), ``free`` (6.1 by hand: they wait in ``state.to_place`` for
    PlaceUnit commands) or ``historical`` (6.2: each unit on its historical assault position
    of the module's ``historical`` table, any unit without one placed automatically;
    18.1C and, with optional rule 14.6, reserve markers). Later scenarios without a manifest
    get a reconstructed set-up (scenario_setup.py)."""
    sc = module.scenarios.get(scenario)
    first = module.turn_index[sc.first_turn].number if sc else 1
    st = GameState(module=module, scenario=scenario, seed=seed, turn=first, side="German", phase=Phase.SUPPLY)
    st.optional = frozenset(optional if optional is not None else (sc.optional_rules if sc else ()))
    st.variants = frozenset(variants if variants is not None else ())  # (scenarios) chosen, not available
    entries = {e.unit: e for e in sc.setup} if sc and sc.setup else None
    area_units: list[tuple[str, str]] = []
    for uid in sorted(module.units):
        spec = module.units[uid]
        if entries is not None:
            e = entries.get(uid)
            if e is None:
                continue
            loc, fortified, reserve, arrival = e.location, e.fortified, e.reserve, e.arrival or spec.arrival
        else:
            if spec.conditional or spec.optional:
                continue  # 23.0: enter only by their own procedure / variants
            loc, fortified, reserve, arrival = spec.setup or "", spec.fortified, False, spec.arrival
        if loc in module.hexes:
            st.pos[uid] = loc
            if fortified:
                st.fortifications.add(loc)
            if reserve:
                st.reserve.add(uid)
        elif loc in ARMY_AREAS:
            area_units.append((uid, loc))
        elif arrival and arrival in module.turn_index:
            st.pending[uid] = module.turn_index[arrival].number
    # (scenarios) 6.0H set-up: zones to place, variants' set-up effects, then automatic placement

    st.setup_mode = setup
    st.to_place.update(dict(area_units))
    variant_rules.apply_initial(st)
    if setup == "historical":  # 6.2A: the positions "indicated on the counters" (data/historical.csv)
        freesetup.place_historical(st, module.historical_positions(HISTORICAL_SETUP_TURN))
    if setup != "free":
        freesetup.place_all(st)
    for k, hs in module.hexsides.items():
        if hs.demolished:
            st.blown.add(k)  # 16.0C
    for h in module.road_links:  # 5.7C: roads in and behind friendly lines
        st.road_control[h] = "German" if module.hexes[h].army else "Allied"
    for u, h in st.pos.items():
        if h in st.road_control:
            st.road_control[h] = module.units[u].side
    st.replacements = dict(sc.replacements) if sc else {}
    if setup == "historical":  # (scenarios) 6.2, 18.1C, 14.6A
        from darkdec_qt.rules.combat.integrity import HISTORICAL_POSITIONS

        st.variants = st.variants | {HISTORICAL_POSITIONS}
        if "14.6" in st.optional:
            st.reserve.update(u for u in scenario_setup.HISTORICAL_RESERVES if u in st.pos)
    if sc is not None and not sc.setup and first > 1:  # (scenarios) later scenarios: reconstructed set-up
        scenario_setup.derive(st)
    if "15" not in st.optional:  # 5.4 clarification: leader units are used only with rule 15
        for u, spec in module.units.items():
            if spec.is_leader:
                st.pos.pop(u, None)
                st.pending.pop(u, None)
                st.to_place.pop(u, None)
                st.reserve.discard(u)
                st.out_of_play.add(u)
    return st


"""The mutable game state. Only ``apply(state, event)`` changes it (apply.py)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field, fields
from typing import Any

from darkdec_qt.moduleview import Module, UnitSpec
from darkdec_qt.rules.core.phases import Phase

HexsideKey = tuple[str, str]

# Fields copied shallowly (immutable values) vs. containers copied one level deep.
_SCALARS = ("module", "scenario", "seed", "turn", "side", "phase", "dice_count", "optional",
            "variants", "fuel_shortage", "fuel_protected", "game_over", "infiltrations", "setup_mode", "vc_choice")


@dataclass(eq=False)
class GameState:
    module: Module
    scenario: str
    seed: str = "0"
    turn: int = 1
    side: str = "German"
    phase: Phase = Phase.SUPPLY
    optional: frozenset[str] = frozenset()  # optional rules enabled (e.g. "10.3", "12.3", "8.6")
    variants: frozenset[str] = frozenset()
    dice_count: int = 0
    # units
    pos: dict[str, str] = field(default_factory=dict)  # unit -> hex, units on the map
    reduced: set[str] = field(default_factory=set)  # 5.1D: units on their reduced side
    pending: dict[str, int] = field(default_factory=dict)  # reinforcement -> arrival turn (10.6)
    entry_hex: dict[str, str] = field(default_factory=dict)  # 10.6.3C forced entry hex
    eliminated: set[str] = field(default_factory=set)  # in the Destroyed Units Box
    surrendered: set[str] = field(default_factory=set)  # 8.6, never replaceable (9.1E)
    exited: set[str] = field(default_factory=set)  # 10.7
    withdrawn: set[str] = field(default_factory=set)  # 10.8
    held_off: set[str] = field(default_factory=set)  # 10.7.3
    destroyed_count: dict[str, int] = field(default_factory=dict)  # side -> ever destroyed (10.9.1B)
    # markers
    supply: dict[str, str] = field(default_factory=dict)  # unit -> supplied/unsupplied/isolated
    supply_reason: dict[str, str] = field(default_factory=dict)
    isolated_count: dict[str, int] = field(default_factory=dict)  # 8.6 consecutive
    strategic: set[str] = field(default_factory=set)  # 10.4
    reserve: set[str] = field(default_factory=set)  # 14.0
    reserve_placed: set[str] = field(default_factory=set)  # placed this player turn (14.1B)
    fortifications: set[str] = field(default_factory=set)  # hexes (17.0)
    blown: set[HexsideKey] = field(default_factory=set)  # 16.1
    built: set[HexsideKey] = field(default_factory=set)  # 16.2, bridges constructed
    bridge_markers: dict[str, int] = field(default_factory=dict)  # side -> markers used (16.2.4)
    bridges_started: dict[HexsideKey, str] = field(default_factory=dict)  # hexside -> unit (16.2.2B)
    bridge_attempts: set[HexsideKey] = field(default_factory=set)  # this player turn (16.1D)
    road_control: dict[str, str] = field(default_factory=dict)  # road hex -> side (5.7)
    exit_markers: set[str] = field(default_factory=set)  # hexes where Germans exited (10.6.3B)
    hold_off_owed: dict[str, int] = field(default_factory=dict)  # edge -> attack strength (10.7.2C)
    interdicted: dict[str, int] = field(default_factory=dict)  # hex -> last turn (20.4.2C)
    weather: dict[int, str] = field(default_factory=dict)  # turn -> weather override (24.0)
    # per-phase / per-turn bookkeeping
    mp_spent: dict[str, int] = field(default_factory=dict)  # ticks this phase
    last_roads: dict[str, tuple[str, ...]] = field(default_factory=dict)  # 10.4.8C roads entered by
    stopped: set[str] = field(default_factory=set)  # entered an enemy ZOC this phase (12.1A)
    moved: set[str] = field(default_factory=set)  # moved this player turn
    attacked: set[str] = field(default_factory=set)  # attacked this player turn (combat helper)
    was_attacked: set[str] = field(default_factory=set)  # defended this game turn (18.3B)
    entered_turn: dict[str, int] = field(default_factory=dict)  # turn a unit entered the map
    # replacements 9.0: "German/infantry" -> count
    replacements: dict[str, int] = field(default_factory=dict)
    refitted: set[str] = field(default_factory=set)  # reformed this player turn (9.0E)
    # restricted units 10.9
    activated: set[str] = field(default_factory=set)
    released: set[str] = field(default_factory=set)
    voluntary_release_turns: set[int] = field(default_factory=set)
    # fuel 8.7
    fuel_depleted: set[str] = field(default_factory=set)  # divisions (or brigade unit ids)
    fuel_shortage: int = 0  # divisions still to choose this German supply phase
    fuel_protected: str = ""  # rules engine I: 15.6E division Manteuffel shields from the Allied choice
    paradropped: dict[str, int] = field(default_factory=dict)  # unit -> turn dropped (19)
    infiltrations: int = 0  # 12.4D
    game_over: bool = False
    started: bool = False
    # --- combat (engine II): see battle_state.py / combat/procedure.py ---------------------
    battle: Any = None  # battle_state.BattleState in progress, or None (saved mid-battle)
    defended: set[str] = field(default_factory=set)  # defended this Combat Phase (13.2A)
    ca_obliged: set[str] = field(default_factory=set)  # counterattacked: may not attack again (13.5.5J)
    retreated_into: set[str] = field(default_factory=set)  # 13.6.5: add no strength, never advance
    leader_uses: dict[str, int] = field(default_factory=dict)  # "leader/attack" -> options used (15.1A/15.2A)
    shock_done: set[str] = field(default_factory=set)  # units that made shock combat this turn (14.3)
    exploited: set[str] = field(default_factory=set)  # moved in this turn's Exploitation Phase (14.3A)
    air_used: dict[int, int] = field(default_factory=dict)  # turn -> air missions flown (20.4)
    air_targets: dict[str, int] = field(default_factory=dict)  # "attack:hex"/"interdiction:hex" -> turn (20.4.2D)
    battles: int = 0  # battles declared this game (battle ids)
    # --- scenarios, set-up and variants (variants.py, freesetup.py, victory.py) ---
    setup_mode: str = "auto"  # 6.0H: auto (deterministic), free (6.1 by hand), historical (6.2)
    to_place: dict[str, str] = field(default_factory=dict)  # free set-up: unit -> zone still to place
    out_of_play: set[str] = field(default_factory=set)  # removed by a variant (26.4A, 26.6A...)
    triggers: dict[str, int] = field(default_factory=dict)  # rule/trigger -> game turn it happened
    vc_choice: str = "historical"  # 26.20A: historical / small_solution / luxembourg
    exited_at: dict[str, str] = field(default_factory=dict)  # unit -> exit hex (victory, 29.0)
    exit_points: dict[str, int] = field(default_factory=dict)  # unit -> attack strength counted (10.7)
    # 15.5D: displaced leader waiting in its hex -> the equidistant hexes its owner chooses among
    displaced: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # moments.py: facts judged at the start of the Movement Phase (10.4.1A, 14.1D): key -> units
    at_phase_start: dict[str, tuple[str, ...]] = field(default_factory=dict)

    # --- copies and hashes ---------------------------------------------------
    def clone(self) -> GameState:
        new = object.__new__(GameState)
        d = new.__dict__
        for k, v in self.__dict__.items():
            if isinstance(v, dict | set):
                d[k] = v.copy()
            else:
                d[k] = v
        return new

    def canonical(self) -> dict[str, Any]:
        """A JSON-able canonical form; the module is represented by its content hash."""
        out: dict[str, Any] = {}
        for f in fields(self):
            v = getattr(self, f.name)
            if f.name == "module":
                out["module"] = v.meta.content_hash
            elif isinstance(v, set | frozenset):
                out[f.name] = sorted(json.dumps(x) if not isinstance(x, str) else x for x in v)
            elif isinstance(v, dict):
                out[f.name] = sorted([json.dumps(k) if not isinstance(k, str) else k, val] for k, val in v.items())
            elif isinstance(v, Phase):
                out[f.name] = v.value
            elif hasattr(v, "to_dict"):  # combat (engine II): the battle in progress
                out[f.name] = v.to_dict()
            else:
                out[f.name] = v
        return out

    def state_hash(self) -> str:
        blob = json.dumps(self.canonical(), sort_keys=True, separators=(",", ":"), default=list)
        return hashlib.sha256(blob.encode()).hexdigest()

    # --- convenient queries -------------------------------------------------
    def spec(self, unit: str) -> UnitSpec:
        return self.module.units[unit]

    def side_of(self, unit: str) -> str:
        return self.module.units[unit].side

    def units_at(self, hex_id: str) -> list[str]:
        return sorted(u for u, h in self.pos.items() if h == hex_id)

    def occupancy(self) -> dict[str, list[str]]:
        occ: dict[str, list[str]] = {}
        for u, h in self.pos.items():
            occ.setdefault(h, []).append(u)
        return occ

    def on_map(self, side: str | None = None) -> list[str]:
        units = self.module.units
        return sorted(u for u in self.pos if side is None or units[u].side == side)

    def strength(self, unit: str) -> tuple[int, int, int]:
        s = self.module.units[unit]
        if unit in self.reduced and s.reduced is not None:
            return s.reduced
        return s.full

    # --- supply for every effect (8.7.4) ------------------------------------
    def out_of_fuel(self, unit: str) -> bool:
        """8.7.2C-D: ``unit`` is a German unit of a division (or an independent brigade) put
        out of supply by the Fuel Depletion Table, until the next German player turn (8.7.2B)."""
        if not self.fuel_depleted:
            return False
        s = self.module.units[unit]
        return s.side == "German" and (unit in self.fuel_depleted or s.division in self.fuel_depleted)

    def supply_status(self, unit: str) -> str:
        """The supply status for every effect of supply, "supplied", "unsupplied" or "isolated"
        (8.4, 8.5, and every rule that asks for a supplied unit): the status traced at the side's last
        determination (``supply``, 8.1B), except that 8.7.4 makes a unit out of fuel
        unsupplied (an isolated one stays isolated). Leaders never lack supply (15.5C); a unit
        with no determination yet (a reinforcement, a reformed unit) counts as supplied.
        ``supply`` itself keeps the traced status: who can trace a line (8.2, 8.5A, 8.7.3A)."""
        s = self.module.units[unit]
        if s.is_leader:
            return "supplied"
        traced = self.supply.get(unit, "supplied")
        if traced == "supplied" and self.out_of_fuel(unit):
            return "unsupplied"
        return traced

    def is_supplied(self, unit: str) -> bool:
        """``supply_status(unit) == "supplied"``: a supplied unit for every rule that asks for
        one (9.1B, 10.4.1A, 10.7.2C, 10.9.1A/C, 15.5D, 16.1G, 23.0B, victory conditions)."""
        return self.supply_status(unit) == "supplied"

    def weather_now(self) -> str:
        if self.turn in self.weather:
            return self.weather[self.turn]
        return self.current_turn().weather

    def ground_now(self) -> str:
        return self.current_turn().ground

    def current_turn(self):  # -> moduleview.Turn
        turns = self.module.turns
        return turns[min(self.turn, len(turns)) - 1]

    def turn_code(self) -> str:
        return self.current_turn().code

    def turn_number(self, code: str, default: int = 10**6) -> int:
        """The game-turn number of a turn code ("20DecAM" -> 9); ``default`` if the
        module's calendar has no such turn (by default: never reached)."""
        t = self.module.turn_index.get(code)
        return t.number if t else default

    def is_clear(self) -> bool:
        return self.weather_now() == "clear"

    def air_superiority(self) -> bool:
        """20.0: Allied air superiority on clear turns, unless the Luftwaffe contests it
        (26.11A: two consecutive turns, recorded as weather key ``-turn`` = "contested").
        It governs 20.1 German movement, 20.3A the Allied tactical advantage and 20.4 air power."""
        return self.is_clear() and self.weather.get(-self.turn) != "contested"

    def has_rule(self, rule: str) -> bool:
        return rule in self.optional

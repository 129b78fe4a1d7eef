"""How the client presents a game state: counters with their markers, hex markers,
the hex description of the status bar, phase names. Formatting only; every rule
question goes to the engine."""

from __future__ import annotations

from darkdec_qt.moduleview import Module
from darkdec_qt.rules.combat.terrain_level import base_level
from darkdec_qt.rules.core.phases import Phase, acting_side
from darkdec_qt.rules.core.state import GameState
from darkdec_qt.ui.map.scene import Placement

PHASE_NAMES = {
    Phase.SUPPLY: "Supply", Phase.REPLACEMENT: "Replacement", Phase.MOVEMENT: "Movement",
    Phase.REACTION: "Reaction", Phase.COMBAT: "Combat", Phase.EXPLOITATION: "Exploitation",
    Phase.CONSTRUCTION: "Construction/Demolition",
}


def unit_markers(state: GameState, unit: str) -> set[str]:
    """5.4 markers of one unit: OOS (unsupplied, or out of fuel: 8.7.4), ISOn (consecutive
    isolated turns), SM, RES."""
    out: set[str] = set()
    sup = state.supply_status(unit)  # 8.7.4: a unit out of fuel is marked out of supply
    if sup == "unsupplied":
        out.add("OOS")
    elif sup == "isolated":
        n = state.isolated_count.get(unit, 0)
        out.add(f"ISO{n}" if n else "ISO")
    if unit in state.strategic:
        out.add("SM")
    if unit in state.reserve:
        out.add("RES")
    return out


def placements(state: GameState, viewer: str | None = None) -> dict[str, list[Placement]]:
    """Counters by hex, bottom first (leaders on top), with their markers. With fog of
    war (optional rule 25) and a ``viewer``, an enemy stack shows only what
    ``fogofwar.visible_units`` lets the viewer see, tagged ``+n`` for the hidden units."""
    units = state.module.units
    out: dict[str, list[Placement]] = {}
    if viewer and state.has_rule("25"):
        from darkdec_qt.rules.fog import visible_units

        for h, (shown, hidden) in visible_units(state, viewer).items():
            us = sorted(shown, key=lambda u: (units[u].is_leader, u))
            out[h] = [(units[u], u in state.reduced, unit_markers(state, u)) for u in us]
            if hidden and out[h]:
                spec, red, marks = out[h][-1]
                out[h][-1] = (spec, red, marks | {f"+{hidden}"})
        return out
    for h, us in state.occupancy().items():
        us = sorted(us, key=lambda u: (units[u].is_leader, u))
        out[h] = [(units[u], u in state.reduced, unit_markers(state, u)) for u in us]
    return out


def hex_markers(state: GameState) -> dict[str, list[str]]:
    """Markers that belong to hexes: fortifications (17.0), exits (10.6.3B),
    interdiction (20.4.2C)."""
    out: dict[str, list[str]] = {}
    for h in sorted(state.fortifications):
        out.setdefault(h, []).append("FORT")
    for h in sorted(state.exit_markers):
        out.setdefault(h, []).append("EXIT")
    for h, until in sorted(state.interdicted.items()):
        if until >= state.turn:
            out.setdefault(h, []).append("INT")
    return out


def hex_text(module: Module, state: GameState, hex_id: str) -> str:
    """``2516 · woods · Houffalize · level 3 (woods) · 3 MP inf / 3 MP mot``."""
    hx = module.hexes.get(hex_id)
    if hx is None:
        return ""
    parts = [hex_id, hx.terrain.replace("_", " ")]
    if hx.town:
        parts.append(hx.town)
    if hx.westwall:
        parts.append("Westwall")
    lv, feat = base_level(state, hex_id)
    parts.append(f"defense level {lv} ({feat.replace('_', ' ')})")
    tec = module.charts.tec.get(hx.terrain)
    if tec is not None:
        costs = []
        for cls, label in (("infantry", "inf"), ("motorized", "mot")):
            c = tec.cost.get(cls)
            costs.append(f"{label} {c} MP" if c is not None else f"{label} prohibited")
        parts.append(" / ".join(costs))
    if hex_id in module.road_links:
        parts.append("road")
    return "  ·  ".join(parts)


def phase_title(state: GameState) -> str:
    t = state.current_turn()
    return f"Turn {state.turn} · {t.label}"


def next_step_label(state: GameState) -> str:
    """The phase bar's button: "End Movement Phase"."""
    if state.game_over:
        return "Game over"
    if not state.started:
        return "Start the game"
    return f"End {PHASE_NAMES[state.phase]} Phase"


def acting_label(state: GameState) -> str:
    side = acting_side(state.side, state.phase)
    return side if side == state.side else f"{side} (reacting)"


UNIT_FIELDS = ("unit", "leader", "units", "attackers", "defenders")
HEX_FIELDS = ("hex", "from_hex", "to_hex", "path", "hexes")


def event_place(event: object, state: GameState) -> tuple[list[str], list[str]]:
    """Where an event happened, read from its fields: (hexes, units), the units' hexes in
    ``state`` (the moment after the event) and the hexes it names; what a click on its log
    entry centres the map on and outlines."""
    fields = event.to_dict() if hasattr(event, "to_dict") else {}
    units: list[str] = []
    for key in UNIT_FIELDS:
        v = fields.get(key)
        for u in (v,) if isinstance(v, str) else (v or ()):
            if isinstance(u, str) and u in state.module.units and u not in units:
                units.append(u)
    hexes: list[str] = []
    for key in HEX_FIELDS:
        v = fields.get(key)
        for h in (v,) if isinstance(v, str) else (v or ()):
            if isinstance(h, str) and h in state.module.hexes and h not in hexes:
                hexes.append(h)
    for u in units:
        h = state.pos.get(u)
        if h and h not in hexes:
            hexes.append(h)
    return hexes, units

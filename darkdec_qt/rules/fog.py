"""25.0 Fog of War (optional): what each side may see of the other's stacks (25.0A-B) and of
the CRT (25.0C); the time limit of 25.0D, kept by the client's clock."""

from __future__ import annotations

from dataclasses import replace

from darkdec_qt.rules.core.state import GameState

TIME_LIMIT_MINUTES = 7.5  # 25.0D: each side's maximum for movement and combat (the client's clock)


def top_unit(state: GameState, hex_id: str) -> str | None:
    """The unit shown on top of a stack: the engine does not model the owner's stacking
    order, so the first combat unit in id order (a leader only when alone)."""
    here = state.units_at(hex_id)
    combat = [u for u in here if not state.module.units[u].is_leader]
    return (combat or here or [None])[0]


def examined_hexes(state: GameState, viewer: str) -> set[str]:
    """25.0A: enemy stacks the viewer has committed units to attack: the defenders of the
    battle in progress and the units that defended this Combat Phase (13.2A)."""
    units = state.module.units
    seen: set[str] = set()
    b = state.battle
    if b is not None and getattr(b, "attacker_side", None) == viewer:
        seen.update(state.pos[u] for u in b.defenders if u in state.pos)
    seen.update(state.pos[u] for u in state.defended if u in state.pos and units[u].side != viewer)
    return seen


def visible_units(state: GameState, viewer: str) -> dict[str, tuple[list[str], int]]:
    """hex -> (units ``viewer`` may see, number of enemy units hidden beneath).

    Without optional rule 25 everything is visible. With it (25.0A), the viewer sees all
    its own units and, of an enemy stack, only the top unit, until it commits units to
    attack that stack (``examined_hexes``)."""
    units = state.module.units
    occ = state.occupancy()
    fog = state.has_rule("25")
    seen = examined_hexes(state, viewer) if fog else set()
    out: dict[str, tuple[list[str], int]] = {}
    for h, here in occ.items():
        here = sorted(here)
        enemy = [u for u in here if units[u].side != viewer]
        if not fog or not enemy or h in seen:
            out[h] = (here, 0)
            continue
        top = top_unit(state, h)
        shown = [u for u in here if units[u].side == viewer or u == top]
        out[h] = (shown, len(here) - len(shown))
    return out


def crt_hidden(state: GameState, viewer: str) -> bool:
    """25.0C: with fog of war the phasing side does not see the CRT during its player turn; the
    non-phasing side holds the charts and announces each result when the dice are rolled (the
    engine announces it: the roll and the result stay visible to both, in the log and the
    battle dock). Without rule 25, or once the game is over, both see the CRT."""
    return state.has_rule("25") and viewer == state.side and not state.game_over


# --- 25.0A-B in the log: what a viewer may know of an event -----------------------------------

ANNOUNCED = frozenset({
    "battle_declared", "battle_resolved", "battle_stage", "battle_ended", "result_chosen", "unit_retreated",
    "unit_advanced", "counterattack_declared", "leader_option_used", "air_attack_resolved", "die_rolled",
})
"""Kinds both sides learn as they happen under fog of war: a battle commits the attacker's units
and lets it examine the defenders (25.0A); its dice, odds and result are announced when the die is
rolled (25.0C); an air attack's roll and hit likewise (20.4.1)."""

PRIVATE = frozenset({"supply_determined", "note_made", "conditional_units_chosen", "reserve_entered",
                     "reserve_left", "reinforcement_delayed"})
"""Kinds an enemy's event shows nothing of: its own supply check (8.0), its notes and plans, its
selection of conditional units (23.0B), its reserves (14.1) and delayed arrivals (10.6.3C)."""

OWNER_ALONE = ("(11.0C)", "(8.6")  # losses the owner alone takes: overstacking, surrender
MOVED_ALONE = ("infiltration of ", "demolition of bridge ")  # die purposes naming a moving unit


def anonymous(side: str) -> str:
    """How a viewer names an enemy unit it may not examine (25.0A): 'a German unit'."""
    return f"a {side} unit"


def fog_applies(state: GameState, viewer: str | None) -> bool:
    """Whether ``viewer`` sees the log through fog of war: rule 25 in play, the game not over, a
    side named (None, as a finished game's report, sees everything)."""
    return viewer is not None and state.has_rule("25") and not state.game_over


def seen(event, viewer: str | None, state: GameState, their_notes: bool = False):  # noqa: ANN001, ANN201
    """What ``viewer`` may know of ``event`` under fog of war (25.0A-B): the event itself, the same
    event with an enemy unit's name replaced by ``anonymous(side)``, or None (nothing shows).

    ``state`` is the game as it stands now (rule 25 in play, over or not): without fog of war, or
    once the game is over, every event shows whole. With it, the viewer's own events show whole;
    of the enemy's, battles, their dice and results and air attacks show whole (announced to both,
    25.0A committing units to attack, 25.0C); a move, an entry, a bridge or fortification and every
    other act of a single enemy unit shows as 'a German unit ...' with where it happened (the
    counter is seen on the map, its stack not examined); the enemy's supply checks, notes (unless
    ``their_notes``: they are addressed to the viewer, as a human opponent's are; a computer's are
    its plans), reserves, delayed arrivals and conditional selections not at all;
    a loss the owner alone takes (overstacking 11.0C, surrender 8.6) as an anonymous loss."""
    if not fog_applies(state, viewer):
        return event
    kind = event.kind
    units = state.module.units
    if kind == "note_made":
        return event if event.side == viewer or their_notes else None
    if kind == "die_rolled":
        purpose = event.purpose
        if purpose.startswith(MOVED_ALONE):
            for word in purpose.split():
                spec = units.get(word)
                if spec is not None and spec.side != viewer:
                    purpose = purpose.replace(word, anonymous(spec.side))
            return replace(event, purpose=purpose)
        return event
    if kind in ANNOUNCED:
        return event
    side = getattr(event, "side", None)
    unit = getattr(event, "unit", None)
    spec = units.get(unit) if isinstance(unit, str) else None
    owner = spec.side if spec is not None else side
    if owner is None or owner == viewer:
        return event
    if kind in PRIVATE:
        return None
    if spec is None:
        return event
    if kind in ("step_lost", "unit_eliminated"):
        reason = getattr(event, "reason", "")
        if not (getattr(event, "surrendered", False) or any(r in reason for r in OWNER_ALONE)):
            return event  # a combat or air loss: announced (25.0C, 20.4.1)
        return replace(event, unit=anonymous(spec.side), reason="")
    return replace(event, unit=anonymous(spec.side))

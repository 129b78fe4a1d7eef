"""25.0 Fog of War (optional): what each side may see of the other's stacks (25.0A-B) and of
the CRT (25.0C); the time limit of 25.0D, kept by the client's clock."""

from __future__ import annotations

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

"""The Bulge as it was fought, to compare AI-against-AI Campaign games with: St. Vith fell
on 21-22 December, Bastogne held, the German spearheads reached Celles and Foy-Notre-Dame
(west of the Ourthe, 4 hexes from the Meuse) on 24 December, and no German unit crossed
the Meuse or left the map (designer's notes; ../shared/reference)."""

from __future__ import annotations

from darkdec_qt import hexgrid
from darkdec_qt.ai import geography as geo
from darkdec_qt.game.session import Game
from darkdec_qt.rules.core.apply import apply
from darkdec_qt.rules.scenarios.victory import evaluate, exit_totals

HISTORY = {
    "st_vith_falls": "21DecPM-22DecAM",
    "bastogne": "held (besieged 20-26 Dec)",
    "west_hex": "0914 Celles / 0814 Foy-Notre-Dame",
    "west_date": "24 Dec",
    "exits": "none",
    "peiper": "19-20 Dec Stoumont (3207) and La Gleize (3307), north of the Amblève (Cole ch. XIII)",
}
PEIPER = "Peiper/1SS"
PEIPER_TURNS = {"19DecPM": "peiper_19dec", "20DecPM": "peiper_20dec"}  # where Kampfgruppe Peiper ends the day


def facts(game: Game) -> dict:
    """What happened in ``game``: the turn St. Vith first came under German control (and the
    fall that lasted, ``st_vith_last_fall``, with ``st_vith_end``), whether
    Bastogne did (and when), the westernmost hex a German combat unit stood in at the end of
    a phase and when it first got there, where Kampfgruppe Peiper ends 19 and 20 December
    (``peiper_19dec``, ``peiper_20dec``: its hex, or "gone"), German exits and the verdict."""
    m = game.module
    sv, bas = m.town_hex("St. Vith"), m.town_hex("Bastogne")
    s = game.initial.clone()
    out: dict = {"st_vith_falls": None, "st_vith_last_fall": None, "bastogne_falls": None, "west_hex": None,
                 "west_turn": None}
    west = None
    sv_german = False
    for e in game.events:
        apply(s, e)
        if e.kind != "phase_ended":
            continue
        occ = geo.hex_sides(s)
        code = s.turn_code()
        if code in PEIPER_TURNS and PEIPER in m.units:
            out[PEIPER_TURNS[code]] = s.pos.get(PEIPER, "gone")
        if sv:
            german = geo.control(s, sv, occ) == "German"
            if german and out["st_vith_falls"] is None:
                out["st_vith_falls"] = code
            if german and not sv_german:
                out["st_vith_last_fall"] = code  # the fall that lasted (if German at the end)
            sv_german = german
        if bas and out["bastogne_falls"] is None and geo.control(s, bas, occ) == "German":
            out["bastogne_falls"] = code
        for u in s.on_map("German"):
            if m.units[u].is_leader or u in s.paradropped:  # the westernmost ground advance
                continue
            col = hexgrid.parse_hex_id(s.pos[u])[0]
            if west is None or col < west:
                west, out["west_hex"], out["west_turn"] = col, s.pos[u], code
    state = game.state
    occ = geo.hex_sides(state)
    out["bastogne_end"] = geo.control(state, bas, occ) if bas else None
    out["st_vith_end"] = geo.control(state, sv, occ) if sv else None
    e = exit_totals(state)
    out["exit_A"], out["exit_B"] = e["A"], e["B"]
    out["exited_units"] = sum(1 for u in state.exited_at if m.units[u].side == "German")
    v = evaluate(state)
    out["verdict"] = v.level
    out["winner"] = v.winner
    out["last_turn"] = state.turn_code()
    return out

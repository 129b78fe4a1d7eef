"""``describe(event, module) -> str``: each event in words a player understands, with
the rule numbers that explain a result (the ``darkdec log`` command, the client's log)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from darkdec_qt.moduleview import Module
from darkdec_qt.rules import fog
from darkdec_qt.rules.combat import crt
from darkdec_qt.rules.core.events import Event
from darkdec_qt.rules.scenarios.variants import CONDITIONAL_PICK

OPTION_WORDS = {  # what the units of a hex do (13.5.1B): "the Allied units in 4216 retreat one hex"
    "retreat1": "retreat one hex", "step1": "hold, losing one step", "retreat2": "retreat two hexes",
    "step2": "hold, losing two steps", "retreat1_step1": "retreat one hex and lose one step",
}
TASK_WORDS = {  # what the deciding player does next, as "the German player <words>"
    "declare": "declares voluntary reductions and divisional integrity (13.3.3A, 13.8A)",
    "resolve": "rolls the dice", "result": "chooses how to apply the result in {hex} (13.5.1)",
    "retreat": "chooses a {n}-hex retreat path from {hex} (13.6)",
    "mandatory": "chooses {n} mandatory step loss(es) (13.5.4)",
    "ff_def": "chooses the defender's fire-fight step loss (13.5.6A)",
    "ff_att": "chooses fire-fight losses worth at least {n} defense points (13.5.6A)",
    "ca": "chooses the hexes to counterattack (13.5.5)", "advance": "may advance into {hex} (13.7)",
    "assault": "decides whether to make an all out assault (13.2)",
    "air_loss": "chooses which unit in {hex} loses the step (20.4.1B)",
    "done": "ends the battle",
}


def _u(module: Module, unit: str) -> str:
    s = module.units.get(unit)
    return f"{unit} ({s.side})" if s else unit


def _units(module: Module, units: Any) -> str:
    return ", ".join(_u(module, u) for u in units)


def _n(count: int, noun: str, plural: str = "") -> str:
    """"1 division", "2 divisions" ("1 step loss", "2 step losses" with ``plural``)."""
    return f"{count} {noun if count == 1 else plural or noun + 's'}"


def _path(path: Any) -> str:
    return "-".join(path)


_TEXT: dict[str, Callable[[Any, Module], str]] = {
    "phase_began": lambda e, m: f"Turn {e.turn}: {e.side} {e.phase} phase begins",
    "phase_ended": lambda e, m: f"{e.side} {e.phase} phase ends",
    "die_rolled": lambda e, m: f"die rolled for {e.purpose}: {e.value}",
    "unit_moved": lambda e, m: f"{_u(m, e.unit)} moves {_path(e.path)}" + (f" ({e.mp / 30:g} MP)" if e.unit in m.units else "")
    + (", stopping in an enemy ZOC (12.1A)" if e.stopped else ""),
    "strategic_entered": lambda e, m: f"{_u(m, e.unit)} enters strategic movement (10.4.1)",
    "strategic_left": lambda e, m: f"{_u(m, e.unit)} leaves strategic movement"
    + (f" ({e.reason})" if e.reason else " (10.4.7A)"),
    "reserve_entered": lambda e, m: f"{_u(m, e.unit)} is placed in reserve (14.1)",
    "reserve_left": lambda e, m: f"{_u(m, e.unit)} leaves reserve" + (f": {e.reason}" if e.reason else ""),
    "supply_determined": lambda e, m: f"{_u(m, e.unit)} is {e.state}: {e.reason}",
    "fuel_depleted": lambda e, m: f"{e.division} runs out of fuel, chosen by the {e.chosen_by} player (8.7)",
    "fuel_shortage_set": lambda e, m: f"fuel shortage: {_n(e.count, 'division')} to be put out of supply (8.7)",
    "unit_entered": lambda e, m: f"{_u(m, e.unit)} enters the map at {e.hex}"
    + (" in strategic movement" if e.strategic else ""),
    "reinforcement_delayed": lambda e, m: f"{_u(m, e.unit)} is delayed to turn {e.turn} at {e.hex} (10.6.3C)",
    "step_lost": lambda e, m: f"{_u(m, e.unit)} loses a step" + (f": {e.reason}" if e.reason else ""),
    "unit_eliminated": lambda e, m: f"{_u(m, e.unit)} is "
    + ("surrendered (8.6)" if e.surrendered else "eliminated, to the Destroyed Units Box (5.1D)")
    + (f": {e.reason}" if e.reason else ""),
    "unit_exited": lambda e, m: f"{_u(m, e.unit)} exits the map at {e.hex} (10.7)",
    "unit_held_off": lambda e, m: f"{_u(m, e.unit)} is held off the map (10.7.3)",
    "unit_withdrawn": lambda e, m: f"{_u(m, e.unit)} is withdrawn (10.8)",
    "bridge_attempted": lambda e, m: f"{_u(m, e.unit)} tries to blow the bridge {e.a}/{e.b} (16.1)",
    "bridge_blown": lambda e, m: f"the bridge {e.a}/{e.b} is blown (16.1)",
    "bridge_started": lambda e, m: f"{_u(m, e.unit)} starts a bridge at {e.a}/{e.b} (16.2.2)",
    "bridge_built": lambda e, m: f"{e.side} bridge built at {e.a}/{e.b} (16.2)",
    "fortification_built": lambda e, m: f"{_u(m, e.unit)} builds a fortification in {e.hex} (17.0)",
    "fortification_removed": lambda e, m: f"the fortification in {e.hex} is removed"
    + (f": {e.reason}" if e.reason else " (17.2)"),
    "replacements_received": lambda e, m: f"{e.side} receives {_n(e.count, f'{e.type} replacement')} (9.0)",
    "unit_refitted": lambda e, m: f"{_u(m, e.unit)} is brought back to full strength (9.0C)",
    "unit_reformed": lambda e, m: f"{_u(m, e.unit)} is reformed at {e.hex} (9.0D)",
    "restricted_activated": lambda e, m: f"{_u(m, e.unit)} is activated (10.9)",
    "restricted_released": lambda e, m: f"{_u(m, e.unit)} is released (10.9)",
    "paradropped": lambda e, m: f"{_u(m, e.unit)} drops at {e.hex}: {e.result} (19.0)",
    "weather_set": lambda e, m: f"weather for turn {e.turn}: {e.weather}",
    "road_interdicted": lambda e, m: f"road hex {e.hex} interdicted until the end of turn {e.until_turn} (20.4.2C)",
    "infiltration_attempted": lambda e, m: f"{_u(m, e.unit)} tries to infiltrate from {e.hex}: "
    + ("success" if e.success else "failure") + " (12.4)",
    "game_ended": lambda e, m: f"the game ends after turn {e.turn}",
    "note_made": lambda e, m: f"{e.side} note: {e.text}",
    "leader_displaced": lambda e, m: f"{_u(m, e.unit)} is displaced from {e.from_hex} to {e.to_hex} (15.5D)"
    if e.to_hex else f"{_u(m, e.unit)} is displaced from {e.from_hex}: its owner chooses where it goes, "
    f"{' or '.join(e.alternatives)} (15.5D)",
    "conditional_units_chosen": lambda e, m: f"the {e.side} player selects its conditional units: "
    f"{', '.join(u for u, _ in e.chosen) or 'none new'}"
    + (f" instead of {', '.join(e.released)}" if e.released else "") + " (23.0B)",
    "second_movement_began": lambda e, m: "Montgomery's withdrawal: the Allied units move a second time (26.13A)",
    # --- combat (engine II)
    "battle_declared": lambda e, m: f"battle {e.id}" + (" (shock combat, 14.3)" if e.battle_kind == "shock" else "")
    + f": {_units(m, e.attackers)} {'attacks' if len(e.attackers) == 1 else 'attack'} {_units(m, e.defenders)}",
    "battle_resolved": lambda e, m: f"battle {e.id}{' counterattack (13.5.5)' if e.battle_kind == 'counterattack' else ''}"
    + f"{' all out assault (13.2)' if e.battle_kind == 'assault' else ''}: {e.attack} against {e.defense}, "
    f"odds {e.odds}, {e.column} column, roll {e.roll} (DRM {e.drm:+d}): {e.result}"
    + (f" [{'; '.join(n for n in e.notes if n)}]" if e.notes else ""),
    "battle_ended": lambda e, m: f"battle {e.id} is over",
    "result_chosen": lambda e, m: f"the {e.side} units in {e.hex} {OPTION_WORDS.get(e.option, e.option)} (13.5.1B)"
    + (f", using {e.leader}'s defense option (15.2A)" if e.leader else ""),
    "unit_retreated": lambda e, m: f"{_u(m, e.unit)} retreats {_path(e.path)} (13.6)",
    "unit_advanced": lambda e, m: f"{_u(m, e.unit)} advances {_path(e.path)} (13.7)",
    "counterattack_declared": lambda e, m: f"the {e.side} player counterattacks {', '.join(e.hexes)} (13.5.5)",
    "leader_option_used": lambda e, m: f"{e.leader} uses an {e.option} option (15.1A)" if e.option == "attack"
    else f"{e.leader} uses a {e.option} option (15.2A)",
    "air_attack_resolved": lambda e, m: (
        f"{e.side} air attack on {e.hex}: roll {e.roll} (DRM {e.drm:+d}): " + ("a step lost (20.4.1A)" if e.hit else "no effect")
        if e.mission == "attack" else
        f"{e.side} air interdiction of {e.hex}: roll {e.roll}: " + ("interdicted (20.4.2B)" if e.hit else "no effect"))
    + ("" if e.counts else " (with the air attack on the same road hex: one mission, 20.4.2D)"),
}


def _levels(n: int) -> str:
    return f"{n} level{'s' if n != 1 else ''}"


def declaration(e: Any, before: int | None = None) -> str:
    """The defender's declaration (13.3.3A, 13.8A) in words, read from the battle record
    the ``defender_declares`` command leaves (the only one awaiting ``resolve``); '' for
    any other event. ``before``: how many of the record's reductions the attacker declared
    (13.3.3, from the battle's ``declare`` stage); None counts them all as the defender's."""
    if getattr(e, "kind", "") != "battle_stage":
        return ""
    return _declaration(json.loads(e.data), before)


def _declaration(d: dict, before: int | None) -> str:
    tasks = d.get("tasks") or []
    if not tasks or tasks[0][0] != "resolve":
        return ""
    attacker = d.get("attacker_side")
    side = {"German": "Allied", "Allied": "German"}.get(str(attacker), "defending")
    integrity = ("claims divisional integrity (13.8A)" if d.get("defender_integrity", True)
                 else "does not claim divisional integrity (13.8A)")
    own = [(h, n) for h, n in (d.get("reductions") or [])[before or 0:] if n]
    reduces = ("reduces " + ", ".join(f"{h} by {_levels(n)}" for h, n in own) if own
               else "makes no voluntary reduction") + " (13.3.3A)"
    return f"battle {d.get('id')}: the {side} player {integrity} and {reduces}"


def without_effect(code: str) -> str:
    """Why a result that left nobody a choice changed nothing, with its rule ('' when the
    code is not a CRT result)."""
    try:
        r = crt.parse_result(code)
    except ValueError:
        return ""
    if r.no_effect:
        return f"the result ({code}) has no effect on either side (13.5)"
    parts = []
    if r.defender:
        parts.append(f"D{r.defender} has no effect on the defenders: below the terrain defense level of "
                     "every defending hex (13.5.1B)")
    if r.attacker:
        parts.append(f"A{r.attacker} has no effect on the attackers: below the terrain defense level minus one "
                     "of every attacking hex (13.5.2B)")
    return "; ".join(parts)


class Storyteller:
    """``describe`` with the memory a line needs of the lines before it: the defender's
    declaration names only its own reductions, not those the attacker declared before it
    (13.3.3), and a battle that ends at the roll, its result leaving nobody a choice, says
    why nothing happened (13.5, 13.5.1B, 13.5.2B). The client's log and ``darkdec log``
    read the events in order through one.

    With ``viewer`` and ``state`` (the game as it stands now) it tells what that side may know
    under fog of war (``fog.seen``, 25.0A-B): an enemy unit's move as 'a German unit moves ...',
    the enemy's supply checks not at all (''), nor its notes unless ``their_notes`` (a human
    opponent's notes are addressed to the viewer; a computer's are its plans)."""

    def __init__(self, module: Module, state: Any = None, viewer: str | None = None,
                 their_notes: bool = False) -> None:
        self.module = module
        self.their_notes = their_notes  # the other side's notes are addressed to the viewer (fog.seen)
        self.viewer = viewer if state is not None and fog.fog_applies(state, viewer) else None
        self.state = state
        self.attacker_count: dict[object, int] = {}  # battle id -> reductions the attacker declared
        self.rolled: dict[object, str] = {}  # battle id -> result rolled, no decision since

    def seen(self, event: Event) -> Event | None:
        """``event`` as the viewer may know it (``fog.seen``); itself without fog of war."""
        return event if self.viewer is None else fog.seen(event, self.viewer, self.state, self.their_notes)

    def declared(self, event: Event) -> str:
        """The defender's declaration of ``event`` in words ('' for any other event)."""
        if event.kind != "battle_stage":
            return ""
        d = json.loads(event.data)
        self.rolled.pop(d.get("id"), None)
        head = (d.get("tasks") or [[""]])[0][0]
        if head == "declare":
            self.attacker_count[d.get("id")] = len(d.get("reductions") or [])
        return _declaration(d, self.attacker_count.get(d.get("id"))) if head == "resolve" else ""

    def __call__(self, event: Event) -> str:
        shown = self.seen(event)
        if shown is None:
            return ""
        event = shown
        kind = event.kind
        if kind == "battle_resolved":
            self.rolled[event.id] = event.result  # type: ignore[attr-defined]
        elif kind == "battle_ended" and (code := self.rolled.pop(event.id, None)) is not None:  # type: ignore[attr-defined]
            why = without_effect(code)
            return f"battle {event.id} is over: {why}" if why else describe(event, self.module)  # type: ignore[attr-defined]
        return self.declared(event) or describe(event, self.module)


def _stage(e: Any, m: Module) -> str:
    d = json.loads(e.data)
    tasks = d.get("tasks") or []
    if not tasks:
        return f"battle {d.get('id')}: results applied"
    if tasks[0][0] == "resolve":
        return declaration(e)
    what, side, h, n = tasks[0]
    words = TASK_WORDS.get(what, what).format(hex=h, n=n)
    return f"battle {d.get('id')}: the {side or 'attacking'} player {words}"


_TEXT["battle_stage"] = _stage
_TEXT["phase_start_noted"] = lambda e, m: ""  # moments.py: bookkeeping for 10.4.1A/14.1D, not news

def _shifted(e: Any, m: Module) -> str:
    if e.reason.startswith("26.20"):
        return ""  # 26.20A: follows Germany's secret choice; the Allies learn it by 26.20B-C
    moves = [f"{u} {'leaves play' if t < 0 else f'arrives turn {t}'}" for u, t in e.changes]
    more = f" and {len(moves) - 8} more" if len(moves) > 8 else ""
    return f"arrivals change ({e.reason or 'variant'}): {', '.join(moves[:8])}{more}"


def _triggered(e: Any, m: Module) -> str:
    if e.rule.startswith(CONDITIONAL_PICK):
        unit = e.rule[len(CONDITIONAL_PICK):]
        return f"{_u(m, unit)} is proposed for the conditional forces; its side may select others (23.0B)"
    rule = e.rule.split("@")[0]
    text = f"{e.detail or 'the variant takes effect'} ({rule})"
    return text + (f"; variant {e.adds} is now in play" if e.adds else "")


_TEXT["arrivals_shifted"] = _shifted
_TEXT["variant_triggered"] = _triggered
_TEXT["fuel_division_protected"] = lambda e, m: f"Manteuffel shields {e.division} from the fuel shortage (15.6E)"
_TEXT["unit_placed"] = lambda e, m: f"{_u(m, e.unit)} is set up at {e.hex} (6.1)"
_TEXT["victory_conditions_chosen"] = lambda e, m: "the German player chooses the victory conditions in secret (26.20A)"


def describe(event: Event, module: Module) -> str:
    fn = _TEXT.get(event.kind)
    if fn is None:
        fields = ", ".join(f"{k}={v}" for k, v in event.to_dict().items() if k != "kind")
        return f"{event.kind.replace('_', ' ')}: {fields}"
    return fn(event, module)

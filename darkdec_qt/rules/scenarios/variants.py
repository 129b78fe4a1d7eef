"""26.0 game variants, 23.0 conditional forces and 26.20 the Campaign Game's choice of
victory conditions: data plus the engine hooks that read them.

Where the variants act:

- at set-up (``apply_initial``, called by ``setup.initial_state``): units removed
  (26.4A, 26.6A, 26.8B-C, 26.12A), set up by zone (26.4B, 26.6A, 26.7, 26.9A, 26.18A),
  arrival turns shifted (26.1A, 26.2, 26.3, 26.5A, 26.16A, 26.17);
- each time an arrival is asked (``arrival_turn``, called by
  ``reinforcements.arrival_turn``): 26.10 British held back, 26.14A and 26.20C no German
  reinforcement after a date;
- where a reinforcement may enter (``entry_hexes``): 26.15, 26.17;
- at the start of phases (``phase_hook``, registered in ``registry.PHASE_HOOKS``): the
  26.18C die roll, 26.10 trigger, 26.19 releases, 23.0 conditional-force rolls, the
  26.20B-C announcement, and the sudden-death victories (A, B) of victory.py;
- commands: ``ChooseVictoryConditions`` (26.20A, before StartGame),
  ``DeclareAirContention`` (26.11A), ``DeclareWithdrawal`` (26.13A).

Queries for the other modules: ``vc_choice_visible`` (26.20C: when the Allies are told).
26.1B-C and 26.5B are read where their rules are enforced: ``combat.crt.surprise`` (18.2A),
``opening.initial`` (18.3, 19.1).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core import events as ev
from darkdec_qt.rules.core.apply import register_handler
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.core.registry import (
    DECLARATIONS,
    PRESTART,
    register_checker,
    register_generator,
    register_phase_hook,
)
from darkdec_qt.rules.core.state import GameState
from darkdec_qt.rules.core.tables import module_memo
from darkdec_qt.rules.movement.restricted import german_near_meuse
from darkdec_qt.rules.scenarios import victory
from darkdec_qt.rules.scenarios.montgomery import (
    BeginSecondWithdrawalMove,
    DeclareWithdrawal,
    _check_withdrawal,
    montgomery_withdrawal,
    second_withdrawal_pass,
)
from darkdec_qt.rules.scenarios.variant_events import (
    ArrivalsShifted,
    VariantTriggered,
    VictoryConditionsChosen,
)

# --- data -------------------------------------------------------------------------

SECOND_DIVISION = ("2/9", "2/23", "2/38")  # 26.4A
NINETY_NINTH = ("99/393", "99/394", "99/395")  # 26.4B
ELSENBORN = "Elsenborn"
PATTON_SOUTH = frozenset({"4Arm", "10Arm", "5", "26", "80"})  # 26.3A-B (division codes)
SMALL_SOLUTION_ALLIED = frozenset({"1", "9", "83", "2Arm"})  # 26.8B
SMALL_SOLUTION_GERMAN = frozenset({"246VG", "167VG", "9VG", "9SS", "15PzG"})  # 26.8C
NORDWIND_ALLIED = frozenset({"35", "84", "11Arm"})  # 26.12A
NORDWIND_GERMAN_CONDITIONAL = frozenset({"11Pz", "17SS"})  # 26.12B
SS_PANZER = frozenset({"1SS", "12SS"})  # 26.7, 26.9A
II_SS_PANZER_CORPS = frozenset({"9SS", "2SS"})  # 26.18A
EASTERN_RESERVES = frozenset({"HG", "3SS"})  # 26.16A
DIVISION_66 = "66"  # 26.17
NO_NORTH_ENTRY = frozenset({"5001", "4401"})  # 26.15B

# 26.19: (division or unit id, objectives) - a town name or a hex id
RESERVE_RELEASE: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("FBB", ("St. Vith",)),
    ("9SS", ("Malmedy", "Spa")),
    ("2SS", ("Vielsalm", "3013")),
    ("9Pz", ("Bastogne", "La Roche", "Celles")),
    ("3PzG", ("Rocherath", "Elsenborn")),
    ("15PzG", ("Bastogne", "Rochefort", "Marche")),
    ("FGB", ("Bastogne", "Houffalize", "Hotton")),
)

VC_CHOICES = ("historical", "small_solution", "luxembourg")  # 26.20A
CAMPAIGN_SCENARIOS = frozenset({"campaign", "extended"})


def first_turn(state: GameState) -> int:
    sc = state.module.scenarios.get(state.scenario)
    return state.turn_number(sc.first_turn) if sc else 1


def group_of(state: GameState, unit: str) -> str:
    """A unit's division code, or its own id when independent."""
    s = state.module.units[unit]
    return s.division or unit


def entry_edge(state: GameState, unit: str) -> str | None:
    """The map edge of a reinforcement's entry areas (10.6.1A)."""
    codes = set(state.module.units[unit].entry)
    for hx in state.module.hexes.values():
        if hx.entry and hx.entry in codes and hx.edge:
            return hx.edge
    return None


# --- set-up -------------------------------------------------------------------------


def arrival_shift(state: GameState, unit: str, turn: int, chosen: Iterable[str]) -> int | None:
    """The arrival turn of ``unit`` printed ``turn`` under the variants ``chosen``
    (26.1A, 26.2, 26.3, 26.5A); None when a variant keeps it out (26.8B-C, 26.12A)."""
    v = set(chosen)
    s = state.module.units[unit]
    g = group_of(state, unit)
    if s.side == "Allied":
        if "26.8" in v and g in SMALL_SOLUTION_ALLIED:
            return None
        if "26.12" in v and g in NORDWIND_ALLIED:
            return None
        if "26.1" in v:
            turn -= 1  # 26.1A
        if "26.2" in v and turn <= state.turn_number("18DecPM"):
            turn += 1  # 26.2
        if "26.3" in v and g in PATTON_SOUTH and entry_edge(state, unit) == "S":
            turn += 2  # 26.3
    else:
        if "26.8" in v and g in SMALL_SOLUTION_GERMAN:
            return None
        if "26.5" in v and not s.conditional and not s.optional and "drop" not in s.entry:
            turn -= 4  # 26.5A: two days = four turns
    return max(turn, 1)


def apply_initial(st: GameState) -> None:
    """Set-up effects of the chosen variants (called once by ``setup.initial_state``,
    before the zone placement). Units to be set up in a zone go to ``st.to_place``."""
    v = st.variants
    mod = st.module
    units = mod.units
    if "26.4" in v or "26.6" in v:  # 26.4A / 26.6A: the 2nd Infantry Division
        for u in SECOND_DIVISION:
            if u in units:
                st.pos.pop(u, None)
                if "26.6" in v:
                    st.to_place[u] = "west_of_our"
                else:
                    st.out_of_play.add(u)
        for u in NINETY_NINTH:  # 26.4B, 26.6B
            if u in units and u in st.pos:
                st.pos.pop(u)
                st.to_place[u] = "elsenborn3"
    if "26.7" in v or "26.9" in v:  # 26.7, 26.9A
        for u, spec in units.items():
            if spec.division in SS_PANZER and (u in st.pos or u in st.to_place):
                st.pos.pop(u, None)
                st.to_place[u] = "any_army"
    if "26.18" in v:  # 26.18A: deployed at start in any army zone
        for u, spec in units.items():
            if spec.division in II_SS_PANZER_CORPS:
                st.pending.pop(u, None)
                st.to_place[u] = "any_army"
    if "26.16" in v:  # 26.16A
        for u, spec in units.items():
            if spec.division in EASTERN_RESERVES:
                st.pending[u] = st.turn_number("17DecAM")
    if "26.17" in v:  # 26.17
        for u, spec in units.items():
            if spec.division == DIVISION_66 and spec.side == "Allied":
                st.pending[u] = st.turn_number("24DecAM")
    for u in sorted(st.pending):
        spec = units[u]
        if spec.optional:
            continue  # 26.16A / 26.17 give their own dates
        t = arrival_shift(st, u, st.pending[u], v)
        if t is None:
            del st.pending[u]
            st.out_of_play.add(u)
        else:
            st.pending[u] = t


# --- dynamic arrival hook ------------------------------------------------------------


def arrival_turn(state: GameState, unit: str, base: int | None) -> int | None:
    """Called by ``reinforcements.arrival_turn``: the turn a pending unit is due.

    26.10A-B: British units only once the trigger is met, then the following Allied
    player turn (recorded in ``triggers['26.10']``). 26.14A: no German reinforcement after
    AM 20 December; 26.20C (Operation Luxembourg chosen): none after PM 20 December."""
    if base is None:
        return None
    spec = state.module.units[unit]
    if spec.side == "German":
        if "26.14" in state.variants and base > state.turn_number("20DecAM"):
            return None
        if state.vc_choice == "luxembourg" and base > state.turn_number("20DecPM"):
            return None
        return base
    if "26.10" in state.variants and spec.nationality == "British":
        trig = state.triggers.get("26.10")
        if trig is None:
            return None
        return max(base, trig)
    return base


def entry_hexes(state: GameState, unit: str, printed: list[str]) -> list[str]:
    """26.15A-B: Allied units may enter anywhere on the edge of their entry areas
    (not at 5001/4401 on the north edge); 26.17: the 66th on any west-edge road hex."""
    spec = state.module.units[unit]
    if spec.side != "Allied" or not printed:
        return printed
    mod = state.module
    if "26.17" in state.variants and spec.division == DIVISION_66 and spec.optional:
        return list(_edge_hexes(mod, "W", roads_only=True))
    if "26.15" in state.variants:
        edges = {mod.hexes[h].edge for h in printed if mod.hexes[h].edge}
        # 26.15B limits the added freedom: a printed entry hex stays usable (interpretation)
        return sorted(set(printed).union(*(_edge_hexes(mod, e) for e in edges)))
    return printed


def _edge_hexes(mod, edge: str, roads_only: bool = False) -> tuple[str, ...]:  # noqa: ANN001
    """The hexes of one map edge (26.15: not 5001/4401 on the north edge; 26.17: road hexes
    only), sorted; the map never changes, so they are kept per module."""
    memo = module_memo(mod, "edge_hexes")
    if (edge, roads_only) not in memo:
        if roads_only:
            hexes = (h for h, hx in mod.hexes.items() if hx.edge == edge and h in mod.road_links)
        else:
            hexes = (h for h, hx in mod.hexes.items() if hx.edge == edge and not (edge == "N" and h in NO_NORTH_ENTRY))
        memo[(edge, roads_only)] = tuple(sorted(hexes))
    return memo[(edge, roads_only)]


# --- queries ---------------------------------------------------------------------------


def vc_choice_visible(state: GameState, viewer: str) -> bool:
    """26.20A: the German choice is secret; the Allies learn it when 26.20B-C say
    (``triggers['26.20']``) or when the game ends."""
    return viewer == "German" or state.game_over or "26.20" in state.triggers


# --- commands ------------------------------------------------------------------------


@cm.Command.register
@dataclass(frozen=True, slots=True)
class ChooseVictoryConditions(cm.Command):
    """26.20A: Germany's secret choice before play: historical / small_solution / luxembourg."""

    kind: ClassVar[str] = "choose_victory_conditions"
    choice: str


@cm.Command.register
@dataclass(frozen=True, slots=True)
class DeclareAirContention(cm.Command):
    """26.11A: Germany nullifies Allied air superiority this turn and the next."""

    kind: ClassVar[str] = "declare_air_contention"


PRESTART.add("choose_victory_conditions")


def choice_changes(state: GameState, choice: str) -> list[tuple[str, int]]:
    """26.20B: Allied north-edge arrivals after turn 8 two turns earlier; 26.20C: Allied
    south-edge arrivals after PM 21 December three turns earlier."""
    out: list[tuple[str, int]] = []
    for u in sorted(state.pending):
        s = state.module.units[u]
        if s.side != "Allied":
            continue
        t = state.pending[u]
        edge = entry_edge(state, u)
        if choice == "small_solution" and edge == "N" and t > 8:
            out.append((u, t - 2))
        elif choice == "luxembourg" and edge == "S" and t > state.turn_number("21DecPM"):
            out.append((u, t - 3))
    return out


@register_checker("choose_victory_conditions")
def _check_choice(state: GameState, cmd: ChooseVictoryConditions, dice: object) -> list[ev.Event]:
    if state.scenario not in CAMPAIGN_SCENARIOS:
        raise IllegalAction("only the Campaign Game offers a choice of victory conditions", rule="26.20A")
    if state.started or "26.20A" in state.triggers:
        raise IllegalAction("victory conditions are chosen once, at the start of the Campaign Game", rule="26.20A")
    if cmd.choice not in VC_CHOICES:
        raise IllegalAction(f"choose one of {', '.join(VC_CHOICES)}", rule="26.20A")
    if cmd.choice == "small_solution" and "26.9" in state.variants or \
            cmd.choice == "luxembourg" and "26.8" in state.variants:
        raise IllegalAction("contradicts the variant in play (26.8 / 26.9)", rule="26.20A")
    out: list[ev.Event] = [VictoryConditionsChosen(choice=cmd.choice)]
    changes = choice_changes(state, cmd.choice)
    if changes:
        out.append(ArrivalsShifted(changes=tuple(changes), reason="26.20B" if cmd.choice == "small_solution"
                                   else "26.20C"))
    return out


@register_checker("declare_air_contention")
def _check_contention(state: GameState, cmd: DeclareAirContention, dice: object) -> list[ev.Event]:
    if "26.11" not in state.variants:
        raise IllegalAction("Luftwaffe air contention is a variant not in use", rule="26.11A")
    if state.side != "German" or state.phase is not Phase.SUPPLY:
        raise IllegalAction("Germany declares air contention at the start of its player turn", rule="26.11A")
    if not state.is_clear():
        raise IllegalAction("only once the weather is clear", rule="26.11A")
    if "26.11" in state.triggers:
        raise IllegalAction("the Luftwaffe's reserve was already committed", rule="26.11A")
    return [VariantTriggered(rule="26.11", turn=state.turn, detail="Luftwaffe air contention"),
            ev.WeatherSet(turn=-state.turn, weather="contested"),
            ev.WeatherSet(turn=-(state.turn + 1), weather="contested")]


def withdrawal_commands(state: GameState, rng: object = None):  # noqa: ANN201 - a registry generator
    """Offer the variants' declarations when legal: 26.11A air contention, 26.13A the
    withdrawal and its second movement pass."""
    if "26.11" in state.variants and "26.11" not in state.triggers and state.side == "German" \
            and state.phase is Phase.SUPPLY:
        try:
            _check_contention(state, DeclareAirContention(), None)
            yield DeclareAirContention()
        except IllegalAction:
            pass
    if "26.13" not in state.variants or state.side != "Allied":
        return
    if not montgomery_withdrawal(state):
        try:
            _check_withdrawal(state, DeclareWithdrawal(), None)
            yield DeclareWithdrawal()
        except IllegalAction:
            pass
    elif state.phase is Phase.MOVEMENT and not second_withdrawal_pass(state):
        yield BeginSecondWithdrawalMove()


register_generator(withdrawal_commands, rank=DECLARATIONS)


# --- the phase hook ---------------------------------------------------------------------


def german_crossed_meuse(state: GameState) -> bool:
    """26.10A: a German combat unit west of the Meuse (on a west-bank hex or beyond)."""
    units = state.module.units
    return any(units[u].side == "German" and not units[u].is_leader and victory.west_of_meuse(state, h)
               for u, h in state.pos.items())


def us_destroyed(state: GameState) -> int:
    units = state.module.units
    return sum(1 for u in state.eliminated if units[u].nationality == "US")


def conditional_condition(state: GameState) -> bool:
    """23.0B: Germany occupies Bastogne and has a supplied unit within four hexes of the
    west side of the Meuse."""
    bastogne = state.module.town_hex("Bastogne")
    if bastogne is None:
        return False
    units = state.module.units
    occupied = any(h == bastogne and units[u].side == "German" for u, h in state.pos.items())
    return occupied and german_near_meuse(state, 4)


def conditional_pool(state: GameState, side: str) -> list[str]:
    """23.0A-F: the side's conditional units not yet committed (26.12B, 26.14B remove some)."""
    if side == "German" and "26.14" in state.variants:
        return []
    out = []
    for u, s in sorted(state.module.units.items()):
        if s.side != side or not s.conditional:
            continue
        if side == "German" and "26.12" in state.variants and s.division in NORDWIND_GERMAN_CONDITIONAL:
            continue
        if u in state.pending or u in state.pos or u in state.eliminated or u in state.out_of_play \
                or u in state.exited or u in state.withdrawn:
            continue
        out.append(u)
    return out


def _counter_turn(state: GameState, unit: str) -> int:
    a = state.module.units[unit].arrival
    return state.turn_number(a) if a else state.turn


def phase_hook(state: GameState, dice) -> list[ev.Event]:  # noqa: ANN001 - a DiceCursor
    """Automatic variant work at the start of a phase (registry.PHASE_HOOKS). The events
    are applied by the caller as they are returned, so each part sees the previous."""
    out: list[ev.Event] = []
    v = state.variants
    t = state.turn
    first_phase_of_game = t == first_turn(state) and state.side == "German" and state.phase is Phase.SUPPLY
    if first_phase_of_game and "26.18" in v and "26.18C" not in state.triggers:
        value, roll = dice.roll("Allied discovery of the II SS Panzer Corps (26.18C)")
        out.append(roll)
        if value >= 5:
            out.append(VariantTriggered(rule="26.18C", turn=t, detail=f"rolled {value}: the Allies are warned",
                                        adds="26.1"))
            changes = tuple((u, max(1, state.pending[u] - 1)) for u in sorted(state.pending)
                            if state.module.units[u].side == "Allied" and not state.module.units[u].optional)
            if changes:
                out.append(ArrivalsShifted(changes=changes, reason="26.18C / 26.1A"))
        else:
            out.append(VariantTriggered(rule="26.18C", turn=t, detail=f"rolled {value}: no effect"))
    if first_phase_of_game and state.scenario in CAMPAIGN_SCENARIOS and "26.20" not in state.triggers \
            and state.vc_choice == "luxembourg" and ("26.7" in v or "26.9" in v):
        out.append(VariantTriggered(rule="26.20", turn=t, detail="the SS divisions were relocated: the Allies "
                                    "know of Operation Luxembourg from the start (26.20C)"))
    if state.phase is Phase.SUPPLY and "26.20" not in state.triggers and state.vc_choice != "historical" \
            and state.side == "German":
        tell = 7 if state.vc_choice == "small_solution" else state.turn_number("20DecPM")
        if t >= tell:
            out.append(VariantTriggered(rule="26.20", turn=t, detail=f"Germany informs the Allies: {state.vc_choice} "
                                        f"({'26.20B' if state.vc_choice == 'small_solution' else '26.20C'})"))
    if "26.10" in v and "26.10" not in state.triggers and (german_crossed_meuse(state) or us_destroyed(state) > 35):
        when = t if state.side == "German" else t + 1  # 26.10B: the following Allied player turn
        out.append(VariantTriggered(rule="26.10", turn=when, detail="XXX Corps is committed (26.10B)"))
    if "26.19" in v and state.side == "German" and state.phase is Phase.SUPPLY and t > first_turn(state):
        changes: list[tuple[str, int]] = []
        for group, objectives in RESERVE_RELEASE:
            if not any(victory.objective_control(state, o) == "German" for o in objectives):
                continue
            for u in sorted(state.pending):
                if group_of(state, u) == group and state.pending[u] > t:
                    changes.append((u, t))
        if changes:
            out.append(ArrivalsShifted(changes=tuple(changes), reason="release objective captured (26.19B)"))
    if state.has_rule("23") and state.phase is Phase.MOVEMENT and conditional_condition(state):
        out += _conditional_events(state, dice)
    if victory.sudden_death(state) and not state.game_over:
        out.append(ev.GameEnded(turn=t))
    return out


def _conditional_events(state: GameState, dice) -> list[ev.Event]:  # noqa: ANN001
    """23.0B-E: the first turn the condition exists CCR/5th Armored joins the Allies'
    next player turn; each side rolls two dice before its Movement Phase, and each 1-2
    commits three conditional units (by default the engine takes them in counter order; the
    side may select others with ChooseConditionalUnits), which enter as regular
    reinforcements no earlier than the turn printed on them."""
    out: list[ev.Event] = []
    t = state.turn
    side = state.side
    if "23B" not in state.triggers:
        out.append(VariantTriggered(rule="23B", turn=t, detail="Germany holds Bastogne near the Meuse (23.0B)"))
        ccr = "5Arm/CCR"
        if ccr in state.module.units and ccr in conditional_pool(state, "Allied"):
            out.append(ArrivalsShifted(changes=((ccr, t if side == "German" else t + 1),), reason="23.0B"))
    pool = [u for u in conditional_pool(state, side) if not (out and u == "5Arm/CCR")]
    if not pool:
        return out
    hits = 0
    for _ in range(2):
        value, roll = dice.roll(f"{side} conditional forces (23.0B)")
        out.append(roll)
        hits += value <= 2
    chosen = pool[: 3 * hits]
    if chosen:
        out.append(ArrivalsShifted(changes=tuple((u, max(t, _counter_turn(state, u))) for u in chosen),
                                   reason="conditional forces committed (23.0B)"))
        # 23.0B "that side may select any three units": the counter-order pick is a default the
        # side may replace this Movement Phase (ChooseConditionalUnits)
        out += [VariantTriggered(rule=f"{CONDITIONAL_PICK}{u}", turn=t, detail="default selection (23.0B)")
                for u in chosen]
    return out


CONDITIONAL_PICK = "23B/"  # triggers key prefix: unit -> turn it was committed by a 1-2 roll
CONDITIONAL_CHOSEN = "23B-chosen/"  # + side -> turn the side made (or confirmed) its selection


def committed_this_turn(state: GameState, side: str) -> list[str]:
    """23.0B: the conditional units ``side`` committed by this turn's 1-2 rolls."""
    units = state.module.units
    n = len(CONDITIONAL_PICK)
    return sorted(k[n:] for k, t in state.triggers.items()
                  if k.startswith(CONDITIONAL_PICK) and t == state.turn and k[n:] in units
                  and units[k[n:]].side == side)


@ev.Event.register
@dataclass(frozen=True, slots=True)
class ConditionalUnitsChosen(ev.Event):
    """23.0B: the side's own selection replaces the default one: ``released`` go back to the
    conditional pool, ``chosen`` (unit, arrival turn) are committed."""

    kind: ClassVar[str] = "conditional_units_chosen"
    side: str
    released: tuple[str, ...]
    chosen: tuple[tuple[str, int], ...]


@register_handler("conditional_units_chosen")
def _cond_chosen(s: GameState, e: ConditionalUnitsChosen) -> None:  # type: ignore[override]
    for u in e.released:
        s.pending.pop(u, None)
        s.triggers.pop(f"{CONDITIONAL_PICK}{u}", None)
    for u, t in e.chosen:
        s.pending[u] = t
        s.triggers[f"{CONDITIONAL_PICK}{u}"] = s.turn
    s.triggers[f"{CONDITIONAL_CHOSEN}{e.side}"] = s.turn  # 23.0B: the side has made its selection


@cm.Command.register
@dataclass(frozen=True, slots=True)
class ChooseConditionalUnits(cm.Command):
    """23.0B: the side selects which conditional units its 1-2 rolls of this turn commit
    (three per 1-2), replacing the engine's default counter-order pick."""

    kind: ClassVar[str] = "choose_conditional_units"
    units: tuple[str, ...]


@register_checker("choose_conditional_units")
def _check_cond(state: GameState, cmd: ChooseConditionalUnits, dice: object) -> list[ev.Event]:
    if not state.has_rule("23"):
        raise IllegalAction("conditional forces are an optional rule not in use", rule="23.0A")
    side = state.side
    if state.phase is not Phase.MOVEMENT:
        raise IllegalAction("conditional units are selected in the side's Movement Phase, after its roll",
                            rule="23.0B")
    committed = committed_this_turn(state, side)
    if not committed:
        raise IllegalAction(f"the {side} player committed no conditional units this turn (no 1-2 rolled)",
                            rule="23.0B")
    if any(u not in state.pending for u in committed):
        raise IllegalAction("a unit of the default selection has already entered the map", rule="23.0D")
    units = tuple(cmd.units)
    if len(set(units)) != len(units) or len(units) != len(committed):
        raise IllegalAction(f"select exactly {len(committed)} different conditional units "
                            f"(three for each 1-2 rolled)", rule="23.0B")
    allowed = set(conditional_pool(state, side)) | set(committed)
    bad = [u for u in units if u not in allowed]
    if bad:
        raise IllegalAction(f"{', '.join(bad)} is not an uncommitted {side} conditional unit", rule="23.0B")
    t = state.turn
    released = tuple(u for u in committed if u not in units)
    chosen = tuple((u, max(t, _counter_turn(state, u))) for u in sorted(units) if u not in committed)
    return [ConditionalUnitsChosen(side=side, released=released, chosen=chosen)]


register_phase_hook(phase_hook, DECLARATIONS)


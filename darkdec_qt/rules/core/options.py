"""Optional rules and game variants: the catalogue and the legality of a combination.

Each toggle is identified by its rule number. A game's choices are recorded in
its state (``GameState.optional``, ``GameState.variants``) and in the game file.
"""

from __future__ import annotations

from dataclasses import dataclass

from darkdec_qt.rules.core.errors import IllegalAction, MalformedCommand


@dataclass(frozen=True, slots=True)
class Toggle:
    rule: str
    name: str
    requires: tuple[str, ...] = ()
    forbids: tuple[str, ...] = ()
    note: str = ""


OPTIONAL_RULES: dict[str, Toggle] = {
    t.rule: t
    for t in (
        Toggle("7.1.7A", "Bridge blowing in proximity only", note="enemy units no more than three hexes away"),
        Toggle("8.6", "Surrender"),
        Toggle("10.3", "Disengagement"),
        Toggle("10.8", "Withdrawal options", note="10.8B optional clauses and 10.8C 150th Pz Bde withdrawal"),
        Toggle("12.3", "Armored units' ZOCs"),
        Toggle("12.4", "150th Panzer Brigade infiltration"),
        Toggle("13.5.1E", "Retreat full distance without a commander", requires=("15",)),
        Toggle("14", "Reserves"),
        Toggle("14.6", "Historical reserve status", requires=("14",)),
        Toggle("15", "Commander units"),
        Toggle("15.9", "Dietrich's tactical incompetency"),
        Toggle("23", "Conditional forces"),
        Toggle("24", "Uncertain weather"),
        Toggle("25", "Fog of war"),
    )
}

VARIANTS: dict[str, Toggle] = {
    t.rule: t
    for t in (
        Toggle("26.1", "The Allies Warned", forbids=("26.2",)),
        Toggle("26.2", "Allied Command Confusion", forbids=("26.1",)),
        Toggle("26.3", "Patton Hesitates"),
        Toggle("26.4", "U.S. 2nd Infantry Division Unavailable", forbids=("26.6",)),
        Toggle("26.5", "All Out German Effort"),
        Toggle("26.6", "Middleton's Defense", forbids=("26.4",)),
        Toggle("26.7", "SS Panzer Reserve Deployment"),
        Toggle("26.8", "The Small Solution", forbids=("26.9", "26.16", "26.17")),
        Toggle("26.9", "Operation Luxembourg", forbids=("26.8",)),
        Toggle("26.10", "XXX Corps Does Not Arrive"),
        Toggle("26.11", "Luftwaffe Air Contention"),
        Toggle("26.12", "Operation Nordwind"),
        Toggle("26.13", "Montgomery's Withdrawal"),
        Toggle("26.14", "Russian Offensive"),
        Toggle("26.15", "The Allied Big Solution"),
        Toggle("26.16", "Hitler Commits Eastern Reserves", requires=("26.5",)),
        Toggle("26.17", "US 66th Division Is Committed"),
        Toggle("26.18", "German Reserve Deployment", requires=("26.5", "26.16")),
        Toggle("26.19", "German Reserve Commitment"),
    )
}


def check_choices(optional: set[str] | frozenset[str], variants: set[str] | frozenset[str],
                  allowed_optional: tuple[str, ...] | None = None,
                  allowed_variants: tuple[str, ...] | None = None) -> None:
    """Raise IllegalAction if the combination is not one the rulebook allows.

    26.8A: under the Small Solution optional forces are not available, so it
    excludes 26.16 and 26.17. 26.16B and 26.18B name the variants they need.
    """
    chosen = set(optional) | set(variants)
    for r in optional:
        if r not in OPTIONAL_RULES:
            raise MalformedCommand(f"unknown optional rule {r!r}")
        if allowed_optional is not None and r not in allowed_optional:
            raise IllegalAction(f"optional rule {r} ({OPTIONAL_RULES[r].name}) is not available in this scenario", rule=r)
    for v in variants:
        if v not in VARIANTS:
            raise MalformedCommand(f"unknown variant {v!r}")
        if allowed_variants is not None and v not in allowed_variants:
            raise IllegalAction(f"variant {v} ({VARIANTS[v].name}) is not available in this scenario", rule=v)
    for r in sorted(chosen):
        t = OPTIONAL_RULES.get(r) or VARIANTS[r]
        for need in t.requires:
            if need not in chosen:
                other = (OPTIONAL_RULES.get(need) or VARIANTS[need]).name
                raise IllegalAction(f"{t.name} ({r}) must be used with {other} ({need})", rule=r)
        for bad in t.forbids:
            if bad in chosen:
                other = (OPTIONAL_RULES.get(bad) or VARIANTS[bad]).name
                raise IllegalAction(f"{t.name} ({r}) cannot be combined with {other} ({bad})", rule=r)


def catalogue() -> dict[str, list[dict[str, object]]]:
    """For ``darkdec scenarios --json`` and the new-game dialog."""

    def d(t: Toggle) -> dict[str, object]:
        return {"rule": t.rule, "name": t.name, "requires": list(t.requires), "forbids": list(t.forbids), "note": t.note}

    return {"optional_rules": [d(t) for t in OPTIONAL_RULES.values()], "variants": [d(t) for t in VARIANTS.values()]}

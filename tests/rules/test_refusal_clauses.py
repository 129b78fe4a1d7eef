"""Every refusal names its exact clause: the ``rule`` of each ``IllegalAction`` the rules
engine can raise is a clause id of the rules index, and the most specific one (a clause of
``rulebook-ids.txt``: a lettered paragraph, or a numbered heading with text and no lettered
paragraphs of its own, never a section title like ``14.3`` or ``13.6``).

The refusals are collected statically: every ``IllegalAction(...)`` call in
``darkdec_qt/rules`` (an AST walk, so a new refusal is checked the day it is written). A
``rule`` that is not a literal comes from a function that computes it; each such site is listed
in ``DERIVED`` with the functions whose clause ids it can return, and those are checked in turn.
``MalformedCommand`` (an unknown unit, hex or command, no rule clause) carries no rule.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import darkdec_qt.rules as rules_package
from darkdec_qt import clauses
from darkdec_qt.rules.combat import commands as cc
from darkdec_qt.rules.core import commands as cm
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.options import OPTIONAL_RULES, VARIANTS
from darkdec_qt.rules.core.phases import Phase
from darkdec_qt.rules.engine import check
from tests.rules.builder import ScenarioBuilder
from tests.rules.combat_builder import CombatBuilder
from tests.rules.combat_helpers import pending, run

RULES = Path(rules_package.__file__).resolve().parent
CLAUSE = re.compile(r"^\d{1,2}(?:\.\d{1,2}){1,3}[A-Z]?$")
IN_TEXT = re.compile(r"\((\d{1,2}(?:\.\d{1,2}){1,3}[A-Z]?)\)$")

# (module, enclosing function) of a refusal whose rule is computed -> where it is computed
# ("module:function", or "module:NAME" for a module-level table). The enclosing function is
# always searched too (its own literals: ``rule = "A" if ... else "B"``).
DERIVED: dict[tuple[str, str], tuple[str, ...]] = {
    ("airpower", "_check_mission"): (),
    ("battle", "check_declare"): ("battle:free_to_attack",),
    ("procedure", "_c_declare"): ("commanders:command_refusal", "commanders:restriction"),
    ("procedure", "_c_result"): ("losses:check_losses", "commanders:command_refusal", "commanders:restriction"),
    ("procedure", "_c_retreat"): ("refusals:retreat_clause", "retreat:loss_clause", "losses:check_losses"),
    ("procedure", "_c_losses"): ("losses:check_losses",),
    ("procedure", "_c_advance"): ("refusals:advance_clause",),
    ("engine", "_own_moving_phase"): ("engine:<calls _own_moving_phase>",),
    ("freesetup", "check_place"): ("freesetup:zone_rule", "freesetup:in_zone"),
    ("fuel", "check_choose"): ("fuel:ineligible_clause",),
    ("move", "walk"): ("move:ERRORS",),
    ("withdrawals", "end_phase_problem"): ("withdrawals:withdrawal_rule",),
}
# A refusal of a combination of options (options.check_choices) names the option it refuses, whose
# id is the optional rule's or variant's own ("14", "26.13"), not one clause of it.
OPTION_SITES = {("options", "check_choices")}
OPTION_IDS = set(OPTIONAL_RULES) | set(VARIANTS)


def _leaf_ids() -> set[str]:
    """The clauses of the rulebook that the rules index lists (every one: test_rules_index)."""
    index = clauses.load_index(tests_dir=None)
    return {c for c in clauses.rulebook_ids() if index.get(c) is not None}


def _trees() -> dict[str, ast.Module]:
    return {p.relative_to(RULES).with_suffix("").as_posix().replace("/", "."): ast.parse(p.read_text("utf-8"))
            for p in RULES.rglob("*.py")}


def _short(module: str) -> str:
    return module.rsplit(".", 1)[-1]


def _sites(trees: dict[str, ast.Module]):
    """(module, function, line, rule expression or None) of every IllegalAction(...) call."""
    for mod, tree in trees.items():
        for fn in [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]:
            for node in ast.walk(fn):
                if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) \
                        == "IllegalAction":
                    rule = next((k.value for k in node.keywords if k.arg == "rule"), None)
                    yield _short(mod), fn.name, node.lineno, rule


def _literals(node: ast.AST | None) -> list[str] | None:
    """The clause ids a literal rule expression can take (a string, or ``a if c else b``)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        a, b = _literals(node.body), _literals(node.orelse)
        return None if a is None or b is None else a + b
    return None


def _ids_in(node: ast.AST) -> set[str]:
    """The clause ids in an expression: strings that are clause ids, and ids cited in
    parentheses at the end of a reason."""
    out = set()
    for n in ast.walk(node):
        if isinstance(n, ast.Constant) and isinstance(n.value, str):
            if CLAUSE.match(n.value):
                out.add(n.value)
            elif (m := IN_TEXT.search(n.value)):
                out.add(m.group(1))
    return out


def _returned(fn: ast.FunctionDef) -> set[str]:
    """The clause ids a function returns (``return "8.7.2A", why`` or ``return rule_literal``)."""
    out: set[str] = set()
    for n in ast.walk(fn):
        if isinstance(n, ast.Return) and n.value is not None:
            v = n.value.elts[0] if isinstance(n.value, ast.Tuple) else n.value
            if isinstance(v, ast.Dict | ast.Call):  # zone_rule's table: {zone: rule}.get(zone, default)
                out |= _ids_in(v)
            else:
                out |= _ids_in(v) if isinstance(v, ast.Constant | ast.IfExp | ast.JoinedStr) else set()
    return out | _local(fn, set())  # and what it assigns to ``rule`` before returning it


def _local(fn: ast.FunctionDef, callees: set[str]) -> set[str]:
    """The clause ids a refusing function computes itself: assigned to ``rule`` or passed to
    the functions that compute the rule."""
    out: set[str] = set()
    for n in ast.walk(fn):
        if isinstance(n, ast.Assign) and any(getattr(x, "id", "") == "rule" for x in n.targets):
            out |= _ids_in(n.value) if isinstance(n.value, ast.Constant | ast.IfExp | ast.BoolOp) else set()
        if isinstance(n, ast.Call) and getattr(n.func, "attr", getattr(n.func, "id", "")) in callees:
            for a in list(n.args) + [k.value for k in n.keywords]:
                out |= _ids_in(a) if isinstance(a, ast.Constant | ast.IfExp) else set()
    return out


def _provider(trees: dict[str, ast.Module], ref: str) -> set[str]:
    mod, name = ref.split(":")
    tree = next(t for m, t in trees.items() if _short(m) == mod)
    if name.startswith("<calls "):
        callee = name[len("<calls "):-1]
        calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and getattr(n.func, "id", "") == callee]
        assert calls, ref
        return {c.args[3].value for c in calls}  # (state, unit, phases, rule)
    for n in ast.walk(tree):
        if isinstance(n, ast.FunctionDef) and n.name == name:
            return _returned(n)
        if isinstance(n, ast.Assign | ast.AnnAssign):
            targets = n.targets if isinstance(n, ast.Assign) else [n.target]
            if any(getattr(t, "id", "") == name for t in targets):
                return _ids_in(n)
    raise AssertionError(f"{ref} not found")


def test_every_refusal_names_a_clause_of_the_rules_index_and_the_most_specific_one():
    ids = _leaf_ids()
    trees = _trees()
    bad: list[str] = []
    used_derived = set()
    n = 0
    for mod, fn, line, rule in _sites(trees):
        n += 1
        where = f"{mod}.{fn} line {line}"
        if rule is None:
            bad.append(f"{where}: no rule (use MalformedCommand when no clause applies)")
            continue
        lits = _literals(rule)
        if lits is None and (mod, fn) in OPTION_SITES:
            continue  # checked by test_option_refusals_name_the_option
        if lits is None:
            if (mod, fn) not in DERIVED:
                bad.append(f"{where}: rule {ast.unparse(rule)} is computed; list where in DERIVED")
                continue
            used_derived.add((mod, fn))
            tree = next(t for m, t in trees.items() if _short(m) == mod)
            enclosing = next(x for x in ast.walk(tree) if isinstance(x, ast.FunctionDef) and x.name == fn)
            callees = {r.split(":")[1] for r in DERIVED[(mod, fn)]}
            lits = sorted(_local(enclosing, callees).union(*(_provider(trees, r) for r in DERIVED[(mod, fn)])))
            assert lits, where
        for r in lits:
            if r not in ids:
                bad.append(f"{where}: {r!r} is not a clause of the rules index (a section title or no id)")
    assert n > 200  # the walk found the engine's refusals
    assert not bad, "\n".join(bad)
    assert used_derived == set(DERIVED), set(DERIVED) - used_derived  # no stale entry


def test_option_refusals_name_the_option():
    trees = _trees()
    for mod, fn, line, rule in _sites(trees):
        if (mod, fn) in OPTION_SITES:
            assert isinstance(rule, ast.Name) and rule.id in ("r", "v", "need", "bad"), line
    assert OPTION_IDS and all(CLAUSE.match(i) or re.match(r"^\d{1,2}$", i) for i in OPTION_IDS)


@pytest.mark.parametrize("rule", ["14.3", "13.6", "7.1.5.1", "10.4.1", "13.5.1E/15.2A", "TEC", ""])
def test_the_check_refuses_section_titles_and_compound_ids(rule):
    assert rule not in _leaf_ids()


# --- the refusals the rules index named imprecisely, raised through the engine ------------------
def _refusal(state, command) -> IllegalAction:
    with pytest.raises(IllegalAction) as e:
        run(state, command)
    return e.value


def test_13_2A_a_battle_eligibility_refusal_carries_its_clause_in_the_rule_field():
    s = CombatBuilder().german("g", "0505").allied("a", "0605").build()
    s.attacked.add("g")
    err = _refusal(s, cc.DeclareBattle(attackers=("g",), defenders=("a",)))
    assert err.rule == "13.2A" and err.unit == "g"


def test_13_9_2A_armor_first_losses_are_refused_with_13_9_2A():
    # given an attack that used armor superiority against woods and owes one mandatory step
    s = CombatBuilder().german("pz", "0505", type="armor").german("inf", "0604").allied("a", "0605") \
        .terrain("0605", "woods").build()
    pending(s, ("pz", "inf"), ("a",), "A1", (("mandatory", "German", "", 1),), levels=(("0605", 2),),
            armor_used=True)
    # when the infantry is named, then the refusal cites 13.9.2A, not 13.5.1C or 13.5.4
    assert _refusal(s, cc.ChooseLosses(units=("inf",))).rule == "13.9.2A"
    run(s, cc.ChooseLosses(units=("pz",)))


def test_13_6_2D_an_armored_retreat_stopped_by_a_river_owes_its_step_under_13_6_2D():
    b = CombatBuilder().german("g", "0405").allied("tk", "0505", type="armor")
    for n in ("0504", "0604", "0605", "0506", "0404"):
        b.river("0505", n)
    s = b.build()
    pending(s, ("g",), ("tk",), "D1", (("retreat", "Allied", "0505", 1),))
    assert _refusal(s, cc.ChooseRetreat(units=("tk",), path=("0505",))).rule == "13.6.2D"


def test_14_2B_entering_strategic_movement_in_the_exploitation_phase_cites_14_2B():
    b = ScenarioBuilder(cols=8, rows=8)
    b.road("0205", "0305", "0405", road="N1")
    b.unit("G", "German", "infantry", (4, 4, 5), at="0205")
    b.unit("A", "Allied", "infantry", (3, 4, 5), at="0808")
    st = b.state(turn="18DecAM", side="German", phase=Phase.EXPLOITATION, optional=("14",))
    st.reserve.add("G")
    with pytest.raises(IllegalAction) as e:
        check(st, cm.EnterStrategic("G"))
    assert e.value.rule == "14.2B"

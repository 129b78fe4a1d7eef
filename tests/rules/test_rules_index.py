"""The rules index (darkdec_qt/resources/rules/clauses.toml): complete, consistent with the code and the tests.

Fails when the index misses a clause of sections 5-26, when a behavioural clause has no test
naming it and is not listed as a known gap, when the gap list grows, when an entry names a
function or test that does not exist, and when a rule id used in the engine's refusals, the log,
the client or the tests' names is not in the index."""

from __future__ import annotations

import ast
import os
import re
from pathlib import Path

import pytest

from darkdec_qt import clauses as rc

INDEX = rc.load_index()
ROOT = rc.REPO_ROOT
# Every behavioural clause of 5-26 is named by a test. No gap is
# allowed any more (tested = false fails CI): a new clause comes with its test.
MAX_GAPS = 0
# A refusal may cite a chart, the log or the file-exchange protocol instead of a clause: a
# reference without a digit is not a clause id; one with a digit must be a known id.


def _known(rule_id: str) -> bool:
    rid = rc.normalize(rule_id)
    if rc.in_index_range(rid):
        return INDEX.knows(rid)
    ids = rc.rulebook_ids()
    return rid in ids or any(i.startswith(rid + ".") or rc.number_of(i) == rid for i in ids)


def _rulebook() -> Path | None:
    env = os.environ.get("DARKDEC_RULEBOOK")
    if env:
        return Path(env)
    for parent in ROOT.parents:
        p = parent / "shared" / "reference" / "rulebook.md"
        if p.is_file():
            return p
    return None


def test_extractor_reads_lettered_and_unlettered_clauses():
    text = "\n".join([
        "- 7.0 Sequence of Play", "7.0 Sequence of Play", "A. one", "B. two", "7.1 First Player Turn",
        "7.1.1 Supply Phase", "A. x", "7.1.2 Replacement Phase", "Prose only.", "Example: x", "7.2 Empty"])
    ids, titles = rc.ids_from_rulebook(text)
    assert ids == ["7.0A", "7.0B", "7.1.1A", "7.1.2"]
    assert titles["7.1"] == "First Player Turn" and "7.2" in titles


def test_extractor_refuses_a_clause_seen_twice():
    with pytest.raises(ValueError, match="7.0A"):
        rc.ids_from_rulebook("7.0 S\nA. one\nA. again")


def test_the_index_lists_every_clause_of_sections_5_to_26_and_nothing_else():
    expected = [i for i in rc.rulebook_ids() if rc.in_index_range(i)]
    assert list(INDEX.clauses) == expected
    assert len(expected) > 500


def test_the_id_list_matches_the_rulebook():
    path = _rulebook()
    if path is None:
        pytest.skip("the rulebook is not on this machine (set DARKDEC_RULEBOOK)")
    ids, _ = rc.ids_from_rulebook(path.read_text(encoding="utf-8"))
    assert ids == rc.rulebook_ids()


def test_summaries_are_not_the_rulebooks_sentences():
    path = _rulebook()
    if path is None:
        pytest.skip("the rulebook is not on this machine (set DARKDEC_RULEBOOK)")
    words = re.findall(r"[a-z0-9]+", path.read_text(encoding="utf-8").lower())
    runs = {" ".join(words[i:i + 9]) for i in range(len(words) - 8)}
    copied = []
    for c in INDEX.clauses.values():
        w = re.findall(r"[a-z0-9]+", c.summary.lower())
        if any(" ".join(w[i:i + 9]) in runs for i in range(len(w) - 8)):
            copied.append(c.id)
    assert not copied, f"summaries repeating nine words of the rulebook: {copied}"


def test_every_behavioural_clause_is_named_by_a_test_or_is_a_listed_gap():
    missing = [c.id for c in INDEX.clauses.values() if c.testable and not c.covered and not c.gap]
    assert not missing, f"behavioural clauses no test names (write one, or mark tested = false): {missing}"


def test_the_gap_list_only_shrinks():
    gaps = [c.id for c in INDEX.clauses.values() if c.gap]
    stale = [c.id for c in INDEX.clauses.values() if c.gap and c.covered]
    assert not stale, f"now tested, remove 'tested = false' from: {stale}"
    assert len(gaps) <= MAX_GAPS, f"{len(gaps)} known gaps, more than {MAX_GAPS}: test the new clauses"


def test_coverage_is_100_percent_in_every_section():
    low = [(r.section, r.covered, r.testable) for r in rc.coverage(INDEX) if r.covered < r.testable]
    assert not low, f"sections below 100 % (section, tested, of): {low}"


def test_gaps_are_only_behavioural_clauses():
    assert not [c.id for c in INDEX.clauses.values() if c.gap and not c.testable]


def test_every_named_function_exists():
    bad = [(c.id, f) for c in INDEX.clauses.values() for f in c.enforced if not rc.function_exists(f)]
    assert not bad


def test_every_listed_test_exists():
    bad = [(c.id, t) for c in INDEX.clauses.values() for t in c.listed_tests if not rc.test_exists(t)]
    assert not bad


def test_function_and_test_checks_catch_a_wrong_name():
    assert rc.function_exists("darkdec_qt.clauses:load_index")
    assert not rc.function_exists("darkdec_qt.clauses:no_such_function")
    assert not rc.function_exists("darkdec_qt.rules.no_such_module:f")
    assert rc.test_exists(f"tests/rules/test_rules_index.py::{test_every_listed_test_exists.__name__}")
    assert not rc.test_exists("tests/rules/test_rules_index.py::test_no_such_test")


def test_a_malformed_entry_is_refused():
    with pytest.raises(rc.IndexError_, match="kind"):
        rc.parse_index({"clause": {"7.0A": {"summary": "x", "kind": "rule"}}})
    with pytest.raises(rc.IndexError_, match="summary"):
        rc.parse_index({"clause": {"7.0A": {"kind": "behaviour"}}})


def test_test_names_are_read_as_rule_ids():
    assert rc.ids_in_test_name("test_10_4_1A_not_sole_occupant") == ["10.4.1A"]
    assert rc.ids_in_test_name("test_9_1A_B_not_in_zoc") == ["9.1A", "9.1B"]
    assert rc.ids_in_test_name("test_20_4_1A_hit_and_20_4_1B_chooses") == ["20.4.1A", "20.4.1B"]
    assert rc.ids_in_test_name("test_7_0_next_phase") == ["7.0"]
    assert rc.ids_in_test_name("test_16_2_1c_builders") == ["16.2.1C"]
    assert rc.ids_in_test_name("test_screenshot") == []


def _rule_kwargs(tree: ast.AST) -> list[str]:
    """``rule=`` arguments and ``rule = "..."`` assignments that are string literals."""
    out = []
    for n in ast.walk(tree):
        if isinstance(n, ast.Call):
            for kw in n.keywords:
                if kw.arg == "rule" and isinstance(kw.value, ast.Constant) and isinstance(kw.value.value, str):
                    out.append(kw.value.value)
        elif isinstance(n, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "rule" for t in n.targets):
            if isinstance(n.value, ast.Constant) and isinstance(n.value.value, str):
                out.append(n.value.value)
    return out


def _expand(ref: str) -> list[str]:
    """``20.4.1B-C`` -> 20.4.1B, 20.4.1C; ``10.4/11.2`` -> both."""
    out = []
    for tok in re.split(r"[/,\s]+", ref.strip()):
        m = re.fullmatch(r"(\d+(?:\.\d+)+)([A-Z])-([A-Z])", tok)
        if m:
            out += [m.group(1) + chr(c) for c in range(ord(m.group(2)), ord(m.group(3)) + 1)]
        elif tok:
            out.append(tok)
    return out


def test_every_rule_cited_by_the_engine_and_the_client_is_in_the_index():
    unknown = set()
    for pkg in ("darkdec_qt/rules", "darkdec_qt/game", "darkdec_qt/ui"):
        for path in sorted((ROOT / pkg).rglob("*.py")):
            if path.name == "clauses.py":
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"))
            cited = []
            for ref in _rule_kwargs(tree):
                if path.name == "variants.py" and not re.match(r"\d+\.", ref):
                    continue  # VariantTriggered(rule=...) is a trigger key, not a citation
                cited += [r for r in _expand(ref) if any(ch.isdigit() for ch in r)]
            for n in ast.walk(tree):  # refusal messages, log narration, labels, docstrings
                if isinstance(n, ast.Constant) and isinstance(n.value, str):
                    cited += rc.ids_in_text(n.value)
            unknown |= {f"{path.name}: {r}" for r in cited if not re.fullmatch(r"\d+(\.\d+)+[A-Z]?", r)
                        or not _known(r)}
    assert not unknown, sorted(unknown)


def test_every_rule_named_by_a_test_is_in_the_index():
    unknown = {rid: tests[0] for rid, tests in rc.scan_tests().items() if not _known(rid)}
    assert not unknown


def test_cli_prints_a_clause_with_enforcement_and_tests(capsys):
    from darkdec_qt.cli import main

    assert main(["rules", "10.4.1a"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("10.4.1A") and "_check_enter_strategic" in out
    assert "test_10_4_1A_" in out


def test_cli_prints_coverage_per_section(capsys):
    from darkdec_qt.cli import main

    assert main(["rules", "--coverage"]) == 0
    out = capsys.readouterr().out
    lines = {ln.split()[0]: ln for ln in out.splitlines()[1:]}
    assert set(map(str, range(5, 27))) <= set(lines) and "all" in lines
    total = rc.coverage(INDEX)
    assert f"{sum(r.covered for r in total)} " in lines["all"]


def test_cli_unknown_clause_is_an_error(capsys):
    from darkdec_qt.cli import main

    assert main(["rules", "99.9Z"]) == 1
    assert "no clause 99.9Z" in capsys.readouterr().err


def test_prune_gaps_removes_the_mark_only_where_a_test_now_names_the_clause(tmp_path):
    index = tmp_path / "clauses.toml"
    index.write_text('[clause."7.0A"]\nsummary = "x"\nkind = "behaviour"\ntested = false\n\n'
                     '[clause."7.0B"]\nsummary = "y"\nkind = "behaviour"\ntested = false\nnote = "Gap: why"\n')
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_a.py").write_text("def test_7_0B_germany_first():\n    assert True\n")
    assert rc.prune_gaps(index, tests) == ["7.0B"]
    text = index.read_text()
    assert text.count("tested = false") == 1 and text.index("tested = false") < text.index("7.0B")
    assert "Gap: why" not in text

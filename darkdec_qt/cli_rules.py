"""``darkdec rules``: the rules index from the command line.

``darkdec rules 10.4.1A`` prints a clause (summary, kind, where the engine enforces it, the tests
that name it); ``darkdec rules 10.4`` every clause under a heading; ``darkdec rules --search
strategic ZOC`` searches the summaries; ``darkdec rules --coverage`` the share of behavioural
clauses named by a test, per section; ``darkdec rules --extract RULEBOOK`` rewrites the list of
the rulebook's clause ids (darkdec_qt/resources/rules/rulebook-ids.txt) from the rulebook's text;
``darkdec rules --prune-gaps`` removes the known-gap mark of clauses a test now names.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from darkdec_qt import clauses as rc


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("rules", help="the rules index: a clause, its enforcement and tests; coverage")
    p.add_argument("clause", nargs="*", help="clause ids (10.4.1A) or headings (10.4)")
    p.add_argument("--coverage", action="store_true", help="behavioural clauses named by a test, per section")
    p.add_argument("--gaps", action="store_true", help="with --coverage: list the untested clauses")
    p.add_argument("--search", metavar="WORDS", help="clauses whose summary holds every word")
    p.add_argument("--prune-gaps", action="store_true",
                   help="remove 'tested = false' from clauses a test now names (darkdec_qt/resources/rules/clauses.toml)")
    p.add_argument("--extract", metavar="RULEBOOK", help="write darkdec_qt/resources/rules/rulebook-ids.txt from the rulebook")
    p.set_defaults(func=cmd_rules)


def describe(index: rc.RulesIndex, c: rc.Clause) -> str:
    lines = [f"{c.id}  {index.title_of(c.id)}", f"  {c.summary}", f"  kind: {c.kind}"]
    lines.append("  enforced by: " + (", ".join(c.enforced) if c.enforced else "(no function listed)"))
    if c.tests:
        lines.append(f"  tests ({len(c.tests)}):")
        lines += [f"    {t}" for t in c.tests]
    elif c.testable:
        lines.append("  tests: none yet (a known gap)")
    else:
        lines.append("  tests: none needed (not a behavioural clause)")
    if c.note:
        lines.append(f"  note: {c.note}")
    return "\n".join(lines)


def coverage_table(index: rc.RulesIndex) -> str:
    rows = rc.coverage(index)
    out = [f"{'section':<42} {'tested':>7} {'of':>4} {'%':>6}"]
    tot = cov = 0
    for r in rows:
        out.append(f"{r.section:>2} {r.title[:39]:<39} {r.covered:>7} {r.testable:>4} {r.percent:>5.0f}%")
        tot += r.testable
        cov += r.covered
    pct = 100.0 * cov / tot if tot else 100.0
    out.append(f"{'all (5-26)':<42} {cov:>7} {tot:>4} {pct:>5.0f}%")
    return "\n".join(out)


def cmd_rules(args: argparse.Namespace) -> int:
    if args.extract:
        ids, _ = rc.ids_from_rulebook(Path(args.extract).read_text(encoding="utf-8"))
        rc.IDS_FILE.write_text("# Clause ids of the rulebook, in order (darkdec rules --extract RULEBOOK)\n"
                               + "\n".join(ids) + "\n")
        print(f"{len(ids)} clause ids written to {rc.IDS_FILE}")
        return 0
    if args.prune_gaps:
        pruned = rc.prune_gaps()
        print(f"{len(pruned)} clauses no longer gaps: {' '.join(pruned)}")
    index = rc.load_index()
    if args.coverage:
        print(coverage_table(index))
        if args.gaps:
            for c in index.clauses.values():
                if c.testable and not c.covered:
                    print(f"  gap {c.id}: {c.summary}")
        return 0
    if args.search:
        found = index.search(args.search)
        for c in found:
            print(f"{c.id:<10} {c.summary}")
        return 0 if found else 1
    if not args.clause:
        if args.prune_gaps:
            return 0
        print("darkdec rules: give a clause id (10.4.1A), a heading (10.4), --search or --coverage",
              file=sys.stderr)
        return 2
    status = 0
    for rid in args.clause:
        c = index.get(rid)
        if c is not None:
            print(describe(index, c))
            continue
        under = index.under(rid)
        if under:
            print(f"{rc.normalize(rid)}  {index.sections.get(rc.normalize(rid), '')}")
            for u in under:
                mark = "tested" if u.covered else ("GAP" if u.testable else u.kind)
                print(f"  {u.id:<10} [{mark}] {u.summary}")
            continue
        print(f"darkdec rules: no clause {rid} in sections 5-26 of the index", file=sys.stderr)
        status = 1
    return status

"""Mutation testing of the rules engine (mutmut 3, configured in pyproject.toml [tool.mutmut]).

    python packaging/mutation_sample.py [--n 400] [--seed 26] [--jobs 2]   a sampled score
    python packaging/mutation_sample.py --modules combat retreat ...      every mutant of them
    python packaging/mutation_sample.py --report [--modules ...]          the results so far
    python packaging/mutation_sample.py --survivors --modules combat ...  run again only their survivors

The sampled score draws ``--n`` mutants at random (fixed ``--seed``; a mutant is drawn by the hash
of seed and name, so the draw stays put while the code changes) from every mutant of
``darkdec_qt/rules``, runs them with mutmut and prints the share killed with its 95 % Wilson
interval; it is the figure to watch. ``--modules`` runs every mutant of the named modules
(``combat``, ``rules.combat`` or a glob such as ``combat*``) and prints a table per module;
with ``--survivors`` it runs again only the mutants of those modules that survived (not the
listed equivalents), the quick check after adding tests.
Killed counts mutmut's "killed" and "timeout"; "survived" and "no tests" are survivors.
Survivors that cannot change behaviour are listed in tests/mutation-equivalents.txt (one line
each: the mutant's name, then why) and counted apart. Slow (hours for the whole engine on two
cores): packaging/mutation.sh wraps it; it is not part of .ci/run.
"""

from __future__ import annotations

import argparse
import fnmatch
import hashlib
import heapq
import json
import math
import os
import shutil
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MUTANTS = ROOT / "mutants"
EQUIVALENTS = ROOT / "tests" / "mutation-equivalents.txt"
PREFIX = "darkdec_qt.rules."
KILLED = {1, 3, 36, -24, 24, 152}  # mutmut.stats.status_by_exit_code: killed, timeout
SURVIVED = {0, 5, 33}  # survived, no tests


def mutmut() -> list[str]:
    exe = Path(sys.executable).with_name("mutmut")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "mutmut"]


def sync_copy() -> None:
    """mutmut copies the package once and keeps the copy: refresh every file it does not mutate
    (the rest of the package, the built module) and drop what the checkout no longer has (a
    moved module and its results), so the tests in mutants/ see today's code and data."""
    src = ROOT / "darkdec_qt"
    dst = MUTANTS / "darkdec_qt"
    if not dst.exists():
        return
    for f in src.rglob("*"):
        if f.is_dir() or "__pycache__" in f.parts:
            continue
        rel = f.relative_to(src)
        if rel.parts[0] == "rules" and f.suffix == ".py":
            continue  # mutmut regenerates these when the source is newer
        g = dst / rel
        if not g.exists() or g.read_bytes() != f.read_bytes():
            g.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(f, g)
    for g in list(dst.rglob("*")):
        if g.is_dir() or "__pycache__" in g.parts:
            continue
        rel = g.relative_to(dst)
        orig = src / (str(rel)[: -len(".meta")] if g.suffix == ".meta" else rel)
        if not orig.exists():
            g.unlink()


def generate() -> None:
    """Write mutants/ (mutmut's copy of the package with every mutant in it), no test run."""
    os.chdir(ROOT)
    from mutmut import __main__ as mm

    os.makedirs("mutants", exist_ok=True)
    sync_copy()
    mm.copy_src_dir()
    mm.copy_also_copy_files()
    mm.setup_source_paths()
    mm.store_lines_covered_by_tests()
    mm.create_mutants(os.cpu_count() or 2)


def results() -> dict[str, int | None]:
    """Every mutant of darkdec_qt/rules -> its exit code (None: not run yet)."""
    out: dict[str, int | None] = {}
    for meta in sorted((MUTANTS / "darkdec_qt" / "rules").rglob("*.py.meta")):
        data = json.loads(meta.read_text(encoding="utf-8"))
        out.update(data["exit_code_by_key"])
    return out


def module_of(name: str) -> str:
    """``darkdec_qt.rules.combat.x__c_retreat__mutmut_3`` -> ``combat`` (subpackages kept: ``combat.crt``)."""
    return name[len(PREFIX):].rsplit(".", 1)[0]


def short(name: str) -> str:
    """``darkdec_qt.rules.combat.battle.x_plan__mutmut_3`` -> ``battle.x_plan__mutmut_3``: a
    mutant's name without the package path, so a list survives a module moving package."""
    return ".".join(name.rsplit(".", 2)[-2:])


class Equivalents(dict):
    """Mutant names (full or short) -> why; ``in`` matches either form."""

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and (dict.__contains__(self, name) or dict.__contains__(self, short(name)))


def equivalents() -> Equivalents:
    out = Equivalents()
    if EQUIVALENTS.exists():
        for line in EQUIVALENTS.read_text(encoding="utf-8").splitlines():
            line = line.strip()
            if line and not line.startswith("#"):
                name, _, why = line.partition(" ")
                out[short(name)] = why.strip()
    return out


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 0.0
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def run(names: list[str], jobs: int) -> int:
    cmd = mutmut() + ["run", "--max-children", str(jobs)] + names
    return subprocess.call(cmd, cwd=ROOT)


def score(names: list[str], codes: dict[str, int | None], eq: Equivalents) -> tuple[int, int, int, Counter]:
    """(killed, survived, equivalent, statuses) of ``names`` that have been run."""
    k = s = e = 0
    st: Counter = Counter()
    for n in names:
        c = codes.get(n)
        if c is None:
            st["not run"] += 1
        elif c in KILLED:
            k += 1
            st["killed"] += 1
        elif n in eq:
            e += 1
            st["equivalent"] += 1
        elif c in SURVIVED:
            s += 1
            st["survived"] += 1
        else:
            k += 1  # suspicious, segfault: the tests noticed
            st["other (counted killed)"] += 1
    return k, s, e, st


def report_sample(names: list[str], seed: int) -> None:
    codes, eq = results(), equivalents()
    k, s, e, st = score(names, codes, eq)
    n = k + s
    lo, hi = wilson(k, n)
    print(f"sample: {len(names)} mutants drawn with seed {seed}; {n} run (equivalents excluded: {e})")
    print(f"sampled mutation score: {k}/{n} = {100 * k / max(n, 1):.1f} % killed "
          f"(95 % Wilson interval {100 * lo:.1f}-{100 * hi:.1f} %)  {dict(st)}")
    surv = [x for x in names if codes.get(x) in SURVIVED and x not in eq]
    if surv:
        print("survivors (mutmut show NAME):")
        for x in surv:
            print("  ", x)


def report_table(patterns: list[str]) -> None:
    codes, eq = results(), equivalents()
    by_mod: dict[str, list[str]] = defaultdict(list)
    for name in codes:
        m = module_of(name)
        if not patterns or any(fnmatch.fnmatch(m, p) for p in patterns):
            by_mod[m].append(name)
    print(f"{'module':28} {'mutants':>8} {'run':>6} {'killed':>7} {'survived':>9} {'equiv.':>7} {'score':>7}")
    for m in sorted(by_mod):
        k, s, e, st = score(by_mod[m], codes, eq)
        ran = k + s + e
        sc = f"{100 * k / (k + s):.1f}%" if k + s else "-"
        print(f"{m:28} {len(by_mod[m]):8d} {ran:6d} {k:7d} {s:9d} {e:7d} {sc:>7}")


def draw_key(seed: int, name: str) -> bytes:
    return hashlib.sha256(f"{seed}:{name}".encode()).digest()


def sample(n: int, seed: int) -> list[str]:
    """The ``n`` mutants whose hash with ``seed`` is smallest: a uniform random draw that stays
    the same for every mutant the code keeps, so a change to one function swaps only the drawn
    mutants of that function instead of drawing a new sample (as random.sample over the list
    would whenever the number of mutants changes)."""
    return sorted(heapq.nsmallest(n, results(), key=lambda name: draw_key(seed, name)))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=400)
    ap.add_argument("--seed", type=int, default=26)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--modules", nargs="*")
    ap.add_argument("--report", action="store_true", help="print the results so far, run nothing")
    ap.add_argument("--chunk", type=int, default=0, help="run the sample in chunks of this size (reporting between)")
    ap.add_argument("--survivors", action="store_true", help="with --modules: run again only their survivors")
    a = ap.parse_args(argv)
    os.chdir(ROOT)
    if not a.report:
        generate()
    if a.modules is not None:
        pats = [m.removeprefix("rules.").removeprefix(PREFIX) for m in a.modules]
        if a.survivors and not a.report:
            codes, eq = results(), equivalents()
            names = [n for n, c in codes.items() if c in SURVIVED and n not in eq
                     and (not pats or any(fnmatch.fnmatch(module_of(n), p) for p in pats))]
            if names:
                run(sorted(names), a.jobs)
        elif not a.report:
            names = [PREFIX + p + ".*" for p in pats] or [PREFIX + "*"]
            run(names, a.jobs)
        report_table(pats)
        return 0
    names = sample(a.n, a.seed)
    if not a.report:
        todo = [x for x in names if results().get(x) is None]
        step = a.chunk or len(todo) or 1
        for i in range(0, len(todo), step):
            run(todo[i:i + step], a.jobs)
            report_sample(names, a.seed)
    report_sample(names, a.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

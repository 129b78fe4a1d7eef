"""The rules index: every clause of rulebook sections 5 to 26, what it says in one line, what
kind of clause it is, where the engine enforces it and which tests name it.

The index is ``darkdec_qt/resources/rules/clauses.toml`` (package data) (hand-written summaries, never the rulebook's sentences).
The clause ids themselves come from the rulebook by :func:`ids_from_rulebook` and are kept in
``resources/rules/rulebook-ids.txt``, so a test can tell when the index misses a clause. Tests are
found by :func:`scan_tests` (a rule id at the start of a test's name, or in its docstring), plus
any listed by hand in the index. Pure Python: no Qt, no SQL.
"""

from __future__ import annotations

import ast
import hashlib
import importlib
import json
import os
import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from darkdec_qt import packagedata

INDEX_FILE = packagedata.path(*packagedata.RULES_INDEX)
IDS_FILE = packagedata.path(*packagedata.RULEBOOK_IDS)
# The tests that name each clause are found in a source checkout; installed, there are none.
REPO_ROOT = packagedata.source_tree() or Path.cwd()
TESTS_DIR = REPO_ROOT / "tests"

FIRST_SECTION, LAST_SECTION = 5, 26
KINDS = ("behaviour", "definition", "optional rule", "variant", "designer's note")
TESTABLE_KINDS = ("behaviour", "optional rule", "variant")  # clauses a test must name

_HEADING = re.compile(r"^(\d+(?:\.\d+)+) (\S.*)$")
_LETTER = re.compile(r"^([A-Z])\. ")
# A rule id in prose: 10.4.1A, 13.5, 7.1.5.1 (not a date, not an odds ratio).
RULE_ID = re.compile(r"(?<![\w.])(\d{1,2}(?:\.\d{1,2}){1,3})([A-Z])?(?![\w])")


def section_of(clause_id: str) -> int:
    """The top-level section number of a clause id: ``10.4.1A`` -> 10."""
    return int(clause_id.split(".")[0])


def number_of(clause_id: str) -> str:
    """The numbered part of a clause id: ``10.4.1A`` -> ``10.4.1``."""
    return clause_id.rstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ")


def sort_key(clause_id: str) -> tuple:
    num = number_of(clause_id)
    return tuple(int(p) for p in num.split(".")), clause_id[len(num):]


def ids_from_rulebook(text: str) -> tuple[list[str], dict[str, str]]:
    """Every clause id of the rulebook text, in order, and the title of every numbered heading.

    A clause is a lettered paragraph (``10.4.1A``) or a numbered heading with text of its own and
    no lettered paragraphs (``19.1``). A heading followed directly by a sub-heading is a section
    title only. The table of contents (lines starting with ``- ``) is not a heading.
    """
    titles: dict[str, str] = {}
    order: list[str] = []
    letters: dict[str, list[str]] = {}
    has_text: dict[str, bool] = {}
    current: str | None = None
    for line in text.splitlines():
        line = line.rstrip()
        m = _HEADING.match(line)
        if m:
            current = m.group(1)
            if current in titles:  # a heading seen twice would be a parsing fault
                raise ValueError(f"heading {current} appears twice")
            titles[current] = m.group(2).strip()
            order.append(current)
            letters[current] = []
            has_text[current] = False
            continue
        if current is None or not line:
            continue
        lm = _LETTER.match(line)
        if lm:
            cid = current + lm.group(1)
            if cid in letters[current]:
                raise ValueError(f"clause {cid} appears twice")
            letters[current].append(cid)
        else:
            has_text[current] = True
    ids: list[str] = []
    for num in order:
        if letters[num]:
            ids.extend(letters[num])
        elif has_text[num]:
            ids.append(num)
    return ids, titles


def in_index_range(clause_id: str) -> bool:
    return FIRST_SECTION <= section_of(clause_id) <= LAST_SECTION


@dataclass(frozen=True)
class Clause:
    id: str
    summary: str
    kind: str
    enforced: tuple[str, ...] = ()
    listed_tests: tuple[str, ...] = ()
    gap: bool = False  # a known gap: a behavioural clause no test names yet
    note: str = ""
    tests: tuple[str, ...] = field(default=(), compare=False)  # found + listed

    @property
    def section(self) -> int:
        return section_of(self.id)

    @property
    def testable(self) -> bool:
        return self.kind in TESTABLE_KINDS

    @property
    def covered(self) -> bool:
        return bool(self.tests)


@dataclass(frozen=True)
class RulesIndex:
    clauses: dict[str, Clause]
    sections: dict[str, str]  # numbered heading -> title

    def get(self, clause_id: str) -> Clause | None:
        return self.clauses.get(normalize(clause_id))

    def knows(self, rule_id: str) -> bool:
        """True for a clause id or a numbered heading of the index."""
        rid = normalize(rule_id)
        return rid in self.clauses or rid in self.sections

    def under(self, number: str) -> list[Clause]:
        """The clauses of a numbered heading and its sub-headings (``10.4`` -> 10.4.1A ...)."""
        number = normalize(number)
        if number.endswith(".0"):
            top = number[:-2]
            return [c for c in self.clauses.values() if c.id.split(".")[0] == top]
        return [c for c in self.clauses.values()
                if number_of(c.id) == number or number_of(c.id).startswith(number + ".")]

    def title_of(self, clause_id: str) -> str:
        num = number_of(normalize(clause_id))
        return self.sections.get(num, "")

    def search(self, text: str) -> list[Clause]:
        """Clauses whose id starts with ``text`` or whose summary, title or kind holds every word."""
        q = text.strip()
        if not q:
            return list(self.clauses.values())
        qn = normalize(q)
        by_id = [c for c in self.clauses.values() if c.id.startswith(qn)]
        if by_id:
            return by_id
        words = q.lower().split()
        out = []
        for c in self.clauses.values():
            hay = f"{c.id} {c.summary} {self.title_of(c.id)} {c.kind}".lower()
            if all(w in hay for w in words):
                out.append(c)
        return out


def normalize(rule_id: str) -> str:
    """``10.4.1a`` -> ``10.4.1A``; ``(10.2F)`` -> ``10.2F``; ``13`` -> ``13.0``."""
    rid = rule_id.strip().strip("()").strip()
    if rid.isdigit():
        rid += ".0"
    if rid and rid[-1].isalpha():
        rid = rid[:-1] + rid[-1].upper()
    return rid


class IndexError_(ValueError):
    """The index file is malformed."""


def _tuple(value, what: str, cid: str) -> tuple[str, ...]:
    if isinstance(value, str):
        return (value,)
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise IndexError_(f"{cid}: {what} must be a string or a list of strings")
    return tuple(value)


def parse_index(data: dict, found_tests: dict[str, list[str]] | None = None) -> RulesIndex:
    """Build the index from the parsed TOML; ``found_tests`` maps a clause id to scanned tests."""
    found_tests = found_tests or {}
    sections = {str(k): str(v) for k, v in data.get("section", {}).items()}
    clauses: dict[str, Clause] = {}
    for cid, entry in data.get("clause", {}).items():
        if not isinstance(entry, dict):
            raise IndexError_(f"{cid}: an entry must be a table")
        summary = entry.get("summary", "")
        kind = entry.get("kind", "")
        if not isinstance(summary, str) or not summary.strip():
            raise IndexError_(f"{cid}: summary missing")
        if kind not in KINDS:
            raise IndexError_(f"{cid}: kind {kind!r} is not one of {', '.join(KINDS)}")
        listed = _tuple(entry.get("tests", []), "tests", cid)
        tests = tuple(dict.fromkeys([*listed, *found_tests.get(cid, [])]))
        tested = entry.get("tested", True)
        if not isinstance(tested, bool):
            raise IndexError_(f"{cid}: tested must be true or false")
        clauses[cid] = Clause(
            id=cid, summary=summary.strip(), kind=kind,
            enforced=_tuple(entry.get("enforced", []), "enforced", cid),
            listed_tests=listed, gap=not tested, note=str(entry.get("note", "")), tests=tests)
    ordered = dict(sorted(clauses.items(), key=lambda kv: sort_key(kv[0])))
    return RulesIndex(clauses=ordered, sections=sections)


@lru_cache(maxsize=1)
def load_index(path: Path = INDEX_FILE, tests_dir: Path | None = TESTS_DIR) -> RulesIndex:
    """The rules index, with the tests found under ``tests_dir`` (none when it does not exist)."""
    with open(path, "rb") as f:
        data = tomllib.load(f)
    found = scan_tests(tests_dir) if tests_dir is not None and tests_dir.is_dir() else {}
    return parse_index(data, found)


def rulebook_ids(path: Path = IDS_FILE) -> list[str]:
    return [line.strip() for line in path.read_text().splitlines() if line.strip()
            and not line.startswith("#")]


# --- tests that name a rule ---------------------------------------------------------------

_NAME_ID = re.compile(r"^(\d{1,2}(?:_\d{1,2}){1,3})([A-Za-z])?(?=_|$)")


def ids_in_test_name(name: str) -> list[str]:
    """Rule ids a test's name starts with, and those after an ``and``:
    ``test_20_4_1A_hit_and_20_4_1B_chooses`` -> 20.4.1A, 20.4.1B; ``test_9_1A_B_x`` -> 9.1A, 9.1B;
    ``test_7_0_next_phase`` -> 7.0; ``test_16_2_1c_builders`` -> 16.2.1C."""
    if not name.startswith("test_"):
        return []
    rest = name[5:]
    ids: list[str] = []
    expect_id = True
    while rest:
        m = _NAME_ID.match(rest) if expect_id else None
        if m:
            num = m.group(1).replace("_", ".")
            letter = (m.group(2) or "").upper()
            ids.append(num + letter)
            rest = rest[m.end():].lstrip("_")
            # further single letters share the number: 9_1A_B -> 9.1B
            while letter and re.match(r"^[A-Z](?=_|$)", rest):
                ids.append(num + rest[0])
                rest = rest[1:].lstrip("_")
            expect_id = False
            continue
        word, _, rest = rest.partition("_")
        expect_id = word == "and"
    return ids


def ids_in_text(text: str) -> list[str]:
    """Rule ids cited in prose (docstrings, messages): ``10.4.1A``, ``(13.6.2D)``, ``13.7``."""
    return [m.group(1) + (m.group(2) or "") for m in RULE_ID.finditer(text)]


def _test_functions(tree: ast.Module):
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test"):
            yield node.name, node
        elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            for sub in node.body:
                if isinstance(sub, ast.FunctionDef | ast.AsyncFunctionDef) and sub.name.startswith("test"):
                    yield f"{node.name}::{sub.name}", sub


def scan_tests(tests_dir: Path = TESTS_DIR) -> dict[str, list[str]]:
    """Map each rule id to the tests naming it (``tests/rules/test_x.py::test_name``): by the
    start of the test's name (see :func:`ids_in_test_name`) or in the test's docstring.

    Parsing every test file takes about 0.3 s, so the answer is kept in the user cache
    folder under a SHA-256 of the folder and of every test file's name and bytes, and
    reused only while that hash is the same (``darkdec rules`` prints in a tenth of that)."""
    root = tests_dir.parent
    sources = [(path.relative_to(root).as_posix(), path.read_bytes()) for path in sorted(tests_dir.rglob("test_*.py"))]
    h = hashlib.sha256(str(tests_dir.resolve()).encode())
    for rel, data in sources:
        h.update(b"\0%s\0%d\0" % (rel.encode(), len(data)))
        h.update(data)
    key = h.hexdigest()
    cached = _read_scan_cache(key)
    if cached is not None:
        return cached
    found = _scan(sources)
    _write_scan_cache(key, found)
    return found


def _scan(sources: list[tuple[str, bytes]]) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for rel, data in sources:
        tree = ast.parse(data.decode("utf-8"), filename=rel)
        for name, node in _test_functions(tree):
            ids = ids_in_test_name(name.split("::")[-1])
            doc = ast.get_docstring(node) or ""
            ids += ids_in_text(doc)
            for rid in dict.fromkeys(normalize(i) for i in ids):
                found.setdefault(rid, []).append(f"{rel}::{name}")
    return found


def _scan_cache_file() -> Path | None:
    try:
        import platformdirs
    except ImportError:  # pragma: no cover - a dependency; without it there is no cache
        return None
    return Path(platformdirs.user_cache_dir("darkdec")) / "rules-tests.json"


def _read_scan_cache(key: str) -> dict[str, list[str]] | None:
    """The cached scan if it was made from the same test files (else None)."""
    path = _scan_cache_file()
    try:
        data = json.loads(path.read_text(encoding="utf-8")) if path else None
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("key") != key or not isinstance(data.get("found"), dict):
        return None
    found = data["found"]
    if all(isinstance(k, str) and isinstance(v, list) and all(isinstance(t, str) for t in v) for k, v in found.items()):
        return found
    return None


def _write_scan_cache(key: str, found: dict[str, list[str]]) -> None:
    """Best effort: a folder that cannot be written only means the next run parses again."""
    path = _scan_cache_file()
    if path is None:
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps({"key": key, "found": found}), encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        pass


def test_exists(test_ref: str, root: Path = REPO_ROOT) -> bool:
    """``tests/rules/test_x.py::test_name`` (or ``::Class::test``) names a test that exists."""
    file, _, name = test_ref.partition("::")
    path = root / file
    if not name or not path.is_file():
        return False
    return name in _test_names(path, path.stat().st_mtime_ns)


@lru_cache(maxsize=256)
def _test_names(path: Path, mtime: int) -> frozenset[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return frozenset(n for n, _ in _test_functions(tree))


def function_exists(ref: str) -> bool:
    """``darkdec_qt.rules.movement.move:check_move`` (or ``module:Class.method``) exists."""
    mod, _, attr = ref.partition(":")
    if not mod or not attr:
        return False
    try:
        obj = importlib.import_module(mod)
    except ImportError:
        return False
    for part in attr.split("."):
        if not hasattr(obj, part):
            return False
        obj = getattr(obj, part)
    return callable(obj)


def prune_gaps(path: Path = INDEX_FILE, tests_dir: Path = TESTS_DIR) -> list[str]:
    """Remove ``tested = false`` (and a ``note = "Gap: ..."``) from the entries a test now
    names; return their ids."""
    text = path.read_text(encoding="utf-8")
    with open(path, "rb") as f:
        index = parse_index(tomllib.load(f), scan_tests(tests_dir))
    pruned = []
    for c in index.clauses.values():
        if not (c.gap and c.covered):
            continue
        head = f'[clause."{c.id}"]\n'
        i = text.find(head)
        if i < 0:
            continue
        j = text.find("\n[", i + len(head))
        j = len(text) if j < 0 else j + 1
        block = text[i:j]
        new = re.sub(r'^tested = false\n', "", block, flags=re.M)
        new = re.sub(r'^note = "Gap:[^\n]*\n', "", new, flags=re.M)
        if new != block:
            text = text[:i] + new + text[j:]
            pruned.append(c.id)
    path.write_text(text, encoding="utf-8")
    load_index.cache_clear()
    return pruned


# --- coverage ---------------------------------------------------------------------------

@dataclass(frozen=True)
class SectionCoverage:
    section: int
    title: str
    testable: int
    covered: int
    gaps: int

    @property
    def percent(self) -> float:
        return 100.0 * self.covered / self.testable if self.testable else 100.0


def coverage(index: RulesIndex) -> list[SectionCoverage]:
    rows = []
    for sec in range(FIRST_SECTION, LAST_SECTION + 1):
        cl = [c for c in index.clauses.values() if c.section == sec and c.testable]
        rows.append(SectionCoverage(
            section=sec, title=index.sections.get(f"{sec}.0", ""), testable=len(cl),
            covered=sum(c.covered for c in cl), gaps=sum(c.gap for c in cl)))
    return rows


def linkable_ids(text: str, known: Iterable[str] | None = None) -> list[tuple[int, int, str]]:
    """Spans ``(start, end, id)`` of rule ids in ``text`` (optionally only those ``known``)."""
    known_set = set(known) if known is not None else None
    out = []
    for m in RULE_ID.finditer(text):
        rid = normalize(m.group(0))
        if known_set is None or rid in known_set:
            out.append((m.start(), m.end(), rid))
    return out

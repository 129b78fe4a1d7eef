"""What differs between two modules, table by table: CRT cells, TEC entries, unit values,
set-ups, map hexes and every other table of the format (``model/schema.py``).

A game file or an exchange invitation carries the module it is played on; a module with
the bundled module's name and a re-sealed content hash can change any rule or value. So
every place that opens a game on a module other than the bundled one says so and offers
this comparison (``darkdec module diff A [B]``; the exchange join shows it before asking
for acceptance). Rows are matched by their primary key; a changed row lists each column
that differs. Values are shown through :func:`safesqlite.printable` (they come from files).
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from darkdec_qt.model.database import DatabaseError, read_database
from darkdec_qt.model.safesqlite import printable, sniff
from darkdec_qt.model.schema import SCHEMA
from darkdec_qt.model.sources import Rows

LABELS = {
    "crt": "CRT cells", "crt_dice": "CRT dice rows", "tec": "TEC entries", "unit": "unit values",
    "scenario_setup": "set-ups", "hex": "map hexes", "hexside": "hexsides (rivers, bridges)", "road": "roads",
    "crossing": "road crossings", "marker": "markers", "turn": "turns (weather, dates)", "die_table": "die tables",
    "infiltration": "infiltration table", "air_drm": "air modifiers", "scenario": "scenarios", "erratum": "errata",
    "historical": "historical positions", "meta": "module information",
}
"""Each table's name for a player (the tables a doctored module would change first come first)."""


@dataclass
class TableDiff:
    table: str
    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)

    @property
    def label(self) -> str:
        return LABELS.get(self.table, self.table)

    def __bool__(self) -> bool:
        return bool(self.added or self.removed or self.changed)

    def count(self) -> str:
        parts = [f"{len(x)} {w}" for x, w in ((self.changed, "changed"), (self.added, "added"),
                                             (self.removed, "removed")) if x]
        return ", ".join(parts)


def _show(v: Any) -> str:
    return printable(repr(v) if isinstance(v, str) else str(v))[:60]


def diff_rows(a: Rows, b: Rows) -> list[TableDiff]:
    """Every table that differs from ``a`` to ``b`` (the content hash itself is not compared:
    it differs whenever anything else does)."""
    out = []
    for name in sorted(SCHEMA, key=lambda t: (list(LABELS).index(t) if t in LABELS else 99, t)):
        key = SCHEMA[name].key
        cols = SCHEMA[name].names

        def index(rows: list[dict[str, Any]], key: tuple[str, ...] = key, name: str = name) -> dict[tuple, dict[str, Any]]:
            return {tuple(r.get(k) for k in key): r for r in rows
                    if not (name == "meta" and r.get("key") == "content_hash")}

        ra, rb = index(a.get(name, [])), index(b.get(name, []))
        d = TableDiff(name)
        for k in sorted(ra.keys() | rb.keys(), key=lambda k: tuple((0, x, "") if isinstance(x, int) else (1, 0, str(x)) for x in k)):
            where = " ".join(f"{c} {_show(v)}" for c, v in zip(key, k))
            if k not in rb:
                d.removed.append(where)
            elif k not in ra:
                d.added.append(where)
            else:
                ch = [f"{c} {_show(ra[k].get(c))} -> {_show(rb[k].get(c))}" for c in cols
                      if c not in key and ra[k].get(c) != rb[k].get(c)]
                if ch:
                    d.changed.append(f"{where}: " + "; ".join(ch))
        if d:
            out.append(d)
    return out


def summary(diffs: list[TableDiff]) -> str:
    """One line: each table that differs and how many rows."""
    return "; ".join(f"{d.label}: {d.count()}" for d in diffs) or "no table differs"


def lines(diffs: list[TableDiff], per_table: int = 12) -> list[str]:
    """The difference in words, table by table, at most ``per_table`` rows each."""
    out = []
    for d in diffs:
        out.append(f"{d.label} ({d.table}): {d.count()}")
        rows = [f"  changed {x}" for x in d.changed] + [f"  added {x}" for x in d.added] + \
               [f"  removed {x}" for x in d.removed]
        out += rows[:per_table]
        if len(rows) > per_table:
            out.append(f"  ... and {len(rows) - per_table} more")
    return out


def module_bytes_of(path: str | Path) -> bytes | None:
    """The module a game file (.ddg) or a file-exchange file (.ddx) embeds, ``None`` for a
    module database (or a file that embeds none)."""
    kind = sniff(path)
    if kind == "game":
        from darkdec_qt.model.gamefile import load_game

        return load_game(path).module_bytes
    if kind == "exchange":
        from darkdec_qt.model.exchangefile import read_exchange

        return read_exchange(path).module_bytes
    return None


def rows_of(path: str | Path) -> Rows:
    """The rows of the module ``path`` is or embeds (a module database, a game file, an
    exchange file). The content hash is not required to match: this is for looking."""
    data = module_bytes_of(path)
    if data is None:
        if sniff(path) in ("game", "exchange"):
            raise DatabaseError(f"{path}: embeds no module (it was played on the bundled one)")
        return read_database(path, verify_hash=False)
    with tempfile.TemporaryDirectory(prefix="darkdec-diff-") as d:
        p = Path(d) / "module.sqlite"
        p.write_bytes(data)
        try:
            return read_database(p, verify_hash=False)
        except DatabaseError as exc:
            raise DatabaseError(f"{path}: the embedded module cannot be read: "
                                f"{str(exc).removeprefix(str(p) + ': ')}") from None

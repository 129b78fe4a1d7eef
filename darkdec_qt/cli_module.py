"""``darkdec module ...``: build, inspect, validate and draw the module database."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from darkdec_qt.model import validate_front
from darkdec_qt.model.database import DatabaseError, read_database, write_database
from darkdec_qt.model.gamefile import GameFileError
from darkdec_qt.model.load import DATA_DIR, DEFAULT_MODULE, load_module, module_from_rows
from darkdec_qt.model.safesqlite import UntrustedFileError
from darkdec_qt.model.safewrite import SaveError
from darkdec_qt.model.sources import SourceError, read_sources, write_sources
from darkdec_qt.model.validate import Problem, validate
from darkdec_qt.model.validate_geo import ADVISORY_KINDS
from darkdec_qt.moduleview import Module
from darkdec_qt.rules.core.errors import IllegalAction


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("module", help="build, inspect, validate and draw the module database")
    msub = p.add_subparsers(dest="module_cmd", required=True)

    def with_module(sp: argparse.ArgumentParser) -> argparse.ArgumentParser:
        sp.add_argument("--module", default=str(DEFAULT_MODULE), help="module database (default: bundled)")
        return sp

    b = msub.add_parser("build", help="turn the text sources in data/ into the SQLite module")
    b.add_argument("--data", default=str(DATA_DIR), help="source folder (default: data/)")
    b.add_argument("--out", default=str(DEFAULT_MODULE), help="database to write")
    b.set_defaults(func=cmd_build)

    i = with_module(msub.add_parser("info", help="counts and content hash"))
    i.add_argument("--json", action="store_true")
    i.set_defaults(func=cmd_info)

    v = with_module(msub.add_parser("validate", help="list problems; exit 1 if any"))
    v.set_defaults(func=cmd_validate)

    h = with_module(msub.add_parser("hex", help="one hex: terrain, town, roads, rivers, bridges"))
    h.add_argument("hex")
    h.add_argument("--json", action="store_true")
    h.set_defaults(func=cmd_hex)

    u = with_module(msub.add_parser("units", help="every counter"))
    u.add_argument("--json", action="store_true")
    u.set_defaults(func=cmd_units)

    t = with_module(msub.add_parser("towns", help="towns and their hexes"))
    t.add_argument("--json", action="store_true")
    t.set_defaults(func=cmd_towns)

    r = with_module(msub.add_parser("render", help="draw the whole map to a PNG (headless)"))
    r.add_argument("--out", required=True)
    r.add_argument("--scale", type=float, default=1.0)
    r.set_defaults(func=cmd_render)

    e = with_module(msub.add_parser("export", help="write the database back to text sources"))
    e.add_argument("--out", required=True, help="folder for the sources")
    e.set_defaults(func=cmd_export)

    df = msub.add_parser("diff", help="what differs between two modules, table by table (a game or exchange "
                                      "file stands for the module it embeds)")
    df.add_argument("a", help="a module database, a game file (.ddg) or a file-exchange file (.ddx)")
    df.add_argument("b", nargs="?", default=None, help="the same (default: the bundled module, compared with A)")
    df.add_argument("--all", action="store_true", help="every differing row (default: 12 per table)")
    df.set_defaults(func=cmd_diff)

    d = msub.add_parser("derive-map", help="derive data/map/*.csv from data/geo (shapely)")
    d.add_argument("--data", default=str(DATA_DIR))
    d.set_defaults(func=cmd_derive_map)


def cmd_diff(args: argparse.Namespace) -> int:
    """``darkdec module diff A [B]``: B (default A) against A (default the bundled module); exit
    0 when no table differs, 1 when one does (like diff)."""
    from darkdec_qt.model.database import content_hash, stored_hash
    from darkdec_qt.model.modulediff import diff_rows, lines, rows_of
    from darkdec_qt.model.safesqlite import printable

    first, second = (str(DEFAULT_MODULE), args.a) if args.b is None else (args.a, args.b)
    a, b = rows_of(first), rows_of(second)
    for label, path, rows in (("A", first, a), ("B", second, b)):
        meta = {r["key"]: r["value"] for r in rows["meta"]}
        seal = "" if stored_hash(rows) == content_hash(rows) else " (its stored hash does not match its content)"
        bundled = " = the bundled module" if path == str(DEFAULT_MODULE) else ""
        print(f"{label}: {path}{bundled}: '{printable(meta.get('name', ''))}' version {meta.get('format_version', '?')}, "
              f"hash {stored_hash(rows)[:16]}{seal}")
    diffs = diff_rows(a, b)
    if not diffs:
        print("no table differs")
        return 0
    for line in lines(diffs, per_table=10**9 if args.all else 12):
        print(line)
    return 1


def _load(args: argparse.Namespace) -> Module:
    """The module for an inspection command: integrity (hash, types, structure) is
    enforced; an invalid module (work in progress saved by the editor) is shown with a
    warning on stderr, while every command that plays refuses it (load_module)."""
    m = load_module(args.module, refuse_invalid=False)
    from darkdec_qt.model.validate_geo import ADVISORY_KINDS

    problems = validate(m)
    if problems:
        refused = any(p.kind not in ADVISORY_KINDS for p in problems)  # geography/history: reported only
        print(f"darkdec: warning: {args.module}: the module is not valid ({len(problems)} problems; "
              f"'darkdec module validate' lists them){'; games refuse it' if refused else ''}", file=sys.stderr)
    return m


def cmd_build(args: argparse.Namespace) -> int:
    t0 = time.perf_counter()
    rows = read_sources(args.data)
    module_from_rows(rows)  # fail before writing if the rows do not make a module
    digest = write_database(rows, args.out)
    print(f"built {args.out} in {time.perf_counter() - t0:.2f} s, content hash {digest}")
    return 0


def counts(m: Module) -> dict[str, object]:
    per_side: dict[str, int] = {}
    for u in m.units.values():
        per_side[u.side] = per_side.get(u.side, 0) + 1
    return {
        "name": m.meta.name,
        "format_version": m.meta.format_version,
        "content_hash": m.meta.content_hash,
        "hexes": len(m.hexes),
        "hexsides": len(m.hexsides),
        "road_segments": len(m.roads),
        "bridges": sum(1 for h in m.hexsides.values() if h.bridge),
        "towns": len(m.towns()),
        "units": len(m.units),
        "units_per_side": dict(sorted(per_side.items())),
        "leaders": sum(1 for u in m.units.values() if u.is_leader),
        "turns": len(m.turns),
        "scenarios": sorted(m.scenarios),
        "errata": len(m.errata),
    }


def cmd_info(args: argparse.Namespace) -> int:
    """Counts and hash; exit 1 (after the warning) when the module is not valid."""
    m = _load(args)
    c = counts(m)
    c["problems"] = len(validate(m))
    if args.json:
        print(json.dumps(c, indent=2))
    else:
        for k, v in c.items():
            print(f"{k:>16}: {v}")
        print(f"{'provenance':>16}: {m.meta.provenance.strip().splitlines()[0] if m.meta.provenance else ''}")
    return 1 if c["problems"] else 0


def cmd_validate(args: argparse.Namespace) -> int:
    """The whole report, never a refusal: the content hash, the values' types and the
    module's references (validate.py); exit 1 on any problem."""
    from darkdec_qt.model.database import content_hash, stored_hash

    try:
        rows = read_database(args.module, verify_hash=False)
        m = module_from_rows(rows, args.module)
        problems = validate(m)
        if not any(p.kind not in ADVISORY_KINDS for p in problems):  # a playable module: build the derived set-ups
            problems += [Problem(*p) for p in validate_front.derived_setup_problems(m)]
    except DatabaseError as exc:
        print(f"unreadable: {exc}")
        return 1
    if stored_hash(rows) != content_hash(rows):
        problems.insert(0, Problem("content-hash", "meta", f"the content does not match the stored hash "
                                   f"{stored_hash(rows)[:12] or '(none)'}: edited outside the program "
                                   "('darkdec module build' or the editor re-hash it)"))
    for p in problems:
        print(p)
    if not problems:
        print("module is valid")
    return 1 if problems else 0


def hex_info(m: Module, hex_id: str) -> dict[str, object]:
    h = m.hexes[hex_id]
    roads: dict[str, str] = {}
    for n, ids in sorted(m.road_links.get(hex_id, {}).items()):
        roads[n] = ",".join(sorted(ids))
    rivers: dict[str, str] = {}
    bridges: list[str] = []
    for n in m.adjacency.get(hex_id, ()):
        hs = m.hexside(hex_id, n)
        if hs and hs.river:
            rivers[n] = hs.river
            if hs.bridge:
                bridges.append(n)
    return {
        "hex": h.id,
        "terrain": h.terrain,
        "town": h.town,
        "westwall": h.westwall,
        "edge": h.edge,
        "entry": h.entry,
        "army": h.army,
        "roads": roads,
        "rivers": rivers,
        "bridges": sorted(bridges),
        "reconstructed": h.reconstructed,
        "basis": h.basis,
    }


def cmd_hex(args: argparse.Namespace) -> int:
    m = _load(args)
    if args.hex not in m.hexes:
        print(f"darkdec: no hex {args.hex!r} on the map", file=sys.stderr)
        return 2
    info = hex_info(m, args.hex)
    if args.json:
        print(json.dumps(info, indent=2))
    else:
        for k, v in info.items():
            print(f"{k:>13}: {v}")
    return 0


def unit_info(u: object) -> dict[str, object]:
    from darkdec_qt.moduleview import UnitSpec

    assert isinstance(u, UnitSpec)
    flags = [f for f in ("restricted", "conditional", "optional", "star", "fortified") if getattr(u, f)]
    return {
        "id": u.id,
        "side": u.side,
        "nationality": u.nationality,
        "division": u.division,
        "type": u.type,
        "size": u.size,
        "full": list(u.full),
        "reduced": list(u.reduced) if u.reduced else None,
        "setup": u.setup,
        "arrival": u.arrival,
        "entry": list(u.entry),
        "flags": flags,
        "attack_option": u.attack_option,
        "defense_option": u.defense_option,
        "reconstructed": u.reconstructed,
    }


def cmd_units(args: argparse.Namespace) -> int:
    m = _load(args)
    data = [unit_info(u) for u in m.units.values()]
    if args.json:
        print(json.dumps(data, indent=1))
    else:
        for d in data:
            full = "-".join(map(str, d["full"]))  # type: ignore[call-overload]
            red = "-".join(map(str, d["reduced"])) if d["reduced"] else "none"  # type: ignore[call-overload]
            where = d["setup"] or f"arrives {d['arrival']} {' '.join(d['entry'])}"  # type: ignore[arg-type]
            print(f"{d['id']:<14} {d['side']:<7} {d['nationality']:<9} {d['type']:<17} {full:>7} / {red:<7} {where}")
    return 0


def cmd_towns(args: argparse.Namespace) -> int:
    m = _load(args)
    data = [{"name": n, "hex": h} for n, h in m.towns()]
    if args.json:
        print(json.dumps(data, indent=1))
    else:
        for d in data:
            print(f"{d['hex']}  {d['name']}")
    return 0


def cmd_render(args: argparse.Namespace) -> int:
    from darkdec_qt.ui.map.render import render_map

    t0 = time.perf_counter()
    render_map(_load(args), args.out, scale=args.scale)
    print(f"wrote {args.out} in {time.perf_counter() - t0:.2f} s")
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    rows = read_database(args.module)
    write_sources(rows, args.out)
    print(f"exported {args.module} to {args.out}")
    return 0


def cmd_derive_map(args: argparse.Namespace) -> int:
    from darkdec_qt.model import geoderive

    data = Path(args.data)
    return int(geoderive.main([str(data)]) or 0)


ERRORS = (SourceError, DatabaseError, GameFileError, UntrustedFileError, SaveError, IllegalAction, OSError)
"""Printed as one line 'darkdec: error: ...', exit 2 (never a traceback)."""


def error_text(exc: BaseException) -> str:
    """One line for a refused file or a failed write (an OSError says file and cause)."""
    if isinstance(exc, OSError) and not isinstance(exc, SaveError) and exc.strerror:
        return f"{exc.filename + ': ' if exc.filename else ''}{exc.strerror}"
    return str(exc)

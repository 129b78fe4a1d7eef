"""Read and write the module's text sources (``data/``, format in docs/data-format.md).

The hub is a dict ``{table name: [row dict, ...]}`` of canonical rows (typed
values, the columns of ``darkdec_qt.model.schema``). Reading raises
:class:`SourceError` naming the file and line of the first bad value.
"""

from __future__ import annotations

import csv
import io
import json
import tomllib
from pathlib import Path
from typing import Any

import tomli_w

from darkdec_qt.model.schema import SCHEMA

Rows = dict[str, list[dict[str, Any]]]


class SourceError(ValueError):
    """A malformed source file; the message names the file and line."""


# CSV files: path under data/ -> table
CSV_FILES: dict[str, str] = {
    "map/hexes.csv": "hex",
    "map/hexsides.csv": "hexside",
    "map/roads.csv": "road",
    "map/crossings.csv": "crossing",
    "units.csv": "unit",
    "markers.csv": "marker",
    "calendar.csv": "turn",
    "charts/crt_dice.csv": "crt_dice",
    "charts/tec.csv": "tec",
    "charts/infiltration.csv": "infiltration",
    "charts/air_drm.csv": "air_drm",
}
# optional CSV files (a module without them has no such rows)
OPTIONAL_CSV_FILES: dict[str, str] = {"historical.csv": "historical"}
DIE_TABLES = ("fuel_depletion", "paradrop", "weather")


def convert(table: str, column: str, raw: str, where: str) -> Any:
    """Typed value of a CSV cell; raises SourceError naming ``where``."""
    kind = SCHEMA[table].column(column).kind
    raw = (raw or "").strip()
    try:
        if kind == "bool":
            if raw in ("", "0", "false", "False", "no"):
                return False
            if raw in ("1", "true", "True", "yes"):
                return True
            raise ValueError(f"expected 1 or 0, got {raw!r}")
        if kind == "int":
            return int(raw) if raw else 0
        if kind == "optint":
            return int(raw) if raw else None
    except ValueError as exc:
        raise SourceError(f"{where}: column {column!r}: {exc}") from None
    return raw


def _read_csv(path: Path, table: str, rel: str) -> list[dict[str, Any]]:
    names = SCHEMA[table].names
    cols = set(names)
    rows = []
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise SourceError(f"{rel}: cannot read: {exc}") from None
    reader = csv.DictReader(io.StringIO(text))
    if reader.fieldnames is None:
        raise SourceError(f"{rel}: empty file (a header row is required)")
    unknown = [f for f in reader.fieldnames if f not in cols]
    if unknown:
        raise SourceError(f"{rel}:1: unknown column(s) {unknown}; expected some of {sorted(cols)}")
    for rec in reader:
        where = f"{rel}:{reader.line_num}"
        if None in rec:
            raise SourceError(f"{where}: more cells than header columns")
        row = {c: convert(table, c, rec.get(c) or "", where) for c in names if c in rec}
        for c in names:
            if c not in row:
                row[c] = convert(table, c, "", where)
        rows.append(row)
    return rows


def _read_toml(path: Path, rel: str) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise SourceError(f"{rel}: cannot read: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise SourceError(f"{rel}: {exc}") from None


def read_sources(data_dir: str | Path) -> Rows:
    """Read every source file under ``data_dir`` into canonical rows."""
    d = Path(data_dir)
    rows: Rows = {t: [] for t in SCHEMA}
    meta = _read_toml(d / "module.toml", "module.toml")
    for k in ("name", "format_version", "columns", "rows"):
        if k not in meta:
            raise SourceError(f"module.toml: missing key {k!r}")
    for k, v in sorted(meta.items()):
        rows["meta"].append({"key": k, "value": str(v)})
    for rel, table in CSV_FILES.items():
        rows[table].extend(_read_csv(d / rel, table, rel))
    for rel, table in OPTIONAL_CSV_FILES.items():
        if (d / rel).exists():
            rows[table].extend(_read_csv(d / rel, table, rel))
    # the CRT: wide CSV (row, one column per odds)
    rel = "charts/crt.csv"
    text = (d / rel).read_text(encoding="utf-8") if (d / rel).exists() else ""
    reader = csv.DictReader(io.StringIO(text))
    if not reader.fieldnames or reader.fieldnames[0] != "row":
        raise SourceError(f"{rel}:1: the first column must be 'row'")
    odds_cols = reader.fieldnames[1:]
    rows["meta"].append({"key": "crt_odds", "value": json.dumps(odds_cols)})
    for rec in reader:
        where = f"{rel}:{reader.line_num}"
        try:
            r = int(rec["row"])
        except (TypeError, ValueError):
            raise SourceError(f"{where}: row must be an integer, got {rec['row']!r}") from None
        for o in odds_cols:
            rows["crt"].append({"row": r, "odds": o, "result": (rec.get(o) or "").strip()})
    for chart in DIE_TABLES:
        rel = f"charts/{chart}.csv"
        for r in _read_csv_generic(d / rel, rel, ("roll", "result", "value", "note")):
            rows["die_table"].append({"chart": chart, **r})
    charts_meta = _read_toml(d / "charts" / "charts.toml", "charts/charts.toml")
    for k, v in sorted(charts_meta.items()):
        rows["meta"].append({"key": f"charts.{k}", "value": str(v)})
    scen = _read_toml(d / "scenarios.toml", "scenarios.toml")
    for i, s in enumerate(scen.get("scenario", [])):
        where = f"scenarios.toml: scenario #{i + 1}"
        try:
            rows["scenario"].append(
                {
                    "id": s["id"],
                    "name": s["name"],
                    "first_turn": s["first_turn"],
                    "last_turn": s["last_turn"],
                    "optional_rules": json.dumps(list(s.get("optional_rules", []))),
                    "variants": json.dumps(list(s.get("variants", []))),
                    "replacements": json.dumps(s.get("replacements", {}), sort_keys=True),
                    "victory": json.dumps(s.get("victory", {}), sort_keys=True),
                    "notes": s.get("notes", ""),
                    "reconstructed": bool(s.get("reconstructed", True)),
                    "basis": s.get("basis", ""),
                }
            )
            for e in s.get("setup", []):
                rows["scenario_setup"].append(
                    {
                        "scenario": s["id"],
                        "unit": e["unit"],
                        "location": e["location"],
                        "fortified": bool(e.get("fortified", False)),
                        "reserve": bool(e.get("reserve", False)),
                        "arrival": e.get("arrival", ""),
                    }
                )
        except KeyError as exc:
            raise SourceError(f"{where}: missing key {exc}") from None
    err = _read_toml(d / "errata.toml", "errata.toml")
    for i, e in enumerate(err.get("erratum", [])):
        try:
            rows["erratum"].append(
                {"id": e["id"], "text": e["text"], "applied": bool(e.get("applied", True)), "edits": e.get("edits", "")}
            )
        except KeyError as exc:
            raise SourceError(f"errata.toml: erratum #{i + 1}: missing key {exc}") from None
    return canonical(rows)


def _read_csv_generic(path: Path, rel: str, cols: tuple[str, ...]) -> list[dict[str, Any]]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise SourceError(f"{rel}: cannot read: {exc}") from None
    reader = csv.DictReader(io.StringIO(text))
    out = []
    for rec in reader:
        where = f"{rel}:{reader.line_num}"
        row: dict[str, Any] = {}
        for c in cols:
            v = (rec.get(c) or "").strip()
            if c in ("roll", "value"):
                try:
                    row[c] = int(v) if v else 0
                except ValueError:
                    raise SourceError(f"{where}: column {c!r}: expected an integer, got {v!r}") from None
            else:
                row[c] = v
        out.append(row)
    return out


def canonical(rows: Rows) -> Rows:
    """Rows sorted by primary key, so equal content gives equal order."""
    out: Rows = {}
    for table, pk in ((t, s.key) for t, s in SCHEMA.items()):
        items = rows.get(table, [])
        seen: set[tuple[Any, ...]] = set()
        for r in items:
            key = tuple(r[c] for c in pk)
            if key in seen:
                raise SourceError(f"table {table}: duplicate key {key}")
            seen.add(key)
        out[table] = sorted(items, key=lambda r, pk=pk: tuple(str(r[c]) if not isinstance(r[c], int) else f"{r[c]:012d}" for c in pk))
    return out


# --- writing (export) ---------------------------------------------------------------


def _cell(v: Any) -> str:
    if isinstance(v, bool):
        return "1" if v else "0"
    if v is None:
        return ""
    return str(v)


def _write_csv(path: Path, header: list[str], rows: list[dict[str, Any]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(header)
    for r in rows:
        w.writerow([_cell(r.get(c)) for c in header])
    path.write_text(buf.getvalue(), encoding="utf-8")


def write_sources(rows: Rows, data_dir: str | Path) -> None:
    """Write canonical rows back to text sources (the inverse of read_sources)."""
    d = Path(data_dir)
    meta = {r["key"]: r["value"] for r in rows["meta"]}
    module = {}
    for k, v in meta.items():
        if k.startswith("charts.") or k in ("crt_odds", "content_hash"):
            continue
        module[k] = int(v) if k in ("format_version", "columns", "rows") else v
    d.mkdir(parents=True, exist_ok=True)
    (d / "module.toml").write_text(tomli_w.dumps(module), encoding="utf-8")
    for rel, table in CSV_FILES.items():
        _write_csv(d / rel, SCHEMA[table].names, rows[table])
    for rel, table in OPTIONAL_CSV_FILES.items():
        if rows.get(table):
            _write_csv(d / rel, SCHEMA[table].names, rows[table])
    odds = json.loads(meta.get("crt_odds", "[]"))
    by_row: dict[int, dict[str, Any]] = {}
    for r in rows["crt"]:
        by_row.setdefault(r["row"], {"row": r["row"]})[r["odds"]] = r["result"]
    _write_csv(d / "charts" / "crt.csv", ["row", *odds], [by_row[k] for k in sorted(by_row)])
    for chart in DIE_TABLES:
        part = [r for r in rows["die_table"] if r["chart"] == chart]
        _write_csv(d / "charts" / f"{chart}.csv", ["roll", "result", "value", "note"], part)
    charts_meta: dict[str, Any] = {}
    for k, v in meta.items():
        if k.startswith("charts."):
            key = k[len("charts.") :]
            charts_meta[key] = (v == "True") if v in ("True", "False") else v
    (d / "charts" / "charts.toml").write_text(tomli_w.dumps(charts_meta), encoding="utf-8")
    scen = []
    for s in rows["scenario"]:
        entry: dict[str, Any] = {
            "id": s["id"],
            "name": s["name"],
            "first_turn": s["first_turn"],
            "last_turn": s["last_turn"],
            "optional_rules": json.loads(s["optional_rules"]),
            "variants": json.loads(s["variants"]),
            "notes": s["notes"],
            "reconstructed": s["reconstructed"],
            "basis": s["basis"],
            "replacements": json.loads(s["replacements"]),
            "victory": json.loads(s["victory"]),
        }
        setup = [
            {k: v for k, v in e.items() if k != "scenario"}
            for e in rows["scenario_setup"]
            if e["scenario"] == s["id"]
        ]
        if setup:
            entry["setup"] = setup
        scen.append(entry)
    (d / "scenarios.toml").write_text(tomli_w.dumps({"scenario": scen}), encoding="utf-8")
    (d / "errata.toml").write_text(tomli_w.dumps({"erratum": rows["erratum"]}), encoding="utf-8")

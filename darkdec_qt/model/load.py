"""Load a module database into the immutable :class:`~darkdec_qt.moduleview.Module`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from darkdec_qt.model.database import DatabaseError, read_database
from darkdec_qt.model.safesqlite import UntrustedFileError, bounded_json
from darkdec_qt.model.sources import Rows
from darkdec_qt.moduleview import (
    CRT,
    Charts,
    Erratum,
    Hex,
    Hexside,
    HistoricalPosition,
    Marker,
    Module,
    ModuleMeta,
    RoadSegment,
    Scenario,
    SetupEntry,
    TableRow,
    TerrainEffect,
    Turn,
    UnitSpec,
)
from darkdec_qt.packagedata import module_path, source_tree

# The editable text sources (a source checkout's data/, for ``darkdec module build``) and the
# built module the program plays, which ships as package data (darkdec_qt/resources/).
DATA_DIR = (source_tree() or Path.cwd()) / "data"
DEFAULT_MODULE = module_path()


def _json(text: str, where: str, kind: type, item: type | None = None) -> Any:
    """A bounded JSON value of the expected kind (list/dict, items of ``item``)."""
    v = bounded_json(text, where)
    if not isinstance(v, kind) or (item is not None and not all(isinstance(x, item) for x in v)):
        raise DatabaseError(f"{where} must be a JSON {kind.__name__}"
                            + (f" of {item.__name__}" if item else "") + f", holds {text!r:.60}")
    return v


def _opt(v: str) -> str | None:
    return v or None


def _strength(a: int | None, d: int | None, m: int | None) -> tuple[int, int, int] | None:
    if a is None and d is None and m is None:
        return None
    return (a or 0, d or 0, m or 0)


def module_from_rows(rows: Rows, where: str = "") -> Module:
    """Build the Module; a bad value raises DatabaseError naming table and row."""
    table = "meta"
    i = 0
    try:
        meta = {r["key"]: r["value"] for r in rows["meta"]}
        hexes = {}
        table = "hex"
        for i, r in enumerate(rows["hex"], 1):
            hexes[r["hex"]] = Hex(
                id=r["hex"], terrain=r["terrain"], town=_opt(r["town"]), westwall=r["westwall"],
                edge=_opt(r["edge"]), entry=_opt(r["entry"]), army=_opt(r["army"]),
                reconstructed=r["reconstructed"], basis=r["basis"],
            )
        table = "hexside"
        hexsides = {}
        for i, r in enumerate(rows["hexside"], 1):
            hs = Hexside(
                a=r["a"], b=r["b"], river=_opt(r["river"]), river_name=_opt(r["river_name"]),
                bridge=r["bridge"], ford=r["ford"], demolished=r["demolished"],
                reconstructed=r["reconstructed"], basis=r["basis"],
            )
            hexsides[hs.key] = hs
        table = "road"
        roads = tuple(
            RoadSegment(a=r["a"], b=r["b"], road=r["road"], reconstructed=r["reconstructed"], basis=r["basis"])
            for r in rows["road"]
        )
        table = "crossing"
        crossing_sets: dict[str, set[frozenset[str]]] = {}
        for r in rows["crossing"]:
            crossing_sets.setdefault(r["hex"], set()).add(frozenset((r["road_a"], r["road_b"])))
        crossings = {h: frozenset(s) for h, s in crossing_sets.items()}
        table = "unit"
        units = {}
        for i, r in enumerate(rows["unit"], 1):
            full = _strength(r["fa"], r["fd"], r["fm"])
            units[r["id"]] = UnitSpec(
                id=r["id"], side=r["side"], nationality=r["nationality"], type=r["type"],
                full=full or (0, 0, 0), reduced=_strength(r["ra"], r["rd"], r["rm"]),
                division=_opt(r["division"]), size=_opt(r["size"]), setup=_opt(r["setup"]),
                fortified=r["fortified"], arrival=_opt(r["arrival"]), entry=tuple(r["entry"].split()),
                star=r["star"], restricted=r["restricted"], conditional=r["conditional"],
                optional=r["optional"], attack_option=r["attack_option"], defense_option=r["defense_option"],
                reconstructed=r["reconstructed"], basis=r["basis"],
            )
        table = "marker"
        markers = {
            f"{r['kind']}/{r['side']}": Marker(r["kind"], r["side"], r["limit"], r["reconstructed"], r["basis"])
            for r in rows["marker"]
        }
        table = "turn"
        turns = tuple(
            Turn(r["turn"], r["code"], r["date"], r["ampm"], r["weather"], r["ground"], r["reconstructed"], r["basis"])
            for r in sorted(rows["turn"], key=lambda r: r["turn"])
        )
        table = "crt"
        odds = tuple(_json(meta.get("crt_odds", "[]"), "meta crt_odds", list))
        results = {(r["row"], r["odds"]): r["result"] for r in rows["crt"]}
        dice = {(r["column"], r["roll"]): r["row"] for r in rows["crt_dice"]}
        rolls = [k[1] for k in dice] or [0]
        crt_recon = meta.get("charts.reconstructed", "True") == "True"
        basis = meta.get("charts.basis", "")
        crt = CRT(
            odds=odds, rows=tuple(sorted({k[0] for k in results})), results=results, dice=dice,
            roll_min=min(rolls), roll_max=max(rolls), reconstructed=crt_recon, basis=basis,
        )
        table = "tec"
        tec = {
            r["feature"]: TerrainEffect(
                feature=r["feature"], cost={"motorized": r["motorized"], "infantry": r["infantry"]},
                defense=r["defense"], additive=r["additive"], note=r["note"],
                reconstructed=r["reconstructed"], basis=r["basis"],
            )
            for r in rows["tec"]
        }
        table = "die_table"

        def die(chart: str) -> tuple[TableRow, ...]:
            return tuple(
                TableRow(r["roll"], r["result"], r["value"], r["note"])
                for r in rows["die_table"]
                if r["chart"] == chart
            )

        charts = Charts(
            crt=crt, tec=tec, fuel_depletion=die("fuel_depletion"), paradrop=die("paradrop"),
            weather=die("weather"),
            infiltration={r["turn"]: r["success_max"] for r in rows["infiltration"]},
            air_drm={r["condition"]: r["drm"] for r in rows["air_drm"]},
            reconstructed=crt_recon, basis=basis,
        )
        table = "scenario"
        scenarios = {}
        for i, r in enumerate(rows["scenario"], 1):
            setup = tuple(
                SetupEntry(e["unit"], e["location"], e["fortified"], e["reserve"], _opt(e["arrival"]))
                for e in rows["scenario_setup"]
                if e["scenario"] == r["id"]
            )
            scenarios[r["id"]] = Scenario(
                id=r["id"], name=r["name"], first_turn=r["first_turn"], last_turn=r["last_turn"],
                setup=setup, replacements=_json(r["replacements"], f"scenario {r['id']} replacements", dict),
                victory=_json(r["victory"], f"scenario {r['id']} victory", dict),
                optional_rules=tuple(_json(r["optional_rules"], f"scenario {r['id']} optional_rules", list, str)),
                variants=tuple(_json(r["variants"], f"scenario {r['id']} variants", list, str)),
                notes=r["notes"], reconstructed=r["reconstructed"], basis=r["basis"],
            )
        table = "historical"
        historical = tuple(
            HistoricalPosition(r["unit"], r["turn"], r["hex"], r["reconstructed"], r["basis"])
            for r in rows.get("historical", [])
        )
        table = "erratum"
        errata = tuple(Erratum(r["id"], r["text"], r["applied"], r["edits"]) for r in rows["erratum"])
        table = "meta"
        mm = ModuleMeta(
            name=meta.get("name", ""),
            format_version=int(meta.get("format_version", "0")),
            content_hash=meta.get("content_hash", ""),
            provenance=meta.get("provenance", ""),
        )
    except UntrustedFileError as exc:
        raise DatabaseError(f"{where + ': ' if where else ''}table {table!r}: {exc}") from None
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise DatabaseError(f"{where + ': ' if where else ''}table {table!r} row {i}: "
                            f"{exc.__class__.__name__}: {exc}") from None
    try:
        return Module.build(
            meta=mm, hexes=hexes, hexsides=hexsides, roads=roads, units=units, markers=markers,
            turns=turns, charts=charts, scenarios=scenarios, errata=errata, crossings=crossings,
            historical=historical,
        )
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise DatabaseError(f"{where + ': ' if where else ''}the module's tables do not fit together: "
                            f"{exc.__class__.__name__}: {exc}") from None


class InvalidModuleError(DatabaseError):
    """A module that reads but fails validation; the message is the validation report."""


def load_module(path: str | Path | None = None, check: bool = True, refuse_invalid: bool = True) -> Module:
    """Open a module database (default: the bundled module, package data).

    With ``check`` (every command that plays or shows a module) the content hash is
    recomputed and the module validated (:func:`darkdec_qt.model.validate.validate`); an
    invalid module is refused with the validation report (InvalidModuleError). Only the
    editor and ``darkdec module validate`` open a module unchecked, to show or fix it;
    the ``darkdec module`` inspection commands pass ``refuse_invalid=False`` (hash, types
    and structure still checked) and warn, so a designer can inspect work in progress.
    The geographic and historical checks (``validate_geo.ADVISORY_KINDS``) are reported by
    ``module validate`` but do not refuse a module: an owner's printed map may differ."""
    from darkdec_qt.model.validate import validate
    from darkdec_qt.model.validate_geo import ADVISORY_KINDS

    p = Path(path or DEFAULT_MODULE)
    m = module_from_rows(read_database(p, verify_hash=check), str(p))
    if check and refuse_invalid:
        problems = sorted((x for x in validate(m) if x.kind not in ADVISORY_KINDS),  # history: reported, not refused
                          key=lambda x: x.kind not in ("no-turns", "no-scenarios", "bad-scenario"))
        if problems:
            shown = "\n  ".join(str(x) for x in problems[:20])
            more = f"\n  ... and {len(problems) - 20} more" if len(problems) > 20 else ""
            raise InvalidModuleError(f"{p}: the module is not valid ({len(problems)} problems; "
                                     f"'darkdec module validate' lists them):\n  {shown}{more}")
    return m


def meta_value(rows: Rows, key: str, default: Any = None) -> Any:
    return next((r["value"] for r in rows["meta"] if r["key"] == key), default)

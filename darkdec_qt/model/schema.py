"""The module database schema: one table per kind of record of ``docs/data-format.md``,
as plain column lists (standard library only, so reading a module needs no ORM:
:func:`darkdec_qt.model.database.read_database` checks each value against these types).
The sqlmodel classes that write a module (:mod:`darkdec_qt.model.tables`) are built from
it, so the two never disagree. Tables hold the canonical rows; ``darkdec_qt.model.load``
turns them into the immutable ``darkdec_qt.moduleview.Module`` the rest of the program reads.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

FORMAT_VERSION = 1

REQUIRED: Any = object()
"""The default of a column every row must give."""


@dataclass(frozen=True, slots=True)
class Column:
    name: str
    type: type  # int, str or bool
    nullable: bool = False
    default: Any = REQUIRED
    unique: bool = False

    @property
    def kind(self) -> str:
        """'bool', 'int', 'optint' (an integer or empty) or 'str': how a cell is read and shown."""
        if self.type is bool:
            return "bool"
        if self.type is int:
            return "optint" if self.nullable else "int"
        return "str"


@dataclass(frozen=True, slots=True)
class Table:
    name: str
    key: tuple[str, ...]  # the primary key columns
    columns: tuple[Column, ...]

    @property
    def names(self) -> list[str]:
        return [c.name for c in self.columns]

    def column(self, name: str) -> Column:
        return next(c for c in self.columns if c.name == name)


def _table(key: tuple[str, ...], *columns: Column) -> tuple[tuple[str, ...], tuple[Column, ...]]:
    return key, columns


# table name -> (primary key, columns); the order is the build order
_SPECS = {
    "meta": _table(
        ("key",),
        Column("key", str),
        Column("value", str, default=""),
    ),
    "hex": _table(
        ("hex",),
        Column("hex", str),
        Column("terrain", str),
        Column("town", str, default=""),
        Column("westwall", bool, default=False),
        Column("edge", str, default=""),
        Column("entry", str, default=""),
        Column("army", str, default=""),
        Column("reconstructed", bool, default=True),
        Column("basis", str, default=""),
    ),
    "hexside": _table(
        ("a", "b"),
        Column("a", str),
        Column("b", str),
        Column("river", str, default=""),
        Column("river_name", str, default=""),
        Column("bridge", bool, default=False),
        Column("ford", bool, default=False),
        Column("demolished", bool, default=False),
        Column("reconstructed", bool, default=True),
        Column("basis", str, default=""),
    ),
    "road": _table(
        ("a", "b", "road"),
        Column("a", str),
        Column("b", str),
        Column("road", str),
        Column("reconstructed", bool, default=True),
        Column("basis", str, default=""),
    ),
    # two roads passing through one hex without connecting (10.4.8C)
    "crossing": _table(
        ("hex", "road_a", "road_b"),
        Column("hex", str),
        Column("road_a", str),
        Column("road_b", str),
        Column("reconstructed", bool, default=True),
        Column("basis", str, default=""),
    ),
    "unit": _table(
        ("id",),
        Column("id", str),
        Column("side", str),
        Column("nationality", str),
        Column("division", str, default=""),
        Column("type", str),
        Column("size", str, default=""),
        Column("fa", int, default=0),
        Column("fd", int, default=0),
        Column("fm", int, default=0),
        Column("ra", int, nullable=True),
        Column("rd", int, nullable=True),
        Column("rm", int, nullable=True),
        Column("setup", str, default=""),
        Column("fortified", bool, default=False),
        Column("arrival", str, default=""),
        Column("entry", str, default=""),
        Column("star", bool, default=False),
        Column("restricted", bool, default=False),
        Column("conditional", bool, default=False),
        Column("optional", bool, default=False),
        Column("attack_option", int, default=0),
        Column("defense_option", int, default=0),
        Column("reconstructed", bool, default=True),
        Column("basis", str, default=""),
    ),
    "marker": _table(
        ("kind", "side"),
        Column("kind", str),
        Column("side", str),
        Column("limit", int, nullable=True),
        Column("reconstructed", bool, default=True),
        Column("basis", str, default=""),
    ),
    "turn": _table(
        ("turn",),
        Column("turn", int),
        Column("code", str, unique=True),
        Column("date", str),
        Column("ampm", str),
        Column("weather", str),
        Column("ground", str),
        Column("reconstructed", bool, default=False),
        Column("basis", str, default=""),
    ),
    "crt": _table(
        ("row", "odds"),
        Column("row", int),
        Column("odds", str),
        Column("result", str),
    ),
    "crt_dice": _table(
        ("column", "roll"),
        Column("column", str),
        Column("roll", int),
        Column("row", int),
    ),
    "tec": _table(
        ("feature",),
        Column("feature", str),
        Column("motorized", int, nullable=True),
        Column("infantry", int, nullable=True),
        Column("defense", int, nullable=True),
        Column("additive", bool, default=False),
        Column("note", str, default=""),
        Column("reconstructed", bool, default=True),
        Column("basis", str, default=""),
    ),
    # fuel depletion, paradrop and uncertain-weather tables (``chart`` names which)
    "die_table": _table(
        ("chart", "roll"),
        Column("chart", str),
        Column("roll", int),
        Column("result", str),
        Column("value", int, default=0),
        Column("note", str, default=""),
    ),
    "infiltration": _table(
        ("turn",),
        Column("turn", str),
        Column("success_max", int),
    ),
    "air_drm": _table(
        ("condition",),
        Column("condition", str),
        Column("drm", int),
    ),
    "scenario": _table(
        ("id",),
        Column("id", str),
        Column("name", str),
        Column("first_turn", str),
        Column("last_turn", str),
        Column("optional_rules", str, default="[]"),  # JSON list
        Column("variants", str, default="[]"),  # JSON list
        Column("replacements", str, default="{}"),  # JSON object
        Column("victory", str, default="{}"),  # JSON object
        Column("notes", str, default=""),
        Column("reconstructed", bool, default=True),
        Column("basis", str, default=""),
    ),
    "scenario_setup": _table(
        ("scenario", "unit"),
        Column("scenario", str),
        Column("unit", str),
        Column("location", str),
        Column("fortified", bool, default=False),
        Column("reserve", bool, default=False),
        Column("arrival", str, default=""),
    ),
    "erratum": _table(
        ("id",),
        Column("id", str),
        Column("text", str),
        Column("applied", bool, default=True),
        Column("edits", str, default=""),
    ),
    # where a unit historically stood on a turn (6.2A: the 16 Dec assault positions "indicated
    # on the counters"; 19.0: the 17 Dec drop zone; later scenarios' dates)
    "historical": _table(
        ("unit", "turn"),
        Column("unit", str),
        Column("turn", str),
        Column("hex", str),
        Column("reconstructed", bool, default=True),
        Column("basis", str, default=""),
    ),
}

SCHEMA: dict[str, Table] = {name: Table(name, key, cols) for name, (key, cols) in _SPECS.items()}


def columns(table: str) -> list[str]:
    return SCHEMA[table].names


def primary_key(table: str) -> tuple[str, ...]:
    return SCHEMA[table].key

"""The module database schema (sqlmodel over SQLite).

One table per kind of record of ``docs/data-format.md``. Tables hold the
canonical rows; ``darkdec_qt.model.rows`` turns them into the immutable
``darkdec_qt.moduleview.Module`` the rest of the program reads.
"""

from __future__ import annotations

from sqlmodel import Field, SQLModel

FORMAT_VERSION = 1


class MetaRow(SQLModel, table=True):
    __tablename__ = "meta"
    key: str = Field(primary_key=True)
    value: str = ""


class HexRow(SQLModel, table=True):
    __tablename__ = "hex"
    hex: str = Field(primary_key=True)
    terrain: str
    town: str = ""
    westwall: bool = False
    edge: str = ""
    entry: str = ""
    army: str = ""
    reconstructed: bool = True
    basis: str = ""


class HexsideRow(SQLModel, table=True):
    __tablename__ = "hexside"
    a: str = Field(primary_key=True)
    b: str = Field(primary_key=True)
    river: str = ""
    river_name: str = ""
    bridge: bool = False
    ford: bool = False
    demolished: bool = False
    reconstructed: bool = True
    basis: str = ""


class RoadRow(SQLModel, table=True):
    __tablename__ = "road"
    a: str = Field(primary_key=True)
    b: str = Field(primary_key=True)
    road: str = Field(primary_key=True)
    reconstructed: bool = True
    basis: str = ""


class CrossingRow(SQLModel, table=True):
    """Two roads passing through one hex without connecting (10.4.8C)."""

    __tablename__ = "crossing"
    hex: str = Field(primary_key=True)
    road_a: str = Field(primary_key=True)
    road_b: str = Field(primary_key=True)
    reconstructed: bool = True
    basis: str = ""


class UnitRow(SQLModel, table=True):
    __tablename__ = "unit"
    id: str = Field(primary_key=True)
    side: str
    nationality: str
    division: str = ""
    type: str
    size: str = ""
    fa: int = 0
    fd: int = 0
    fm: int = 0
    ra: int | None = None
    rd: int | None = None
    rm: int | None = None
    setup: str = ""
    fortified: bool = False
    arrival: str = ""
    entry: str = ""
    star: bool = False
    restricted: bool = False
    conditional: bool = False
    optional: bool = False
    attack_option: int = 0
    defense_option: int = 0
    reconstructed: bool = True
    basis: str = ""


class MarkerRow(SQLModel, table=True):
    __tablename__ = "marker"
    kind: str = Field(primary_key=True)
    side: str = Field(primary_key=True)
    limit: int | None = None
    reconstructed: bool = True
    basis: str = ""


class TurnRow(SQLModel, table=True):
    __tablename__ = "turn"
    turn: int = Field(primary_key=True)
    code: str = Field(unique=True)
    date: str
    ampm: str
    weather: str
    ground: str
    reconstructed: bool = False
    basis: str = ""


class CrtRow(SQLModel, table=True):
    __tablename__ = "crt"
    row: int = Field(primary_key=True)
    odds: str = Field(primary_key=True)
    result: str


class CrtDiceRow(SQLModel, table=True):
    __tablename__ = "crt_dice"
    column: str = Field(primary_key=True)
    roll: int = Field(primary_key=True)
    row: int


class TecRow(SQLModel, table=True):
    __tablename__ = "tec"
    feature: str = Field(primary_key=True)
    motorized: int | None = None
    infantry: int | None = None
    defense: int | None = None
    additive: bool = False
    note: str = ""
    reconstructed: bool = True
    basis: str = ""


class DieTableRow(SQLModel, table=True):
    """Fuel depletion, paradrop and uncertain-weather tables (``chart`` names which)."""

    __tablename__ = "die_table"
    chart: str = Field(primary_key=True)
    roll: int = Field(primary_key=True)
    result: str
    value: int = 0
    note: str = ""


class InfiltrationRow(SQLModel, table=True):
    __tablename__ = "infiltration"
    turn: str = Field(primary_key=True)
    success_max: int


class AirDrmRow(SQLModel, table=True):
    __tablename__ = "air_drm"
    condition: str = Field(primary_key=True)
    drm: int


class ScenarioRow(SQLModel, table=True):
    __tablename__ = "scenario"
    id: str = Field(primary_key=True)
    name: str
    first_turn: str
    last_turn: str
    optional_rules: str = "[]"  # JSON list
    variants: str = "[]"  # JSON list
    replacements: str = "{}"  # JSON object
    victory: str = "{}"  # JSON object
    notes: str = ""
    reconstructed: bool = True
    basis: str = ""


class ScenarioSetupRow(SQLModel, table=True):
    __tablename__ = "scenario_setup"
    scenario: str = Field(primary_key=True)
    unit: str = Field(primary_key=True)
    location: str
    fortified: bool = False
    reserve: bool = False
    arrival: str = ""


class HistoricalRow(SQLModel, table=True):
    """Where a unit historically stood on a turn (6.2A: the 16 Dec assault positions
    "indicated on the counters"; 19.0: the 17 Dec drop zone; later scenarios' dates)."""

    __tablename__ = "historical"
    unit: str = Field(primary_key=True)
    turn: str = Field(primary_key=True)
    hex: str
    reconstructed: bool = True
    basis: str = ""


class ErratumRow(SQLModel, table=True):
    __tablename__ = "erratum"
    id: str = Field(primary_key=True)
    text: str
    applied: bool = True
    edits: str = ""


# table name -> (model class, primary key columns); the order is the build order
TABLES: dict[str, tuple[type[SQLModel], tuple[str, ...]]] = {
    "meta": (MetaRow, ("key",)),
    "hex": (HexRow, ("hex",)),
    "hexside": (HexsideRow, ("a", "b")),
    "road": (RoadRow, ("a", "b", "road")),
    "crossing": (CrossingRow, ("hex", "road_a", "road_b")),
    "unit": (UnitRow, ("id",)),
    "marker": (MarkerRow, ("kind", "side")),
    "turn": (TurnRow, ("turn",)),
    "crt": (CrtRow, ("row", "odds")),
    "crt_dice": (CrtDiceRow, ("column", "roll")),
    "tec": (TecRow, ("feature",)),
    "die_table": (DieTableRow, ("chart", "roll")),
    "infiltration": (InfiltrationRow, ("turn",)),
    "air_drm": (AirDrmRow, ("condition",)),
    "scenario": (ScenarioRow, ("id",)),
    "scenario_setup": (ScenarioSetupRow, ("scenario", "unit")),
    "erratum": (ErratumRow, ("id",)),
    "historical": (HistoricalRow, ("unit", "turn")),
}


def columns(table: str) -> list[str]:
    model = TABLES[table][0]
    return list(model.model_fields.keys())

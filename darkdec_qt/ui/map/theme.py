"""Colours and pens of the map and the counters.

One immutable :class:`Theme` holds every colour the map widget uses, so the client
and the editor can pass an alternative (print, colour-blind) without globals.
Nationality colours follow rule 5.0A; marker colours 5.0B.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtGui import QColor


def _c(hex_rgb: str, alpha: int = 255) -> QColor:
    col = QColor(hex_rgb)
    col.setAlpha(alpha)
    return col


@dataclass(frozen=True)
class CounterColours:
    """Background, symbol-box fill and text colour of one nationality (5.0A)."""

    background: str
    box: str
    text: str
    border: str


@dataclass(frozen=True)
class Theme:
    # --- terrain (13.3.1A base terrains) ---
    terrain_fill: dict[str, str] = field(
        default_factory=lambda: {
            "clear": "#e9e8c4",  # pale green-beige
            "rough": "#dcc497",  # tan
            "woods": "#9cc07a",  # green
            "dense_forest": "#4f7f45",  # dark green
            "marsh": "#a9cbb8",  # blue-green
        }
    )
    terrain_detail: dict[str, str] = field(
        default_factory=lambda: {
            "clear": "#d8d7ae",
            "rough": "#9a7444",  # brown hachures
            "woods": "#6f9a52",  # tree dots
            "dense_forest": "#2b5228",  # trees
            "marsh": "#4f8fa0",  # reed hatch
        }
    )
    unknown_terrain: str = "#ff00ff"
    grid: str = "#5c5a4c"
    map_edge: str = "#2a2a2a"
    off_map: str = "#c9c3b0"
    # --- hexside features ---
    river_major: str = "#2f67b1"
    river_minor: str = "#4e8ad6"
    river_major_width: float = 0.17  # fraction of the hex size
    river_minor_width: float = 0.09
    bridge_fill: str = "#f4efe0"
    bridge_edge: str = "#2a2a2a"
    blown_bridge: str = "#d01010"
    ford: str = "#8a5a2b"
    # --- roads ---
    road: str = "#b3261e"
    road_casing: str = "#5a1410"
    road_width: float = 0.085
    # --- features and labels ---
    town_fill: str = "#2b2b2b"
    town_text: str = "#141414"
    label_halo: str = "#f7f5e8"
    westwall: str = "#3a3a3a"
    westwall_tint: str = "#00000018"
    army_boundary: str = "#6a2c7a"
    hex_number: str = "#4a4838"
    entry_allied: str = "#f2d22e"  # yellow: Allied (5.0B)
    entry_german: str = "#9aa08c"  # field gray: German
    entry_text: str = "#111111"
    # --- overlays ---
    highlight: str = "#ffd400"
    highlight_low: str = "#2e9d2e"
    path: str = "#1a3fd0"
    # --- counters (5.0A) ---
    nationality: dict[str, CounterColours] = field(
        default_factory=lambda: {
            "US": CounterColours("#4b6a35", "#5d7f45", "#f4f1e4", "#22301a"),
            "British": CounterColours("#a9cf86", "#bfe0a0", "#101810", "#4f6d3a"),
            "French": CounterColours("#9cc6ec", "#b9d8f3", "#0d1a2a", "#456a8c"),
            "Wehrmacht": CounterColours("#8f9883", "#a3ab97", "#111111", "#3f4538"),
            "SS": CounterColours("#1d1d1d", "#2f5d46", "#f2f2f2", "#000000"),  # black + pine green
            "Luftwaffe": CounterColours("#2c4fa6", "#4066c0", "#f4f6ff", "#14265a"),
        }
    )
    unknown_nationality: CounterColours = field(
        default_factory=lambda: CounterColours("#cccccc", "#dddddd", "#000000", "#555555")
    )
    reduced_band: str = "#ffffff"
    restricted_bar: str = "#f5d000"  # errata 4.2.2G: yellow bar
    marker_colours: dict[str, str] = field(
        default_factory=lambda: {
            "OOS": "#d42020",
            "ISO": "#7a0f0f",
            "SM": "#f2d22e",
            "RES": "#ffffff",
            "FORT": "#8f9883",
            "EXIT": "#ffffff",
            "INT": "#ff8c00",
        }
    )

    def colour(self, name: str, alpha: int | None = None) -> QColor:
        """A QColor of a named attribute (``theme.colour("river_major")``)."""
        value = getattr(self, name)
        col = QColor(value)
        if alpha is not None:
            col.setAlpha(alpha)
        return col

    def terrain(self, terrain: str) -> QColor:
        return _c(self.terrain_fill.get(terrain, self.unknown_terrain))

    def detail(self, terrain: str) -> QColor:
        return _c(self.terrain_detail.get(terrain, self.grid))

    def counter(self, nationality: str) -> CounterColours:
        return self.nationality.get(nationality, self.unknown_nationality)

    def marker(self, tag: str) -> QColor:
        key = tag.split()[0].rstrip("0123456789").upper()
        return _c(self.marker_colours.get(key, "#ffffff"))


DEFAULT_THEME = Theme()

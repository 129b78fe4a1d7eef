"""Charts read from the module: the CRT (with each dice column's rolls per row, and the
row, dice cell and result of the last battle highlighted and told above it), the TEC and
beside it the terrain legend drawn with the map's own swatches,
the turn record track (weather, reinforcements), the fuel depletion table."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QBrush, QColor, QIcon
from PySide6.QtWidgets import (
    QLabel,
    QListWidget,
    QListWidgetItem,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from darkdec_qt.moduleview import Module
from darkdec_qt.rules import fog as fogofwar
from darkdec_qt.ui.controller import GameController
from darkdec_qt.ui.help.rulelinks import link_label
from darkdec_qt.ui.help.ruletext import linkify_html
from darkdec_qt.ui.map import legend
from darkdec_qt.ui.provenance import MARK, basis_tip

ICON_PX = 40  # the height of a legend swatch
HIT = QColor("#f6d75a")
ROW = QColor("#fbf0c0")


def _table(headers: list[str], rows: list[list[str]]) -> QTableWidget:
    t = QTableWidget(len(rows), len(headers))
    t.setHorizontalHeaderLabels(headers)
    t.setAlternatingRowColors(True)
    t.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    for r, row in enumerate(rows):
        for c, v in enumerate(row):
            t.setItem(r, c, QTableWidgetItem(v))
    t.resizeColumnsToContents()
    t.verticalHeader().setVisible(False)
    return t


def mark_reconstructed(table: QTableWidget, rows: list[int] | None, basis: dict[int, str] | str) -> None:
    """Provenance (ui/provenance.py): the cells of reconstructed rows (all when ``rows``
    is None) in italics with the basis in their tooltip."""
    for r in range(table.rowCount()) if rows is None else rows:
        tip = basis_tip(True, basis if isinstance(basis, str) else basis.get(r, ""))
        for c in range(table.columnCount()):
            item = table.item(r, c)
            if item is not None:
                f = item.font()
                f.setItalic(True)
                item.setFont(f)
                item.setToolTip(tip)


def dice_columns(module: Module) -> list[str]:
    """The CRT's dice columns (13.4.2: normal, tactical advantage)."""
    return sorted({c for c, _ in module.charts.crt.dice})


def rolls_text(module: Module, column: str, row: int) -> str:
    """The modified rolls that give ``row`` on ``column``: "5-6", "≤2", "≥12"."""
    crt = module.charts.crt
    rolls = sorted(r for (c, r), rw in crt.dice.items() if c == column and rw == row)
    if not rolls:
        return ""
    lo, hi = rolls[0], rolls[-1]
    if lo <= crt.roll_min:
        return f"≤{hi}"
    if hi >= crt.roll_max:
        return f"≥{lo}"
    return str(lo) if lo == hi else f"{lo}-{hi}"


def crt_table(module: Module) -> QTableWidget:
    """The CRT with, left of the odds, the rolls of each dice column that give each row
    (13.4.2: the tactical column maps the dice to other rows)."""
    crt = module.charts.crt
    dice = dice_columns(module)
    rows = [[str(r)] + [rolls_text(module, c, r) for c in dice] + [crt.results.get((r, o), "") for o in crt.odds]
            for r in crt.rows]
    t = _table(["row"] + [f"{c} roll" for c in dice] + list(crt.odds), rows)
    if crt.reconstructed:
        mark_reconstructed(t, None, crt.basis)
    return t


def tec_table(module: Module) -> QTableWidget:
    rows, marked = [], {}
    for i, (name, t) in enumerate(module.charts.tec.items()):
        if t.reconstructed:
            marked[i] = t.basis
        rows.append([name.replace("_", " ") + (MARK if t.reconstructed else ""), _cost(t, "infantry"), _cost(t, "motorized"),
                     "" if t.defense is None else str(t.defense), "+" if t.additive else "", t.note])
    table = _table(["terrain / feature", "inf MP", "mot MP", "level", "additive", "note"], rows)
    mark_reconstructed(table, list(marked), marked)
    return table


def _cost(t, kind: str) -> str:  # noqa: ANN001 (a TEC line)
    return "P" if t.cost.get(kind) is None else str(t.cost.get(kind))


def legend_list(module: Module, ratio: float = 1.0) -> QListWidget:
    """The terrain legend beside the TEC: each terrain and map feature as the map draws it
    (ui/map/legend.py) with, under its name, its TEC line's movement costs and defense level;
    the TEC note in the tooltip. One entry a row, wrapped to the dock's width."""
    tec = module.charts.tec
    view = QListWidget()
    view.setObjectName("TerrainLegend")
    view.setIconSize(QSize(48, ICON_PX))
    view.setWordWrap(True)
    view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    view.setResizeMode(QListWidget.ResizeMode.Adjust)
    view.setSpacing(2)
    for e in legend.ENTRIES:
        t = tec.get(e.tec)
        words = {k: "prohibited" if _cost(t, k) == "P" else _cost(t, k) for k in ("infantry", "motorized")} if t else {}
        costs = "" if t is None else (f"MP: infantry {words['infantry']}, motorized {words['motorized']}"
                                      + ("" if t.defense is None else f"; level {t.defense}"))
        item = QListWidgetItem(QIcon(legend.swatch(e.key, ICON_PX, ratio=ratio)), e.name + (f"\n{costs}" if costs else ""))
        item.setData(Qt.ItemDataRole.UserRole, e.key)
        item.setToolTip(f"{e.name}: TEC line '{e.tec.replace('_', ' ')}'" + (f": {t.note}" if t is not None and t.note
                                                                            else "") if t is not None else e.name)
        view.addItem(item)
    return view


def turn_track(module: Module) -> QTableWidget:
    arriving: dict[str, list[str]] = {}
    for u in module.units.values():
        if u.arrival:
            arriving.setdefault(u.arrival, []).append(u.id)
    rows = [[str(t.number), t.label, t.weather, t.ground, ", ".join(sorted(arriving.get(t.code, [])))]
            for t in module.turns]
    return _table(["turn", "date", "weather", "ground", "reinforcements"], rows)


def fuel_table(module: Module) -> QTableWidget:
    t = _table(["roll", "result", "note"], [[str(r.roll), r.result, r.note] for r in module.charts.fuel_depletion])
    if module.charts.reconstructed:
        mark_reconstructed(t, None, module.charts.basis)
    return t


class ChartsPanel(QTabWidget):
    """Tabs of charts; the CRT cell of the last resolved battle is highlighted."""

    def __init__(self, controller: GameController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        m = controller.module
        self.crt = crt_table(m)
        self.crt_caption = QLabel()
        self.crt_caption.setWordWrap(True)
        self.crt_page = QWidget()
        lay = QVBoxLayout(self.crt_page)
        lay.setContentsMargins(2, 2, 2, 2)
        self.crt_fog = link_label(QLabel(linkify_html(
            "<b>Fog of war (25.0C):</b> the phasing side does not see the CRT during its player turn. The "
            "other side holds the charts and announces each result: the roll and the result are in the log "
            "and the Battle dock.")))
        self.crt_fog.setWordWrap(True)
        self.crt_fog.setAlignment(Qt.AlignmentFlag.AlignTop)
        lay.addWidget(self.crt_caption)
        lay.addWidget(self.crt_fog, 1)
        lay.addWidget(self.crt, 1)
        ch = m.charts
        tec_rec = any(t.reconstructed for t in ch.tec.values())
        for page, title, rec, basis in ((self.crt_page, "CRT", ch.crt.reconstructed, ch.crt.basis),
                                        (tec_table(m), "TEC", tec_rec, "see each line's tooltip"),
                                        (legend_list(m, self.devicePixelRatioF()), "Legend", False, ""),
                                        (turn_track(m), "Turn track", False, ""),
                                        (fuel_table(m), "Fuel depletion", ch.reconstructed, ch.basis)):
            i = self.addTab(page, title + (MARK if rec else ""))  # provenance (ui/provenance.py)
            if rec:
                self.setTabToolTip(i, basis_tip(True, basis, f"{title}: "))
        self.highlighted: tuple[int, int] | None = None  # (row, column) of the result cell
        self._lit: list[tuple[int, int]] = []
        controller.shownChanged.connect(self.highlight_last_result)
        controller.shownChanged.connect(self.apply_fog)
        self.apply_fog()

    def apply_fog(self) -> None:
        """25.0C: the CRT (and the caption telling its row) hidden from the phasing side."""
        c = self.controller
        hidden = fogofwar.crt_hidden(c.shown_state(), c.viewer())
        self.crt.setVisible(not hidden)
        self.crt_caption.setVisible(not hidden)
        self.crt_fog.setVisible(hidden)

    def highlight_last_result(self) -> None:
        """The row of the last battle's modified roll, its dice cell and its result cell."""
        c = self.controller
        events = c.cache.events[: c.past] if c.past is not None else c.cache.events
        last = next((e for e in reversed(events[-400:]) if e.kind == "battle_resolved"), None)
        for rc in self._lit:
            item = self.crt.item(*rc)
            if item is not None:
                item.setBackground(QBrush())
        self._lit, self.highlighted = [], None
        self.crt_caption.setText("")
        if last is None:
            return
        crt = c.module.charts.crt
        dice = dice_columns(c.module)
        try:
            crt_row = crt.row_for(last.column, last.roll)
            row = crt.rows.index(crt_row)
            col = 1 + len(dice) + list(crt.odds).index(last.odds)
            dcol = 1 + dice.index(last.column)
        except (ValueError, KeyError, AttributeError):
            return
        for x in range(self.crt.columnCount()):
            self._light(row, x, ROW)
        self._light(row, dcol, HIT)
        self._light(row, col, HIT)
        self.highlighted = (row, col)
        self.crt_caption.setText(f"Battle {last.id}: modified roll {last.roll} (DRM {last.drm:+d}) on the "
                                 f"{last.column} dice column → row {crt_row}; odds {last.odds} → {last.result}")
        self.crt.scrollToItem(self.crt.item(row, col))

    def _light(self, row: int, col: int, colour: QColor) -> None:
        item = self.crt.item(row, col)
        if item is not None:
            item.setBackground(QBrush(colour))
            self._lit.append((row, col))

"""The Statistics dock: charts by game turn (QtCharts) of the figures ``game/statistics.py``
reads from the log: steps lost, objective towns held, the verdict's margin, units on the map,
exits. Live during play (after each event) and following the replay position; what fog of war
hides from the viewer (25.0) is left out. Each chart exports to PNG and SVG (the buttons and
the chart's context menu).

``build_chart``, ``chart_svg`` and ``chart_png`` draw a chart from ``ChartData`` without a
window (a QApplication must exist), for the dock and for reports."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCharts import QCategoryAxis, QChart, QChartView, QLineSeries, QValueAxis
from PySide6.QtCore import QBuffer, QIODevice, QMargins, QPointF, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QAction, QColor, QCursor, QFont, QImage, QPainter, QPen
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QGraphicsScene,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QToolButton,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from darkdec_qt.game.statistics import CHARTS, ChartData, Statistics, series
from darkdec_qt.ui.controller import GameController

NAMES = {"steps": "Steps lost", "towns": "Towns held", "margin": "Verdict", "units": "Units on map", "exits": "Exits"}
COLOURS = {"German": "#3d4650", "Allied": "#3f8a2a", "": "#a0522d"}
EXPORT_SIZE = (800, 500)
_DASHES = (Qt.PenStyle.SolidLine, Qt.PenStyle.DashLine, Qt.PenStyle.DotLine)


def build_chart(data: ChartData, chart: QChart | None = None) -> QChart:
    """``data`` drawn as lines over the game turns (``chart`` reused when given)."""
    chart = chart or QChart()
    chart.removeAllSeries()
    for axis in chart.axes():
        chart.removeAxis(axis)
    chart.setTitle(data.title)
    font = QFont(chart.titleFont())
    font.setPointSizeF(max(8.0, font.pointSizeF()))
    font.setBold(True)
    chart.setTitleFont(font)
    chart.setMargins(QMargins(4, 4, 4, 4))
    chart.setBackgroundRoundness(0)
    legend = chart.legend()
    legend.setAlignment(Qt.AlignmentFlag.AlignBottom)
    small = QFont(legend.font())
    small.setPointSizeF(max(7.0, small.pointSizeF() * 0.9))
    legend.setFont(small)
    turns = sorted({t for s in data.series for t, _v in s.points}) or [1]
    values = [v for s in data.series for _t, v in s.points] or [0.0]
    first, last = turns[0], max(turns[-1], turns[0] + 1)
    x: QValueAxis | QCategoryAxis
    am = [t for t in range(first, last + 1) if data.labels.get(t, "").endswith("AM")]
    if am:  # the calendar's dates, at their AM turns, at most about six of them
        x = QCategoryAxis()
        x.setLabelsPosition(QCategoryAxis.AxisLabelsPosition.AxisLabelsPositionOnValue)
        x.setRange(first, last)
        for t in am[::max(1, -(-len(am) // 6))]:
            x.append(day(data.labels[t]), t)
        x.setTitleText("date (game turns, AM and PM)")
    else:
        x = QValueAxis()
        x.setRange(first, last)
        x.setLabelFormat("%d")
        x.setTitleText("game turn")
        x.setTickType(QValueAxis.TickType.TicksDynamic)
        x.setTickAnchor(first)
        x.setTickInterval(max(1, (last - first) // 6 or 1))
    lo, hi = min(0.0, min(values)), max(1.0, max(values))
    y: QValueAxis | QCategoryAxis
    if data.levels:
        lo = min(lo, -1.0)  # the verdict: each value named by its level
        y = QCategoryAxis()
        y.setLabelsPosition(QCategoryAxis.AxisLabelsPosition.AxisLabelsPositionOnValue)
        y.setRange(lo - 0.5, hi + 0.5)
        for value in range(int(lo), int(hi) + 1):
            y.append(data.levels.get(value, f"{value:+d}" if value else "Draw"), value)
    else:
        y = QValueAxis()
        y.setRange(lo, hi + max(1.0, (hi - lo) * 0.05))
        y.setLabelFormat("%d")
        y.setTickType(QValueAxis.TickType.TicksDynamic)
        y.setTickAnchor(0)
        y.setTickInterval(_nice_step(hi - lo))
    y.setTitleText(data.y_title)
    chart.addAxis(x, Qt.AlignmentFlag.AlignBottom)
    chart.addAxis(y, Qt.AlignmentFlag.AlignLeft)
    seen: dict[str, int] = {}
    for s in data.series:
        line = QLineSeries()
        line.setName(s.name)
        line.replace([QPointF(t, v) for t, v in s.points])
        k = seen.get(s.side, 0)
        seen[s.side] = k + 1
        colour = QColor(COLOURS.get(s.side, "#555555")).lighter(100 + 45 * k)  # a side's further lines paler
        pen = QPen(colour, 2.2, _DASHES[k % len(_DASHES)])
        line.setPen(pen)
        line.setPointsVisible(len(s.points) <= 40)
        chart.addSeries(line)
        line.attachAxis(x)
        line.attachAxis(y)
    return chart


def day(code: str) -> str:
    """"17DecAM" -> "17 Dec" (the calendar's turn codes)."""
    m = re.fullmatch(r"(\d+)([A-Za-z]+?)(AM|PM)", code)
    return f"{m[1]} {m[2]}" if m else code


def turn_name(code: str) -> str:
    """"17DecAM" -> "AM 17 Dec", as the turn track names a turn."""
    return f"{code[-2:]} {day(code)}" if code.endswith(("AM", "PM")) else code


def _nice_step(span: float) -> float:
    """An axis step of 1, 2, 5, 10, 20, 50... giving at most about six ticks."""
    step = 1.0
    while span / step > 6:
        for m in (2, 2.5, 2):
            step *= m
            if span / step <= 6:
                break
    return step


def _sized(font: QFont, points: float, bold: bool = False) -> QFont:
    f = QFont(font)
    f.setPointSizeF(points)
    f.setBold(bold)
    return f


def _render(data: ChartData, paint, width: int, height: int) -> None:  # noqa: ANN001 (a QPaintDevice)
    """The chart drawn alone on ``paint``, with type sized for a page rather than a dock."""
    chart = build_chart(data)
    chart.setTitleFont(_sized(chart.titleFont(), 13, bold=True))
    chart.legend().setFont(_sized(chart.legend().font(), 10))
    for axis in chart.axes():
        axis.setLabelsFont(_sized(axis.labelsFont(), 9.5))
        axis.setTitleFont(_sized(axis.titleFont(), 10, bold=True))
    scene = QGraphicsScene()
    scene.addItem(chart)
    chart.setGeometry(QRectF(0, 0, width, height))
    scene.setSceneRect(QRectF(0, 0, width, height))
    painter = QPainter(paint)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    scene.render(painter, QRectF(0, 0, width, height), QRectF(0, 0, width, height))
    painter.end()
    scene.removeItem(chart)
    chart.deleteLater()


def chart_svg(data: ChartData, width: int = EXPORT_SIZE[0], height: int = EXPORT_SIZE[1]) -> str:
    """The chart as an SVG document (QSvgGenerator)."""
    buf = QBuffer()
    buf.open(QIODevice.OpenModeFlag.WriteOnly)
    gen = QSvgGenerator()
    gen.setOutputDevice(buf)
    gen.setSize(QSize(width, height))
    gen.setViewBox(QRect(0, 0, width, height))
    gen.setTitle(data.title)
    gen.setDescription(data.note or data.title)
    _render(data, gen, width, height)
    buf.close()
    return bytes(buf.data().data()).decode("utf-8")


def chart_image(data: ChartData, width: int = EXPORT_SIZE[0], height: int = EXPORT_SIZE[1]) -> QImage:
    image = QImage(width, height, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    _render(data, image, width, height)
    return image


def chart_png(data: ChartData, path: str | Path, width: int = EXPORT_SIZE[0], height: int = EXPORT_SIZE[1]) -> None:
    if not chart_image(data, width, height).save(str(path), "PNG"):
        raise OSError(f"{path}: cannot write the PNG")


class StatisticsPanel(QWidget):
    """A chart chosen from a list, drawn from the figures of the moment shown."""

    def __init__(self, controller: GameController, parent: QWidget | None = None,
                 seat_private: Callable[[], bool] = lambda: True) -> None:
        """``seat_private``: whether the seat's own figures may show now (not while a hot-seat
        hand-over screen waits for the next player: then, under fog of war, neither side's)."""
        super().__init__(parent)
        self.controller = controller
        self.seat_private = seat_private
        self.stats: Statistics | None = None
        self._game = None
        self._stale = True
        self.charts: dict[str, ChartData] = {}
        self._drawn: ChartData | None = None
        self.choice = QComboBox()
        for key in CHARTS:
            self.choice.addItem(NAMES[key], key)
        self.choice.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.choice.setMinimumContentsLength(8)
        self.choice.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.choice.setToolTip("Which figures to chart, by game turn")
        self.png_button = QToolButton()
        self.png_button.setText("PNG…")
        self.png_button.setToolTip("Export this chart as a PNG picture")
        self.svg_button = QToolButton()
        self.svg_button.setText("SVG…")
        self.svg_button.setToolTip("Export this chart as an SVG drawing")
        self.chart: QChart | None = None  # made when first shown (QtCharts' first chart costs ~30 ms)
        self.view: QChartView | None = None
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.note.setStyleSheet("color:#5a4a10;")
        row = QHBoxLayout()
        row.addWidget(self.choice, 1)
        row.addWidget(self.png_button)
        row.addWidget(self.svg_button)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(2, 2, 2, 2)
        lay.addLayout(row)
        lay.addWidget(self.note)
        self._lay = lay
        self.choice.currentIndexChanged.connect(lambda _i: self.draw())
        self.png_button.clicked.connect(self.export_png)
        self.svg_button.clicked.connect(self.export_svg)
        controller.changed.connect(self.refresh)
        controller.shownChanged.connect(self.refresh)
        controller.gameReplaced.connect(self._forget)

    def key(self) -> str:
        return str(self.choice.currentData())

    def _forget(self) -> None:
        self.stats, self._game = None, None

    def showEvent(self, event) -> None:  # noqa: ANN001, N802 (Qt)
        super().showEvent(event)
        if self._stale:
            self.refresh()

    def refresh(self) -> None:
        """Read the new events and redraw (only while the dock is shown; else when it is)."""
        if not self.isVisible():
            self._stale = True
            return
        self._stale = False
        c = self.controller
        if self.stats is None or self._game is not c.game:
            self.stats, self._game = Statistics(c.game.initial), c.game
        self.stats.sync(c.cache.events)
        figures = self.stats.figures() if c.past is None else self.stats.at(c.past, c.shown_state())
        fog = c.state.has_rule("25") and not c.state.game_over
        self.charts = series(figures, (c.viewer() if self.seat_private() else "") if fog else None)
        self.draw()

    def _make_view(self) -> QChartView:
        if self.view is None:
            self.chart = QChart()
            self.view = QChartView(self.chart)
            self.view.setRenderHint(QPainter.RenderHint.Antialiasing)
            self.view.setMinimumSize(160, 140)
            self.view.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
            for text, fn in (("Export as PNG…", self.export_png), ("Export as SVG…", self.export_svg)):
                act = QAction(text, self.view)
                act.triggered.connect(fn)
                self.view.addAction(act)
            self._lay.insertWidget(1, self.view, 1)
        return self.view

    def draw(self) -> None:
        data = self.charts.get(self.key())
        if data is None or data == self._drawn:
            return  # (most events change no figure: the chart stays as drawn)
        self._make_view()
        self._drawn = data
        build_chart(data, self.chart)
        for line in self.chart.series():  # the figure under the pointer, with its turn
            line.hovered.connect(lambda point, on, name=line.name(): self._hover(name, point, on))
        self.note.setText(data.note)
        self.note.setVisible(bool(data.note))

    def _hover(self, name: str, point: QPointF, on: bool) -> None:
        data = self._drawn
        if not on or data is None:
            QToolTip.hideText()
            return
        t = round(point.x())
        line = next((x for x in data.series if x.name == name), None)
        value = dict(line.points).get(t) if line is not None else None
        if value is None:
            return
        shown = data.levels.get(int(value), f"{value:g}") if data.levels else f"{value:g}"
        QToolTip.showText(QCursor.pos(), f"{turn_name(data.labels.get(t, str(t)))} (turn {t}): {name} {shown}",
                          self.view)

    # --- export ------------------------------------------------------------------------------
    def _ask(self, kind: str) -> str:
        c = self.controller
        base = (c.path.stem if c.path else c.state.scenario) + f"-{self.key()}.{kind}"
        start = str((c.path.parent if c.path else Path.home()) / base)
        path, _ = QFileDialog.getSaveFileName(self, f"Export chart as {kind.upper()}", start,
                                              f"{kind.upper()} files (*.{kind})")
        if path and not path.lower().endswith(f".{kind}"):
            path += f".{kind}"
        return path

    def export_png(self) -> None:
        self._export("png")

    def export_svg(self) -> None:
        self._export("svg")

    def _export(self, kind: str) -> None:
        data = self.charts.get(self.key())
        path = self._ask(kind) if data is not None else ""
        if not path or data is None:
            return
        try:
            if kind == "png":
                chart_png(data, path)
            else:
                Path(path).write_text(chart_svg(data), encoding="utf-8")
        except OSError as exc:
            self.controller.message.emit(f"The chart was not exported: {exc}", True)
            return
        self.controller.message.emit(f"Chart exported to {path}", False)

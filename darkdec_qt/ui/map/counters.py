"""Procedural counter painting: nationality colours (5.0A), NATO symbols (5.2),
sizes (5.3), special markings (5.5) and game markers (5.4) as small tags.

``paint_counter`` draws into any QPainter; ``counter_pixmap`` caches the result in
``QPixmapCache`` so a map with hundreds of counters only blits pixmaps.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPixmap, QPixmapCache, QPolygonF

from darkdec_qt.moduleview import UnitSpec
from darkdec_qt.ui.map.theme import DEFAULT_THEME, Theme

MARKER_ORDER = ("OOS", "ISO", "SM", "RES", "FORT", "EXIT", "INT")
INFO_MIN_SIZE = 64  # below this the setup/arrival text (5.6) is unreadable: left out


def _font(px: float, bold: bool = True, family: str = "DejaVu Sans") -> QFont:
    f = QFont(family)
    f.setPixelSize(max(1, round(px)))
    f.setBold(bold)
    f.setStyleHint(QFont.StyleHint.SansSerif)
    return f


def _fit_font(painter: QPainter, text: str, px: float, width: float, bold: bool = True) -> QFont:
    """The largest font <= ``px`` pixels in which ``text`` fits ``width``."""
    f = _font(px, bold)
    painter.setFont(f)
    w = painter.fontMetrics().horizontalAdvance(text)
    if w > width and w > 0:
        f = _font(max(4.0, px * width / w), bold)
    return f


def strength_text(spec: UnitSpec, reduced: bool) -> str:
    """The numbers printed at the bottom: attack-defense-movement (5.1), or for a
    leader attack option, defense option and movement (15.0)."""
    if spec.is_leader:
        return f"{spec.attack_option}-{spec.defense_option}-{spec.full[2]}"
    values = spec.reduced if reduced and spec.reduced is not None else spec.full
    return "-".join(str(v) for v in values)


def short_designation(spec: UnitSpec) -> str:
    return spec.id


def info_text(spec: UnitSpec) -> str:
    """5.6: setup (army area or hex, bracketed if fortified) or reinforcement code."""
    if spec.arrival:
        code = spec.arrival
        return code + ("*" if spec.star else "")
    if spec.setup:
        return f"[{spec.setup}]" if spec.fortified else spec.setup
    return ""


# --- NATO symbols (5.2) ---------------------------------------------------------


def _draw_x(p: QPainter, box: QRectF) -> None:
    p.drawLine(box.topLeft(), box.bottomRight())
    p.drawLine(box.bottomLeft(), box.topRight())


def _oval(box: QRectF) -> QRectF:
    w, h = box.width(), box.height()
    return QRectF(box.left() + w * 0.2, box.top() + h * 0.22, w * 0.6, h * 0.56)


def _draw_wings(p: QPainter, box: QRectF, arcs: int) -> None:
    """Airborne mark at the foot of the box: two arcs (parachute) or one (glider)."""
    w, h = box.width(), box.height()
    cx, base = box.center().x(), box.bottom() - h * 0.08
    path = QPainterPath()
    if arcs == 2:
        r = w * 0.11
        path.moveTo(cx - 2 * r, base)
        path.quadTo(cx - r, base - h * 0.32, cx, base)
        path.quadTo(cx + r, base - h * 0.32, cx + 2 * r, base)
    else:
        r = w * 0.2
        path.moveTo(cx - r, base)
        path.quadTo(cx, base - h * 0.35, cx + r, base)
        path.lineTo(cx - r, base)
    fill = p.brush()
    p.setBrush(p.background().color())
    p.drawPath(path)
    p.setBrush(fill)


def _draw_star(p: QPainter, centre: QPointF, r: float) -> None:
    pts = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * 0.42
        a = math.radians(-90 + 36 * i)
        pts.append(QPointF(centre.x() + rad * math.cos(a), centre.y() + rad * math.sin(a)))
    p.drawPolygon(QPolygonF(pts))


def draw_nato_symbol(p: QPainter, box: QRectF, unit_type: str, box_fill: QColor, ink: QColor) -> None:
    """The unit-type box with its NATO symbol (5.2)."""
    lw = max(1.0, box.height() * 0.07)
    pen = QPen(ink, lw)
    pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
    p.setPen(pen)
    p.setBrush(box_fill)
    p.setBackground(box_fill)
    p.drawRect(box)
    p.setBrush(Qt.BrushStyle.NoBrush)
    t = unit_type
    if t in ("infantry", "volksgrenadier", "parachute", "glider"):
        _draw_x(p, box)
        if t == "parachute":
            _draw_wings(p, box, 2)
        elif t == "glider":
            _draw_wings(p, box, 1)
    elif t == "armor":
        p.drawRoundedRect(_oval(box), box.height() * 0.28, box.height() * 0.28)
    elif t == "armored_infantry":
        _draw_x(p, box)
        p.drawRoundedRect(_oval(box), box.height() * 0.28, box.height() * 0.28)
    elif t == "armored_cavalry":
        p.drawLine(box.bottomLeft(), box.topRight())
        p.drawRoundedRect(_oval(box), box.height() * 0.28, box.height() * 0.28)
    elif t == "cavalry":
        p.drawLine(box.bottomLeft(), box.topRight())
    elif t == "engineer":
        w, h = box.width(), box.height()
        left, right = box.left() + w * 0.25, box.right() - w * 0.25
        top, bot = box.top() + h * 0.3, box.bottom() - h * 0.3
        path = QPainterPath(QPointF(left, bot))
        path.lineTo(left, top)
        path.lineTo(right, top)
        path.lineTo(right, bot)
        path.moveTo(box.center().x(), top)
        path.lineTo(box.center().x(), bot)
        p.drawPath(path)
    elif t == "leader":
        p.setBrush(ink)
        p.setPen(Qt.PenStyle.NoPen)
        _draw_star(p, box.center(), box.height() * 0.42)
    else:
        p.setFont(_font(box.height() * 0.5))
        p.drawText(box, Qt.AlignmentFlag.AlignCenter, "?")


# --- the counter ------------------------------------------------------------------


def _marker_tags(markers: Iterable[str]) -> list[str]:
    def order(m: str) -> tuple[int, str]:
        key = m.split()[0].rstrip("0123456789").upper()
        return (MARKER_ORDER.index(key) if key in MARKER_ORDER else len(MARKER_ORDER), m)

    return sorted({m.upper() for m in markers}, key=order)


def paint_markers(p: QPainter, rect: QRectF, markers: Iterable[str], theme: Theme = DEFAULT_THEME) -> None:
    """5.4 markers as small tags stacked down the right edge of the counter."""
    tags = _marker_tags(markers)
    if not tags:
        return
    s = rect.width()
    h = s * 0.2
    f = _font(h * 0.72)
    p.setFont(f)
    y = rect.top() + s * 0.03
    for tag in tags:
        w = min(s * 0.62, p.fontMetrics().horizontalAdvance(tag) + h * 0.5)
        r = QRectF(rect.right() - w - s * 0.02, y, w, h)
        bg = theme.marker(tag)
        p.setPen(QPen(QColor("#111111"), max(0.8, s * 0.012)))
        p.setBrush(bg)
        p.drawRoundedRect(r, h * 0.2, h * 0.2)
        p.setPen(QColor("#ffffff") if bg.lightness() < 110 else QColor("#111111"))
        p.setFont(_fit_font(p, tag, h * 0.72, w - h * 0.2))
        p.drawText(r, Qt.AlignmentFlag.AlignCenter, tag)
        y += h + s * 0.015
        if y > rect.bottom() - h:
            break


def paint_counter(
    painter: QPainter,
    rect: QRectF,
    spec: UnitSpec,
    reduced: bool = False,
    markers: Iterable[str] = (),
    theme: Theme = DEFAULT_THEME,
) -> None:
    """Draw one square counter of ``spec`` (full or reduced side) into ``rect``."""
    p = painter
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    p.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    s = min(rect.width(), rect.height())
    r = QRectF(rect.left(), rect.top(), s, s)
    cols = theme.counter(spec.nationality)
    bg, ink = QColor(cols.background), QColor(cols.text)
    corner = s * 0.07
    # body
    p.setPen(QPen(QColor(cols.border), max(1.0, s * 0.025)))
    p.setBrush(bg)
    body = r.adjusted(s * 0.0125, s * 0.0125, -s * 0.0125, -s * 0.0125)
    p.drawRoundedRect(body, corner, corner)
    # reduced side: a lighter diagonal stripe across the upper-left corner and a
    # pale band behind the numbers
    if reduced:
        clip = QPainterPath()
        clip.addRoundedRect(body, corner, corner)
        p.setClipPath(clip)
        band = QColor(theme.reduced_band)
        band.setAlpha(80)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(band)
        p.drawRect(QRectF(r.left(), r.top() + s * 0.72, s, s * 0.28))
        band.setAlpha(150)
        p.setBrush(band)
        stripe = QPolygonF(
            [
                QPointF(r.left(), r.top() + s * 0.16),
                QPointF(r.left() + s * 0.16, r.top()),
                QPointF(r.left() + s * 0.27, r.top()),
                QPointF(r.left(), r.top() + s * 0.27),
            ]
        )
        p.drawPolygon(stripe)
        p.setClipping(False)
    # 5.5.2 restricted: solid (yellow, errata 4.2.2G) bar across the top
    if spec.restricted:
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(theme.restricted_bar))
        p.drawRect(QRectF(r.left() + s * 0.03, r.top() + s * 0.66, s * 0.94, s * 0.055))
    # 5.5.1 conditional / optional: dashed horizontal line
    if spec.conditional or spec.optional:
        pen = QPen(ink, max(1.0, s * 0.035))
        pen.setDashPattern([2.2, 1.6])
        pen.setCapStyle(Qt.PenCapStyle.FlatCap)
        p.setPen(pen)
        y = r.top() + s * (0.745 if spec.restricted else 0.69)
        p.drawLine(QPointF(r.left() + s * 0.08, y), QPointF(r.right() - s * 0.08, y))
    # size mark (5.3) above the type box
    info = info_text(spec) if s >= INFO_MIN_SIZE else ""
    box = QRectF(r.left() + s * (0.2 if info else 0.25), r.top() + s * 0.24, s * 0.5, s * 0.3)
    p.setPen(ink)
    if spec.size:
        p.setFont(_font(s * 0.13))
        p.drawText(QRectF(box.left(), r.top() + s * 0.07, box.width(), s * 0.16),
                   Qt.AlignmentFlag.AlignCenter, spec.size)
    draw_nato_symbol(p, box, spec.type, QColor(cols.box), ink)
    # designation under the box
    p.setPen(ink)
    name = short_designation(spec)
    p.setFont(_fit_font(p, name, s * 0.14, s * 0.9, bold=False))
    p.drawText(QRectF(r.left(), r.top() + s * 0.54, s, s * 0.13), Qt.AlignmentFlag.AlignCenter, name)
    # setup / arrival info (5.6) at the right of the type box, vertical
    if info:
        p.save()
        p.translate(box.right() + s * 0.13, box.center().y())
        p.rotate(-90)
        p.setFont(_fit_font(p, info, s * 0.1, s * 0.46, bold=False))
        p.drawText(QRectF(-s * 0.25, -s * 0.07, s * 0.5, s * 0.14), Qt.AlignmentFlag.AlignCenter, info)
        p.restore()
    # strength numbers
    nums = strength_text(spec, reduced)
    p.setFont(_fit_font(p, nums, s * 0.24, s * 0.86))
    p.setPen(ink)
    p.drawText(QRectF(r.left(), r.top() + s * 0.74, s, s * 0.24), Qt.AlignmentFlag.AlignCenter, nums)
    paint_markers(p, r, markers, theme)
    if spec.reconstructed:  # provenance: a discreet dot in the top-right corner (ui/provenance.py)
        dot = QColor(ink)
        dot.setAlpha(120)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(dot)
        p.drawEllipse(QPointF(r.right() - s * 0.09, r.top() + s * 0.09), s * 0.035, s * 0.035)
    p.restore()


def counter_pixmap(
    spec: UnitSpec,
    reduced: bool = False,
    markers: Iterable[str] = (),
    size: int = 48,
    dpr: float = 1.0,
    theme: Theme = DEFAULT_THEME,
) -> QPixmap:
    """A cached pixmap of the counter at ``size`` logical pixels and device ratio ``dpr``."""
    tags = _marker_tags(markers)
    key = f"ddc|{id(theme)}|{spec!r}|{int(reduced)}|{','.join(tags)}|{size}|{dpr:.2f}"
    pm = QPixmapCache.find(key)
    if pm is not None and not pm.isNull():
        return pm
    phys = max(1, round(size * dpr))
    pm = QPixmap(phys, phys)
    pm.setDevicePixelRatio(dpr)
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    paint_counter(p, QRectF(0, 0, size, size), spec, reduced, tags, theme)
    p.end()
    QPixmapCache.insert(key, pm)
    return pm

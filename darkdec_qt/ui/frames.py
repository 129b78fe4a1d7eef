"""The map as it stood at moments of a finished or unfinished game, drawn offscreen with the
client's own map scene and counters: the frames of ``darkdec replay --frames/--gif`` (one per
turn or per phase) and the maps of the after-action report (``darkdec report``).

The static map (terrain, rivers, roads, names) is drawn once; each frame is that picture with
the counters and hex markers of its moment painted over it, with a caption band above it that
names the scenario, the turn, its weather and the moment. What the counters show follows
``present.placements``: every unit, or with ``viewer`` and fog of war (25.0) what that side
may see.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetrics, QImage, QPainter

from darkdec_qt.game.session import Game
from darkdec_qt.rules.core.state import GameState
from darkdec_qt.ui.map.overlays import HexMarkersItem, OutlineItem
from darkdec_qt.ui.map.present import PHASE_NAMES, hex_markers, placements
from darkdec_qt.ui.map.render import MAX_SIDE, ensure_app, render_scene
from darkdec_qt.ui.map.scene import MapScene
from darkdec_qt.ui.snapshots import StateCache

PER = ("turn", "phase")
CAPTION_BG, CAPTION_FG, CAPTION_DIM = "#23262b", "#f2efe6", "#b9b4a6"
PNG_QUALITY = 80  # less zlib effort than the default: 0.16 s a frame instead of 0.3 s, the same size
GIF_COLOURS = 255  # palette entries of the map; entry 255 is transparent (unchanged since the frame before)
SIDE_OUTLINE = {"German": "#b3261e", "Allied": "#1d5fc4"}  # each occupied hex ringed in its side's colour


@dataclass(frozen=True, slots=True)
class Moment:
    """A moment of the game: the state after ``index`` events, and what it is in words."""

    index: int
    turn: int
    side: str
    phase: str
    what: str  # "end of turn 3", "after the German Movement Phase"

    def file_name(self, n: int, per: str) -> str:
        """``007-turn04.png`` per turn, ``051-turn04-allied-combat.png`` per phase."""
        tail = "" if per == "turn" else f"-{self.side.lower()}-{self.phase}"
        return f"{n:03d}-turn{self.turn:02d}{tail}.png"


def moments(game: Game, per: str = "turn") -> list[Moment]:
    """The moments a replay's frames show: the end of every turn played (``per="turn"``) or of
    every phase played (``"phase"``); the last one is where the log ends, finished or not."""
    if per not in PER:
        raise ValueError(f"frames are made per turn or per phase, not {per!r}")
    events = game.events
    out: list[Moment] = []
    began: list[tuple[int, int, str, str]] = []  # (index of phase_began, turn, side, phase)
    for i, e in enumerate(events):
        if e.kind == "phase_began":
            began.append((i, e.turn, e.side, e.phase))  # type: ignore[attr-defined]
    for k, (_i, turn, side, phase) in enumerate(began):
        end = began[k + 1][0] if k + 1 < len(began) else len(events)
        if per == "phase":
            name = _phase_name(phase)
            out.append(Moment(end, turn, side, phase, f"after the {side} {name} Phase"))
        elif k + 1 == len(began) or began[k + 1][1] != turn:
            out.append(Moment(end, turn, side, phase, f"end of turn {turn}"))
    return out


def _phase_name(phase: str) -> str:
    for p, name in PHASE_NAMES.items():
        if p.value == phase:
            return name
    return phase.replace("_", " ").title()


class FrameMaker:
    """Draws the map of any state of one game; the static map is painted once.

    ``scale`` 1 draws the map as the client's 100 % zoom (a hex 80 pixels from corner to corner);
    ``viewer`` None shows every unit, a side shows only what fog of war (25.0) lets it see."""

    def __init__(self, game: Game, scale: float = 0.35, viewer: str | None = None) -> None:
        ensure_app()
        self.game = game
        self.viewer = viewer
        self.scene = MapScene(game.module)
        self.markers = HexMarkersItem(self.scene)
        self.scene.addItem(self.markers)
        self.rings = OutlineItem(self.scene)  # the front line: whose stack each hex holds
        self.scene.addItem(self.rings)
        self.scale = scale
        self.base = render_scene(self.scene, scale)  # the map without counters
        for layer in self.scene.layers.values():  # from now on only counters and markers are painted
            layer.setVisible(False)
        self.scene.overview.setVisible(False)
        self.scene.setBackgroundBrush(QBrush(Qt.BrushStyle.NoBrush))
        self.band = max(22, round(self.base.width() * 0.026))  # caption height, in pixels
        if self.base.height() + self.band > MAX_SIDE:
            raise ValueError("the map is too large at this scale; use a smaller scale")
        sc = game.module.scenarios.get(game.initial.scenario)
        self.title = sc.name if sc else game.initial.scenario

    def map_image(self, state: GameState) -> QImage:
        """The map of ``state`` with its counters and hex markers, no caption."""
        shown = placements(state, self.viewer)
        self.scene.set_units(shown)
        self.rings.set_hexes({h: SIDE_OUTLINE.get(units[0][0].side, CAPTION_DIM)
                              for h, units in shown.items() if units})
        self.markers.set_markers(hex_markers(state))
        img = self.base.copy()
        p = QPainter(img)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        self.scene.render(p, QRectF(0, 0, img.width(), img.height()), self.scene.sceneRect(),
                          Qt.AspectRatioMode.IgnoreAspectRatio)
        p.end()
        return img

    def frame(self, state: GameState, what: str) -> QImage:
        """The map of ``state`` under a caption: scenario, turn, date, weather, ``what``, view."""
        body = self.map_image(state)
        img = QImage(body.width(), body.height() + self.band, QImage.Format.Format_RGB32)
        img.fill(QColor(CAPTION_BG))
        p = QPainter(img)
        p.drawImage(0, self.band, body)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        f = QFont("DejaVu Sans")
        f.setPixelSize(max(10, round(self.band * 0.55)))
        pad = round(self.band * 0.5)
        band = QRectF(pad, 0, img.width() - 2 * pad, self.band)
        left, right = self.caption(state, what)
        p.setFont(f)  # the right part, regular, then the left part, bold, cut short of it
        p.setPen(QColor(CAPTION_DIM))
        p.drawText(band, int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter), right)
        room = band.width() - QFontMetrics(f).horizontalAdvance(right) - 2 * pad
        f.setBold(True)
        p.setFont(f)
        p.setPen(QColor(CAPTION_FG))
        left = QFontMetrics(f).elidedText(left, Qt.TextElideMode.ElideRight, max(0, round(room)))
        p.drawText(band, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), left)
        p.end()
        return img

    def caption(self, state: GameState, what: str) -> tuple[str, str]:
        """The caption's two ends: scenario, turn, date, weather and ``what``; the verdict as
        it stands when every unit is shown, else whose view it is."""
        t = state.current_turn()
        left = f"{self.title}  ·  Turn {state.turn}  ·  {t.label}  ·  {state.weather_now()}  ·  {what}"
        if self.viewer and state.has_rule("25"):
            return left, f"as the {self.viewer} side sees it"
        return left, self._standing(state)

    @staticmethod
    def _standing(state: GameState) -> str:
        """The verdict as it stands (victory.evaluate), for a caption that shows every unit (a
        side's view leaves it out: it may rest on Germany's secret 26.20A choice)."""
        from darkdec_qt.rules.scenarios.victory import evaluate

        try:
            v = evaluate(state)
        except (KeyError, ValueError):  # a module without this scenario's victory table
            return "every unit shown"
        return f"{'result' if v.final else 'standing'}: {v.name}"


def frames(game: Game, per: str = "turn", scale: float = 0.35, viewer: str | None = None,
           maker: FrameMaker | None = None) -> Iterator[tuple[Moment, QImage]]:
    """Each moment of ``game`` (``moments``) with its captioned map, in order (``maker``: one
    already made for this game, else a new one)."""
    maker = maker or FrameMaker(game, scale, viewer)
    cache = StateCache(game)
    for m in moments(game, per):
        yield m, maker.frame(cache.state_at(m.index), m.what)


def to_pillow(img: QImage):  # -> PIL.Image.Image
    """A Qt image as a Pillow RGB image (for the animated GIF)."""
    from PIL import Image

    rgb = img.convertToFormat(QImage.Format.Format_RGB888)
    w, h, stride = rgb.width(), rgb.height(), rgb.bytesPerLine()
    data = bytes(rgb.constBits())[: stride * h]
    return Image.frombuffer("RGB", (w, h), data, "raw", "RGB", stride, 1)


class GifWriter:
    """An animated GIF written frame by frame, so only two frames are ever held, however long
    the game. One palette for all (of the ``first`` and ``last`` frames, given beforehand), so
    the map does not flicker; each later frame keeps only the pixels that changed, the rest
    transparent over the frame before, so a whole game stays a few megabytes. Each frame is
    shown ``seconds``, the last ``last_seconds``; the GIF loops."""

    def __init__(self, path: str, first, last, count: int, seconds: float = 0.8,  # noqa: ANN001
                 last_seconds: float = 3.0) -> None:
        from PIL import Image

        both = Image.new("RGB", (first.width, first.height + last.height))
        both.paste(first, (0, 0))
        both.paste(last, (0, first.height))
        self.palette = both.quantize(colors=GIF_COLOURS, method=Image.Quantize.MEDIANCUT,
                                     dither=Image.Dither.NONE)
        self.count, self.written = count, 0
        self.ms, self.last_ms = round(seconds * 1000), round(last_seconds * 1000)
        self.prev = None
        self.path = Path(path)
        self.part = self.path.with_name(f".{self.path.name}.part")  # renamed to ``path`` when complete
        self.fp = open(self.part, "wb")  # noqa: SIM115 (closed by close())

    def add(self, image) -> None:  # noqa: ANN001 (a Pillow RGB image)
        from PIL import GifImagePlugin, Image, ImageChops

        cur = image.quantize(palette=self.palette, dither=Image.Dither.NONE)
        frame = cur
        if self.prev is not None:
            same = ImageChops.difference(_indices(self.prev), _indices(cur)).point(lambda v: 255 if v == 0 else 0)
            frame = cur.copy()
            frame.paste(GIF_COLOURS, mask=same)  # the spare palette entry: transparent
        self.written += 1
        ms = self.last_ms if self.written == self.count else self.ms
        info = {"loop": 0, "duration": ms, "transparency": GIF_COLOURS, "optimize": False, "disposal": 1}
        if self.prev is None:
            header, _ = GifImagePlugin.getheader(frame, info=dict(info))
            self.fp.write(b"".join(header))
        self.fp.write(b"".join(GifImagePlugin.getdata(frame, **info)))
        self.prev = cur

    def close(self, complete: bool = True) -> None:
        """End the GIF and put it in place; ``complete`` False (a failure midway): remove it."""
        if self.fp.closed:
            return
        if complete:
            self.fp.write(b";")  # the GIF trailer
        self.fp.close()
        if complete:
            os.replace(self.part, self.path)
        else:
            self.part.unlink(missing_ok=True)


def write_gif(images: list, path: str, seconds: float = 0.8, last_seconds: float = 3.0) -> None:
    """An animated GIF of a list of Pillow images (``GifWriter``)."""
    if not images:
        raise ValueError("the game has no turn to show")
    gif = GifWriter(path, images[0], images[-1], len(images), seconds, last_seconds)
    try:
        for im in images:
            gif.add(im)
    except BaseException:
        gif.close(complete=False)
        raise
    gif.close()


def _indices(im):  # noqa: ANN001, ANN202
    """A palette image's indices as a greyscale image (to compare two frames pixel by pixel)."""
    from PIL import Image

    return Image.frombytes("L", im.size, im.tobytes())


def png_bytes(img: QImage) -> bytes:
    """The image as a palette PNG (255 colours, no dithering: a quarter of the full-colour
    file, the map as sharp): the report inlines them."""
    import io

    from PIL import Image

    buf = io.BytesIO()
    to_pillow(img).quantize(colors=255, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(
        buf, "PNG", compress_level=3)
    return buf.getvalue()


def save_png(img: QImage, path: str) -> None:
    if not img.save(path, "PNG", PNG_QUALITY):
        raise OSError(f"could not write {path!r}")


__all__ = ["PER", "FrameMaker", "GifWriter", "Moment", "frames", "moments", "png_bytes", "save_png", "to_pillow",
           "write_gif"]

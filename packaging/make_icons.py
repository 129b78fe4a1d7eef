"""Render the application icon from its SVG master (darkdec_qt/resources/icons/darkdec.svg)
into PNGs of 16-512 px, a Windows .ico and a macOS .icns (both hold PNG images, written here
with the standard library; no converter needed). Run after editing the SVG:

    QT_QPA_PLATFORM=offscreen .venv/bin/python packaging/make_icons.py
"""

from __future__ import annotations

import struct
import sys
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

ICONS = Path(__file__).resolve().parents[1] / "darkdec_qt" / "resources" / "icons"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09"}


def render(svg: Path, px: int) -> bytes:
    image = QImage(px, px, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    QSvgRenderer(str(svg)).render(painter)
    painter.end()
    data = QByteArray()
    buf = QBuffer(data)
    buf.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buf, "PNG")
    return bytes(data.data())


def ico(pngs: dict[int, bytes]) -> bytes:
    """ICONDIR + one ICONDIRENTRY per size, each image a PNG (Windows Vista and later)."""
    sizes = [s for s in ICO_SIZES if s in pngs]
    out = struct.pack("<HHH", 0, 1, len(sizes))
    offset = 6 + 16 * len(sizes)
    body = b""
    for s in sizes:
        data = pngs[s]
        out += struct.pack("<BBBBHHII", s % 256, s % 256, 0, 0, 1, 32, len(data), offset + len(body))
        body += data
    return out + body


def icns(pngs: dict[int, bytes]) -> bytes:
    """'icns' + length, then one (type, length, PNG) element per size."""
    body = b"".join(t + struct.pack(">I", 8 + len(pngs[s])) + pngs[s] for s, t in ICNS_TYPES.items())
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main() -> int:
    QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    pngs = {s: render(ICONS / "darkdec.svg", s) for s in SIZES}
    for s, data in pngs.items():
        (ICONS / f"darkdec-{s}.png").write_bytes(data)
    (ICONS / "darkdec.ico").write_bytes(ico(pngs))
    (ICONS / "darkdec.icns").write_bytes(icns(pngs))
    print(f"wrote {len(pngs)} PNGs, darkdec.ico and darkdec.icns in {ICONS}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Everything the program reads at run time is package data (darkdec_qt/resources/, read
through importlib.resources), so an installed wheel or a frozen bundle finds it: no reader
builds a path from the source checkout."""

from __future__ import annotations

import re
from pathlib import Path

import darkdec_qt
from darkdec_qt import clauses, packagedata
from darkdec_qt.model.load import DEFAULT_MODULE

PACKAGE = Path(darkdec_qt.__file__).resolve().parent
RESOURCES = PACKAGE / "resources"


def test_the_module_the_rules_index_and_the_guides_are_package_data():
    assert DEFAULT_MODULE == RESOURCES / "darkdec.sqlite" and DEFAULT_MODULE.is_file()
    assert clauses.INDEX_FILE == RESOURCES / "rules" / "clauses.toml" and clauses.INDEX_FILE.is_file()
    assert clauses.IDS_FILE.is_file()
    for guide in (packagedata.CLIENT_GUIDE, packagedata.EDITOR_GUIDE):
        assert packagedata.read_text(*guide).startswith("#")


def test_no_runtime_module_reads_a_path_relative_to_the_checkout():
    """Only packagedata.source_tree() may look above the package (for the designer's
    ``darkdec module build``); a reader that climbs out of it breaks every installed copy."""
    climbing = re.compile(r"__file__.*(parents\[\d\]|\.parent\.parent)")
    offenders = []
    for root in (PACKAGE, PACKAGE.parent / "editor"):
        for f in root.rglob("*.py"):
            if f.name == "packagedata.py":
                continue
            for n, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1):
                if climbing.search(line):
                    offenders.append(f"{f.relative_to(PACKAGE.parent)}:{n}: {line.strip()}")
    assert offenders == []


def test_the_wheel_configuration_ships_every_resource():
    text = (PACKAGE.parent / "pyproject.toml").read_text(encoding="utf-8")
    assert '"resources/**/*"' in text


def test_the_counters_and_map_labels_use_the_shipped_dejavu_sans(qapp):
    """The font ships in resources/fonts with its licence, so a system without it draws the same."""
    from PySide6.QtGui import QFontInfo

    from darkdec_qt.ui.map.geometry import FAMILY, font, load_fonts

    assert FAMILY in load_fonts()
    assert QFontInfo(font(12)).family() == FAMILY
    assert "Bitstream Vera" in packagedata.read_text("fonts", "LICENSE-DejaVu.txt")

"""What the program reads at run time, as package data (``darkdec_qt/resources/``), found
through :mod:`importlib.resources` so a wheel, an editable install and a frozen bundle all
read the same files: the built module database, the rules index, the client and editor
guides, the icons, the font and the desktop-integration files.

The user's own files (designer copies, settings, keys, autosaves) live in platformdirs
folders, never here. The checkout's ``data/`` holds the module's editable text sources;
:func:`source_tree` finds it for the designer's commands (``darkdec module build``).
Stdlib only: the rules engine reads its index through this module.
"""

from __future__ import annotations

import atexit
import contextlib
from importlib import resources
from importlib.abc import Traversable
from pathlib import Path

PACKAGE = "darkdec_qt"
FOLDER = "resources"

MODULE = ("darkdec.sqlite",)
RULES_INDEX = ("rules", "clauses.toml")
RULEBOOK_IDS = ("rules", "rulebook-ids.txt")
CLIENT_GUIDE = ("guides", "client.md")
EDITOR_GUIDE = ("guides", "editor.md")

_extracted = contextlib.ExitStack()
atexit.register(_extracted.close)


def resource(*parts: str) -> Traversable:
    """One file or folder of the package data, e.g. ``resource("rules", "clauses.toml")``."""
    node = resources.files(PACKAGE).joinpath(FOLDER)
    for part in parts:
        node = node.joinpath(part)
    return node


def path(*parts: str) -> Path:
    """A real file-system path to package data (SQLite and Qt need one). Installed from a
    wheel, in a checkout or frozen this is the file itself; from a zip it is extracted to
    a temporary file that lives until the program exits."""
    node = resource(*parts)
    if isinstance(node, Path):
        return node
    return _extracted.enter_context(resources.as_file(node))


def read_text(*parts: str) -> str:
    return resource(*parts).read_text(encoding="utf-8")


def module_path() -> Path:
    """The bundled module database (written there by ``darkdec module build``)."""
    return path(*MODULE)


def source_tree() -> Path | None:
    """The source checkout this package runs from (it has ``data/module.toml``), or None
    when installed from a wheel or frozen."""
    here = Path(__file__).resolve().parent.parent
    return here if (here / "data" / "module.toml").is_file() else None

"""The program's version (semantic versioning), in one place: ``darkdec --version``, the
About box, and every game and exchange file it writes (metadata ``program_version``, beside
the module's content hash). pyproject.toml reads it from here."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

VERSION = "0.2.0"

_SEMVER = re.compile(r"(\d{1,6})\.(\d{1,6})\.(\d{1,6})")


def parse(text: str) -> tuple[int, int, int] | None:
    """``"0.2.0"`` -> ``(0, 2, 0)``; None for anything else (a pre-release tag is ignored)."""
    m = _SEMVER.match(text) if isinstance(text, str) else None
    return (int(m[1]), int(m[2]), int(m[3])) if m else None


def newer_notice(path: str | Path, meta: dict[str, Any]) -> str:
    """The one sentence to show when ``path`` was written by a newer version of the program
    (its format is one this version reads, or it would have been refused); else ``""``."""
    theirs = meta.get("program_version")
    v = parse(theirs) if isinstance(theirs, str) else None
    if v is None or v <= (parse(VERSION) or (0, 0, 0)):
        return ""
    return (f"{Path(path).name} was written by Dark December {v[0]}.{v[1]}.{v[2]}, newer than this "
            f"{VERSION}: it opens, but update the program if anything in it looks missing.")

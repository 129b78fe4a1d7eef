"""The engine offers commands, judges guards and runs phase hooks in one fixed order,
whichever rules module a program happens to import first: legal_commands feeds self-play
and the computer opponent, so a different order would be a different game (7.0 sequence
of play is the engine's, not the import system's)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

FIRST = ["darkdec_qt.rules.engine", "darkdec_qt.rules.scenarios.variants", "darkdec_qt.rules.movement.withdrawals",
         "darkdec_qt.game.selfplay", "darkdec_qt.rules.combat.procedure", "darkdec_qt.rules.moments"]


def _order(first: str) -> str:
    code = (
        "import importlib\n"
        f"importlib.import_module({first!r})\n"
        "import darkdec_qt.rules.engine\n"
        "from darkdec_qt.rules.core import registry as r\n"
        "for name in ('GENERATORS', 'GUARDS', 'PHASE_HOOKS'):\n"
        "    print(name, [f.__qualname__ for f in getattr(r, name)])\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    return out.stdout


@pytest.mark.parametrize("first", FIRST[1:])
def test_registration_order_does_not_depend_on_import_order(first):
    assert _order(first) == _order(FIRST[0])


def test_owed_choices_first_then_declarations_then_chapters_then_combat():
    lines = dict(line.split(" ", 1) for line in _order(FIRST[0]).splitlines())
    assert lines["GENERATORS"] == str(["choices", "withdrawal_commands", "_withdrawals",
                                       "combat_commands"])
    assert lines["GUARDS"] == str(["_owed_choice", "_register.<locals>.guard"])
    assert lines["PHASE_HOOKS"] == str(["start_of_movement", "phase_hook"])

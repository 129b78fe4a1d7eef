"""The defender's declaration in the log (13.3.3A, 13.8A): what the defending player
declared, made with the Battle dock's own widgets, is said in the log dock: integrity
claimed or not and each of its own voluntary reductions (not the attacker's)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from darkdec_qt.rules.combat.legal import declarable_battles
from darkdec_qt.ui.panels.log import LogModel


def _texts(model: LogModel) -> list[str]:
    out: list[str] = []

    def walk(entry) -> None:  # noqa: ANN001
        for ch in entry.children:
            out.append(ch.text)
            walk(ch)

    walk(model.root)
    return out


def _declare_attack(win) -> None:  # noqa: ANN001
    from tests.client.battle_setup import to_combat

    to_combat(win)
    panel = win.battle_panel
    win.panels["battle"].raise_()
    panel.select_attack(next(iter(declarable_battles(win.controller.state))))
    att_hex = next(iter(panel.att_reductions.spins))
    spin = panel.att_reductions.spins[att_hex]
    QTest.mouseClick(spin, Qt.MouseButton.LeftButton)  # the attacker reduces its own hex by one level
    QTest.keyClick(spin, Qt.Key.Key_Up)
    assert spin.value() == 1
    QTest.mouseClick(panel.declare_button, Qt.MouseButton.LeftButton)
    assert win.controller.state.battle is not None, win.controller.last_refusal
    return att_hex


def test_13_3_3A_13_8A_the_log_says_what_the_defender_declared(make_client, module):
    from darkdec_qt.ui.app import new_game

    win = make_client(new_game(module, "final_fury", "1"))
    att_hex = _declare_attack(win)
    panel = win.battle_panel
    bid = win.controller.state.battle.id
    def_hex = sorted(panel.def_reductions.spins)[0]
    spin = panel.def_reductions.spins[def_hex]
    QTest.mouseClick(spin, Qt.MouseButton.LeftButton)
    QTest.keyClick(spin, Qt.Key.Key_Up)
    QTest.keyClick(spin, Qt.Key.Key_Up)
    QTest.mouseClick(panel.def_integrity, Qt.MouseButton.LeftButton)  # integrity not claimed
    QTest.mouseClick(panel.def_button, Qt.MouseButton.LeftButton)
    assert win.controller.state.battle.task[0] == "resolve", win.controller.last_refusal
    lines = [t for t in _texts(win.log_panel.model) if f"battle {bid}: the " in t and "integrity" in t]
    assert len(lines) == 1, lines
    line = lines[0]
    assert "does not claim divisional integrity (13.8A)" in line
    assert f"reduces {def_hex} by 2 levels (13.3.3A)" in line
    assert att_hex not in line  # the attacker's reduction is the attacker's, not the defender's


def test_13_8A_the_log_says_integrity_claimed_and_no_reduction(make_client, module):
    from darkdec_qt.ui.app import new_game

    win = make_client(new_game(module, "final_fury", "1"))
    _declare_attack(win)
    panel = win.battle_panel
    QTest.mouseClick(panel.def_button, Qt.MouseButton.LeftButton)  # the defaults: integrity claimed
    texts = _texts(win.log_panel.model)
    assert any("claims divisional integrity (13.8A) and makes no voluntary reduction (13.3.3A)" in t
               for t in texts), texts[-8:]

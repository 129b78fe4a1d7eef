"""Moving by mouse: select, see the engine's legal destinations, move along the
path; an illegal hex is refused with the rule; undo."""

from __future__ import annotations

from darkdec_qt.rules.movement import move as movement
from tests.client.helpers import click_hex, end_phases_until, hover_hex, plain


def _mover(win):
    s = win.controller.state
    for u in s.on_map("German"):
        if s.module.units[u].is_leader or len(s.units_at(s.pos[u])) != 1:
            continue
        d = movement.legal_destinations(s, (u,))
        if len(d) >= 3:
            return u, d
    raise AssertionError("no German unit can move")


def test_click_selects_highlights_and_moves(make_client):
    win = make_client()
    end_phases_until(win, "movement")
    u, dests = _mover(win)
    start = win.controller.state.pos[u]
    click_hex(win, start)
    assert win.input.selected == (u,)
    assert set(win.scene.highlight.values()) == set(dests)
    target = max(dests, key=lambda h: len(dests[h][1]))
    hover_hex(win, target)
    assert win.scene.path_hexes_visible()
    click_hex(win, target)
    assert win.controller.state.pos[u] == target
    assert u in [spec.id for spec, _, _ in win.scene.units_at(target)]
    assert win.controller.dirty
    # undo puts it back
    assert win.controller.can_undo()
    win.actions_by_name["undo"].trigger()
    assert win.controller.state.pos[u] == start


def test_illegal_hex_is_refused_with_the_rule(make_client):
    win = make_client()
    end_phases_until(win, "movement")
    u, dests = _mover(win)
    s = win.controller.state
    start = s.pos[u]
    far = next(h for h in sorted(s.module.hexes) if h not in dests and h != start and not s.units_at(h))
    before = s.state_hash()
    click_hex(win, start)
    click_hex(win, far)
    assert win.controller.state.state_hash() == before
    msg = plain(win.message_label)
    assert far in msg and "(10.2B)" in msg or "(1" in msg
    assert msg == movement.why_illegal(s, (u,), far)

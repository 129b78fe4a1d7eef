"""26.13C and 26.13E: which way Allied units may move during Montgomery's withdrawal; 23.0D-E: how
committed conditional units arrive."""

from darkdec_qt import hexgrid
from darkdec_qt.rules.scenarios import montgomery
from darkdec_qt.rules.scenarios import variants as var
from tests.rules.test_26_13_withdrawal_and_26_11_contention import _mover, _withdrawing


def test_26_13C_a_unit_surrounded_by_enemy_zocs_need_not_move_toward_a_river():
    st = _withdrawing()
    u, _, bad = _mover(st)
    path = bad[0]
    assert montgomery.withdrawal_move_problem(st, (u,), path) is not None
    start = path[0]
    ring = [h for h in st.module.hexes if hexgrid.distance(h, start) == 2 and not st.units_at(h)]
    placed: list[str] = []
    germans = sorted(x for x in st.module.units if st.module.units[x].side == "German"
                     and not st.module.units[x].is_leader and x not in st.pos)
    for h in ring:
        if set(hexgrid.neighbours(start)) & set(st.module.hexes) <= {n for g in placed for n in hexgrid.neighbours(g)}:
            break
        st.pos[germans[len(placed)]] = h
        placed.append(h)
    assert montgomery.withdrawal_move_problem(st, (u,), path) is None


def test_26_13E_a_unit_may_head_west_to_the_meuse_instead_of_the_closest_river_line():
    st = _withdrawing()
    lines = montgomery.withdrawal_lines(st)
    assert "Meuse" in lines
    for u in sorted(st.on_map("Allied")):
        if st.spec(u).is_leader:
            continue
        start = st.pos[u]
        dist = {name: montgomery.line_distance(st, name, start) for name in lines}
        closest = min(dist, key=dist.get)
        if closest == "Meuse" or dist[closest] == 0:
            continue
        for n in hexgrid.neighbours(start):
            if n not in st.module.hexes:
                continue
            toward_meuse = montgomery.line_distance(st, "Meuse", n) < dist["Meuse"]
            away_from_closest = montgomery.line_distance(st, closest, n) >= dist[closest]
            if toward_meuse and away_from_closest:
                assert montgomery.withdrawal_move_problem(st, (u,), (start, n)) is None
                away = [m for m in hexgrid.neighbours(start) if m in st.module.hexes
                        and all(montgomery.line_distance(st, name, m) >= dist[name] for name in lines)]
                for m in away:
                    assert montgomery.withdrawal_move_problem(st, (u,), (start, m)) is not None
                return
    raise AssertionError("no unit whose closest river line is not the Meuse")


def test_23_0D_E_committed_conditional_units_arrive_as_reinforcements_not_before_their_printed_turn():
    from darkdec_qt.rules.core.apply import apply
    from darkdec_qt.rules.core.phases import Phase
    from darkdec_qt.rules.movement import reinforcements
    from darkdec_qt.rules.scenarios.variant_events import ArrivalsShifted
    from tests.rules.conftest_real import at, dice, init
    from tests.rules.test_scenarios import _bastogne_and_meuse

    seen_later = False
    for n in range(40):
        st = init()
        st.optional = frozenset({"23"})
        s = _bastogne_and_meuse(at(st, "21DecAM", phase=Phase.MOVEMENT))  # before the printed 22-23 Dec
        s.triggers["23B"] = s.turn
        s.dice_count = n
        evs = var.phase_hook(s, dice(s))
        for e in evs:
            apply(s, e)
        for e in evs:
            if not isinstance(e, ArrivalsShifted):
                continue
            for u, t in e.changes:
                printed = s.module.units[u].arrival
                printed_turn = s.turn_number(printed) if printed else s.turn
                assert t == max(s.turn, printed_turn), u  # 23.0E never before the printed turn
                seen_later |= printed_turn > s.turn
                assert reinforcements.arrival_turn(s, u) == t  # 23.0D a regular reinforcement
                assert reinforcements.entry_hexes(s, u)  # at its specific road hexes
    assert seen_later

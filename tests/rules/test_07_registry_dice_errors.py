"""The engine's plumbing that every rule leans on, tested where it runs rather than at import:
the registry's fixed order of generators, guards and phase hooks (7.0: the sequence of play is
the engine's, not the import system's), the installed ``check`` that chapters ask (the player
chooses among what ``check`` accepts), the dice (7.1.5: every roll recorded and verifiable; a
file-exchange die may not be known yet), and the refusals' text with its clause."""

from __future__ import annotations

import hashlib

import pytest

from darkdec_qt.rules.core import registry
from darkdec_qt.rules.core.dice import DiceCursor, DicePending, die
from darkdec_qt.rules.core.errors import IllegalAction, MalformedCommand


@pytest.fixture
def fresh(monkeypatch):
    """Empty registries for the test (the engine's own stay as they are)."""
    for name, value in (("CHECKERS", {}), ("GENERATORS", []), ("GUARDS", []), ("PHASE_HOOKS", []),
                        ("_RANKS", {}), ("_CHECK", [])):
        monkeypatch.setattr(registry, name, value)
    return registry


def _fn(name):
    def f(*_args):
        return []
    f.__qualname__ = name
    return f


def test_7_0_a_checker_is_registered_under_its_command_kind(fresh):
    fn = _fn("c")
    assert fresh.register_checker("MoveUnit")(fn) is fn
    assert fresh.CHECKERS == {"MoveUnit": fn}


def test_7_0_generators_are_offered_by_rank_then_in_registration_order_and_once(fresh):
    combat, owed, chapter1, chapter2, declared = (_fn(n) for n in ("combat", "owed", "ch1", "ch2", "decl"))
    assert fresh.register_generator(combat, rank=fresh.COMBAT) is combat
    assert fresh.register_generator(rank=fresh.OWED)(owed) is owed
    assert fresh.register_generator(chapter1) is chapter1  # bare decorator: rank CHAPTER
    assert fresh.register_generator(chapter2) is chapter2
    assert fresh.register_generator(declared, rank=fresh.DECLARATIONS) is declared
    fresh.register_generator(chapter1)  # a module imported twice registers once
    assert fresh.GENERATORS == [owed, declared, chapter1, chapter2, combat]
    assert fresh.GUARDS == [] and fresh.PHASE_HOOKS == []


def test_7_0_an_entry_added_without_a_rank_counts_as_a_chapters(fresh):
    unranked = _fn("unranked")
    fresh.GUARDS.append(unranked)
    later, earlier = _fn("later"), _fn("earlier")
    assert fresh.register_guard(later) is later
    assert fresh.register_guard(earlier, rank=fresh.DECLARATIONS) is earlier
    assert fresh.GUARDS == [earlier, unranked, later]
    assert fresh.GENERATORS == [] and fresh.PHASE_HOOKS == []


def test_7_0_phase_hooks_run_by_rank(fresh):
    chapter, owed, combat = _fn("chapter"), _fn("owed"), _fn("combat")
    assert fresh.register_phase_hook(chapter) is chapter
    assert fresh.register_phase_hook(combat, fresh.COMBAT) is combat
    assert fresh.register_phase_hook(owed, rank=fresh.OWED) is owed
    assert fresh.PHASE_HOOKS == [owed, chapter, combat]
    assert fresh.GUARDS == [] and fresh.GENERATORS == []


def test_7_0_accepted_asks_the_installed_check_with_the_state_and_the_command(fresh):
    seen = []

    def check(state, cmd):
        seen.append((state, cmd))
        if cmd == "forbidden":
            raise IllegalAction("not now", rule="7.1")
        return []

    def other(state, cmd):
        raise IllegalAction("never", rule="7.1")

    fresh.install_check(other)
    fresh.install_check(check)  # the last one installed is asked
    assert fresh._CHECK == [check]
    state = object()
    assert fresh.accepted(state, "allowed") is True
    assert fresh.accepted(state, "forbidden") is False
    assert seen == [(state, "allowed"), (state, "forbidden")]


def test_7_0_the_engine_installs_its_own_check():
    from darkdec_qt.rules import engine

    assert registry._CHECK == [engine.check]


def test_7_1_5_a_hot_seat_die_is_the_published_derivation_of_seed_and_index():
    for seed, n in (("abc", 0), ("abc", 1), ("Herbstnebel-7", 41)):
        digest = hashlib.sha256(f"{seed}:{n}".encode()).digest()
        assert die(seed, n) == int.from_bytes(digest[:8], "big") % 6 + 1
    assert [die("abc", n) for n in range(12)] == [die("abc", n) for n in range(12)]
    assert {die("abc", n) for n in range(200)} == {1, 2, 3, 4, 5, 6}


def test_7_1_5_the_cursor_records_each_roll_with_its_purpose_and_index():
    cur = DiceCursor("abc", 5)
    value, ev = cur.roll("battle")
    assert (value, ev.value, ev.index, ev.purpose) == (die("abc", 5), die("abc", 5), 5, "battle")
    value, ev = cur.roll("retreat")
    assert (value, ev.index, ev.purpose, cur.index) == (die("abc", 6), 6, "retreat", 7)


def test_7_1_5_a_file_exchange_die_comes_from_its_source_and_may_not_be_known_yet():
    cur = DiceCursor("ignored", 3, source=lambda i: i % 6 + 1)
    assert cur.roll("battle")[0] == 4 and cur.index == 4

    def pending(i):
        raise DicePending(i)

    cur = DiceCursor("ignored", 9, source=pending)
    with pytest.raises(DicePending) as exc:
        cur.roll("air interdiction")
    assert (exc.value.index, exc.value.purpose) == (9, "air interdiction")
    assert str(exc.value) == "die 9 (air interdiction) is not known yet"
    assert cur.index == 9  # nothing drawn
    bare = DicePending(4)
    assert (bare.index, bare.purpose, str(bare)) == (4, "", "die 4 () is not known yet")


@pytest.mark.parametrize("bad", [0, 7, "3", None, 2.0])
def test_7_1_5_a_source_that_gives_no_die_value_is_refused(bad):
    cur = DiceCursor("ignored", 2, source=lambda i: bad)
    with pytest.raises(ValueError, match=f"die source gave {bad!r} for die 2"):
        cur.roll("battle")
    ok = DiceCursor("ignored", 2, source=lambda i: 6)
    assert ok.roll("battle")[0] == 6
    ok = DiceCursor("ignored", 2, source=lambda i: 1)
    assert ok.roll("battle")[0] == 1


def test_a_refusal_reads_unit_reason_and_clause():
    e = IllegalAction("cannot enter 2516: enemy ZOC", rule="10.2F", unit="3/2Pz", hex="2516")
    assert str(e) == "3/2Pz cannot enter 2516: enemy ZOC (10.2F)"
    assert (e.rule, e.unit, e.hex, e.reason) == ("10.2F", "3/2Pz", "2516", "cannot enter 2516: enemy ZOC")
    assert str(IllegalAction("no battle here", rule="13.1")) == "no battle here (13.1)"
    assert str(IllegalAction("no rule")) == "no rule"


def test_a_malformed_command_names_no_clause():
    e = MalformedCommand("unknown unit X", unit="X", hex="0101")
    assert (e.rule, e.unit, e.hex, e.reason) == ("", "X", "0101", "unknown unit X")
    assert str(e) == "X unknown unit X"
    assert isinstance(e, IllegalAction)


def test_7_0_apply_hands_each_event_to_the_handler_of_its_kind(monkeypatch):
    from types import SimpleNamespace

    from darkdec_qt.rules.core import apply as ap

    monkeypatch.setattr(ap, "_HANDLERS", {})
    seen = []

    def handler(state, event):
        seen.append((state, event))

    def other(state, event):
        seen.append("other")

    assert ap.register_handler("unit_moved")(handler) is handler
    assert ap._h("unit_entered")(other) is other  # the chapters' shorthand
    assert ap._HANDLERS == {"unit_moved": handler, "unit_entered": other}
    state, event = object(), SimpleNamespace(kind="unit_moved")
    ap.apply(state, event)
    assert seen == [(state, event)]
    with pytest.raises(ValueError, match="no handler for event kind 'phase_began'"):
        ap.apply(state, SimpleNamespace(kind="phase_began"))


def test_commands_and_events_register_by_kind_once(monkeypatch):
    from dataclasses import dataclass
    from typing import ClassVar

    from darkdec_qt.rules.core.commands import Command

    monkeypatch.setattr(Command, "_registry", dict(Command._registry))

    @dataclass(frozen=True)
    class Probe(Command):
        kind: ClassVar[str] = "probe"
        unit: str = ""
        path: tuple[str, ...] = ()

    assert Command.register(Probe) is Probe
    assert Command.register(Probe) is Probe  # the same class again: harmless
    assert Command._registry["probe"] is Probe
    cmd = Command.from_dict({"kind": "probe", "unit": "1/A", "path": ["0101", "0102"]})
    assert cmd == Probe(unit="1/A", path=("0101", "0102"))

    @dataclass(frozen=True)
    class Twin(Command):
        kind: ClassVar[str] = "probe"

    with pytest.raises(ValueError, match="^kind 'probe' registered twice$"):
        Command.register(Twin)
    assert Command._registry["probe"] is Probe

    @dataclass(frozen=True)
    class Nameless(Command):
        pass

    with pytest.raises(ValueError, match="^Nameless has no kind$"):
        Command.register(Nameless)
    assert "" not in Command._registry
    with pytest.raises(ValueError, match="^unknown command kind 'nonsense'$"):
        Command.from_dict({"kind": "nonsense"})


def test_a_unit_leaving_the_map_leaves_every_marker_of_the_map_behind():
    """5.0/10.4/14.0: an eliminated, exited or withdrawn unit keeps no position, strategic
    movement, reserve, supply, movement spent, road memory, stop or displacement."""
    from darkdec_qt.rules.core import events as ev
    from darkdec_qt.rules.core.apply import apply
    from tests.rules.builder import ScenarioBuilder

    b = ScenarioBuilder(cols=4, rows=4)
    for u in ("1/A", "2/A", "3/A"):
        b.unit(u, "Allied", "infantry", (3, 4, 5), at={"1/A": "0202", "2/A": "0203", "3/A": "0204"}[u])
    b.unit("9/B", "Allied", "infantry", (3, 4, 5), at="0303")
    st = b.state(side="Allied")
    for u in ("1/A", "2/A", "3/A", "9/B"):
        st.strategic.add(u)
        st.reserve.add(u)
        st.supply_reason[u] = "traced"
        st.isolated_count[u] = 1
        st.mp_spent[u] = 30
        st.last_roads[u] = ("R1",)
        st.stopped.add(u)
        st.displaced[u] = ("0101",)
    apply(st, ev.UnitEliminated(unit="1/A"))
    apply(st, ev.UnitWithdrawn(unit="2/A"))
    for u in ("1/A", "2/A"):
        assert u not in st.pos and u not in st.strategic and u not in st.reserve and u not in st.stopped
        assert all(u not in d for d in (st.supply, st.supply_reason, st.isolated_count, st.mp_spent,
                                        st.last_roads, st.displaced))
    assert "9/B" in st.strategic and "9/B" in st.reserve and st.mp_spent["9/B"] == 30  # the others keep theirs

"""Same games: fixed-seed self-play of every scenario reproduces the recorded final state.

A guard for work that must not change what the engine does (moving modules, breaking
import cycles): every game below is played by :func:`selfplay` from a fixed seed for a
few game turns, with and without the optional rules (7.1.7A-25) and the 26.x variants a
scenario allows, in each German set-up (6.0H: auto, free, historical) and each 26.20A
choice of the Campaign Game. The final state hash, the number of events and a hash of
the event log must equal the values in ``data/same_games.json``.

When the engine's behaviour is *meant* to change (a rule fixed, the module's data
changed), re-record with ``python -m tests.rules.test_same_games --write`` and say why in
the commit message.

An old save (``data/old_save.ddg``, written by an earlier engine, the module embedded)
must still open, re-execute every recorded command and reach its recorded final hash
(the game file's promise: saves outlive the code that wrote them).
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pytest

from darkdec_qt.game.selfplay import selfplay
from darkdec_qt.model.load import DEFAULT_MODULE, load_module
from darkdec_qt.moduleview import Module
from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.options import check_choices
from darkdec_qt.rules.scenarios.setup import SETUPS

DATA = Path(__file__).resolve().parent / "data"
RECORD = DATA / "same_games.json"
OLD_SAVE = DATA / "old_save.ddg"
TURNS = 2
VC_CHOICES = ("historical", "small_solution", "luxembourg")  # 26.20A


def _compatible(wanted: tuple[str, ...], optional: tuple[str, ...], scenario) -> tuple[str, ...]:  # noqa: ANN001
    """The longest prefix-greedy subset of ``wanted`` variants the rulebook allows together
    (26.1/26.2, 26.4/26.6, 26.8/26.9 exclude each other; 26.16 and 26.18 need 26.5)."""
    chosen: list[str] = []
    for v in wanted:
        try:
            check_choices(set(optional), set(chosen) | {v}, scenario.optional_rules, scenario.variants)
        except IllegalAction:
            continue
        chosen.append(v)
    return tuple(chosen)


def games(module: Module) -> list[dict]:
    """The fixed games: (scenario, seed, optional rules, variants, set-up, 26.20A choice)."""
    out: list[dict] = []
    for n, (sid, sc) in enumerate(sorted(module.scenarios.items())):
        allopt = tuple(sc.optional_rules)
        forward = _compatible(tuple(sc.variants), allopt, sc)
        backward = _compatible(tuple(reversed(sc.variants)), allopt, sc)
        out.append(dict(scenario=sid, seed=f"{100 + n}", optional=(), variants=(), setup="auto", vc=None))
        out.append(dict(scenario=sid, seed=f"{200 + n}", optional=allopt, variants=forward, setup="auto", vc=None))
        if backward != forward:
            out.append(dict(scenario=sid, seed=f"{300 + n}", optional=allopt, variants=backward, setup="auto",
                            vc=None))
        if module.turn(sc.first_turn).number == 1:  # 6.0H: the 16 December set-ups
            for k, setup in enumerate(s for s in SETUPS if s != "auto"):
                out.append(dict(scenario=sid, seed=f"{400 + 10 * n + k}", optional=allopt[:4], variants=(),
                                setup=setup, vc=None))
        if sid == "campaign":
            for k, vc in enumerate(VC_CHOICES):
                out.append(dict(scenario=sid, seed=f"{500 + k}", optional=(), variants=(), setup="auto", vc=vc))
    return out


def key(g: dict) -> str:
    return "/".join([g["scenario"], g["seed"], ",".join(g["optional"]) or "-", ",".join(g["variants"]) or "-",
                     g["setup"], g["vc"] or "-"])


def play(module: Module, g: dict) -> dict:
    game = selfplay(module, g["scenario"], g["seed"], TURNS, optional=tuple(g["optional"]),
                    variants=tuple(g["variants"]), setup=g["setup"], vc_choice=g["vc"])
    log = json.dumps(game.log_dicts(), sort_keys=True, separators=(",", ":"), default=list)
    return {"turn": game.state.turn, "events": len(game.events), "final_hash": game.state.state_hash(),
            "log_hash": hashlib.sha256(log.encode()).hexdigest()}


@pytest.fixture(scope="module")
def module() -> Module:
    return load_module(DEFAULT_MODULE)


@pytest.fixture(scope="module")
def recorded() -> dict:
    return json.loads(RECORD.read_text())


def test_the_recorded_games_are_the_games_played(module, recorded):
    """The list of games is the recorded list (a new scenario or variant is recorded too)."""
    assert sorted(key(g) for g in games(module)) == sorted(recorded["games"])


def test_every_scenario_is_played(recorded):
    assert {k.split("/")[0] for k in recorded["games"]} >= {
        "campaign", "extended", "final_fury", "herbstnebel", "reduction", "turning_point"}


@pytest.mark.slow
def test_same_games(module, recorded):
    """Each fixed-seed game ends in the recorded state after the recorded events."""
    differ = []
    for g in games(module):
        got = play(module, g)
        want = recorded["games"].get(key(g))
        if got != want:
            differ.append(f"{key(g)}: {want} -> {got}")
    assert not differ, "games no longer the same:\n" + "\n".join(differ)


def test_an_old_save_opens_and_verifies(tmp_path, monkeypatch):
    """A save written by an earlier engine opens through the checked path (every command
    re-executed, every event compared, the final hash matched)."""
    from darkdec_qt import gamestore

    for var in ("XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_CONFIG_HOME"):
        monkeypatch.setenv(var, str(tmp_path / var.lower()))
    opened = gamestore.open_verified(OLD_SAVE)
    v = opened.verification
    assert v is not None and v.ok, v.verdict() if v else "not verified"
    assert v.events > 100
    assert v.state_hash == opened.record.meta["final_hash"]


def _write() -> None:
    module = load_module(DEFAULT_MODULE)
    rec = {"turns": TURNS, "games": {key(g): play(module, g) for g in games(module)}}
    RECORD.write_text(json.dumps(rec, indent=1, sort_keys=True) + "\n")
    print(f"recorded {len(rec['games'])} games in {RECORD}")


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        _write()
    elif sys.argv[1:] == ["--write-old-save"]:
        from darkdec_qt import gamestore

        m = load_module(DEFAULT_MODULE)
        gamestore.save(selfplay(m, "campaign", "7", 1, optional=("14", "15")), OLD_SAVE)
        print(f"wrote {OLD_SAVE}")
    else:
        sys.exit("usage: python -m tests.rules.test_same_games --write | --write-old-save")

"""Soak: N random games over every scenario, variant, optional rule, set-up and 26.20A
choice, with invariants checked after every phase and each game saved to a file and
replay-verified through the same path a player's file takes (docs/file-safety.md).

    nice -n 10 python benchmarks/soak.py --minutes 40            # as many games as fit
    python benchmarks/soak.py --n 20 --seed 7                    # a fixed number
    python benchmarks/soak.py --jobs 2 --minutes 30
    python benchmarks/soak.py --jobs 2 --n 1000 --out benchmarks/results/soak-DATE.jsonl   # resumable
                                        # (run it again to go on where it stopped)
    python benchmarks/soak.py --summary benchmarks/results/soak-DATE.jsonl     # the whole run's figures

Invariants after every ``phase_ended``: every unit on the map is a module unit on a module
hex and is not also eliminated/exited/withdrawn/pending; no hex holds both sides; reduced
units have a reduced side; each die is the next index and equals its derivation from the
seed (dice.die); the turn lies within the scenario; a clone hashes like the state. At the
end: the log re-applied from the initial state gives the same hash, and the saved file
verifies (gamestore.verify: every command re-executed through ``check``).
Prints one line per game and a summary (games, games/hour, exceptions, mismatches,
invariant breaks). With ``--out`` every game's result is appended to a JSON-lines file as
it ends; run the same command again and the games already in the file are skipped, so a
long run (1,000 games take hours on two cores) may span several sittings and still be one
run: game n always has the same scenario and seed. Every row records the commit of the code
that played it (``commit``, ``-dirty`` when the checkout had changes) and the run's options
(``run``: base seed, scenarios), beside the game's own choices (``choice``: optional rules,
among them 14.6 in the 16 December scenarios, variants, set-up, 26.20A choice); a resumed
run on other code shows as rows of another commit.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
import traceback
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, as_completed, wait
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's code

_MODULE = None


def _module():  # noqa: ANN202
    global _MODULE
    if _MODULE is None:
        from darkdec_qt.model.load import load_module

        _MODULE = load_module()
    return _MODULE


def commit() -> str:
    """The commit of this checkout's code (``-dirty`` with uncommitted changes), or ``unknown``."""
    import subprocess

    root = Path(__file__).resolve().parents[1]
    try:
        head = subprocess.run(["git", "rev-parse", "--short=12", "HEAD"], cwd=root, capture_output=True, text=True,
                              check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=root,
                               capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("-dirty" if dirty else "")


def choose(rnd: random.Random, module, scenario: str) -> dict:  # noqa: ANN001
    """A random legal choice of optional rules, variants, set-up and 26.20A conditions."""
    from darkdec_qt.rules.core.errors import IllegalAction
    from darkdec_qt.rules.core.options import check_choices

    sc = module.scenarios[scenario]
    for _ in range(50):
        optional = tuple(r for r in sc.optional_rules if rnd.random() < 0.7)
        variants = tuple(v for v in sc.variants if rnd.random() < 0.3)
        try:
            check_choices(set(optional), set(variants), sc.optional_rules, sc.variants)
            break
        except IllegalAction:
            continue
    else:
        optional, variants = tuple(sc.optional_rules), ()
    first = module.turn(sc.first_turn).number == 1
    setup = rnd.choice(["auto", "free", "historical"]) if first else "auto"
    vc = rnd.choice([None, "historical", "small_solution", "luxembourg"]) if scenario in ("campaign", "extended") else None
    if vc is not None:  # 26.20A: a choice the variants in play contradict is not offered
        from darkdec_qt.game.session import Game
        from darkdec_qt.rules.scenarios.variants import ChooseVictoryConditions

        probe = Game(module, scenario, "0", optional=optional, variants=variants or None, setup=setup, start=False)
        try:
            probe.execute(ChooseVictoryConditions(choice=vc))
        except IllegalAction:
            vc = None
    return {"optional": optional, "variants": variants, "setup": setup, "vc_choice": vc}


class Invariants:
    def __init__(self, game) -> None:  # noqa: ANN001
        from darkdec_qt.rules.core.dice import die

        self.die = die
        self.seed = game.initial.seed
        self.next_die = game.initial.dice_count
        self.breaks: list[str] = []
        self.batch = 0
        sc = game.module.scenarios[game.initial.scenario]
        self.first = game.module.turn(sc.first_turn).number
        self.last = game.module.turn(sc.last_turn).number

    def on_event(self, game, _e) -> None:  # noqa: ANN001
        """Catch up with every batch executed since the last call (set-up commands run
        before selfplay reports events), checking dice and, at each phase end, the state."""
        while self.batch < len(game.batches):
            for e in game.batches[self.batch].events:
                if e.kind == "die_rolled":
                    if e.index != self.next_die or e.value != self.die(self.seed, e.index):
                        self.breaks.append(f"die {e.index}={e.value}, expected index {self.next_die} "
                                           f"value {self.die(self.seed, e.index)}")
                    self.next_die = e.index + 1
            self.batch += 1
        if _e is not None and _e.kind == "phase_ended":
            self.check(game.state)

    def check(self, s) -> None:  # noqa: ANN001
        m = s.module
        where = f"turn {s.turn} {s.side} {s.phase.value}"
        bad = [u for u, h in s.pos.items() if u not in m.units or h not in m.hexes]
        if bad:
            self.breaks.append(f"{where}: units off the module's map {bad[:3]}")
        gone = set(s.pos) & (s.eliminated | s.exited | s.withdrawn | set(s.pending))
        if gone:
            self.breaks.append(f"{where}: units both on the map and gone {sorted(gone)[:3]}")
        sides: dict[str, set[str]] = {}
        for u, h in s.pos.items():
            if u in m.units:
                sides.setdefault(h, set()).add(m.units[u].side)
        mixed = [h for h, ss in sides.items() if len(ss) > 1]
        if mixed:
            self.breaks.append(f"{where}: both sides in {mixed[:3]}")
        noside = [u for u in s.reduced if u in m.units and m.units[u].reduced is None]
        if noside:
            self.breaks.append(f"{where}: reduced units without a reduced side {noside[:3]}")
        if not self.first <= s.turn <= self.last + 1:
            self.breaks.append(f"{where}: turn outside the scenario ({self.first}-{self.last})")
        if s.dice_count != self.next_die:
            self.breaks.append(f"{where}: dice counter {s.dice_count}, dice rolled up to {self.next_die}")
        if s.clone().state_hash() != s.state_hash():
            self.breaks.append(f"{where}: a clone hashes differently")


def one(job: tuple) -> dict:
    n, scenario, seed = job[:3]
    run = job[3] if len(job) > 3 else {}
    from darkdec_qt import gamestore
    from darkdec_qt.game.selfplay import selfplay
    from darkdec_qt.game.session import Game

    module = _module()
    rnd = random.Random(seed)
    ch = choose(rnd, module, scenario)
    out = {"n": n, "scenario": scenario, "seed": seed, "commit": run.get("commit", "unknown"),
           "run": {k: v for k, v in run.items() if k != "commit"}, "choice": ch, "exception": None, "mismatch": None,
           "breaks": [], "commands": 0, "turn": 0, "seconds": 0.0}
    t0 = time.perf_counter()
    try:
        probe = Game(module, scenario, str(seed), optional=ch["optional"], variants=ch["variants"] or None,
                     setup=ch["setup"], start=False)
        inv = Invariants(probe)
        game = selfplay(module, scenario, seed, None, optional=ch["optional"], variants=ch["variants"] or None,
                        setup=ch["setup"], vc_choice=ch["vc_choice"], on_event=inv.on_event)
        inv.on_event(game, game.batches[-1].events[-1] if game.batches and game.batches[-1].events else None)
        inv.check(game.state)
        out["breaks"] = inv.breaks
        out["commands"], out["turn"] = len(game.batches), game.state.turn
        if game.replay(game.events).state_hash() != game.state.state_hash():
            out["mismatch"] = "re-applying the log gives another state"
        with tempfile.TemporaryDirectory() as d:
            p = Path(d) / "g.ddg"
            gamestore.save(game, p)
            v = gamestore.verify(p)
            if not v.ok or v.state_hash != game.state.state_hash():
                out["mismatch"] = v.message or "verified hash differs"
    except Exception as exc:  # noqa: BLE001 - a soak reports every exception
        out["exception"] = f"{exc.__class__.__name__}: {exc}\n{traceback.format_exc(limit=6)}"
    out["seconds"] = time.perf_counter() - t0
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=0, help="games (0: until --minutes run out)")
    ap.add_argument("--minutes", type=float, default=0, help="stop starting games after this")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--scenario", action="append", default=[])
    ap.add_argument("--out", type=Path, help="append each game's result to this JSON-lines file; "
                    "games already in it are skipped (resume)")
    ap.add_argument("--summary", type=Path, help="print the figures of a results file and stop")
    a = ap.parse_args(argv)
    if a.summary:
        done = _read_results(a.summary)
        print(_summary_line(done, sum(r["seconds"] for r in done), "game seconds (sum)"))
        return 1 if any(_flags(done).values()) else 0
    if not a.n and not a.minutes:
        a.n = 6
    scenarios = a.scenario or sorted(_module().scenarios)
    deadline = time.monotonic() + a.minutes * 60 if a.minutes else None
    earlier = _read_results(a.out) if a.out and a.out.exists() else []
    skip = {r["n"] for r in earlier if r.get("seed", 0) // 100_000 == a.seed}
    run = {"commit": commit(), "seed": a.seed, "scenarios": scenarios}

    def jobs():  # noqa: ANN202
        n = 0
        while (not a.n or n < a.n) and (deadline is None or time.monotonic() < deadline):
            if n not in skip:
                yield (n, scenarios[n % len(scenarios)], a.seed * 100_000 + n, run)
            n += 1

    t0 = time.perf_counter()
    results: list[dict] = []
    counts = {"exceptions": 0, "mismatches": 0, "breaks": 0}

    def report(r: dict) -> None:
        results.append(r)
        if a.out:
            with a.out.open("a", encoding="utf-8") as f:
                f.write(json.dumps(r) + "\n")
        counts["exceptions"] += bool(r["exception"])
        counts["mismatches"] += bool(r["mismatch"])
        counts["breaks"] += bool(r["breaks"])
        ch = r["choice"]
        flag = "EXC" if r["exception"] else "MISMATCH" if r["mismatch"] else "BREAK" if r["breaks"] else "ok"
        print(f"{r['n']:5d} {flag:<8} {r['scenario']:<14} seed {r['seed']} setup {ch['setup']} vc {ch['vc_choice']} "
              f"opt {','.join(ch['optional']) or '-'} var {','.join(ch['variants']) or '-'}: "
              f"{r['commands']} commands, turn {r['turn']}, {r['seconds']:.1f} s", flush=True)
        for text in filter(None, [r["exception"], r["mismatch"], *r["breaks"][:5]]):
            print("      " + text.replace("\n", "\n      "), flush=True)

    if a.jobs > 1:
        with ProcessPoolExecutor(a.jobs) as ex:
            pending = set()
            it = jobs()
            for j in it:
                pending.add(ex.submit(one, j))
                if len(pending) >= a.jobs * 2:  # report whichever game ends first: no worker waits
                    done, pending = wait(pending, return_when=FIRST_COMPLETED)
                    for f in done:
                        report(f.result())
            for f in as_completed(pending):
                report(f.result())
    else:
        for j in jobs():
            report(one(j))
    wall = time.perf_counter() - t0
    print(_summary_line(results, wall, "min wall"))
    if earlier:
        whole = earlier + results
        print("whole run (" + str(a.out) + "): " + _summary_line(whole, sum(r["seconds"] for r in whole),
                                                                   "game seconds (sum)"))
    return 1 if any(counts.values()) else 0


def _read_results(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _flags(results: list[dict]) -> dict[str, int]:
    return {"exceptions": sum(bool(r["exception"]) for r in results),
            "mismatches": sum(bool(r["mismatch"]) for r in results),
            "breaks": sum(bool(r["breaks"]) for r in results)}


def _summary_line(results: list[dict], seconds: float, what: str) -> str:
    """Games, scenarios, commands, time and the three counts. ``what`` names ``seconds``: the
    wall time of this sitting, or the sum of the games' own times for a whole file (games
    per hour then per process)."""
    c = _flags(results)
    per = {}
    for r in results:
        per[r["scenario"]] = per.get(r["scenario"], 0) + 1
    cmds = sum(r["commands"] for r in results)
    shown = f"{seconds / 60:.1f} {what}" if what == "min wall" else f"{seconds / 60:.1f} min of {what}"
    rate = len(results) / seconds * 3600 if seconds else 0.0
    return (f"soak: {len(results)} games ({', '.join(f'{k} {v}' for k, v in sorted(per.items()))}), "
            f"{cmds} commands, {shown}, {rate:.0f} games/hour; exceptions {c['exceptions']}, "
            f"replay mismatches {c['mismatches']}, games with invariant breaks {c['breaks']}")


if __name__ == "__main__":
    sys.exit(main())

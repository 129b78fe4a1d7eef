"""How strong is the computer opponent? Tournaments, the history comparison and thinking
times. A benchmark, not a test: it prints numbers.

    python benchmarks/ai.py tournaments --scenario herbstnebel --n 20 --jobs 2
    python benchmarks/ai.py tournaments --scenario campaign --n 4 --pairs ai:normal/random
    python benchmarks/ai.py history --n 6 --jobs 2          # AI-against-AI Campaign games
    python benchmarks/ai.py think --turns 8,14,20           # seconds per player turn by level
    python benchmarks/ai.py report                          # every table from the saved results

Results are appended to ``--out`` (JSON lines, default benchmarks/results/ai-levels-tournaments-2026-12-01-230a866.jsonl) as
each game ends, so a long run that is stopped keeps what it played.
"""

from __future__ import annotations

import argparse
import collections
import json
import statistics
import sys
import time
from dataclasses import asdict
from pathlib import Path

from darkdec_qt import cli_ai
from darkdec_qt.ai import tournament as tn
from darkdec_qt.ai.history import HISTORY
from darkdec_qt.rules.scenarios.setup import SETUPS

PAIRS = ["ai:normal/random", "ai:normal/greedy", "greedy/random", "ai:normal/ai:easy", "ai:hard/ai:normal"]
RESULTS = Path(__file__).with_name("results")


def _save(out: Path, kind: str, r: tn.GameResult, pair: str) -> None:
    with out.open("a") as f:
        f.write(json.dumps({"kind": kind, "pair": pair, **asdict(r)}) + "\n")


def tournaments(a: argparse.Namespace) -> None:
    pairs = a.pairs.split(",") if a.pairs else PAIRS
    for pair in pairs:
        pa, pb = pair.split("/")
        jobs = tn.jobs_for(pa, pb, a.scenario, a.n, seed0=a.seed, turns=a.turns, setup=a.setup)
        t0 = time.perf_counter()
        res = cli_ai.run(jobs, a.jobs, lambda r, p=pair: _save(a.out, "tournament", r, p))
        print(tn.table(res, pa, pb, a.scenario), f"\n({time.perf_counter() - t0:.0f} s wall)\n", flush=True)


def history(a: argparse.Namespace) -> None:
    """The history games, seeds ``--seed`` .. ``--seed + n - 1``; a seed already in ``--out``
    (same players, set-up, module and turns) is not played again, so a stopped run resumes."""
    pair = f"{a.german}/{a.allied}"
    turns = int(a.turns) if a.turns else None
    done = []
    if a.out.exists():
        for line in a.out.read_text().splitlines():
            r = json.loads(line)
            j = r["job"]
            if (r.get("kind") == "history" and r.get("pair") == pair and j.get("setup") == a.setup
                    and j.get("module", "") == a.module and j.get("turns") == turns):
                done.append(r)
    seen = {r["job"]["seed"] for r in done}
    jobs = [tn.Job("campaign", a.seed + i, a.german, a.allied, turns=turns, module=a.module, setup=a.setup)
            for i in range(a.n) if a.seed + i not in seen]
    res = cli_ai.run(jobs, a.jobs, lambda r: _save(a.out, "history", r, pair))
    rows = sorted(done + [asdict(r) for r in res], key=lambda r: r["job"]["seed"])
    print(history_table([r for r in rows if a.seed <= r["job"]["seed"] < a.seed + a.n]))


def history_table(rows: list[dict]) -> str:
    lines = [f"AI against AI, Campaign Game, {len(rows)} games; history: St. Vith falls "
             f"{HISTORY['st_vith_falls']}, Bastogne {HISTORY['bastogne']}, westernmost {HISTORY['west_hex']} "
             f"on {HISTORY['west_date']}, exits {HISTORY['exits']}; Peiper {HISTORY['peiper']}",
             f"{'seed':>4} {'St. Vith falls':>14} {'Bastogne':>16} {'westernmost':>12} {'when':>8} "
             f"{'exits A/B':>9} {'verdict':>9} {'ends':>8} {'Peiper 19/20 Dec':>16}"]
    for r in rows:
        f = r["facts"]
        bas = "held" if not f.get("bastogne_falls") else f"fell {f['bastogne_falls']}" + (
            "" if f.get("bastogne_end") == "German" else ", retaken")
        sv = f.get("st_vith_falls") or "held"
        if f.get("st_vith_end") == "Allied" and f.get("st_vith_falls"):
            sv += ", retaken"
        elif f.get("st_vith_last_fall") and f["st_vith_last_fall"] != f.get("st_vith_falls"):
            sv += f"/{f['st_vith_last_fall']}"
        lines.append(f"{r['job']['seed']:>4} {sv:>14} {bas:>16} "
                     f"{f.get('west_hex') or '-':>12} {f.get('west_turn') or '-':>8} "
                     f"{f.get('exit_A', 0):>4}/{f.get('exit_B', 0):<4} {f.get('verdict'):>9} {f.get('last_turn'):>8} "
                     f"{(f.get('peiper_19dec') or '-') + '/' + (f.get('peiper_20dec') or '-'):>16}")
    if rows:
        v = collections.Counter(r["facts"].get("verdict") for r in rows)
        lines.append("verdicts: " + ", ".join(f"{k} {n}" for k, n in v.most_common()))
    return "\n".join(lines)


def think(a: argparse.Namespace) -> None:
    """Thinking time per player turn at each level on the Campaign's largest turns: both
    sides played by ai:easy up to each turn in ``--turns``, then one game turn by the level."""
    from darkdec_qt.ai.match import new_game, play
    from darkdec_qt.ai.players import make_player
    from darkdec_qt.model.load import load_module

    m = load_module()
    base = new_game(m, "campaign", a.seed)
    easy = {"German": make_player("ai:easy", "g"), "Allied": make_player("ai:easy", "a")}
    marks = [int(x) for x in a.turns.split(",")]
    snapshots = {}
    for t in marks:
        play(base, easy, until_turn=t)
        snapshots[t] = [b for b in base.log_dicts()]
    print(f"{'level':<8} {'turn':>5} {'units on map':>12} {'German s':>9} {'Allied s':>9}")
    times: dict[str, list[float]] = collections.defaultdict(list)
    from darkdec_qt.game.session import Game

    for level in a.levels.split(","):
        for t in marks:
            g = Game.from_log(m, "campaign", str(a.seed), snapshots[t])
            units = len(g.state.pos)
            pl = {"German": make_player(f"ai:{level}", "g"), "Allied": make_player(f"ai:{level}", "a")}
            rec = play(g, pl, until_turn=t + 1)
            ge, al = rec.turn_times("German", "German"), rec.turn_times("Allied", "Allied")
            times[level] += ge + al
            print(f"{level:<8} {t:>5} {units:>12} {sum(ge):>9.2f} {sum(al):>9.2f}", flush=True)
    for level, v in times.items():
        print(f"{level}: per player turn median {statistics.median(v):.2f} s, max {max(v):.2f} s ({len(v)} turns)")


def report(a: argparse.Namespace) -> None:
    rows = [json.loads(x) for x in a.out.read_text().splitlines() if x.strip()] if a.out.exists() else []
    by = collections.defaultdict(list)
    for r in rows:
        if r["kind"] == "tournament":
            by[(r["job"]["scenario"], r["pair"])].append(r)
    for (scenario, pair), rs in sorted(by.items()):
        pa, pb = pair.split("/")
        res = [tn.GameResult(tn.Job(**r["job"]), r["winner"], r["level"], r["seconds"], r["illegal"], r["turn"])
               for r in rs]
        print(tn.table(res, pa, pb, scenario), "\n")
    hist = [r for r in rows if r["kind"] == "history"]
    if hist:
        print(history_table(hist))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("what", choices=("tournaments", "history", "think", "report"))
    p.add_argument("--scenario", default="herbstnebel")
    p.add_argument("--n", type=int, default=10)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--turns", default=None,
                   help="tournaments, history: game turns per game; think: turn marks (8,14,20)")
    p.add_argument("--pairs", default="", help="A/B player pairs, comma-separated (default: " + ", ".join(PAIRS) + ")")
    p.add_argument("--german", default="ai:normal")
    p.add_argument("--allied", default="ai:normal")
    p.add_argument("--levels", default="easy,normal,hard")
    p.add_argument("--setup", default="auto", choices=SETUPS,
                   help="the German set-up of a 16 Dec scenario (6.1 automatic, 6.1 free, 6.2 historical)")
    p.add_argument("--module", default="", help="history: a module database other than the bundled one")
    p.add_argument("--out", type=Path, default=None,
                   help="results file (default for a run: benchmarks/results/ai-WHAT-DATE.jsonl)")
    a = p.parse_args(argv)
    if a.out is None:
        if a.what == "report":
            p.error("report needs --out FILE (benchmarks/results/README.md lists the results files)")
        a.out = RESULTS / f"ai-{a.what}-{time.strftime('%Y-%m-%d')}.jsonl"
    if a.what == "tournaments":
        a.turns = int(a.turns) if a.turns else None
        tournaments(a)
    elif a.what == "history":
        history(a)
    elif a.what == "think":
        a.turns = a.turns or "8,14,20"
        think(a)
    else:
        report(a)
    return 0


if __name__ == "__main__":
    sys.exit(main())

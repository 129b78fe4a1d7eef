"""File exchange: (1) time to verify and open a received Campaign Game file at turn 20 (goal <= 2 s),
(2) signing and verifying cost per segment, (3) whole Herbstnebel games between two player homes
by files, with and without standing orders: hops per game turn and file sizes.

    nice -n 10 .venv/bin/python benchmarks/file_exchange.py [--turn 20] [--skip-games]

Two player homes (separate data folders, keys and secrets) in a temporary folder; random legal
commands (the self-play chooser). To reach turn 20 quickly the hops before the measured one are
exchanged in memory (the same verification, without writing a file each hop); the measured hop
is a real file opened by the receiver's home from disk.

Whole games: ``--seeds 1 2 3`` plays one game per seed and standing-order set. Every commitment's
secret is fresh and random in play; here they are drawn from a generator seeded by the game's seed,
so the same seed plays the same game before and after a change of the protocol (as long as the
chooser sees the same positions). A *battle file* is a file whose segment holds a battle event, a
pending battle command, or ends with a battle open; files per battle = battle files / battles.
"""

from __future__ import annotations

import argparse
import collections
import random
import statistics
import sys
import tempfile
import time
import types
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from darkdec_qt import exchangemodule, exchangestore  # noqa: E402
from darkdec_qt.exchangestore import PlayerHome, Session  # noqa: E402
from darkdec_qt.game.exchange import ExchangeGame, chain, fairdice  # noqa: E402
from darkdec_qt.game.exchange.scripted import play_until_send  # noqa: E402
from darkdec_qt.game.exchange.signing import Signed, sign, verify  # noqa: E402


def _other(side: str) -> str:
    return "German" if side == "Allied" else "Allied"


def _start(root: Path, scenario: str, orders: tuple[str, ...] = ()) -> dict[str, Session]:
    homes = {"German": PlayerHome(root / "german"), "Allied": PlayerHome(root / "allied")}
    g = homes["German"].new_game("German", scenario, orders=orders)
    a = homes["Allied"].open_file(g.send(root / "mail")).session
    a.set_orders(orders)
    return {"German": g, "Allied": a}


def _hop_in_memory(sessions: dict[str, Session], side: str, rng: random.Random) -> None:
    """``side`` plays its segment and seals it; the other side receives it (full verification)."""
    s = sessions[side]
    if s.xg.draft is None:
        s.xg.begin(s.me)
    play_until_send(s.xg, rng)
    s.xg.seal()
    o = sessions[_other(side)]
    o.xg.receive([(0, s.xg.segments[0]), (len(s.xg.segments) - 1, s.xg.segments[-1])])


def campaign_open(turn: int, root: Path) -> None:
    sessions = _start(root, "campaign")
    rngs = {"German": random.Random(1), "Allied": random.Random(2)}
    side, hops, t0 = "Allied", 0, time.perf_counter()
    while sessions[side].xg.game.state.turn < turn and not sessions[side].xg.game.state.game_over:
        _hop_in_memory(sessions, side, rngs[side])
        side, hops = _other(side), hops + 1
    print(f"campaign: reached turn {sessions[side].xg.game.state.turn} in {hops} hops "
          f"({time.perf_counter() - t0:.0f} s of play and in-memory verification)")
    # write both local copies, then one real hop by file
    for s in sessions.values():
        s.save_local()
    s = sessions[side]
    s.xg.begin(s.me)
    play_until_send(s.xg, rngs[side])
    path = s.send(root / "mail")
    receiver = sessions[_other(side)].home
    gid = s.game_id
    local = receiver.game_dir(gid) / "local.ddx"
    backup = local.read_bytes()
    times, cpu = [], []
    for _ in range(3):
        local.write_bytes(backup)
        exchangemodule._MODULES.clear()  # cold, as in a new process: the module and the initial state
        chain._INITIAL.clear()  # are built again (only the interpreter's start-up is left out)
        t1, c1 = time.perf_counter(), time.process_time()
        r = PlayerHome(receiver.root).open_file(path)  # a fresh home object: nothing kept in memory
        times.append(time.perf_counter() - t1)
        cpu.append(time.process_time() - c1)
    n_events = len(r.session.xg.game.events)
    print(f"verify + open a received campaign file at turn {r.session.xg.game.state.turn}: "
          f"median {statistics.median(times):.2f} s, min {min(times):.2f} s wall; CPU median "
          f"{statistics.median(cpu):.2f} s (the wall time on an idle core; goal <= 2 s); "
          f"file {path.stat().st_size:,} bytes, local game {len(r.session.xg.segments)} segments, {n_events:,} events")
    _cli_open(receiver.root, local, backup, path)
    # the parts: loading the local copy (signatures, links, events applied) vs. re-executing the new segment
    exchangemodule._MODULES.clear()
    chain._INITIAL.clear()
    t2 = time.perf_counter()
    PlayerHome(receiver.root).load(gid)
    print(f"  of which loading the local copy (module, initial state, links, seal, events applied; "
          f"no re-execution): {time.perf_counter() - t2:.2f} s")
    segs = sessions["German"].xg.segments
    per_segment(segs, sessions)


def _child(argv: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds of a child process."""
    import resource
    import subprocess

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run(argv, check=True, capture_output=True)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def _cli_open(home: Path, local: Path, backup: bytes, path: Path) -> None:
    """``darkdec exchange open`` as a player runs it (a new process), against Python's start-up with
    the program's imports; median of 3, wall and CPU."""
    py = sys.executable
    start = [_child([py, "-c", "import darkdec_qt.cli, darkdec_qt.exchangestore"]) for _ in range(3)]
    runs = []
    for _ in range(3):
        local.write_bytes(backup)
        runs.append(_child([str(Path(py).parent / "darkdec"), "exchange", "--home", str(home), "open", str(path)]))
    med = lambda xs, i: statistics.median(x[i] for x in xs)  # noqa: E731
    print(f"  darkdec exchange open (a new process): {med(runs, 0):.2f} s wall, {med(runs, 1):.2f} s CPU; of which "
          f"Python's start-up and imports {med(start, 0):.2f} s wall, {med(start, 1):.2f} s CPU; the open itself "
          f"{med(runs, 1) - med(start, 1):.2f} s CPU (goal <= 2 s)")


def per_segment(segs: list[Signed], sessions: dict[str, Session]) -> None:
    key = sessions["German"].home.key()
    pub = sessions["German"].xg.keys["German"]
    import json

    bodies = [json.loads(s.raw) for s in segs]
    t = time.perf_counter()
    signed = [sign(b, key) for b in bodies]
    t_sign = (time.perf_counter() - t) / len(bodies)
    t = time.perf_counter()
    for i, s in enumerate(signed):
        verify(s, pub, i)
    t_verify = (time.perf_counter() - t) / len(signed)
    t = time.perf_counter()
    ExchangeGame.from_segments(sessions["German"].xg.module, segs)
    t_full = (time.perf_counter() - t) / len(segs)
    sizes = [len(s.raw) for s in segs]
    print(f"per segment ({len(segs)} segments, median body {statistics.median(sizes):,.0f} chars): "
          f"sign {t_sign * 1e3:.3f} ms, verify signature {t_verify * 1e3:.3f} ms "
          f"(canonical JSON + Ed25519), full verification incl. re-executing every command {t_full * 1e3:.1f} ms")


_BATTLE_EVENTS = {"battle_declared", "battle_stage", "battle_resolved", "battle_ended"}


def _battle_file(session: Session) -> bool:
    import json

    body = json.loads(session.xg.segments[-1].raw)
    events = [e for b in body["batches"] for e in b["events"]]
    pending = body["pending"] or {}
    return (any(e.get("kind") in _BATTLE_EVENTS for e in events) or session.xg.game.state.battle is not None
            or "battle" in str(pending.get("kind", "")))


def whole_game(root: Path, orders: tuple[str, ...], seed: int = 1, plan: bool = False,
               advances: bool = False) -> dict:
    draws = random.Random(seed * 7919)
    fairdice.fresh = lambda: f"{draws.getrandbits(256):064x}"  # reproducible games (see the docstring)
    exchangestore.secrets = types.SimpleNamespace(token_hex=lambda n: f"{draws.getrandbits(8 * n):0{2 * n}x}",
                                                  token_bytes=draws.randbytes)  # the game id too
    homes = {"German": PlayerHome(root / "german"), "Allied": PlayerHome(root / "allied")}
    rngs = {"German": random.Random(seed), "Allied": random.Random(seed + 1)}
    s = homes["German"].new_game("German", "herbstnebel", orders=orders)
    files = [s.send(root / "mail")]
    hops: collections.Counter[int] = collections.Counter()
    battle_files = 0
    side, t0 = "Allied", time.perf_counter()
    while True:
        s = homes[side].open_file(files[-1]).session
        if s.me.orders != dict.fromkeys(orders, True):
            s.set_orders(orders)
        if s.xg.game.state.game_over:
            break
        play_until_send(s.xg, rngs[side], plan=plan, advances=advances)
        files.append(s.send(root / "mail"))
        hops[s.xg.game.state.turn] += 1
        battle_files += _battle_file(s)
        side = _other(side)
    h = {side: homes[side].load(s.game_id).xg.game.state.state_hash() for side in homes}
    import json

    given = collections.Counter((b["by"], b["command"]["kind"]) for seg in homes["German"].load(s.game_id).xg.segments
                                for b in json.loads(seg.raw)["batches"])
    hand_advances = given["self", "choose_advance"] + given["self", "decline_advance"]
    losses = {by: given[by, "choose_losses"] + given[by, "choose_retreat"] for by in ("self", "orders")}
    sizes = [p.stat().st_size for p in files]
    turns = len(hops)
    battles = sum(1 for e in homes["German"].load(s.game_id).xg.game.events if e.kind == "battle_declared")
    print(f"Herbstnebel by files, seed {seed}, standing orders {', '.join(orders) or 'none'}"
          f"{', battle plans' if plan else ''}{' with advances decided in advance' if advances else ''}: "
          f"{len(files)} files "
          f"({len(files) / turns:.1f} per game turn; per turn {dict(sorted(hops.items()))}), "
          f"{battles} battles, {battle_files} battle files ({battle_files / max(battles, 1):.2f} per battle), "
          f"{hand_advances} advance commands given by hand, losses and retreats {losses['orders']} by standing "
          f"orders and {losses['self']} by hand, "
          f"{time.perf_counter() - t0:.0f} s; same final state hash: {h['German'] == h['Allied']} "
          f"({h['German'][:12]}); first file {sizes[0]:,} bytes (module embedded), later files median "
          f"{statistics.median(sizes[1:]):,.0f}, max {max(sizes[1:]):,} bytes", flush=True)
    return {"files": len(files), "turns": turns, "battles": battles, "battle_files": battle_files,
            "first": sizes[0], "median": statistics.median(sizes[1:]), "hand_advances": hand_advances,
            "losses": losses}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--turn", type=int, default=20)
    ap.add_argument("--skip-games", action="store_true")
    ap.add_argument("--skip-campaign", action="store_true")
    ap.add_argument("--seeds", type=int, nargs="+", default=[1])
    ap.add_argument("--no-plain", action="store_true", help="only the games with standing orders")
    ap.add_argument("--modes", nargs="+", default=["plain", "orders", "orders+plans", "orders+no_advance+plans",
                                                  "orders+plans+advances", "orders+defender_advance+plans+advances",
                                                  "orders+defender_no_advance+plans+advances",
                                                  "orders+defender_advance+losses+retreats+plans+advances"],
                    help="which games: plain (no orders), orders (every standing order), orders+plans (and battle "
                         "plans: every battle of a Combat Phase declared at once), orders+no_advance+plans (and the attacker's "
                         "no_advance order), orders+plans+advances (each battle of a plan with its advance "
                         "decided in advance), orders+defender_advance+plans+advances and orders+defender_no_advance+plans+advances "
                         "(and the defender's advance after combat decided in advance by a standing order, 13.7.5), "
                         "orders+defender_advance+losses+retreats+plans+advances (and the step losses and retreat paths "
                         "decided in advance: least_losses, retreat_by_priorities, 13.5.4, 13.5.6A, 13.6)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        if not args.skip_campaign:
            campaign_open(args.turn, root / "campaign")
        if not args.skip_games:
            every = ("default_declaration", "no_reaction", "prefer_retreat")
            modes = (("plain", (), False, False), ("orders", every, False, False),
                     ("orders+plans", every, True, False), ("orders+no_advance+plans", (*every, "no_advance"), True, False),
                     ("orders+plans+advances", every, True, True),
                     ("orders+defender_advance+plans+advances", (*every, "defender_advance"), True, True),
                     ("orders+defender_no_advance+plans+advances", (*every, "defender_no_advance"), True, True),
                     ("orders+defender_advance+losses+retreats+plans+advances",
                      (*every, "defender_advance", "least_losses", "retreat_by_priorities"), True, True))
            for label, orders, plan, advances in modes:
                if label == "plain" and args.no_plain or label not in args.modes:
                    continue
                runs = [whole_game(root / f"{label}-{seed}", orders, seed, plan, advances) for seed in args.seeds]
                files, turns = sum(r["files"] for r in runs), sum(r["turns"] for r in runs)
                bf, b = sum(r["battle_files"] for r in runs), sum(r["battles"] for r in runs)
                print(f"== {label}, seeds {args.seeds}: {files / turns:.1f} files per game turn, "
                      f"{bf / max(b, 1):.2f} files per battle, {sum(r['hand_advances'] for r in runs)} advance commands by hand, "
                      f"losses and retreats {sum(r['losses']['orders'] for r in runs)} by standing orders and "
                      f"{sum(r['losses']['self'] for r in runs)} by hand, "
                      f"invitation {max(r['first'] for r in runs):,} bytes, "
                      f"later files median {statistics.median(r['median'] for r in runs):,.0f} bytes", flush=True)


if __name__ == "__main__":
    main()

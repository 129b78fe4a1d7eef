"""Every hostile or damaged input a game file or a module may be, tried at every entry point; prints a
Markdown table (the one in docs/file-safety.md) of what each entry point does.

    python benchmarks/hostile_inputs.py > /tmp/table.md

Each cell: the exit code and the first line the program printed (stderr, else stdout),
shortened. ``play`` is the client opened headless (``--screenshot``).
"""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's code
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def cli(*args: str, pick: str = "") -> str:
    from darkdec_qt import cli as c

    out, err = io.StringIO(), io.StringIO()
    t0 = time.perf_counter()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = c.main(list(args))
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 2
        except BaseException as exc:  # noqa: BLE001
            return f"TRACEBACK {exc.__class__.__name__}"
    dt = time.perf_counter() - t0
    text = (err.getvalue().strip() or out.getvalue().strip()).splitlines()
    first = text[0] if text else ""
    if pick:  # the line that answers this row's question, rather than the first
        first = next((ln for ln in text if pick in ln), first)
    raw = err.getvalue() + out.getvalue()
    if any(c in raw for c in "\x1b\x07\x9b\u202e\r"):
        first = "CONTROL CHARACTERS PRINTED " + first
    for noise in (str(Path(tempfile.gettempdir())),):
        first = first.replace(noise, "…")
    first = first.replace("darkdec: error: ", "")
    if len(first) > 110:
        first = first[:107] + "..."
    return f"{code}: {first}" + (f" ({dt:.1f} s)" if dt > 3 else "")


def main() -> None:
    from darkdec_qt import gamestore
    from darkdec_qt.game.selfplay import selfplay
    from darkdec_qt.model.database import content_hash, read_database
    from darkdec_qt.model.gamefile import load_game, save_game
    from darkdec_qt.model.load import DEFAULT_MODULE, load_module
    from tests.files.helpers import rechain, write_v1

    d = Path(tempfile.mkdtemp(prefix="hostile-"))
    os.environ["XDG_CACHE_HOME"] = str(d / "cache")
    base = d / "base.ddg"
    gamestore.save(selfplay(load_module(), "herbstnebel", "1", 1), base)

    def game(name: str, edit=None, sql: tuple[str, ...] = (), forge: bool = False, raw: bytes | None = None) -> Path:  # noqa: ANN001
        p = d / f"{name}.ddg"
        if raw is not None:
            p.write_bytes(raw)
            return p
        shutil.copy(base, p)
        if edit:
            rec = load_game(p)
            edit(rec)
            save_game(rec, p)
        if sql:
            con = sqlite3.connect(p)
            for s in sql:
                con.execute(s)
            con.commit()
            con.close()
            if forge:
                rechain(p)
        return p

    def die(rec):  # noqa: ANN001, ANN202
        e = next(e for it in rec.events for e in it["events"] if e["kind"] == "die_rolled")
        e["value"] = e["value"] % 6 + 1

    def teleport(rec):  # noqa: ANN001, ANN202
        it = next(it for it in rec.events if it["command"]["kind"] == "move")
        it["command"]["path"][-1] = "3022"
        it["events"][0]["path"][-1] = "3022"

    def append(rec):  # noqa: ANN001, ANN202
        rec.events.append({"command": {"kind": "end_phase"}, "events": [
            {"kind": "unit_eliminated", "unit": u} for u in ("99/393", "99/394", "99/395", "2/9", "2/23")]})
        rec.meta.pop("final_hash")

    def garbage_module(rec):  # noqa: ANN001, ANN202
        rec.module_bytes = b"SQLite format 3\x00" + bytes(range(256)) * 20
        rec.meta["module_hash"] = "ab" * 32

    def scenario_path(rec):  # noqa: ANN001, ANN202
        rec.meta["scenario"] = "/tmp/../etc/herbstnebel"

    def seed_path(rec):  # noqa: ANN001, ANN202
        rec.meta["seed"] = "/../../../victim"

    n = len(load_game(base).events)
    deep = "[" * 100_000 + "]" * 100_000
    v1 = d / "format1.ddg"
    write_v1(load_game(base), v1)
    folder = d / "folder"
    folder.mkdir()
    games = {
        "format 1 hot-seat file (before this issue)": v1,
        "untouched format 2 file": base,
        "die edited, checksums recomputed": game("die", die),
        "unit teleported to Bastogne, checksums recomputed": game("teleport", teleport),
        "forged events appended (5 Allied units eliminated)": game("append", append),
        "die edited with SQL, chain not recomputed": game("die_sql", sql=(
            "UPDATE event SET payload = replace(payload, '\"value\":1', '\"value\":2') WHERE payload LIKE '%die_rolled%'",)),
        "last 40 rows and final hash deleted": game("cut", sql=(f"DELETE FROM event WHERE idx >= {n - 40}",
                                                                 "DELETE FROM meta WHERE key = 'final_hash'")),
        "seed changed in the metadata": game("seed", sql=("UPDATE meta SET value = '\"2\"' WHERE key = 'seed'",)),
        "seed '/../../../victim' (forged)": game("seedpath", seed_path),
        "scenario an absolute path (forged)": game("scpath", scenario_path),
        "event table an endlessly recursive view": game("view", sql=(
            "ALTER TABLE event RENAME TO e0", "CREATE VIEW event AS WITH RECURSIVE r(idx, payload, chain) AS "
            "(SELECT 0, 'x', 'y' UNION ALL SELECT idx + 1, payload || 'x', chain FROM r) SELECT * FROM r")),
        "meta a view returning random()": game("randview", sql=(
            "ALTER TABLE meta RENAME TO m0", "CREATE VIEW meta AS SELECT key, CASE WHEN key = 'seed' "
            "THEN '\"' || abs(random() % 9) || '\"' ELSE value END AS value FROM m0")),
        "a trigger in the schema": game("trigger", sql=("CREATE TABLE t (x)", "CREATE TRIGGER tr AFTER INSERT ON "
                                                         "meta BEGIN INSERT INTO t VALUES (1); END")),
        "100,000-deep JSON in a metadata value": game("deepmeta", sql=(
            f"UPDATE meta SET value = '{deep}' WHERE key = 'optional'",)),
        "100,000-deep JSON in an event (chain recomputed)": game("deepev", sql=(
            f"UPDATE event SET payload = '{deep}' WHERE idx = 3",), forge=True),
        "300 kB metadata value": game("big", sql=(
            "UPDATE meta SET value = '\"' || hex(zeroblob(150000)) || '\"' WHERE key = 'module_name'",)),
        "garbage embedded module (forged hash)": game("garbage_mod", garbage_module),
        "newer format (user_version 9)": game("newer", sql=("PRAGMA user_version = 9",)),
        "empty file": game("empty", raw=b""),
        "random bytes": game("bytes", raw=os.urandom(5000)),
        "truncated to half": game("half", raw=base.read_bytes()[: base.stat().st_size // 2]),
        "a module database given as a game": Path(DEFAULT_MODULE),
        "a folder given as a game": folder,
    }
    print("| game file | log | status | replay --verify | play FILE (client) |")
    print("|---|---|---|---|---|")
    for name, p in games.items():
        shot = str(d / "shot.png")
        cells = [cli("log", str(p)), cli("status", str(p)), cli("replay", "--verify", str(p)),
                 cli("play", str(p), "--screenshot", shot)]
        print(f"| {name} | " + " | ".join(c.replace("|", "/") for c in cells) + " |", flush=True)

    def module(name: str, *sql: str, rehash: bool = False) -> Path:
        p = d / f"{name}.sqlite"
        shutil.copy(DEFAULT_MODULE, p)
        con = sqlite3.connect(p)
        for s in sql:
            con.execute(s)
        con.commit()
        con.close()
        if rehash:
            h = content_hash(read_database(p, verify_hash=False))
            con = sqlite3.connect(p)
            con.execute("UPDATE meta SET value = ? WHERE key = 'content_hash'", (h,))
            con.commit()
            con.close()
        return p

    modules = {
        "every CRT result D7 (stored hash kept)": module("d7", "UPDATE crt SET result = 'D7'"),
        "a unit of strength 40": module("s40", "UPDATE unit SET fa = 40 WHERE id = '2/1SS'"),
        "text in an integer column": module("text", "UPDATE unit SET fa = 'x' WHERE id = '2/1SS'"),
        "a boolean holding 2 (re-hashed)": module("bool2", "UPDATE hex SET westwall = 2 WHERE hex = '5024'"),
        "empty turn table (re-hashed)": module("noturn", "DELETE FROM turn", rehash=True),
        "unknown first turn (re-hashed)": module("first", "UPDATE scenario SET first_turn = '99DecAM' "
                                                 "WHERE id = 'herbstnebel'", rehash=True),
        "crt_dice a view returning random()": module("randv", "ALTER TABLE crt_dice RENAME TO c0",
                                                     "CREATE VIEW crt_dice AS SELECT \"column\", roll, "
                                                     "abs(random()) % 11 + 1 AS row FROM c0"),
        "50,000-deep JSON in a scenario (re-hashed)": module("deep", "UPDATE scenario SET victory = '"
                                                             + "[" * 50_000 + "]" * 50_000 + "' WHERE id = 'herbstnebel'"),
        "a game file given as a module": base,
        "a folder given as a module": folder,
    }
    print()
    print("| module database | module info | module validate | selfplay --module | scenarios --module | "
          "play --module | edit |")
    print("|---|---|---|---|---|---|---|")
    for name, p in modules.items():
        shot = str(d / "shot.png")
        cells = [cli("module", "info", "--module", str(p)), cli("module", "validate", "--module", str(p)),
                 cli("selfplay", "--turns", "1", "--module", str(p)), cli("scenarios", "--module", str(p)),
                 cli("play", "--module", str(p), "--screenshot", shot),
                 cli("edit", str(p), "--screenshot", shot)]
        print(f"| {name} | " + " | ".join(c.replace("|", "/") for c in cells) + " |", flush=True)
    round_three(d, base, module)
    shutil.rmtree(d, ignore_errors=True)


def round_three(d: Path, base: Path, module) -> None:  # noqa: ANN001
    """Files that are not files, files that write beside themselves, text that drives a terminal,
    a game on a doctored module, memory bombs and newer formats (docs/file-safety.md, round three).
    Peak memory is measured by ``python -m tests.files.test_memory``; here only what each entry
    point says."""
    from darkdec_qt import gamestore
    from darkdec_qt.game.selfplay import selfplay
    from darkdec_qt.game.session import Game
    from darkdec_qt.model.database import read_database, write_database
    from darkdec_qt.model.load import DEFAULT_MODULE, load_module
    from darkdec_qt.rules.core.commands import Command
    from tests.files.test_memory import _declared_order_bomb, _default_column_bomb

    def copy(name: str) -> Path:
        p = d / f"r3-{name}.ddg"
        shutil.copy(base, p)
        return p

    inputs: dict[str, Path] = {}
    if hasattr(os, "mkfifo"):  # POSIX only; on Windows there is no named pipe in the file system
        pipe = d / "pipe.ddg"
        os.mkfifo(pipe)
        inputs["a named pipe"] = pipe
    wal = copy("wal")
    con = sqlite3.connect(wal)
    con.execute("PRAGMA journal_mode=WAL")
    con.close()
    inputs["a WAL-mode game file"] = wal
    hot = copy("hot")
    Path(str(hot) + "-journal").write_bytes(b"\xd9\xd5\x05\xf9\x20\xa1\x63\xd7" + b"\0" * 504)
    inputs["a hot journal beside the file"] = hot
    inputs["a 300-character file name"] = d / ("n" * 300 + ".ddg")
    noted = Game(load_module(), "herbstnebel", "1")
    noted.execute(Command.from_dict({"kind": "note", "side": noted.state.side,
                                     "text": "\x1b]0;pwned\x07\x1b[2J\u202eevil\rback\nforged line"}))
    inputs["terminal escapes in a note"] = d / "escapes.ddg"
    gamestore.save(noted, inputs["terminal escapes in a note"])
    rows = read_database(DEFAULT_MODULE)
    for r in rows["crt"]:
        r["result"] = "D7"
    d7 = d / "d7.sqlite"
    write_database(rows, d7)
    inputs["a game on a module whose whole CRT is D7 (re-sealed)"] = d / "d7.ddg"
    gamestore.save(selfplay(load_module(d7), "herbstnebel", "1", 1), inputs[
        "a game on a module whose whole CRT is D7 (re-sealed)"], d7)
    bomb = copy("bomb")
    _default_column_bomb(bomb)
    inputs["50,000 rows under a 90 kB column DEFAULT"] = bomb
    order = copy("order")
    _declared_order_bomb(order)
    inputs["the format's column names, the payload added last"] = order
    print()
    print("| round three: game file | log | status | replay --verify | play FILE (client) |")
    print("|---|---|---|---|---|")
    picks = {"terminal escapes in a note": "evil", "a game on a module whose whole CRT is D7 (re-sealed)": "module"}
    for name, p in inputs.items():
        shot = str(d / "shot.png")
        pick = picks.get(name, "")
        cells = [cli("log", str(p), pick=pick), cli("status", str(p), pick=pick),
                 cli("replay", "--verify", str(p), pick=pick or "verified"),
                 cli("play", str(p), "--screenshot", shot)]
        print(f"| {name} | " + " | ".join(c.replace("|", "/") for c in cells) + " |", flush=True)
    outputs = {"a folder ('.')": str(d)}
    if hasattr(os, "mkfifo"):
        outputs["a named pipe"] = str(d / "pipe.ddg")
    print()
    print("| round three: save target | selfplay --out | module build --out |")
    print("|---|---|---|")
    for name, target in outputs.items():
        cells = [cli("selfplay", "--turns", "1", "--out", target), cli("module", "build", "--out", target)]
        print(f"| {name} | " + " | ".join(c.replace("|", "/") for c in cells) + " |", flush=True)
    newer = module("newer", "PRAGMA user_version = 99")
    print()
    print("| round three: module | module info | selfplay --module |")
    print("|---|---|---|")
    print(f"| user_version 99 | {cli('module', 'info', '--module', str(newer))} | "
          f"{cli('selfplay', '--turns', '1', '--module', str(newer))} |", flush=True)


if __name__ == "__main__":
    main()

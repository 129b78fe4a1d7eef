"""Reading an untrusted file is bounded in memory as well as in time: the worst inputs up
to the size caps are refused with one sentence, and the reading process's peak memory
(``resource.getrusage`` in a child process) stays under 300 MB.

Each input is larger than the memory budget of its reader (``gamefile.MAX_READ``,
``exchangefile.MAX_READ``, ``database.MAX_READ``), so a larger file, up to the size cap,
is refused at the same point and costs no more."""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from darkdec_qt.model.gamefile import chain, genesis, seal
from darkdec_qt.model.load import DEFAULT_MODULE

ROOT = Path(__file__).resolve().parents[2]
LIMIT_MB = 300
# The child's own peak. On Linux ``ru_maxrss`` survives ``execve`` and starts from the
# forking process's size (a test worker that has played whole games is larger than the
# limit), so the peak of this process image is read from /proc (VmHWM) where it exists.
PEAK = """
import resource, sys
from darkdec_qt import cli
code = cli.main(sys.argv[1:])
try:
    with open("/proc/self/status") as f:
        kb = next(int(ln.split()[1]) for ln in f if ln.startswith("VmHWM:"))
except (OSError, StopIteration):
    kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print("PEAK", kb // 1024, code)
"""
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="resource.getrusage is POSIX")


def _peak(*args: str) -> tuple[int, int, str]:
    r = subprocess.run([sys.executable, "-c", PEAK, *args], capture_output=True, text=True, cwd=ROOT, timeout=300)
    line = next(ln for ln in r.stdout.splitlines() if ln.startswith("PEAK"))
    _, mb, code = line.split()
    return int(mb), int(code), r.stderr


def _default_column_bomb(game_file: Path) -> None:
    """50,000 tiny rows under a column added with a 90 kB default: 1.6 MB on disk, every row
    read is 90 kB (4.5 GB for the table)."""
    con = sqlite3.connect(game_file)
    con.execute("DROP TABLE event")
    con.execute("CREATE TABLE event (idx INTEGER PRIMARY KEY, p0 TEXT NOT NULL, chain TEXT NOT NULL)")
    con.executemany("INSERT INTO event VALUES (?, '', '')", ((i,) for i in range(50_000)))
    con.commit()
    con.execute("ALTER TABLE event ADD COLUMN payload TEXT DEFAULT '" + "x" * 90_000 + "'")
    con.commit()
    con.close()


def _declared_order_bomb(game_file: Path) -> None:
    """The format's three column names, the payload added last with the 90 kB default."""
    con = sqlite3.connect(game_file)
    con.execute("DROP TABLE event")
    con.execute("CREATE TABLE event (idx INTEGER PRIMARY KEY, chain TEXT NOT NULL)")
    con.executemany("INSERT INTO event VALUES (?, '')", ((i,) for i in range(50_000)))
    con.commit()
    con.execute("ALTER TABLE event ADD COLUMN payload TEXT NOT NULL DEFAULT '" + "x" * 90_000 + "'")
    con.commit()
    con.close()


def _chained_events(game_file: Path, payload: str, rows: int) -> None:
    """``rows`` events of ``payload`` (each under the 256 kB cap), the chain and seal
    recomputed as a forger would: only a budget stops the read."""
    con = sqlite3.connect(game_file)
    meta = dict(con.execute("SELECT key, value FROM meta"))
    con.execute("DELETE FROM event")
    h = genesis(meta)
    for i in range(rows):
        h = chain(h, payload)
        con.execute("INSERT INTO event VALUES (?, ?, ?)", (i, payload, h))
    con.execute("UPDATE meta SET value = ? WHERE key = 'seal'", (json.dumps(seal(h, rows)),))
    con.commit()
    con.close()


def _dense_json(game_file: Path) -> None:
    """600 events of 250 kB of empty lists: 150 MB on disk, each parses into ~5 MB of lists."""
    _chained_events(game_file, '{"a":[' + ",".join(["[]"] * 83_000) + "]}", 600)


def _long_text(game_file: Path) -> None:
    """700 events of 250 kB of text: 175 MB of text."""
    _chained_events(game_file, '{"a":"' + "x" * 250_000 + '"}', 700)


def _many_metadata(game_file: Path) -> None:
    """1,000 metadata values (the cap) of 250 kB each: 250 MB, read before any check."""
    con = sqlite3.connect(game_file)
    value = json.dumps("x" * 250_000)
    con.executemany("INSERT INTO meta VALUES (?, ?)", ((f"extra.k{i}", value) for i in range(985)))
    con.commit()
    con.close()


GAME_INPUTS = {"default column": _default_column_bomb, "declared order": _declared_order_bomb,
               "dense JSON events": _dense_json, "long events": _long_text, "many metadata values": _many_metadata}


@pytest.mark.parametrize("name", list(GAME_INPUTS))
def test_a_hostile_game_file_is_refused_in_bounded_memory(game_file, name):
    GAME_INPUTS[name](game_file)
    peak, code, err = _peak("log", str(game_file))
    assert code == 2 and err.startswith("darkdec: error:") and "Traceback" not in err, err[-400:]
    assert peak < LIMIT_MB, f"{name}: peak {peak} MB"


def test_a_module_of_many_long_rows_is_refused_in_bounded_memory(tmp_path):
    m = tmp_path / "m.sqlite"
    shutil.copy(DEFAULT_MODULE, m)
    con = sqlite3.connect(m)
    con.executemany("INSERT INTO meta VALUES (?, ?)", ((f"k{i}", "x" * 600) for i in range(85_000)))
    con.commit()
    con.close()
    assert m.stat().st_size < 64 * 2**20  # under the module size cap
    peak, code, err = _peak("module", "info", "--module", str(m))
    assert code != 0 and "Traceback" not in err, err[-400:]
    assert peak < LIMIT_MB, f"peak {peak} MB"


def test_an_exchange_file_of_dense_segments_is_refused_in_bounded_memory(tmp_path):
    from darkdec_qt.model.exchangefile import ExchangeFile, write_exchange

    body = '{"a":[' + ",".join(["[]"] * 83_000) + "]}"
    p = tmp_path / "x.ddx"
    write_exchange(ExchangeFile(meta={"game": "0" * 32}, rows=[]), p)
    con = sqlite3.connect(p)
    con.executemany("INSERT INTO segment VALUES (?, ?, ?)", ((i, body, "00") for i in range(600)))
    con.commit()
    con.close()
    peak, code, err = _peak("exchange", "--home", str(tmp_path / "home"), "open", str(p))
    assert code == 2 and "Traceback" not in err, err[-400:]
    assert peak < LIMIT_MB, f"peak {peak} MB"


def _report() -> None:  # pragma: no cover - run by hand: python -m tests.files.test_memory DIR
    """Peak memory of each input (for docs/file-safety.md)."""
    import tempfile

    from darkdec_qt import gamestore
    from darkdec_qt.game.selfplay import selfplay
    from darkdec_qt.model.load import load_module

    d = Path(tempfile.mkdtemp())
    base = d / "base.ddg"
    gamestore.save(selfplay(load_module(DEFAULT_MODULE), "herbstnebel", "1", 1), base)
    for name, make in GAME_INPUTS.items():
        f = d / "g.ddg"
        shutil.copy(base, f)
        make(f)
        peak, code, err = _peak("log", str(f))
        print(f"{name}: {f.stat().st_size // 2**20} MB file, peak {peak} MB, exit {code}: {err.strip()[:160]}")
        f.unlink()


if __name__ == "__main__":  # pragma: no cover
    _report()

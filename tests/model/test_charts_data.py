"""File-level checks of the reconstructed charts, calendar, markers, scenarios and errata.

Pure csv/tomllib: no engine, no database. Rule numbers refer to the rulebook.
"""

from __future__ import annotations

import csv
import datetime
import re
import tomllib
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parents[2] / "data"
CHARTS = DATA / "charts"
ODDS = ["1:3", "1:2", "1:1", "2:1", "3:1", "4:1", "5:1", "6:1", "7:1", "8:1", "9:1"]
RESULT = re.compile(r"^(-|CA|FF|D[1-7]|D[3-7]/A1|D7\[1\]|A[1-3]|A[1-3]\[[1-3]\])$")


def read_csv(path: Path) -> list[dict[str, str]]:
    with path.open(newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def severity(code: str) -> float:
    """Attacker's view: higher is better for the attacker.

    A3[n] < ... < A1[1] < A3 < A2 < CA < A1 < - < FF < D1 < D2 < D3/A1 < D3 < ... < D7 < D7[1].
    """
    if code == "-":
        return 0.0
    if code == "FF":
        return 0.5
    if code == "CA":
        return -1.5
    m = re.fullmatch(r"D([1-7])(/A1|\[1\])?", code)
    if m:
        base = 2 * int(m[1])
        return base - 1 if m[2] == "/A1" else base + 1 if m[2] else base
    m = re.fullmatch(r"A([1-3])(?:\[([1-3])\])?", code)
    assert m, code
    level, bracket = int(m[1]), int(m[2] or 0)
    return -(4 * bracket + level) if bracket else -level


@pytest.fixture(scope="module")
def crt() -> dict[int, dict[str, str]]:
    return {int(r["row"]): {o: r[o] for o in ODDS} for r in read_csv(CHARTS / "crt.csv")}


@pytest.fixture(scope="module")
def dice() -> dict[tuple[str, int], int]:
    return {(r["column"], int(r["roll"])): int(r["row"]) for r in read_csv(CHARTS / "crt_dice.csv")}


@pytest.fixture(scope="module")
def calendar() -> list[dict[str, str]]:
    return read_csv(DATA / "calendar.csv")


# --- CRT ------------------------------------------------------------------------


def test_crt_columns_and_rows(crt):
    header = next(csv.reader((CHARTS / "crt.csv").open(encoding="utf-8")))
    assert header == ["row", *ODDS]
    assert sorted(crt) == list(range(1, len(crt) + 1))
    for row in crt.values():
        assert all(row[o] for o in ODDS)


def test_crt_result_grammar(crt):
    for row in crt.values():
        for code in row.values():
            assert RESULT.match(code), code


def test_crt_dice_covers_range(crt, dice):
    for column in ("normal", "tactical"):
        rolls = sorted(r for c, r in dice if c == column)
        assert rolls == list(range(rolls[0], rolls[-1] + 1))
        assert rolls[0] <= 0 and rolls[-1] >= 14  # attacker DRMs -2..-3, defender +1, clamp documented
    assert {c for c, _ in dice} == {"normal", "tactical"}
    assert {r for c, r in dice if c == "normal"} == {r for c, r in dice if c == "tactical"}
    assert set(dice.values()) <= set(crt)
    rows = read_csv(CHARTS / "crt_dice.csv")
    assert len(rows) == len({(r["column"], r["roll"]) for r in rows})  # each roll once per column


def test_crt_monotonic_in_odds(crt):
    for n, row in crt.items():
        scores = [severity(row[o]) for o in ODDS]
        assert scores == sorted(scores), f"row {n}: {[row[o] for o in ODDS]}"


def test_crt_rows_worsen_with_roll(crt, dice):
    for column in ("normal", "tactical"):
        rolls = sorted(r for c, r in dice if c == column)
        for odds in ODDS:
            scores = [severity(crt[dice[(column, r)]][odds]) for r in rolls]
            assert scores == sorted(scores, reverse=True), (column, odds)


def test_tactical_never_worse(crt, dice):
    for (column, roll), _ in dice.items():
        if column != "tactical":
            continue
        for odds in ODDS:
            tac = severity(crt[dice[("tactical", roll)]][odds])
            nor = severity(crt[dice[("normal", roll)]][odds])
            assert tac >= nor, (roll, odds)


def test_crt_shape(crt, dice):
    """Design targets from the brief, on an unmodified 2d6 roll, normal column."""
    prob = {s: (6 - abs(s - 7)) / 36 for s in range(2, 13)}

    def p(odds, pred):
        return sum(pr for s, pr in prob.items() if pred(crt[dice[("normal", s)]][odds]))

    def assault(code):
        m = re.match(r"D([1-7])", code)
        return int(m[1]) if m else 0

    assert p("1:3", lambda c: c.startswith("A") or c == "CA") > 0.6
    assert p("3:1", lambda c: assault(c) >= 4) > 0.3  # a town (level 4) falls at 3:1 moderately often
    assert p("9:1", lambda c: assault(c) >= 6) > 0.6
    assert any(crt[r][o] == "CA" for r in crt for o in ODDS[:3])
    assert any(crt[r][o] == "FF" for r in crt for o in ("1:1", "2:1"))


# --- TEC --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def tec() -> dict[str, dict[str, str]]:
    return {r["feature"]: r for r in read_csv(CHARTS / "tec.csv")}


def test_tec_features(tec):
    for f in (
        "clear",
        "rough",
        "woods",
        "dense_forest",
        "marsh",
        "town",
        "westwall",
        "fortification",
        "road_march",
        "river_major",
        "river_minor",
        "bridge",
        "ford",
    ):
        assert f in tec, f
    assert tec["dense_forest"]["motorized"] == tec["dense_forest"]["infantry"] == "4"  # 21.0A: 3 in freeze
    assert tec["woods"]["infantry"] == "3"  # 10.4.4A example
    assert tec["town"]["defense"] == "4"  # 13.3.1A
    assert tec["fortification"]["defense"] == "4"  # 17.1
    assert tec["road_march"]["motorized"] == tec["road_march"]["infantry"] == "1"  # 10.5.1 errata
    assert tec["strategic_motorized"]["motorized"] == "3"  # 1/3 MP (10.4.2B)
    assert tec["strategic_infantry_german"]["infantry"] == "2"
    assert tec["strategic_infantry_allied"]["infantry"] == "5"  # 10.4.2C
    for r in tec.values():
        if r["defense"]:
            assert 0 <= int(r["defense"]) <= 7  # 13.3.1E
        assert r["additive"] in ("0", "1")


def test_tec_strategic_example(tec):
    """10.4.4A: a 3-4-5 Allied infantry unit (25 strategic MP) can do the example move."""
    cost = int(tec["dense_forest"]["infantry"]) + int(tec["woods"]["infantry"])
    cost += 15 / int(tec["strategic_infantry_allied"]["infantry"]) + int(tec["woods"]["infantry"])
    assert cost <= 25


# --- small tables ---------------------------------------------------------------


def test_infiltration_exact():
    rows = {r["turn"]: int(r["success_max"]) for r in read_csv(CHARTS / "infiltration.csv")}
    assert rows == {"16DecAM": 3, "16DecPM": 3, "17DecAM": 3, "17DecPM": 2, "18DecAM": 2, "18DecPM": 1}


def test_air_drm_exact():
    rows = {r["condition"]: int(r["drm"]) for r in read_csv(CHARTS / "air_drm.csv")}
    assert rows == {
        "strategic_movement": -1,
        "infantry_type": 1,
        "not_strategic_movement": 1,
        "town_fortification_woods_dense_forest_westwall": 1,
        "cap": 1,
    }


@pytest.mark.parametrize("name", ["fuel_depletion.csv", "paradrop.csv", "weather.csv"])
def test_die_tables(name):
    rows = read_csv(CHARTS / name)
    assert [int(r["roll"]) for r in rows] == [1, 2, 3, 4, 5, 6]
    assert all(r["result"] for r in rows)


def test_charts_toml():
    meta = tomllib.loads((CHARTS / "charts.toml").read_text(encoding="utf-8"))
    assert meta["reconstructed"] is True and meta["basis"].strip()


# --- calendar -------------------------------------------------------------------


def test_calendar(calendar):
    assert calendar[0]["code"] == "16DecAM" and calendar[-1]["code"] == "31JanPM"
    day = datetime.date(1944, 12, 16)
    for i, t in enumerate(calendar):
        assert int(t["turn"]) == i + 1
        d = day + datetime.timedelta(days=i // 2)
        ap = "AM" if i % 2 == 0 else "PM"
        assert t["date"] == d.isoformat() and t["ampm"] == ap
        assert t["code"] == f"{d.day}{'Dec' if d.month == 12 else 'Jan'}{ap}"
        key = (d, ap)
        clear = (datetime.date(1944, 12, 23), "AM") <= key <= (datetime.date(1944, 12, 27), "AM")
        assert t["weather"] == ("clear" if clear else "overcast"), t["code"]  # 20.0
        if d < datetime.date(1944, 12, 24):
            ground = "normal"
        elif d <= datetime.date(1944, 12, 28):
            ground = "freeze"  # 21.0
        else:
            ground = "snow"  # 22.0
        assert t["ground"] == ground, t["code"]
        assert t["basis"]


# --- markers ----------------------------------------------------------------------


def test_markers():
    rows = read_csv(DATA / "markers.csv")
    kinds = [r["kind"] for r in rows]
    assert len(kinds) == len(set(kinds))
    by = {r["kind"]: r for r in rows}
    assert by["german_bridge"]["limit"] == "7"  # 16.2.4C
    assert by["reserve_german"]["limit"] == by["reserve_allied"]["limit"] == "10"  # 14.5D
    for r in rows:
        assert r["side"] in ("German", "Allied", "both")
        assert r["limit"] == "" or int(r["limit"]) > 0


# --- scenarios and errata -------------------------------------------------------


def test_scenarios(calendar):
    codes = [t["code"] for t in calendar]
    data = tomllib.loads((DATA / "scenarios.toml").read_text(encoding="utf-8"))
    scen = {s["id"]: s for s in data["scenario"]}
    assert set(scen) == {"campaign", "extended", "herbstnebel", "turning_point", "final_fury", "reduction"}
    for s in scen.values():
        assert codes.index(s["first_turn"]) <= codes.index(s["last_turn"])
        assert set(s["replacements"]) == {
            "Allied/infantry",
            "Allied/motorized",
            "German/infantry",
            "German/motorized",
        }
        assert s["victory"]
        assert all(re.fullmatch(r"26\.\d+", v) for v in s["variants"])
        assert isinstance(s.get("setup", []), list)
    assert scen["campaign"]["first_turn"] == scen["herbstnebel"]["first_turn"] == "16DecAM"
    length = {k: codes.index(s["last_turn"]) - codes.index(s["first_turn"]) for k, s in scen.items()}
    assert min(length, key=length.get) == "herbstnebel"  # 6.0C: the shortest


def test_errata():
    data = tomllib.loads((DATA / "errata.toml").read_text(encoding="utf-8"))
    ids = [e["id"] for e in data["erratum"]]
    assert ids == [f"4.1.2{c}" for c in "ABCD"] + [f"4.2.2{c}" for c in "ABCDEFG"]
    for e in data["erratum"]:
        assert e["applied"] is True and e["text"] and e["edits"]

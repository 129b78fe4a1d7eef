"""CSV-level checks of data/units.csv against the rulebook facts (no database needed).

See docs/data-format.md for the format and docs/provenance-units.md for the reasoning.
"""

from __future__ import annotations

import csv
import re
from collections import Counter, defaultdict
from pathlib import Path

import pytest

UNITS_CSV = Path(__file__).resolve().parents[2] / "data" / "units.csv"

HEADER = (
    "id,side,nationality,division,type,size,fa,fd,fm,ra,rd,rm,setup,fortified,arrival,entry,"
    "star,restricted,conditional,optional,attack_option,defense_option,reconstructed,basis"
).split(",")
NATIONALITIES = {"US", "British", "French", "Wehrmacht", "SS", "Luftwaffe"}
TYPES = {
    "armor",
    "armored_infantry",
    "armored_cavalry",
    "infantry",
    "volksgrenadier",
    "parachute",
    "glider",
    "engineer",
    "leader",
}
ALLIED_ENTRY = set("ABCDEFGHJKLMN")
GERMAN_ENTRY = set("PQRS")
SOUTH_ENTRY = set("KLMN")
WEST_ENTRY = set("FGHJ")
TURN_RE = re.compile(r"^(\d{1,2})(Dec|Jan)(AM|PM)$")
HEX_RE = re.compile(r"^(\d\d)(\d\d)$")


@pytest.fixture(scope="module")
def rows() -> list[dict[str, str]]:
    with UNITS_CSV.open(encoding="utf-8", newline="") as f:
        reader = csv.DictReader(f)
        assert reader.fieldnames == HEADER
        return list(reader)


@pytest.fixture(scope="module")
def by_id(rows) -> dict[str, dict[str, str]]:
    return {r["id"]: r for r in rows}


def _turn_index(code: str) -> int:
    m = TURN_RE.match(code)
    assert m, code
    day, month, ampm = int(m[1]), m[2], m[3]
    days = day - 16 if month == "Dec" else day + 15  # 16 Dec = 0, 1 Jan = 16
    return days * 2 + (1 if ampm == "PM" else 0)


def _division_units(rows, div: str) -> list[dict[str, str]]:
    return [r for r in rows if r["division"] == div]


def _flag(r, name) -> bool:
    return r[name] == "1"


# --- general format ---------------------------------------------------------------


def test_ids_unique_and_vocabularies(rows):
    ids = [r["id"] for r in rows]
    assert len(ids) == len(set(ids)), [i for i, n in Counter(ids).items() if n > 1]
    for r in rows:
        assert r["side"] in {"German", "Allied"}, r["id"]
        assert r["nationality"] in NATIONALITIES, r["id"]
        assert r["type"] in TYPES, r["id"]
        if r["type"] == "leader":
            assert r["size"] == "", r["id"]
        else:
            assert r["size"] in {"III", "X"}, r["id"]
        german_nat = r["nationality"] in {"Wehrmacht", "SS", "Luftwaffe"}
        assert german_nat == (r["side"] == "German"), r["id"]
        for flag in ("fortified", "star", "restricted", "conditional", "optional"):
            assert r[flag] in {"0", "1", ""}, (r["id"], flag)
        assert r["reconstructed"] == "1", r["id"]
        assert r["basis"].strip(), r["id"]


def test_strengths_and_reduced_sides(rows):
    for r in rows:
        fa, fd, fm = int(r["fa"]), int(r["fd"]), int(r["fm"])
        assert fm > 0, r["id"]
        reduced = (r["ra"], r["rd"], r["rm"])
        if r["type"] == "leader":
            assert (fa, fd) == (0, 0) and reduced == ("", "", ""), r["id"]
            continue
        assert all(v == "" for v in reduced) or all(v != "" for v in reduced), r["id"]
        if reduced[0] != "":
            ra, rd, rm = map(int, reduced)
            # a 0-1 unit halves to 0-1 (rounded up): its back side is a second step (errata 4.2.2C)
            assert ra <= fa and rd <= fd and ((ra, rd) != (fa, fd) or (fa, fd) == (0, 1)), r["id"]
            assert rm == fm, r["id"]


def test_every_unit_has_setup_or_arrival(rows):
    for r in rows:
        assert bool(r["setup"]) != bool(r["arrival"]), r["id"]
        if r["arrival"]:
            i = _turn_index(r["arrival"])
            assert 0 <= i <= _turn_index("31JanPM"), r["id"]


# --- rulebook-named units -----------------------------------------------------------

RULEBOOK_NAMED = [
    # 14.6A historical reserve
    "316/212",
    "987/276",
    "914/352",
    "13/5FJ",
    "130/Lehr",
    "16/116Pz",
    "3/2Pz",
    "164/62",
    "Peiper/1SS",
    "89/12",
    "12/12SS",
    # 26.4, 26.6
    "2/9",
    "2/23",
    "2/38",
    "99/393",
    "99/394",
    "99/395",
    # 16.2.1C "5/15th Parachute Infantry", "212/423rd Infantry": ids follow the 14.6 regiment/division order
    "15/5FJ",
    "423/212",
    # 10.8C, 12.4; 19.0; 4.2.2
    "150Pz",
    "vdHeydte",
    "354",
    "1107",
    "158/53",
    "160/53",
    "FR LT",
    # 23.0E German conditional, 26.19 regiment numbers of the 9th SS
    "10/10SS",
    "21/10SS",
    "22/10SS",
    "37/17SS",
    "38/17SS",
    "15/11Pz",
    "110/11Pz",
    "111/11Pz",
    "19/9SS",
    "9/9SS",
    "20/9SS",
    # 13.8.5A, 26.19
    "FBB",
    "FGB",
    # 23.0B
    "5Arm/CCA",
    "5Arm/CCB",
    "5Arm/CCR",
    "33Arm",
    # 10.9.1C
    "29Arm",
]

RULEBOOK_DIVISIONS = [
    # 26.3, 26.8B/C, 26.12, 10.8B, 10.9.2, 13.8.5, 23.0B/E/F, 26.17, 26.18, 10.8C, 28.1
    "4Arm",
    "10Arm",
    "5",
    "26",
    "80",
    "1",
    "9",
    "83",
    "2Arm",
    "35",
    "84",
    "11Arm",
    "17",
    "246VG",
    "167VG",
    "9VG",
    "9SS",
    "15PzG",
    "3PzG",
    "17SS",
    "11Pz",
    "10SS",
    "Gds",
    "82",
    "101",
    "43",
    "HG",
    "3SS",
    "66",
    "2SS",
    "9Pz",
    "18VG",
    "116Pz",
    "12SS",
    "2Pz",
    "1SS",
    "28",
    "106",
    "4",
]


@pytest.mark.parametrize("uid", RULEBOOK_NAMED)
def test_rulebook_named_unit_exists(by_id, uid):
    assert uid in by_id


@pytest.mark.parametrize("div", RULEBOOK_DIVISIONS)
def test_rulebook_named_division_exists(rows, div):
    assert _division_units(rows, div), div


def test_14_6_reserve_units_are_german_at_start(by_id):
    for uid in RULEBOOK_NAMED[:11]:
        r = by_id[uid]
        assert r["side"] == "German" and r["setup"] in {"5PZA", "6PZA", "7A"}, uid


def test_16_2_1c_bridge_builders(by_id):
    assert by_id["15/5FJ"]["type"] == "parachute" and by_id["15/5FJ"]["division"] == "5FJ"
    assert by_id["423/212"]["division"] == "212VG"


def test_von_der_heydte_is_the_only_air_droppable_unit(rows, by_id):
    r = by_id["vdHeydte"]
    assert (r["nationality"], r["type"], r["arrival"], r["entry"]) == (
        "Luftwaffe",
        "parachute",
        "17DecAM",
        "drop",
    )
    dropped = [x["id"] for x in rows if "drop" in x["entry"].split()]
    assert dropped == ["vdHeydte"]  # 19.2D: no other parachute unit may be air dropped
    assert all(x["entry"] for x in rows if x["arrival"])


# --- errata 4.2.2 ---------------------------------------------------------------------


def test_erratum_a_66th_division(rows):
    units = _division_units(rows, "66")
    assert len(units) == 3
    for r in units:
        assert _flag(r, "optional") and not _flag(r, "conditional")
        assert r["arrival"] == "24DecAM"
        codes = set(r["entry"].split())
        assert codes and codes <= WEST_ENTRY


def test_errata_b_e_354th_engineers(by_id):
    r = by_id["354"]
    assert (r["side"], r["nationality"], r["type"]) == ("Allied", "US", "engineer")
    assert (r["fa"], r["fd"], r["fm"]) == ("0", "1", "3")
    assert r["arrival"] == "20DecAM"


def test_erratum_c_1107th_has_no_reduced_side(by_id):
    r = by_id["1107"]
    assert r["type"] == "engineer"
    assert (r["ra"], r["rd"], r["rm"]) == ("", "", "")


def test_erratum_d_middleton_3022(by_id):
    assert by_id["Middleton"]["setup"] == "3022"


def test_erratum_f_welsh_brigades_stay_infantry(by_id):
    for uid in ("158/53", "160/53"):
        r = by_id[uid]
        assert r["nationality"] == "British" and r["type"] == "infantry"
        assert r["ra"] != ""  # they do have a reduced side; it stays infantry


def test_erratum_g_french_restricted(rows, by_id):
    assert _flag(by_id["FR LT"], "restricted")
    assert by_id["FR LT"]["nationality"] == "French"
    assert [r["id"] for r in rows if r["nationality"] == "French"] == ["FR LT"]


# --- divisions (13.8.5) -----------------------------------------------------------------

SPECIAL_SIZES = {"FBB": 1, "3PzG": 2, "15PzG": 2, "17SS": 2, "Gds": 2, "82": 4, "101": 4}


def test_13_8_5_division_sizes(rows):
    sizes = Counter(r["division"] for r in rows if r["division"])
    for div, n in SPECIAL_SIZES.items():
        assert sizes[div] == n, div
    others = {d: n for d, n in sizes.items() if d not in SPECIAL_SIZES and n != 3}
    assert others == {}, others


def test_independent_units_and_leaders_have_no_division(by_id, rows):
    for uid in ("150Pz", "FGB", "vdHeydte", "29Arm", "33Arm", "14Cav", "1107", "354", "FR LT"):
        assert by_id[uid]["division"] == "", uid
    assert all(r["division"] == "" for r in rows if r["type"] == "leader")


# --- infantry regiment scale (10.4.4A example) ------------------------------------------


def test_us_infantry_regiments_are_3_4_5(rows):
    us_inf = [r for r in rows if r["nationality"] == "US" and r["type"] == "infantry"]
    assert len(us_inf) > 40
    for r in us_inf:
        assert (r["fa"], r["fd"], r["fm"]) == ("3", "4", "5"), r["id"]


# --- leaders (15.0) ---------------------------------------------------------------------


def test_exactly_eight_leaders(rows, by_id):
    leaders = [r for r in rows if r["type"] == "leader"]
    assert len(leaders) == 8
    for r in leaders:
        assert int(r["attack_option"]) >= 0 and int(r["defense_option"]) >= 0, r["id"]
    for uid in ("Manteuffel", "Dietrich", "Patton", "Middleton", "Hodges"):
        assert by_id[uid]["type"] == "leader"
    # 15.1B: only Patton and Manteuffel add the attack option to strength; they have the largest
    top = max(int(r["attack_option"]) for r in leaders)
    assert {r["id"] for r in leaders if int(r["attack_option"]) == top} == {"Patton", "Manteuffel"}
    assert by_id["Hodges"]["setup"] == "3304"  # Spa (15.7B)
    assert by_id["Dietrich"]["setup"] == "6PZA" and by_id["Manteuffel"]["setup"] == "5PZA"
    assert sum(1 for r in leaders if r["nationality"] == "British") == 1


# --- setup codes -------------------------------------------------------------------------


def test_german_at_start_units_use_army_codes(rows):
    for r in rows:
        if r["side"] == "German" and r["setup"]:
            assert r["setup"] in {"5PZA", "6PZA", "7A"}, r["id"]
            assert r["fortified"] in {"0", ""}, r["id"]


def test_allied_setup_hexes_valid(rows):
    n = 0
    for r in rows:
        if r["side"] == "Allied" and r["setup"]:
            m = HEX_RE.match(r["setup"])
            assert m, r["id"]
            col, row = int(m[1]), int(m[2])
            assert 1 <= col <= 58 and 1 <= row <= 33, r["id"]
            n += 1
    assert n >= 20


def test_fortified_only_on_allied_at_start(rows):
    fort = [r for r in rows if _flag(r, "fortified")]
    assert fort
    for r in fort:
        assert r["side"] == "Allied" and HEX_RE.match(r["setup"]), r["id"]


# --- reinforcements ---------------------------------------------------------------------


def test_entry_codes_by_side(rows):
    for r in rows:
        codes = set(r["entry"].split())
        if r["setup"]:
            assert not codes, r["id"]
            continue
        allowed = GERMAN_ENTRY if r["side"] == "German" else ALLIED_ENTRY
        if r["id"] == "vdHeydte":  # 19.0: arrives by parachute drop, not through an edge
            assert codes == {"drop"}
            continue
        assert codes <= allowed, r["id"]
        assert codes, r["id"]


def test_star_only_on_allied_reinforcements(rows):
    starred = [r for r in rows if _flag(r, "star")]
    assert starred
    for r in starred:
        assert r["side"] == "Allied" and r["arrival"], r["id"]


def test_26_19_normal_arrivals(by_id, rows):
    assert by_id["FBB"]["arrival"] == "19DecAM"
    assert by_id["19/9SS"]["arrival"] == "19DecPM"
    assert by_id["9/9SS"]["arrival"] == by_id["20/9SS"]["arrival"] == "20DecPM"
    assert by_id["FGB"]["arrival"] == "22DecPM"
    for div, turn in (("2SS", "20DecPM"), ("9Pz", "23DecPM"), ("3PzG", "19DecPM"), ("15PzG", "23DecPM")):
        assert {r["arrival"] for r in _division_units(rows, div)} == {turn}, div


def test_26_3_patton_divisions_enter_on_south_edge(rows):
    for div in ("4Arm", "10Arm", "5", "26", "80"):
        for r in _division_units(rows, div):
            codes = set(r["entry"].split())
            assert codes and codes <= SOUTH_ENTRY, r["id"]


def test_26_16_optional_german_divisions(rows):
    for div in ("HG", "3SS"):
        units = _division_units(rows, div)
        assert len(units) == 3
        for r in units:
            assert _flag(r, "optional") and not _flag(r, "conditional") and r["arrival"] == "17DecAM"
    assert all(r["nationality"] == "Luftwaffe" for r in _division_units(rows, "HG"))


def test_conditional_forces(rows):
    cond = defaultdict(set)
    for r in rows:
        if _flag(r, "conditional"):
            cond[r["side"]].add(r["division"] or r["id"])
            assert r["arrival"], r["id"]
    assert cond["German"] == {"10SS", "17SS", "11Pz"}
    assert cond["Allied"] == {"5Arm", "43", "33Arm"}


def test_restricted_units(rows, by_id):
    for r in rows:
        if r["side"] == "Allied" and r["nationality"] in {"British", "French"}:
            assert _flag(r, "restricted"), r["id"]
        if r["nationality"] == "US" and r["type"] == "engineer" and r["arrival"]:
            assert _flag(r, "restricted"), r["id"]
        if r["division"] in {"11Arm", "17"}:
            assert _flag(r, "restricted"), r["id"]
        if r["side"] == "German":
            assert not _flag(r, "restricted"), r["id"]
        if r["setup"]:
            assert not _flag(r, "restricted"), r["id"]


def test_historical_withdrawals_named(by_id, rows):
    assert len(_division_units(rows, "10Arm")) == 3  # 10.8B
    assert by_id["150Pz"]["setup"] == "6PZA"  # 10.8C
    assert _division_units(rows, "18VG")  # 10.8C relieves 150th


def test_campaign_covers_january(rows):
    assert any(r["arrival"].endswith(("JanAM", "JanPM")) for r in rows)

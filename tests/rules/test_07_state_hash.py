"""The state hash that game files record after each command and that replays must reach (the
game file's promise, docs/file-safety.md): SHA-256 of the state's canonical JSON, in which the
module is its content hash, sets are sorted, keys that are not text are JSON, the phase is its
number and a battle in progress is its own dictionary."""

from __future__ import annotations

import hashlib
import json

from darkdec_qt.rules.combat.battle_state import BattleState
from darkdec_qt.rules.core.phases import Phase
from tests.rules.builder import ScenarioBuilder


def _state():
    b = ScenarioBuilder(cols=6, rows=6)
    b.unit("1/A", "Allied", "infantry", (3, 4, 5), at="0303")
    b.unit("2/G", "German", "infantry", (4, 4, 5), at="0304")
    return b.state(turn="17DecAM", side="German", phase=Phase.COMBAT)


def test_the_canonical_form_names_the_module_sorts_sets_and_writes_keys_as_json():
    st = _state()
    st.reserve = {"2/G", "1/A"}
    st.blown = {("0303", "0304")}
    st.weather = {3: "snow", 1: "clear"}
    st.bridges_started = {("0302", "0303"): "1/A"}
    st.battle = BattleState(id=4, attacker_side="German", attackers=("2/G",), defenders=("1/A",))
    canon = st.canonical()
    assert canon["module"] == st.module.meta.content_hash and isinstance(canon["module"], str)
    assert canon["reserve"] == ["1/A", "2/G"]
    assert canon["blown"] == ['["0303", "0304"]']
    assert canon["weather"] == [["1", "clear"], ["3", "snow"]]
    assert canon["bridges_started"] == [['["0302", "0303"]', "1/A"]]
    assert canon["pos"] == [["1/A", "0303"], ["2/G", "0304"]]
    assert canon["phase"] == Phase.COMBAT.value and not isinstance(canon["phase"], Phase)
    assert canon["battle"] == st.battle.to_dict()
    assert canon["seed"] == st.seed and canon["turn"] == st.turn
    assert canon["optional"] == [] and canon["eliminated"] == []


def test_the_state_hash_is_sha256_of_the_sorted_compact_canonical_json():
    st = _state()
    st.reserve = {"2/G"}
    st.battle = BattleState(id=1, attacker_side="German", attackers=("2/G",), defenders=("1/A",))
    blob = json.dumps(st.canonical(), sort_keys=True, separators=(",", ":"), default=list)
    assert st.state_hash() == hashlib.sha256(blob.encode()).hexdigest()
    assert '"reserve":["2/G"]' in blob  # compact, keys in order
    before = st.state_hash()
    st.reserve.add("1/A")
    assert st.state_hash() != before
    st.reserve.discard("1/A")
    assert st.state_hash() == before


def test_a_turn_code_the_calendar_lacks_is_never_reached():
    st = _state()
    assert st.turn_number("20DecAM") == 9 and st.turn_number("16DecAM") == 1
    assert st.turn_number("31FebAM") == 10**6
    assert st.turn_number("31FebAM", 14) == 14

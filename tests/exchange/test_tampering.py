"""File exchange: every kind of tampering is refused, naming the first bad item, and the local
game is left as it was (docs/file-exchange.md: a forged, replayed or forked move is refused)."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from darkdec_qt.exchangestore import PlayerHome
from darkdec_qt.game.exchange import ExchangeError
from darkdec_qt.game.exchange.scripted import play_until_send
from darkdec_qt.game.exchange.signing import Signed, fingerprint, public_hex, sign
from darkdec_qt.model.exchangefile import ExchangeFile, read_exchange, write_exchange
from darkdec_qt.model.load import DEFAULT_MODULE
from darkdec_qt.rules import engine
from darkdec_qt.rules.core.commands import Command
from darkdec_qt.rules.core.errors import IllegalAction
from tests.exchange.helpers import Duel


def _resolves_a_die(body: dict) -> bool:
    return any(x["by"] == "resolve" and any(e["kind"] == "die_rolled" for e in x["events"]) for x in body["batches"])


def _argued(body: dict) -> int | None:
    """The first command of the player's own with arguments a tamperer could change."""
    for i, x in enumerate(body["batches"]):
        if x["by"] == "self" and {"path", "hex", "attackers", "units"} & set(x["command"]):
            return i
    return None


@pytest.fixture(scope="module")
def scene(tmp_path_factory):
    """A game by files up to a German file (not yet opened by the Allied player) that resolves a
    die; with snapshots of the Allied home before each German file and of the German home before
    its last hop."""
    root = tmp_path_factory.mktemp("duel")
    duel = Duel(root, seed=3)
    duel.snaps = {}
    duel.german_snaps = {}
    duel.argued = None
    for _ in range(120):
        side = duel.receiver
        snap = root / f"snap-{side}-{len(duel.files) - 1}"
        if duel.homes[side].root.exists():
            shutil.copytree(duel.homes[side].root, snap)
        if side == "Allied":
            duel.snaps[len(duel.files) - 1] = snap
        else:
            duel.german_snaps[len(duel.files) - 1] = snap
        s = duel.step()
        assert s is not None
        if duel.receiver == "Allied":
            body = s.xg.bodies[-1]
            if _argued(body) is not None:
                duel.argued = len(duel.files) - 1
            if _resolves_a_die(body) and duel.argued is not None:
                snap = root / f"snap-Allied-{len(duel.files) - 1}"
                shutil.copytree(duel.homes["Allied"].root, snap)
                duel.snaps[len(duel.files) - 1] = snap
                return duel
    raise AssertionError("no German segment resolving a die")


def _allied_copy(scene, tmp_path: Path, name: str = "allied") -> PlayerHome:  # noqa: ANN001
    dst = tmp_path / name
    shutil.copytree(scene.homes["Allied"].root, dst)
    return PlayerHome(dst)


def _fresh_allied(scene, tmp_path: Path) -> PlayerHome:  # noqa: ANN001
    """The Allied player's identity without the game (as before the invitation)."""
    home = _allied_copy(scene, tmp_path, "fresh")
    shutil.rmtree(home.root / "games")
    return home


def _rewrite(src: Path, dst: Path, rows=None, module=...) -> Path:  # noqa: ANN001
    f = read_exchange(src)
    write_exchange(ExchangeFile(f.meta, f.rows if rows is None else rows,
                                f.module_bytes if module is ... else module), dst)
    return dst


def _last_body(scene) -> tuple[list, dict]:  # noqa: ANN001
    rows = read_exchange(scene.files[-1]).rows
    return rows, json.loads(rows[-1][1])


def _with_body(rows: list, body: dict, key: Ed25519PrivateKey | None) -> list:
    s = sign(body, key) if key is not None else Signed(json.dumps(body, sort_keys=True, separators=(",", ":")),
                                                       rows[-1][2])
    return rows[:-1] + [(rows[-1][0], s.raw, s.sig)]


def _refused(home: PlayerHome, path: Path, game_id: str | None) -> ExchangeError:
    """Open ``path``; it must be refused and leave the local game unchanged."""
    local = home.root / "games" / game_id / "local.ddx" if game_id else None
    before = local.read_bytes() if local is not None and local.exists() else None
    hash_before = home.load(game_id).xg.game.state.state_hash() if before is not None else None
    with pytest.raises(ExchangeError) as info:
        home.open_file(path)
    if before is not None:
        assert local.read_bytes() == before
        assert home.load(game_id).xg.game.state.state_hash() == hash_before
    return info.value


def test_the_untouched_file_opens(scene, tmp_path):
    home = _allied_copy(scene, tmp_path)
    r = home.open_file(scene.files[-1])
    assert r.new_segments == [len(scene.session("German").xg.segments) - 1]


def test_a_die_value_changed_by_its_author_is_refused_naming_segment_command_and_event(scene, tmp_path):
    rows, body = _last_body(scene)
    seq = body["seq"]
    b = next(x for x in body["batches"] if x["by"] == "resolve")
    k = next(i for i, e in enumerate(b["events"]) if e["kind"] == "die_rolled")
    b["events"][k]["value"] = b["events"][k]["value"] % 6 + 1
    german_key = scene.homes["German"].key()
    bad = _rewrite(scene.files[-1], tmp_path / "die.ddx", _with_body(rows, body, german_key))
    err = _refused(_allied_copy(scene, tmp_path), bad, scene.game_id)
    assert err.segment == seq and err.kind == "tampered"
    assert f"segment {seq}, command 0" in str(err) and f"event {k}: does not reproduce" in str(err)


def test_a_die_value_changed_by_anyone_else_breaks_the_signature(scene, tmp_path):
    rows, body = _last_body(scene)
    b = next(x for x in body["batches"] if x["by"] == "resolve")
    e = next(e for e in b["events"] if e["kind"] == "die_rolled")
    e["value"] = e["value"] % 6 + 1
    bad = _rewrite(scene.files[-1], tmp_path / "die2.ddx", _with_body(rows, body, None))
    err = _refused(_allied_copy(scene, tmp_path), bad, scene.game_id)
    assert err.segment == body["seq"] and "signature does not verify" in str(err)


def test_a_command_argument_changed_by_its_author_is_refused(scene, tmp_path):
    k = scene.argued
    rows = read_exchange(scene.files[k]).rows
    body = json.loads(rows[-1][1])
    i = _argued(body)
    cmd = body["batches"][i]["command"]
    if "path" in cmd:
        cmd["path"] = cmd["path"][:1] + ["0101"]  # a destination the unit cannot reach
    elif "hex" in cmd:
        cmd["hex"] = "0101"
    else:
        cmd["attackers" if "attackers" in cmd else "units"] = ["no-such-unit"]
    bad = _rewrite(scene.files[k], tmp_path / "arg.ddx", _with_body(rows, body, scene.homes["German"].key()))
    home = PlayerHome(tmp_path / "allied")
    shutil.copytree(scene.snaps[k], home.root)
    err = _refused(home, bad, scene.game_id)
    assert err.segment == body["seq"] and f"segment {body['seq']}, command {i} ({cmd['kind']})" in str(err)


def test_a_changed_secret_does_not_open_the_commitment(scene, tmp_path):
    rows, body = _last_body(scene)
    body["reveal"] = f"{random.Random(1).getrandbits(256):064x}"
    bad = _rewrite(scene.files[-1], tmp_path / "secret.ddx", _with_body(rows, body, scene.homes["German"].key()))
    err = _refused(_allied_copy(scene, tmp_path), bad, scene.game_id)
    assert err.segment == body["seq"] and "does not open the commitment" in str(err)


def test_a_segment_signed_by_a_foreign_key_is_refused_naming_the_key(scene, tmp_path):
    rows, body = _last_body(scene)
    intruder = Ed25519PrivateKey.generate()
    body["key"] = public_hex(intruder)
    bad = _rewrite(scene.files[-1], tmp_path / "foreign.ddx", _with_body(rows, body, intruder))
    err = _refused(_allied_copy(scene, tmp_path), bad, scene.game_id)
    assert err.kind == "forged" and err.segment == body["seq"]
    assert fingerprint(public_hex(intruder)) in str(err)


def test_an_appended_segment_is_refused(scene, tmp_path):
    rows, body = _last_body(scene)
    extra = dict(body, seq=body["seq"] + 1, prev=Signed(rows[-1][1], rows[-1][2]).digest)
    s = sign(extra, scene.homes["German"].key())  # a second German segment in a row
    bad = _rewrite(scene.files[-1], tmp_path / "appended.ddx", rows + [(extra["seq"], s.raw, s.sig)])
    err = _refused(_allied_copy(scene, tmp_path), bad, scene.game_id)
    assert err.segment == extra["seq"] and "the Allied player writes it" in str(err)


def _full_rows(scene) -> list:  # noqa: ANN001
    g = scene.session("German").xg
    return [(i, s.raw, s.sig) for i, s in enumerate(g.segments)]


def test_a_deleted_segment_is_refused_naming_it(scene, tmp_path):
    rows = _full_rows(scene)
    del rows[3]
    bad = _rewrite(scene.files[0], tmp_path / "deleted.ddx", rows)
    err = _refused(_fresh_allied(scene, tmp_path), bad, None)
    assert err.segment == 3 and "segment 3 is missing" in str(err)
    # and in a later file: the Allied player's home from two hops ago misses a segment, one the Allied
    # player itself sent since: the file's own record shows this copy is older than the last file sent
    home = PlayerHome(tmp_path / "old")
    shutil.copytree(scene.snaps[len(scene.files) - 3], home.root)
    held = len(home.load(scene.game_id).xg.segments)
    err = _refused(home, scene.files[-1], scene.game_id)
    assert err.kind == "restored" and err.segment == held + 1
    assert f"ends at segment {held - 1}, but you sent segment {held + 1}" in str(err)


def test_reordered_segments_are_refused(scene, tmp_path):
    rows = _full_rows(scene)
    rows[2], rows[3] = (2, rows[3][1], rows[3][2]), (3, rows[2][1], rows[2][2])
    bad = _rewrite(scene.files[0], tmp_path / "reordered.ddx", rows)
    err = _refused(_fresh_allied(scene, tmp_path), bad, None)
    assert err.segment == 2 and "found segment 3 in its place" in str(err)


def test_an_older_file_sent_again_is_refused_as_a_replay(scene, tmp_path):
    home = _allied_copy(scene, tmp_path)
    home.open_file(scene.files[-1])
    err = _refused(home, scene.files[-1], scene.game_id)
    assert err.kind == "replayed" and "older file" in str(err)
    err = _refused(home, scene.files[-3], scene.game_id)
    assert err.kind == "replayed"


def _fork(scene, k: int, where: Path) -> Path | None:  # noqa: ANN001
    """The German player's hop that wrote file ``k``, played again from the same moment with another
    legal command (another offered command, or the same with one option changed)."""
    body = json.loads(read_exchange(scene.files[k]).rows[-1][1])
    first = next((b["command"] for b in body["batches"] if b["by"] == "self"), None)
    if first is None:
        return None
    ghome = PlayerHome(where)
    shutil.copytree(scene.german_snaps[k - 1], ghome.root)
    s = ghome.open_file(scene.files[k - 1]).session
    variants = [dict(first, **{f: (not v if isinstance(v, bool) else [])}) for f, v in first.items()
                if isinstance(v, bool) or (isinstance(v, list) and v and f not in ("attackers", "defenders", "path"))]
    for cmd in [*engine.legal_commands(s.xg.state), *map(Command.from_dict, variants)]:
        if cmd.to_dict() != first:
            try:
                s.xg.play(cmd)
            except IllegalAction:
                continue
            play_until_send(s.xg, random.Random(1))
            return s.send(where / "out")
    return None


def test_a_fork_is_detected_as_equivocation_with_both_versions(scene, tmp_path):
    # the German player, from the moment before a file of its own, plays that hop again differently
    german_files = sorted(k for k in scene.snaps if k - 1 in scene.german_snaps)
    fork = k = None
    for k in reversed(german_files):
        fork = _fork(scene, k, tmp_path / f"german-again-{k}")
        if fork is not None:
            break
    assert fork is not None, "no German hop with another legal command"
    home = PlayerHome(tmp_path / "allied")
    shutil.copytree(scene.snaps[k], home.root)
    home.open_file(scene.files[k])
    err = _refused(home, fork, scene.game_id)
    seq = read_exchange(scene.files[k]).rows[-1][0]
    assert err.kind == "equivocation" and err.segment == seq and "German player signed two different versions" in str(err)
    assert err.versions is not None and err.versions[0] != err.versions[1]
    assert {json.loads(v)["seq"] for v in err.versions} == {seq}
    from darkdec_qt.game.exchange.errors import versions_text

    shown = versions_text(err)
    assert "the version you hold" in shown and "the version in this file" in shown
    # the same fork offered first, then the original: also equivocation
    home2 = PlayerHome(tmp_path / "allied2")
    shutil.copytree(scene.snaps[k], home2.root)
    home2.open_file(fork)
    assert _refused(home2, scene.files[k], scene.game_id).kind == "equivocation"


def test_a_file_of_another_game_is_refused(scene, tmp_path):
    other = Duel(tmp_path / "other", seed=8)
    other.step()
    home = _allied_copy(scene, tmp_path)
    err = _refused_expect(home, other.files[-1], scene.game_id)
    assert err.kind == "other_game" and other.game_id[:8] in str(err)
    # a segment of another game spliced into this game's file
    rows = read_exchange(scene.files[-1]).rows
    alien = read_exchange(other.files[-1]).rows[-1]
    bad = _rewrite(scene.files[-1], tmp_path / "spliced.ddx", rows[:-1] + [(rows[-1][0], alien[1], alien[2])])
    err = _refused(home, bad, scene.game_id)
    assert err.segment == rows[-1][0]


def _refused_expect(home: PlayerHome, path: Path, game_id: str) -> ExchangeError:
    with pytest.raises(ExchangeError) as info:
        home.open_file(path, expect=game_id)
    return info.value


def test_a_swapped_module_is_refused(scene, tmp_path):
    # a game set up on a module of its own (another content hash)...
    from darkdec_qt.model.database import read_database, write_database

    rows = read_database(DEFAULT_MODULE)
    rows["meta"] = [dict(r, value=r["value"] + " (house rules)") if r["key"] == "name" else r for r in rows["meta"]]
    custom = tmp_path / "custom.sqlite"
    custom_hash = write_database(rows, custom)
    ghome = PlayerHome(tmp_path / "g")
    s = ghome.new_game("German", "herbstnebel", module_path=custom)
    invitation = s.send(tmp_path / "out")
    # ...whose embedded copy is replaced by another module
    bad = _rewrite(invitation, tmp_path / "swapped.ddx", module=Path(DEFAULT_MODULE).read_bytes())
    err = _refused(PlayerHome(tmp_path / "a"), bad, None)
    assert err.segment == 0 and f"set up on module {custom_hash[:12]}" in str(err)
    # the untouched invitation opens once its module is accepted by hash (it is not the
    # bundled one), and the module is kept in the receiver's home
    r = PlayerHome(tmp_path / "a2").open_file(invitation, accept_module=custom_hash)
    assert (r.session.dir / "module.sqlite").exists()


def test_a_choice_of_the_opponent_given_by_the_mover_is_refused(scene, tmp_path):
    # 8.7.1A: the Allied player names the first division out of fuel; the German mover may not
    k = scene.argued
    rows = read_exchange(scene.files[k]).rows
    body = json.loads(rows[-1][1])
    i = next(i for i, b in enumerate(body["batches"]) if b["by"] == "self")
    fuel = {"by": "self", "command": {"kind": "choose_fuel_division", "division": "7Arm", "side": "Allied",
                                      "brigades": []}, "events": []}
    body["batches"].insert(i, fuel)
    bad = _rewrite(scene.files[k], tmp_path / "fuel.ddx", _with_body(rows, body, scene.homes["German"].key()))
    home = PlayerHome(tmp_path / "allied")
    shutil.copytree(scene.snaps[k], home.root)
    err = _refused(home, bad, scene.game_id)
    assert err.segment == body["seq"] and f"command {i}: the German player gave the Allied player's choice" in str(err)

"""File exchange: two independent player homes play Herbstnebel by exchanging files only."""

from __future__ import annotations

import statistics

import pytest

from darkdec_qt.game.exchange.signing import fingerprint
from darkdec_qt.model.exchangefile import read_exchange
from tests.exchange.helpers import play_by_files

ORDERS = ("default_declaration", "no_reaction", "prefer_retreat")


def _hash(duel, side):  # noqa: ANN001
    """The final state as the player's home holds it on disk (a fresh load, no in-process cache)."""
    from darkdec_qt.exchangestore import PlayerHome

    return PlayerHome(duel.homes[side].root).load(duel.game_id).xg.game.state.state_hash()


@pytest.mark.slow
def test_whole_herbstnebel_game_by_files_with_standing_orders_ends_in_the_same_state(tmp_path):
    # given two homes with their own data directories and keys
    duel = play_by_files(tmp_path, orders=ORDERS)
    g, a = duel.session("German"), duel.session("Allied")
    # then the game reached its end and both homes hold the same final state
    assert g.xg.game.state.game_over and a.xg.game.state.game_over
    assert _hash(duel, "German") == _hash(duel, "Allied")
    assert g.xg.game.state.turn == 6  # Herbstnebel: 16 Dec AM .. 18 Dec PM
    # the keys are distinct and each is bound to the game
    assert duel.homes["German"].fingerprint() != duel.homes["Allied"].fingerprint()
    assert fingerprint(g.xg.keys["Allied"]) == duel.homes["Allied"].fingerprint()
    # standing orders were used (decisions of the non-moving side taken without a hop)
    used = sum(1 for b in g.xg.bodies for x in b["batches"] if x["by"] == "orders")
    assert used > 0
    # and dice were rolled only through commit-reveal: resolving a pending command, or an automatic step of
    # the chain that follows a revealed secret (before any command given by hand in that segment)
    rolled = [(b, i, x) for b in g.xg.bodies for i, x in enumerate(b["batches"])
              if any(e["kind"] == "die_rolled" for e in x["events"])]
    assert rolled and any(x["by"] == "resolve" for _, _, x in rolled)
    for b, i, x in rolled:
        assert x["by"] == "resolve" or (b["reveal"] is not None and x["by"] in ("plan", "orders", "forced")
                                        and all(y["by"] != "self" for y in b["batches"][:i])), (b["seq"], i)
    sizes = duel.sizes()
    print(f"\nwith standing orders: {len(duel.files)} files, hops per turn {dict(sorted(duel.hops_per_turn.items()))}, "
          f"first file {sizes[0]} bytes (module embedded), later files max {max(sizes[1:])} bytes")
    # the first file embeds the module (compressed); later files do not, and are small
    assert read_exchange(duel.files[0]).module_bytes is not None and read_exchange(duel.files[1]).module_bytes is None
    assert sizes[0] <= 400_000 and statistics.median(sizes[1:]) <= 8 * 1024


def test_two_turns_by_files_without_standing_orders_agree(tmp_path):
    duel = play_by_files(tmp_path, max_turn=2, seed=5)
    assert _hash(duel, "German") != "" and duel.session("German").xg.game.state.turn >= 2
    # the last sender and the receiver agree on every segment both hold
    g, a = duel.session("German"), duel.session("Allied")
    n = min(len(g.xg.segments), len(a.xg.segments))
    assert n > 10 and g.xg.segments[:n] == a.xg.segments[:n]
    assert not any(x["by"] == "orders" for b in g.xg.bodies for x in b["batches"])

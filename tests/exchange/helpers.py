"""Two independent player homes (separate data directories and keys) playing by files only."""

from __future__ import annotations

import collections
import random
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from darkdec_qt.exchangestore import PlayerHome, Session
from darkdec_qt.game.exchange import ExchangeError, ExchangeGame
from darkdec_qt.game.exchange.scripted import play_until_send
from darkdec_qt.game.exchange.signing import sign


class Draws:
    """Stand-ins for the fresh random values of file exchange (every commitment's secret, every nonce,
    game ids and master secrets), drawn from a seeded generator: a test's game replays the same way
    (the dice depend on them). ``Duel`` seeds it with the game's seed."""

    def __init__(self) -> None:
        self.rng = random.Random(0)

    def seed(self, n: int) -> None:
        self.rng.seed(n)

    def fresh(self) -> str:
        return f"{self.rng.getrandbits(256):064x}"

    def token_hex(self, n: int) -> str:
        return f"{self.rng.getrandbits(8 * n):0{2 * n}x}"

    def token_bytes(self, n: int) -> bytes:
        return self.rng.randbytes(n)


DRAWS = Draws()


def other(side: str) -> str:
    return "German" if side == "Allied" else "Allied"


@dataclass
class Duel:
    """German invites; then ``step`` has the receiver open the last file, play random legal commands
    (the self-play chooser) and send its answer."""

    root: Path
    scenario: str = "herbstnebel"
    orders: tuple[str, ...] = ()
    seed: int = 1
    files: list[Path] = field(default_factory=list)
    hops_per_turn: collections.Counter = field(default_factory=collections.Counter)
    commands: int = 0
    plan: bool = False  # declare every battle of a Combat Phase at once (a battle plan)
    advances: bool = False  # each battle of a plan with its advance decided in advance

    def __post_init__(self) -> None:
        DRAWS.seed(self.seed * 7919)
        self.homes = {"German": PlayerHome(self.root / "german-home"), "Allied": PlayerHome(self.root / "allied-home")}
        self.rngs = {"German": random.Random(self.seed), "Allied": random.Random(self.seed + 1)}
        s = self.homes["German"].new_game("German", self.scenario, orders=self.orders)
        self.game_id = s.game_id
        self.files.append(s.send(self.root / "mail-to-Allied"))
        self.receiver = "Allied"

    def open(self) -> Session:
        """The receiver opens the last file."""
        s = self.homes[self.receiver].open_file(self.files[-1]).session
        if s.me.orders != dict.fromkeys(self.orders, True):
            s.set_orders(self.orders)
        return s

    def step(self) -> Session | None:
        """One hop; None when the game is over (the receiver has opened the last file)."""
        s = self.open()
        if s.xg.game.state.game_over:
            return None
        self.commands += play_until_send(s.xg, self.rngs[self.receiver], plan=self.plan, advances=self.advances)
        self.files.append(s.send(self.root / f"mail-to-{other(self.receiver)}"))
        self.hops_per_turn[s.xg.game.state.turn] += 1
        self.receiver = other(self.receiver)
        return s

    def hops(self, n: int) -> Duel:
        """``n`` hops (``step``), for a fixture that starts from a game already under way."""
        for _ in range(n):
            self.step()
        return self

    def session(self, side: str) -> Session:
        return self.homes[side].load(self.game_id)

    def sizes(self) -> list[int]:
        return [p.stat().st_size for p in self.files]


def refused_segment(duel: Duel, k: int, body: dict, module) -> ExchangeError:  # noqa: ANN001
    """The refusal of the game whose segment ``k`` is replaced by ``body``, re-signed by its author
    (a forger holding that player's key): it names segment ``k``."""
    segs = duel.session("German").xg.segments
    with pytest.raises(ExchangeError) as err:
        ExchangeGame.from_segments(module, [*segs[:k], sign(body, duel.homes[body["author"]].key())])
    assert err.value.segment == k
    return err.value


def play_by_files(root: Path, scenario: str = "herbstnebel", orders: tuple[str, ...] = (), seed: int = 1,
                  max_turn: int | None = None) -> Duel:
    """Play to the end of the game (or until the game turn passes ``max_turn``)."""
    duel = Duel(root, scenario, orders, seed)
    while True:
        s = duel.step()
        if s is None or (max_turn is not None and s.xg.game.state.turn > max_turn):
            return duel

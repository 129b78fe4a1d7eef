"""Tournaments: N games between two players across processes, with win rates, Wilson
score intervals and Elo differences.

Games alternate sides (player A is German in the even games) unless a side is fixed.
A win scores 1, a draw 1/2. The Elo difference is the logistic one,
``400 log10(p / (1 - p))``, with its interval from the Wilson bounds of ``p``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (draws count as half a success)."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return max(0.0, mid - half), min(1.0, mid + half)


def elo(p: float, n: int = 0) -> float:
    """Elo difference for a score share ``p``; at 0 or 1 clamped to half a game of ``n``."""
    eps = 0.5 / (n + 1) if n else 1e-3
    p = min(max(p, eps), 1 - eps)
    return 400 * math.log10(p / (1 - p))


@dataclass(frozen=True)
class Job:
    scenario: str
    seed: int
    german: str
    allied: str
    variants: tuple[str, ...] = ()
    optional: tuple[str, ...] | None = None
    turns: int | None = None
    module: str = ""
    setup: str = "auto"  # the German set-up of a 16 Dec scenario: auto, free or historical (6.2)


@dataclass
class GameResult:
    job: Job
    winner: str  # German / Allied / none
    level: str
    seconds: float
    illegal: int
    turn: int
    think: dict[str, list[float]] = field(default_factory=dict)  # side -> seconds per own player turn
    facts: dict = field(default_factory=dict)  # history facts (history.py), Campaign games


def jobs_for(a: str, b: str, scenario: str, n: int, *, a_side: str | None = None, seed0: int = 1,
             variants: tuple[str, ...] = (), turns: int | None = None, module: str = "",
             setup: str = "auto") -> list[Job]:
    out = []
    for i in range(n):
        a_german = (a_side == "German") if a_side else i % 2 == 0
        g, al = (a, b) if a_german else (b, a)
        out.append(Job(scenario, seed0 + i, g, al, variants, None, turns, module, setup))
    return out


@dataclass
class Standing:
    name: str
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def score(self) -> float:
        return self.wins + 0.5 * self.draws


def standings(results: list[GameResult], a: str, b: str) -> dict[str, dict[str, Standing]]:
    """Player A's record against B: overall and by the side A played."""
    table = {k: Standing(k) for k in ("all", "German", "Allied")}
    for r in results:
        a_side = "German" if r.job.german == a else "Allied"
        for key in ("all", a_side):
            st = table[key]
            st.games += 1
            if r.winner == a_side:
                st.wins += 1
            elif r.winner == "none":
                st.draws += 1
            else:
                st.losses += 1
    return {"A": table}


BIG = ("A", "B", "Decisive")  # the larger victories (29.0 A/B, the scenarios' decisive)


def margin(r: GameResult) -> int:
    """The game's result as a German margin: +2 a large German victory, +1 a small one, 0 a
    draw, -1/-2 the Allied ones. In a scenario that favours one side a win/loss count hides
    whether the stronger player won by more (or conceded less) with the same side."""
    if r.winner not in ("German", "Allied"):
        return 0
    size = 2 if r.level in BIG else 1
    return size if r.winner == "German" else -size


def margins(results: list[GameResult], a: str) -> dict[str, float]:
    """A's mean margin (its own side's sign) as German, as Allied, and overall."""
    by: dict[str, list[int]] = {"German": [], "Allied": []}
    for r in results:
        a_side = "German" if r.job.german == a else "Allied"
        by[a_side].append(margin(r) if a_side == "German" else -margin(r))
    out = {k: sum(v) / len(v) for k, v in by.items() if v}
    both = by["German"] + by["Allied"]
    if both:
        out["all"] = sum(both) / len(both)
    return out


def table(results: list[GameResult], a: str, b: str, scenario: str) -> str:
    """The printed table: A's wins/draws/losses, score with its 95 % Wilson interval and Elo."""
    rows = standings(results, a, b)["A"]
    lines = [f"{a} (A) against {b} (B), {scenario}, {len(results)} games",
             f"{'A plays':<8} {'games':>5} {'W':>4} {'D':>4} {'L':>4} {'score':>6} {'95% CI (Wilson)':>17} "
             f"{'Elo A-B':>8} {'Elo 95% CI':>14}"]
    for key in ("German", "Allied", "all"):
        st = rows[key]
        if not st.games:
            continue
        p = st.score / st.games
        lo, hi = wilson(st.score, st.games)
        lines.append(f"{key:<8} {st.games:>5} {st.wins:>4} {st.draws:>4} {st.losses:>4} {100 * p:>5.0f}% "
                     f"{100 * lo:>7.0f}%-{100 * hi:>3.0f}%    {elo(p, st.games):>+8.0f} "
                     f"{elo(lo, st.games):>+6.0f}..{elo(hi, st.games):>+5.0f}")
    m = margins(results, a)
    if m:
        lines.append("A's mean victory margin (+2 decisive/A/B, +1 marginal/C/Tactical, 0 draw, - the same "
                     "conceded): " + ", ".join(f"{'overall' if k == 'all' else 'as ' + k} {v:+.2f}" for k, v in m.items()))
    ill = sum(r.illegal for r in results)
    secs = [r.seconds for r in results]
    lines.append(f"illegal commands refused: {ill}; seconds per game: median {sorted(secs)[len(secs) // 2]:.1f}, "
                 f"max {max(secs):.1f}")
    return "\n".join(lines)

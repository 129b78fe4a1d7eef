"""The local score of a unit's destination (players.py weighs every destination by it
before the one-ply look): toward what its side must take, into objective towns, next to
enemy units it can beat (Germany) or in front of the objectives the enemy threatens (the
Allies), in good defensive terrain."""

from __future__ import annotations

from darkdec_qt.ai import evaluation
from darkdec_qt.ai import geography as geo
from darkdec_qt.ai import threat as th
from darkdec_qt.rules.core.state import GameState

TOWN_WATCH = 6  # hexes from the enemy at which an Allied objective town wants a garrison
EXIT_WATCH = 10  # the same for an exit hex of 29.0 A/B


class LocalScore:
    """The local score of a unit's destination: toward what its side must take, into
    objective towns, next to enemy units it can beat (Germany) or in front of the objectives
    the enemy threatens (the Allies), in good defensive terrain."""

    def __init__(self, s: GameState, u: str, side: str, enemy: str, occ: dict[str, str],
                 tg: evaluation.Targets, take: dict[str, int], need: dict[str, int], near: dict[str, int],
                 threats: dict[str, int] | None = None):
        self.s, self.u, self.side, self.enemy, self.occ = s, u, side, enemy, occ
        self.tg, self.take, self.need, self.near = tg, take, need, near
        self.adj = s.module.adjacency
        self.town_hexes = set(tg.towns.values())
        self.exits: frozenset[str] = frozenset()
        if side == "Allied":  # the exits Germany's level A/B victories need are held like towns
            self.exits = frozenset(geo.exit_hexes(s))
            self.town_hexes |= self.exits
        occupancy = s.occupancy()
        self.garrison = {h: sum(1 for x in occupancy.get(h, ()) if x != u and not s.spec(x).is_leader)
                         for h in self.town_hexes}
        self.garrison_def = {h: sum(s.strength(x)[1] for x in occupancy.get(h, ()) if x != u and not s.spec(x).is_leader)
                             for h in self.exits}
        self.threats = threats if threats is not None else th.threats(s, self.exits)
        a, d, _ = s.strength(u)
        self.att, self.dfn = a, d
        self.enemy_def: dict[str, int] = {}
        for x in s.on_map(enemy):
            if not s.spec(x).is_leader:
                h = s.pos[x]
                self.enemy_def[h] = self.enemy_def.get(h, 0) + s.strength(x)[1]
        # exit hexes the enemy stands on: every unit next to one bars the way out (12.1A) and can attack it
        self.lost_exits = frozenset(h for h in self.exits if h in self.enemy_def)

    def score(self, h: str) -> float:
        s = self.s
        sc = 0.0
        if self.take:
            sc -= 1.0 * min(self.take.get(h, 40), 40)
            if h in self.tg.take(self.side):
                sc += 30.0
        adj_enemy = [n for n in self.adj.get(h, ()) if n in self.enemy_def]
        terrain = geo.TERRAIN_STEP.get(s.module.hexes[h].terrain, 2) + (2 if s.module.hexes[h].town else 0)
        if self.side == "German":
            for n in adj_enemy:
                d = self.enemy_def[n]
                if d <= self.att * 2:
                    sc += 3.0 + (6.0 if n in self.town_hexes else 0.0)
        else:
            # a town when the enemy is within 6 hexes; an exit within 10 (a panzer unit's road
            # march, 8 hexes, and the move off the map: garrisoned at 6, exits fell unmanned)
            if h in self.town_hexes and self.near.get(h, 99) <= (EXIT_WATCH if h in self.exits else TOWN_WATCH):
                sc += 24.0 if self.garrison.get(h, 0) == 0 else (8.0 if self.garrison.get(h, 0) == 1 else 0.0)
                if h in self.exits and self.garrison.get(h, 0) and self.garrison_def[h] * th.HOLD_ODDS < self.threats.get(h, 0):
                    sc += 14.0  # 29.0 B: a garrison the enemy within a road march would throw out at 3:1
            if self.lost_exits and any(n in self.lost_exits for n in adj_enemy):
                sc += 16.0  # 12.1A: next to an exit hex the enemy holds, the units behind it cannot pass
            sc -= 0.6 * min(self.need.get(h, 40), 40)
            if adj_enemy:
                sc += 2.0 + 0.5 * terrain
                strong = sum(self.enemy_def.get(n, 0) for n in adj_enemy)
                if strong > 4 * max(1, self.dfn) and h not in self.town_hexes and not self.lost_exits.intersection(adj_enemy):
                    sc -= 4.0
            elif self.near.get(h, 99) == 2:
                sc += 3.0 + 0.5 * terrain
        return sc

"""The bots' cheap measure of a hand too far from ready for the distance search (beyond 2 away).

The concealed tiles are split, as well as they can be, into the 门子 the hand
still needs: a complete group (a 坎, a 句, 二七十 or a 绞) misses nothing, a
partial one (a pair, 四五, 四六, 九玖, 二七 …) misses one tile, a lone tile
two, nothing three.  ``Shape.missing`` is the least total over all splits,
the best 胡息 of those groups breaking ties; a hand at rest missing ``m``
tiles is about ``m - 1`` intakes from ready (RULES.md 6 counts exactly up to
2: this is only for beyond).  It knows no take table and no 将 rule, and
claims none of the distance search's exactness: a fallback that keeps
groups and near-groups together, which beats a random discard by far.

>>> from solver.model.rules import HUNAN
>>> from solver.model.notation import parse_hand
>>> s = Shape(HUNAN)
>>> s.missing(parse_hand("一二三四五六七八九十壹贰叁肆伍陆柒捌玖拾", HUNAN))  # six 句, and 十拾 a tile short
(1, 9)
>>> s.missing(parse_hand("一二四六七九九十贰贰肆伍陆柒 | 碰:拾拾拾 偎:玖玖玖", HUNAN))  # 2 away (RULES.md 6)
(3, 19)
"""
from __future__ import annotations

from .derived import derived
from .groups import SHAPES, group_huxi
from .hand import MAX_GROUPS, Hand
from .rules import Ruleset
from .tiles import N_KINDS

__all__ = ["Shape", "of"]

#: a split's memo is cleared past this many entries (about 100 bytes each)
MEMO_LIMIT = 100_000


class Shape:
    """The shape measure of hands under one ruleset (module docstring), memoised on the tiles."""

    def __init__(self, rules: Ruleset):
        self.rules = rules
        full: list[list[tuple[tuple[int, ...], int]]] = [[] for _ in range(N_KINDS)]
        part: dict[tuple[int, int], int] = {}
        for s in SHAPES:
            kind = "jiao" if s[0] == s[1] or s[1] == s[2] else "ju"
            h = group_huxi(kind, s, rules)
            full[s[0]].append((s, h))
            for pair in ((s[0], s[1]), (s[0], s[2]), (s[1], s[2])):
                part[pair] = max(part.get(pair, 0), h)
        for t in range(N_KINDS):  # a pair becomes a 碰 or 偎 (valued as a 碰)
            part[(t, t)] = max(part.get((t, t), 0), rules.group_huxi("peng", t))
        self.full = [tuple(f) for f in full]
        self.part = [tuple((b, h) for (a, b), h in sorted(part.items()) if a == t) for t in range(N_KINDS)]
        self.kan = [rules.group_huxi("kan", t) for t in range(N_KINDS)]
        self.memo: dict[tuple[int, int], tuple[int, int]] = {}

    def missing(self, hand: Hand) -> tuple[int, int]:
        """(tiles missing from the 门子 the hand still needs, best 胡息 of its melds, 坎 and those groups)."""
        state = 0  # the concealed counts outside the 坎, two bits a tile
        huxi = sum(group_huxi(m.kind, m.tiles, self.rules) for m in hand.melds)
        need = MAX_GROUPS - len(hand.melds)
        for t, n in enumerate(hand.concealed):
            if n >= 3:  # a 坎 stays whole (RULES.md 7: no 吃 with a 坎 tile)
                huxi += self.kan[t]
                need -= 1
            else:
                state |= n << (2 * t)
        if len(self.memo) > MEMO_LIMIT:
            self.memo.clear()
        m, h = self._split(state, max(need, 0))
        return m, huxi - h

    def _split(self, state: int, need: int) -> tuple[int, int]:
        """(least tiles missing, least −胡息) over the splits of the tiles of ``state`` into ``need`` 门子."""
        if need == 0:
            return 0, 0
        if not state:
            return 3 * need, 0
        key = (state, need)
        got = self.memo.get(key)
        if got is not None:
            return got
        i = ((state & -state).bit_length() - 1) >> 1  # the lowest tile held
        rest = state - (1 << 2 * i)
        m, h = self._split(rest, need)  # tile i left out (a discard to come)
        best = (m, h)
        m, h = self._split(rest, need - 1)  # tile i alone
        best = min(best, (m + 2, h))
        for b, hx in self.part[i]:
            if (rest >> 2 * b) & 3:
                m, h = self._split(rest - (1 << 2 * b), need - 1)
                best = min(best, (m + 1, h - hx))
        for (_, b, c), hx in self.full[i]:
            cb = (rest >> 2 * b) & 3
            if cb and (rest >> 2 * c) & 3 and (b != c or cb >= 2):
                m, h = self._split(rest - (1 << 2 * b) - (1 << 2 * c), need - 1)
                best = min(best, (m, h - hx))
        self.memo[key] = best
        return best


def of(rules: Ruleset) -> Shape:
    """The shape measure of ``rules`` (one per ruleset, its memo shared by the api and the bots:
    ``derived``'s cache)."""
    return derived(rules, Shape)

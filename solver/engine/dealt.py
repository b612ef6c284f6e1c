"""天胡: the win of a freshly dealt hand (RULES.md 10, before play), read from ``Ruleset.game.tianhu``.

A dealt hand is its concealed tiles and its dealt fours laid out as melds of
the ruleset's ``dealt_four`` kind (提; luzhou 垅): 20 tiles, or 21 for the
dealer (``game.deal``), his 亮张 included.  Every dealt triplet is a 坎.

- ``three_ti_or_five_kan`` (hunan): 3 dealt fours, or 5 坎 counting each
  dealt four as a 坎, win at once for any player.  The 胡息 are those of the
  fours and 坎 plus the best grouping of the other tiles into 句 and 绞 (and
  one 将 pair beside a four): no 7 门子 needed, no minimum, tiles may stay
  outside every group.  Self-drawn (天胡为自摸), at least 1 等 before the
  自摸 等; the fans are counted over every tile held, 对对胡 when every tile
  is in a four, a 坎 or the one 将.
- ``dealer_seven_groups`` (luzhou): the dealer's 21 tiles already a complete
  winning hand (7 门子, the minimum 胡息) before his first discard.  No tile
  is the winning tile: all 21 are dealt, so each triplet is a 坎 and nothing
  is compulsory (the 亮张 onto a pair makes a 坎, not a 碰).  Self-drawn.
  Other players have no 天胡.

Both are ranked like any win (score, 胡息, smallest sorted group list), the
fans of the condition ``tianhu`` included; ``how`` is 天胡.

>>> from solver.model.notation import parse_hand
>>> from solver.model.rules import get_ruleset
>>> w = tianhu(parse_hand("一二三五六七八九 | 提:四四四四 提:壹壹壹壹 提:肆肆肆肆"), get_ruleset("hunan"))
>>> w.how, w.huxi, w.deng, w.score  # 提 9 + 12 + 12, 一二三 3, 五六七 0; 八九 outside; 8 等 + 1 自摸
('天胡', 36, 9, 9)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from ..model.groups import DUIDUI_KINDS, SHAPES, Group, group_huxi, group_pattern
from ..model.hand import Hand
from ..model.results import DEALT_HOWS, Win
from ..model.rules import Ruleset
from ..model.tiles import N_KINDS
from .reference import _free_splits

HOW = DEALT_HOWS[0]
CONDITIONS = frozenset({"tianhu"})


@dataclass(frozen=True)
class Dealt:
    """A dealt hand judged for 天胡: its win (None when it has none) and what decided it."""
    hand: Hand
    dealer: bool
    fours: int  # dealt fours (提 / 垅)
    kans: int  # concealed triplets
    win: Win | None

    @property
    def left(self) -> tuple[int, ...]:
        """The tiles of the hand outside every group of the win (tile order)."""
        counts = self.hand.all_counts()
        for g in self.win.groups if self.win else ():
            for x in g.tiles:
                counts[x] -= 1
        return tuple(t for t in range(N_KINDS) for _ in range(counts[t]))


def is_dealer(hand: Hand, rules: Ruleset) -> bool:
    """Whether a dealt hand is the dealer's (it holds the dealer's count of tiles, ``game.deal[0]``)."""
    return sum(hand.all_counts()) == rules.game.deal[0]


def judge(hand: Hand, rules: Ruleset) -> Dealt:
    """``hand``, freshly dealt, judged for 天胡 under ``rules`` (the hand is not validated here)."""
    dealer = is_dealer(hand, rules)
    kind = rules.game.tianhu
    win = None
    if kind == "three_ti_or_five_kan":
        win = _three_ti_or_five_kan(hand, rules)
    elif kind == "dealer_seven_groups" and dealer:
        win = _seven_groups(hand, rules)
    kans = sum(1 for n in hand.concealed if n == 3)
    return Dealt(hand, dealer, len(hand.melds), kans, win)


def tianhu(hand: Hand, rules: Ruleset) -> Win | None:
    """The 天胡 of a freshly dealt hand (its dealt fours laid out as melds), or None."""
    return judge(hand, rules).win


# ---------------------------------------------------------------- the two rules

def _groups_of(hand: Hand, rules: Ruleset) -> tuple[list[Group], list[int]]:
    """The dealt fours and 坎 as groups, and the other concealed tiles (counts)."""
    fours = [Group(m.kind, m.tiles, group_huxi(m.kind, m.tiles, rules)) for m in hand.melds]
    free = list(hand.concealed)
    kans = []
    for x in range(N_KINDS):
        if free[x] == 3:
            kans.append(Group("kan", (x,) * 3, group_huxi("kan", (x,) * 3, rules)))
            free[x] = 0
    return fours + kans, free


def _win(fours: int, fixed: list[Group], grouped: list[Group], hand: Hand, rules: Ruleset, *,
         floor: bool) -> tuple[tuple[int, int, int, tuple[tuple[str, tuple[int, ...]], ...]], Win]:
    """The win of one grouping and its rank key (lower is better)."""
    concealed = sorted(fixed[fours:] + grouped, key=lambda g: (g.kind == "jiang", g.tiles, g.kind))
    groups = tuple(fixed[:fours]) + tuple(concealed)
    huxi = sum(g.huxi for g in groups)
    held = hand.all_counts()
    red = sum(held[x] for x in rules.red_tiles)
    in_groups = sum(len(g.tiles) for g in groups)
    duidui = in_groups == sum(held) and all(g.kind in DUIDUI_KINDS for g in groups)
    fan, names = rules.fan(red, duidui=duidui, conditions=CONDITIONS)
    deng = rules.deng(huxi, self_drawn=False)
    deng = (max(1, deng) if floor else deng) + rules.self_draw_deng
    win = Win(huxi, deng, fan, names, deng * fan, HOW, groups)
    return (-win.score, -huxi, -in_groups, tuple(sorted((g.kind, g.tiles) for g in groups))), win


def _three_ti_or_five_kan(hand: Hand, rules: Ruleset) -> Win | None:
    fixed, free = _groups_of(hand, rules)
    fours = len(hand.melds)
    if fours < 3 and len(fixed) < 5:
        return None
    pair = fours > 0 and rules.pao_needs_jiang
    return min((_win(fours, fixed, g, hand, rules, floor=True) for g in _partial(free, pair, rules)),
               key=lambda kw: kw[0])[1]


def _seven_groups(hand: Hand, rules: Ruleset) -> Win | None:
    fixed, free = _groups_of(hand, rules)
    fours = len(hand.melds)
    need_pair = fours > 0 and rules.pao_needs_jiang
    wins = [_win(fours, fixed, g, hand, rules, floor=False) for g in _free_splits(free, need_pair, -1, rules)
            if len(fixed) + len(g) == 7]
    wins = [kw for kw in wins if kw[1].huxi >= rules.min_huxi]
    return min(wins, key=lambda kw: kw[0])[1] if wins else None


def _partial(free: list[int], pair: bool, rules: Ruleset) -> Iterator[list[Group]]:
    """Every set of disjoint 句/绞 (and, with ``pair``, at most one 将) among ``free``,
    the tiles left over allowed (duplicates possible)."""
    i = next((x for x in range(N_KINDS) if free[x]), None)
    if i is None:
        yield []
        return
    free[i] -= 1  # this copy of i stays outside every group
    yield from _partial(free, pair, rules)
    free[i] += 1
    for shape in SHAPES:
        if shape[0] != i or any(free[x] < shape.count(x) for x in shape):
            continue
        for x in shape:
            free[x] -= 1
        kind = "jiao" if group_pattern(shape) == "jiao" else "ju"
        group = Group(kind, shape, group_huxi(kind, shape, rules))
        for rest in _partial(free, pair, rules):
            yield [group] + rest
        for x in shape:
            free[x] += 1
    if pair and free[i] >= 2:
        free[i] -= 2
        for rest in _partial(free, False, rules):
            yield [Group("jiang", (i, i), 0)] + rest
        free[i] += 2

"""Pure-Python reference of RULES.md sections 4-6: plain, slow, obviously right.

It enumerates every choice the winning-tile table allows (跑 or 破跑, 碰 or
another group, the compulsory 提/偎) and every way to split the free tiles
into groups, then picks the best by (score, huxi, smallest sorted group list).
The numba kernels are tested against it; single-hand commands answer with it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from ..model import scoring
from ..model.groups import DUIDUI_KINDS, SHAPES, Group, group_huxi, group_pattern
from ..model.hand import Hand
from ..model.results import DiscardRow, Discards, HuResult, Ting, Wait, Win
from ..model.rules import Ruleset
from ..model.tiles import COPIES, N_KINDS


@dataclass(frozen=True)
class _Option:
    """One way the winning tile may be taken, before the free tiles are split."""
    exposed: tuple[Group, ...]  # the melds, in input order (one may be upgraded by t)
    fixed: tuple[Group, ...]  # concealed groups already decided: 坎, or t's 提/跑/偎
    free: tuple[int, ...]  # counts left to split into 句/绞/将 (and the 碰 triplet)
    triple: int  # tile whose triplet may form (t onto a pair, another's tile), or -1
    how: str | None  # 提胡/跑胡/偎胡/破跑胡 when the option itself decides it


@dataclass(frozen=True)
class _Split:
    groups: tuple[Group, ...]  # in answer order
    huxi: int
    how: str
    key: tuple  # sorted (kind, tiles): the deterministic tie-break


def _meld_group(kind: str, tiles: tuple[int, ...], rules: Ruleset) -> Group:
    return Group(kind, tiles, group_huxi(kind, tiles, rules))


def _options(hand: Hand, t: int, source: str, rules: Ruleset) -> tuple[list[_Option], str | None]:
    """The choices the table of RULES.md section 4 allows, and the compulsory move (if any)."""
    exposed = [_meld_group(m.kind, m.tiles, rules) for m in hand.melds]
    conc = list(hand.concealed)
    kans = [x for x in range(N_KINDS) if conc[x] == 3]

    def option(exposed_groups, fixed_extra, free_add, kan_tiles, triple=-1, how=None):
        free = list(conc)
        for x in kans:
            free[x] -= 3
        if free_add >= 0:
            free[free_add] += 1
        fixed = [_meld_group("kan", (x,) * 3, rules) for x in kan_tiles] + fixed_extra
        return _Option(tuple(exposed_groups), tuple(fixed), tuple(free), triple, how)

    def upgraded(i: int, kind: str) -> list[Group]:
        groups = list(exposed)
        groups[i] = _meld_group(kind, (t,) * 4, rules)
        return groups

    wei = next((i for i, m in enumerate(hand.melds) if m.kind == "wei" and m.tiles[0] == t), None)
    peng = next((i for i, m in enumerate(hand.melds) if m.kind == "peng" and m.tiles[0] == t), None)
    other_kans = [x for x in kans if x != t]
    if wei is not None:
        if source == "self":
            return [option(upgraded(wei, "ti"), [], -1, kans, how="提胡")], "ti"
        return [option(upgraded(wei, "pao"), [], -1, kans, how="跑胡"),
                option(exposed, [], t, kans, how="破跑胡")], None
    if peng is not None:
        return [option(upgraded(peng, "pao"), [], -1, kans, how="跑胡"),
                option(exposed, [], t, kans, how="破跑胡")], None
    if conc[t] == 3:
        if source == "self":  # 破跑不破提
            return [option(exposed, [_meld_group("ti", (t,) * 4, rules)], -1, other_kans, how="提胡")], "ti"
        return [option(exposed, [_meld_group("pao", (t,) * 4, rules)], -1, other_kans, how="跑胡"),
                option(exposed, [], t, kans, how="破跑胡")], None
    if conc[t] == 2:
        if source == "self" and rules.self_pair_must_wei:
            opt = option(exposed, [_meld_group("wei", (t,) * 3, rules)], -1, kans, how="偎胡")
            free = list(opt.free)
            free[t] -= 2
            return [_Option(opt.exposed, opt.fixed, tuple(free), -1, "偎胡")], "wei"
        return [option(exposed, [], t, kans, triple=t)], None
    return [option(exposed, [], t, kans)], None


def _free_splits(free: list[int], need_pair: bool, triple: int, rules: Ruleset) -> Iterator[list[Group]]:
    """Every multiset of groups covering ``free`` exactly (duplicates possible)."""
    i = next((x for x in range(N_KINDS) if free[x]), None)
    if i is None:
        if not need_pair:
            yield []
        return
    for shape in SHAPES:
        if shape[0] != i:
            continue
        need = [0] * N_KINDS
        for x in shape:
            need[x] += 1
        if any(free[x] < need[x] for x in shape):
            continue
        for x in shape:
            free[x] -= 1
        kind = "jiao" if group_pattern(shape) == "jiao" else "ju"
        for rest in _free_splits(free, need_pair, triple, rules):
            yield [_meld_group(kind, shape, rules)] + rest
        for x in shape:
            free[x] += 1
    if need_pair and free[i] >= 2:
        free[i] -= 2
        for rest in _free_splits(free, False, triple, rules):
            yield [Group("jiang", (i, i), group_huxi("jiang", (i, i), rules))] + rest
        free[i] += 2
    if i == triple and free[i] >= 3:
        # t onto a concealed pair from another player: valued as 碰 (碰胡).
        free[i] -= 3
        for rest in _free_splits(free, need_pair, -1, rules):
            yield [_meld_group("peng", (i,) * 3, rules)] + rest
        free[i] += 3


def _how(option: _Option, free_groups: list[Group], t: int) -> str:
    if option.how:
        return option.how
    mine = [g for g in free_groups if t in g.tiles]
    if any(g.kind == "peng" for g in mine):
        return "碰胡"
    if any(g.kind == "jiang" for g in mine):
        return "单吊胡"
    if any(g.kind == "jiao" or group_pattern(g.tiles) == "ju2710" for g in mine):
        return "编胡"
    return "顺胡"


def _splits(hand: Hand, t: int, source: str, rules: Ruleset) -> tuple[list[_Split], str | None]:
    """Every distinct 7-门子 split of the hand completed by t, and the forced move."""
    options, forced = _options(hand, t, source, rules)
    seen: dict[tuple, _Split] = {}
    for opt in options:
        has_four = any(len(g.tiles) == 4 for g in opt.exposed + opt.fixed)
        need_pair = has_four and rules.pao_needs_jiang
        for free_groups in _free_splits(list(opt.free), need_pair, opt.triple, rules):
            groups = list(opt.exposed) + list(opt.fixed) + free_groups
            if len(groups) != 7:
                continue
            concealed = sorted(opt.fixed + tuple(free_groups), key=lambda g: (g.kind == "jiang", g.tiles, g.kind))
            ordered = tuple(opt.exposed) + tuple(concealed)
            key = tuple(sorted((g.kind, g.tiles) for g in ordered))
            split = _Split(ordered, sum(g.huxi for g in ordered), _how(opt, free_groups, t), key)
            # Identical group lists reached twice are one split; keep the better `how`.
            old = seen.get(key)
            if old is None or _how_rank(split.how) < _how_rank(old.how):
                seen[key] = split
    return list(seen.values()), forced


def _how_rank(how: str) -> int:
    from ..model.results import HOWS
    return HOWS.index(how)


def _value(split: _Split, source: str, rules: Ruleset) -> Win:
    red = sum(1 for g in split.groups for x in g.tiles if x in rules.red_tiles)
    duidui = all(g.kind in DUIDUI_KINDS for g in split.groups)
    fan, names = rules.fan(red, duidui=duidui)
    deng = rules.deng(split.huxi, self_drawn=source == "self")
    return Win(split.huxi, deng, fan, names, deng * fan, split.how, split.groups)


def _ranked_wins(hand: Hand, t: int, source: str, rules: Ruleset) -> tuple[list[Win], list[_Split], str | None]:
    splits, forced = _splits(hand, t, source, rules)
    wins = [(_value(s, source, rules), s.key) for s in splits if s.huxi >= rules.min_huxi]
    wins.sort(key=lambda wk: (-wk[0].score, -wk[0].huxi, wk[1]))
    return [w for w, _ in wins], splits, forced


def best_win(hand: Hand, t: int, source: str, rules: Ruleset) -> Win | None:
    """The best win of ``hand`` on tile ``t`` from ``source`` ('self'/'other'), or None."""
    wins, _, _ = _ranked_wins(hand, t, source, rules)
    return wins[0] if wins else None


def hu(hand: Hand, t: int, source: str, rules: Ruleset, *, all_splits: bool = False) -> HuResult:
    wins, splits, forced = _ranked_wins(hand, t, source, rules)
    if wins:
        best = wins[0]
        return HuResult(hand, t, source, best, None, best.huxi, best.groups,
                        tuple(wins) if all_splits else ())
    if forced and best_win(hand, t, "other", rules) is not None:
        reason = "forced_" + forced
    elif splits:
        reason = "huxi_short"
    else:
        reason = "no_7_groups"
    if splits:
        top = min(splits, key=lambda s: (-s.huxi, s.key))
        return HuResult(hand, t, source, None, reason, top.huxi, top.groups)
    return HuResult(hand, t, source, None, reason, None, ())


def ting(hand: Hand, rules: Ruleset, seen: list[int] | None = None) -> Ting:
    seen = seen or [0] * N_KINDS
    held = hand.all_counts()
    waits = []
    for t in range(N_KINDS):
        if held[t] >= COPIES:
            continue
        w_self = best_win(hand, t, "self", rules)
        w_other = best_win(hand, t, "other", rules)
        if w_self or w_other:
            waits.append(Wait(t, COPIES - held[t] - seen[t], w_self, w_other))
    return Ting(hand, tuple(waits))


def discard(hand: Hand, rules: Ruleset, seen: list[int] | None = None) -> Discards:
    """Every discard of a hand holding c + 1 tiles (never a 坎 tile), ranked."""
    seen = list(seen or [0] * N_KINDS)
    ranked = []
    for x in range(N_KINDS):
        if hand.concealed[x] in (1, 2):
            after = list(seen)
            after[x] += 1
            waits = ting(hand.without(x), rules, after).waits
            key, total, value, best = scoring.discard_rank(x, waits, rules)
            ranked.append((key, DiscardRow(x, total, value, best, waits)))
    ranked.sort(key=lambda kr: kr[0])
    return Discards(hand, tuple(row for _, row in ranked))

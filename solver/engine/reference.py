"""Pure-Python reference of RULES.md sections 4-6 (and 8): plain, slow, obviously right.

It enumerates every choice the ruleset's take table allows for the winning
tile (``Ruleset.take[holding, source]``: 跑 or 破跑, 碰 or another group, the
compulsory 提/偎, luzhou's compulsory 招 and own 碰) and every way to split the
free tiles into groups, then picks the best by (score, huxi, smallest sorted
group list).  A source the ruleset does not win on (``Ruleset.win_on``) never wins.
The numba kernels are tested against it; single-hand commands answer with it.

``conditions`` (``best_win``, ``hu``) is the context a game gives a win
(``ruleset.GAME_CONDITIONS``: haidi, tianhu, dihu, qishou): the ruleset's
fans of those conditions count, in the ranking too.  The 天胡 of a dealt
hand is ``solver.engine.dealt``'s.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterator

from ..model import scoring
from ..model.groups import DUIDUI_KINDS, SHAPES, Group, group_huxi, group_pattern
from ..model.hand import Hand
from ..model.results import HOWS, SOURCES, DiscardRow, Discards, HuResult, Ting, Wait, Win
from ..model.rules import Ruleset
from ..model.tiles import COPIES, N_KINDS

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence


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
    key: tuple[tuple[str, tuple[int, ...]], ...]  # sorted (kind, tiles): the deterministic tie-break


def _meld_group(kind: str, tiles: tuple[int, ...], rules: Ruleset) -> Group:
    return Group(kind, tiles, group_huxi(kind, tiles, rules))


#: the how of a win whose option is the group the tile makes (RULES.md 4 and 8)
_MAKES_HOW = {"ti": "提胡", "pao": "跑胡", "zhao": "招胡", "wei": "偎胡", "peng": "碰胡"}


def _holding(hand: Hand, t: int) -> tuple[str, int | None]:
    """What the hand holds of ``t`` (a row of the take table: wei, peng, kan, pair, less)
    and the index of the exposed meld of ``t`` (copies inside a 吃 do not count)."""
    for i, m in enumerate(hand.melds):
        if m.kind in ("wei", "peng") and m.tiles[0] == t:
            return m.kind, i
    n = hand.concealed[t]
    return ("kan" if n == 3 else "pair" if n == 2 else "less"), None


def _options(hand: Hand, t: int, source: str, rules: Ruleset) -> tuple[list[_Option], str | None]:
    """The choices the ruleset's take table (RULES.md 4; 8 for luzhou) allows for ``t`` from
    ``source``, and the compulsory group it makes when nothing else is allowed (or None)."""
    exposed = [_meld_group(m.kind, m.tiles, rules) for m in hand.melds]
    conc = list(hand.concealed)
    kans = [x for x in range(N_KINDS) if conc[x] == 3]
    holding, meld = _holding(hand, t)
    take = rules.take[holding, source]

    def option(exposed_groups: Sequence[Group], fixed_extra: list[Group], free_add: int, kan_tiles: Iterable[int],
               triple: int = -1, how: str | None = None) -> _Option:
        free = list(conc)
        for x in kans:
            free[x] -= 3
        if free_add >= 0:
            free[free_add] += 1
        fixed = [_meld_group("kan", (x,) * 3, rules) for x in kan_tiles] + fixed_extra
        return _Option(tuple(exposed_groups), tuple(fixed), tuple(free), triple, how)

    # t joins the concealed tiles (with a pair it may make a 碰, valued as 碰)
    free_t = option(exposed, [], t, kans, triple=t if holding == "pair" else -1)
    if take.makes == "free":
        return [free_t], None
    how = _MAKES_HOW[take.makes]
    if meld is not None:  # the exposed 偎/碰 becomes the 4-tile group
        groups = list(exposed)
        groups[meld] = _meld_group(take.makes, (t,) * 4, rules)
        made = option(groups, [], -1, kans, how=how)
    elif holding == "kan":
        made = option(exposed, [_meld_group(take.makes, (t,) * 4, rules)], -1,
                      [x for x in kans if x != t], how=how)
    else:  # onto the pair: a triplet made at once (偎, or luzhou's own 碰), the pair gone
        opt = option(exposed, [_meld_group(take.makes, (t,) * 3, rules)], -1, kans, how=how)
        free = list(opt.free)
        free[t] -= 2
        made = _Option(opt.exposed, opt.fixed, tuple(free), -1, how)
    if take.po:  # 破跑: t goes into another group, the meld or 坎 staying
        return [made, option(exposed, [], t, kans, how="破跑胡")], None
    if not take.compulsory:
        return [made, free_t], None
    return [made], take.makes


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


def _splits(options: list[_Option], t: int, rules: Ruleset) -> list[_Split]:
    """Every distinct 7-门子 split of the hand completed by t, over ``options``."""
    seen: dict[tuple[tuple[str, tuple[int, ...]], ...], _Split] = {}
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
    return list(seen.values())


def _how_rank(how: str) -> int:
    return HOWS.index(how)


NO_CONDITIONS: frozenset[str] = frozenset()


def _value(split: _Split, source: str, rules: Ruleset, conditions: frozenset[str] = NO_CONDITIONS) -> Win:
    red = sum(1 for g in split.groups for x in g.tiles if x in rules.red_tiles)
    duidui = all(g.kind in DUIDUI_KINDS for g in split.groups)
    fan, names = rules.fan(red, duidui=duidui, conditions=conditions)
    deng = rules.deng(split.huxi, self_drawn=source == "self")
    return Win(split.huxi, deng, fan, names, deng * fan, split.how, split.groups)


def _ranked_wins(hand: Hand, t: int, source: str, rules: Ruleset,
                 conditions: frozenset[str] = NO_CONDITIONS) -> tuple[list[Win], list[_Split], str | None]:
    options, forced = _options(hand, t, source, rules)
    splits = _splits(options, t, rules)
    wins = [(_value(s, source, rules, conditions), s.key) for s in splits if s.huxi >= rules.min_huxi]
    wins.sort(key=lambda wk: (-wk[0].score, -wk[0].huxi, wk[1]))
    return [w for w, _ in wins], splits, forced


def best_win(hand: Hand, t: int, source: str, rules: Ruleset, *,
             conditions: frozenset[str] = NO_CONDITIONS) -> Win | None:
    """The best win of ``hand`` on tile ``t`` from ``source`` (one of results.SOURCES), or None
    (always None for a source the ruleset does not win on); ``conditions``: the game's context."""
    if source not in rules.win_on:
        return None
    wins, _, _ = _ranked_wins(hand, t, source, rules, frozenset(conditions))
    return wins[0] if wins else None


def _wins_free(hand: Hand, t: int, rules: Ruleset) -> bool:
    """Whether ``t`` would win if it were free to join any group (no compulsory group):
    what a ``forced_*`` reason says it could have done."""
    free = list(hand.concealed)
    free[t] += 1
    pair = hand.concealed[t] == 2
    exposed = tuple(_meld_group(m.kind, m.tiles, rules) for m in hand.melds)
    kans = [x for x in range(N_KINDS) if hand.concealed[x] == 3]
    for x in kans:
        free[x] -= 3
    fixed = tuple(_meld_group("kan", (x,) * 3, rules) for x in kans)
    option = _Option(exposed, fixed, tuple(free), t if pair else -1, None)
    return any(s.huxi >= rules.min_huxi for s in _splits([option], t, rules))


def hu(hand: Hand, t: int, source: str, rules: Ruleset, *, all_splits: bool = False,
       conditions: frozenset[str] = NO_CONDITIONS) -> HuResult:
    """Whether ``t`` from ``source`` wins, the best win, or why not (results.NO_WIN_REASONS:
    ``source_no_hu`` for a source the ruleset does not win on, ``forced_<group>`` when the
    compulsory group of the take table leaves no win that a free tile would have);
    ``conditions``: the game's context (its fans count)."""
    if source not in rules.win_on:
        return HuResult(hand, t, source, None, "source_no_hu", None, ())
    wins, splits, forced = _ranked_wins(hand, t, source, rules, frozenset(conditions))
    if wins:
        best = wins[0]
        return HuResult(hand, t, source, best, None, best.huxi, best.groups,
                        tuple(wins) if all_splits else ())
    if forced and _wins_free(hand, t, rules):
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
    """Every tile the hand at rest wins on, by each source (``discard`` None unless the ruleset wins on discards)."""
    seen = seen or [0] * N_KINDS
    held = hand.all_counts()
    waits = []
    for t in range(N_KINDS):
        if held[t] >= COPIES:
            continue
        w_self, w_other, w_discard = (best_win(hand, t, s, rules) for s in SOURCES)
        if w_self or w_other or w_discard:
            waits.append(Wait(t, COPIES - held[t] - seen[t], w_self, w_other, w_discard))
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

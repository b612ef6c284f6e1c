"""Obligations at one decision point: what may, must and may not a hand do with a tile?

A tile X has appeared from SOURCE for a hand at rest.  ``decide`` answers with
every action the player may take (胡 > 提/偎 > 跑/招 > 碰 > 吃 > 过), each marked
compulsory or optional, and every move they may not make with its reason
(RULES.md sections 4, 7 and 8).  ``solver.text.explain`` turns the answer into
sentences (English or Chinese), JSON (``act_json``) and text (``act_lines``).

Everything comes from the Ruleset's fields: the take table
(``rules.take[holding, source]``, holding from ``holding``, source from
``TAKE_SOURCE``) says which 提/偎/跑/招, or one's own 碰, the tile makes and
whether that is compulsory; ``peng_compulsory`` (有碰必碰) makes a 碰 of
another player's tile compulsory; ``chi_from`` says whose tiles are eaten;
``win_on`` whether a discard may be won on (with source ``discard``);
``passed`` what the passes named mean (``passed_sets``) and what a pass makes.

Scope: the answer is about this player alone.  Whether another player takes X
first (碰/跑 has priority over 吃, seed 000 玩法规则 7; a 招 takes it from
everybody, and no other player may win on it) is not known here.

Ways to eat.  A way is ``(chi, bi)``: ``chi`` the 句/绞 holding the eaten X,
``bi`` the groups laying out every remaining concealed copy of X (比), sorted
by their tile-index tuples.  Two ways are the same when both parts are equal
as tile multisets; one layout split into groups differently is another way.

Candidates (the menu ``candidate_ways`` offers, legal and not):

* every eating group: a SHAPE (groups.SHAPES) containing X whose other two
  tiles are concealed — 坎 tiles included;
* combined with every complete 比 layout of the remaining copies of X: a
  multiset of SHAPES, each holding X, made of the concealed tiles left after
  the eating group (坎 tiles included) and holding exactly those copies;
* an eating group with no complete layout gives one candidate with ``bi``
  empty: it is 烧比 (or ``kan`` when a 坎 takes part).

Each candidate gets the first reason that applies, in the order of
``CHI_REASONS``: geshan (a lower-player tile, 不吃隔山牌), chi_from (another
origin the ruleset does not eat from: luzhou's own draw, 吃牌只能吃上家的),
chou (X is 臭 for 吃, or a 过张), kan (X matches a 坎, or a 坎 tile is in the
eating group or a 比 group), must_wei (a self-drawn tile onto a concealed
pair that must be 偎'd), compulsory (a 提, 偎, 跑, 招 or 碰 must be made),
shaobi (no complete 比: 烧比, luzhou's 吃包子), no_discard (no discardable tile
left); none: the way is legal.  When geshan, chi_from or chou applies,
``forbidden`` holds one entry for 吃 (``chi`` None) instead of one per
candidate.

Decisions where RULES.md is silent, taken here:

* a 提/偎/跑 is compulsory even when X also wins; 胡 is then offered beside it
  (胡 is never compulsory) and passing is forbidden;
* a self-drawn X onto a concealed pair also gets a forbidden 碰 (must_wei):
  one's own draw is 偎'd, never 碰'd;
* 碰 reasons in order: must_wei, compulsory, peng_passed, no_discard;
* 偎 is always followed by a discard (八块 concerns 跑/提 only); its ``left``
  may be empty in the corner case of a hand of 坎s only;
* ``chou`` and ``passed_peng`` name tile kinds, not copies: they are not
  counted against the 4 copies of a tile;
* a compulsory 碰 (有碰必碰, or one's own 碰 of the take table) that leaves
  only 坎 tiles is still made, and no discard follows (``left`` None); an
  optional one is forbidden then (no_discard), as before;
* under ``passed == "hu_only"`` (过张只能胡) ``chou`` and ``passed_peng`` mean
  the same: a passed tile, neither eaten nor 碰'd — one's own 碰 of a
  self-drawn tile onto the pair included, and before 有碰必碰; 招 and the
  other 4-tile groups are not blocked (臭 never blocks 跑/提 either).  The
  胡 offered on such a tile is the reference's (which makes that own 碰 first).
  A pass makes X a 过张 (``becomes_chou_chi`` and ``becomes_chou_peng`` both
  X) when a 吃 or a 碰 of it was legal;
* under ``passed == "chou"`` the take table's own 碰 is, like a 偎, not
  blocked by a passed 碰;
* a discard onto the player's 碰 where the take table makes nothing (a
  discarded 4th) may be eaten like any tile.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from ..model.groups import SHAPES
from ..model.hand import Hand
from ..model.results import ACTIONS, Action, Candidate, Decision, Forbidden, Shape
from ..model.rules import FOUR_KINDS, Ruleset
from ..model.tiles import N_KINDS
from . import decide_memo, play_rules, reference

if TYPE_CHECKING:
    from .decide_memo import RawWay, Ways

__all__ = ["TAKE_SOURCE", "candidate_ways", "decide", "eating_ways", "holding", "legal_ways", "passed_sets"]

Way = tuple[Shape, tuple[Shape, ...]]


# ---------------------------------------------------------------- ways to eat

def eating_ways(concealed: Iterable[int], x: int) -> list[tuple[Shape, tuple[Shape, ...] | None, int]]:
    """(chi, bi or None, copies not laid out) for every eating group of x: the rule table's ways
    (``play_rules.ways``, which the game kernels run), in its order.

    ``concealed`` is the count vector; 坎 tiles are allowed.  An eating group
    with no complete 比 layout appears once with ``bi`` None and the number of
    copies of x that cannot be laid out; otherwise once per layout.
    """
    rows = _WAYS_OUT
    n = play_rules.ways(list(concealed), x, play_rules.M_FREE, rows)
    out: list[tuple[Shape, tuple[Shape, ...] | None, int]] = []
    for row in rows[:n]:
        chi = SHAPES[row[play_rules.W_CHI]]
        if row[play_rules.W_NO_BI]:
            out.append((chi, None, row[play_rules.W_STRANDED]))
        else:
            out.append((chi, tuple(SHAPES[s] for s in row[play_rules.W_BI:play_rules.W_BI + 3] if s >= 0), 0))
    return out


#: the rows ``play_rules.ways`` writes (one buffer: the ways are read off before the next call)
_WAYS_OUT = [[0] * play_rules.W_SIZE for _ in range(play_rules.MAX_WAYS)]


def _used(chi: Shape, bi: Iterable[Shape], x: int) -> list[int]:
    """The concealed tiles a way to eat lays out (the eaten copy is not one)."""
    used = [t for g in (chi, *bi) for t in g]
    used.remove(x)
    return used


def _without(left: tuple[int, ...], used: Iterable[int]) -> tuple[int, ...]:
    """``left`` (tiles in tile order) less the copies in ``used``, all of them there."""
    rest = list(left)
    for t in used:
        rest.remove(t)
    return tuple(rest)


# ---------------------------------------------------------------- decide

#: the take table's source (Ruleset.take) of each origin: one's own draw, another player's draw or discard
TAKE_SOURCE = {"self-draw": "self", "upper-draw": "other", "lower-draw": "other",
               "upper-discard": "discard", "lower-discard": "discard"}
_WHO = {origin: origin.split("-")[0] for origin in TAKE_SOURCE}


def holding(hand: Hand, x: int) -> str:
    """What ``hand`` holds of tile x, as a row of the take table (RULES.md 4): an
    exposed 偎 or 碰, a concealed 坎 or pair, or less (copies in a 吃 do not count)."""
    meld = next((m.kind for m in hand.melds if m.kind in ("wei", "peng") and m.tiles[0] == x), None)
    if meld:
        return meld
    return {3: "kan", 2: "pair"}.get(hand.concealed[x], "less")


def passed_sets(chou: Iterable[int], passed_peng: Iterable[int], rules: Ruleset) -> tuple[set[int], set[int]]:
    """(tiles that may not be eaten, tiles that may not be 碰'd) after the passes named.

    Under ``passed == "chou"`` each input blocks its own move; under
    ``"hu_only"`` (过张只能胡) either names a passed tile, which is then
    neither eaten nor 碰'd."""
    if rules.passed == "hu_only":
        both = set(chou) | set(passed_peng)
        return both, both
    return set(chou), set(passed_peng)


def decide(hand: Hand, *, tile: int, source: str, chou: Iterable[int] = (), passed_peng: Iterable[int] = (),
           rules: Ruleset) -> Decision:
    """What a validated hand at rest may, must and may not do with ``tile`` from ``source`` (one of ORIGINS).

    ``chou``: tiles that are 臭 for 吃 (passed before); ``passed_peng``: tiles
    whose 碰 was passed (臭 for 碰); under a ruleset whose passes make a tile
    good only for winning, either names such a tile (``passed_sets``).
    ``solver.api.decide`` parses and checks the text of all these first.

    Fast (the game engine asks it at every revealed tile): the reference's
    胡 (``reference.best_win``) is asked only when an exact test says the
    tile may win (``decide_memo``), the ways to eat are kept by the tiles
    they depend on, and the facts of a hand are made once.

    >>> from solver.model.notation import parse_hand
    >>> from solver.model.rules import HUNAN
    >>> d = decide(parse_hand("一二三四五 六七八 九九玖 肆伍陆 柒捌玖 拾拾壹"), tile=2, source="upper-discard",
    ...            rules=HUNAN)
    >>> legal_ways(d)
    [((0, 1, 2), ((2, 3, 4),)), ((2, 3, 4), ((0, 1, 2),))]
    >>> [(f.chi, f.reason) for f in d.forbidden]
    [((1, 2, 3), 'shaobi')]
    """
    x = tile
    chou_t = tuple(sorted(set(chou))) if chou else ()
    passed_t = tuple(sorted(set(passed_peng))) if passed_peng else ()
    ctx = decide_memo.context(rules)
    if ctx.hu_only:  # 过张只能胡: either names a tile neither eaten nor 碰'd (passed_sets)
        no_chi = no_peng = x in chou_t or x in passed_t
    else:
        no_chi, no_peng = x in chou_t, x in passed_t
    f = ctx.facts(hand)
    left = f.left
    src = TAKE_SOURCE[source]
    n = hand.concealed[x]
    held = f.held.get(x) or ("kan" if n == 3 else "pair" if n == 2 else "less")
    take = ctx.take.get((held, src))  # no row for a holding the ruleset cannot have (luzhou's 偎)
    actions: list[Action] = []
    forbidden: list[Forbidden] = []

    # 胡 on the sources the ruleset wins on; 臭 (and a 过张) never blocks it.
    if src in ctx.win_on:
        if ctx.may_win(f, x, held, src):
            win = reference.best_win(hand, x, src, rules)
            if win is not None:
                actions.append(Action("hu", win=win))
    elif src == "discard" and ctx.may_win(f, x, held, "other"):
        if reference.best_win(hand, x, "other", rules) is not None:
            forbidden.append(_forbid("hu", "discard_no_hu"))  # it would win as a stock tile

    # The group the take table makes of x (提, 偎, 跑, 招, or one's own 碰), if any, or why not.
    # 八块: a second or later 4-tile group is not followed by a discard.  One's own 碰 (a
    # self-drawn tile onto a pair, where there is no 偎) gives way to a pass that leaves the
    # tile good only for winning; 臭 never blocks the others.
    forced = None
    pengs = False
    if take is not None and take.makes != "free":
        makes = take.makes
        if makes in FOUR_KINDS:
            discard = not f.four
            move: Action | Forbidden = Action(makes, compulsory=take.compulsory, onto=held, discard=discard,
                                              left=left if discard else None)
        elif makes == "wei":
            move = Action("wei", compulsory=take.compulsory, onto="pair", chou_wei=x in passed_t,
                          left=_without(left, (x, x)))
        elif ctx.hu_only and no_peng:
            move = _forbid("peng", "peng_passed")
        else:
            move = _peng_action(take.compulsory, _without(left, (x, x)))
        if isinstance(move, Action):
            actions.append(move)
            pengs = makes == "peng"
            forced = move if move.compulsory else None
        else:
            forbidden.append(move)

    # 碰 of another player's tile onto a concealed pair (compulsory where the ruleset says so), or why not;
    # one's own draw onto a pair is 偎'd (or 碰'd as the take table's move), never 碰'd here.
    if held == "pair" and take is not None and take.makes != "peng":
        if src == "self":
            if forced is not None and forced.action == "wei":
                forbidden.append(_forbid("peng", "must_wei"))
        elif forced is not None:
            forbidden.append(_forbid("peng", "compulsory", (forced.action,)))
        elif no_peng:
            forbidden.append(_forbid("peng", "peng_passed"))
        else:
            peng = _peng_action(rules.peng_compulsory, _without(left, (x, x)))
            if isinstance(peng, Action):
                actions.append(peng)
                pengs = True
                if peng.compulsory:  # 有碰必碰: 吃 and 过 give way to it, as to a compulsory 跑
                    forced = peng
            else:
                forbidden.append(peng)

    # 吃: the candidates, their reasons and the legal ways, kept by what they depend on.
    if source not in ctx.chi_from:
        mode = 0 if _WHO[source] == "lower" else 1
    elif no_chi:
        mode = 2
    elif forced is None:
        mode = _FREE
    elif forced.action == "wei":
        mode = _FREE + 1
    else:
        mode = _COMPULSORY[forced.action]
    raw_key = (f.packed & decide_memo.NEAR[x]) << 5 | x
    key = raw_key << 4 | mode
    got = ctx.ways.get(key)
    if got is None:
        ctx.clear_ways()
        raw = ctx.raw.get(raw_key)
        if raw is None:
            raw = ctx.raw[raw_key] = _raw_ways(raw_key >> 5, x, hand.concealed)
        got = ctx.ways[key] = _ways(raw, x, _MODES[mode], -1)
    candidates, chi_forbidden, legal, sizes = got
    if len(left) in sizes:  # a legal way would leave only 坎 tiles (no_discard): made for this hand alone
        raw = ctx.raw.get(raw_key) or _raw_ways(raw_key >> 5, x, hand.concealed)
        candidates, chi_forbidden, legal, _ = _ways(raw, x, _MODES[mode], len(left))
    for chi, bi, used in legal:
        actions.append(Action("chi", chi=chi, bi=bi, left=_without(left, used)))
    forbidden += chi_forbidden

    # 过: not when a move is compulsory (走跑 / 失提 / 忍偎 / 有碰必碰 / 招).
    if forced is None:
        if ctx.hu_only:  # 过张只能胡: neither 吃 nor 碰 of it afterwards
            chou_chi = chou_peng = (x,) if legal or pengs else ()
        else:
            chou_chi, chou_peng = (x,) if legal else (), (x,) if pengs else ()
        actions.append(_pass(chou_chi, chou_peng))
    else:
        forbidden.append(_forbid("pass", "compulsory", (forced.action,)))
    # Made in the order of ACTIONS (胡, the take table's group, 碰, 吃 in candidate order, 过),
    # and the forbidden moves likewise (the 吃 ones sorted by (chi, bi)): no sort needed.
    return Decision(hand, x, source, tuple(actions), tuple(forbidden), rules, chou=chou_t, passed_peng=passed_t,
                    candidates=candidates)


#: what applies to every way to eat before a 坎 does (隔山, chi_from, 臭) or after it (must_wei,
#: compulsory), as (reason, detail), or nothing (_FREE); numbered for the memo keys
_MODES: tuple[tuple[str | None, tuple[str, ...]], ...] = (
    ("geshan", ()), ("chi_from", ()), ("chou", ()), (None, ()), ("must_wei", ())) + tuple(
    ("compulsory", (k,)) for k in (*FOUR_KINDS, "peng"))
_FREE = 3
_LOW_BITS = sum(1 << (4 * t) for t in range(N_KINDS))
_COMPULSORY = {m[1][0]: i for i, m in enumerate(_MODES) if m[0] == "compulsory"}
assert _MODES[_FREE] == (None, ()) and len(_MODES) <= 16
# decide appends its moves in this order (one's own 碰 is the take table's group: it has no other 碰)
assert ACTIONS == ("hu", "ti", "wei", "pao", "zhao", "peng", "chi", "pass")

_FORBIDS: dict[tuple[str, str, tuple[int | str, ...]], Forbidden] = {}
_PASSES: dict[tuple[tuple[int, ...], tuple[int, ...]], Action] = {}


def _forbid(action: str, reason: str, detail: tuple[int | str, ...] = ()) -> Forbidden:
    """A forbidden move with no group (one object for each: they are frozen)."""
    got = _FORBIDS.get((action, reason, detail))
    if got is None:
        got = _FORBIDS[action, reason, detail] = Forbidden(action, reason, detail=detail)
    return got


def _pass(chou_chi: tuple[int, ...], chou_peng: tuple[int, ...]) -> Action:
    got = _PASSES.get((chou_chi, chou_peng))
    if got is None:
        got = _PASSES[chou_chi, chou_peng] = Action("pass", becomes_chou_chi=chou_chi, becomes_chou_peng=chou_peng)
    return got


def _peng_action(compulsory: bool, left: tuple[int, ...]) -> Action | Forbidden:
    """A 碰 onto the pair: an optional one needs a discard after it; a compulsory
    one is made all the same, and then no discard follows (``left`` None)."""
    if not left and not compulsory:
        return _forbid("peng", "no_discard")
    return Action("peng", compulsory=compulsory, onto="pair", left=left or None)


def _raw_ways(near: int, x: int, conc: tuple[int, ...]) -> tuple[RawWay, ...]:
    """(chi, bi or None, copies stranded, tiles used, 坎 tiles taking part) of every way to eat x,
    sorted by (chi, bi) as ``eating`` makes them: what depends on the counts of the tiles sharing
    a shape with x alone (``near``: those counts, packed)."""
    out: list[RawWay] = []
    kan_near = near & (near >> 1) & _LOW_BITS  # a 坎 among those tiles (a count of 3: both low bits)
    for chi, bi, stranded in eating_ways([(near >> (4 * t)) & 15 for t in range(N_KINDS)], x):
        used = _used(chi, bi or (), x)
        kans: tuple[int, ...] = ()
        if kan_near:
            kans = tuple(sorted({t for t in used if conc[t] == 3} | ({x} if conc[x] == 3 else set())))
        out.append((chi, bi, stranded, tuple(used), kans))
    return tuple(out)


def _ways(raw: tuple[RawWay, ...], x: int, mode: tuple[str | None, tuple[str, ...]], n_left: int) -> Ways:
    """(candidates, forbidden 吃 entries, legal ways as (chi, bi, tiles used), their numbers of tiles
    used), sorted by (chi, bi): each way of ``raw`` (``_raw_ways``) to eat x with the first reason
    that applies (module docstring).

    ``mode`` is (reason, detail) of what applies before a 坎 does (隔山, chi_from, 臭) or after
    it (must_wei, compulsory), or (None, ()); ``n_left`` the tiles outside the 坎 (-1: as many
    as no way uses, so that the answer holds for every hand whose count is not in the last item)."""
    first, detail0 = mode
    candidates = []
    legal: list[tuple[Shape, tuple[Shape, ...], tuple[int, ...]]] = []
    detail: tuple[int | str, ...]
    for chi, bi, stranded, used, kans in raw:
        if first in ("geshan", "chi_from", "chou"):
            reason, detail = first, ()
        elif kans:
            reason, detail = "kan", kans
        elif first is not None:
            reason, detail = first, detail0
        elif bi is None:
            reason, detail = "shaobi", (x,) * stranded
        elif len(used) == n_left:  # every tile left would be in a 坎 (the used ones are not)
            reason, detail = "no_discard", ()
        else:
            reason, detail = None, ()
            legal.append((chi, bi, used))
        candidates.append(Candidate(chi, bi or (), reason, detail))
    if first in ("geshan", "chi_from", "chou"):  # one entry, whatever groups could be formed
        chi_forbidden: tuple[Forbidden, ...] = (_forbid("chi", first),)
    else:
        chi_forbidden = tuple(Forbidden("chi", c.reason, c.chi, c.bi, c.detail) for c in candidates if c.reason)
    return tuple(candidates), chi_forbidden, tuple(legal), frozenset(len(used) for _, _, used in legal)


# ---------------------------------------------------------------- quiz helpers

def legal_ways(decision: Decision) -> list[Way]:
    """Every legal way to eat, as (chi, bi), sorted by tile-index tuples."""
    ways: list[Way] = []
    for a in decision.actions:
        if a.action == "chi":
            assert a.chi is not None  # (a 吃 has its group)
            ways.append((a.chi, a.bi))
    return ways


def candidate_ways(decision: Decision) -> list[Candidate]:
    """Every candidate way to eat (see the module docstring), legal or not,
    sorted by (chi, bi) tile-index tuples; ``reason`` None marks a legal one."""
    return list(decision.candidates)

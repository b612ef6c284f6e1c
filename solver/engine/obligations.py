"""Obligations at one decision point: what may, must and may not a hand do with a tile?

A tile X has appeared from SOURCE for a hand at rest.  ``decide`` answers with
every action the player may take (胡 > 提/偎 > 跑 > 碰 > 吃 > 过), each marked
compulsory or optional, and every move they may not make with its reason
(RULES.md sections 4 and 7).  ``solver.text.explain`` turns the answer into
sentences (English or Chinese), JSON (``act_json``) and text (``act_lines``).

Scope: the answer is about this player alone.  Whether another player takes X
first (碰/跑 has priority over 吃, seed 000 玩法规则 7) is not known here.

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
``CHI_REASONS``: geshan (a lower-player tile, 不吃隔山牌), chou (X is 臭 for
吃), kan (X matches a 坎, or a 坎 tile is in the eating group or a 比 group),
must_wei (a self-drawn tile onto a concealed pair), compulsory (a 提, 偎 or 跑
must be made), shaobi (no complete 比), no_discard (no discardable tile left);
none: the way is legal.  When geshan or chou applies, ``forbidden`` holds one
entry for 吃 (``chi`` None) instead of one per candidate.

Decisions where RULES.md is silent, taken here:

* a 提/偎/跑 is compulsory even when X also wins; 胡 is then offered beside it
  (胡 is never compulsory) and passing is forbidden;
* a self-drawn X onto a concealed pair also gets a forbidden 碰 (must_wei):
  one's own draw is 偎'd, never 碰'd;
* 碰 reasons in order: must_wei, compulsory, peng_passed, no_discard;
* 偎 is always followed by a discard (八块 concerns 跑/提 only); its ``left``
  may be empty in the corner case of a hand of 坎s only;
* ``chou`` and ``passed_peng`` name tile kinds, not copies: they are not
  counted against the 4 copies of a tile.
"""
from __future__ import annotations

from typing import Iterable

from ..model.groups import SHAPES
from ..model.hand import Hand
from ..model.results import ACTIONS, Action, Candidate, Decision, Forbidden, Shape
from ..model.rules import Ruleset
from . import reference

__all__ = ["candidate_ways", "decide", "eating_ways", "legal_ways"]

Way = tuple[Shape, tuple[Shape, ...]]


# ---------------------------------------------------------------- ways to eat

def _take(counts: list[int], group: Iterable[int]) -> bool:
    """Remove ``group`` from ``counts`` if all its tiles are there."""
    need = list(group)
    for t in need:
        counts[t] -= 1
    if any(counts[t] < 0 for t in need):
        for t in need:
            counts[t] += 1
        return False
    return True


def _layouts(counts: list[int], x: int, copies: int, shapes: list[Shape], start: int = 0):
    """Every multiset of ``shapes`` (each holding x) drawn from ``counts`` that
    holds exactly ``copies`` copies of x; groups in nondecreasing shape order."""
    if copies == 0:
        yield ()
        return
    for i in range(start, len(shapes)):
        s = shapes[i]
        n = s.count(x)
        if n > copies or not _take(counts, s):
            continue
        for rest in _layouts(counts, x, copies - n, shapes, i):
            yield (s,) + rest
        for t in s:
            counts[t] += 1


def _most_laid(counts: list[int], x: int, copies: int, shapes: list[Shape]) -> int:
    """The most copies of x (at most ``copies``) any layout can lay out."""
    best = 0
    for i, s in enumerate(shapes):
        n = s.count(x)
        if n <= copies and _take(counts, s):
            best = max(best, n + _most_laid(counts, x, copies - n, shapes[i:]))
            for t in s:
                counts[t] += 1
    return best


def eating_ways(concealed: Iterable[int], x: int) -> list[tuple[Shape, tuple[Shape, ...] | None, int]]:
    """(chi, bi or None, copies not laid out) for every eating group of x.

    ``concealed`` is the count vector; 坎 tiles are allowed.  An eating group
    with no complete 比 layout appears once with ``bi`` None and the number of
    copies of x that cannot be laid out; otherwise once per layout.
    """
    counts = list(concealed)
    shapes = [s for s in SHAPES if x in s]
    out = []
    for chi in shapes:
        others = list(chi)
        others.remove(x)
        if not _take(counts, others):
            continue
        copies = counts[x]
        layouts = list(_layouts(counts, x, copies, shapes))
        if layouts:
            out += [(chi, bi, 0) for bi in layouts]
        else:
            out.append((chi, None, copies - _most_laid(counts, x, copies, shapes)))
        for t in others:
            counts[t] += 1
    return out


def _left(counts: Iterable[int]) -> tuple[int, ...]:
    """Concealed tiles that may be discarded: every tile not in a 坎."""
    return tuple(t for t, n in enumerate(counts) if n in (1, 2) for _ in range(n))


def _after(concealed: tuple[int, ...], used: Iterable[int]) -> list[int]:
    counts = list(concealed)
    for t in used:
        counts[t] -= 1
    return counts


# ---------------------------------------------------------------- decide

def decide(hand: Hand, *, tile: int, source: str, chou: Iterable[int] = (), passed_peng: Iterable[int] = (),
           rules: Ruleset) -> Decision:
    """What a validated hand at rest may, must and may not do with ``tile`` from ``source`` (one of ORIGINS).

    ``chou``: tiles that are 臭 for 吃 (passed before); ``passed_peng``: tiles
    whose 碰 was passed (臭 for 碰).  ``solver.api.decide`` parses and checks
    the text of all these first.

    >>> from solver.model.notation import parse_hand
    >>> from solver.model.rules import HUNAN
    >>> d = decide(parse_hand("一二三四五 六七八 九九玖 肆伍陆 柒捌玖 拾拾壹"), tile=2, source="upper-discard",
    ...            rules=HUNAN)
    >>> legal_ways(d)
    [((0, 1, 2), ((2, 3, 4),)), ((2, 3, 4), ((0, 1, 2),))]
    >>> [(f.chi, f.reason) for f in d.forbidden]
    [((1, 2, 3), 'shaobi')]
    """
    h, x, src, ruleset = hand, tile, source, rules
    chou_t = tuple(sorted(set(chou)))
    passed_t = tuple(sorted(set(passed_peng)))

    who, how = src.split("-")
    actions: list[Action] = []
    forbidden: list[Forbidden] = []

    # 胡: only on a stock tile in hunan (胡牌必须胡墩上的); 臭 never blocks it.
    win = reference.best_win(h, x, "self" if who == "self" else "other", ruleset)
    if win is not None:
        if how == "draw" or ruleset.win_on_discard:
            actions.append(Action("hu", win=win))
        else:
            forbidden.append(Forbidden("hu", "discard_no_hu"))

    forced = _forced(h, x, who, how, passed_t, ruleset)
    if forced is not None:
        actions.append(forced)

    peng = _peng(h, x, who, forced, passed_t, ruleset)
    if isinstance(peng, Action):
        actions.append(peng)
        if peng.compulsory:  # 有碰必碰: 吃 and 过 give way to it, as to a compulsory 跑
            forced = peng
    elif peng is not None:
        forbidden.append(peng)

    candidates = _candidates(h.concealed, x, who, x in chou_t, forced)
    chi = [Action("chi", chi=c.chi, bi=c.bi, left=_left(_after(h.concealed, _used(c.chi, c.bi, x))))
           for c in candidates if c.reason is None]
    actions += chi
    if who == "lower" or x in chou_t:  # one entry, whatever groups could be formed
        forbidden.append(Forbidden("chi", "geshan" if who == "lower" else "chou"))
    else:
        forbidden += [Forbidden("chi", c.reason, c.chi, c.bi, c.detail) for c in candidates if c.reason]

    # 过: not when a move is compulsory (走跑 / 失提 / 忍偎).
    if forced is None:
        actions.append(Action("pass", becomes_chou_chi=(x,) if chi else (),
                              becomes_chou_peng=(x,) if isinstance(peng, Action) else ()))
    else:
        forbidden.append(Forbidden("pass", "compulsory", detail=(forced.action,)))

    order = {a: i for i, a in enumerate(ACTIONS)}
    actions.sort(key=lambda a: order[a.action])  # stable: the 吃 ways stay sorted
    forbidden.sort(key=lambda f: (order[f.action], f.chi or (), f.bi))
    return Decision(h, x, src, tuple(actions), tuple(forbidden), ruleset, chou=chou_t, passed_peng=passed_t,
                    candidates=candidates)


def _forced(h: Hand, x: int, who: str, how: str, passed_peng: tuple[int, ...], rules: Ruleset) -> Action | None:
    """The compulsory 提, 偎 or 跑 (RULES.md 7), if any."""
    conc, n = h.concealed, h.concealed[x]
    wei = any(m.kind == "wei" and m.tiles[0] == x for m in h.melds)
    peng = any(m.kind == "peng" and m.tiles[0] == x for m in h.melds)
    # 八块: a second or later 跑/提 is not followed by a discard.
    discard = h.n_four == 0
    left = _left(_after(conc, (x,) * 3 if n == 3 else ())) if discard else None
    onto = "kan" if n == 3 else "wei" if wei else "peng"
    if who == "self":
        if n == 3 or wei:
            return Action("ti", compulsory=True, onto=onto, discard=discard, left=left)
        if peng:
            return Action("pao", compulsory=True, onto=onto, discard=discard, left=left)
        if n == 2 and rules.self_pair_must_wei:
            return Action("wei", compulsory=True, onto="pair", chou_wei=x in passed_peng,
                          left=_left(_after(conc, (x, x))))
        return None
    # A discarded 4th copy of one's 碰 makes no 跑 (seed 002).
    if n == 3 or wei or (peng and how == "draw"):
        return Action("pao", compulsory=True, onto=onto, discard=discard, left=left)
    return None


def _peng(h: Hand, x: int, who: str, forced: Action | None, passed_peng: tuple[int, ...],
          rules: Ruleset) -> Action | Forbidden | None:
    """碰 of another player's tile onto a concealed pair (compulsory where the ruleset says so), or why not."""
    if h.concealed[x] != 2:
        return None
    if who == "self":  # one's own draw onto a pair is 偎'd, never 碰'd
        return Forbidden("peng", "must_wei") if forced is not None and forced.action == "wei" else None
    left = _left(_after(h.concealed, (x, x)))
    if forced is not None:
        return Forbidden("peng", "compulsory", detail=(forced.action,))
    if x in passed_peng:
        return Forbidden("peng", "peng_passed")
    if not left:
        return Forbidden("peng", "no_discard")
    return Action("peng", compulsory=rules.peng_compulsory, onto="pair", left=left)


def _used(chi: Shape, bi: Iterable[Shape], x: int) -> list[int]:
    """The concealed tiles a way to eat lays out (the eaten copy is not one)."""
    used = [t for g in (chi, *bi) for t in g]
    used.remove(x)
    return used


def _candidates(conc: tuple[int, ...], x: int, who: str, chou: bool,
                forced: Action | None) -> tuple[Candidate, ...]:
    """Every candidate way to eat x with its reason (module docstring), sorted."""
    out = []
    for chi, bi, stranded in eating_ways(conc, x):
        used = _used(chi, bi or (), x)
        kans = tuple(sorted({t for t in used if conc[t] == 3} | ({x} if conc[x] == 3 else set())))
        if who == "lower":
            reason, detail = "geshan", ()
        elif chou:
            reason, detail = "chou", ()
        elif kans:
            reason, detail = "kan", kans
        elif forced is not None and forced.action == "wei":
            reason, detail = "must_wei", ()
        elif forced is not None:
            reason, detail = "compulsory", (forced.action,)
        elif bi is None:
            reason, detail = "shaobi", (x,) * stranded
        elif not _left(_after(conc, used)):
            reason, detail = "no_discard", ()
        else:
            reason, detail = None, ()
        out.append(Candidate(chi, bi or (), reason, detail))
    return tuple(sorted(out, key=lambda c: (c.chi, c.bi)))


# ---------------------------------------------------------------- quiz helpers

def legal_ways(decision: Decision) -> list[Way]:
    """Every legal way to eat, as (chi, bi), sorted by tile-index tuples."""
    return [(a.chi, a.bi) for a in decision.actions if a.action == "chi"]


def candidate_ways(decision: Decision) -> list[Candidate]:
    """Every candidate way to eat (see the module docstring), legal or not,
    sorted by (chi, bi) tile-index tuples; ``reason`` None marks a legal one."""
    return list(decision.candidates)

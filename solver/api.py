"""The typed public API: the one place that turns text into a ``Hand`` and a name into a ``Ruleset``.

Single hands are answered in plain Python (no numba import, so every
one-hand command starts fast): the waits by the reference, the distance to
ready and improving draws of a hand that is not ready (RULES.md 6) by
``solver.engine.plain_distance``.  ``*_many`` batch functions call the numba
kernels once for many hands (``solver.engine.wins``, ``solver.engine.distance``).
The two give the same answers (the tests hold them to each other).  Bad input raises
``HandError`` (a ValueError).  A ruleset is given by name (``"hunan"``, the
default, ``"luzhou"``, ``"luzhou-deng"``), by the path of a ruleset file, or
as a ``Ruleset``.

>>> [w.tile for w in ting("一二三壹贰叁贰柒拾四五六八九十七七七伍伍").waits]  # 五 七 伍
[4, 6, 14]
>>> hu("一二三壹贰叁贰柒拾七八九五五五陆柒捌四六", win="五", source="other").win.how
'破跑胡'
>>> hu("一二三壹贰叁贰柒拾七八九五五五陆柒捌四六", win="五", source="other", conditions={"haidi"}).win.fan_names
('海底',)
"""
from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING, Iterable, Literal, Sequence, TypedDict, cast

from .engine import dealt, obligations, reference
from .model import scoring, shape
from .model.hand import MELD_ZH, Hand, HandError, check_copies, check_hand, meld_problem
from .model.notation import parse_hand, parse_kinds, parse_origin, parse_source, parse_tile, parse_tiles
from .model.results import WIN_WAYS, Decision, DiscardAdvice, Discards, Draw, HuResult, Ting, Wait
from .model.rules import DEFAULT_RULESET, Ruleset, get_ruleset
from .model.tiles import COPIES, N_KINDS, glyph, tiles_to_counts

if TYPE_CHECKING:
    from fractions import Fraction

    from .model.results import Analysis, Intake

__all__ = ["TING_BUDGET", "TABLE_BUDGET", "HandError", "best_discards", "decide", "discard", "discard_choice",
           "discard_many", "hu", "hu_many", "load", "ruleset", "tianhu", "ting", "ting_many"]

#: positions the distance search of one hand (``ting``) may look at beyond
#: distance 2 (a second or two at most); batches and discard tables look
#: at none: their distances are exact up to 2, and beyond they say ``limit``.
TING_BUDGET = 60_000
TABLE_BUDGET = 0
#: positions the plain-Python search looks at beyond distance 2 before a
#: larger budget hands the hand to the kernels' search (it is exact up to 2)
PLAIN_BUDGET = 0

Rules = str | Ruleset


def ruleset(rules: Rules = DEFAULT_RULESET) -> Ruleset:
    """The ``Ruleset`` named ``rules`` (a ``Ruleset`` is returned as it is); ValueError naming the choices."""
    return rules if isinstance(rules, Ruleset) else get_ruleset(rules)


def load(hand: str | Hand, *, want: Literal["rest", "discard"], seen: str | Iterable[int] = "",
         tile: int | None = None, rules: Rules = DEFAULT_RULESET) -> tuple[Hand, list[int]]:
    """Parse and validate a hand (its melds of the ruleset's kinds) and its seen tiles; return (hand, seen counts)."""
    rs = ruleset(rules)
    h = parse_hand(hand, rs) if isinstance(hand, str) else hand
    seen_tiles = list(parse_tiles(seen)) if isinstance(seen, str) else list(seen)
    check_hand(h, want=want, rules=rs)
    extra = [seen_tiles] + ([[tile]] if tile is not None else [])
    what = " and ".join(w for w, on in (("--seen", seen_tiles), ("the tile asked about", tile is not None)) if on)
    check_copies(h, *extra, what=what)
    return h, tiles_to_counts(seen_tiles)


def _tile(tile: str | int) -> int:
    if isinstance(tile, str):
        return parse_tile(tile)
    if isinstance(tile, bool) or not isinstance(tile, int) or not 0 <= tile < N_KINDS:
        raise HandError(f"{tile!r} is not a tile: tile ids are 0-{N_KINDS - 1}")
    return tile


def ting(hand: str | Hand, *, seen: str | Iterable[int] = "", rules: Rules = DEFAULT_RULESET,
         budget: int = TING_BUDGET) -> Ting:
    """Every wait of a hand at rest, per source, with outs (RULES.md 4-6);
    for a hand that is not ready, its distance to ready and improving draws."""
    rs = ruleset(rules)
    h, seen_counts = load(hand, want="rest", seen=seen, rules=rs)
    return with_distance([reference.ting(h, rs, seen_counts)], [seen_counts], rs, budget=budget, plain=True)[0]


def discard(hand: str | Hand, *, seen: str | Iterable[int] = "", rules: Rules = DEFAULT_RULESET,
            budget: int = TABLE_BUDGET) -> Discards:
    """Every discard of a hand holding one tile more than at rest, ranked
    (distance to ready first, then live improving draws, then outs...)."""
    rs = ruleset(rules)
    h, seen_counts = load(hand, want="discard", seen=seen, rules=rs)
    return with_advice([reference.discard(h, rs, seen_counts)], [seen_counts], rs, budget=budget, plain=True)[0]


def discard_choice(hand: str | Hand, *, seen: str | Iterable[int] = "",
                   rules: Rules = DEFAULT_RULESET) -> tuple[tuple[int, ...], Discards]:
    """The right answers to "which discard?" (``best_discards``) and the table
    they come from.  When some discard leaves live outs that table is the
    reference's (no distances needed, so no numba); otherwise every row
    carries its distance (``discard``)."""
    rs = ruleset(rules)
    h, seen_counts = load(hand, want="discard", seen=seen, rules=rs)
    table = reference.discard(h, rs, seen_counts)
    if not table.rows or table.rows[0].outs == 0:
        table = with_advice([table], [seen_counts], rs, plain=True)[0]
    return best_discards(table), table


def best_discards(table: Discards) -> tuple[int, ...]:
    """The best discards, in rank order: the least distance and, among those,
    the most live improving draws — at distance 0 the most live outs.  A
    plain engine table (no distances) is judged on outs alone, which is the
    same answer whenever some discard leaves live outs."""
    rows = table.rows
    if not rows:
        return ()
    top = rows[0]
    if not isinstance(top, DiscardAdvice):
        return tuple(r.tile for r in rows if r.outs == top.outs)
    if top.distance is None:
        return ()  # no discard leaves a hand that can be made ready (or within the search)
    advice = cast("tuple[DiscardAdvice, ...]", rows)  # a table of the api's rows (with_advice) is all advice
    return tuple(r.tile for r in advice if r.distance == top.distance and r.improving_live == top.improving_live)


def hu(hand: str | Hand, *, win: str | int, source: str, all_splits: bool = False,
       rules: Rules = DEFAULT_RULESET, conditions: Iterable[str] = ()) -> HuResult:
    """Whether tile ``win`` from ``source`` (self / other) wins for a hand at rest, and how.

    ``conditions``: the context a game gives the win, its fans counted
    (RULES.md 10): ``haidi`` (海底, the last stock tile), ``dihu`` (地胡, the
    dealer's first discard, won by his lower player), ``qishou`` (起手胡, the
    亮张).  A condition the ruleset cannot have is a ``HandError``.
    """
    tile = _tile(win)
    rs = ruleset(rules)
    src = parse_source(source)
    got = check_conditions(conditions, src, rs)
    h, _ = load(hand, want="rest", tile=tile, rules=rs)
    return reference.hu(h, tile, src, rs, all_splits=all_splits, conditions=got)


#: the conditions of a win on a tile (``hu``), with what each is; 天胡 is ``tianhu``'s
TILE_CONDITIONS = {"haidi": "海底 (a win on the last stock tile)", "dihu": "地胡 (on the dealer's first discard)",
                   "qishou": "起手胡 (on the 亮张)"}


def check_conditions(conditions: Iterable[str], source: str, rules: Ruleset) -> frozenset[str]:
    """``conditions`` as a frozenset, or a HandError naming the fix when ``rules`` cannot give
    a win from ``source`` that context (or when two of them exclude each other)."""
    got = frozenset([conditions] if isinstance(conditions, str) else conditions)
    name = f"the {rules.name} rules"
    for c in sorted(got):
        if c == "tianhu":
            raise HandError("天胡 is the win of a dealt hand, not of a tile: ask tianhu(HAND) (phz hu --tianhu)")
        if c not in TILE_CONDITIONS:
            raise HandError(f"unknown condition {c!r}: choose among {', '.join(TILE_CONDITIONS)}")
    if len(got) > 1:
        raise HandError(" and ".join(TILE_CONDITIONS[c] for c in sorted(got)) + " exclude each other: give one")
    if "haidi" in got and not rules.game.last_tile_wins:
        raise HandError(f"{name} win on no last stock tile (their game.last_tile_wins is false): drop 海底")
    if "haidi" in got and source == "discard":
        raise HandError("海底 is a win on the last stock tile itself, not on a discard: give the source self or other")
    if "dihu" in got and rules.game.dihu == "none":
        raise HandError(f"{name} have no 地胡 (their game.dihu is none): drop it, or use rules that have one")
    if "dihu" in got and source != "discard":
        raise HandError("地胡 is a win on the dealer's first discard: give the source discard")
    if "qishou" in got and not rules.game.liang_zhang:
        raise HandError(f"{name} show no 亮张 (their game.liang_zhang is false), so there is no 起手胡: drop it")
    if "qishou" in got and source == "discard":
        raise HandError("起手胡 is a win on the 亮张, a dealt tile: give the source self (the dealer) or other")
    return got


def tianhu(hand: str | Hand, *, rules: Rules = DEFAULT_RULESET) -> dealt.Dealt:
    """Whether a freshly dealt hand wins at once (天胡, RULES.md 10), and its win.

    ``hand``: the dealt tiles, 20 or 21 for the dealer (his 亮张 included),
    each dealt four laid out as a meld of the ruleset's dealt kind (提; 垅
    under luzhou).  The rule is the ruleset's ``game.tianhu``.

    >>> from solver.model.tiles import glyphs
    >>> d = tianhu("一一一二二二三三三五五五六六六七七八九十")
    >>> d.kans, d.win.how, d.win.huxi, d.win.score, glyphs(d.left)  # 5 坎 and 七八九; 七 十 outside
    (5, '天胡', 15, 2, '七十')
    """
    rs = ruleset(rules)
    if rs.game.tianhu == "none":
        raise HandError(f"the {rs.name} rules have no 天胡 (their game.tianhu is none)")
    h = parse_hand(hand, rs) if isinstance(hand, str) else hand
    check_dealt(h, rs)
    return dealt.judge(h, rs)


def check_dealt(hand: Hand, rules: Ruleset) -> None:
    """A HandError unless ``hand`` can be a freshly dealt hand under ``rules`` (RULES.md 10)."""
    four = MELD_ZH[rules.dealt_four]
    for m in hand.melds:
        if m.kind != rules.dealt_four or meld_problem(m.kind, m.tiles):
            raise HandError(f"{m.text()}: a dealt hand lays out only its dealt fours, as {four} "
                            f"({four}:{glyph(m.tiles[0]) * 4})")
    for t in range(N_KINDS):
        if hand.concealed[t] >= 4:
            raise HandError(f"four {glyph(t)} concealed: a dealt four is laid out as a {four} ({four}:{glyph(t) * 4})")
    check_copies(hand)
    n, deal = sum(hand.all_counts()), rules.game.deal
    sizes = sorted(set(deal))
    if n not in sizes:
        others = " or ".join(str(x) for x in sizes if x != deal[0])
        raise HandError(f"{n} tiles: a freshly dealt hand holds {others}, or {deal[0]} for the dealer"
                        f" ({four} included)")
    if rules.game.tianhu == "dealer_seven_groups" and n != deal[0]:
        raise HandError(f"the {rules.name} rules' 天胡 is the dealer's: give his {deal[0]} tiles, not {n}")


def decide(hand: str | Hand, *, tile: str | int, source: str, chou: str | Iterable[int] = "",
           passed_peng: str | Iterable[int] = "", seen: str | Iterable[int] = "",
           rules: Rules = DEFAULT_RULESET) -> Decision:
    """What a hand at rest may, must and may not do with ``tile`` from ``source``
    (``upper-discard`` … or 上家打出 …): ``solver.engine.obligations.decide``.

    ``chou``: tiles that are 臭 for 吃 (passed before); ``passed_peng``: tiles
    whose 碰 was passed (臭 for 碰); both name kinds, not copies.  ``seen``:
    tiles seen elsewhere (only checked against the 4 copies).

    >>> d = decide("一二三四五 六七八 九九玖 肆伍陆 柒捌玖 拾拾壹", tile="三", source="上家打出")
    >>> [(a.action, a.chi) for a in d.actions]
    [('chi', (0, 1, 2)), ('chi', (2, 3, 4)), ('pass', None)]
    """
    origin = parse_origin(source)
    x = _tile(tile)
    rs = ruleset(rules)
    chou_t = parse_kinds(chou, "chou") if isinstance(chou, str) else tuple(_tile(t) for t in chou)
    passed_t = (parse_kinds(passed_peng, "passed_peng") if isinstance(passed_peng, str)
                else tuple(_tile(t) for t in passed_peng))
    h, _ = load(hand, want="rest", seen=seen, tile=x, rules=rs)
    return obligations.decide(h, tile=x, source=origin, chou=chou_t, passed_peng=passed_t, rules=rs)


def ting_many(hands: Sequence[Hand], seen: Sequence[Sequence[int]] | None = None,
              *, rules: Rules = DEFAULT_RULESET, budget: int = TABLE_BUDGET) -> list[Ting]:
    """Waits (and distances) of many validated hands at rest, the waits in one kernel call."""
    from .engine import wins
    seen = seen or [[0] * N_KINDS] * len(hands)
    rs = ruleset(rules)
    return with_distance(wins.ting_many(hands, seen, rs), seen, rs, budget=budget)


def discard_many(hands: Sequence[Hand], seen: Sequence[Sequence[int]] | None = None,
                 *, rules: Rules = DEFAULT_RULESET, budget: int = TABLE_BUDGET) -> list[Discards]:
    """``discard`` for many validated hands of c + 1 tiles, the waits from the kernels."""
    from .engine import wins
    seen = seen or [[0] * N_KINDS] * len(hands)
    rs = ruleset(rules)
    return with_advice(wins.discard_many(hands, seen, rs), seen, rs, budget=budget)


def hu_many(hands: Sequence[Hand], tiles: Sequence[int], sources: Sequence[str], *,
            rules: Rules = DEFAULT_RULESET, all_splits: bool = False) -> list[HuResult]:
    """``hu`` for many validated (hand, tile, source): the best wins from one
    kernel call; with ``all_splits`` every decomposition of a win comes from
    the reference (the kernels keep only the best)."""
    from .engine import wins
    rs = ruleset(rules)
    results = wins.hu_many(hands, tiles, sources, rs)
    if all_splits:
        results = [reference.hu(r.hand, r.tile, r.source, rs, all_splits=True) if r.win else r for r in results]
    return results


# ---------------------------------------------------------------- distance to ready

def wait_draws(waits: Iterable[Wait]) -> tuple[Draw, ...]:
    """The improving draws of a ready hand: its waits (RULES.md 6), taken by 胡."""
    return tuple(Draw(w.tile, w.outs, tuple(WIN_WAYS[s] for s, x in (("self", w.self), ("other", w.other),
                                                                      ("discard", w.discard)) if x))
                 for w in waits)


def _analyses(hands: Sequence[Hand], rules: Ruleset, budget: int, plain: bool) -> list[Analysis]:
    """The distance analyses of hands that are not ready: in plain Python
    (``plain``: a few hands; numba only for a hand the plain search leaves
    at its budget when ``budget`` allows more), else by the kernels."""
    if not hands:
        return []
    out: list[Analysis] = []
    todo = list(range(len(hands)))
    if plain:
        from .engine import plain_distance
        out = [plain_distance.analyse(h, rules, is_ready=False, budget=min(budget, PLAIN_BUDGET)) for h in hands]
        todo = [i for i, a in enumerate(out) if a.limit and budget > PLAIN_BUDGET]
    if todo:
        from .engine import distance
        deep = distance.analyse_many([hands[i] for i in todo], rules, is_ready=[False] * len(todo), budget=budget)
        if not plain:
            return deep  # every hand's, in order
        for i, a in zip(todo, deep):
            out[i] = a
    return out


@lru_cache(maxsize=8192)
def _way_text(intake: Intake) -> str:
    return intake.text()


def _draws(analysis: Analysis, hand: Hand, seen: Sequence[int]) -> tuple[Draw, ...]:
    held = hand.all_counts()
    return tuple(Draw(t, COPIES - held[t] - seen[t], tuple(map(_way_text, ways)))
                 for t, ways in analysis.improving)


def with_distance(tings: Sequence[Ting], seen: Sequence[Sequence[int]], rules: Ruleset, *,
                  budget: int = TING_BUDGET, plain: bool = False) -> list[Ting]:
    """The engines' answers with ``distance``, ``limit`` and ``improving`` filled in
    (``plain``: by the plain-Python search, for a few hands)."""
    waiting = [i for i, t in enumerate(tings) if not t.waits]
    found = dict(zip(waiting, _analyses([tings[i].hand for i in waiting], rules, budget, plain)))
    out = []
    for i, t in enumerate(tings):
        a = found.get(i)
        if a is None:
            out.append(replace(t, distance=0, improving=wait_draws(t.waits), limit=False))
        else:
            out.append(replace(t, distance=a.distance, limit=a.limit, improving=_draws(a, t.hand, seen[i])))
    return out


class _RowFields(TypedDict):
    """The fields a ``DiscardAdvice`` takes from the engine's ``DiscardRow``."""
    tile: int
    outs: int
    expected_score: Fraction
    best_score: int
    waits: tuple[Wait, ...]


def with_advice(tables: Sequence[Discards], seen: Sequence[Sequence[int]], rules: Ruleset, *,
                budget: int = TABLE_BUDGET, plain: bool = False) -> list[Discards]:
    """The engines' discard tables with each row's distance and improving
    draws, ranked by ``scoring.advice_key``.  A discarded tile counts as seen.
    ``plain``: the distances by the plain-Python search (a table or two)."""
    todo = [(i, r) for i, d in enumerate(tables) for r in d.rows if not r.waits]
    found = dict(zip(((i, r.tile) for i, r in todo),
                     _analyses([tables[i].hand.without(r.tile) for i, r in todo], rules, budget, plain)))
    out = []
    for i, d in enumerate(tables):
        rows: list[DiscardAdvice] = []
        for r in d.rows:
            base: _RowFields = dict(tile=r.tile, outs=r.outs, expected_score=r.expected_score, best_score=r.best_score,
                                    waits=r.waits)
            a = found.get((i, r.tile))
            if a is None:
                rows.append(DiscardAdvice(**base, distance=0, improving=wait_draws(r.waits)))
            else:
                after = list(seen[i])
                after[r.tile] += 1
                left = d.hand.without(r.tile)
                rows.append(DiscardAdvice(**base, distance=a.distance, limit=a.limit,
                                          improving=_draws(a, left, after),
                                          shape=shape.of(rules).missing(left) if a.limit else None))
        ranked = sorted(rows, key=scoring.table_key)
        out.append(Discards(d.hand, tuple(ranked)))
    return out


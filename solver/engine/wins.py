"""Batch answers from the numba kernels, as the reference's dataclasses.

The thin layer between validated ``Hand`` objects and ``solver.engine._kernels``:
it turns hands into integer arrays (the ruleset's come from
``solver.engine.arrays``), calls one kernel for a whole batch, and builds the
same ``Ting`` / ``Discards`` / ``HuResult`` values ``solver.engine.reference``
returns.  Importing this module imports numba; nothing else in ``solver``
does at import time.

Callers that read the kernels' answers themselves (``--brief``, the batch
JSON, ``phz bench``) get them as arrays: ``ting_rows`` / ``discard_rows``, one
row per win with the columns ``ROW_*``, and ``win_many``, one answer per query
and source with the fields ``OUT_*``.  Those names are the public vocabulary
of the answers; the kernels' own offsets stay private.  The sources are those
the ruleset wins on (``RulesetArrays.sources``): rows with ``ROW_SOURCE`` 2
(a discard) and a third answer per query (``RulesetArrays.n_slots``) exist
only under a ruleset that wins on discards.

Building the answers costs more than finding them, so it is done lean: the
kernels write one compact row per win, read back with one ``tolist()``;
every group of a ruleset is built once (``RulesetArrays.groups``); answer
dataclasses are filled without going through their ``__init__``.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, Callable, Sequence, TypeVar, cast

import numpy as np

from ..model import scoring
from ..model.hand import Hand
from ..model.results import HOWS, SOURCES, DiscardRow, Discards, HuResult, Ting, Wait, Win
from ..model.rules import Ruleset
from ..model.tiles import COPIES, N_KINDS
from . import _kernels as K
from . import arrays
from .arrays import NO_TABLES, RulesetArrays, announce_compile

if TYPE_CHECKING:
    from collections.abc import Iterator

    from _typeshed import DataclassInstance
    from numpy.typing import NDArray

    from ..model.hand import Meld

    #: ``win_batch``'s arguments (``win_args``): the hands' arrays, the queries (hand, tile, sources),
    #: with_top, full, the rule vector, the half tables, and the answer arrays out and top
    WinArgs = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, NDArray[np.int64], NDArray[np.int64],
                    NDArray[np.int64], bool, bool, np.ndarray, np.ndarray, NDArray[np.int32], NDArray[np.int32]]

_T = TypeVar("_T", bound="DataclassInstance")

KIND_CODE = {name: i for i, name in enumerate(K.KIND_NAMES)}
SOURCE_INDEX = {s: i for i, s in enumerate(SOURCES)}  # self 0, other 1, discard 2
# Hands per kernel call: bounds the memory of the answer arrays.
CHUNK = 1024
DISCARD_CHUNK = 256


# --- the answers' vocabulary ---------------------------------------------------

# ting_rows / discard_rows: one row per win, read back with ``tolist()``; its columns:
ROW_HAND = K.C_HAND  # the hand's index in its batch
ROW_DROP = K.C_DROP  # the tile discarded first (discard_rows); -1 (ting_rows)
ROW_TILE = K.C_TILE  # the winning tile
ROW_SOURCE = K.C_SRC  # SOURCE_INDEX: 0 self-drawn, 1 another player's draw, 2 another player's discard
ROW_HUXI = K.C_ANS + K.O_HUXI  # the win's 胡息, 等, 番 and score
ROW_DENG = K.C_ANS + K.O_DENG
ROW_FAN = K.C_ANS + K.O_FAN
ROW_SCORE = K.C_ANS + K.O_SCORE
ROW_HOW = K.C_ANS + K.O_HOW  # an index into results.HOWS
ROW_GROUPS = K.C_ANS + K.O_KEY  # row[ROW_GROUPS:]: the 7 group codes in answer order (RulesetArrays.groups)
ROW_SIZE = K.N_ROW  # columns of a row
_ROW_DD, _ROW_RED = K.C_ANS + K.O_DD, K.C_ANS + K.O_RED

# win_many: out[q, s], the answer to query q from source s (SOURCE_INDEX; s < RulesetArrays.n_slots); its fields:
OUT_WIN = K.O_WIN  # 1 when it wins (the other fields are set only then)
OUT_HUXI = K.O_HUXI  # its 胡息, 等, 番 and score
OUT_DENG = K.O_DENG
OUT_FAN = K.O_FAN
OUT_SCORE = K.O_SCORE
OUT_HOW = K.O_HOW  # an index into results.HOWS (full answers only)
OUT_DD = K.O_DD  # 1 for 对对胡
OUT_RED = K.O_RED  # its red tiles
OUT_GROUPS = K.O_KEY  # out[q, s, OUT_GROUPS:]: the 7 group codes in answer order (full answers only)
OUT_SIZE = K.N_OUT  # fields of an answer


def fan_slot(row: Sequence[int]) -> int:
    """Where a row's fan names are in ``RulesetArrays.fan_names``: by red count and 对对胡."""
    return 2 * row[_ROW_RED] + row[_ROW_DD]


# --- hands as arrays ---------------------------------------------------------

@dataclass(frozen=True, eq=False)
class HandArrays:
    hands: Sequence[Hand]
    # int8 throughout: a batch kernel reads each hand once, from memory.
    conc: np.ndarray  # [hand, tile] concealed counts
    mkind: np.ndarray  # [hand, meld] kind code
    mt: np.ndarray  # [hand, meld, 3] first three tiles of the meld, ascending
    nmeld: np.ndarray  # [hand]

    def args(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        return self.conc, self.mkind, self.mt, self.nmeld

    def __len__(self) -> int:
        return len(self.conc)  # (its shape[0])

    def slice(self, lo: int, hi: int) -> "HandArrays":
        return HandArrays(self.hands[lo:hi], self.conc[lo:hi], self.mkind[lo:hi], self.mt[lo:hi],
                          self.nmeld[lo:hi])


def marshal(hands: Sequence[Hand]) -> HandArrays:
    """Validated hands as the kernels' arrays."""
    n = len(hands)
    conc = np.array([h.concealed for h in hands], np.int64).reshape(n, N_KINDS)
    return marshal_counts(conc, [h.melds for h in hands], hands)


def marshal_counts(conc: np.ndarray, melds: Sequence[Sequence[Meld]], hands: Sequence[Hand] = ()) -> HandArrays:
    """The kernels' arrays from concealed counts [hand, tile] and each hand's melds
    (``hands`` are kept alongside, when there are Hand objects)."""
    n = conc.shape[0]
    mkind = np.zeros((n, K.MAX_MELDS), np.int8)
    mt = np.zeros((n, K.MAX_MELDS, 3), np.int8)
    nmeld = np.zeros(n, np.int8)
    for i, ms in enumerate(melds):
        if ms:
            nmeld[i] = len(ms)
            for j, m in enumerate(ms):
                mkind[i, j] = KIND_CODE[m.kind]
                mt[i, j] = sorted(m.tiles)[:3]
    return HandArrays(list(hands), np.ascontiguousarray(conc, np.int8), mkind, mt, nmeld)


def held_counts(hand: Hand) -> tuple[int, ...] | list[int]:
    """Copies of each tile in the hand, concealed and melds (``Hand.all_counts``)."""
    return hand.all_counts() if hand.melds else hand.concealed


# --- kernel calls ----------------------------------------------------------------

def ting_rows(ha: HandArrays, ra: RulesetArrays) -> np.ndarray:
    """ting_batch on a batch: one row per win (columns ROW_*), in (hand, tile, source) order,
    for each source the ruleset wins on."""
    announce_compile(K.ting_batch)
    out = np.empty((max(1, len(ha)) * N_KINDS * len(ra.sources), ROW_SIZE), np.int32)
    n = K.ting_batch(*ha.args(), ra.win, out)
    return out[:n]


def discard_rows(ha: HandArrays, ra: RulesetArrays) -> np.ndarray:
    """discard_batch on a batch: one row per win (columns ROW_*), in (hand, discard, tile, source) order."""
    announce_compile(K.discard_batch)
    drops = int(((ha.conc == 1) | (ha.conc == 2)).sum())
    out = np.empty((max(1, drops) * N_KINDS * len(ra.sources), ROW_SIZE), np.int32)
    n = K.discard_batch(*ha.args(), ra.win, out)
    return out[:n]


# --- answers --------------------------------------------------------------------

def _maker(cls: type[_T], names: tuple[str, ...]) -> Callable[..., _T]:
    """A constructor of the frozen dataclass ``cls`` that fills its fields
    without running its ``__init__`` (five times faster; same value)."""
    assert tuple(f.name for f in fields(cls)) == names, f"{cls.__name__} changed: update solver.engine.wins"
    args = ", ".join(names)
    body = "".join(f"    d[{n!r}] = {n}\n" for n in names)
    scope: dict[str, Any] = {"new": object.__new__, "cls": cls}
    exec(f"def make({args}):\n    o = new(cls)\n    d = o.__dict__\n{body}    return o\n", scope)
    return cast("Callable[..., _T]", scope["make"])  # (made by exec: it makes a cls)


_win = _maker(Win, ("huxi", "deng", "fan", "fan_names", "score", "how", "groups"))
_wait = _maker(Wait, ("tile", "outs", "self", "other", "discard"))
_row = _maker(DiscardRow, ("tile", "outs", "expected_score", "best_score", "waits"))

def _win_of(row: Sequence[int], ra: RulesetArrays) -> Win:
    g = ra.groups.__getitem__
    return _win(row[ROW_HUXI], row[ROW_DENG], row[ROW_FAN], ra.fan_names[fan_slot(row)],
                row[ROW_SCORE], HOWS[row[ROW_HOW]], tuple(map(g, row[ROW_GROUPS:])))


def _waits_of(rows: list[list[int]], lo: int, hi: int, held: Sequence[int], seen: Sequence[int],
              ra: RulesetArrays) -> tuple[Wait, ...]:
    """The waits of rows[lo:hi], the wins of one hand (or one discard), in tile order."""
    if ra.n_slots > 2:
        return _waits_of3(rows, lo, hi, held, seen, ra)
    waits = []
    i = lo
    while i < hi:
        row = rows[i]
        t = row[ROW_TILE]
        w_self = w_other = None
        if row[ROW_SOURCE] == 0:
            w_self = _win_of(row, ra)
            i += 1
            if i < hi and rows[i][ROW_TILE] == t:
                w_other = _win_of(rows[i], ra)
                i += 1
        else:
            w_other = _win_of(row, ra)
            i += 1
        waits.append(_wait(t, COPIES - held[t] - seen[t], w_self, w_other, None))
    return tuple(waits)


def _waits_of3(rows: list[list[int]], lo: int, hi: int, held: Sequence[int], seen: Sequence[int],
               ra: RulesetArrays) -> tuple[Wait, ...]:
    """``_waits_of`` with the discard source.  The sources of a tile often win
    alike (another's draw and a discard: one take, no 自摸): a row with the
    groups of the row before shares their tuple (and so its 胡息, red tiles
    and 番), and its Win too when its 等 and how are the same."""
    waits = []
    i = lo
    while i < hi:
        row = rows[i]
        t = row[ROW_TILE]
        win = _win_of(row, ra)
        got: list[Win | None] = [None, None, None]
        got[row[ROW_SOURCE]] = win
        i += 1
        while i < hi:  # the other rows of tile t, by source
            nxt = rows[i]
            if nxt[ROW_TILE] != t:
                break
            if nxt[ROW_GROUPS:] != row[ROW_GROUPS:]:
                win = _win_of(nxt, ra)
            elif nxt[ROW_DENG] != row[ROW_DENG] or nxt[ROW_HOW] != row[ROW_HOW]:
                win = _win(nxt[ROW_HUXI], nxt[ROW_DENG], nxt[ROW_FAN], win.fan_names, nxt[ROW_SCORE],
                           HOWS[nxt[ROW_HOW]], win.groups)
            got[nxt[ROW_SOURCE]] = win
            row = nxt
            i += 1
        waits.append(_wait(t, COPIES - held[t] - seen[t], *got))
    return tuple(waits)


def _spans(rows: list[list[int]], n: int, column: int = ROW_HAND) -> list[tuple[int, int]]:
    """(lo, hi) of the rows of each hand 0..n-1 (rows sorted by ``column``)."""
    spans = [(0, 0)] * n
    lo = 0
    end = len(rows)
    while lo < end:
        h = rows[lo][column]
        hi = lo + 1
        while hi < end and rows[hi][column] == h:
            hi += 1
        spans[h] = (lo, hi)
        lo = hi
    return spans


def _each_hand(hands: Sequence[Hand], chunk: int, kernel_rows: Callable[[HandArrays, RulesetArrays], np.ndarray],
               ra: RulesetArrays) -> Iterator[tuple[Hand, list[list[int]], int, int, int]]:
    """(hand, rows, a, b, q) for each hand q, its wins being rows[a:b]: the hands
    marshalled and answered by ``kernel_rows`` ``chunk`` at a time."""
    for lo in range(0, len(hands), chunk):
        ha = marshal(hands[lo:lo + chunk])
        rows = kernel_rows(ha, ra).tolist()
        for i, (a, b) in enumerate(_spans(rows, len(ha))):
            yield ha.hands[i], rows, a, b, lo + i


def ting_many(hands: Sequence[Hand], seen_counts_list: Sequence[Sequence[int]], rules: Ruleset) -> list[Ting]:
    """reference.ting for each validated hand at rest, from one kernel call per chunk."""
    ra = arrays.of(rules)
    return [Ting(hand, _waits_of(rows, a, b, held_counts(hand), seen_counts_list[q], ra) if b > a else ())
            for hand, rows, a, b, q in _each_hand(hands, CHUNK, ting_rows, ra)]


def discard_many(hands: Sequence[Hand], seen_counts_list: Sequence[Sequence[int]],
                 rules: Ruleset) -> list[Discards]:
    """reference.discard for each validated hand of c + 1 tiles."""
    ra = arrays.of(rules)
    result = []
    for hand, rows, a, b, q in _each_hand(hands, DISCARD_CHUNK, discard_rows, ra):
        # Without x, and x counted as seen: the outs of every tile stay as they are.
        held = held_counts(hand)
        seen = seen_counts_list[q]
        ranked = []
        r = a
        for x in range(N_KINDS):
            if hand.concealed[x] not in (1, 2):
                continue
            start = r
            while r < b and rows[r][ROW_DROP] == x:
                r += 1
            waits = _waits_of(rows, start, r, held, seen, ra) if r > start else ()
            key, total, value, best = scoring.discard_rank(x, waits, rules)
            ranked.append((key, _row(x, total, value, best, waits)))
        ranked.sort(key=lambda r: r[0])
        result.append(Discards(hand, tuple(r[1] for r in ranked)))
    return result


SOURCE_BITS = {"self": 1, "other": 2, "discard": 4, "both": 3, "all": 7}


def win_args(ha: HandArrays, tiles: Sequence[int], sources: Sequence[str], rules: Ruleset, *,
             with_top: bool = False, full: bool = True) -> WinArgs:
    """``win_batch``'s arguments for hand q of ``ha`` on tiles[q] from sources[q]
    (its answer arrays, zeroed, are the last two)."""
    n = len(ha)
    ra = arrays.of(rules)
    qsrc = np.array([SOURCE_BITS[s] for s in sources], np.int64)
    out = np.zeros((ra.n_slots * n, OUT_SIZE), np.int32)
    top = np.zeros((ra.n_slots * n if with_top else 1, K.N_TOP), np.int32)
    tables = NO_TABLES if full or with_top else ra.tables
    return (*ha.args(), np.arange(n, dtype=np.int64), np.asarray(tiles, np.int64), qsrc, with_top, full,
            ra.win, tables, out, top)


def win_batch(args: WinArgs) -> None:
    """The win check on ``win_args``' arguments: the answers go into its last two arrays."""
    announce_compile(K.hu_batch)
    K.hu_batch(*args)


def win_many(hands: Sequence[Hand] | HandArrays, tiles: Sequence[int], sources: Sequence[str],
             rules: Ruleset, *, with_top: bool = False, full: bool = True) -> np.ndarray | tuple[np.ndarray, np.ndarray]:
    """The batched win check: out[q, s] (s = SOURCE_INDEX, 0 self, 1 other, 2 discard) of hand q
    on tiles[q] from sources[q].

    Raw answers (fields OUT_*); out has ``arrays.of(rules).n_slots`` sources
    (2, or 3 under a ruleset that wins on discards); ``sources`` items are
    'self', 'other', 'discard', 'both' (self and other) or 'all' (every
    source the ruleset wins on; a source it does not win on is not answered).  ``hands`` may be pre-marshalled with ``marshal``.  With
    ``with_top`` it also returns the highest-胡息 split per source (fields
    ``_kernels.T_*``, for ``hu_many``).  Without ``full`` only the numbers
    of a win are set (OUT_WIN .. OUT_SCORE, OUT_DD, OUT_RED): the win check
    with its best score, read from the half tables
    (``RulesetArrays.tables``) instead of searched.
    """
    ha = hands if isinstance(hands, HandArrays) else marshal(hands)
    n = len(ha)
    args = win_args(ha, tiles, sources, rules, with_top=with_top, full=full)
    win_batch(args)
    ns = arrays.of(rules).n_slots
    out = args[-2].reshape(n, ns, OUT_SIZE)
    return (out, args[-1].reshape(n, ns, K.N_TOP)) if with_top else out


def _answer_win(row: Sequence[int], ra: RulesetArrays) -> Win:
    """A Win from the OUT_* fields of an answer."""
    g = ra.groups.__getitem__
    return _win(row[OUT_HUXI], row[OUT_DENG], row[OUT_FAN], ra.fan_names[2 * row[OUT_RED] + row[OUT_DD]],
                row[OUT_SCORE], HOWS[row[OUT_HOW]], tuple(map(g, row[OUT_GROUPS:])))


def hu_many(hands: Sequence[Hand], tiles: Sequence[int], sources: Sequence[str],
            rules: Ruleset) -> list[HuResult]:
    """reference.hu (all_splits=False) for each (validated hand at rest, tile, source)."""
    ra = arrays.of(rules)
    out, top = win_many(hands, tiles, ["all"] * len(hands), rules, with_top=True)
    out = out.tolist()
    top = top.tolist()
    g = ra.groups.__getitem__
    result: list[HuResult] = []
    forced_at = []  # (query, its forced group) of the non-wins whose tile had a compulsory group
    for q, (hand, t, source) in enumerate(zip(hands, tiles, sources)):
        s = SOURCE_INDEX[source]
        if s not in ra.sources:
            result.append(HuResult(hand, t, source, None, "source_no_hu", None, ()))
            continue
        row = out[q][s]
        if row[OUT_WIN]:
            win = _answer_win(row, ra)
            result.append(HuResult(hand, t, source, win, None, win.huxi, win.groups))
            continue
        tp = top[q][s]
        if tp[K.T_FORCED]:
            forced_at.append((q, K.KIND_NAMES[tp[K.T_FORCED] - 1]))
        reason = "huxi_short" if tp[K.T_HAS] else "no_7_groups"
        if tp[K.T_HAS]:
            groups = tuple(map(g, tp[K.T_KEY:]))
            result.append(HuResult(hand, t, source, None, reason, tp[K.T_HUXI], groups))
        else:
            result.append(HuResult(hand, t, source, None, reason, None, ()))
    if forced_at:
        # forced_<group> when the tile, free to join any group, would have won (reference.hu).
        qs = [q for q, _ in forced_at]
        args = win_args(marshal([hands[q] for q in qs]), [tiles[q] for q in qs], ["self"] * len(qs), rules,
                        full=False)
        args = (*args[:-4], ra.free_win, NO_TABLES, *args[-2:])
        win_batch(args)
        free_won = args[-2][::ra.n_slots, OUT_WIN].tolist()
        for (q, kind), won in zip(forced_at, free_won):
            if won:
                r = result[q]
                result[q] = HuResult(r.hand, r.tile, r.source, None, "forced_" + kind, r.huxi, r.groups)
    return result

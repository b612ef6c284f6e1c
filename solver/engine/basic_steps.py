"""The ``basic`` bot's calls from Python (``solver.engine._game_basic``): one decision from a seat's hand and
question, and whole hands with ``basic`` at every seat, in one call.

Importing this module imports numba.
"""
from __future__ import annotations

from types import SimpleNamespace
from typing import TYPE_CHECKING, Sequence

import numpy as np

from ..model import shape
from ..model.derived import derived
from ..model.rules import Ruleset
from . import _game_advice as BA
from . import _game_basic as BG
from . import _game_entry_basic as BE
from . import _game_policies as GP
from . import _game_shape as SH
from . import distance_arrays
from .arrays import announce_compile
from .game_steps import STAGE_CODES, Tables, key_prefix, new_state, tables_of
from .keen_steps import new_rng, question_arrays

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from .game_steps import MoveLike

__all__ = ["Basic", "basic_of", "new_rng", "play_basic", "shape_context", "warm"]

#: hands of one kernel call (the memos are looked at between calls, as keen's)
CHUNK = 16


def shape_context(rules: Ruleset) -> np.ndarray:
    """The shape measure's tables of ``rules`` (``_game_shape.BX_*``), from ``shape.Shape``'s, and the
    expected score's weights per source."""
    s = shape.of(rules)
    bx = np.zeros(SH.BX_SIZE, np.int64)
    bx[SH.BX_W:SH.BX_W + 3] = rules.source_weights
    bx[SH.BX_KAN:SH.BX_KAN + 20] = s.kan
    for t in range(20):
        full, part = s.full[t], s.part[t]
        assert len(full) <= SH.MAX_FULL and len(part) <= SH.MAX_PART
        bx[SH.BX_NFULL + t] = len(full)
        for j, ((_, b, c), hx) in enumerate(full):
            bx[SH.BX_FULL + 3 * (SH.MAX_FULL * t + j):][:3] = (b, c, hx)
        bx[SH.BX_NPART + t] = len(part)
        for j, (b, hx) in enumerate(part):
            bx[SH.BX_PART + 2 * (SH.MAX_PART * t + j):][:2] = (b, hx)
    return bx


class Basic:
    """What ``basic`` reads of one ruleset: the game's tables, the distance search's context and memo, the
    shape measure's tables, a memo of its own (masks and shapes) and its scratch (``basic_of``)."""

    def __init__(self, rules: Ruleset):
        self.rules = rules
        announce_compile(BE.play_basic)
        self.tables: Tables = tables_of(rules)
        self.distance = distance_arrays.of(rules)
        self.bx = shape_context(rules)
        self.own = distance_arrays.DistanceMemo(dtype=np.int64)
        self.bs = BA.scratch()

    def memos(self) -> tuple[np.ndarray, ...]:
        return (*self.distance.memo.args(), *self.own.args())

    def pick(self, concealed: Sequence[int], melds: Sequence[tuple[str, Sequence[int]]], live: Sequence[int],
             stage: str, tile: int | None, moves: Sequence[MoveLike], rng: NDArray[np.int64]) -> int:
        """The index of the move ``basic`` makes among ``moves`` of a seat holding ``concealed`` and ``melds``
        (kind, tiles), asked at ``stage`` about ``tile`` (None for a discard), with ``live`` unseen copies of
        each tile; ``rng`` its Mersenne Twister state (``_mt``)."""
        conc, mk, mt, opts = question_arrays(concealed, melds, tile, moves)
        self.bs[BA.BS_LIVE:BA.BS_LIVE + 20] = [max(0, n) for n in live]
        announce_compile(BG.basic_pick)
        return int(BG.basic_pick(self.tables.ws, self.distance.context, self.bx, self.bs, *self.memos(), conc, mk, mt,
                                 np.int64(len(melds)), np.int64(STAGE_CODES[stage]),
                                 np.int64(-1 if tile is None else tile), opts, np.int64(0), np.int64(len(moves)),
                                 rng, np.bool_(True)))


def basic_of(rules: Ruleset) -> Basic:
    """The ruleset's ``Basic`` (one per ruleset: ``solver.model.derived``'s cache, a few kept)."""
    return derived(rules, Basic)


def play_basic(rules: Ruleset, seeds: list[int], prefix: bytes) -> np.ndarray:
    """Whole hands of ``basic`` at every seat (``_game_entry_basic.play_basic``), as ``game_steps.play_random``
    plays random ones: one answer row (``_game_policies.O_*``) per hand."""
    b = basic_of(rules)
    t = b.tables
    results = np.zeros((len(seeds), GP.O_SIZE), np.int64)
    st = new_state()
    seeds_arr = np.array(seeds, np.int64)
    prefix_arr = key_prefix(prefix)
    announce_compile(BE.play_basic)
    for lo in range(0, len(seeds), CHUNK):
        hi = min(len(seeds), lo + CHUNK)
        BE.play_basic(t.ws, st, t.rv, t.cond_fans, t.wbuf, t.out, b.distance.context, b.bx, b.bs, *b.memos(),
                      seeds_arr[lo:hi], prefix_arr, results[lo:hi])
    return results


def warm(rules: Ruleset, name: str) -> None:
    """Call the kernel ``name`` (``basic_pick`` or ``play_basic``) once, as the real calls do."""
    if name == "basic_pick":
        hand = [x for x in range(20) for _ in range(4)][:21]
        counts = [hand.count(x) for x in range(20)]
        moves = [SimpleNamespace(kind="discard", tile=x) for x in range(20) if 1 <= counts[x] <= 2]
        basic_of(rules).pick(counts, [], [4 - c for c in counts], "discard", None, moves, new_rng([1]))
    else:
        play_basic(rules, [1, 2], b"phz:basic:")

"""The ``keen`` policy's calls from Python (``solver.engine._game_keen``): one decision from a seat's
hand and question, and whole hands with ``keen`` at every seat, in one call.

Importing this module imports numba.
"""
from __future__ import annotations

from types import SimpleNamespace
from typing import TYPE_CHECKING, Sequence

import numpy as np

from ..model.derived import derived
from ..model.rules import Ruleset
from ..model.ruleset import HOLDINGS
from . import _game_entry as KE
from . import _game_keen as KG
from . import _game_policies as GP
from . import _game_state as GS
from . import _mt as MT
from . import distance_arrays
from . import play_rules as P
from .arrays import announce_compile
from .game_steps import (
    STAGE_CODES,
    Tables,
    _kind_code,
    key_prefix,
    move_row,
    new_state,
    tables_of,
    warm_rollout,
)

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from .game_steps import MoveLike, Roll, Where

__all__ = ["Keen", "keen_of", "new_rng", "play_keen", "reach", "roller", "warm", "worth"]

#: what one live improving tile counts for each draw it may be taken from (``reach``; a discard: ×
#: ``discard_rate``), the race model's 1/3 a draw in whole numbers
REACH_SCALE = 10
#: hands of one kernel call (the distance memo is looked at between calls: a hand of keen bots adds some
#: 1,500 answers to it, and a memo past its fill limit takes no more)
CHUNK = 16


class Keen:
    """What ``keen`` reads of one ruleset: the game's tables, the distance search's context and memo,
    and its own scratch (``keen_of``)."""

    def __init__(self, rules: Ruleset):
        self.rules = rules
        announce_compile(KE.play_keen)  # (before the game's tables: keen's kernels compile beside the game's)
        self.tables: Tables = tables_of(rules)
        self.distance = distance_arrays.of(rules)
        # each position's improving tiles, each intake's junk tiles (_distance_kernels._junk_tiles), and a
        # hand's junk tiles per intake tile (_game_keen._discards_near)
        self.improving = distance_arrays.DistanceMemo(dtype=np.int64)
        self.ks = KG.scratch(*worth(rules), reach(rules))

    def memos(self) -> tuple[np.ndarray, ...]:
        """The distance memo's arrays and the masks' (improving and junk tiles; each cleared when past its
        fill limit)."""
        return (*self.distance.memo.args(), *self.improving.args())

    def pick(self, concealed: Sequence[int], melds: Sequence[tuple[str, Sequence[int]]], live: Sequence[int],
             stage: str, tile: int | None, moves: Sequence[MoveLike], rng: NDArray[np.int64], level: int) -> int:
        """The index of the move ``keen`` makes among ``moves`` (``moves.Move``) of a seat holding
        ``concealed`` and ``melds`` (kind, tiles), asked at ``stage`` about ``tile`` (None for a discard),
        with ``live`` unseen copies of each tile; ``rng`` its Mersenne Twister state (``_mt``)."""
        conc, mk, mt, opts = question_arrays(concealed, melds, tile, moves)
        self.ks[KG.KS_LIVE:KG.KS_LIVE + 20] = [max(0, n) for n in live]
        announce_compile(KG.keen_pick)
        return int(KG.keen_pick(self.tables.ws, self.distance.context, self.ks, *self.memos(), conc, mk, mt,
                                np.int64(len(melds)), np.int64(STAGE_CODES[stage]),
                                np.int64(-1 if tile is None else tile), opts, np.int64(0), np.int64(len(moves)),
                                np.int64(level), rng, np.bool_(True)))


def question_arrays(concealed: Sequence[int], melds: Sequence[tuple[str, Sequence[int]]], tile: int | None,
                    moves: Sequence[MoveLike]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """A seat's hand and question as a bot's kernel takes them (``keen_pick``, ``basic_pick``): the
    concealed counts, the melds' kinds and tiles (``_game_state``'s layout) and the option rows
    (``play_rules.A_*``) of ``moves`` asked about ``tile`` (None for a discard)."""
    conc = np.array(concealed, np.int64)
    mk = np.zeros(GS.MAXM, np.int64)
    mt = np.zeros(3 * GS.MAXM, np.int64)
    for j, (kind, tiles) in enumerate(melds):
        mk[j] = _kind_code(kind)
        mt[3 * j:3 * j + 3] = tiles[:3]
    opts = np.zeros(len(moves) * P.A_SIZE, np.int64)
    for k, m in enumerate(moves):
        r = move_row(m)
        at = k * P.A_SIZE
        opts[at + P.A_KIND] = r[0]
        opts[at + P.A_CHI:at + P.A_CHI + 4] = r[1:5]
        if m.kind in ("ti", "pao", "zhao"):
            assert tile is not None  # (a 4-tile group is made of the tile asked about)
            opts[at + P.A_ONTO] = _onto(concealed, melds, tile)
        else:
            opts[at + P.A_ONTO] = -1
    return conc, mk, mt, opts


def _onto(concealed: Sequence[int], melds: Sequence[tuple[str, Sequence[int]]], x: int) -> int:
    """What a 4-tile group of x is made onto: the 坎, or the exposed 偎 or 碰."""
    if concealed[x] == 3:
        return P.H_KAN
    kind = next(kind for kind, tiles in melds if kind in ("wei", "peng") and tiles[0] == x)
    return P.H_WEI if kind == "wei" else P.H_PENG


def worth(rules: Ruleset) -> tuple[int, int]:
    """What one live out of a ready hand counts for ``keen``, in tenths of a point (``_game_keen.WORTH_SCALE``):
    per point of its win's score, the other players who would pay it; besides, the score another's win
    would have cost (``BotTuning.typical_score``), which a win spares.  The race's worth of a win
    (``bot_strong.Race.worth``) per out, so that a bigger score is worth a few outs fewer."""
    return (rules.game.playing - 1) * KG.WORTH_SCALE, round(rules.bots.typical_score * KG.WORTH_SCALE)


def reach(rules: Ruleset) -> tuple[int, ...]:
    """What one live improving tile counts for ``keen`` (class 1), by what the hand holds of it (the take
    table's rows, ``ruleset.HOLDINGS``): 1 each unless ``BotTuning.keen_reach``; with it, how often such
    a copy can come to the hand, as the race model counts it (``bot_strong.Race.reach``): each draw it
    may take (its own, the upper and the lower player's) ``REACH_SCALE``, each discard ``discard_rate``
    times that, where the take table makes a meld of it, a pair may 碰 it (another player's tile, where
    the ruleset has 碰), or the hand may eat it (``Ruleset.chi_from``, a tile held once or as a pair)."""
    if not rules.bots.keen_reach:
        return (1,) * len(HOLDINGS)
    drawn, thrown = REACH_SCALE, round(REACH_SCALE * rules.bots.discard_rate)
    peng = "peng" in rules.melds
    out = []
    for h in HOLDINGS:
        eats = h in ("pair", "less")
        def takes(source: str, chi: str | None) -> bool:
            cell = rules.take.get((h, source))  # (a ruleset without 偎 has no row for one)
            return ((cell is not None and cell.makes != "free") or (peng and h == "pair" and source != "self")
                    or (eats and chi in rules.chi_from))
        out.append(drawn * (takes("self", "self-draw") + takes("other", "upper-draw") + takes("other", None))
                   + thrown * (takes("discard", "upper-discard") + takes("discard", None)))
    return tuple(out)


def keen_of(rules: Ruleset) -> Keen:
    """The ruleset's ``Keen`` (one per ruleset: ``solver.model.derived``'s cache, a few kept)."""
    return derived(rules, Keen)


def new_rng(key: Sequence[int]) -> np.ndarray:
    """A Mersenne Twister state seeded as random.Random of the key (``rng_keys.str_key``) seeds."""
    state = np.zeros(MT.STATE_SIZE, np.int64)
    arr = np.array(list(key) or [0], np.int64)
    MT.seed_by_key(state, arr, np.int64(len(key)))
    return state


def play_keen(rules: Ruleset, seeds: list[int], prefix: bytes, level: int) -> np.ndarray:
    """Whole hands of ``keen`` at every seat (``_game_entry.play_keen``), as ``game_steps.play_random``
    plays random ones (the bots' keys from ``prefix`` likewise): one answer row (``_game_policies.O_*``)
    per hand."""
    k = keen_of(rules)
    t = k.tables
    results = np.zeros((len(seeds), GP.O_SIZE), np.int64)
    st = new_state()
    seeds_arr = np.array(seeds, np.int64)
    prefix_arr = key_prefix(prefix)
    announce_compile(KE.play_keen)
    for lo in range(0, len(seeds), CHUNK):
        hi = min(len(seeds), lo + CHUNK)
        KE.play_keen(t.ws, st, t.rv, t.cond_fans, t.wbuf, t.out, k.distance.context, k.ks, *k.memos(), np.int64(level),
                     seeds_arr[lo:hi], prefix_arr, results[lo:hi])
    return results


def roller(rules: Ruleset) -> Roll:
    """The ``roll`` of ``game_steps.rollouts`` and ``deal_and_roll`` that plays every seat after the script
    by ``keen`` at the ruleset's ``BotTuning.keen_level`` (``_game_entry.rollouts_keen``)."""
    k = keen_of(rules)
    level = rules.bots.keen_level

    def roll(where: Where, res: NDArray[np.int64]) -> None:
        t = k.tables
        announce_compile(KE.rollouts_keen)
        KE.rollouts_keen(t.ws, new_state(), t.rv, t.cond_fans, t.wbuf, t.out, k.distance.context, k.ks,
                         *k.memos(), np.int64(level), *where, res)
    return roll


def warm(rules: Ruleset, name: str) -> None:
    """Call the kernel ``name`` (``keen_pick``, ``play_keen`` or ``rollouts_keen``) once, as the real calls
    do."""
    if name == "keen_pick":
        hand = [x for x in range(20) for _ in range(4)][:21]
        counts = [hand.count(x) for x in range(20)]
        moves = [SimpleNamespace(kind="discard", tile=x) for x in range(20) if 1 <= counts[x] <= 2]
        keen_of(rules).pick(counts, [], [4 - c for c in counts], "discard", None, moves, new_rng([1]),
                            rules.bots.keen_level)
    elif name == "play_keen":
        play_keen(rules, [1, 2], b"phz:keen:", rules.bots.keen_level)
    else:
        warm_rollout(rules, roller(rules))

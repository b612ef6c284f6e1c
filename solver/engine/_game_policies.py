"""Whole hands played inside the game kernels, a policy choosing for every seat (``phz sim``, the
rollouts of the advice): the deal as ``deal.deal_tiles`` makes it (CPython's Mersenne Twister, ``_mt``),
then the flow of ``_game_kernels`` answered by the policy, an answer row per hand.
"""
from __future__ import annotations

import numpy as np

from . import _mt as MT
from . import play_rules as P
from ._game_kernels import advance, answer
from ._game_state import (
    ASKED,
    DONE,
    G_BAKUAI,
    G_CHOU_WEI,
    G_COND,
    G_HOW,
    G_NET,
    G_TURNS,
    G_WIN_SRC,
    G_WINNER,
    NEED_TIANHU,
    Q_N,
    Q_SEAT,
    N,
    begin,
    deal,
)
from ._jit import kernel

# ---------------------------------------------------------------- whole hands in one call

#: a hand's answer row of ``play_random``
O_STATUS, O_WINNER, O_TURNS, O_COND, O_HOW, O_SRC, O_NET, O_BAKUAI, O_CHOU_WEI = 0, 1, 2, 3, 4, 5, 6, 9, 12
O_SIZE = 15


@kernel
def shuffle_deal(mt, seed, tiles, players):
    """``deal.deal_tiles``'s shuffle: the 80 tiles into ``tiles`` (the deal, then the stock) and the
    dealer drawn after them, by CPython's random.Random(seed)."""
    MT.seed_int(mt, seed)
    for t in range(80):
        tiles[t] = t // 4
    MT.shuffle(mt, tiles, np.int64(80))
    return MT.randrange(mt, players)


@kernel
def play_random(ws, st, rv, cond_fans, wbuf, out, seeds, keys, key_len, results):
    """Hand h of ``seeds``: dealt as ``deal.deal_tiles(seeds[h])`` does, each seat played by a uniformly
    random legal option drawn from random.Random of the key ``keys[h, seat, :key_len[h, seat]]`` (the
    random bot's own randomness, ``session.bot_rng``); its answer row into ``results[h]`` (O_*).  A hand
    whose start needs the Python judge of 天胡 is left at O_STATUS NEED_TIANHU."""
    mt = np.zeros(MT.STATE_SIZE, np.int64)
    bots = np.zeros((N, MT.STATE_SIZE), np.int64)
    tiles = np.empty(80, np.int64)
    sizes = np.empty(N, np.int64)
    dealt = 0
    for i in range(N):
        sizes[i] = rv[P.V_DEAL + i]
        dealt += sizes[i]
    for h in range(seeds.shape[0]):
        dealer = shuffle_deal(mt, seeds[h], tiles, np.int64(rv[P.V_PLAYERS]))
        deal(st, tiles, sizes, tiles[dealt:], np.int64(80 - dealt), dealer, rv[P.V_LIANG])
        res = results[h]
        if begin(ws, st, rv) == NEED_TIANHU:
            res[O_STATUS] = NEED_TIANHU
            continue
        for p in range(N):
            MT.seed_by_key(bots[p], keys[h, p], key_len[h, p])
        status = advance(ws, st, rv, cond_fans, wbuf, out)
        while status == ASKED:
            n = st[Q_N]
            k = np.int64(0) if n == 1 else MT.randrange(bots[st[Q_SEAT]], n)
            status = answer(ws, st, rv, cond_fans, wbuf, out, k)
        res[O_STATUS] = DONE
        res[O_WINNER] = st[G_WINNER]
        res[O_TURNS] = st[G_TURNS]
        res[O_COND] = st[G_COND]
        res[O_HOW] = st[G_HOW]
        res[O_SRC] = st[G_WIN_SRC]
        for p in range(N):
            res[O_NET + p] = st[G_NET + p]
            res[O_BAKUAI + p] = st[G_BAKUAI + p]
            res[O_CHOU_WEI + p] = st[G_CHOU_WEI + p]

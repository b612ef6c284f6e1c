"""keen's entry points that play hands inside the kernels: whole hands (``play_keen``) and rollouts
(``rollouts_keen``), every seat played by ``_game_keen.keen_choice``.  Moved out of ``_game_keen`` (its
searches and the bot's one decision stay there)."""
from __future__ import annotations

import numpy as np

from . import _mt as MT
from . import play_rules as P
from ._game_keen import keen_choice
from ._game_kernels import answer
from ._game_policies import (
    RS_SIZE,
    answer_row,
    bot_keys,
    game_views,
    hand_scratch,
    key_scratch,
    resume_sample,
    rollout_step,
    start_hand,
)
from ._game_state import ASKED, Q_SEAT
from ._jit import kernel, unowned


@kernel
def play_keen(ws, st, rv, cond_fans, wbuf, out, cx, ks, mk_, mv, ms, ik, iv, iu, level, seeds, prefix, results):
    """``play_random`` with every seat played by ``keen`` (``keen_choice`` at ``level``), its ties broken
    by random.Random of its bot key (``bot_keys`` of ``prefix``: ``session.bot_rng``)."""
    # views that own nothing: the game's and keen's calls count no references (_jit.unowned)
    ws, st, rv, cond_fans, wbuf, out = game_views(ws, st, rv, cond_fans, wbuf, out)
    cx, ks, mk_, mv, ms = unowned(cx), unowned(ks), unowned(mk_), unowned(mv), unowned(ms)
    ik, iv, iu = unowned(ik), unowned(iv), unowned(iu)
    mt, bots, tiles = hand_scratch()
    buf, keys, key_len = key_scratch()
    for h in range(seeds.shape[0]):
        bot_keys(prefix, seeds[h], rv[P.V_PLAYERS], buf, keys, key_len)
        status = start_hand(ws, st, rv, cond_fans, wbuf, out, mt, bots, tiles, seeds[h], keys, key_len)
        while status == ASKED:
            k = keen_choice(ws, cx, ks, mk_, mv, ms, ik, iv, iu, st, level, bots[st[Q_SEAT]], np.bool_(True))
            status = answer(ws, st, rv, cond_fans, wbuf, out, k)
        answer_row(st, status, results[h])


@kernel
def rollouts_keen(ws, st, rv, cond_fans, wbuf, out, cx, ks, mk_, mv, ms, ik, iv, iu, level, me, stage, claim, tx, tby,
                  tkind, dealer, turn, first_discard, last_stock, seat_conc, seat_nm, seat_mk, seat_mt, seat_shown,
                  seat_nf, seat_faces, seat_chou, seat_passed, stocks, n_stock, scripts, n_script, keys, key_len,
                  ties, res):
    """``_game_policies.rollouts`` with every seat after the script played by ``keen`` (``keen_choice`` at
    ``level``, its ties broken by the sample's key when ``ties``, else the first option)."""
    # views that own nothing: the game's and keen's calls count no references (_jit.unowned)
    ws, st, rv, cond_fans, wbuf, out = game_views(ws, st, rv, cond_fans, wbuf, out)
    cx, ks, mk_, mv, ms = unowned(cx), unowned(ks), unowned(mk_), unowned(mv), unowned(ms)
    ik, iv, iu = unowned(ik), unowned(iv), unowned(iu)
    rng = np.zeros(MT.STATE_SIZE, np.int64)
    rs = np.zeros(RS_SIZE, np.int64)
    for i in range(seat_conc.shape[0]):
        for j in range(scripts.shape[0]):
            resume_sample(ws, st, rv, wbuf, out, np.int64(i), seat_conc, seat_nm, seat_mk, seat_mt, seat_shown,
                          seat_nf, seat_faces, seat_chou, seat_passed, stocks, n_stock, dealer, turn, tx, tby, tkind,
                          first_discard, last_stock, rng, ties, keys, key_len)
            k = np.int64(-1)
            while rollout_step(ws, st, rv, cond_fans, wbuf, out, me, stage, claim, tx, tby, tkind, scripts[j],
                               n_script[j], rs, res[i, j], k) == ASKED:
                k = keen_choice(ws, cx, ks, mk_, mv, ms, ik, iv, iu, st, level, rng, ties != 0)

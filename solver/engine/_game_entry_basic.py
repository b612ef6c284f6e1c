"""basic's entry point that plays whole hands inside the kernels (``play_basic``), every seat played by
``_game_basic.basic_choice`` (beside keen's ``_game_entry``)."""
from __future__ import annotations

import numpy as np

from . import _distance_kernels as DK
from . import play_rules as P
from ._game_basic import basic_choice
from ._game_kernels import answer
from ._game_policies import answer_row, bot_keys, game_views, hand_scratch, key_scratch, start_hand
from ._game_state import ASKED, Q_SEAT
from ._jit import kernel, unowned


@kernel
def _fresh(mv, ms):
    """A memo that stopped taking entries cleared (as ``distance_arrays.DistanceMemo.args`` does between
    calls): a hand of basic bots fills the distance memo many times over."""
    if ms[0] * DK.MEMO_FILL_DEN >= mv.shape[0] * DK.MEMO_FILL_NUM:
        mv[:] = 0
        ms[0] = 0


@kernel
def play_basic(ws, st, rv, cond_fans, wbuf, out, cx, bx, bs, mk_, mv, ms, ik, iv, iu, seeds, prefix, results):
    """``play_random`` with every seat played by ``basic`` (``basic_choice``), its ties broken by
    random.Random of its bot key (``bot_keys`` of ``prefix``: ``session.bot_rng``)."""
    # views that own nothing: the game's and basic's calls count no references (_jit.unowned)
    ws, st, rv, cond_fans, wbuf, out = game_views(ws, st, rv, cond_fans, wbuf, out)
    cx, bx, bs, mk_, mv, ms = unowned(cx), unowned(bx), unowned(bs), unowned(mk_), unowned(mv), unowned(ms)
    ik, iv, iu = unowned(ik), unowned(iv), unowned(iu)
    mt, bots, tiles = hand_scratch()
    buf, keys, key_len = key_scratch()
    for h in range(seeds.shape[0]):
        bot_keys(prefix, seeds[h], rv[P.V_PLAYERS], buf, keys, key_len)
        status = start_hand(ws, st, rv, cond_fans, wbuf, out, mt, bots, tiles, seeds[h], keys, key_len)
        while status == ASKED:
            _fresh(mv, ms)
            _fresh(iv, iu)
            k = basic_choice(ws, cx, bx, bs, mk_, mv, ms, ik, iv, iu, st, bots[st[Q_SEAT]], np.bool_(True))
            status = answer(ws, st, rv, cond_fans, wbuf, out, k)
        answer_row(st, status, results[h])

"""Whole hands played inside the game kernels, a policy choosing for every seat (``phz sim``, the
rollouts of the advice): the deal as ``deal.deal_tiles`` makes it (CPython's Mersenne Twister, ``_mt``),
then the flow of ``_game_kernels`` answered by the policy, an answer row per hand.
"""
from __future__ import annotations

import numpy as np

from . import _mt as MT
from . import play_rules as P
from ._game_choices import _option_of, fast_choice
from ._game_kernels import _after_take, _claims, advance, answer
from ._game_state import (
    AS,
    ASKED,
    DISCARD,
    DONE,
    FMAX,
    G_BAKUAI,
    G_CHOU_WEI,
    G_COND,
    G_DEALER,
    G_FIRST_DISCARD,
    G_HOW,
    G_LAST_STOCK,
    G_LIANG,
    G_NET,
    G_OUT,
    G_PHASE,
    G_STATUS,
    G_STOCK_AT,
    G_STOCK_END,
    G_TABLE,
    G_TABLE_BY,
    G_TABLE_KIND,
    G_TIANHU,
    G_TURN,
    G_TURNS,
    G_WIN_SRC,
    G_WINNER,
    MAXM,
    NEED_TIANHU,
    PH_TURN,
    Q_N,
    Q_OPT,
    Q_SEAT,
    Q_STAGE,
    S_CHOU,
    S_CONC,
    S_FACES,
    S_MK,
    S_MT,
    S_NF,
    S_NM,
    S_PASSED,
    S_SHOWN,
    ST_FIRST,
    ST_QISHOU,
    STOCK,
    N,
    _conc,
    _lower,
    _mk,
    _owes,
    _playing,
    _table_of,
    begin,
    deal,
)
from ._jit import inline, kernel, unowned

# ---------------------------------------------------------------- whole hands in one call

#: a hand's answer row of ``play_random``
O_STATUS, O_WINNER, O_TURNS, O_COND, O_HOW, O_SRC, O_NET, O_BAKUAI, O_CHOU_WEI = 0, 1, 2, 3, 4, 5, 6, 10, 14
O_DEALER, O_OUT = 18, 19  # the hand's dealer and the seat sitting out (-1 none)
O_SIZE = 20


@kernel
def shuffle_deal(mt, tiles, players):
    """``deal.deal_tiles``'s shuffle: the 80 tiles into ``tiles`` (the deal, then the stock) and the
    dealer drawn after them, by ``mt`` seeded as CPython's random.Random(seed) (``seed_hand``)."""
    for t in range(80):
        tiles[t] = t // 4
    MT.shuffle(mt, tiles, np.int64(80))
    return MT.randrange(mt, players)


@kernel
def seed_hand(mt, bots, seed, key, key_len, players):
    """The deal's Mersenne Twister seeded by ``seed`` and the first three seats' bots by their keys
    (``key[p, :key_len[p]]``, as ``bot_keys`` makes them: far under ``MT.seed4``'s 624 words), four at once
    (``MT.seed4``; a table of two seeds its second bot twice, the same words).  A fourth seat's bot is
    seeded once the dealer is known, and only when it plays (``start_hand``): a seat sitting out never
    asks its bot."""
    dkey = np.empty(2, np.int64)
    n = MT.int_key(seed, dkey)
    third = min(players, 3) - 1
    MT.seed4(mt, dkey, n, bots[0], key[0], key_len[0], bots[1], key[1], key_len[1],
             bots[third], key[third], key_len[third])


@kernel
def red_up(stock, n, red_mask):
    """``deal.red_up``: the stock's shown last tile moved to the top while it is red, each at most once."""
    for _ in range(n):
        last = stock[n - 1]
        if not (red_mask >> last) & 1:
            break
        for k in range(n - 1, 0, -1):
            stock[k] = stock[k - 1]
        stock[0] = last


@inline
def hand_scratch():
    """What ``start_hand`` works in: the deal's Mersenne Twister, the seats' bots', the 80 tiles."""
    return np.zeros(MT.STATE_SIZE, np.int64), np.zeros((N, MT.STATE_SIZE), np.int64), np.empty(80, np.int64)


@kernel
def start_hand(ws, st, rv, cond_fans, wbuf, out, mt, bots, tiles, seed, key, key_len):
    """The hand of ``seed`` dealt into ``st`` as ``deal.deal_tiles(seed)`` deals it, begun, each seat's bot
    seeded by random.Random of its key (``key[p, :key_len[p]]``: ``session.bot_rng``) and the hand played
    to its first question: ``advance``'s answer, or NEED_TIANHU when the Python judge of 天胡 must say."""
    sizes = np.zeros(N, np.int64)
    dealt = 0
    for i in range(N):
        sizes[i] = rv[P.V_DEAL + i]
        dealt += sizes[i]
    seed_hand(mt, bots, seed, key, key_len, np.int64(rv[P.V_PLAYERS]))
    dealer = shuffle_deal(mt, tiles, np.int64(rv[P.V_PLAYERS]))
    stock = tiles[dealt + rv[P.V_BURIED]:]  # two players: 埋牌 set aside
    if rv[P.V_RED_UP]:
        red_up(stock, np.int64(stock.shape[0]), rv[P.V_RED_MASK])
    deal(st, tiles, sizes, stock, np.int64(stock.shape[0]), dealer, rv)
    for p in range(3, rv[P.V_PLAYERS]):
        if p != st[G_OUT]:
            MT.seed_by_key(bots[p], key[p], key_len[p])
    if begin(ws, st, rv) == NEED_TIANHU:
        return NEED_TIANHU
    return advance(ws, st, rv, cond_fans, wbuf, out)


@kernel
def answer_row(st, status, res):
    """A finished hand's answer row (O_*); a hand left to the judge of 天胡 (``status`` NEED_TIANHU) only
    says so."""
    if status == NEED_TIANHU:
        res[O_STATUS] = NEED_TIANHU
        return
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
    res[O_DEALER] = st[G_DEALER]
    res[O_OUT] = st[G_OUT]


#: the longest bot key text of ``bot_keys`` (its prefix at most ``KEY_PREFIX`` bytes, a seed, a seat) and
#: the most words of its key (the text and its SHA-512 digest)
KEY_PREFIX, KEY_TEXT = 64, 96
KEY_WORDS = (KEY_TEXT + 64 + 3) // 4


@inline
def game_views(ws, st, rv, cond_fans, wbuf, out):
    """The game's arrays as views that own nothing (``_jit.unowned``): the game's calls count no references."""
    return unowned(ws), unowned(st), unowned(rv), unowned(cond_fans), unowned(wbuf), unowned(out)


@inline
def key_scratch():
    """What ``bot_keys`` works in and writes: the text and its digest, each seat's key and its length."""
    return np.zeros(KEY_TEXT + 64, np.int64), np.zeros((N, KEY_WORDS), np.int64), np.zeros(N, np.int64)


@kernel
def bot_keys(prefix, seed, players, buf, key, key_len):
    """Each seat's bot key of the hand of ``seed`` into ``key[p]``, ``key_len[p]``: the key of the text
    ``prefix`` + seed + ":" + seat (the bytes of ``session.bot_seed``'s text, ``prefix`` its start),
    made here rather than by Python, hand by hand."""
    for p in range(players):
        m = prefix.shape[0]
        for i in range(m):  # (not a slice copy: see _kernels._scratch)
            buf[i] = prefix[i]
        m = MT.decimal(buf, m, seed)
        buf[m] = 58  # ":"
        m = MT.decimal(buf, m + 1, np.int64(p))
        key_len[p] = MT.text_key(buf, np.int64(m), key[p])


@kernel
def play_random(ws, st, rv, cond_fans, wbuf, out, seeds, prefix, results):
    """Hand h of ``seeds``: dealt as ``deal.deal_tiles(seeds[h])`` does, each seat played by a uniformly
    random legal option drawn from random.Random of its bot key (``bot_keys`` of ``prefix``: the random
    bot's own randomness, ``session.bot_rng``); its answer row into ``results[h]`` (O_*).  A hand whose
    start needs the Python judge of 天胡 is left at O_STATUS NEED_TIANHU."""
    ws, st, rv, cond_fans, wbuf, out = game_views(ws, st, rv, cond_fans, wbuf, out)
    mt, bots, tiles = hand_scratch()
    buf, keys, key_len = key_scratch()
    for h in range(seeds.shape[0]):
        bot_keys(prefix, seeds[h], rv[P.V_PLAYERS], buf, keys, key_len)
        status = start_hand(ws, st, rv, cond_fans, wbuf, out, mt, bots, tiles, seeds[h], keys, key_len)
        while status == ASKED:
            n = st[Q_N]
            k = np.int64(0) if n == 1 else MT.randrange(bots[st[Q_SEAT]], n)
            status = answer(ws, st, rv, cond_fans, wbuf, out, k)
        answer_row(st, status, results[h])


# ---------------------------------------------------------------- a hand taken up in the middle

@kernel
def resume(st, rv, seat_conc, seat_nm, seat_mk, seat_mt, seat_shown, seat_nf, seat_faces, seat_chou, seat_passed,
           stock, n_stock, dealer, turn, tx, tby, tkind, first_discard, last_stock):
    """A hand taken up mid-play, as the Python reference's ``Game.resume`` takes it (the rollouts of the advice): the seats as given (row p
    of each ``seat_*`` array), the stock top first, the seat to move; with a tile on the table (tx >= 0,
    by ``tby``, ``tkind`` 0 a draw, 1 a discard) its claims come first; else a seat that owes a discard
    discards; else ``turn`` draws.  Then ``advance`` plays on."""
    st[:] = 0
    for p in range(N):
        for t in range(20):
            st[S_CONC + 20 * p + t] = seat_conc[p, t]
            st[S_CHOU + 20 * p + t] = seat_chou[p, t]
            st[S_PASSED + 20 * p + t] = seat_passed[p, t]
        nm = seat_nm[p]
        st[S_NM + p] = nm
        for j in range(nm):
            st[S_MK + MAXM * p + j] = seat_mk[p, j]
            st[S_SHOWN + MAXM * p + j] = seat_shown[p, j]
            for c in range(3):
                st[S_MT + 3 * (MAXM * p + j) + c] = seat_mt[p, 3 * j + c]
        nf = min(seat_nf[p], FMAX)
        st[S_NF + p] = seat_nf[p]
        for k in range(nf):
            st[S_FACES + FMAX * p + k] = seat_faces[p, k]
    for k in range(n_stock):
        st[STOCK + k] = stock[k]
    st[G_STOCK_AT] = 0
    st[G_STOCK_END] = n_stock
    _table_of(st, rv, dealer)
    st[G_DEALER] = dealer
    st[G_TURN] = turn
    st[G_LIANG] = -1
    st[G_FIRST_DISCARD] = first_discard
    st[G_LAST_STOCK] = last_stock
    st[G_TABLE] = -1
    st[G_WINNER] = -1
    st[G_WIN_SRC] = -1
    st[G_TIANHU] = -1
    st[G_PHASE] = PH_TURN
    st[G_STATUS] = 0


@kernel
def resume_claims(ws, st, rv, wbuf, out, tx, tby, tkind):
    """The start of a resumed hand: the claims on the tile on the table (``tx`` >= 0; the dealer's first
    discard when it is one), or the discard a seat owes, from the seat to move on (else its draw)."""
    if tx >= 0:
        first = 1 if (tkind == 1 and tby == st[G_DEALER] and st[G_FIRST_DISCARD]) else 0
        if first:
            st[G_FIRST_DISCARD] = 0
        _claims(ws, st, rv, wbuf, out, tx, tby, tkind, np.int64(first))
        return
    p = st[G_TURN]
    for i in range(_playing(st)):
        if i:
            p = _lower(st, p)
        if _owes(_conc(st, p), _mk(st, p), st[S_NM + p]):
            _after_take(st, p)
            return


# ---------------------------------------------------------------- rollouts of the advice

#: what a rollout gives: this seat's net, whether it won, whether another won on its discard at once, and
#: OK (0: the deal contradicts what was seen; -1: the script's move was not offered)
R_NET, R_WON, R_DEAL_IN, R_OK, R_HANDED = 0, 1, 2, 3, 4  # R_HANDED: another seat's 碰/跑 on its discard at once
R_SIZE = 5


@inline
def _same_option(st, k, script, j):
    """Whether option k of the question is move j of ``script`` (rows: A_KIND, then A_CHI, the 比)."""
    at = Q_OPT + k * AS
    if st[at + P.A_KIND] != script[j, 0]:
        return False
    kind = script[j, 0]
    if kind == DISCARD or kind == P.AC_CHI:
        for f in range(4):
            if st[at + P.A_CHI + f] != script[j, 1 + f]:
                return False
    return True


@inline
def _offered(st, script, j):
    for k in range(st[Q_N]):
        if _same_option(st, k, script, j):
            return k
    return -1


#: a rollout's own state between its steps (``rollout_step``)
RS_INITIAL, RS_REACHED, RS_TODO, RS_MINE, RS_MX, RS_MBY = range(6)
RS_SIZE = 6


@inline
def _on(st, x, by, kind):
    return st[G_TABLE] == x and st[G_TABLE_BY] == by and st[G_TABLE_KIND] == kind


@kernel
def rollout_step(ws, st, rv, cond_fans, wbuf, out, me, stage, claim, tx, tby, tkind, script, n_script, rs, res, k):
    """``winrate.rollout`` in the kernels, a policy's choice at a time, from the state ``resume`` set (and
    ``resume_claims`` started): ``script`` (rows as ``_same_option`` reads them) for seat ``me``, a policy
    for every seat after; ``stage``: the ST_* asked of ``me`` at the position (-1 none: it waits),
    ``claim``: a quick position (its whole answer to the tile on the table, at any stage).  ``k`` -1
    starts the rollout, else it is the policy's choice at the question asked.  Plays on to the next
    question the policy must answer (ASKED) or to the end (DONE: the answer in ``res``, R_*); ``rs``
    keeps the rollout's own state between steps."""
    if k < 0:
        res[R_OK] = 1
        res[R_HANDED] = 0
        rs[RS_INITIAL] = 1 if tx >= 0 else 0
        rs[RS_REACHED] = 1 if (tx < 0 or stage == ST_FIRST or stage == ST_QISHOU) else 0
        rs[RS_TODO] = 0
        rs[RS_MINE] = 0  # the script's discard is on the table, waiting for claims
        rs[RS_MX] = -1
        rs[RS_MBY] = -1
        status = st[G_STATUS]
        if status == 0:
            status = advance(ws, st, rv, cond_fans, wbuf, out)
    else:
        status = _answered(ws, st, rv, cond_fans, wbuf, out, claim, tx, tby, tkind, script, n_script, rs, res, k)
    while status == ASKED:
        seat = st[Q_SEAT]
        todo = rs[RS_TODO]
        on_initial = rs[RS_INITIAL] != 0 and _on(st, tx, tby, tkind)
        passing = _option_of(st, Q_OPT, st[Q_N], P.AC_PASS)
        if not rs[RS_REACHED] and on_initial and seat == me:
            if claim:
                ok = todo < n_script and (script[todo, 0] == P.AC_PASS or _offered(st, script, todo) >= 0)
            else:
                ok = st[Q_STAGE] == stage
            rs[RS_REACHED] = 1 if ok else 0
        script_pass = claim != 0 and on_initial and seat == me and todo < n_script and script[todo, 0] == P.AC_PASS
        if not rs[RS_REACHED] or script_pass:
            if passing < 0:
                res[R_OK] = 0
                return DONE
            k = passing
        elif seat == me and todo < n_script:
            k = _offered(st, script, todo)
            if k >= 0:
                if script[todo, 0] == DISCARD:
                    rs[RS_MINE] = 1
                    rs[RS_MX] = script[todo, 1]
                    rs[RS_MBY] = me
                rs[RS_TODO] = todo + 1
            elif passing >= 0:
                k = passing
            else:
                res[R_OK] = -1
                return DONE
        else:
            return ASKED
        status = _answered(ws, st, rv, cond_fans, wbuf, out, claim, tx, tby, tkind, script, n_script, rs, res, k)
    if status == DONE:
        winner = st[G_WINNER]
        res[R_NET] = st[G_NET + me]
        res[R_WON] = 1 if winner == me else 0
        res[R_DEAL_IN] = 1 if (winner >= 0 and winner != me and rs[RS_MINE] and st[G_WIN_SRC] == P.S_DISCARD) else 0
    return DONE


@kernel
def _answered(ws, st, rv, cond_fans, wbuf, out, claim, tx, tby, tkind, script, n_script, rs, res, k):
    """Option k answered in a rollout, and what it changed for the script: ``answer``'s status, or -1 when
    the tile on the table was taken before the script's seat could take it (R_OK 0: not what was seen).
    Another seat's 碰, 跑 or 招 of the script's discard while it waits on the table sets R_HANDED."""
    if rs[RS_MINE] and st[Q_SEAT] != rs[RS_MBY] and _on(st, rs[RS_MX], rs[RS_MBY], 1):
        a = st[Q_OPT + k * AS + P.A_KIND]
        if a == P.AC_PENG or a == P.AC_PAO or a == P.AC_ZHAO:
            res[R_HANDED] = 1
    status = answer(ws, st, rv, cond_fans, wbuf, out, np.int64(k))
    todo = rs[RS_TODO]
    if rs[RS_INITIAL] and not _on(st, tx, tby, tkind):
        if todo < n_script and script[todo, 0] == P.AC_PASS and claim:
            rs[RS_TODO] = todo + 1
        elif todo < n_script and (script[todo, 0] == P.AC_CHI or script[todo, 0] == P.AC_PENG) and not rs[RS_REACHED]:
            res[R_OK] = 0
            return -1
        rs[RS_INITIAL] = 0
    if rs[RS_MINE] and not _on(st, rs[RS_MX], rs[RS_MBY], 1):
        rs[RS_MINE] = 0
    return status


@kernel
def resume_sample(ws, st, rv, wbuf, out, i, seat_conc, seat_nm, seat_mk, seat_mt, seat_shown, seat_nf, seat_faces,
                  seat_chou, seat_passed, stocks, n_stock, dealer, turn, tx, tby, tkind, first_discard, last_stock,
                  rng, ties, keys, key_len):
    """Sample i of the rollouts' arrays taken up (``resume``, ``resume_claims``), the policy's ties
    seeded afresh by random.Random of key ``keys[i]`` when ``ties``."""
    resume(st, rv, seat_conc[i], seat_nm[i], seat_mk[i], seat_mt[i], seat_shown[i], seat_nf[i], seat_faces[i],
           seat_chou[i], seat_passed[i], stocks[i], n_stock[i], dealer, turn, tx, tby, tkind, first_discard,
           last_stock)
    resume_claims(ws, st, rv, wbuf, out, tx, tby, tkind)
    if ties:
        MT.seed_by_key(rng, keys[i], key_len[i])


@kernel
def rollouts(ws, st, rv, cond_fans, wbuf, out, me, stage, claim, tx, tby, tkind, dealer, turn, first_discard,
             last_stock, seat_conc, seat_nm, seat_mk, seat_mt, seat_shown, seat_nf, seat_faces, seat_chou,
             seat_passed, stocks, n_stock, scripts, n_script, keys, key_len, ties, keep, n_keep, res):
    """Every script on every sample (``winrate.estimate``'s rollouts) by the rollout policy
    (``fast_choice``): sample i is the seats and stock of row i of the ``seat_*`` arrays and ``stocks``;
    script j the rows of ``scripts[j]``; the policy's ties broken by random.Random of key ``keys[i]``
    afresh for each script (``ties``), else the first option.  The answer of (i, j) into ``res[i, j]``
    (R_*)."""
    ws, st, rv, cond_fans, wbuf, out = game_views(ws, st, rv, cond_fans, wbuf, out)
    scripts, keep, res = unowned(scripts), unowned(keep), unowned(res)
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
                k = fast_choice(st, rng, ties, keep, n_keep)

"""A hand of play as a state machine over one integer array, compiled with numba (RULES.md 10).

The state ``st`` is one int64 array (offsets ``G_*`` for the table, ``S_*`` for the seats, ``Q_*`` for the
question asked, ``E_*`` for the events of the last steps).  ``begin`` lays out the dealt fours (前提)
and stops where 天胡 needs the Python judge (``NEED_TIANHU``) or goes on; ``advance`` runs the hand
until a seat must decide (``ASKED``: the question at ``Q_*``, its options as rows of
``play_rules.legal``) or the hand is over (``DONE``); ``answer`` takes option k of the question and
advances.  Every legal move comes from the rule table (``play_rules``, compiled here from the same
functions ``obligations.decide`` calls) and every win from the win kernels (``_kernels``), so the game,
``phz act`` and the analysis never disagree.  Nothing here reads a ruleset's name: only its vectors
(``play_rules.rule_vector``, the win vector, the fans by game condition).

The order of play, the claims, 臭, 八块, 相公, 海底 and 地胡 are those of ``solver.game.engine`` (RULES.md
10); the Python flow there is the readable reference the tests hold this against, event for event.
"""
from __future__ import annotations

import numpy as np

from . import play_rules as P
from ._game_state import (
    AS,
    ASKED,
    B_OFFENCE,
    B_ROW,
    B_SEAT,
    BROKEN,
    C_DIHU,
    C_HAIDI,
    C_QISHOU,
    C_TIANHU,
    DISCARD,
    DONE,
    EV_DISCARD,
    EV_DRAW,
    EV_FACEUP,
    EV_TAKE,
    FALSE_HU,
    FMAX,
    G_AFTER,
    G_BAKUAI,
    G_CHOU_WEI,
    G_COND,
    G_DEALER,
    G_FIRST_DISCARD,
    G_LAST_STOCK,
    G_LENIENT,
    G_LIANG,
    G_OFFENDERS,
    G_PHASE,
    G_QISHOU,
    G_STATUS,
    G_STOCK_AT,
    G_STOCK_END,
    G_TABLE,
    G_TABLE_BY,
    G_TABLE_KIND,
    G_TIANHU,
    G_TURN,
    G_TURNS,
    MAXM,
    NA,
    PH_AFTER,
    PH_END,
    PH_QISHOU,
    PH_STAGES,
    PH_START,
    PH_TURN,
    Q_OPT,
    Q_SEAT,
    Q_STAGE,
    Q_TILE,
    R_ACT,
    R_BY,
    R_CANWIN,
    R_CURSOR,
    R_DFIRST,
    R_KIND,
    R_NACT,
    R_NS,
    R_OPENED,
    R_SEATS,
    R_SKIP,
    R_STAGE,
    R_TILE,
    RS_CHI,
    RS_FACEUP,
    RS_HU,
    RS_PENG,
    RS_TAKE,
    S_CHOU,
    S_CONC,
    S_FACES,
    S_MK,
    S_MT,
    S_NF,
    S_NM,
    S_PASSED,
    S_SHOWN,
    ST_CHI,
    ST_DISCARD,
    ST_FIRST,
    ST_HU,
    ST_OPEN,
    ST_PENG,
    ST_QISHOU,
    ST_TAKE,
    STOCK,
    N,
    _acts,
    _ask,
    _conc,
    _event,
    _find,
    _finish,
    _has_four,
    _holding,
    _legal,
    _lower,
    _mk,
    _mt,
    _nth,
    _option,
    _origin,
    _owes,
    _plain_option,
    _playing,
    _take_into,
    _takes_first,
    _win,
    _wins,
)
from ._jit import kernel

# ---------------------------------------------------------------- the flow

@kernel
def _decide_all(ws, st, rv, wbuf, out):
    """Each seat asked about the tile on the table: its legal actions (rule table and win check)."""
    x = st[R_TILE]
    by = st[R_BY]
    kind = st[R_KIND]
    rows = st[R_ACT:R_ACT + N * NA * AS].reshape((N * NA, AS))  # each seat's actions, written in place
    for i in range(st[R_NS]):
        p = st[R_SEATS + i]
        origin = _origin(st, p, by, kind)
        src = P.ORIGIN_SOURCE[origin]
        conc = _conc(st, p)
        mk = _mk(st, p)
        mt = _mt(st, p)
        nm = st[S_NM + p]
        wins = _wins(ws, conc, mk, mt, nm, x, np.int64(src))
        st[R_NACT + p] = _legal(conc, mk, mt, nm, x, np.int64(origin), st[S_CHOU + 20 * p + x],
                                st[S_PASSED + 20 * p + x], wins, rv, wbuf, rows[p * NA:(p + 1) * NA])


@kernel
def _claims(ws, st, rv, wbuf, out, x, by, kind, dealer_first):
    """The tile x revealed by ``by`` (``kind`` 0 a draw, 1 a discard): who is asked, their actions, and
    the first taker if any (the drawer's own 提/偎, or a group others may not win on: ASKED); else
    the stages (PH_STAGES)."""
    st[R_TILE] = x
    st[R_BY] = by
    st[R_KIND] = kind
    st[R_DFIRST] = dealer_first
    st[G_TABLE] = x
    st[G_TABLE_BY] = by
    st[G_TABLE_KIND] = kind
    st[R_CANWIN] = 0 if (kind == 0 and st[G_LAST_STOCK] and not rv[P.V_LAST_TILE_WINS]) else 1
    n = _playing(st)
    st[R_NS] = n if kind == 0 else n - 1  # from the drawer on; after a discard, from its lower player on
    p = by if kind == 0 else _lower(st, by)
    for i in range(st[R_NS]):
        st[R_SEATS + i] = p
        p = _lower(st, p)
    _decide_all(ws, st, rv, wbuf, out)
    st[R_STAGE] = RS_HU
    st[R_CURSOR] = 0
    st[R_SKIP] = 0
    st[R_OPENED] = 0
    st[G_PHASE] = PH_STAGES
    for i in range(st[R_NS]):
        p = st[R_SEATS + i]
        acts = _acts(st, p)
        n = st[R_NACT + p]
        take = -1
        for k in range(n):
            if acts[k * AS + P.A_COMPULSORY]:
                take = k
                break
        if take < 0:
            continue
        held = _holding(_conc(st, p), _mk(st, p), _mt(st, p), st[S_NM + p], x)
        origin = _origin(st, p, by, kind)
        if _takes_first(acts[take * AS + P.A_KIND], np.int64(p == by and kind == 0), held,
                        P.ORIGIN_SOURCE[origin], rv):
            _ask(st, p, np.int64(ST_FIRST), x, np.int64(origin))
            hu = _find(acts, n, np.int64(P.AC_HU))
            if st[R_CANWIN] and hu >= 0:
                _option(st, acts, hu)
            _option(st, acts, take)
            return


@kernel
def _stages(st, rv):
    """The claim stages 胡, 跑/提, 碰, 吃 on the tile on the table, from where they stand: a question
    asked (ASKED), or the tile left face up (PH_TURN)."""
    x = st[R_TILE]
    by = st[R_BY]
    kind = st[R_KIND]
    while True:
        stage = st[R_STAGE]
        if stage == RS_HU:
            if st[R_CANWIN]:
                while st[R_CURSOR] < st[R_NS]:
                    p = st[R_SEATS + st[R_CURSOR]]
                    acts = _acts(st, p)
                    hu = _find(acts, st[R_NACT + p], np.int64(P.AC_HU))
                    if hu >= 0 and not (st[R_SKIP] >> p) & 1:
                        _ask(st, p, np.int64(ST_HU), x, np.int64(_origin(st, p, by, kind)))
                        _option(st, acts, hu)
                        _plain_option(st, np.int64(P.AC_PASS), np.int64(-1))
                        return
                    st[R_CURSOR] += 1
            st[R_STAGE] = RS_TAKE
            st[R_CURSOR] = 0
        elif stage == RS_TAKE:
            for i in range(st[R_NS]):
                p = st[R_SEATS + i]
                if (st[R_SKIP] >> p) & 1:
                    continue
                acts = _acts(st, p)
                for k in range(st[R_NACT + p]):
                    a = acts[k * AS + P.A_KIND]
                    if acts[k * AS + P.A_COMPULSORY] and (a == P.AC_TI or a == P.AC_PAO or a == P.AC_ZHAO):
                        _ask(st, p, np.int64(ST_TAKE), x, np.int64(_origin(st, p, by, kind)))
                        _option(st, acts, k)
                        return
            st[R_STAGE] = RS_PENG
            st[R_CURSOR] = 0
        elif stage == RS_PENG:
            while st[R_CURSOR] < st[R_NS]:
                p = st[R_SEATS + st[R_CURSOR]]
                acts = _acts(st, p)
                k = _find(acts, st[R_NACT + p], np.int64(P.AC_PENG))
                if k >= 0 and not (st[R_SKIP] >> p) & 1:
                    _ask(st, p, np.int64(ST_PENG), x, np.int64(_origin(st, p, by, kind)))
                    _option(st, acts, k)
                    if not acts[k * AS + P.A_COMPULSORY]:
                        _plain_option(st, np.int64(P.AC_PASS), np.int64(-1))
                    return
                st[R_CURSOR] += 1
            st[R_STAGE] = RS_CHI
            st[R_CURSOR] = 0
        elif stage == RS_CHI:
            # the eaters: the drawer then his lower player; for a discard its lower player only
            while st[R_CURSOR] < (2 if kind == 0 else 1):
                p = by if kind == 0 and st[R_CURSOR] == 0 else _lower(st, by)
                acts = _acts(st, p)
                n = st[R_NACT + p]
                first = _find(acts, n, np.int64(P.AC_CHI))
                if first >= 0 and not (st[R_SKIP] >> p) & 1:
                    _ask(st, p, np.int64(ST_CHI), x, np.int64(_origin(st, p, by, kind)))
                    for k in range(first, n):
                        if acts[k * AS + P.A_KIND] == P.AC_CHI:
                            _option(st, acts, k)
                    _plain_option(st, np.int64(P.AC_PASS), np.int64(-1))
                    return
                st[R_CURSOR] += 1
            st[R_STAGE] = RS_FACEUP
        elif st[G_LENIENT] and not st[R_OPENED]:  # a record typed in may still claim it, breaking a rule
            st[R_OPENED] = 1
            _ask(st, by, np.int64(ST_OPEN), x, np.int64(-1))
            _plain_option(st, np.int64(P.AC_PASS), np.int64(-1))
            return
        else:  # nobody took it: it stays face up before the seat that revealed it
            nf = st[S_NF + by]
            if nf < FMAX:
                st[S_FACES + FMAX * by + nf] = x
            st[S_NF + by] = nf + 1
            st[G_TABLE] = -1
            _event(st, EV_FACEUP, by, x, 0, 0, 0, 0)
            st[G_TURN] = _lower(st, by)
            st[G_PHASE] = PH_TURN
            return


@kernel
def _after_take(st, p):
    """Seat p took a tile (or the dealer keeps his 亮张): it discards when its hand owes one (ASKED, phase
    PH_AFTER), else the turn passes to its lower player (PH_TURN)."""
    if _owes(_conc(st, p), _mk(st, p), st[S_NM + p]):
        _ask(st, p, np.int64(ST_DISCARD), np.int64(-1), np.int64(-1))
        for t in range(20):
            c = st[S_CONC + 20 * p + t]
            if c == 1 or c == 2:
                _plain_option(st, np.int64(DISCARD), np.int64(t))
        st[G_AFTER] = p
        st[G_PHASE] = PH_AFTER
    else:
        st[G_TURN] = _lower(st, p)
        st[G_PHASE] = PH_TURN


@kernel
def _taken(st, p, row, x):
    """Seat p takes x by the action ``row`` (a row of play_rules.legal): its melds laid out, never x
    put into the hand; then its discard, if one follows."""
    a = row[P.A_KIND]
    nm = st[S_NM + p]
    if a == P.AC_WEI and row[P.A_CHOU_WEI]:
        st[G_CHOU_WEI + p] += 1
    elif a != P.AC_CHI and a != P.AC_PENG and a != P.AC_WEI and _has_four(_mk(st, p), nm):
        st[G_BAKUAI + p] += 1
    st[S_NM + p] = _take_into(_conc(st, p), _mk(st, p), _mt(st, p), st[S_SHOWN + MAXM * p:S_SHOWN + MAXM * p + MAXM],
                              nm, x, a, row[P.A_CHI], row[P.A_BI], row[P.A_BI + 1], row[P.A_BI + 2], row[P.A_ONTO],
                              row[P.A_CHOU_WEI])
    _event(st, EV_TAKE, p, x, a, st[S_NM + p] - nm if a == P.AC_CHI else 1, 0, 0)
    st[G_TABLE] = -1
    _after_take(st, p)


@kernel
def _won(ws, st, rv, cond_fans, p):
    """Seat p wins on the tile on the table (its game conditions: 海底, 地胡)."""
    x = st[R_TILE]
    src = P.ORIGIN_SOURCE[_origin(st, p, st[R_BY], st[R_KIND])]
    cond = 0
    if st[R_KIND] == 0 and st[G_LAST_STOCK]:
        cond |= C_HAIDI
    if st[R_KIND] == 1 and st[R_DFIRST] and rv[P.V_DIHU] == 1 and p == _lower(st, st[G_DEALER]):
        cond |= C_DIHU
    st[G_COND] = cond
    _win(ws, st, _conc(st, p), _mk(st, p), _mt(st, p), st[S_NM + p], x, np.int64(src), np.int64(cond), cond_fans)
    _finish(st, rv, p, x, np.int64(src))


@kernel
def _liang_hand(st, p, conc, mk, mt):
    """Seat p's hand as the 亮张's 起手胡 reads it, into ``conc``, ``mk``, ``mt``: the dealer's before his
    亮张 (a dealt four holding it is a 坎 again, its meld left out); its number of melds."""
    x = st[G_LIANG]
    nm = st[S_NM + p]
    for t in range(20):
        conc[t] = st[S_CONC + 20 * p + t]
    skip = -1
    if p == st[G_DEALER]:
        if conc[x] > 0:
            conc[x] -= 1
        else:
            conc[x] = 3
            for j in range(nm):
                if st[S_MT + 3 * (MAXM * p + j)] == x:
                    skip = j
                    break
    m = 0
    for j in range(nm):
        if j == skip:
            continue
        mk[m] = st[S_MK + MAXM * p + j]
        for c in range(3):
            mt[3 * m + c] = st[S_MT + 3 * (MAXM * p + j) + c]
        m += 1
    return m


@kernel
def advance(ws, st, rv, cond_fans, wbuf, out):
    """Play on until a seat must decide (ASKED, the question at Q_*) or the hand is over (DONE)."""
    st[G_STATUS] = 0
    while st[G_STATUS] == 0:
        phase = st[G_PHASE]
        if phase == PH_END:
            st[G_STATUS] = DONE
        elif phase == PH_START:
            if st[G_TIANHU] >= 0:  # 天胡, found by the judge
                st[G_COND] = C_TIANHU
                st[G_TABLE] = -1
                _finish(st, rv, st[G_TIANHU], np.int64(-1), np.int64(P.S_SELF))
            elif st[G_LIANG] >= 0:
                st[G_QISHOU] = 0
                st[G_PHASE] = PH_QISHOU
            else:
                st[G_TURN] = st[G_DEALER]
                _after_take(st, st[G_DEALER])
        elif phase == PH_QISHOU:  # 起手胡 on the 亮张, asked from the dealer in turn order
            d = st[G_DEALER]
            x = st[G_LIANG]
            conc = np.empty(20, np.int64)
            mk = np.empty(MAXM, np.int64)
            mt = np.empty(3 * MAXM, np.int64)
            while st[G_QISHOU] < _playing(st) and st[G_STATUS] == 0:
                p = _nth(st, d, st[G_QISHOU])
                nm = _liang_hand(st, p, conc, mk, mt)
                src = P.S_SELF if p == d else P.S_OTHER
                if _wins(ws, conc, mk, mt, nm, x, np.int64(src)):
                    _ask(st, p, np.int64(ST_QISHOU), x, np.int64(_origin(st, p, d, np.int64(0))))
                    _plain_option(st, np.int64(P.AC_HU), np.int64(-1))
                    _plain_option(st, np.int64(P.AC_PASS), np.int64(-1))
                else:
                    st[G_QISHOU] += 1
            if st[G_STATUS] == 0:
                st[G_TURN] = d
                _after_take(st, d)  # 收张
        elif phase == PH_TURN:
            if st[G_STOCK_AT] >= st[G_STOCK_END]:
                st[G_TABLE] = -1
                _finish(st, rv, np.int64(-1), np.int64(-1), np.int64(-1))
            else:
                p = st[G_TURN]
                t = st[STOCK + st[G_STOCK_AT]]
                st[G_STOCK_AT] += 1
                st[G_TURNS] += 1
                st[G_LAST_STOCK] = 1 if st[G_STOCK_AT] >= st[G_STOCK_END] else 0
                _event(st, EV_DRAW, p, t, 0, 0, 0, 0)
                _claims(ws, st, rv, wbuf, out, t, p, np.int64(0), np.int64(0))
        elif phase == PH_STAGES:
            _stages(st, rv)
        else:  # PH_AFTER: the discard is asked
            st[G_STATUS] = ASKED
    return st[G_STATUS]


@kernel
def _broken(ws, st, rv, cond_fans):
    """The move at B_* (a lenient replay's: a claim out of turn, or a move that breaks a rule) on the
    tile on the table: 诈胡 ends the hand, a legal 胡 wins, a compulsory move passed (走跑, 失提) lets
    the tile go on to the others' claims, any other move is made."""
    p = st[B_SEAT]
    row = st[B_ROW:B_ROW + AS]
    a = row[P.A_KIND]
    x = st[R_TILE]
    if st[B_OFFENCE]:
        st[G_OFFENDERS] |= 1 << p
    if a == P.AC_HU:
        if st[B_OFFENCE]:
            _finish(st, rv, np.int64(-1), np.int64(FALSE_HU), np.int64(-1))
        else:
            _won(ws, st, rv, cond_fans, p)
    elif a == P.AC_PASS:
        st[R_SKIP] = 1 << p
        st[R_STAGE] = RS_HU if st[Q_STAGE] == ST_FIRST else RS_TAKE
        st[R_CURSOR] = 0
        st[G_PHASE] = PH_STAGES
    else:
        row[P.A_ONTO] = _holding(_conc(st, p), _mk(st, p), _mt(st, p), st[S_NM + p], x)
        _taken(st, p, row, x)


@kernel
def answer(ws, st, rv, cond_fans, wbuf, out, k):
    """Option k of the question asked (BROKEN: the move at B_*, ``_broken``); then play on (``advance``)."""
    if k == BROKEN:
        st[G_STATUS] = 0
        _broken(ws, st, rv, cond_fans)
        if st[G_STATUS] == 0:
            return advance(ws, st, rv, cond_fans, wbuf, out)
        return st[G_STATUS]
    p = st[Q_SEAT]
    stage = st[Q_STAGE]
    row = st[Q_OPT + k * AS:Q_OPT + (k + 1) * AS]
    a = row[P.A_KIND]
    x = st[Q_TILE]
    st[G_STATUS] = 0
    if stage == ST_DISCARD:
        t = row[P.A_CHI]
        st[S_CONC + 20 * p + t] -= 1
        if rv[P.V_OWN_DISCARD_CHOU]:
            st[S_CHOU + 20 * p + t] = 1
        first = 1 if (st[G_FIRST_DISCARD] and p == st[G_DEALER]) else 0
        if p == st[G_DEALER]:
            st[G_FIRST_DISCARD] = 0
        st[G_LAST_STOCK] = 0
        _event(st, EV_DISCARD, p, t, 0, 0, 0, 0)
        _claims(ws, st, rv, wbuf, out, t, p, np.int64(1), np.int64(first))
    elif stage == ST_QISHOU:
        if a == P.AC_HU:
            conc = np.empty(20, np.int64)
            mk = np.empty(MAXM, np.int64)
            mt = np.empty(3 * MAXM, np.int64)
            nm = _liang_hand(st, p, conc, mk, mt)
            src = P.S_SELF if p == st[G_DEALER] else P.S_OTHER
            st[G_COND] = C_QISHOU
            _win(ws, st, conc, mk, mt, nm, x, np.int64(src), np.int64(C_QISHOU), cond_fans)
            st[G_TABLE] = -1
            _finish(st, rv, p, x, np.int64(src))
        else:
            st[G_QISHOU] += 1
    elif a == P.AC_HU:
        _won(ws, st, rv, cond_fans, p)
    elif a == P.AC_PASS:
        hu_only = rv[P.V_HU_ONLY]
        if stage == ST_PENG or (hu_only and stage == ST_CHI):
            st[S_PASSED + 20 * p + x] = 1
        if stage == ST_CHI or (hu_only and stage == ST_PENG):
            st[S_CHOU + 20 * p + x] = 1
        st[R_CURSOR] += 1
    else:
        _taken(st, p, row, x)
    if st[G_STATUS] == 0:
        return advance(ws, st, rv, cond_fans, wbuf, out)
    return st[G_STATUS]

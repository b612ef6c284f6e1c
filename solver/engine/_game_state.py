"""The state of a hand of play as one integer array, and the small steps on it that every part of the
game kernels shares (``solver.engine._game_kernels`` is the flow).

``st`` is one int64 array: ``G_*`` the table (dealer, turn, stock, the tile on the table, the result),
``R_*`` the claims on the tile on the table (each seat's legal actions, rows of ``play_rules.legal``),
``Q_*`` the question asked (its options, the same rows), ``S_*`` the seats (concealed counts, melds,
tiles face up, 臭), ``E_*`` the events since the caller last read them.  The rule table comes compiled
from ``_play_kernels`` (``play_rules``: the functions ``obligations.decide`` calls), and the wins come from the win kernels
(``_kernels``): a hand's win by its best score, its full answer under the game's conditions.
"""
from __future__ import annotations

import numpy as np

from . import _kernels as K
from . import _play_kernels as RK
from . import play_rules as P
from ._jit import address, inline, kernel

# ---------------------------------------------------------------- the rule table, compiled

_legal = RK.legal
_owes = RK.owes_discard
_may_win_count = RK.may_win_count
_holding = RK.holding
_has_four = RK.has_four
_take_into = RK.take_into
_takes_first = RK.takes_first
SHAPE_TILES = np.array(P.SHAPE_TILES, np.int64)

assert P.KIND_NAMES == K.KIND_NAMES

# ---------------------------------------------------------------- the state

N = 4  # seats at most (a table of four: one sits out, RULES.md 10b)
MAXM = 7  # exposed melds a seat may hold
FMAX = 40  # tiles face up before a seat
EMAX = 64  # events kept between two reads (``E_N``)
E_SIZE = 12
NA = P.MAX_ACTIONS
AS = P.A_SIZE

# scalars
G_STATUS = 0  # ASKED, DONE or NEED_TIANHU after the last step
G_PHASE = 1  # PH_*: where ``advance`` goes on
G_DEALER = 2
G_TURN = 3
G_STOCK_AT = 4  # the next stock tile
G_STOCK_END = 5
G_LIANG = 6  # the 亮张, -1 none
G_LAST_STOCK = 7  # the tile on the table is the last stock tile
G_FIRST_DISCARD = 8  # the dealer's first discard is still to come
G_TABLE = 9  # the tile on the table (-1 none), by whom, draw (0) or discard (1)
G_TABLE_BY = 10
G_TABLE_KIND = 11
G_TURNS = 12
G_WINNER = 13  # -1 none
G_WIN_TILE = 14
G_WIN_SRC = 15  # a take table source (P.S_*), -1 none
G_COND = 16  # the win's game conditions, C_* bits
G_HUXI = 17
G_DENG = 18
G_FAN = 19
G_SCORE = 20
G_HOW = 21  # an index into results.HOWS, or HOW_TIANHU
G_RED = 22
G_DD = 23
G_NET = 24  # [N]
G_TIANHU = 28  # the seat whose 天胡 the judge found (-1 none; -2 not judged yet)
G_QISHOU = 29  # 起手胡: the next seat to ask (a turn-order index from the dealer)
G_AFTER = 30  # the seat whose discard may follow (PH_AFTER)
G_SEATS = 31  # seats at the table (2, 3 or 4)
G_OUT = 32  # the seat sitting out (坐底), -1 none
G_BAKUAI = 33  # [N] 八块 by seat: a 4-tile group taken beside another (for phz sim's counts)
G_CHOU_WEI = 37  # [N] 臭偎 by seat
G_SHOWS_LAST = 41  # the stock's last tile is shown to all (a table of four, V_SHOWS_LAST)
G_LENIENT = 42  # a lenient replay: a tile nobody may claim is asked about (ST_OPEN), moves may break rules
G_OFFENDERS = 43  # bit p: seat p broke a rule this hand (its own win is void: it is not paid)
# the claims on the tile on the table
R_TILE = 44
R_BY = 45
R_KIND = 46
R_DFIRST = 47  # the dealer's first discard (地胡)
R_CANWIN = 48
R_NS = 49  # seats asked about it
R_SEATS = 50  # [N] in claim order
R_STAGE = 54  # RS_*
R_CURSOR = 55  # the next seat of the stage (an index into R_SEATS, or into the eaters)
R_NACT = 56  # [N] by seat: its legal actions at the tile
R_ACT = 60  # [N * NA * AS] by seat
R_SKIP = R_ACT + N * NA * AS  # bit p: seat p is not asked again (it broke a rule at this tile: 走跑, 失提)
R_OPENED = R_SKIP + 1  # a lenient replay asked about the tile nobody claimed (ST_OPEN)
# the question asked
Q_SEAT = R_OPENED + 1
Q_STAGE = Q_SEAT + 1  # ST_*
Q_TILE = Q_SEAT + 2  # -1 for a discard
Q_ORIGIN = Q_SEAT + 3  # P.O_* as the seat sees it, -1 for a discard
Q_N = Q_SEAT + 4  # options
Q_OPT = Q_SEAT + 5  # [NA * AS]: rows of play_rules.legal; a discard's options have A_KIND DISCARD, A_CHI the tile
# a move of a lenient replay that is not among the options (``answer`` with k = BROKEN)
B_SEAT = Q_OPT + NA * AS  # who makes it
B_ROW = B_SEAT + 1  # [AS] the move as a row of play_rules.legal (its A_ONTO found when it is made)
B_OFFENCE = B_ROW + AS  # 1: it breaks a rule (the seat's win is void; 胡 is 诈胡 and ends the hand)
# the seats
S_CONC = B_OFFENCE + 1  # [N * 20]
S_NM = S_CONC + N * 20  # [N]
S_MK = S_NM + N  # [N * MAXM]
S_MT = S_MK + N * MAXM  # [N * MAXM * 3]
S_SHOWN = S_MT + N * MAXM * 3  # [N * MAXM]
S_NF = S_SHOWN + N * MAXM  # [N]
S_FACES = S_NF + N  # [N * FMAX]
S_CHOU = S_FACES + N * FMAX  # [N * 20] 臭 for 吃 (under 过张只能胡, a passed tile)
S_PASSED = S_CHOU + N * 20  # [N * 20] 臭 for 碰
STOCK = S_PASSED + N * 20  # [80]
E_N = STOCK + 80  # events since the caller last read them
E_LOG = E_N + 1  # [EMAX * E_SIZE]
G_SIZE = E_LOG + EMAX * E_SIZE

# statuses
ASKED, DONE, NEED_TIANHU = 1, 2, 3
# phases
PH_START, PH_QISHOU, PH_AFTER, PH_TURN, PH_STAGES, PH_END = range(6)
# claim stages (a round's), and the stages of a question (solver.game.moves.STAGES order)
RS_HU, RS_TAKE, RS_PENG, RS_CHI, RS_FACEUP = range(5)
ST_QISHOU, ST_FIRST, ST_HU, ST_TAKE, ST_PENG, ST_CHI, ST_DISCARD, ST_OPEN = range(8)
DISCARD = 8  # A_KIND of a discard option
BROKEN = -1  # ``answer``'s k for the move at B_*
FALSE_HU = -2  # ``_finish``'s tile when a 诈胡 ends the hand: nobody wins, and it is no 荒庄
# game conditions of a win
C_HAIDI, C_TIANHU, C_DIHU, C_QISHOU = 1, 2, 4, 8
HOW_TIANHU = -1
# events
EV_MELD, EV_DRAW, EV_DISCARD, EV_TAKE, EV_FACEUP, EV_WIN, EV_DRAWN, EV_SETTLE, EV_PASSED = range(9)
# fields of the play vector the engine reads beyond play_rules: none (it reads P.V_*)


# ---------------------------------------------------------------- small helpers

@inline
def _lower(st, p):
    """The lower player (下家) of seat p: the next seat that plays (the seat sitting out skipped)."""
    q = (p + 1) % st[G_SEATS]
    return (q + 1) % st[G_SEATS] if q == st[G_OUT] else q


@inline
def _playing(st):
    """The seats that play the hand."""
    return st[G_SEATS] - (1 if st[G_OUT] >= 0 else 0)


@inline
def _nth(st, p, i):
    """The seat i turns after seat p."""
    for _ in range(i):
        p = _lower(st, p)
    return p


@inline
def _table_of(st, rv, dealer):
    """The table of a hand dealt by ``dealer``: its seats, and the seat sitting out (four: V_SIT_OUT
    seats after the dealer)."""
    st[G_SEATS] = rv[P.V_PLAYERS]
    st[G_SHOWS_LAST] = rv[P.V_SHOWS_LAST]
    st[G_OUT] = (dealer + rv[P.V_SIT_OUT]) % 4 if rv[P.V_PLAYERS] == 4 else -1


@inline
def _origin(st, seat, by, kind):
    """P.O_* of a tile revealed by ``by`` (kind 0 draw, 1 discard) as ``seat`` sees it (of two players,
    the other is his upper player)."""
    if seat == by:
        return P.O_SELF_DRAW
    up = _lower(st, by) == seat
    if kind == 0:
        return P.O_UPPER_DRAW if up else P.O_LOWER_DRAW
    return P.O_UPPER_DISCARD if up else P.O_LOWER_DISCARD


@inline
def _conc(st, p):
    return st[S_CONC + 20 * p:S_CONC + 20 * p + 20]


@inline
def _mk(st, p):
    return st[S_MK + MAXM * p:S_MK + MAXM * p + MAXM]


@inline
def _mt(st, p):
    return st[S_MT + 3 * MAXM * p:S_MT + 3 * MAXM * p + 3 * MAXM]


@inline
def _acts(st, p):
    """Seat p's legal actions at the tile on the table: row k at k * AS."""
    return st[R_ACT + NA * AS * p:R_ACT + NA * AS * (p + 1)]


@kernel
def _event(st, kind, seat, tile, a, b, c, d):
    n = st[E_N]
    if n < EMAX:
        at = E_LOG + n * E_SIZE
        st[at] = kind
        st[at + 1] = seat
        st[at + 2] = tile
        st[at + 3] = a
        st[at + 4] = b
        st[at + 5] = c
        st[at + 6] = d
        st[E_N] = n + 1


@kernel
def _lay(st, p, kind, a, b, c, shown):
    nm = st[S_NM + p]
    st[S_MK + MAXM * p + nm] = kind
    st[S_MT + 3 * (MAXM * p + nm)] = a
    st[S_MT + 3 * (MAXM * p + nm) + 1] = b
    st[S_MT + 3 * (MAXM * p + nm) + 2] = c
    st[S_SHOWN + MAXM * p + nm] = shown
    st[S_NM + p] = nm + 1


# ---------------------------------------------------------------- wins

@kernel
def _load(ws, conc, mk, mt, nm):
    """A hand into the win kernels' scratch; its red count."""
    packed = 0
    for t in range(20):
        packed |= np.int64(conc[t]) << (K.FIELD * t)
    for j in range(nm):
        ws[K.W_MK + j] = mk[j]
        for c in range(3):
            ws[K.W_MT + 3 * j + c] = mt[3 * j + c]
    ws[K.W_P] = packed
    return K.load_hand(address(ws), nm)


@kernel
def _wins(ws, conc, mk, mt, nm, x, src):
    """Whether tile x from take table source ``src`` wins for the hand, by the best score of the win
    kernels; a hand with the wrong count of concealed tiles (a 相公) never wins."""
    if not (ws[K.R_SOURCES] >> src) & 1 or not _may_win_count(conc, mk, nm):
        return 0
    reds = _load(ws, conc, mk, mt, nm)
    K._solve_tile(address(ws), reds + ws[K.R_RED + x], x, np.int64(1 << src), np.bool_(False), np.bool_(False))
    return ws[K.W_OUT + src * K.N_OUT + K.O_WIN]


@kernel
def _win(ws, st, conc, mk, mt, nm, x, src, cond, cond_fans):
    """The full answer of the hand's win on x from ``src`` with the game conditions ``cond`` (the fans
    of ``cond_fans[cond]`` in the scratch for this search) into G_HUXI..; 1 when it wins."""
    keep = np.empty(2 * (K.MAX_RED + 1), np.int64)
    for i in range(keep.shape[0]):
        keep[i] = ws[K.R_FAN + i]
        ws[K.R_FAN + i] = cond_fans[cond, i]
    tables = ws[K.W_TAB]
    ws[K.W_TAB] = 0  # the full answer searches
    reds = _load(ws, conc, mk, mt, nm)
    K._solve_tile(address(ws), reds + ws[K.R_RED + x], x, np.int64(1 << src), np.bool_(False), np.bool_(True))
    ws[K.W_TAB] = tables
    for i in range(keep.shape[0]):
        ws[K.R_FAN + i] = keep[i]
    out = K.W_OUT + src * K.N_OUT
    st[G_HUXI] = ws[out + K.O_HUXI]
    st[G_DENG] = ws[out + K.O_DENG]
    st[G_FAN] = ws[out + K.O_FAN]
    st[G_SCORE] = ws[out + K.O_SCORE]
    st[G_HOW] = ws[out + K.O_HOW]
    st[G_RED] = ws[out + K.O_RED]
    st[G_DD] = ws[out + K.O_DD]
    return ws[out + K.O_WIN]


# ---------------------------------------------------------------- the deal and the start

@kernel
def deal(st, hands, sizes, stock, n_stock, dealer, rv):
    """A new hand: ``hands`` (the tiles dealt to the seats that play, from the dealer on, ``sizes``
    each), the stock top first, the dealer; the 亮张 is the dealer's last tile dealt (V_LIANG)."""
    st[:] = 0
    _table_of(st, rv, dealer)
    st[G_DEALER] = dealer
    st[G_TURN] = dealer
    at = 0
    p = dealer
    for i in range(_playing(st)):
        for k in range(sizes[i]):
            st[S_CONC + 20 * p + hands[at + k]] += 1
        at += sizes[i]
        p = _lower(st, p)
    st[G_LIANG] = hands[sizes[0] - 1] if rv[P.V_LIANG] else -1
    for k in range(n_stock):
        st[STOCK + k] = stock[k]
    st[G_STOCK_AT] = 0
    st[G_STOCK_END] = n_stock
    st[G_FIRST_DISCARD] = 1
    st[G_TABLE] = -1
    st[G_WINNER] = -1
    st[G_WIN_SRC] = -1
    st[G_TIANHU] = -2
    st[G_PHASE] = PH_START


@kernel
def _may_seven(ws, st, p):
    """Whether seat p's dealt tiles may make 7 groups of the least 胡息 (the 天胡 of dealer_seven_groups):
    its tiles outside the 坎 split whole (with the pair their count asks for), by the half tables;
    1 when they cannot say (no tables)."""
    if ws[K.W_TAB] == 0:
        return 1
    packed = 0
    fixed = 0
    for t in range(20):
        c = st[S_CONC + 20 * p + t]
        if c == 3:
            fixed += ws[K.R_HX + 20 * K.P_KAN + t]
        else:
            packed |= np.int64(c) << (K.FIELD * t)
    for j in range(st[S_NM + p]):
        fixed += ws[K.R_HX + 20 * K.P_LONG + st[S_MT + 3 * (MAXM * p + j)]]
    best = K._free_best(address(ws), K._compact(packed))
    return 1 if best >= 0 and best + fixed >= ws[K.R_MIN_HUXI] else 0


@kernel
def begin(ws, st, rv):
    """前提: every dealt four laid out as the ruleset's dealt kind (events in seat order from the dealer);
    then NEED_TIANHU when some hand may have 天胡 (the Python judge answers with ``tianhu``), else 0
    (``advance`` goes on)."""
    d = st[G_DEALER]
    four = rv[P.V_DEALT_FOUR]
    maybe = 0
    p = d
    for i in range(_playing(st)):
        if i:
            p = _lower(st, p)
        fours = 0
        kans = 0
        for t in range(20):
            if st[S_CONC + 20 * p + t] == 4:
                st[S_CONC + 20 * p + t] = 0
                _lay(st, p, four, t, t, t, np.int64(1))
                _event(st, EV_MELD, p, t, four, 0, 0, 0)
                fours += 1
            elif st[S_CONC + 20 * p + t] == 3:
                kans += 1
        mode = rv[P.V_TIANHU]
        if mode == 1 and (fours >= 3 or fours + kans >= 5):
            maybe = 1
        elif mode == 2 and i == 0 and _may_seven(ws, st, p):
            maybe = 1  # the dealer's 21 tiles may make 7 groups: the judge says
    if maybe:
        st[G_STATUS] = NEED_TIANHU
        return NEED_TIANHU
    st[G_TIANHU] = -1
    return 0


@kernel
def tianhu(st, seat, huxi, deng, fan, score, red, dd):
    """The judge's answer: seat ``seat`` (-1: none) wins at once (天胡) with these numbers."""
    st[G_TIANHU] = seat
    if seat >= 0:
        st[G_HUXI] = huxi
        st[G_DENG] = deng
        st[G_FAN] = fan
        st[G_SCORE] = score
        st[G_RED] = red
        st[G_DD] = dd
        st[G_HOW] = HOW_TIANHU


# ---------------------------------------------------------------- the end of a hand

@kernel
def _finish(st, rv, winner, tile, src):
    """Settle: the winner paid his score by each other player who plays (a discard win by the discarder
    alone under pay = discarder); a drawn hand pays nothing; the seat sitting out neither pays nor is paid.
    A seat that broke a rule wins unpaid (G_OFFENDERS); ``tile`` FALSE_HU: a 诈胡 ended the hand (no 荒庄).
    The penalties of a lenient replay are paid on top, in Python (``solver.game.settle``)."""
    for p in range(N):
        st[G_NET + p] = 0
    st[G_WINNER] = winner
    st[G_WIN_TILE] = tile if tile != FALSE_HU else -1
    st[G_WIN_SRC] = src
    if winner >= 0 and not (st[G_OFFENDERS] >> winner) & 1:
        score = st[G_SCORE]
        payers = _playing(st) - 1
        discarder = st[G_TABLE_BY] if st[G_TABLE] >= 0 else -1
        if src == P.S_DISCARD and rv[P.V_PAY] == 1 and discarder >= 0:
            st[G_NET + discarder] -= score * payers
        else:
            for p in range(st[G_SEATS]):
                if p != winner and p != st[G_OUT]:
                    st[G_NET + p] -= score
        st[G_NET + winner] += score * payers
    if winner >= 0:
        _event(st, EV_WIN, winner, tile, src, st[G_COND], 0, 0)
    elif tile != FALSE_HU:
        _event(st, EV_DRAWN, np.int64(-1), np.int64(-1), 0, 0, 0, 0)
    _event(st, EV_SETTLE, np.int64(-1), np.int64(-1), st[G_NET], st[G_NET + 1], st[G_NET + 2], st[G_NET + 3])
    st[G_PHASE] = PH_END
    st[G_STATUS] = DONE


# ---------------------------------------------------------------- asking

@inline
def _ask(st, seat, stage, tile, origin):
    st[Q_SEAT] = seat
    st[Q_STAGE] = stage
    st[Q_TILE] = tile
    st[Q_ORIGIN] = origin
    st[Q_N] = 0
    st[G_STATUS] = ASKED


@inline
def _option(st, acts, k):
    """Row k of a seat's actions as the next option of the question."""
    n = st[Q_N]
    for f in range(AS):
        st[Q_OPT + n * AS + f] = acts[k * AS + f]
    st[Q_N] = n + 1


@kernel
def _plain_option(st, kind, tile):
    """An option that is no row of the rule table: 过, 胡 on the 亮张, a discard of ``tile``."""
    n = st[Q_N]
    at = Q_OPT + n * AS
    for f in range(AS):
        st[at + f] = 0
    st[at + P.A_KIND] = kind
    st[at + P.A_ONTO] = -1
    st[at + P.A_CHI] = tile
    st[at + P.A_BI] = -1
    st[at + P.A_BI + 1] = -1
    st[at + P.A_BI + 2] = -1
    st[Q_N] = n + 1


@inline
def _find(acts, n, kind):
    for k in range(n):
        if acts[k * AS + P.A_KIND] == kind:
            return k
    return -1



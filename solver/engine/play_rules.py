"""The rules of play at one tile, written once: what a seat may and must do with a tile that appears
(RULES.md 4, 7, 8, 10), as integer arrays, for the game kernels and for ``obligations.decide``.

Plain Python in numba's subset: loops, integers and indexing only, no dict, no recursion.  Python
code calls these functions with lists (``phz act`` imports no numba); the game kernels compile the
very same functions (``solver.engine._game_kernels``, ``_jit.jit_module``) and call them with arrays.

A seat's hand is ``conc`` (20 concealed counts) and its exposed melds ``mk`` (kind codes ``K_*``),
``mt`` (three tiles a meld, flat: a 吃's tiles, a triplet's or quad's tile three times) and their number.
The ruleset is ``rv``, the play vector ``rule_vector`` makes (offsets ``V_*``).

``legal`` writes the legal actions, in the order of ``results.ACTIONS`` (胡, the take table's group,
碰, every way to eat with its 比, 过), one row of ``out`` each (columns ``A_*``); ``ways`` writes every
candidate way to eat with the first reason that forbids it (``CHI_REASONS`` order), for the
explanations of ``phz act``.  A way is a 吃 group (a ``SHAPES`` index) holding the tile and the 比
groups laying out every remaining concealed copy of it (up to three, each a ``SHAPES`` index holding
the tile, in nondecreasing order); ways come in (吃, 比) order, as the tile tuples sort.

>>> from solver.model.rules import get_ruleset
>>> rv = rule_vector(get_ruleset("hunan"))
>>> conc = [1, 1, 1, 1, 1, 1, 1, 1, 2, 0, 1, 0, 0, 1, 1, 1, 1, 1, 1, 2]  # 一二三四五六七八九九壹肆伍陆柒捌玖玖拾拾
>>> out, room = [[0] * A_SIZE for _ in range(MAX_ACTIONS)], [[0] * W_SIZE for _ in range(MAX_WAYS)]
>>> n = legal(conc, [0] * 7, [0] * 21, 0, 2, O_UPPER_DISCARD, 0, 0, 0, rv, room, out)
>>> [(ACTION_NAMES[r[A_KIND]], shape_tiles(r[A_CHI]), shape_tiles(r[A_BI])) for r in out[:n]]
[('chi', (0, 1, 2), (2, 3, 4)), ('chi', (2, 3, 4), (0, 1, 2)), ('pass', (), ())]
"""
from __future__ import annotations

from ..model.groups import SHAPES
from ..model.results import ACTIONS, CHI_REASONS, ORIGINS  # noqa: F401 (CHI_REASONS: the names of R_*)
from ..model.ruleset import CHI_ORIGINS, FOUR_KINDS, HOLDINGS, TAKE_SOURCES

__all__ = ["A_SIZE", "ACTION_NAMES", "MAX_ACTIONS", "MAX_WAYS", "W_SIZE", "legal", "owes_discard",
           "rule_vector", "shape_tiles", "ways"]

# ---------------------------------------------------------------- codes

#: meld and group kinds, as the win kernels number them (``_kernels.KIND_NAMES``: alphabetical)
KIND_NAMES = ("chi", "jiang", "jiao", "ju", "kan", "long", "pao", "peng", "ti", "wei", "zhao")
K_CHI, K_JIANG, K_JIAO, K_JU, K_KAN, K_LONG, K_PAO, K_PENG, K_TI, K_WEI, K_ZHAO = range(11)
#: actions (results.ACTIONS order)
ACTION_NAMES = ACTIONS
AC_HU, AC_TI, AC_WEI, AC_PAO, AC_ZHAO, AC_PENG, AC_CHI, AC_PASS = range(8)
#: what the take table's cell makes: a meld kind's code, or FREE (the tile joins nothing)
FREE = -1
#: holdings (the take table's rows, results.HOLDINGS order) and sources (its columns)
H_WEI, H_PENG, H_KAN, H_PAIR, H_LESS = range(5)
S_SELF, S_OTHER, S_DISCARD = range(3)
#: origins of a tile as the seat sees it (results.ORIGINS order)
O_UPPER_DISCARD, O_UPPER_DRAW, O_SELF_DRAW, O_LOWER_DISCARD, O_LOWER_DRAW = range(5)
#: the take table's source of each origin
ORIGIN_SOURCE = (S_DISCARD, S_OTHER, S_SELF, S_DISCARD, S_OTHER)
#: reasons a way to eat is not legal (results.CHI_REASONS order); NONE: it is legal
R_GESHAN, R_CHI_FROM, R_CHOU, R_KAN, R_MUST_WEI, R_COMPULSORY, R_SHAOBI, R_NO_DISCARD = range(8)
NONE = -1

assert ORIGINS == ("upper-discard", "upper-draw", "self-draw", "lower-discard", "lower-draw")
assert HOLDINGS == ("wei", "peng", "kan", "pair", "less") and TAKE_SOURCES == ("self", "other", "discard")
assert ACTIONS == ("hu", "ti", "wei", "pao", "zhao", "peng", "chi", "pass")
assert CHI_REASONS == ("geshan", "chi_from", "chou", "kan", "must_wei", "compulsory", "shaobi", "no_discard")

# ---------------------------------------------------------------- shapes

N_SHAPES = len(SHAPES)
#: SHAPE_TILES[3 * s + i]: tile i of shape s
SHAPE_TILES = tuple(t for s in SHAPES for t in s)
#: the shapes holding each tile: HOLDING_AT[x] .. HOLDING_AT[x + 1] index HOLDING
HOLDING = tuple(s for x in range(20) for s in range(N_SHAPES) if x in SHAPES[s])
HOLDING_AT = tuple(sum(1 for x2 in range(x) for s in SHAPES if x2 in s) for x in range(21))


def shape_tiles(s: int) -> tuple[int, ...]:
    """The tiles of shape ``s`` (() for -1)."""
    return tuple(SHAPES[s]) if s >= 0 else ()


# ---------------------------------------------------------------- the ruleset as a vector

V_TAKE = 0  # [(holding * 3 + source) * 4 + f]: f 0 makes (a K_* code, FREE, or NO_ROW), 1 compulsory, 2 po,
#             3 others_win
NO_ROW = -2  # a holding the ruleset cannot have (luzhou's 偎)
V_WIN_ON = 60  # bit s: the source s is won on
V_PENG_COMPULSORY = 61
V_CHI_FROM = 62  # bit o: a tile of origin o may be eaten
V_HU_ONLY = 63  # 过张只能胡: chou and passed_peng both name a passed tile
V_OWN_DISCARD_CHOU = 64
V_DEALT_FOUR = 65  # the K_* of a dealt four
V_LIANG = 66
V_LAST_TILE_WINS = 67
V_TIANHU = 68  # ruleset.TIANHU index
V_DIHU = 69  # ruleset.DIHU index
V_PAY = 70  # ruleset.PAY index
V_PENALTY_PAID = 71  # ruleset.PENALTY_PAID index
V_PLAYERS = 72
V_DEAL = 73  # [4]: tiles dealt, the dealer first
V_SIT_OUT = 77  # a table of four: the seat this many after the dealer sits out (坐底)
V_BURIED, V_RED_UP = 78, 79  # tiles set aside unseen (埋牌: two); the shown last tile moves up while red
V_RED_MASK = 80  # bit t: tile t is red
V_SHOWS_LAST = 81  # the stock's last tile is shown to all (and never won on)
V_SIZE = 82


def rule_vector(rules) -> list[int]:
    """The play vector of a Ruleset (``V_*``), as a list of ints (kernels take it as an int64 array)."""
    from ..model import ruleset as R
    v = [0] * V_SIZE
    for h, holding in enumerate(HOLDINGS):
        for s, source in enumerate(TAKE_SOURCES):
            at = V_TAKE + (h * 3 + s) * 4
            cell = rules.take.get((holding, source))
            if cell is None:
                v[at] = NO_ROW
                continue
            v[at] = FREE if cell.makes == "free" else KIND_NAMES.index(cell.makes)
            v[at + 1], v[at + 2], v[at + 3] = int(cell.compulsory), int(cell.po), int(cell.others_win)
    v[V_WIN_ON] = sum(1 << s for s, source in enumerate(TAKE_SOURCES) if source in rules.win_on)
    v[V_PENG_COMPULSORY] = int(rules.peng_compulsory)
    v[V_CHI_FROM] = sum(1 << o for o, origin in enumerate(ORIGINS) if origin in rules.chi_from)
    v[V_HU_ONLY] = int(rules.passed == "hu_only")
    v[V_OWN_DISCARD_CHOU] = int(rules.own_discard_makes_chou)
    v[V_DEALT_FOUR] = KIND_NAMES.index(rules.dealt_four)
    g = rules.game
    v[V_LIANG], v[V_LAST_TILE_WINS] = int(g.liang), int(g.last_wins)
    v[V_TIANHU], v[V_DIHU] = R.TIANHU.index(g.tianhu), R.DIHU.index(g.dihu)
    v[V_PAY], v[V_PENALTY_PAID] = R.PAY.index(g.pay), R.PENALTY_PAID.index(g.penalty_paid)
    v[V_PLAYERS] = g.players
    for i, n in enumerate(g.deal[:4]):
        v[V_DEAL + i] = n
    v[V_SIT_OUT], v[V_BURIED], v[V_SHOWS_LAST] = R.SIT_OUT_AFTER[g.sit_out], g.set_aside, int(g.shows_last)
    v[V_RED_UP] = int(g.shows_last and g.red_last_up)
    v[V_RED_MASK] = sum(1 << t for t in rules.red_tiles)
    assert all(o in ORIGINS for o in CHI_ORIGINS)
    assert set(FOUR_KINDS) <= set(KIND_NAMES)
    return v


# ---------------------------------------------------------------- a hand's facts

def holding(conc, mk, mt, nm, x):
    """What the hand holds of tile x, as a row of the take table: its exposed 偎 or 碰 (the first),
    a concealed 坎 or pair, or less (copies in a 吃 do not count)."""
    for j in range(nm):
        if (mk[j] == K_WEI or mk[j] == K_PENG) and mt[3 * j] == x:
            return H_WEI if mk[j] == K_WEI else H_PENG
    if conc[x] == 3:
        return H_KAN
    if conc[x] == 2:
        return H_PAIR
    return H_LESS


def has_four(mk, nm):
    """Whether an exposed 4-tile meld is laid out (a later 跑/提 is then followed by no discard: 八块)."""
    for j in range(nm):
        k = mk[j]
        if k == K_PAO or k == K_TI or k == K_ZHAO or k == K_LONG:
            return 1
    return 0


def n_left(conc):
    """The concealed tiles outside the 坎 (those a discard may come from)."""
    n = 0
    for t in range(20):
        if conc[t] == 1 or conc[t] == 2:
            n += conc[t]
    return n


def rest_count(mk, nm):
    """Concealed tiles at rest beside the exposed melds (RULES.md 3)."""
    three = 0
    four = 0
    for j in range(nm):
        k = mk[j]
        if k == K_PAO or k == K_TI or k == K_ZHAO or k == K_LONG:
            four += 1
        else:
            three += 1
    if four == 0:
        return 20 - 3 * three
    return 19 - 3 * three - 3 * four


def owes_discard(conc, mk, nm):
    """After an intake: a discard follows when the hand holds a tile more than at rest and a tile
    outside the 坎 (RULES.md 3: none after 八块, nor where only 坎 tiles are left: 相公)."""
    n = 0
    for t in range(20):
        n += conc[t]
    return 1 if n > rest_count(mk, nm) and n_left(conc) > 0 else 0


def may_win_count(conc, mk, nm):
    """Whether the hand at rest holds the count of concealed tiles a win needs (a 相公 does not)."""
    n = 0
    for t in range(20):
        n += conc[t]
    return 1 if n == rest_count(mk, nm) else 0


# ---------------------------------------------------------------- ways to eat

#: rows ``ways`` may write: its most, 205, at 3 copies of 七 or 柒 and 4 of every other tile (tests)
MAX_WAYS = 205
W_CHI = 0  # the shape eaten with
W_BI = 1  # the 比 shapes, three columns (-1 for none)
W_STRANDED = 4  # shaobi: copies of x that no layout lays out
W_REASON = 5  # R_* or NONE (legal)
W_KANS = 6  # kan: a bit per 坎 tile taking part
W_USED = 7  # tiles of the hand the way lays out (the eaten copy is not one)
W_NO_BI = 8  # 1: no layout lays out every copy (烧比: the 比 columns are -1)
W_SIZE = 9

#: why every way is forbidden, before a 坎 counts (M_FREE: nothing but the way itself)
M_GESHAN, M_CHI_FROM, M_CHOU, M_FREE, M_MUST_WEI, M_COMPULSORY = range(6)


def ways(conc, x, mode, out):
    """Every candidate way to eat x with the concealed tiles ``conc`` (坎 tiles allowed), with the first
    reason that forbids it, into ``out`` (rows of W_SIZE); return their number.

    ``mode`` (M_*) is what applies to every way before a 坎 does (隔山, chi_from, 臭) or after it
    (must_wei, a compulsory move), or nothing.  An eating group with no complete 比 layout gives one
    way with no 比 (shaobi, W_STRANDED the copies it strands)."""
    n = 0
    lo = HOLDING_AT[x]
    hi = HOLDING_AT[x + 1]
    for i in range(lo, hi):
        s = HOLDING[i]
        a, b, c = SHAPE_TILES[3 * s], SHAPE_TILES[3 * s + 1], SHAPE_TILES[3 * s + 2]
        if a == x:  # the eating group's two other tiles, from the concealed ones
            o1, o2 = b, c
        elif b == x:
            o1, o2 = a, c
        else:
            o1, o2 = a, b
        conc[o1] -= 1
        conc[o2] -= 1
        if conc[o1] >= 0 and conc[o2] >= 0:
            copies = conc[x]
            first = n
            if copies == 0:
                n = _way(out, n, s, -1, -1, -1)
            else:
                # 比: shapes holding x, in nondecreasing order, laying out exactly the copies (at most 3)
                for j1 in range(lo, hi):
                    s1 = HOLDING[j1]
                    u1 = _count(s1, x)
                    if u1 > copies or not _fits(conc, s1):
                        continue
                    _take3(conc, s1, -1)
                    if u1 == copies:
                        n = _way(out, n, s, s1, -1, -1)
                    else:
                        for j2 in range(j1, hi):
                            s2 = HOLDING[j2]
                            u2 = _count(s2, x)
                            if u1 + u2 > copies or not _fits(conc, s2):
                                continue
                            _take3(conc, s2, -1)
                            if u1 + u2 == copies:
                                n = _way(out, n, s, s1, s2, -1)
                            else:
                                for j3 in range(j2, hi):
                                    s3 = HOLDING[j3]
                                    if u1 + u2 + _count(s3, x) == copies and _fits(conc, s3):
                                        n = _way(out, n, s, s1, s2, s3)
                            _take3(conc, s2, 1)
                    _take3(conc, s1, 1)
            if n == first:  # no complete 比: 烧比, stranding the copies no layout lays out
                n = _way(out, n, s, -1, -1, -1)
                out[first][W_NO_BI] = 1
                out[first][W_STRANDED] = copies - _most_laid(conc, x, copies, lo, hi)
        conc[o1] += 1
        conc[o2] += 1
    if n:
        left = n_left(conc)
        for k in range(n):
            _judge(conc, x, mode, left, out[k])
    return n


def _way(out, n, s, s1, s2, s3):
    row = out[n]
    row[W_CHI] = s
    row[W_BI] = s1
    row[W_BI + 1] = s2
    row[W_BI + 2] = s3
    row[W_STRANDED] = 0
    row[W_REASON] = NONE
    row[W_KANS] = 0
    row[W_USED] = 0
    row[W_NO_BI] = 0
    return n + 1


def _judge(conc, x, mode, left, row):
    """The first reason that forbids the way in ``row`` (module docstring's order), its 坎 tiles and the
    tiles it uses."""
    kans = 0
    used = 0
    for k in range(4):
        s = row[W_CHI] if k == 0 else row[W_BI + k - 1]
        if s < 0:
            break
        for i in range(3):
            t = SHAPE_TILES[3 * s + i]
            used += 1
            if conc[t] == 3:
                kans |= 1 << t
    used -= 1  # the eaten copy of x
    if conc[x] == 3:
        kans |= 1 << x
    row[W_KANS] = kans
    row[W_USED] = used
    if mode == M_GESHAN:
        row[W_REASON] = R_GESHAN
    elif mode == M_CHI_FROM:
        row[W_REASON] = R_CHI_FROM
    elif mode == M_CHOU:
        row[W_REASON] = R_CHOU
    elif kans:
        row[W_REASON] = R_KAN
    elif mode == M_MUST_WEI:
        row[W_REASON] = R_MUST_WEI
    elif mode == M_COMPULSORY:
        row[W_REASON] = R_COMPULSORY
    elif row[W_NO_BI]:
        row[W_REASON] = R_SHAOBI
    elif used == left:  # every tile left would be in a 坎
        row[W_REASON] = R_NO_DISCARD
    else:
        row[W_REASON] = NONE


def _count(s, x):
    k = 0
    for i in range(3):
        if SHAPE_TILES[3 * s + i] == x:
            k += 1
    return k


def _fits(conc, s):
    """Whether the concealed tiles ``conc`` hold shape s."""
    a, b, c = SHAPE_TILES[3 * s], SHAPE_TILES[3 * s + 1], SHAPE_TILES[3 * s + 2]
    if a == b:
        return conc[a] >= 2 and conc[c] >= 1
    if b == c:
        return conc[a] >= 1 and conc[b] >= 2
    return conc[a] >= 1 and conc[b] >= 1 and conc[c] >= 1


def _take3(conc, s, d):
    for i in range(3):
        conc[SHAPE_TILES[3 * s + i]] += d


def _most_laid(conc, x, copies, lo, hi):
    """The most copies of x (at most ``copies``) any set of shapes holding x drawn from ``conc`` lays out."""
    best = 0
    for j1 in range(lo, hi):
        s1 = HOLDING[j1]
        u1 = _count(s1, x)
        if u1 > copies or not _fits(conc, s1):
            continue
        best = max(best, u1)
        _take3(conc, s1, -1)
        for j2 in range(j1, hi):
            s2 = HOLDING[j2]
            u2 = _count(s2, x)
            if u1 + u2 > copies or not _fits(conc, s2):
                continue
            best = max(best, u1 + u2)
            _take3(conc, s2, -1)
            for j3 in range(j2, hi):
                s3 = HOLDING[j3]
                u3 = _count(s3, x)
                if u1 + u2 + u3 <= copies and _fits(conc, s3):
                    best = max(best, u1 + u2 + u3)
            _take3(conc, s2, 1)
        _take3(conc, s1, 1)
    return best


# ---------------------------------------------------------------- the legal actions

A_KIND = 0  # AC_* code
A_COMPULSORY = 1
A_ONTO = 2  # H_* code of what the tile joins (提/偎/跑/碰), or -1
A_DISCARD = 3  # 跑/提: 1 when a discard follows (0 after a 4-tile meld: 八块)
A_CHI = 4  # 吃: the shape eaten with (a W_* row's W_CHI)
A_BI = 5  # 吃: the 比 shapes (-1 for none), three columns
A_CHOU_WEI = 8  # 偎 onto a pair whose 碰 was passed (臭偎: shown)
A_CHOU_CHI = 9  # 过: the tile becomes 臭 for 吃 / for 碰 (A_CHOU_PENG)
A_CHOU_PENG = 10
A_SIZE = 11
#: rows ``legal`` may write: 胡, a group, 碰, 过 and the legal ways (at most 84: never with a 坎 of x; tests)
MAX_ACTIONS = 84 + 4


def _put(out, i, kind, compulsory, onto):
    row = out[i]
    row[A_KIND] = kind
    row[A_COMPULSORY] = compulsory
    row[A_ONTO] = onto
    row[A_DISCARD] = 0
    row[A_CHI] = -1
    row[A_BI] = -1
    row[A_BI + 1] = -1
    row[A_BI + 2] = -1
    row[A_CHOU_WEI] = 0
    row[A_CHOU_CHI] = 0
    row[A_CHOU_PENG] = 0


def _take_action(kind):
    """The action code of a take table group (a K_* code)."""
    if kind == K_TI:
        return AC_TI
    if kind == K_WEI:
        return AC_WEI
    if kind == K_PAO:
        return AC_PAO
    if kind == K_ZHAO:
        return AC_ZHAO
    return AC_PENG


def chi_mode(origin, no_chi, forced, rv):
    """M_* of the ways to eat a tile of ``origin``: not from there (隔山 for the lower player's tile), 臭
    (``no_chi``), a compulsory move (``forced``: its AC_* code, -1 none), or free."""
    if not (rv[V_CHI_FROM] >> origin) & 1:
        return M_GESHAN if origin == O_LOWER_DISCARD or origin == O_LOWER_DRAW else M_CHI_FROM
    if no_chi:
        return M_CHOU
    if forced < 0:
        return M_FREE
    return M_MUST_WEI if forced == AC_WEI else M_COMPULSORY


def legal(conc, mk, mt, nm, x, origin, chou_chi, chou_peng, wins, rv, wbuf, out):
    """Write the legal actions of the hand (``conc``, ``mk``, ``mt``, ``nm``) with tile x from ``origin``
    (O_*) into ``out`` (rows of A_SIZE), in ACTIONS order; return their number.  ``wbuf`` is room for
    the ways to eat (MAX_WAYS rows of W_SIZE).

    ``chou_chi`` / ``chou_peng``: x is 臭 for 吃 / for 碰 (under 过张只能胡 either makes it a passed
    tile); ``wins``: x wins for this hand from this origin (the caller's win check: 1 adds 胡 where
    the ruleset wins on the source).  As ``obligations.decide`` has them: a compulsory 提/偎/跑/招, or
    碰 under 有碰必碰, forbids 吃 and 过; 胡 is never compulsory."""
    src = ORIGIN_SOURCE[origin]
    hu_only = rv[V_HU_ONLY]
    no_chi = 1 if chou_chi or (hu_only and chou_peng) else 0
    no_peng = 1 if chou_peng or (hu_only and chou_chi) else 0
    held = holding(conc, mk, mt, nm, x)
    at = V_TAKE + (held * 3 + src) * 4
    makes = rv[at]
    n = 0
    if wins and (rv[V_WIN_ON] >> src) & 1:
        _put(out, n, AC_HU, 0, -1)
        n += 1
    left = n_left(conc)
    forced = -1  # the action code of a compulsory move
    pengs = 0
    if makes != NO_ROW and makes != FREE:
        compulsory = rv[at + 1]
        if makes == K_TI or makes == K_PAO or makes == K_ZHAO or makes == K_LONG:
            _put(out, n, _take_action(makes), compulsory, held)
            out[n][A_DISCARD] = 1 - has_four(mk, nm)
            n += 1
            if compulsory:
                forced = _take_action(makes)
        elif makes == K_WEI:
            _put(out, n, AC_WEI, compulsory, H_PAIR)
            out[n][A_CHOU_WEI] = 1 if chou_peng else 0
            n += 1
            if compulsory:
                forced = AC_WEI
        elif not (hu_only and no_peng) and (left > 2 or compulsory):  # one's own 碰 of the take table
            _put(out, n, AC_PENG, compulsory, H_PAIR)
            n += 1
            pengs = 1
            if compulsory:
                forced = AC_PENG
    # 碰 of another player's tile onto a concealed pair (compulsory under 有碰必碰); an optional one
    # needs a tile left to discard after it
    if held == H_PAIR and makes != NO_ROW and makes != K_PENG and src != S_SELF and forced < 0 and not no_peng:
        compulsory = rv[V_PENG_COMPULSORY]
        if left > 2 or compulsory:
            _put(out, n, AC_PENG, compulsory, H_PAIR)
            n += 1
            pengs = 1
            if compulsory:
                forced = AC_PENG
    legal_ways = 0
    mode = chi_mode(origin, no_chi, forced, rv)
    if mode == M_FREE:
        nw = ways(conc, x, mode, wbuf)
        for k in range(nw):
            w = wbuf[k]
            if w[W_REASON] == NONE:
                _put(out, n, AC_CHI, 0, -1)
                out[n][A_CHI] = w[W_CHI]
                out[n][A_BI] = w[W_BI]
                out[n][A_BI + 1] = w[W_BI + 1]
                out[n][A_BI + 2] = w[W_BI + 2]
                n += 1
                legal_ways += 1
    if forced < 0:
        _put(out, n, AC_PASS, 0, -1)
        if hu_only:
            both = 1 if legal_ways or pengs else 0
            out[n][A_CHOU_CHI] = both
            out[n][A_CHOU_PENG] = both
        else:
            out[n][A_CHOU_CHI] = 1 if legal_ways else 0
            out[n][A_CHOU_PENG] = pengs
        n += 1
    return n

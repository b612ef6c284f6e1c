"""Moves of play on a hand, written once (the rule table's second part, beside ``play_rules``): which
compulsory group is made before any claim (``takes_first``), and the melds a take lays out
(``take_into``).  Like ``play_rules``, plain Python in numba's subset: the game kernels compile these
very functions (``_jit.jit_module``), and Python calls them on lists through ``hand_after_take`` and
``hand_owes_discard`` (the coach, the bots, the table's seats, ``phz act --advise``); importing this
module imports no numba."""
from __future__ import annotations

from ..model.rules import FOUR_KINDS
from .play_rules import (
    AC_CHI,
    AC_PAO,
    AC_PENG,
    AC_TI,
    AC_WEI,
    AC_ZHAO,
    ACTION_NAMES,
    H_KAN,
    H_WEI,
    K_CHI,
    K_PAO,
    K_PENG,
    K_TI,
    K_WEI,
    K_ZHAO,
    KIND_NAMES,
    NO_ROW,
    SHAPE_TILES,
    V_TAKE,
    owes_discard,
)

__all__ = ["hand_after_take", "hand_owes_discard", "take_into", "takes_first"]


def takes_first(a, own_draw, held, source, rv):
    """Whether a seat's compulsory action ``a`` (AC_*) on the tile revealed is made before any claim is
    asked (the claim order, RULES.md 10): the drawer's own 提 or 偎 (``own_draw``), or a 4-tile group
    or 偎 that the take table's cell (``held`` H_*, ``source`` S_*) says no other player may win on."""
    if not (a == AC_TI or a == AC_PAO or a == AC_ZHAO or a == AC_WEI):
        return 0
    if own_draw and (a == AC_TI or a == AC_WEI):
        return 1
    at = V_TAKE + (held * 3 + source) * 4
    others_win = rv[at + 3] if rv[at] != NO_ROW else 1
    return 0 if others_win else 1


def take_into(conc, mk, mt, shown, nm, x, a, chi, b1, b2, b3, onto, chou_wei):
    """A hand takes tile x by action ``a`` (AC_*: 吃 with the shape ``chi`` and the 比 shapes ``b1``..``b3``
    (-1 for none), 碰, 偎, or a 4-tile group ``onto`` a 坎 (H_KAN) or an exposed 偎/碰): its melds laid
    out after its ``nm`` ones (``mk`` kind, ``mt`` three tiles, ``shown`` face up: a 偎 only when it is
    a 臭偎), never x put into the hand (RULES.md 3); the hand's number of melds after it."""
    if a == AC_CHI:
        for k in range(4):
            s = chi if k == 0 else b1 if k == 1 else b2 if k == 2 else b3
            if s < 0:
                break
            for i in range(3):
                conc[SHAPE_TILES[3 * s + i]] -= 1
                mt[3 * nm + i] = SHAPE_TILES[3 * s + i]
            mk[nm] = K_CHI
            shown[nm] = 1
            nm += 1
        conc[x] += 1  # the eaten copy came from the table
    elif a == AC_PENG or a == AC_WEI:
        conc[x] -= 2
        mk[nm] = K_PENG if a == AC_PENG else K_WEI
        mt[3 * nm] = x
        mt[3 * nm + 1] = x
        mt[3 * nm + 2] = x
        shown[nm] = 1 if (a == AC_PENG or chou_wei) else 0
        nm += 1
    else:
        kind = K_TI if a == AC_TI else (K_PAO if a == AC_PAO else K_ZHAO)
        if onto == H_KAN:
            conc[x] -= 3
            mk[nm] = kind
            mt[3 * nm] = x
            mt[3 * nm + 1] = x
            mt[3 * nm + 2] = x
            shown[nm] = 1
            nm += 1
        else:  # the exposed 偎 or 碰 of x becomes the 4-tile group
            for j in range(nm):
                if (mk[j] == K_WEI or mk[j] == K_PENG) and mt[3 * j] == x:
                    mk[j] = kind
                    shown[j] = 1
                    break
    return nm


def hand_after_take(hand, kind: str, x: int, chi=None, bi=()):
    """``take_into`` of a ``model.hand.Hand`` from Python (the coach and the bots): the hand after taking
    x by the move ``kind`` (吃 with ``chi`` and ``bi`` as tile triples, 碰, 偎, or a 4-tile group onto the
    坎 or the exposed 偎/碰 of x), before any discard that follows."""
    from ..model.groups import SHAPES
    from ..model.hand import Hand, Meld
    conc = list(hand.concealed)
    n = len(hand.melds)
    mk = [KIND_NAMES.index(m.kind) for m in hand.melds] + [0] * 4
    mt = [t for m in hand.melds for t in m.tiles[:3]] + [0] * 12
    shown = [1] * (n + 4)
    code = ACTION_NAMES.index(kind)
    shapes = [SHAPES.index(tuple(chi))] + [SHAPES.index(tuple(b)) for b in bi] if kind == "chi" else []
    shapes += [-1] * (4 - len(shapes))
    onto = H_KAN if kind in FOUR_KINDS and conc[x] == 3 else H_WEI
    nm = take_into(conc, mk, mt, shown, n, x, code, shapes[0], shapes[1], shapes[2], shapes[3], onto, 0)
    melds = [Meld(KIND_NAMES[mk[j]], tuple(mt[3 * j:3 * j + 3]) + ((mt[3 * j],) if KIND_NAMES[mk[j]] in FOUR_KINDS
                                                                   else ()))
             for j in range(nm)]
    return Hand(tuple(conc), tuple(melds))


def hand_owes_discard(concealed, melds) -> bool:
    """``owes_discard`` of concealed counts and melds (objects with ``kind``), from Python: the game's
    seats, the coach and the bots ask it here (plain Python, never compiled)."""
    mk = [KIND_NAMES.index(m.kind) for m in melds]
    return owes_discard(concealed, mk, len(mk)) == 1

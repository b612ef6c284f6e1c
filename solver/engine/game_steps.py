"""The game kernels' calls from Python (``solver.engine._game_kernels``): a ruleset's arrays and scratch,
and each step of a hand with the argument types the kernels are compiled for.

``solver.game.engine`` builds the engine's questions and events on these; ``warmup`` compiles
them.  Importing this module imports numba.
"""
from __future__ import annotations

from types import SimpleNamespace
from typing import TYPE_CHECKING

import numpy as np

from ..model.derived import derived
from ..model.rules import Ruleset
from . import _game_dealing as GD
from . import _game_kernels as G
from . import _game_policies as GP
from . import _game_state as GS
from . import _kernels as K
from . import arrays
from . import play_rules as P
from .arrays import announce_compile

if TYPE_CHECKING:
    from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
    from typing import Protocol

    from numpy.typing import NDArray

    from ..model.hand import Hand
    from ..model.results import Win

    class MeldLike(Protocol):
        """A meld as the kernels read it (``model.hand.Meld``)."""
        @property
        def kind(self) -> str: ...
        @property
        def tiles(self) -> Sequence[int]: ...

    class SeatLike(Protocol):
        """A seat of a sample (``game.table.Seat``)."""
        @property
        def concealed(self) -> Sequence[int]: ...
        @property
        def melds(self) -> Sequence[MeldLike]: ...
        @property
        def shown(self) -> Sequence[bool]: ...
        @property
        def faces(self) -> Sequence[int]: ...
        @property
        def chou(self) -> Iterable[int]: ...
        @property
        def passed_peng(self) -> Iterable[int]: ...

    class MoveLike(Protocol):
        """A move of a script (``game.moves.Move``)."""
        @property
        def kind(self) -> str: ...
        @property
        def tile(self) -> int | None: ...
        @property
        def chi(self) -> Sequence[int] | None: ...
        @property
        def bi(self) -> Sequence[Sequence[int]]: ...

    #: a sample: (the seats, the stock)
    Sample = tuple[Sequence[SeatLike], Sequence[int]]
    #: the arguments a rollouts' kernel takes before its results (``_roll``'s ``where``)
    Where = tuple[np.int64 | np.ndarray, ...]
    #: another policy's rollouts (``keen_steps.roller``): roll(where, res)
    Roll = Callable[[Where, NDArray[np.int64]], None]

__all__ = ["Tables", "advance", "answer", "deal", "keep_rows", "move_row", "new_state", "play_random", "rollouts",
           "seat_rows", "tables_of", "tianhu", "warm", "warm_steps"]

#: a win's game conditions by bit of the state's G_COND (the fans of a win count them)
CONDITION_BITS = (("tianhu", GS.C_TIANHU), ("qishou", GS.C_QISHOU), ("haidi", GS.C_HAIDI), ("dihu", GS.C_DIHU))


class Tables:
    """What the game kernels read of one ruleset (its play vector, win vector and half tables, the fans
    by game condition) and their scratch: one per ruleset (``tables_of``)."""

    def __init__(self, rules: Ruleset):
        self.rules = rules
        announce_compile(GS.deal)  # (first: play compiles the game's kernels, the score tables among them)
        ra = arrays.of(rules)
        self.win = ra.win
        self.half_tables = ra.tables
        self.ws = K._scratch(self.win)
        if self.half_tables.shape[0] == K.TABLE_SIZE:
            self.ws[K.W_TAB] = self.half_tables.ctypes.data  # (self.half_tables outlives the scratch)
        self.rv = np.array(P.rule_vector(rules), np.int64)
        self.cond_fans = np.zeros((16, 2 * (K.MAX_RED + 1)), np.int64)
        for mask in range(16):
            conds = frozenset(name for name, bit in CONDITION_BITS if mask & bit)
            for red in range(K.MAX_RED + 1):
                for dd in (0, 1):
                    self.cond_fans[mask, 2 * red + dd] = rules.fan(red, duidui=bool(dd), conditions=conds)[0]
        self.wbuf = np.zeros((P.MAX_WAYS, P.W_SIZE), np.int64)
        self.out = np.zeros((P.MAX_ACTIONS, P.A_SIZE), np.int64)


def tables_of(rules: Ruleset) -> Tables:
    """The ruleset's Tables, made once per ruleset (``solver.model.derived``'s cache: a few kept)."""
    return derived(rules, Tables)


def new_state() -> np.ndarray:
    return np.zeros(GS.G_SIZE, np.int64)


def deal(st: np.ndarray, t: Tables, hands: list[list[int]], stock: list[int], dealer: int) -> int:
    """A new hand in ``st`` (the tiles dealt from the dealer on, the stock top first), 前提 made:
    0, or GS.NEED_TIANHU when the judge of 天胡 must say (``tianhu``)."""
    flat = np.array([x for h in hands for x in h], np.int64)
    sizes = np.array([len(h) for h in hands], np.int64)
    GS.deal(st, flat, sizes, np.array(stock, np.int64), np.int64(len(stock)), np.int64(dealer), t.rv)
    announce_compile(GS.begin)
    return int(GS.begin(t.ws, st, t.rv))


def tianhu(st: np.ndarray, seat: int, win: Win | None = None) -> None:
    """The judge's 天胡: seat ``seat`` (-1 none) wins with ``win`` (a results.Win)."""
    announce_compile(GS.tianhu)
    if win is None:
        GS.tianhu(st, np.int64(-1), *(np.int64(0),) * 6)
    else:
        GS.tianhu(st, np.int64(seat), np.int64(win.huxi), np.int64(win.deng), np.int64(win.fan), np.int64(win.score),
                 np.int64(0), np.int64(0))


def advance(st: np.ndarray, t: Tables) -> int:
    """Play on to the next question (GS.ASKED) or the end (G.DONE)."""
    announce_compile(G.advance)
    return int(G.advance(t.ws, st, t.rv, t.cond_fans, t.wbuf, t.out))


def answer(st: np.ndarray, t: Tables, k: int) -> int:
    """Option k of the question asked, then on to the next question or the end."""
    announce_compile(G.answer)
    return int(G.answer(t.ws, st, t.rv, t.cond_fans, t.wbuf, t.out, np.int64(k)))


def play_random(t: Tables, seeds: list[int], prefix: bytes) -> np.ndarray:
    """Whole hands of random players (``_game_policies.play_random``): hand h dealt by seed ``seeds[h]``, seat p's
    choices by random.Random of the text ``prefix`` + seed + ":" + p (``session.bot_seed``'s text), its key
    made in the kernel; one answer row (``_game_policies.O_*``) per hand."""
    results = np.zeros((len(seeds), GP.O_SIZE), np.int64)
    announce_compile(GP.play_random)
    GP.play_random(t.ws, new_state(), t.rv, t.cond_fans, t.wbuf, t.out, np.array(seeds, np.int64),
                   key_prefix(prefix), results)
    return results


def key_prefix(prefix: bytes) -> np.ndarray:
    """The start of every bot key text of a bot (``session.bot_prefix``, encoded) as ``bot_keys`` reads it."""
    if len(prefix) > GP.KEY_PREFIX:
        raise ValueError(f"a bot key's prefix of {len(prefix)} bytes: at most {GP.KEY_PREFIX}")
    return np.frombuffer(prefix, np.uint8).astype(np.int64)


def warm(rules: Ruleset) -> None:
    """Call every game kernel once, as the real calls do (``warm_steps``)."""
    for _ in warm_steps(rules):
        pass


def warm_rollout(rules: Ruleset, roll: Roll | None = None) -> tuple[list[SimpleNamespace], SimpleNamespace]:
    """Rollouts of the dealer's first discard of a hand dealt in tile order, as the real calls make them
    (``warm_steps``; ``keen_steps.warm`` with its ``roll``): its seats and that discard."""
    tiles = [x for x in range(20) for _ in range(4)]
    sizes = rules.game.deal
    hands = [tiles[sum(sizes[:i]):sum(sizes[:i + 1])] for i in range(len(sizes))]
    seats = [SimpleNamespace(concealed=[h.count(x) for x in range(20)], melds=(), shown=(), faces=(), chou=(),
                             passed_peng=()) for h in hands]
    if rules.game.players == 4:  # dealt by seat 0: the seat opposite sits out
        seats.insert(2, SimpleNamespace(concealed=[0] * 20, melds=(), shown=(), faces=(), chou=(), passed_peng=()))
    discard = SimpleNamespace(kind="discard", tile=hands[0][-1])
    rollouts(tables_of(rules), me=0, stage="discard", table=None, dealer=0, turn=0, first_discard=True,
             last_stock=False, samples=[(seats, tiles[sum(sizes):])], scripts=[(discard,)], keys=[[1, 2]], ties=True,
             roll=roll)
    return seats, discard


def warm_steps(rules: Ruleset, names: Collection[str] = ()) -> Iterator[str]:
    """Call each game kernel once, as the real calls do, yielding its name (``compiling.GROUPS`` order)
    after each (``warmup``'s progress): a hand dealt in tile order, its first options taken to the end,
    two random hands, a rollout of the dealer's first discard.  Given ``names``, the whole hands and the
    rollouts are called only when named (each compiles on its own)."""
    t = tables_of(rules)
    st = new_state()
    tiles = [x for x in range(20) for _ in range(4)]
    sizes = rules.game.deal
    hands = [tiles[sum(sizes[:i]):sum(sizes[:i + 1])] for i in range(len(sizes))]
    need = deal(st, t, hands, tiles[sum(sizes):], 0)
    yield "deal"
    yield "begin"
    tianhu(st if need == GS.NEED_TIANHU else new_state(), -1)
    yield "tianhu"
    status = advance(st, t)
    yield "advance"
    while status == GS.ASKED:
        status = answer(st, t, 0)
    yield "answer"
    if not names or "play_random" in names:
        play_random(t, [1, 2], b"phz:random:")
    yield "play_random"
    if names and "rollouts" not in names and "deal_unseen" not in names:
        return
    seats, discard = warm_rollout(rules)
    yield "rollouts"
    g = rules.game
    others = [SimpleNamespace(concealed=[0] * 20, melds=(), shown=(), faces=(), chou=(), passed_peng=())] * (
        g.players - 1)
    pool = [4 - c for c in seats[0].concealed]
    held = [len(h) for h in hands] + [0] * (g.players - len(hands))
    if g.players == 4:  # dealt by seat 0: the seat opposite sits out
        held = [held[0], held[1], 0, held[2]]
    stock = sum(pool) - sum(held[1:]) - g.set_aside
    deal_and_roll(t, Unseen(([seats[0], *others], []), pool, held, [], stock), [[3]], 1, me=0,
                  stage="discard", table=None, dealer=0, turn=0, first_discard=True, last_stock=False,
                  scripts=[(discard,)], keys=[[1, 2]], ties=True)
    yield "deal_unseen"


# ---------------------------------------------------------------- rollouts of the advice

#: a position's stage as the kernels number it (``moves.STAGES`` order; anything else: -1)
STAGE_CODES = {"qishou": GS.ST_QISHOU, "first": GS.ST_FIRST, "hu": GS.ST_HU, "take": GS.ST_TAKE,
               "peng": GS.ST_PENG, "chi": GS.ST_CHI, "discard": GS.ST_DISCARD}
KEEP_WIDTH = 21 + 4 * GS.MAXM


def _kind_code(kind: str) -> int:
    return _KIND_CODES[kind]


_KIND_CODES = {name: k for k, name in enumerate(P.KIND_NAMES)}


def seat_rows(samples: Sequence[Sample]) -> tuple[NDArray[np.int64], ...]:
    """The seats of each sample as the kernels' arrays: ``samples`` holds (seats, stock), each seat with
    ``concealed``, ``melds`` (kind, tiles), ``shown``, ``faces``, ``chou`` and ``passed_peng``."""
    n = len(samples)
    conc = np.zeros((n, GS.N, 20), np.int64)
    nm = np.zeros((n, GS.N), np.int64)
    mk = np.zeros((n, GS.N, GS.MAXM), np.int64)
    mt = np.zeros((n, GS.N, 3 * GS.MAXM), np.int64)
    shown = np.zeros((n, GS.N, GS.MAXM), np.int64)
    nf = np.zeros((n, GS.N), np.int64)
    faces = np.zeros((n, GS.N, GS.FMAX), np.int64)
    chou = np.zeros((n, GS.N, 20), np.int64)
    passed = np.zeros((n, GS.N, 20), np.int64)
    stocks = np.zeros((n, 80), np.int64)
    n_stock = np.zeros(n, np.int64)
    for i, (seats, stock) in enumerate(samples):
        for p, s in enumerate(seats):
            conc[i, p] = s.concealed
            nm[i, p] = len(s.melds)
            for j, m in enumerate(s.melds):
                mk[i, p, j] = _kind_code(m.kind)
                mt[i, p, 3 * j:3 * j + 3] = m.tiles[:3]
                shown[i, p, j] = s.shown[j]
            nf[i, p] = len(s.faces)
            faces[i, p, :min(len(s.faces), GS.FMAX)] = s.faces[:GS.FMAX]
            for x in s.chou:
                chou[i, p, x] = 1
            for x in s.passed_peng:
                passed[i, p, x] = 1
        stocks[i, :len(stock)] = stock
        n_stock[i] = len(stock)
    return conc, nm, mk, mt, shown, nf, faces, chou, passed, stocks, n_stock


def move_row(move: MoveLike) -> list[int]:
    """A move (``moves.Move``) as a script row of the kernels: the option's kind, then its tile or 吃 shape
    and 比 shapes (-1 for none)."""
    from ..model.groups import SHAPES
    if move.kind == "discard":
        assert move.tile is not None  # (a discard names its tile, a 吃 its group)
        return [GS.DISCARD, move.tile, -1, -1, -1]
    if move.kind == "chi":
        assert move.chi is not None
        groups = [SHAPES.index(tuple(move.chi))] + [SHAPES.index(tuple(b)) for b in move.bi]
        return [P.AC_CHI] + groups + [-1] * (4 - len(groups))
    return [P.ACTION_NAMES.index(move.kind), -1, -1, -1, -1]


def keep_rows(hands: Sequence[Hand]) -> NDArray[np.int64]:
    """Hands (``model.hand.Hand``) as the rows the rollout policy compares a seat's hand with."""
    rows = np.zeros((max(1, len(hands)), KEEP_WIDTH), np.int64)
    for k, h in enumerate(hands):
        rows[k, :20] = h.concealed
        rows[k, 20] = len(h.melds)
        for j, m in enumerate(h.melds):
            rows[k, 21 + j] = _kind_code(m.kind)
            rows[k, 21 + GS.MAXM + 3 * j:21 + GS.MAXM + 3 * j + 3] = m.tiles[:3]
    return rows


def key_rows(keys: Sequence[Sequence[int]]) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """Keys (lists of 32-bit words, ``rng_keys.str_key``) as the kernels' rows and their lengths."""
    kw = max((len(k) for k in keys), default=1)
    key_arr = np.zeros((len(keys), kw), np.int64)
    key_len = np.zeros(len(keys), np.int64)
    for i, k in enumerate(keys):
        key_arr[i, :len(k)] = k
        key_len[i] = len(k)
    return key_arr, key_len


def script_rows(scripts: Sequence[Sequence[MoveLike]]) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """Scripts (sequences of ``moves.Move``) as the kernels' rows (``move_row``) and their lengths."""
    width = max((len(s) for s in scripts), default=1) or 1
    rows = np.full((len(scripts), width, 5), -1, np.int64)
    n_script = np.zeros(len(scripts), np.int64)
    for j, script in enumerate(scripts):
        for k, move in enumerate(script):
            rows[j, k] = move_row(move)
        n_script[j] = len(script)
    return rows, n_script


class Unseen:
    """What ``deal_and_roll`` deals from, made once per position: the seats as the position knows them
    (``template``: a (seats, stock) sample whose other seats hold no concealed tile and whose face-down
    偎 have placeholder tiles), the unseen counts, each seat's concealed count, the most of each tile each
    seat may hold (``caps``, per seat; none given: three), the face-down 偎 as (seat, meld index) in
    the order they are dealt, and how often each seat's dealt hand is kept (``kept``; none given: never)."""

    def __init__(self, template: Sample, pool: Sequence[int], held: Sequence[int], weis: Sequence[tuple[int, int]],
                 stock: int, last: int | None = None, caps: Sequence[Sequence[int]] | None = None,
                 kept: Sequence[int] | None = None) -> None:
        self.rows = seat_rows([template])
        self.pool = np.array(pool, np.int64)
        self.held = np.array(held, np.int64)
        self.caps = np.array(caps if caps is not None else [[3] * 20] * len(held), np.int64)
        self.kept = np.array(kept if kept is not None else [0] * len(held), np.int64)
        self.stock = stock  # the stock's count, its shown last tile (-1 none) at its end
        self.last = -1 if last is None else last
        self.wei_p = np.array([p for p, _ in weis], np.int64)
        self.wei_j = np.array([j for _, j in weis], np.int64)


def deal_and_roll(t: Tables, unseen: Unseen, deal_keys: Sequence[Sequence[int]], tries: int, *, me: int, stage: str,
                  table: tuple[int, int, str] | None, dealer: int, turn: int, first_discard: bool, last_stock: bool,
                  scripts: Sequence[Sequence[MoveLike]], keys: Sequence[Sequence[int]], ties: bool,
                  keep: Collection[Hand] = (), roll: Roll | None = None) -> NDArray[np.int64]:
    """Sample i dealt by random.Random of ``deal_keys[i]`` (``_game_dealing.deal_unseen``: up to
    ``tries`` tries), then every script played out on it as ``rollouts`` does; a sample no try could
    deal has R_OK 0 on every script."""
    n = len(deal_keys)
    arrays_ = [np.repeat(a, n, axis=0) for a in unseen.rows]
    conc, mt, stocks, n_stock = arrays_[0], arrays_[3], arrays_[9], arrays_[10]
    ok = np.zeros(n, np.int64)
    dk, dl = key_rows(deal_keys)
    announce_compile(GD.deal_unseen)
    x = -1 if table is None else table[0]
    GD.deal_unseen(dk, dl, unseen.pool, np.int64(me), unseen.held, unseen.caps, unseen.wei_p, unseen.wei_j,
                   np.int64(tries), np.int64(unseen.stock), np.int64(unseen.last), unseen.kept, np.int64(x), conc, mt,
                   stocks, n_stock, ok)
    res = np.zeros((n, len(scripts), GP.R_SIZE), np.int64)
    good = ok.astype(bool)
    if good.any():
        res[good] = _roll(t, [a[good] for a in arrays_], me=me, stage=stage, table=table, dealer=dealer,
                          turn=turn, first_discard=first_discard, last_stock=last_stock, scripts=scripts,
                          keys=[k for k, g in zip(keys, good) if g], ties=ties, keep=keep, roll=roll)
    return res


def rollouts(t: Tables, *, me: int, stage: str, table: tuple[int, int, str] | None, dealer: int, turn: int,
             first_discard: bool, last_stock: bool, samples: Sequence[Sample], scripts: Sequence[Sequence[MoveLike]],
             keys: Sequence[Sequence[int]], ties: bool, keep: Collection[Hand] = (),
             roll: Roll | None = None) -> NDArray[np.int64]:
    """Every script played out on every sample by the rollout policy (``_game_policies.rollouts``), or by
    ``roll`` (another policy's kernel call, ``keen_steps.roller``): ``res[i, j]`` (R_NET, R_WON, R_DEAL_IN,
    R_OK, R_HANDED) of sample i and script j (``winrate.rollout``)."""
    return _roll(t, seat_rows(samples), me=me, stage=stage, table=table, dealer=dealer, turn=turn,
                 first_discard=first_discard, last_stock=last_stock, scripts=scripts, keys=keys, ties=ties, keep=keep,
                 roll=roll)


def _roll(t: Tables, arrays_: Sequence[np.ndarray], *, me: int, stage: str, table: tuple[int, int, str] | None,
          dealer: int, turn: int, first_discard: bool, last_stock: bool, scripts: Sequence[Sequence[MoveLike]],
          keys: Sequence[Sequence[int]], ties: bool, keep: Collection[Hand] = (),
          roll: Roll | None = None) -> NDArray[np.int64]:
    """The rollouts' kernel: the rollout policy's (``bot_fast``), or ``roll(where, res)`` (another policy's,
    which takes the same position, samples, scripts and keys ``where`` and keeps no ``keep``)."""
    rows, n_script = script_rows(scripts)
    key_arr, key_len = key_rows(keys)
    tx, tby, tkind = (-1, -1, 0) if table is None else (table[0], table[1], 1 if table[2] == "discard" else 0)
    res = np.zeros((len(arrays_[0]), len(scripts), GP.R_SIZE), np.int64)
    where: Where = (np.int64(me), np.int64(STAGE_CODES.get(stage, -1)), np.int64(stage == "claim"), np.int64(tx),
             np.int64(tby), np.int64(tkind), np.int64(dealer), np.int64(turn), np.int64(first_discard),
             np.int64(last_stock), *arrays_, rows, n_script, key_arr, key_len, np.int64(ties))
    if roll is not None:
        roll(where, res)
        return res
    announce_compile(GP.rollouts)
    GP.rollouts(t.ws, new_state(), t.rv, t.cond_fans, t.wbuf, t.out, *where, keep_rows(list(keep)),
                np.int64(len(keep)), res)
    return res
